"""River: two optional river dice a round, drawn anywhere; the longest river scores (expansions.yaml ``river``).

Placement needs no hook: river faces may start anywhere (their family joins nothing, rules.FAMILY_JOIN), may
be left undrawn (``placement.optional``), and a river side meets only a river (tiles.meets refuses the rest).
"""

from __future__ import annotations

from cardgen.games.railroad_ink.board import EMPTY, Board
from cardgen.games.railroad_ink.expansions import ExpansionRules
from cardgen.games.railroad_ink.rules import Player
from cardgen.games.railroad_ink.scoring import components, longest_in, route_parts
from cardgen.games.railroad_ink.tiles import RIVER


class River(ExpansionRules):
    name = "river"

    def score(self, board: Board, player: Player) -> int:
        """Longest river per cell, its bonus when two of its ends reach the outer edge, less its open ends."""
        rules = self.tab.content.expansions.river.scoring
        adj, parts = route_parts(self.tab, board, RIVER)
        neighbour = board.geo.neighbour
        opened = sum(1 for part in parts for key in part if neighbour[key] >= 0 and board.cells[neighbour[key]] == EMPTY)
        best, bonus = 0, 0
        for comp in components(adj):
            length = longest_in(adj, comp)
            if length > best:
                edge_ends = sum(1 for n in comp for key in parts[n] if neighbour[key] == -1)
                best, bonus = length, rules.both_ends_on_edge if edge_ends >= 2 else 0
        return best * rules.points_per_cell + bonus + opened * rules.points_per_open_end
