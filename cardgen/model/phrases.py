"""A card's rule text generated from its effects, in every language (issue 23).

A kind that writes no ``text:`` prints the text generated here: each effect's phrase (``TEXT`` on its primitive,
cardgen/model/effects.py) with the train it applies to, its conditions, the card's target and how long it lasts,
joined into sentences. A kind that writes ``text:`` prints that instead: the designer's own wording, its
placeholders checked as before (cardgen/model/text.py).

Why the words below live here and the effect phrases on the primitives: a primitive is the unit a game or a
plug-in registers, so it brings its own phrase; conditions, targets, durations and joins are shared by every
primitive and written once, in this module. None of them is an edition's word (strings.yaml holds the labels a
template prints and a designer may reword per edition); they are the grammar of a generated text, and a designer
who wants other words writes the kind's ``text:``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from cardgen.model import schema as s
from cardgen.model.effects import AFTER_MOVEMENT, MAX_LOAD, MAX_ROUND, MAX_SCORE, Primitive
from cardgen.model.text import Value, fill, render

if TYPE_CHECKING:
    from cardgen.model.content import Content

Phrase = Mapping[str, str]

#: how phrases join: effects of one card, conditions on one train, kinds a train played, the end of a sentence,
#: and sentences of one card
JOIN: dict[str, Phrase] = {
    "effects": {"zh": "；", "en": "; "},
    "conditions": {"zh": "、", "en": ", "},
    "last_condition": {"zh": "、", "en": " and "},
    "either": {"zh": "或", "en": " or "},
    "end": {"zh": "。", "en": "."},
    "sentences": {"zh": "", "en": " "},
}

#: the train an effect applies to (``{train}`` in a primitive's phrase): the card's own (an operation or
#: dispatch card), every train (an event), a train the player picks (``train: chosen``); ``_if`` with conditions
TRAINS: dict[str, Phrase] = {
    "own": {"zh": "你的列车", "en": "your train"},
    "own_if": {"zh": "你的列车（须{conditions}）", "en": "your train (if {conditions})"},
    "every": {"zh": "每列车", "en": "every train"},
    "every_if": {"zh": "{conditions}的列车", "en": "trains {conditions}"},
    "chosen": {"zh": "你的列车 {range} 格内你选的一列车", "en": "a train you pick within {range} cells of yours"},
    "in_section": {"zh": "{section}里的每列车", "en": "every train in {section}"},
    "in_section_if": {"zh": "{section}里{conditions}的列车", "en": "trains in {section} {conditions}"},
}

#: a condition on the train, by bound: (name, low field, high field, lowest, highest); each name has an
#: ``_at_least``, ``_at_most`` and ``_between`` phrase in :data:`CONDITIONS`
BOUNDS = (("load", "min_load", "max_load", 0, MAX_LOAD), ("clock", "min_clock", "max_clock", 0, MAX_ROUND),
          ("score", "min_score", "max_score", -MAX_SCORE, MAX_SCORE),
          ("deliveries", "min_deliveries", "max_deliveries", 0, MAX_SCORE))

#: each condition on a train (effects.LoadCondition, a value_when case): a zh predicate, an en participle
CONDITIONS: dict[str, Phrase] = {
    "load_at_least": {"zh": "编成至少 {min_load}", "en": "carrying {min_load} or more places"},
    "load_at_most": {"zh": "编成不超过 {max_load}", "en": "carrying {max_load} or fewer places"},
    "load_between": {"zh": "编成 {min_load} 至 {max_load}", "en": "carrying {min_load} to {max_load} places"},
    "clock_at_least": {"zh": "时刻不早于 {min_clock}", "en": "from clock {min_clock} on"},
    "clock_at_most": {"zh": "时刻不晚于 {max_clock}", "en": "up to clock {max_clock}"},
    "clock_between": {"zh": "时刻在 {min_clock} 至 {max_clock}", "en": "from clock {min_clock} to {max_clock}"},
    "at_station": {"zh": "位于车站", "en": "on a station"},
    "at_section": {"zh": "位于区间内", "en": "in a section"},
    "at_terminal": {"zh": "位于端点站", "en": "on a terminal"},
    "heading_left": {"zh": "向左行驶", "en": "heading left"},
    "heading_right": {"zh": "向右行驶", "en": "heading right"},
    "played": {"zh": "打出{played}", "en": "revealing {played}"},
    "score_at_least": {"zh": "其玩家得分至少 {min_score}", "en": "of players on {min_score}+ points"},
    "score_at_most": {"zh": "其玩家得分不超过 {max_score}", "en": "of players on at most {max_score} points"},
    "score_between": {"zh": "其玩家得分 {min_score} 至 {max_score}",
                      "en": "of players on {min_score} to {max_score} points"},
    "deliveries_at_least": {"zh": "其玩家已送达至少 {min_deliveries} 人",
                            "en": "whose player delivered {min_deliveries}+ tickets"},
    "deliveries_at_most": {"zh": "其玩家已送达不超过 {max_deliveries} 人",
                           "en": "whose player delivered at most {max_deliveries} tickets"},
    "deliveries_between": {"zh": "其玩家已送达 {min_deliveries} 至 {max_deliveries} 人",
                           "en": "whose player delivered {min_deliveries} to {max_deliveries} tickets"},
}

#: the card's target as a primitive's phrase names it (``{station}``, ``{section}``): the one a card on the track
#: names, the card's own when no card is given (the kind), and the pile a dispatch card's player picks
TARGETS: dict[str, Phrase] = {
    "station": {"zh": "{name}", "en": "{name}"},
    "section": {"zh": "{name} 区间", "en": "section {name}"},
    "station_unnamed": {"zh": "卡上车站", "en": "the card's station"},
    "section_unnamed": {"zh": "卡上区间", "en": "the card's section"},
    "station_picked": {"zh": "你所选牌堆的发站", "en": "the station whose pile you pick"},
    "section_chosen": {"zh": "你的列车 {range} 格内你选的一个区间",
                       "en": "a section you pick within {range} cells of your train"},
}
#: a phrase that does not name the kind's target (a propulsion change only in one section) is limited to it
WHERE: dict[str, Phrase] = {
    "station": {"zh": "在{station}：{phrase}", "en": "at {station}: {phrase}"},
    "section": {"zh": "{section}内：{phrase}", "en": "in {section}: {phrase}"},
}

#: how long an effect lasts (``lasts``, cardgen/model/durations.py), around its phrase. A duration said first
#: ("This round, ...") is said once for a card whose effects all last as long (:func:`generated`); "until its
#: next stop" follows its phrase, whose train it refers back to, so it is said with each effect.
DURATIONS: dict[str, Phrase] = {
    "round": {"zh": "本轮{phrase}", "en": "this round, {phrase}"},
    "rounds": {"zh": "本轮起 {lasts} 轮内，{phrase}", "en": "for {lasts} rounds, this one included, {phrase}"},
    "game": {"zh": "本轮起直到终局，{phrase}", "en": "for the rest of the game, {phrase}"},
    "until_stop": {"zh": "直到下次停靠（含本轮），{phrase}", "en": "{phrase} until its next stop, this round's included"},
}

#: Chinese spacing: a space between a Latin letter or digit and a Han character ("编成至少 5 的列车", "本轮 T3 区间")
LATIN_HAN = re.compile(r"(?<=[0-9A-Za-z])(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[0-9A-Za-z])")

#: an operation card's propulsion C, and each of its ``value_when`` cases
ADVANCE: Phrase = {"zh": "推进 {value}", "en": "advance {value}"}
CASE: Phrase = {"zh": "（{conditions} 时推进 {value}）", "en": " ({value} when {conditions})"}


def _default(model: Any, field: str) -> Any:
    info = type(model).model_fields.get(field)
    return info.default if info is not None else None


def conditions(content: "Content", model: Any, lang: str) -> list[str]:
    """Each condition ``model`` (an effect or a value_when case) puts on the train, in ``lang``; [] for none."""
    out = [_bound(model, *bound, lang) for bound in BOUNDS[:2]]
    for field in ("at", "heading"):
        value = getattr(model, field, None)
        if value is not None and value != _default(model, field):
            out.append(CONDITIONS[f"{field}_{value}"][lang])
    played = getattr(model, "played", [])
    if played:
        names = {k.id: k.name(lang) for k in content.operations.kinds}
        kinds = JOIN["either"][lang].join(names.get(p, p) for p in played)
        out.append(fill(CONDITIONS["played"][lang], {"played": kinds}))
    out += [_bound(model, *bound, lang) for bound in BOUNDS[2:]]   # "whose player ..." after the participles
    return [said for said in out if said]


def _bound(model: Any, name: str, low: str, high: str, bottom: int, top: int, lang: str) -> str:
    """One bounded condition in words ("carrying 5 or more places"); '' when it holds for any train."""
    lo, hi = getattr(model, low, bottom), getattr(model, high, top)
    key = "between" if lo > bottom and hi < top else "at_least" if lo > bottom else "at_most" if hi < top else ""
    return fill(CONDITIONS[f"{name}_{key}"][lang], {low: lo, high: hi}) if key else ""


def _train(content: "Content", owner: Any, effect: Primitive, lang: str, section: Value, in_section: bool) -> str:
    """``{train}``: who the effect applies to, with its conditions; ``in_section``: the trains in the section the
    event card names ("every train in section T2")."""
    if getattr(effect, "train", "own") == "chosen":
        return fill(TRAINS["chosen"][lang], {"range": getattr(effect, "range", 1)})
    said = conditions(content, effect, lang)
    if getattr(effect, "section", "card") == "chosen" or in_section:
        key = "in_section_if" if said and in_section else "in_section"
        return fill(TRAINS[key][lang], {"section": section, "conditions": JOIN["conditions"][lang].join(said)})
    who = "every" if isinstance(owner, s.EventKind) else "own"
    if not said:
        return TRAINS[who][lang]
    joined = JOIN["conditions"][lang].join(said)
    if who == "own" and len(said) > 1:   # "your train (if carrying 6 or more places and revealing Local)"
        joined = JOIN["conditions"][lang].join(said[:-1]) + JOIN["last_condition"][lang] + said[-1]
    return fill(TRAINS[f"{who}_if"][lang], {"conditions": joined})


def _targets(content: "Content", owner: Any, effect: Primitive, card: s.EventCard | None,
             lang: str) -> dict[str, Value]:
    """``{station}`` and ``{section}``: the card's, the kind's unnamed one, the pile or the section (`section:
    chosen`) a dispatch player picks."""
    out: dict[str, Value] = {"station": TARGETS["station_picked"][lang], "section": TARGETS["section_unnamed"][lang]}
    if getattr(effect, "section", "card") == "chosen":
        out["section"] = fill(TARGETS["section_chosen"][lang], {"range": getattr(effect, "range", 1)})
    if isinstance(owner, s.EventKind) and owner.target is not None:
        out[owner.target] = TARGETS[f"{owner.target}_unnamed"][lang]
        named = getattr(card, owner.target, None) if card is not None else None
        if named:
            stations = content.stations
            name = stations[named].name(lang) if owner.target == "station" and named in stations else named
            out[owner.target] = fill(TARGETS[owner.target][lang], {"name": name})
    return out


def _duration(effect: Primitive, lang: str) -> tuple[str, int] | None:
    """How long ``effect`` lasts, as a :data:`DURATIONS` phrase and its number of rounds; None if it is instant."""
    if type(effect).INSTANT:
        return None
    lasts = getattr(effect, "lasts", "round")
    return DURATIONS["rounds" if isinstance(lasts, int) else lasts][lang], lasts if isinstance(lasts, int) else 0


def _shared_duration(effects: list[Primitive], lang: str) -> tuple[str, int] | None:
    """The duration every one of two or more phrased ``effects`` has, when it is said first; else None."""
    phrased = [e for e in effects if type(e).TEXT.get(lang)]
    durations = {_duration(e, lang) for e in phrased}
    if len(phrased) < 2 or len(durations) != 1:
        return None
    (duration,) = durations
    return duration if duration is not None and not duration[0].startswith("{phrase}") else None


def effect_phrase(content: "Content", owner: Any, effect: Primitive, lang: str,
                  card: s.EventCard | None = None, *, with_duration: bool = True) -> str:
    """One effect of ``owner`` (a kind) in ``lang``: its primitive's phrase, its train, its duration (unless the
    card says it once for all its effects) and target; '' for a primitive that declares no phrase."""
    template = type(effect).TEXT.get(lang, "")
    if isinstance(owner, s.DispatchKind) and owner.timing == AFTER_MOVEMENT and type(effect).TEXT_AFTER_MOVE:
        template = type(effect).TEXT_AFTER_MOVE.get(lang, template)   # it holds for the trains still to move
    if not template:
        return ""
    values: dict[str, Value] = {k: v for k, v in effect if isinstance(v, int) and not isinstance(v, bool)}
    if hasattr(effect, "draw") and hasattr(effect, "keep"):
        values["discard"] = effect.draw - effect.keep
    values["floor"] = content.game.propulsion.floor
    values.update(_targets(content, owner, effect, card, lang))
    in_section = (isinstance(owner, s.EventKind) and owner.target == "section" and "{section" not in template
                  and "{train}" in template)   # the trains in the card's section, not "in T2: every train"
    values["train"] = _train(content, owner, effect, lang, values["section"], in_section)
    phrase = fill(template, values)
    if isinstance(owner, s.EventKind) and owner.target is not None and "{" + owner.target not in template \
            and not in_section:
        phrase = fill(WHERE[owner.target][lang], {**values, "phrase": phrase})
    duration = _duration(effect, lang) if with_duration else None
    if duration is not None:
        phrase = fill(duration[0], {"phrase": phrase, "lasts": duration[1]})
    if getattr(effect, "amount", 0) < 0 and type(effect).TEXT_IF_NEGATIVE:
        phrase += fill(type(effect).TEXT_IF_NEGATIVE[lang], values)
    return phrase


def _sentence(parts: list[str], lang: str) -> str:
    """Phrases joined into one sentence, its first letter a capital in English."""
    text = JOIN["effects"][lang].join(p for p in parts if p)
    if not text:
        return ""
    return text[0].upper() + text[1:] + JOIN["end"][lang]


def _advance(content: "Content", kind: s.OperationKind, lang: str) -> str:
    """An operation card's propulsion C: "Advance 1 (2 when carrying 2 or fewer places)"."""
    text = fill(ADVANCE[lang], {"value": kind.value})
    for case in kind.value_when:
        said = JOIN["conditions"][lang].join(conditions(content, case, lang))
        text += fill(CASE[lang], {"value": case.value, "conditions": said})
    return text


