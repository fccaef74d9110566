"""Boards: track map, timetable track, wait tracks, station mats, train tokens, quick reference."""

from __future__ import annotations

from cardgen.model.content import Content
from cardgen.model.schema import PrintRow
from cardgen.render.facekit import Face, FaceMaker


def board_faces(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    return []
