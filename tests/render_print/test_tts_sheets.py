"""TTS sheets are pasted from raw cells by Pillow: the JPEG must decode to the grid, the hidden card last."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.render.images import tts


def _cell(colour: tuple[int, int, int], size: tuple[int, int]) -> bytes:
    image = Image.new("RGB", size, colour)
    image.putpixel((3, 5), (1, 2, 3))  # a detail, so rows differ
    return image.tobytes()  # cells are raw RGB pixels


def _image(cell: bytes, size: tuple[int, int]) -> Image.Image:
    return Image.frombytes("RGB", size, cell)


def test_a_sheet_is_the_grid_of_its_cells_with_the_hidden_card_last():
    rng = random.Random(7)
    size = (40, 60)
    cells = [_cell((rng.randrange(256), rng.randrange(256), rng.randrange(256)), size) for _ in range(23)]
    hidden = _cell((9, 9, 9), size)
    data = tts.sheet_jpeg(cells, hidden, size)
    sheet = Image.open(io.BytesIO(data))
    sheet.load()
    columns, rows = 8, 3  # 23 cards and the hidden one: exactly 24 cells, the widest such grid
    assert tts.grid(len(cells)) == (columns, rows)
    expected = Image.new("RGB", (size[0] * columns, size[1] * rows), "white")
    for index, cell in enumerate(cells):
        row, column = divmod(index, columns)
        expected.paste(_image(cell, size), (column * size[0], row * size[1]))
    expected.paste(_image(hidden, size), ((columns - 1) * size[0], (rows - 1) * size[1]))
    assert sheet.format == "JPEG" and sheet.mode == "RGB" and sheet.size == expected.size
    # JPEG is lossy: every cell's flat colour comes back within a few levels (4:4:4, quality 90)
    difference = ImageChops.difference(sheet, expected)
    assert max(ImageStat.Stat(difference).mean) < 1.0
    for index in range(columns * rows):
        row, column = divmod(index, columns)
        box = (column * size[0] + 8, row * size[1] + 8, (column + 1) * size[0] - 8, (row + 1) * size[1] - 8)
        assert max(channel for _, channel in difference.crop(box).getextrema()) <= 4, index
    assert tts.sheet_jpeg(cells, hidden, size) == data  # same cells, same bytes


def test_a_cell_of_the_wrong_size_or_too_many_cells_are_refused():
    size = (20, 30)
    with pytest.raises(ValueError, match="20x30 cell"):
        tts.sheet_jpeg([_cell((1, 2, 3), (20, 29))], _cell((0, 0, 0), size), size)
    with pytest.raises(ValueError, match="holds 0 to 69 faces, not 70"):
        tts.sheet_jpeg([_cell((1, 2, 3), size)] * 70, _cell((0, 0, 0), size), size)


def test_a_deck_is_spread_evenly_over_the_fewest_sheets():
    assert [len(c) for c in tts.chunks([str(i) for i in range(82)])] == [41, 41]
    assert [len(c) for c in tts.chunks([str(i) for i in range(139)])] == [47, 46, 46]
    assert [len(c) for c in tts.chunks([str(i) for i in range(69)])] == [69]
    assert tts.chunks([]) == [[]]


@pytest.mark.parametrize("cards", range(0, 70))
def test_a_grid_is_the_smallest_tts_accepts(cards):
    columns, rows = tts.grid(cards)
    assert 2 <= columns <= 10 and 2 <= rows <= 7 and columns * rows >= cards + 1
    assert all(c * r < cards + 1 or c * r >= columns * rows for c in range(2, 11) for r in range(2, 8))
