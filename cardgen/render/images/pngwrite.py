"""PNG files written from raw RGB rows: unfiltered scanlines, one deflate stream, no image library.

Card art is flat colour: rows left unfiltered (PNG filter type 0) compress as
well as Pillow's adaptive filtering, at zlib level 3 even smaller, in about
half the time (Pillow tries every filter on every row). The bytes depend only
on the pixels and the resolution.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable

COMPRESS_LEVEL = 3  # level 6 costs seconds over a build for a few percent
#: Names the encoding, for caches of encoded files: change it when the bytes for the same pixels change.
ENCODING = f"filter0-zlib{COMPRESS_LEVEL}"
SIGNATURE = b"\x89PNG\r\n\x1a\n"
INCHES_PER_METRE = 1 / 0.0254


def scanlines(rgb: bytes | memoryview, width: int, height: int) -> bytes:
    """The rows of ``rgb`` each behind PNG filter byte 0 (none), ready to deflate."""
    stride = 3 * width
    if len(rgb) != stride * height:
        raise ValueError(f"{width}x{height} RGB is {stride * height} bytes, not {len(rgb)}")
    view = memoryview(rgb)
    return b"".join(b"\x00" + view[r * stride : (r + 1) * stride] for r in range(height))


def rgb_png(rgb: bytes, width: int, height: int, dpi: int | None = None) -> bytes:
    """A PNG of ``width`` x ``height`` raw RGB pixels, with its resolution if ``dpi`` is given."""
    return block_png([(rgb, height)], width, dpi)


def block_png(blocks: Iterable[tuple[bytes, int]], width: int, dpi: int | None = None) -> bytes:
    """A PNG from its rows given in blocks of (raw RGB, number of rows), compressed block by block.

    A board at 300 dpi is a hundred megabytes of pixels: compressed as they
    come, no copy of the whole image is ever made here.
    """
    packer = zlib.compressobj(COMPRESS_LEVEL)
    parts: list[bytes] = []
    height = 0
    for rgb, rows in blocks:
        parts.append(packer.compress(scanlines(rgb, width, rows)))
        height += rows
    parts.append(packer.flush())
    return png_file(width, height, b"".join(parts), dpi)


def png_file(width: int, height: int, idat: bytes, dpi: int | None = None) -> bytes:
    """The PNG file of an 8-bit RGB image whose zlib stream of filtered scanlines is ``idat``."""
    parts = [SIGNATURE, chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
    if dpi is not None:
        per_metre = int(dpi * INCHES_PER_METRE + 0.5)
        parts.append(chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [chunk(b"IDAT", idat), chunk(b"IEND", b"")]
    return b"".join(parts)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
