"""The content-format reference, generated from the schema's own field descriptions.

``cardgen validate --schema`` prints it and ``docs/content-format.md`` holds
the same text, so the documentation cannot drift from the models (a test
compares them). Regenerate the doc with::

    cardgen validate --schema > docs/content-format.md
"""

from __future__ import annotations

import types
from typing import Annotated, Any, Iterator, Literal, Union, get_args, get_origin

import annotated_types as at
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from cardgen.model import schema as s
from cardgen.model.checks import CHECKS, VARIANTS_CHECK
from cardgen.model.source import MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES, parse_text
from cardgen.model.text import STRING_VALUES, VARIANT_VALUES
from cardgen.model.effects import primitives

_SCALARS = {int: "whole number", float: "number", str: "text", bool: "true/false", dict: "mapping"}
_ID_PATTERN = next(m.pattern for m in get_args(s.Id)[1].metadata if getattr(m, "pattern", None))


def _constraints(meta: list[Any]) -> list[str]:
    out: list[str] = []
    if _is_id(meta):
        return out  # the id format is described once, in the header
    for m in _flat(meta):
        if isinstance(m, at.Ge):
            out.append(f"≥ {m.ge}")
        elif isinstance(m, at.Gt):
            out.append(f"> {m.gt}")
        elif isinstance(m, at.Le):
            out.append(f"≤ {m.le}")
        elif isinstance(m, at.MinLen) and m.min_length > 0:
            out.append(f"at least {m.min_length}")
        elif isinstance(m, at.MaxLen):
            out.append(f"at most {m.max_length}")
        elif getattr(m, "pattern", None):
            out.append(f"matches `{m.pattern}`")
    return out


def _flat(meta: list[Any]) -> list[Any]:
    return [x for m in meta for x in ([m, *_flat(m.metadata)] if isinstance(m, FieldInfo) else [m])]


def _is_id(meta: list[Any]) -> bool:
    return any(getattr(m, "pattern", None) == _ID_PATTERN for m in _flat(meta))


def type_name(tp: Any, meta: list[Any] | None = None) -> str:
    """A readable name for an annotation, with its constraints.

    >>> type_name(Annotated[int, s.Bounds(1, 20)])
    'whole number (≥ 1, ≤ 20)'
    >>> type_name(list[s.Id])
    'list of id'
    """
    meta = list(meta or [])
    origin = get_origin(tp)
    if origin is Annotated:
        inner, *extra = get_args(tp)
        if any(isinstance(m, FieldInfo) and m.discriminator for m in extra):
            return "[effect](#effects)"
        return type_name(inner, meta + extra)
    if origin in (Union, types.UnionType):
        arms = [a for a in get_args(tp) if a is not type(None)]
        name = " or ".join(type_name(a) for a in arms)
        return f"{name} or null" if len(arms) < len(get_args(tp)) else name
    if origin is Literal:
        values = [f"`{v}`" for v in get_args(tp)]
        return values[0] if len(values) == 1 else "one of " + ", ".join(values)
    if origin is list:
        base = f"list of {type_name(get_args(tp)[0])}"
    elif origin is dict:
        key, value = get_args(tp)
        base = f"mapping {type_name(key)} → {type_name(value)}"
    elif isinstance(tp, type) and issubclass(tp, BaseModel):
        base = f"[{tp.__name__}](#{tp.__name__.lower()})"
    else:
        base = "id" if _is_id(meta) else _SCALARS.get(tp, getattr(tp, "__name__", str(tp)))
    limits = _constraints(meta)
    return f"{base} ({', '.join(limits)})" if limits else base


