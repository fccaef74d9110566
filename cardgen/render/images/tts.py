"""Tabletop Simulator deck sheets: a grid of faces of at most 10 x 7 cells, at most 4096 px each way.

TTS imports a deck from one image cut into a grid; by its convention the last
cell (bottom right) is the "hidden" image shown for cards in another player's
hand, so a sheet holds at most 69 faces and the deck's back goes in its last
cell. A deck's cards are spread evenly over the fewest sheets, and each sheet
is the smallest grid that holds its cards (at least 2 x 2, as TTS asks): the
cells keep the resolution of a full 10 x 7 sheet, and no sheet carries rows
of white cells (82 tickets are two 7 x 6 sheets of 41, not 69 and 13 on two
full 10 x 7 sheets: 40% fewer pixels to encode). Cells are rendered once per
face at cell size, as raw RGB pixels (cached by the caller), and pasted into
the sheet, which Pillow encodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from PIL import Image

from cardgen.render.images.raster import jpeg_bytes
from cardgen.render.images.memory import give_freed_memory_back

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
    """Face ids spread evenly over the fewest sheets of at most TTS_FACES_PER_SHEET (earlier sheets take
    the one extra card)."""
    count = max(1, -(-len(ids) // TTS_FACES_PER_SHEET))
    size, extra = divmod(len(ids), count)
    out, start = [], 0
    for number in range(count):
        end = start + size + (number < extra)
        out.append(ids[start:end])
        start = end
    return out


#: The smallest grid TTS's custom deck accepts, each way.
TTS_MIN_GRID = 2


def grid(cards: int) -> tuple[int, int]:
    """(columns, rows) of the smallest sheet holding ``cards`` and the hidden card (the widest of equals).

    >>> grid(69), grid(41), grid(15), grid(1)
    ((10, 7), (7, 6), (8, 2), (2, 2))
    """
    if not 0 <= cards <= TTS_FACES_PER_SHEET:
        raise ValueError(f"a TTS sheet holds 0 to {TTS_FACES_PER_SHEET} faces, not {cards}")
    fits = [(columns * rows, -columns, columns, rows)
            for columns in range(TTS_MIN_GRID, TTS_COLUMNS + 1) for rows in range(TTS_MIN_GRID, TTS_ROWS + 1)
            if columns * rows >= cards + 1]
    _, _, columns, rows = min(fits)
    return columns, rows


def sheet_slots(cells: list[T], hidden: T, columns: int = TTS_COLUMNS, rows: int = TTS_ROWS) -> list[T | None]:
    """A sheet's cells (or their ids) in reading order, None where it stays white, the hidden card last."""
    if len(cells) > columns * rows - 1:
        raise ValueError(f"a {columns} x {rows} TTS sheet holds {columns * rows - 1} faces, not {len(cells)}")
    return list(cells) + [None] * (columns * rows - 1 - len(cells)) + [hidden]


def _as_is(cell: Any) -> bytes:
    return cell


def sheet_jpeg(cells: Sequence[T], hidden: T, cell: tuple[int, int],
               pixels: Callable[[T], bytes] = _as_is) -> bytes:
    """Up to 69 cells in reading order and the hidden card in the last cell of the smallest grid that holds
    them (:func:`grid`), as a JPEG (:func:`cardgen.render.images.raster.jpeg_bytes`). ``pixels`` gives a cell's
    raw RGB pixels, asked one cell at a time as it is
    pasted (a 7 x 6 sheet's cells are 29 MB together)."""
    cw, ch = cell
    columns, rows = grid(len(cells))
    sheet = Image.new("RGB", (cw * columns, ch * rows), "white")
    last: tuple[T | None, Image.Image | None] = (None, None)  # a card's copies follow each other: decoded once
    for index, slot in enumerate(sheet_slots(list(cells), hidden, columns, rows)):
        if slot is None:
            continue
        image = last[1] if last[0] is slot else None
        if image is None:
            data = pixels(slot)
            if len(data) != 3 * cw * ch:
                raise ValueError(f"a {cw}x{ch} cell has {3 * cw * ch} bytes of RGB, not {len(data)}")
            image = Image.frombytes("RGB", cell, data)
            last = (slot, image)
        row, column = divmod(index, columns)
        sheet.paste(image, (column * cw, row * ch))
    data = jpeg_bytes(sheet)
    del sheet
    give_freed_memory_back()  # the sheet's pixels (cardgen.render.images.memory)
    return data
