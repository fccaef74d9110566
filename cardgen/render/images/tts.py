"""Tabletop Simulator deck sheets: a 10 x 7 grid of faces, at most 4096 px each way.

TTS imports a deck from one image cut into a grid; by its convention the last
cell (bottom right) is the "hidden" image shown for cards in another player's
hand, so a sheet holds at most 69 faces and the deck's back goes in cell 70.
Cells are rendered once per face at cell size and sheets are joined from bands of cells
(both cached by the caller), so a sheet only re-encodes the rows that changed.
"""

from __future__ import annotations

import struct
import zlib

from typing import TypeVar

from cardgen.render.images import pngwrite

T = TypeVar("T")

TTS_COLUMNS = 10
TTS_ROWS = 7
TTS_MAX_PX = 4096
TTS_FACES_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1  # the last cell is the hidden card
PNG_COMPRESS_LEVEL = pngwrite.COMPRESS_LEVEL


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
    """Paste up to 69 cells (raw RGB pixels) row by row and the hidden card into the last cell."""
    return join_bands([band(row, cell) for row in band_slots(cells, hidden_cell)], cell)


def band_slots(cells: list[T], hidden: T) -> list[list[T | None]]:
    """A sheet's cells (or their ids) row by row, None where it stays white, the hidden card last."""
    if len(cells) > TTS_FACES_PER_SHEET:
        raise ValueError(f"a TTS sheet holds {TTS_FACES_PER_SHEET} faces, not {len(cells)}")
    slots: list[T | None] = list(cells) + [None] * (TTS_FACES_PER_SHEET - len(cells)) + [hidden]
    return [slots[r * TTS_COLUMNS : (r + 1) * TTS_COLUMNS] for r in range(TTS_ROWS)]


_BAND_HEAD = struct.Struct(">IQ")  # adler-32 and length of the band's filtered scanlines


def band(cells: list[bytes | None], cell: tuple[int, int]) -> bytes:
    """One row of cells (raw RGB pixels, None for white) as compressed PNG scanlines a sheet is joined from.

    Encoding a whole 4096 px sheet took most of a one-card rebuild; a sheet is
    now seven bands, each compressed on its own (deflate, flushed so that the
    next band starts clean) and kept by the caller, so changing one card
    re-encodes one band. Rows are left unfiltered (PNG filter type 0): on flat
    card art that compresses as well as the "Up" filter, faster, and no row
    depends on the band above. Scanlines are cut straight from the cells'
    pixels: no image is pasted together.
    """
    cw, ch = cell
    stride = 3 * cw
    white = b"\xff" * stride
    for data in cells:
        if data is not None and len(data) != stride * ch:
            raise ValueError(f"a {cw}x{ch} cell has {stride * ch} bytes of RGB, not {len(data)}")
    slots = [memoryview(data) if data is not None else None for data in cells]
    slots += [None] * (TTS_COLUMNS - len(slots))
    filtered = b"".join(
        b"\x00" + b"".join(white if data is None else data[r * stride : (r + 1) * stride] for data in slots)
        for r in range(ch))
    packer = zlib.compressobj(PNG_COMPRESS_LEVEL, zlib.DEFLATED, -15)
    packed = packer.compress(filtered) + packer.flush(zlib.Z_FULL_FLUSH)
    return _BAND_HEAD.pack(zlib.adler32(filtered), len(filtered)) + packed


def join_bands(bands: list[bytes], cell: tuple[int, int]) -> bytes:
    """The PNG of a sheet from its bands: their deflate data back to back in one zlib stream."""
    checksum, stream = 1, bytearray(b"\x78\x01")
    for data in bands:
        adler, length = _BAND_HEAD.unpack_from(data)
        checksum = adler32_combine(checksum, adler, length)
        stream += data[_BAND_HEAD.size :]
    stream += zlib.compressobj(PNG_COMPRESS_LEVEL, zlib.DEFLATED, -15).flush()  # the final, empty block
    stream += struct.pack(">I", checksum)
    return pngwrite.png_file(cell[0] * TTS_COLUMNS, cell[1] * TTS_ROWS, bytes(stream))


_ADLER_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """Adler-32 of A + B from those of A and B and the length of B (zlib's adler32_combine)."""
    remainder = second_length % _ADLER_BASE
    low = first & 0xFFFF
    high = (remainder * low) % _ADLER_BASE
    low = (low + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + _ADLER_BASE - remainder) % _ADLER_BASE
    return (high << 16) | low