def _nested(tp: Any) -> Iterator[type[BaseModel]]:
    """Models mentioned inside an annotation."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        yield tp
    for arg in get_args(tp):
        if not isinstance(arg, (FieldInfo, str, int)):
            yield from _nested(arg)


def _models(roots: list[type[BaseModel]]) -> list[type[BaseModel]]:
    """Every model reachable from ``roots``, each once, in reading order."""
    seen: list[type[BaseModel]] = []
    queue = list(roots)
    while queue:
        model = queue.pop(0)
        if model in seen:
            continue
        seen.append(model)
        for info in model.model_fields.values():
            queue.extend(m for m in _nested(info.annotation) if m not in seen)
    return seen


def _table(model: type[BaseModel]) -> list[str]:
    rows = ["| key | type | required | description |", "| --- | --- | --- | --- |"]
    for name, info in model.model_fields.items():
        required = "yes" if info.is_required() else f"no (default `{_default(info)}`)"
        kind = "[effect](#effects)" if info.discriminator else type_name(info.annotation, info.metadata)
        rows.append(f"| `{name}` | {kind} | {required} | {info.description} |")
    return rows


def _default(info: FieldInfo) -> str:
    value = info.default
    if value is PydanticUndefined or value is None:
        return "null"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _doc(model: type[BaseModel]) -> str:
    return " ".join((model.__doc__ or "").split())


def _placeholders() -> list[str]:
    """Which ``{name}`` each player-visible text may use (from :mod:`cardgen.model.text`)."""
    out = [
        "## Placeholders in texts", "",
        "A text never types a number the content holds: it writes `{name}` and the build fills it in.",
        "`{name}` prints the value (negative numbers with a typographic minus); `{name:+}` also",
        "prints a plus sign on positive numbers. zh and en must use the same names, and",
        "`cardgen validate` rejects any name the text's object does not provide. Only these",
        "texts may hold placeholders:", "",
        "- `text` of an operation kind: `{value}`, plus its effects' numbers, plus each `value_when` case's",
        "  written fields numbered from 1 (`{value_1}`, `{min_load_1}`);",
        "- `text` of a dispatch or event kind: its effects' numbers;",
        "- effect numbers are the effect's own fields (`{amount}`, `{draw}`, `{keep}`), plus",
        "  `{discard}` (group booking: draw − keep) and `{floor}` (a propulsion change never",
        "  takes R below it); an event kind with a `target` must name it (`{station}` or `{section}`),",
        "  filled from the card on the track; a card with its own `values` prints its own numbers;",
        "- `summary` of a variant, from the content with that variant applied: "
        + ", ".join(f"`{{{name}}}`" for name in VARIANT_VALUES) + " (only those that content has);",
        "- strings.yaml entries:", "",
        "| entry | placeholders |", "| --- | --- |",
    ]
    for group, entries in STRING_VALUES.items():
        for key, names in entries.items():
            out.append(f"| `{group}.{key}` | {', '.join(f'`{{{n}}}`' for n in names)} |")
    return out + ["", "Every other strings.yaml entry, and every name, label and other text, takes none.", ""]


def _card_values() -> list[str]:
    """The grammar of a card's own numbers (cardgen/model/values.py)."""
    return [
        "## A card's own values", "",
        "A number on a card need not be its kind's. Three constructs, each checked where it is written:", "",
        "```",
        "track card   ::= {kind: ID [, station: ID] [, section: ID] [, values: {KEY: NUMBER, ...}]}",
        "deck kind    ::= {..., copies: N, [cards: [{copies: N, values: {KEY | value: NUMBER, ...}}, ...]]}",
        "KEY          ::= FIELD | TYPE.FIELD          # TYPE.FIELD when several effects of the kind have FIELD",
        "operation    ::= {..., value: NUMBER [, value_when: [CASE, ...]], ...}",
        "CASE         ::= {CONDITION..., value: NUMBER}",
        "CONDITION    ::= min_load: N | max_load: N | min_clock: N | max_clock: N   # bounds included",
        "```", "",
        "- `values` on a card of the event track replaces its kind's parameters for that card only (the",
        "  round-12 card changes, rounds 4 and 20 of the same kind do not); each value is checked against",
        "  its field's bounds, and the card's text and formula print the card's own numbers:", "",
        "  ```yaml",
        "  track:",
        "    12: {kind: heavy_snow}                                  # the kind's R −2 from 5 places",
        "    20: {kind: heavy_snow, values: {amount: -3, min_load: 4}}   # this card: R −3 from 4 places",
        "  ```", "",
        "- `value_when` on an operation kind makes its propulsion C depend on the train at the reveal: the",
        "  first case whose condition the train meets (places aboard N, the clock) gives C, else `value`.",
        "  `set_totals.propulsion` counts `value`; the card prints each case after its formula (`N ≤ 2: C 2`)",
        "  and its text may quote a case's fields (`{value_1}`, `{max_load_1}`):", "",
        "  ```yaml",
        "  - id: switchback",
        "    value: 1",
        "    value_when:",
        "      - {max_load: 2, value: 2}     # C is 2 for a train carrying 2 places or fewer",
        "    text: {en: \"Advance {value} ({value_1} carrying {max_load_1} places or fewer).\", zh: ...}",
        "  ```", "",
        "- `cards` on an operation or dispatch kind gives some of its copies their own numbers: an effect's",
        "  field, or an operation card's `value`. Each entry is a card of its own, `KIND.2`, `KIND.3`... in",
        "  order, with the kind's name, icon, timing and text; it prints its own face with its own numbers,",
        "  the engine deals and plays it, `simulate` counts it apart, and a condition naming the kind",
        "  (`played: [rapid]`) names its cards too. The kind keeps the copies the entries leave, and",
        "  `set_totals.propulsion` counts each card's own value:", "",
        "  ```yaml",
        "  - id: signal_priority",
        "    copies: 5                          # 4 print R +2 ...",
        "    effects: [{type: propulsion, amount: 2}]",
        "    cards:",
        "      - {copies: 1, values: {amount: 3}}   # ... and signal_priority.2 prints and plays R +3",
        "  ```", "",
        "## Conditions", "",
        "`propulsion` and `wait_gain` on an event or a dispatch card apply only to a train that meets their",
        "conditions, all of them; a condition not written holds for every train:", "",
        "```",
        "condition ::= min_load: N | max_load: N              # places aboard, bounds included",
        "            | at: anywhere | station | section | terminal   # where the train stands",
        "            | heading: any | left | right                  # the way it runs (the lines' directions)",
        "            | played: [ID, ...]                     # the operation card it revealed is of one of these kinds",
        "            | min_score: N | max_score: N            # its owner's score so far, bounds included",
        "            | min_deliveries: N | max_deliveries: N  # the tickets its owner has delivered so far",
        "```", "",
        "Conditions are read where the effect applies: at the reveal for R, as the round begins for an event's W,",
        "when the card is played for a dispatch card's W (an effect a train carries, `lasts`, each time it counts).",
        "`played` is the card revealed this round; as a round begins, the one revealed the round before (none in",
        "the first round: no train qualifies). The formula prints them",
        "(`R −1 (📍🛤, →, 🃏 local / rapid, Σ ≥ 20, 🎫✓ ≤ 6)`):", "",
        "```yaml",
        "- id: mountain_wind",
        "  effects: [{type: propulsion, amount: -1, at: section}]   # trains in a section at the reveal",
        "- id: banking_engine",
        "  effects: [{type: propulsion, amount: 3, min_load: 6, played: [local, rapid]}]   # heavy and slow",
        "```", "",
        "Effects of one primitive in force in one round (a lasting one and the round's own) must have the same",
        "conditions, so that their amounts add up.", "",
        "## Targets", "",
        "An effect applies to the train a card is played for (operation and dispatch cards) or to every train",
        "(event cards) unless it names a target:", "",
        "```",
        "event kind    ::= {..., target: station | section, ...}   # the card on the track names one",
        "dispatch      ::= {type: wait_gain, amount: N, train: chosen, range: N}   # after_movement: a train the",
        "                                                                         # player picks within N cells",
        "                | {type: section_closed, section: chosen, range: N}       # after_movement: a section the",
        "                | {type: wait_gain, amount: N, section: chosen, range: N} # player picks within N cells",
        "                | {type: platform_extra, amount: N}                      # any_time: a pile the player picks",
        "```", "",
        "- an event kind's `target: station` or `section` places its effect: `platform_extra` and",
        "  `section_closed` need one; `boarding_limit` may name a station (stops there only), `propulsion` and",
        "  `wait_gain` a section (trains standing in it: at the reveal for R, as the round begins for W); such an",
        "  effect lasts its round only, and the formula prints the place first (`T2 R −2`);",
        "- `train: chosen` on a dispatch card's `wait_gain` played after the move gives the gain to another train",
        "  (anyone's) within `range` cells of the card's train, which the player names (a replay script's",
        "  `with:`); its conditions are read on that train. A bot follows the primitive's hint: a gain goes to its",
        "  own other train, or, in the last round, the nearest one;",
        "- `section: chosen` on a dispatch card's `section_closed` or `wait_gain` played after the move aims it at a",
        "  section within `range` cells of the card's train (either way), which the player names (a replay script's",
        "  `section:`): the section is closed on both lines for the trains still to move this round (ruling R26),",
        "  or every train standing in it gains the W. Only a dispatch card picks a section, after the move, for its",
        "  round; R is fixed at the reveal, so no R change is aimed so. A bot follows the hint: a closure goes on",
        "  the first section a rival's train still to move would run into, a gain to a section its own train",
        "  stands in; in the last round, the nearest section. A formula (`effects_formula`; a dispatch face prints",
        "  its text only) writes the place as `🛤±N`: `🛤±2 🚫`;",
        "- `platform_extra` on a dispatch card played as a stop begins deals `amount` tickets from the pile of the",
        "  station the player names (`pile:`) onto its platform (a bot: where its train stops):", "",
        "```yaml",
        "- id: gale                               # events.yaml",
        "  target: section",
        "  effects: [{type: propulsion, amount: -2}]",
        "- id: points_failure                     # dispatch.yaml",
        "  timing: after_movement",
        "  effects: [{type: section_closed, section: chosen, range: 2}]",
        "- id: tour_bus                           # dispatch.yaml",
        "  timing: any_time",
        "  effects: [{type: platform_extra, amount: 2}]",
        "```", "",
        "## Stops and moves", "",
        "Whether a train stops, and where its tickets are, are effects too:", "",
        "```",
        "effect ::= {type: force_stop}               # operation, event, with_operation_reveal: the move ends at",
        "                                            # the first station reached, and the train stops there",
        "         | {type: no_stop}                  # operation, event, with_operation_reveal: no stop this round",
        "         | {type: move_tickets, count: N}   # any_time, as its stop begins: tickets aboard to the platform",
        "```", "",
        "- a forced stop wins over a no-stop card of the same round (a Limited Express stops at an inspection);",
        "  cutting the move short this way gains no W;",
        "- `move_tickets` moves up to `count` tickets aboard, those going farthest, onto the platform where the",
        "  train stops; each keeps its boarding time, so a train that boards it later is judged on time from it:", "",
        "```yaml",
        "- id: inspection                         # events.yaml",
        "  effects: [{type: force_stop}]",
        "- id: transfer                           # dispatch.yaml, timing: any_time",
        "  effects: [{type: move_tickets, count: 2}]",
        "```", "",
        "## Open scoring", "",
        "Beyond the fare of each delivery (a kind's own `fare` and `slack` override the span table:",
        "\"New ticket kinds\" under Packs), three constructs score:", "",
        "```",
        "ticket kind  ::= {..., fare_when: [{[min_clock: N,] [max_clock: N,] fare: N}, ...]}   # by delivery time",
        "event effect ::= {type: delivery_bonus, amount: N [, lasts: ...]}   # each delivery this round: +N",
        "award        ::= {most: deliveries | on_time, points: N, text: TEXT}   # game.yaml scoring.awards",
        "```", "",
        "- `fare_when` on a ticket kind: the first case whose clock window holds the delivery's clock gives",
        "  F (a late delivery scores floor(F / `late_fare_divisor`) of it); the ticket prints its cases",
        "  (`🕐 ≤ 12: F 22`) and no two kinds of a pair may print the same card;",
        "- `delivery_bonus` on an event card adds `amount` to every ticket delivered in its round (on time",
        "  or late), for as long as it lasts;",
        "- each of `scoring.awards` is scored at the end of the game, with the no-delay bonus and the",
        "  worst-delay penalty: the players with the most deliveries (`deliveries`) or on-time deliveries",
        "  (`on_time`), all tied, at least one, score `points`; the quick reference prints its `text` under",
        "  scoring, `{points}` filled in:", "",
        "```yaml",
        "# game.yaml (or a pack's)",
        "scoring:",
        "  awards:",
        "    - {most: deliveries, points: 4, text: {en: \"Most deliveries (all tied): {points:+}\", zh: ...}}",
        "```", "",
        "## Durations", "",
        "An event or dispatch card's effect lasts its round unless it says otherwise (`lasts`, on `propulsion`,",
        "`wait_gain`, `capacity`, `platform_size`, `boarding_limit` and `delivery_bonus`):", "",
        "```",
        "lasts ::= round        # this round (the default)",
        "        | N            # N rounds, this one included (1-100)",
        "        | game         # every later round of the track, to the clock's last round",
        "        | until_stop   # each train it applies to carries it until its next stop, this round's included",
        "```", "",
        "In each round the effects in force are its own card's plus those lasting from earlier cards:",
        "amounts of one primitive add up (R −1 and a lasting R −2 make R −3; they must apply to the same",
        "loads), a boarding limit keeps the strictest. A lasting effect fills rounds without a card of",
        "their own too; rounds that only clock holds add past the clock's length follow ruling R4. The",
        "text may quote `{lasts}` (a number of rounds) and the formula prints `⏳3`, `⏳∞` or `⏳🚉` (until a",
        "stop). A track card's `values` may set `lasts` too:", "",
        "```yaml",
        "- id: snow_chains",
        "  effects: [{type: capacity, amount: -3, lasts: 2}]   # this round and the next",
        "  text: {en: \"For {lasts} rounds the composition cap is {amount:+} for boarding.\", zh: ...}",
        "```", "",
        "A dispatch card's lasting effect (`propulsion`, `wait_gain`, `capacity`) stays with the train it was",
        "played for; so does an event card's `until_stop` effect, with every train that has not stopped by the",
        "end of its round. A train carries such an effect into the later rounds: its R change counts with the",
        "event's at the reveal (inside max(floor, ...)), its W gain again as each round begins, its cap change",
        "at each boarding, each under its own conditions read then. `until_stop` ends when the train's stop",
        "ends (its boarding done; a no-stop card makes no stop), so it lasts only on effects a train carries",
        "(`propulsion`, `wait_gain`, `capacity`); an operation card's effects last their round:", "",
        "```yaml",
        "- id: extra_carriage          # dispatch.yaml",
        "  timing: with_operation_reveal",
        "  effects: [{type: capacity, amount: 2, lasts: until_stop}]   # until the train's next stop",
        "```", "",
    ]


