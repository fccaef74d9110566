"""Tabletop Simulator deck sheets: a 10 x 7 grid of faces, at most 4096 px each way.

TTS imports a deck from one image cut into a grid; by its convention the last
cell (bottom right) is the "hidden" image shown for cards in another player's
hand, so a sheet holds at most 69 faces and the deck's back goes in cell 70.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

TTS_COLUMNS = 10
TTS_ROWS = 7
TTS_MAX_PX = 4096
TTS_CELLS = TTS_COLUMNS * TTS_ROWS - 1  # the last cell is the hidden card


@dataclass(frozen=True)
class DeckSheet:
    name: str  # file stem, e.g. "ticket" or "ticket-2"
    face_ids: list[str]
    png: bytes
    cell: tuple[int, int]


def cell_size(card_w_mm: float, card_h_mm: float) -> tuple[int, int]:
    """The largest cell with the card's proportions that keeps the grid within TTS_MAX_PX."""
    width = min(TTS_MAX_PX // TTS_COLUMNS, int(TTS_MAX_PX / TTS_ROWS * card_w_mm / card_h_mm))
    height = int(width * card_h_mm / card_w_mm)
    while height * TTS_ROWS > TTS_MAX_PX:
        width -= 1
        height = int(width * card_h_mm / card_w_mm)
    return width, height


def deck_sheets(deck: str, faces: list[tuple[str, Image.Image]], hidden: Image.Image,
                card_w_mm: float, card_h_mm: float) -> list[DeckSheet]:
    """Sheets of up to 69 distinct faces each, with ``hidden`` in the last cell of every sheet."""
    cw, ch = cell_size(card_w_mm, card_h_mm)
    hidden_cell = hidden.resize((cw, ch), Image.Resampling.LANCZOS)
    sheets = []
    chunks = [faces[i : i + TTS_CELLS] for i in range(0, len(faces), TTS_CELLS)] or [[]]
    for number, chunk in enumerate(chunks, start=1):
        grid = Image.new("RGB", (cw * TTS_COLUMNS, ch * TTS_ROWS), "white")
        for index, (_, image) in enumerate(chunk):
            row, col = divmod(index, TTS_COLUMNS)
            grid.paste(image.resize((cw, ch), Image.Resampling.LANCZOS), (col * cw, row * ch))
        grid.paste(hidden_cell, ((TTS_COLUMNS - 1) * cw, (TTS_ROWS - 1) * ch))
        buffer = io.BytesIO()
        grid.save(buffer, format="PNG")
        name = deck if len(chunks) == 1 else f"{deck}-{number}"
        sheets.append(DeckSheet(name, [face_id for face_id, _ in chunk], buffer.getvalue(), (cw, ch)))
    return sheets
