"""Tabletop Simulator deck sheets: a 10 x 7 grid of faces, at most 4096 px each way.

TTS imports a deck from one image cut into a grid; by its convention the last
cell (bottom right) is the "hidden" image shown for cards in another player's
hand, so a sheet holds at most 69 faces and the deck's back goes in cell 70.
Cells are rendered once per face at cell size (and cached by the caller); a sheet only pastes.
"""

from __future__ import annotations

import io

from PIL import Image

TTS_COLUMNS = 10
TTS_ROWS = 7
TTS_MAX_PX = 4096
TTS_FACES_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1  # the last cell is the hidden card
PNG_COMPRESS_LEVEL = 3  # big sheets: zlib level 6 costs seconds for a few percent


def cell_size(card_w_mm: float, card_h_mm: float) -> tuple[int, int]:
    """The largest cell with the card's proportions that keeps the grid within TTS_MAX_PX."""
    width = min(TTS_MAX_PX // TTS_COLUMNS, int(TTS_MAX_PX / TTS_ROWS * card_w_mm / card_h_mm))
    height = int(width * card_h_mm / card_w_mm)
    while height * TTS_ROWS > TTS_MAX_PX:
        width -= 1
        height = int(width * card_h_mm / card_w_mm)
    return width, height


def chunks(ids: list[str]) -> list[list[str]]:
    """Face ids split into sheets of at most TTS_FACES_PER_SHEET."""
    return [ids[i : i + TTS_FACES_PER_SHEET] for i in range(0, len(ids), TTS_FACES_PER_SHEET)] or [[]]


def sheet_png(cells: list[bytes], hidden_cell: bytes, cell: tuple[int, int]) -> bytes:
    """Paste up to 69 cells row by row and the hidden card into the last cell."""
    if len(cells) > TTS_FACES_PER_SHEET:
        raise ValueError(f"a TTS sheet holds {TTS_FACES_PER_SHEET} faces, not {len(cells)}")
    cw, ch = cell
    grid = Image.new("RGB", (cw * TTS_COLUMNS, ch * TTS_ROWS), "white")
    for index, data in enumerate(cells):
        row, col = divmod(index, TTS_COLUMNS)
        grid.paste(Image.open(io.BytesIO(data)), (col * cw, row * ch))
    grid.paste(Image.open(io.BytesIO(hidden_cell)), ((TTS_COLUMNS - 1) * cw, (TTS_ROWS - 1) * ch))
    buffer = io.BytesIO()
    grid.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