#: the kind the reference generates a text for, as a designer would write it without `text:`
TEXT_EXAMPLE = "{id: heavy_snow, icon: ❄️, name: {zh: 大雪, en: Heavy Snow}, effects: [{type: propulsion, amount: -2, min_load: 5}]}"


def _card_text() -> list[str]:
    """How a kind's printed text is made (cardgen/model/phrases.py), with a text generated for one kind."""
    from cardgen.model import load
    from cardgen.model.phrases import generated

    content = load()
    kind = s.EventKind.model_validate(parse_text("example", TEXT_EXAMPLE)[0])
    return [
        "## Card text", "",
        "A kind's `text` is optional. Without it, the card prints a text generated from its effects, in zh and",
        "en: each primitive's phrase (below, under Effects), the train it applies to (your train on an",
        "operation or dispatch card, every train on an event, a train picked within `range` cells with",
        "`train: chosen`), its conditions (`min_load`, `at`, `heading`, `played`, `min_score`,",
        "`min_deliveries`...), the card's target (`station`, `section`; a dispatch card's pile picked), and how",
        "long it lasts (`lasts`: said first, and once for a card whose effects all last as long, except \"until",
        "its next stop\", said after the train it refers to); phrases join with \"；\" / \"; \" and end with",
        "\"。\" / \".\". An operation card",
        "starts with its propulsion (\"Advance 2.\", and each `value_when` case). With `text`, the card prints",
        "the designer's own words instead, their placeholders checked as below. `cardgen show [PACK] KIND --text`",
        "prints both for each kind. For example, the event kind", "",
        "```yaml", f"- {TEXT_EXAMPLE}", "```", "",
        "prints, with the bundled game's propulsion floor:", "",
        f"- zh: {generated(content, kind, 'zh')}", f"- en: {generated(content, kind, 'en')}", "",
    ]


