"""Boards built by hand for rule and scoring tests."""

from __future__ import annotations

from cardgen.games.railroad_ink.board import Board
from cardgen.games.railroad_ink.rules import Tables
from cardgen.games.railroad_ink.tiles import shape_of


def put(tab: Tables, board: Board, face: str, row: int, col: int, orientation: int = 0) -> None:
    """Draw ``face`` turned/mirrored by ``orientation`` on [row, col] (no legality check: a hand-built board)."""
    shape = shape_of(tab.faces[face].tile).oriented(orientation)
    board.place(tab.geo.cell(row, col), tab.shape_index(shape))
