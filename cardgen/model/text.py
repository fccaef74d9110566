"""Player-visible texts whose numbers come from the data they describe.

A card text never types a number the content already holds: "Advance
{value}." is filled from the operation kind's ``value``, so changing the value
changes the card. This module is the one place that says which ``{name}``
each text may use (:func:`text_values`, :data:`STRING_VALUES`) and how a text
is filled (:func:`fill`). The renderer prints through it and the validator
checks every placeholder against it, so a text cannot name a value its object
does not have.

Placeholder syntax: ``{name}`` prints the value (a negative number with a
typographic minus, ``−1``); ``{name:+}`` also prints a plus sign on a
positive number (``+2``), for modifiers such as "R {amount:+}".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Union

from cardgen.placeholders import PLACEHOLDER
from cardgen.errors import CardgenError
from cardgen.model import schema as s
from cardgen.model.values import case_fields

if TYPE_CHECKING:
    from cardgen.model.content import Content

Value = Union[int, str]
MINUS = "\u2212"
#: The specs a placeholder (cardgen.placeholders) may take; another is an error.
SPECS = ("", "+")


class PlaceholderError(CardgenError):
    """A text names a placeholder its object does not provide (the validator reports it with a location)."""

    def __init__(self, name: str, known: Iterator[str] | Mapping[str, Any], text: str = ""):
        self.name = name
        self.known = sorted(known)
        where = f" in {text!r}" if text else ""
        super().__init__(f"unknown placeholder '{{{name}}}'{where}; known: {', '.join(self.known) or 'none'}")


def placeholders(text: str) -> Iterator[tuple[str, str, int]]:
    """Each ``{name}`` or ``{name:spec}`` in ``text``: name, spec and offset.

    >>> [(n, f) for n, f, _ in placeholders("R {amount:+} at {station}")]
    [('amount', '+'), ('station', '')]
    """
    for match in PLACEHOLDER.finditer(text):
        yield match.group(1), match.group(2) or "", match.start()


def signed(n: int, plus: bool = False) -> str:
    """A number as printed: ``−3`` with a typographic minus; ``+2`` when ``plus``.

    >>> signed(-3), signed(2), signed(2, plus=True), signed(0, plus=True)
    ('−3', '2', '+2', '0')
    """
    if n < 0:
        return f"{MINUS}{-n}"
    return f"+{n}" if plus and n > 0 else str(n)


def fill(text: str, values: Mapping[str, Value]) -> str:
    """``text`` with every placeholder replaced from ``values``.

    Raises :class:`PlaceholderError` for a name ``values`` lacks or a spec other than ``+``.

    >>> fill("R {amount:+}, at least {floor}", {"amount": -1, "floor": 0})
    'R −1, at least 0'
    """
    def one(match: re.Match) -> str:
        name, spec = match.group(1), match.group(2) or ""
        if name not in values:
            raise PlaceholderError(name, values, text)
        if spec not in SPECS:
            raise PlaceholderError(f"{name}:{spec}", values, text)
        value = values[name]
        return signed(value, plus=spec == "+") if isinstance(value, int) else str(value)
    return PLACEHOLDER.sub(one, text)


# ------------------------------------------------------------------ values by owner

def effect_values(effect: Any) -> dict[str, Value]:
    """The numbers an effect carries, by field name, plus the ones its text needs to make sense."""
    # a parameter left at its default (a load condition not written) is not a number of this card
    out: dict[str, Value] = {k: v for k, v in effect if k != "type" and isinstance(v, int)
                             and k in effect.model_fields_set}
    if isinstance(effect, s.GroupBooking):
        out["discard"] = effect.draw - effect.keep
    return out


def _effects_values(effects: list, content: "Content") -> dict[str, Value]:
    out: dict[str, Value] = {}
    for effect in effects:
        for key, value in effect_values(effect).items():
            out.setdefault(key, value)
        if isinstance(effect, s.PropulsionModifier):
            out["floor"] = content.game.propulsion.floor  # "never below {floor}"
    return out


def _target_values(content: "Content", kind: s.EventKind, card: s.EventCard | None, lang: str) -> dict[str, Value]:
    if kind.target is None:
        return {}
    if card is None:  # the kind's own text, not a card on the track: the name is known, the value is not
        return {kind.target: f"{{{kind.target}}}"}
    if kind.target == "station":
        return {"station": content.stations[card.station].name(lang) if card.station else ""}
    return {"section": card.section or ""}


def _freight(content: "Content") -> tuple[int, s.Span] | None:
    """The shortest freight span and its fare row, if any (variant 9.7)."""
    return next(((k, row) for k, row in sorted(content.fares.spans.items()) if row.freight), None)


def variant_players(content: "Content") -> list[int]:
    """The player counts the applied variant is for ([] without a variant or a list)."""
    return content.variant.players if content.variant and content.variant.players else []


#: What a variant summary may quote, read from the content WITH the variant
#: applied; a getter returning None means "not in this content" (no freight row...).
VARIANT_VALUES: dict[str, Callable[["Content"], Value | None]] = {
    "cap": lambda c: c.game.composition_cap,
    "worst_delay": lambda c: c.game.scoring.worst_delay_penalty,
    "no_delay_bonus": lambda c: c.game.scoring.no_delay_bonus,
    "platform": lambda c: c.game.setup.platform_size,
    "trains_per_player": lambda c: c.game.setup.trains_per_player,
    "dispatch_per_player": lambda c: c.game.setup.dispatch_per_player,
    "capacity": lambda c: c.map.section_capacity_per_line,
    "events": lambda c: len(c.event_track),
    "last_round": lambda c: max(c.events.track, default=0),
    "players": lambda c: "/".join(map(str, variant_players(c))) or None,
    "trains": lambda c: max(variant_players(c)) * c.game.setup.trains_per_player if variant_players(c) else None,
    "freight_span": lambda c: f[0] if (f := _freight(c)) else None,
    "freight_fare": lambda c: f[1].fare if (f := _freight(c)) else None,
    "freight_seats": lambda c: f[1].seats if (f := _freight(c)) else None,
}


def variant_values(content: "Content") -> dict[str, Value]:
    """The :data:`VARIANT_VALUES` this content has."""
    values = {name: get(content) for name, get in VARIANT_VALUES.items()}
    return {name: value for name, value in values.items() if value is not None}


def text_values(content: "Content", owner: Any, lang: str = "en", card: s.EventCard | None = None) -> dict[str, Value]:
    """Every placeholder a text of ``owner`` may use, with its value in ``lang``.

    ``owner`` is an operation, dispatch or event kind, or a :class:`~cardgen.model.schema.Variant`
    (then ``content`` must be the content with that variant applied). For an event
    kind, ``card`` names the target the card on the track fills in.
    """
    if isinstance(owner, s.OperationKind):
        return {"value": owner.value, **case_fields(owner.value_when), **_effects_values(owner.effects, content)}
    if isinstance(owner, s.DispatchKind):
        return _effects_values(owner.effects, content)
    if isinstance(owner, s.EventKind):
        effects = owner.effects if card is None else content.card_effects(card)   # the card's own values
        return {**_effects_values(effects, content), **_target_values(content, owner, card, lang)}
    if isinstance(owner, s.Variant):
        return variant_values(content)
    return {}


def render(content: "Content", owner: Any, text: s.Text, lang: str, card: s.EventCard | None = None) -> str:
    """``text`` (a field of ``owner``) in ``lang``, its placeholders filled from ``owner``.

    >>> from cardgen.model import load
    >>> c = load(); k = c.operations.kinds[2]
    >>> render(c, k, k.text, "en")
    'Advance 3.'
    """
    return fill(text(lang), text_values(content, owner, lang, card))


# ------------------------------------------------------------------ strings.yaml

#: The rounds past the event track (Content.late_rounds_key names the string that says why they have no event).
_ROUNDS_PAST_THE_TRACK = {"first": lambda c: c.track_rounds() + 1, "last": lambda c: c.total_rounds(),
                          "end": lambda c: c.game.clock.end}

#: strings.yaml ``group -> key -> name -> getter``: the placeholders each entry
#: may use. An entry not listed here may use none. This table is the single
#: source for the renderer (:func:`string`), the validator and the docs.
STRING_VALUES: dict[str, dict[str, dict[str, Callable[["Content"], Value]]]] = {
    "scoring": {
        "late": {"divisor": lambda c: c.game.scoring.late_fare_divisor},
        "no_delay_bonus": {"amount": lambda c: c.game.scoring.no_delay_bonus},
        "worst_delay": {"amount": lambda c: c.game.scoring.worst_delay_penalty},
    },
    "rules": {
        "propulsion": {"floor": lambda c: c.game.propulsion.floor, "divisor": lambda c: c.game.propulsion.penalty_divisor},
        "blocking": {"capacity": lambda c: c.map.section_capacity_per_line},
        "blocking_single": {"capacity": lambda c: c.map.section_capacity_per_line},
        "blocked": {"gain": lambda c: c.game.blocked_wait_gain},
        "boarding": {"cap": lambda c: c.game.composition_cap},
        "game_end": {"end": lambda c: c.game.clock.end, "start": lambda c: c.game.clock.start},
        "late_rounds": _ROUNDS_PAST_THE_TRACK,
        "rounds_without_event": _ROUNDS_PAST_THE_TRACK,
    },
}


def string_values(content: "Content", group: str, key: str) -> dict[str, Value]:
    """The placeholders ``strings.yaml`` entry ``group.key`` may use, with their values."""
    return {name: get(content) for name, get in STRING_VALUES.get(group, {}).get(key, {}).items()}


def string(content: "Content", group: str, key: str, lang: str) -> str:
    """``strings.yaml`` ``group.key`` in ``lang`` with its placeholders filled.

    Raises :class:`KeyError` when the entry does not exist.
    """
    table = getattr(content.strings, group)
    return fill(table[key](lang), string_values(content, group, key))

