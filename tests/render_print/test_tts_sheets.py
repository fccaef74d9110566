"""TTS sheets are pasted from raw cells by Pillow: the PNG must decode to the grid, the hidden card last."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

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
    data = tts.sheet_png(cells, hidden, size)
    sheet = Image.open(io.BytesIO(data))
    sheet.load()
    expected = Image.new("RGB", (size[0] * tts.TTS_COLUMNS, size[1] * tts.TTS_ROWS), "white")
    for index, cell in enumerate(cells):
        row, column = divmod(index, tts.TTS_COLUMNS)
        expected.paste(_image(cell, size), (column * size[0], row * size[1]))
    expected.paste(_image(hidden, size), ((tts.TTS_COLUMNS - 1) * size[0], (tts.TTS_ROWS - 1) * size[1]))
    assert sheet.mode == "RGB" and sheet.tobytes() == expected.tobytes()
    assert tts.sheet_png(cells, hidden, size) == data  # same cells, same bytes


def test_a_cell_of_the_wrong_size_or_too_many_cells_are_refused():
    size = (20, 30)
    with pytest.raises(ValueError, match="20x30 cell"):
        tts.sheet_png([_cell((1, 2, 3), (20, 29))], _cell((0, 0, 0), size), size)
    with pytest.raises(ValueError, match="holds 69 faces"):
        tts.sheet_png([_cell((1, 2, 3), size)] * 70, _cell((0, 0, 0), size), size)
