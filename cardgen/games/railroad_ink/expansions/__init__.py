"""The four expansions, each a module with its placement rules and its scoring row.

Why: the base rules call an expansion only through the hooks of :class:`ExpansionRules` (setup, round
start, after a placement, discards, the end of a turn, the score row, and the bots' decisions an
expansion adds), so the base game pays nothing for them and each expansion's rules live in one module.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.games.railroad_ink.board import Board
    from cardgen.games.railroad_ink.rules import Face, Player, State, Tables


class ExpansionRules:
    """No-op hooks: an expansion overrides the ones its rules need."""

    name = ""

    def __init__(self, tab: Tables):
        self.tab = tab

    def setup(self, state: State) -> None:
        """Before round 1 (a volcano drawn, a meteor's starting cell)."""

    def start_round(self, state: State) -> None:
        """After the round's dice are rolled."""

    def after_place(self, state: State, player: int, cell: int, face: Face) -> None:
        """After a face is drawn (a lake fills an enclosed cell)."""

    def may_discard(self, state: State, player: int, face: Face) -> bool:
        """Whether an expansion die may be left undrawn though it could be drawn."""
        return face.optional

    def end_refusal(self, state: State, player: int) -> str | None:
        """Why the player may not end the round yet, or None."""
        return None

    def score(self, board: Board, player: Player) -> int:
        """The expansion's scoring row for one board."""
        return 0

    def bot_prepare(self, state: State, player: int, rng: random.Random, careful: bool) -> None:
        """Decisions the expansion adds before a bot draws its dice (``careful``: the greedy and lookahead bots)."""

    def bot_finish(self, state: State, player: int, rng: random.Random, careful: bool) -> None:
        """Decisions the expansion needs before a bot ends its round."""


def rules_for(tab: Tables) -> ExpansionRules | None:
    """The hooks of the expansion ``tab`` plays, or None for the base game."""
    if tab.expansion is None:
        return None
    from cardgen.games.railroad_ink.expansions import lake, lava, meteor, river

    kinds: dict[str, type[ExpansionRules]] = {"river": river.River, "lake": lake.Lake, "lava": lava.Lava,
                                              "meteor": meteor.Meteor}
    return kinds[tab.expansion](tab)
