"""Face PDF -> PNG at print resolution (pypdfium2 renders, Pillow writes).

The PNG shows the face as cut (its trim box), at 300 dpi by default; the
bytes depend only on the PDF, so they are cached by the PDF's hash.

These functions may be called from several threads (a build makes its face
PNGs on a worker thread): pdfium allows one call at a time in a process, whatever the
document, so every use of it here holds ``_PDFIUM`` and closes what it opened
before letting go; Pillow's encoding runs outside it.
"""

from __future__ import annotations

import io
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from cardgen.render.images.memory import BIG_IMAGE_PX, give_freed_memory_back

PNG_DPI = 300
POINTS_PER_INCH = 72.0

_PDFIUM = threading.Lock()


@contextmanager
def _page(pdf: bytes, index: int) -> Iterator[pdfium.PdfPage]:
    """Page ``index`` of ``pdf``, used while holding ``_PDFIUM``; the document (and its page) closed after."""
    with _PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            yield document[index]  # loaded once: loading a page is most of what opening it costs
        finally:
            document.close()


def face_image(pdf: bytes, index: int = 0, dpi: float = PNG_DPI) -> Image.Image:
    """Page ``index`` (a face) cut to its trim box, rendered at ``dpi``, RGB, white behind transparent parts."""
    with _page(pdf, index) as page:
        return _trimmed(page, dpi)


def _trimmed(page: pdfium.PdfPage, dpi: float) -> Image.Image:
    media = page.get_mediabox()
    trim = page.get_trimbox()
    crop = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
    return _rgb(page, scale=dpi / POINTS_PER_INCH, crop=crop)


def _rgb(page: pdfium.PdfPage, scale: float, crop: tuple[float, float, float, float] = (0, 0, 0, 0)) -> Image.Image:
    """The page rendered at ``scale`` (less ``crop``), white behind it, as a Pillow RGB image of its own.

    pdfium renders into 4-byte RGBx pixels, in Pillow's order, which Pillow copies into its own RGB storage
    (also 4 bytes a pixel) almost as a plain copy. Measured on the 119 faces of the Chinese set at 300 dpi
    (159 Mpx): 0.96-0.97 s CPU per 100 faces to render and copy, against 1.08-1.18 s for pdfium's 3-byte BGR,
    which Pillow has to swap and spread out pixel by pixel; the pixels are the same, byte for byte.
    """
    bitmap = page.render(scale=scale, crop=crop, fill_color=(255, 255, 255, 255), may_draw_forms=True,
                         force_bitmap_format=pdfium_c.FPDFBitmap_BGRx, rev_byteorder=True)
    try:
        return Image.frombytes("RGB", (bitmap.width, bitmap.height), bitmap.buffer, "raw", "RGBX", bitmap.stride, 1)
    finally:
        bitmap.close()


#: zlib strategy of every PNG written: run-length deflate suits flat card art. Measured on the 119 faces of
#: the Chinese set at 300 dpi (159 Mpx), encoding alone: Z_RLE 2.10-2.14 s CPU and 11.1 MB, Pillow's default
#: (Z_FILTERED) at level 1 2.19 s and 12.2 MB, level 3 2.22 s and 11.9 MB, level 6 3.2 s and 10.4 MB. Most of
#: the cost is Pillow choosing each row's PNG filter, which no option turns off.
COMPRESS_TYPE = zlib.Z_RLE
#: Names the encoding, for caches of encoded files: change it when the bytes for the same pixels change.
ENCODING = "pillow-zlib-rle"


def png_bytes(image: Image.Image, dpi: int | None = PNG_DPI) -> bytes:
    """The image as a PNG (Pillow) that records its resolution when ``dpi`` is given."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_type=COMPRESS_TYPE, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


#: TTS deck sheets are JPEG (TTS reads JPEG and PNG alike): encoding a 4096 px sheet's PNG cost 8x its JPEG, and
#: without chroma subsampling (4:4:4) at this quality the text of a card on a table stays clean.
JPEG_QUALITY = 90
#: Names the JPEG encoding, for caches of encoded sheets.
JPEG_ENCODING = f"pillow-jpeg-q{JPEG_QUALITY}-444"


def jpeg_bytes(image: Image.Image) -> bytes:
    """The image as a baseline JPEG (Pillow), 4:4:4, at :data:`JPEG_QUALITY`."""
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=JPEG_QUALITY, subsampling=0)
    return buffer.getvalue()


def face_png(pdf: bytes, index: int = 0, dpi: int = PNG_DPI) -> bytes:
    image = face_image(pdf, index, dpi)
    data = png_bytes(image, dpi)
    pixels = image.width * image.height
    del image
    if pixels >= BIG_IMAGE_PX:
        give_freed_memory_back()  # a board's pixels (cardgen.render.images.memory)
    return data


def face_cell_pixels(pdf: bytes, index: int, size: tuple[int, int]) -> bytes:
    """The face rendered straight at ``size`` pixels (a TTS grid cell), as raw RGB rows.

    Rendering at the cell's size is sharper and faster than downscaling. The page is cut to its trim box
    first (its media box set to it, in the document opened here only), so the face starts on the cell's
    first pixel and pdfium's rounding up to whole pixels adds at most a pixel at the right and bottom edges,
    cut off again: no resampling (a Lanczos resize of every cell was a sixth of the TTS export's CPU).
    Raw pixels, not a PNG: a cell is only ever pasted into a TTS sheet, and
    decoding its 70 PNG cells would cost more than encoding the sheet.
    """
    with _page(pdf, index) as page:
        trim = page.get_trimbox()
        page.set_mediabox(*trim)
        image = _rgb(page, scale=size[0] / (trim[2] - trim[0]))
    if image.size != size:
        if image.width < size[0] or image.height < size[1]:  # pragma: no cover - pdfium rounds up
            image = image.resize(size, Image.Resampling.LANCZOS)
        image = image.crop((0, 0) + size)
    return image.tobytes()