def _phrase(model: Any) -> str:
    """`` Text: zh `...`, en `...`.`` for a primitive that declares its phrase."""
    text = getattr(model, "TEXT", {})
    return f" Text: zh `{text['zh']}`, en `{text['en']}`." if text else ""


def schema_reference() -> str:
    """The whole reference as Markdown."""
    effects = list(primitives())
    files: list[type[BaseModel]] = list(s.FILES.values())
    out = [
        "# Content format",
        "",
        "<!-- Generated by `cardgen validate --schema` from the field descriptions in",
        "     cardgen/model/schema.py; do not edit by hand. -->",
        "",
        "A content folder holds one YAML file per section below. Every key is required",
        "unless a default is given; unknown keys are errors. Values are strict: `3` is a",
        "number, `\"3\"` is text, and a whole number is written in plain decimal (`0x10`, `010`, `1_0`",
        "and `1:30` are refused). Anchors, aliases, merge keys and duplicate keys are refused.",
        f"An *id* is 1-40 characters matching `{_ID_PATTERN}`. A [Text](#text) holds `zh` and `en`.",
        f"Limits per file: at most {MAX_FILE_BYTES:,} bytes of UTF-8 (a leading BOM is skipped),",
        f"{MAX_NODES:,} values and {MAX_DEPTH} levels of nesting.",
        "Every number, list and text has an upper bound (the ≤ and *at most* in the tables below),",
        "chosen so that any content that validates builds in minutes and simulates one game in well",
        "under a second within 1 GB; a value out of bounds is reported where it is written. Text may",
        "not hold control characters (tabs and newlines excepted).",
        "Cross-file rules (a ticket's origin is a station, totals add up...) are the named",
        "checks listed by `cardgen validate`; variants (variants.yaml) are JSON merge patches",
        "whose result must pass the same checks.",
        "",
        "`cardgen validate [FOLDER]` reports every problem at once, sorted by file and line, as",
        "`file:line:col: dotted.path: message` followed by the source line and a caret, and exits 1;",
        "`--json` prints `{\"ok\", \"errors\": [{\"file\", \"line\", \"col\", \"path\", \"message\"}], \"counts\", \"checks\"}`.",
        "The variants are checked once the content without them is valid; until then the report ends",
        "`variants not checked: ...` (and `checks.skipped` names them).",
        "",
    ]
    out += ["## Named checks", "", "Run on the base content, then on each variant's result:", ""]
    out += [f"- {name}" for name, _ in CHECKS] + [f"- {VARIANTS_CHECK}", ""]
    for stem, file_model in s.FILES.items():
        out += [f"## {stem}.yaml", "", _doc(file_model), "", *_table(file_model), ""]
    out += ["## Nested values", ""]
    for model in _models(files):
        if model in files or model in effects:
            continue
        out += [f"### {model.__name__}", ""]
        if model.__doc__ and model.__doc__ != s.Model.__doc__:
            out += [_doc(model), ""]
        out += [*_table(model), ""]
    out += _card_text()
    out += _placeholders()
    out += ["## Effects", "",
            "An effect is a primitive: a mapping whose `type` picks one of those below, with its parameters.",
            "A kind composes them in its `effects:` list (operation, dispatch and event kinds alike).",
            "Each primitive can happen only at the timings it lists: `operation` (on an operation card, for",
            "the train that plays it), `event` (on an event card, for every train or the card's target), or a",
            "dispatch kind's `timing`. A kind lists each primitive at most once; its text may quote every",
            "parameter by name (`{amount}`, `{min_load}`...). Defining a new kind is writing a new entry: the",
            "validator checks the primitives, the engine plays them, the card prints its text.", "",
            "A dispatch kind's `timing` is the window it is played in, for the player's own train; a player may",
            "play one card for each train at each window of a round, any kind it holds (the bots, a replay",
            "script's `dispatch:` and the checked path name the card):", "",
            "- `with_operation_reveal`: declared with the operation card, for this round: R and W changes",
            "  (a `min_load`/`max_load` condition is on the train's load then), `ignore_blocking`, `ignore_closure`,",
            "  `capacity` (the train's own cap for boarding this round);",
            "- `after_movement`: after the train's own move (ruling R6): a swap, a W gain for the next round;",
            "- `any_time`: at the start of the train's stop, before alighting (rulings R7, R20): a Group",
            "  Booking, a W gain for the next round.", ""]
    for model in effects:
        tag = get_args(model.model_fields["type"].annotation)[0]
        target = f" The event card names a `{model.TARGET}` (the kind says `target: {model.TARGET}`)." \
            if model.TARGET else ""
        out += [f"### `{tag}`", "", _doc(model), "",
                f"Timings: {', '.join(f'`{t}`' for t in model.TIMINGS)}.{target} Example: `{model.EXAMPLE}`"
                f"{_phrase(model)}", "",
                *_table(model), ""]
    out += _card_values()
    out += ["## Spare cards and modules", "",
            "A box may hold cards that are not expected to take effect every game (ruling R23):", "",
            "- `spare: true` (operation, dispatch and event kinds, track cards): the card is in play but not",
            "  expected to take effect; `cardgen simulate`'s check that every kind was played or took effect",
            "  skips it (a kind on the track is skipped when the kind, or every card of it on the track, is spare);",
            "- `module: ID` (dispatch and event kinds, track cards) puts the card in an optional module that",
            "  `game.yaml` defines (`modules: {ID: {name: {zh: ..., en: ...}, enabled: false}}`). While the module",
            "  is not enabled its cards are out of play: the dispatch deck is dealt without them, and a round whose",
            "  track card (or the card's kind) is out of play has no event. A variant enables a module with",
            "  `patch: {game: {modules: {ID: {enabled: true}}}}` (an ID `game.yaml` does not define is an error at",
            "  the variant's line naming the modules it defines, unless the patch gives the new module its `name`).",
            "  Out-of-play cards are still validated and",
            "  printed (they are in the box); `cardgen show` marks them.", "",
            "```yaml",
            "# game.yaml",
            "modules:",
            "  promo: {name: {zh: 促销卡, en: Promo Cards}}",
            "# dispatch.yaml, a kind of the module",
            "  - {id: express_pass, module: promo, ...}",
            "# events.yaml, a card for a round that only clock holds bring",
            "beyond_clock: true",
            "track:",
            "  21: {kind: fine_weather, spare: true}",
            "```", ""]
    out += ["## Sidings", "",
            "A map may draw sidings (`map.yaml` `sidings:`, ruling R25): a cell off the line beside a section.",
            "A train whose move ends in that section may pull into its siding, if the siding has room",
            "(`capacity` trains at once, whichever way they head): the train leaves the section's line, so",
            "trains behind it run through the section, and gains the siding's `wait_gain` W (it gives way, as",
            "the wait card does). A siding has no platform: no one alights or boards there. With its next move",
            "the train leaves the siding onto the cell ahead in its direction (a closure of the section does not",
            "hold it, as ruling R19 lets a train leave a closed section); a move of 0 cells leaves it there. A",
            "train in a siding cannot make or take a Passing Swap. A siding branches from a section, one per",
            "section, and its id is not a station's or a section's. A pack adds one with `sidings: {add: [...]}`.",
            "", "```yaml",
            "# map.yaml",
            "sidings:",
            "  - {id: P1, cell: 5, name: {zh: 市场待避线, en: Market Loop}, capacity: 1, wait_gain: 1}",
            "```", ""]
    out += ["## Limits that are rules", "",
            "These limits stay because the rules set them (sections of the rules document):", "",
            "- one event card per round on the track, every round of the clock covered unless a variant",
            "  drops rounds (5.4, 6.2 phase 1); cards after the clock's length only with `beyond_clock: true`",
            "  (they play only in the rounds clock holds add; ruling R4);",
            "- each primitive only at its timings (5.3's \"when it may be used\", 6.2's phases);",
            "- the operation set's card count and propulsion total as `set_totals` states them (5.1);",
            "- stations and sections alternate, terminals at both ends (4.1-4.4);",
            "- a ticket kind for every ordered station pair, fares and slack by span unless a kind states its",
            "  own (5.2);",
            "- a festival cannot deal more tickets than its pile holds (5.5).", ""]
    from cardgen.model.pack_reference import pack_reference
    out += pack_reference(_table, _doc)
    return "\n".join(out).rstrip() + "\n"
