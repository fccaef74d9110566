"""Lava: a volcano on the centre before round 1; at least ``min_per_round`` lava die a round, joined to lava;
a new volcano once a round on a cell no lava touches, and first of all when no lava can be drawn; lava lakes
score (expansions.yaml ``lava``, rulings.md).
"""

from __future__ import annotations

import random

from cardgen.games.railroad_ink.board import EMPTY, FACING, Board, digit
from cardgen.games.railroad_ink.expansions import ExpansionRules
from cardgen.games.railroad_ink.rules import Face, IllegalMove, Player, State, commit, options, refusal
from cardgen.games.railroad_ink.scoring import components, route_parts
from cardgen.games.railroad_ink.tiles import LAVA


class Lava(ExpansionRules):
    name = "lava"

    def setup(self, state: State) -> None:
        row, col = self.tab.content.expansions.lava.start
        for p in state.players:
            p.board.place(self.tab.geo.cell(row, col), self.tab.volcano.orients[0][1])

    def start_round(self, state: State) -> None:
        for p in state.players:
            p.ext["lava"] = 0
            p.ext["volcano"] = False

    def after_place(self, state: State, player: int, cell: int, face: Face) -> None:
        if self._is_lava(face):
            state.players[player].ext["lava"] += 1

    def _is_lava(self, face: Face) -> bool:
        return face.join == (LAVA,)

    def _lava_placeable(self, state: State, player: int) -> bool:
        p = state.players[player]
        return any(options(self.tab, p.board, self.tab.faces[state.rolled[k]]) for k in p.pending
                   if self._is_lava(self.tab.faces[state.rolled[k]]))

    def may_discard(self, state: State, player: int, face: Face) -> bool:
        """A second lava die may be left undrawn; the first only when no lava and no new volcano can be drawn."""
        if not self._is_lava(face):
            return face.optional
        p = state.players[player]
        if p.ext["lava"] >= self.tab.content.expansions.lava.placement.min_per_round:
            return True
        if not self._lava_placeable(state, player) and not p.ext["volcano"] and volcano_cells(self.tab, p.board):
            raise IllegalMove("no lava can be drawn: draw a new volcano first, then the lava")
        return False

    def score(self, board: Board, player: Player) -> int:
        rules = self.tab.content.expansions.lava.scoring
        adj, parts = route_parts(self.tab, board, LAVA)
        neighbour, cells, shapes = board.geo.neighbour, board.cells, board.shapes
        total = largest = 0
        for comp in components(adj):
            opened = 0
            for n in comp:
                for key in parts[n]:
                    nb = neighbour[key]
                    if nb >= 0 and (cells[nb] < 0 or shapes[cells[nb]].edges[(key + 2) & 3] != LAVA):
                        opened += 1
            total += opened * rules.points_per_open_edge + (rules.closed_lake if not opened else 0)
            largest = max(largest, len({parts[n][0] >> 2 for n in comp}))
        return total + largest * rules.points_per_cell

    def bot_prepare(self, state: State, player: int, rng: random.Random, careful: bool) -> None:
        """A bot draws a new volcano only when its lava could not be drawn otherwise."""
        p = state.players[player]
        owed = p.ext["lava"] < self.tab.content.expansions.lava.placement.min_per_round
        pending = any(self._is_lava(self.tab.faces[state.rolled[k]]) for k in p.pending)
        if owed and pending and not p.ext["volcano"] and not self._lava_placeable(state, player):
            cells = volcano_cells(self.tab, p.board)
            if cells:
                draw_volcano(state, player, cells[0] if careful else cells[int(rng.random() * len(cells))])


    def bot_finish(self, state: State, player: int, rng: random.Random, careful: bool) -> None:
        """Lava that could not be drawn after the other dice: a new volcano, then the lava beside it."""
        p = state.players[player]
        if p.ext["lava"] >= self.tab.content.expansions.lava.placement.min_per_round:
            return
        self.bot_prepare(state, player, rng, careful)
        for k in list(p.pending):
            face = self.tab.faces[state.rolled[k]]
            if self._is_lava(face):
                found = options(self.tab, p.board, face)
                if found:
                    cell, choices = found[0] if careful else found[int(rng.random() * len(found))]
                    commit(state, player, k, cell, choices[0][1])
                    return


def volcano_cells(tab, board: Board) -> list[int]:
    """Empty cells a new volcano may be drawn on: no lava touches them and nothing there refuses lava."""
    shape = tab.shapes[tab.volcano.orients[0][1]]
    return [c for c in board.empty_cells()
            if all(digit(board.ctx[c], s) != FACING + LAVA for s in range(4)) and refusal(shape, board.ctx[c], ()) is None]


def draw_volcano(state: State, player: int, cell: int) -> None:
    """Draw a new volcano (once a round, on a cell :func:`volcano_cells` lists): checked."""
    tab = state.tables
    p = state.players[player]
    if p.done:
        raise IllegalMove(f"player {player + 1} has ended round {state.round} already")
    if p.ext.get("volcano"):
        raise IllegalMove("a volcano was drawn this round already (one a round)")
    if not 0 <= cell < tab.geo.cells or p.board.cells[cell] != EMPTY:
        raise IllegalMove(f"a volcano goes on an empty cell; {tab.geo.name(cell)} is not")
    if cell not in volcano_cells(tab, p.board):
        raise IllegalMove(f"a volcano may not go on {tab.geo.name(cell)}: lava touches it or a route there "
                          "refuses lava")
    p.board.place(cell, tab.volcano.orients[0][1])
    p.ext["volcano"] = True
    p.log.append((state.round, "volcano", cell))
