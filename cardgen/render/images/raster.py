"""Face PDF -> PNG at print resolution (pypdfium2 renders, libvips writes), and TTS cells and sheets (Pillow).

The PNG shows the face as cut (its trim box), at 300 dpi by default; the
bytes depend only on the PDF, so they are cached by the PDF's hash.

These functions may be called from several threads (a build makes its face
PNGs on a worker thread): pdfium allows one call at a time in a process, whatever the
document, so every use of it here holds ``_PDFIUM`` and closes what it opened
before letting go; encoding runs outside it.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from cardgen.render.images.memory import BIG_IMAGE_PX, give_freed_memory_back

PNG_DPI = 300
POINTS_PER_INCH = 72.0

_PDFIUM = threading.Lock()
#: The document last opened by ``_page(..., keep=True)`` (and the bytes it was opened from), left open for the
#: next face of the same document until :func:`closing_kept_document` ends; guarded by ``_PDFIUM``.
_kept: tuple[bytes, pdfium.PdfDocument] | None = None


@contextmanager
def _page(pdf: bytes, index: int, keep: bool = False) -> Iterator[pdfium.PdfPage]:
    """Page ``index`` of ``pdf``, used while holding ``_PDFIUM``; the page closed after, and the document too
    unless ``keep``: then it stays open for the next call on the same ``pdf`` object (a batch of faces)."""
    global _kept
    with _PDFIUM:
        if keep and _kept is not None and _kept[0] is pdf:
            document = _kept[1]
        else:
            document = pdfium.PdfDocument(pdf)
            if keep:
                _close_kept()
                _kept = (pdf, document)
        page = document[index]  # loaded once: loading a page is most of what opening it costs
        try:
            yield page
        finally:
            page.close()
            if not keep:
                document.close()


def _close_kept() -> None:
    global _kept
    if _kept is not None:
        _kept[1].close()
        _kept = None


@contextmanager
def closing_kept_document() -> Iterator[None]:
    """Close the document ``_page(..., keep=True)`` kept open, on the way out (a build, once its PNGs are made)."""
    try:
        yield
    finally:
        with _PDFIUM:
            _close_kept()


def _trimmed_crop(page: pdfium.PdfPage) -> tuple[float, float, float, float]:
    """What to cut off each side of the page's media box (left, bottom, right, top) to keep its trim box."""
    media = page.get_mediabox()
    trim = page.get_trimbox()
    return (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])


#: How every face is rendered: white behind it, form fields drawn, into 4-byte RGBx pixels (pdfium's BGRx in
#: reverse order). Measured on the 119 faces of the Chinese set at 300 dpi (159 Mpx): rendering and copying
#: them into Pillow took 0.96-0.97 s CPU per 100 faces, against 1.08-1.18 s for pdfium's 3-byte BGR, which
#: Pillow has to swap and spread out pixel by pixel; the pixels are the same, byte for byte.
_RENDER = {"fill_color": (255, 255, 255, 255), "may_draw_forms": True,
           "force_bitmap_format": pdfium_c.FPDFBitmap_BGRx, "rev_byteorder": True}


def _rgb(page: pdfium.PdfPage, scale: float) -> Image.Image:
    """The page rendered at ``scale`` as a Pillow RGB image of its own (Pillow copies RGBx almost as is)."""
    bitmap = page.render(scale=scale, **_RENDER)
    try:
        return Image.frombytes("RGB", (bitmap.width, bitmap.height), bitmap.buffer, "raw", "RGBX", bitmap.stride, 1)
    finally:
        bitmap.close()


#: zlib level of the face PNGs, written by libvips without PNG row filters: flat card art needs none.
#: Measured side by side on the 119 faces of the Chinese set at 300 dpi (159 Mpx), each face rendered
#: from its own PDF (alone, not in a build), CPU per 100 faces: libvips level 2 0.94-0.96 s and 11.5 MB,
#: level 1 0.87-0.94 s and 13.9 MB; Pillow (zlib Z_RLE) 1.84-2.06 s and 11.7 MB, two thirds of its
#: encoding spent choosing each row's filter, which no Pillow option turns off. The same pixels, byte for byte.
PNG_COMPRESSION = 2
#: Names the encoding, for caches of encoded files: change it when the bytes for the same pixels change.
ENCODING = f"libvips-png-c{PNG_COMPRESSION}-unfiltered"
MM_PER_INCH = 25.4


@cache
def _vips() -> Any:
    """pyvips, imported on first use (a build without PNGs never loads libvips), its operation cache off:
    every image is encoded once, so a cache would only hold pixels."""
    import pyvips

    pyvips.cache_set_max(0)
    return pyvips


def png_bytes(rgbx: bytes | memoryview, width: int, height: int, stride: int, dpi: int) -> bytes:
    """RGBx rows (4 bytes a pixel, ``stride`` bytes a row) as an RGB PNG that records its resolution."""
    vips = _vips()
    image = vips.Image.new_from_memory(rgbx, stride // 4, height, 4, "uchar")
    if stride != width * 4:
        image = image.crop(0, 0, width, height)
    image = image.extract_band(0, n=3).copy(interpretation="srgb", xres=dpi / MM_PER_INCH, yres=dpi / MM_PER_INCH)
    return bytes(image.pngsave_buffer(compression=PNG_COMPRESSION, filter="none", keep="none"))


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


def face_png(pdf: bytes, index: int = 0, dpi: int = PNG_DPI, keep: bool = False) -> bytes:
    """Page ``index`` (a face) cut to its trim box, at ``dpi``, white behind transparent parts, as a PNG.

    pdfium renders into 4-byte RGBx pixels held by Python (pypdfium2's native bitmap, whose pixels outlive
    it), which libvips encodes as they are once pdfium is free for the next caller: copying them out first
    was a fifth of the export's CPU. ``keep``: leave the document open for the next page of the same
    ``pdf`` (:class:`cardgen.render.pdf.face.WrittenIn`: its fonts are parsed once for all its faces).
    """
    with _page(pdf, index, keep) as page:
        bitmap = page.render(scale=dpi / POINTS_PER_INCH, crop=_trimmed_crop(page), **_RENDER)
        width, height, stride, pixels = bitmap.width, bitmap.height, bitmap.stride, memoryview(bitmap.buffer)
        bitmap.close()
    data = png_bytes(pixels, width, height, stride, dpi)
    del pixels
    if width * height >= BIG_IMAGE_PX:
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
