"""Face PDF -> PNG at print resolution (pypdfium2 renders, Pillow writes).

The PNG shows the face as cut (its trim box), at 300 dpi by default; the
bytes depend only on the PDF, so they are cached by the PDF's hash.
"""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from PIL import Image

PNG_DPI = 300
POINTS_PER_INCH = 72.0


def face_image(pdf: bytes, dpi: int = PNG_DPI) -> Image.Image:
    """The face's trim box rendered at ``dpi``, RGB, white behind transparent parts."""
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        media = page.get_mediabox()
        trim = page.get_trimbox()
        crop = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        bitmap = page.render(scale=dpi / POINTS_PER_INCH, crop=crop, fill_color=(255, 255, 255, 255),
                             may_draw_forms=True)
        return bitmap.to_pil().convert("RGB")
    finally:
        document.close()


def png_bytes(image: Image.Image, dpi: int = PNG_DPI) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def face_png(pdf: bytes, dpi: int = PNG_DPI) -> bytes:
    return png_bytes(face_image(pdf, dpi), dpi)
