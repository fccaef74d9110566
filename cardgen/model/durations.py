"""How long an event card's effects last (issue 23): `lasts: round` (the default), a number of rounds, `game`, or
`until_stop`.

Why at compile time: the event track is public and fixed, so an effect that lasts N rounds is simply in force in
the N rounds from its card's; each round's effects are its own card's plus the lasting ones, combined into one list
per round here. The validator reports what cannot be combined, the engine flattens the combined lists
(cardgen/engine/rules/compiled.py), and the bots see the lasting effects through the round's event like any other.
`until_stop` is the exception: when a train stops is known only in play, so here it is in force its own round, and
the engine hands it to each train that has not stopped by the round's end, to carry until it does (as it does for a
dispatch card's lasting effects).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from cardgen.model.effects import BUILT_IN, STANDING_FIELDS

#: primitives whose amounts add up when several are in force in one round; `boarding_limit` keeps the strictest
ADDED = ("propulsion", "wait_gain", "capacity", "platform_size", "delivery_bonus")


@dataclass(frozen=True)
class Round:
    """What one round of the track plays: its own card (None when only lasting effects are in force), the kind
    its statistics count for, and its effects with the lasting ones combined in."""

    card: Any
    kind: str
    effects: list


def last_round_of(effect: Any, start: int, end: int) -> int:
    """The last round ``effect`` of a card of round ``start`` is in force, the track ending at round ``end``.

    >>> from cardgen.model.effects import PropulsionModifier as P
    >>> [last_round_of(P(type="propulsion", amount=1, lasts=n), 4, 20) for n in ("round", 3, "game", 30, "until_stop")]
    [4, 6, 20, 20, 4]
    """
    lasts = getattr(effect, "lasts", "round")
    if lasts in ("round", "until_stop"):   # until a stop: each train carries it on (cardgen/engine/rules/core.py)
        return start
    return end if lasts == "game" else min(end, start + int(lasts) - 1)


def _load(effect: Any) -> tuple[int, int]:
    return getattr(effect, "min_load", 0), getattr(effect, "max_load", 0)


def combine(effects: Iterable[Any]) -> tuple[list, str | None]:
    """One round's effects with each primitive once: amounts of :data:`ADDED` primitives added (they must apply
    to the same loads), the smallest boarding limit; and why they cannot be combined, or None.

    >>> from cardgen.model.effects import PropulsionModifier as P
    >>> out, problem = combine([P(type="propulsion", amount=-1), P(type="propulsion", amount=-2, lasts=3)])
    >>> out[0].amount, problem
    (-3, None)
    >>> combine([P(type="propulsion", amount=-1), P(type="propulsion", amount=-2, min_load=5)])[1]
    "two 'propulsion' effects in force in one round apply to different loads (0-50 and 5-50)"
    """
    out: list = []
    for effect in effects:
        if effect.type not in BUILT_IN:   # a registered primitive applies on its own, each card's in turn
            out.append(effect)
            continue
        same = next((i for i, e in enumerate(out) if e.type == effect.type), None)
        if same is None:
            out.append(effect)
            continue
        held = out[same]
        if effect.type in ADDED:
            if _load(held) != _load(effect):
                loads = " and ".join(f"{lo}-{hi}" for lo, hi in (_load(held), _load(effect)))
                return out, f"two '{effect.type}' effects in force in one round apply to different loads ({loads})"
            if (getattr(held, "at", ""), getattr(held, "heading", "")) != (getattr(effect, "at", ""),
                                                                           getattr(effect, "heading", "")):
                return out, (f"two '{effect.type}' effects in force in one round apply to trains in different places "
                             f"or headings ({held.at}, {held.heading} and {effect.at}, {effect.heading})")
            differ = [name for name in STANDING_FIELDS if getattr(held, name, None) != getattr(effect, name, None)]
            if differ:
                return out, (f"two '{effect.type}' effects in force in one round apply to trains meeting different "
                             f"conditions ({', '.join(differ)})")
            out[same] = held.model_copy(update={"amount": held.amount + effect.amount})
        elif effect.type == "boarding_limit":
            out[same] = held if held.amount <= effect.amount else effect
        else:
            return out, f"two '{effect.type}' effects in force in one round"
    return out, None


def lasting_track(track: list[tuple[int, Any]], effects_of: Callable[[Any], list], end: int
                  ) -> tuple[dict[int, Round], list[tuple[int, str]]]:
    """Every round from 1 to ``end`` that plays something: its own card's effects (``effects_of(card)``) with the
    lasting effects of earlier cards; and the problems, as (round of the lasting card, message)."""
    lasting = [(rnd, last_round_of(e, rnd, end), card, e)
               for rnd, card in track for e in effects_of(card) if getattr(e, "lasts", "round") != "round"]
    own = dict(track)
    out: dict[int, Round] = {}
    problems: list[tuple[int, str]] = []
    for rnd in range(1, max([end, *own]) + 1):
        extra = [(start, card, e) for start, last, card, e in lasting if start < rnd <= last]
        card = own.get(rnd)
        if not extra:
            if card is not None:
                out[rnd] = Round(card, card.kind, effects_of(card))
            continue
        effects, problem = combine([*(effects_of(card) if card is not None else []), *(e for _, _, e in extra)])
        start = extra[-1][0]
        if problem and start not in [p[0] for p in problems]:   # once per lasting card
            problems.append((start, f"{problem}: round {start}'s effect lasts into round {rnd}"))
        out[rnd] = Round(card, card.kind if card is not None else extra[0][1].kind, effects)
    return out, problems
