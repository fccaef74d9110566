"""TTS sheets are joined from separately compressed bands: the PNG must decode to the pasted grid."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from hypothesis import given, strategies as st
from PIL import Image

from cardgen.render.images import tts


@given(st.binary(max_size=3000), st.binary(max_size=3000))
def test_adler32_of_two_parts_combines_like_zlib(first, second):
    combined = tts.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def _cell(colour: tuple[int, int, int], size: tuple[int, int]) -> bytes:
    image = Image.new("RGB", size, colour)
    image.putpixel((3, 5), (1, 2, 3))  # a detail, so rows differ
    return image.tobytes()  # cells are raw RGB pixels


def _image(cell: bytes, size: tuple[int, int]) -> Image.Image:
    return Image.frombytes("RGB", size, cell)


def test_a_sheet_joined_from_bands_is_the_grid_of_its_cells():
    rng = random.Random(7)
    size = (40, 60)
    cells = [_cell((rng.randrange(256), rng.randrange(256), rng.randrange(256)), size) for _ in range(23)]
    hidden = _cell((9, 9, 9), size)
    sheet = Image.open(io.BytesIO(tts.sheet_png(cells, hidden, size)))
    sheet.load()
    expected = Image.new("RGB", (size[0] * tts.TTS_COLUMNS, size[1] * tts.TTS_ROWS), "white")
    for index, data in enumerate(cells):
        row, column = divmod(index, tts.TTS_COLUMNS)
        expected.paste(_image(data, size), (column * size[0], row * size[1]))
    expected.paste(_image(hidden, size), ((tts.TTS_COLUMNS - 1) * size[0], (tts.TTS_ROWS - 1) * size[1]))
    assert sheet.mode == "RGB" and sheet.tobytes() == expected.tobytes()


def test_changing_one_cell_changes_only_its_band():
    size = (20, 30)
    cells = [_cell((i * 7 % 256, 100, 50), size) for i in range(30)]
    hidden = _cell((0, 0, 0), size)
    before = [tts.band(row, size) for row in tts.band_slots(cells, hidden)]
    cells[14] = _cell((255, 0, 0), size)
    after = [tts.band(row, size) for row in tts.band_slots(cells, hidden)]
    assert [a != b for a, b in zip(before, after)] == [False, True, False, False, False, False, False]


def test_a_cell_of_the_wrong_size_is_refused():
    size = (20, 30)
    with pytest.raises(ValueError, match="20x30 cell"):
        tts.band([_cell((1, 2, 3), (20, 29))], size)