def generated(content: "Content", owner: Any, lang: str, card: s.EventCard | None = None) -> str:
    """The text ``owner`` (an operation, dispatch or event kind) prints when it writes none: its propulsion (an
    operation card), then its effects, in ``lang``. For an event kind, ``card`` names its target and values."""
    effects = content.card_effects(card) if card is not None and isinstance(owner, s.EventKind) else owner.effects
    sentences = [_advance(content, owner, lang) + JOIN["end"][lang]] if isinstance(owner, s.OperationKind) else []
    if sentences:
        sentences[0] = sentences[0][0].upper() + sentences[0][1:]
    shared = _shared_duration(list(effects), lang)
    phrases = [effect_phrase(content, owner, e, lang, card, with_duration=shared is None) for e in effects]
    if shared is not None:  # "This round, a closed section is open to your train; R +1 for your train."
        phrases = [fill(shared[0], {"phrase": JOIN["effects"][lang].join(p for p in phrases if p), "lasts": shared[1]})]
    sentences.append(_sentence(phrases, lang))
    text = JOIN["sentences"][lang].join(t for t in sentences if t)
    return LATIN_HAN.sub(" ", text) if lang == "zh" else text


def card_text(content: "Content", owner: Any, lang: str, card: s.EventCard | None = None) -> str:
    """What a kind's card prints in ``lang``: the designer's ``text`` when the kind writes one (its placeholders
    filled, cardgen/model/text.py), else the text :func:`generated` from its effects."""
    if owner.text is not None:
        return render(content, owner, owner.text, lang, card)
    return generated(content, owner, lang, card)
