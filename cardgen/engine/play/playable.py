"""Content that validates but cannot make a game, refused before any game is played.

The schema and the cross-checks accept each number on its own; some valid
combinations still leave nothing to play (every operation card worth 0 with a
propulsion floor of 0: no card ever moves a train). Simulate, tables and replay
refuse them with a PLAYABILITY FAILURE naming the reason, instead of playing
empty games or tripping over an empty choice inside a bot.
"""

from __future__ import annotations

from cardgen.errors import PlayabilityError, UsageError


def check_playable(content) -> None:
    """Raise :class:`PlayabilityError` (exit 1) with the reason when no game can be played."""
    if max(kind.value for kind in content.operations.kinds) == 0 and content.game.propulsion.floor == 0:
        raise PlayabilityError("no operation card moves a train: every operation card's value is 0 "
                               "and game.propulsion.floor is 0")


def check_variant_players(content, players: int) -> None:
    """A variant written for some player counts (9.3-9.5) is refused for the others (simulate and replay)."""
    v = content.variant
    if v is not None and v.players and players not in v.players:
        counts = ", ".join(map(str, v.players))
        raise UsageError(f"variant '{v.id}' (rules {v.section}) is for {counts} players, not {players}")
