"""Rulings that change balance, as named switches the simulator can compare.

Defaults follow the rules as written (or, where the text is silent, the
ruling in docs/rulings.md). Each field names the ruling it implements.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Literal

from cardgen.errors import UsageError

LateEvents = Literal["none", "repeat_last"]
Seating = Literal["snake", "round_robin"]


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

    def __post_init__(self) -> None:
        if self.hand_size < 1:
            raise UsageError(f"hand_size must be at least 1, got {self.hand_size}")
        if self.late_events not in ("none", "repeat_last"):
            raise UsageError(f"late_events must be 'none' or 'repeat_last', got {self.late_events!r}")
        if self.seating not in ("snake", "round_robin"):
            raise UsageError(f"seating must be 'snake' or 'round_robin', got {self.seating!r}")

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
