"""Rulings that change balance, as named switches the simulator can compare.

Defaults follow the rules as written (or, where the text is silent, the
ruling in docs/rulings.md). Each field names the ruling it implements.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cache
from typing import Any, Literal, get_args, get_origin, get_type_hints

from cardgen.errors import UsageError
from cardgen.model.messages import shown

LateEvents = Literal["none", "repeat_last"]
Seating = Literal["snake", "round_robin"]
WaitCardGain = Literal["reveal", "after_order"]
BookingPlatform = Literal["origin", "any"]


@dataclass(frozen=True, slots=True)
class Options:
    """Engine switches; see docs/rulings.md for the reason behind each default."""

    #: R1: arriving at a terminal station ends the move (the sample game shows it twice).
    terminal_ends_move: bool = True
    #: R2: stopping short at a terminal counts as "moved fewer than R" (W gain, blocked count).
    terminal_short_counts: bool = True
    #: R2: stopping short before a closed section counts as "moved fewer than R".
    closure_short_counts: bool = True
    #: R3: a train may stop short by choice ("at most R cells"); off = it must run its full R.
    stop_short: bool = False
    #: R4: which event applies in rounds after the last track card (rounds 21-22 after two holds).
    late_events: LateEvents = "none"
    #: R5: operation cards in hand; 1 = play the top card of the deck, >1 = choose from a hand.
    hand_size: int = 1
    #: R9: the first-player marker passes to the next seat every round (off: it stays with seat 1).
    rotate_first_player: bool = False
    #: R10: how seats are dealt when a player runs several trains (two-locomotive variant).
    seating: Seating = "snake"
    #: R11: W never rises above the printed wait track's top value.
    cap_wait: bool = True
    #: R8: the -3 for the highest L is charged even when that L is 0 (everybody, as literally written).
    penalty_without_delays: bool = False
    #: R17: when the wait card's W +2 counts: at the reveal, before the move order is set ("reveal"),
    #: or once this round's order is set, so it first orders the next round ("after_order", 8.2 ③).
    wait_card_gain: WaitCardGain = "reveal"
    #: R18: Signal Priority's +2 is added after the floor of max(0, ...) instead of inside it.
    signal_after_floor: bool = False
    #: R7: a Group Booking ticket goes onto its origin platform, or onto any platform as printed ("any").
    booking_platform: BookingPlatform = "origin"

    def __post_init__(self) -> None:
        for f in fields(self):
            problem = option_problem(f.name, getattr(self, f.name))
            if problem:
                raise UsageError(f"{f.name}: {problem}")

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Options":
        """Build from a mapping, refusing unknown names with a clear message."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise UsageError(f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        return cls(**data)


@cache
def _types() -> dict[str, Any]:
    return get_type_hints(Options)


def option_problem(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be option ``name`` (judged from the field's declared type), or None.

    Strict on purpose: a script's ``stop_short: "no"`` is text, not false, and
    ``hand_size: "3"`` is text, not a number; both are refused instead of guessed.

    >>> option_problem("stop_short", "no")
    "expected true or false, got 'no'"
    >>> option_problem("hand_size", 0)
    'expected a whole number of at least 1, got 0'
    >>> option_problem("late_events", "repeat_last") is None
    True
    """
    kind = _types()[name]
    if kind is bool:
        ok, want = isinstance(value, bool), "true or false"
    elif kind is int:
        # Every count option (hand_size) counts cards, so 0 or less is meaningless.
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 1
        want = "a whole number of at least 1"
    elif get_origin(kind) is Literal:
        choices = get_args(kind)
        ok, want = value in choices and isinstance(value, str), " or ".join(repr(c) for c in choices)
    else:  # pragma: no cover - a new field type needs a rule here
        raise TypeError(f"option {name}: no check for type {kind!r}")
    return None if ok else f"expected {want}, got {shown(value)}"

