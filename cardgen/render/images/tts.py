"""Tabletop Simulator deck sheets: a 10 x 7 grid of faces, at most 4096 px each way.

TTS imports a deck from one image cut into a grid; by its convention the last
cell (bottom right) is the "hidden" image shown for cards in another player's
hand, so a sheet holds at most 69 faces and the deck's back goes in cell 70.
Cells are rendered once per face at cell size, as raw RGB pixels (cached by
the caller), and pasted into the sheet, which Pillow encodes.
"""

from __future__ import annotations

from typing import TypeVar

from PIL import Image

from cardgen.render.images.raster import png_bytes

T = TypeVar("T")

TTS_COLUMNS = 10
TTS_ROWS = 7
TTS_MAX_PX = 4096
TTS_FACES_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1  # the last cell is the hidden card


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


def sheet_slots(cells: list[T], hidden: T) -> list[T | None]:
    """A sheet's 70 cells (or their ids) in reading order, None where it stays white, the hidden card last."""
    if len(cells) > TTS_FACES_PER_SHEET:
        raise ValueError(f"a TTS sheet holds {TTS_FACES_PER_SHEET} faces, not {len(cells)}")
    return list(cells) + [None] * (TTS_FACES_PER_SHEET - len(cells)) + [hidden]


def sheet_png(cells: list[bytes], hidden_cell: bytes, cell: tuple[int, int]) -> bytes:
    """Up to 69 cells (raw RGB pixels) in reading order and the hidden card in the last cell, as a PNG."""
    cw, ch = cell
    sheet = Image.new("RGB", (cw * TTS_COLUMNS, ch * TTS_ROWS), "white")
    for index, data in enumerate(sheet_slots(cells, hidden_cell)):
        if data is None:
            continue
        if len(data) != 3 * cw * ch:
            raise ValueError(f"a {cw}x{ch} cell has {3 * cw * ch} bytes of RGB, not {len(data)}")
        row, column = divmod(index, TTS_COLUMNS)
        sheet.paste(Image.frombytes("RGB", cell, data), (column * cw, row * ch))
    return png_bytes(sheet, dpi=None)
