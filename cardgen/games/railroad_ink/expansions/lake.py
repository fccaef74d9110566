"""Lake: two optional lake dice a round, drawn anywhere; an enclosed cell fills; the smallest lake scores.

A road or rail meeting a lake side joins it, so routes through one lake are one network (tiles.meets); the
fill rule is here: after every drawing, an empty cell with ``placement.fill_at`` lake sides around it is
filled with the ``fill`` tile when nothing it faces refuses it, and a fill can fill the next cell.
"""

from __future__ import annotations

from cardgen.games.railroad_ink.board import EMPTY, FACING, Board, digit
from cardgen.games.railroad_ink.expansions import ExpansionRules
from cardgen.games.railroad_ink.rules import Face, Player, State, refusal
from cardgen.games.railroad_ink.scoring import components, route_parts
from cardgen.games.railroad_ink.tiles import LAKE


class Lake(ExpansionRules):
    name = "lake"

    def after_place(self, state: State, player: int, cell: int, face: Face) -> None:
        fill(self.tab, state.players[player].board, cell)

    def score(self, board: Board, player: Player) -> int:
        """The smallest lake, per cell (no lake: nothing)."""
        adj, parts = route_parts(self.tab, board, LAKE)
        sizes = [len({parts[n][0] >> 2 for n in comp}) for comp in components(adj)]
        return min(sizes, default=0) * self.tab.content.expansions.lake.scoring.points_per_cell


def fill(tab, board: Board, cell: int) -> list[int]:
    """Fill every empty cell around ``cell`` enclosed by lake sides, and around each filled one; the filled cells."""
    need = tab.content.expansions.lake.placement.fill_at
    shape = tab.shapes[tab.fill.orients[0][1]]
    filled = []
    todo = [cell]
    while todo:
        here = todo.pop()
        for s in range(4):
            nb = board.geo.neighbour[here * 4 + s]
            if nb < 0 or board.cells[nb] != EMPTY:
                continue
            ctx = board.ctx[nb]
            lakes = sum(1 for side in range(4) if digit(ctx, side) == FACING + LAKE)
            if lakes >= need and refusal(shape, ctx, ()) is None:
                board.place(nb, tab.fill.orients[0][1])
                filled.append(nb)
                todo.append(nb)
    return filled
