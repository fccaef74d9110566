"""The game state as drivers and tools see it: :class:`Core`'s rules, the checked driver, serialisation.

The rules are in :mod:`cardgen.engine.rules.core` and the decision bookkeeping in
:mod:`cardgen.engine.rules.checked`; this class adds what saves and restores a
game exactly (``to_dict`` / ``from_dict``, JSON-ready). It is the one class
every driver plays: the checked path, the fast loop and the replay.
"""

from __future__ import annotations

from typing import Any

from cardgen.engine.rules.actions import IllegalAction
from cardgen.engine.rules.checked import CheckedDriver
from cardgen.engine.rules.compiled import Rules
from cardgen.engine.rules.core import (
    SHORT_CHOICE, SHORT_CLOSED, SHORT_NONE, SHORT_SHUT, SHORT_TERMINAL, SHORT_TRAIN, seat_owners, shuffle,
)
from cardgen.engine.rules.options import Options

__all__ = ["GameState", "SHORT_CHOICE", "SHORT_CLOSED", "SHORT_NONE", "SHORT_SHUT", "SHORT_TERMINAL", "SHORT_TRAIN",
           "seat_owners", "shuffle"]

_LISTS = ("owner", "cell", "dir", "places", "aboard", "boarded", "wait", "deck", "discard", "hand", "forced",
          "score", "delivered", "late", "bonus", "penalty", "blocked", "blocked_by_train", "piles",
          "platforms", "discarded", "delivered_cards", "delivery_log", "dispatch", "dispatch_deck",
          "occ_right", "occ_left",
          "cards_played", "dispatch_used", "dispatch_effective", "events_effective", "pile_empty_round", "card",
          "r", "moved", "played", "played_mattered", "order", "drawn", "held", "held_until", "held_counted", "lasting_played",
          "stopped", "waiting_since", "siding", "siding_used", "siding_pulls", "pulled", "shut", "shut_by", "shut_counted")
_SCALARS = ("players", "n", "round", "clock", "first_player", "stalled_round", "effective", "phase", "cursor",
            "booking")


class GameState(CheckedDriver):
    """One game in progress: every rule (:class:`Core`), the checked driver, and serialisation."""

    def to_dict(self) -> dict:
        """Everything needed to continue the game exactly, as JSON-ready values."""
        out: dict[str, Any] = {name: _copy(getattr(self, name)) for name in _LISTS + _SCALARS}
        out["stopping"] = self._stopping
        out["options"] = self.options.to_dict()
        out["variant"] = self.rules.variant
        version, internal, gauss = self.rng.getstate()
        out["rng"] = [version, list(internal), gauss]
        return out

    @classmethod
    def from_dict(cls, rules: Rules, data: dict) -> "GameState":
        """Rebuild a state written by :meth:`to_dict` for the same compiled rules."""
        if data.get("variant") != rules.variant:
            raise IllegalAction(f"state is for variant {data.get('variant')!r}, rules are {rules.variant!r}")
        # a fresh set-up (mypyc classes have no bare __new__), then every field replaced by the saved one
        self = cls(rules, data["players"], 0, Options.from_dict(data["options"]))
        for name in _LISTS + _SCALARS:
            setattr(self, name, _copy(data[name]))
        self._stopping = data["stopping"]
        self.trains_of = [[t for t in range(self.n) if self.owner[t] == p] for p in range(self.players)]
        self.event = self.event_for(self.round)
        version, internal, gauss = data["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        return self


def _copy(value: Any) -> Any:
    """Deep copy of nested lists of plain values (faster than copy.deepcopy, and JSON-safe)."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
