"""Lines near the cut of a card back, read from rendered pixels: a duplex shift of 1-1.5 mm shows any
line that runs along the trim, so a back keeps none within 5 mm of it (issue 22 item 7)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
from PIL import Image, ImageStat

from tests.render_print import engines

#: How far inside the trim a back draws no line.
CLEAR_MM = 5.0
#: A line parallel to a side whose mean colour differs from the band's usual line by more than this
#: (out of 255, per channel) is a drawn line; the back's diagonal stripes average out along a line.
LINE_TOLERANCE = 12
DPI = 150


def back_pages(shop_file: Path) -> list[int]:
    """1-based pages of the print-shop card file holding each distinct back once (each copy is its
    front page then its back page)."""
    pages: dict[tuple[int, int], int] = {}
    with pikepdf.open(shop_file) as pdf:
        for index in range(1, len(pdf.pages), 2):
            pages.setdefault(pdf.pages[index].Contents.objgen, index + 1)
    return sorted(pages.values())


def trim_image(shop_file: Path, page: int) -> Image.Image:
    """The page drawn by PDFium, cut to its TrimBox."""
    with pikepdf.open(shop_file) as pdf:
        media, trim = (pikepdf.Rectangle(pdf.pages[page - 1].obj[k]) for k in ("/MediaBox", "/TrimBox"))
    image = engines.render(shop_file, page, "pdfium", DPI)
    scale = DPI / 72
    return image.crop((round((trim.llx - media.llx) * scale), round((media.ury - trim.ury) * scale),
                       round((trim.urx - media.llx) * scale), round((media.ury - trim.lly) * scale)))


def lines_near_the_trim(image: Image.Image) -> list[str]:
    """Each side's lines (parallel to it, within CLEAR_MM of the trim) whose mean colour stands out."""
    band = round(CLEAR_MM / 25.4 * DPI)
    w, h = image.size
    sides = {"left": [(d, 0, d + 1, h) for d in range(band)],
             "right": [(w - 1 - d, 0, w - d, h) for d in range(band)],
             "top": [(0, d, w, d + 1) for d in range(band)],
             "bottom": [(0, h - 1 - d, w, h - d) for d in range(band)]}
    found = []
    for side, boxes in sides.items():
        means = []
        for box in boxes:  # the middle of the side: rounded corners and corner art stay out of it
            x0, y0, x1, y1 = box
            if side in ("left", "right"):
                y0, y1 = h // 5, h - h // 5
            else:
                x0, x1 = w // 5, w - w // 5
            means.append(ImageStat.Stat(image.crop((x0, y0, x1, y1))).mean)
        usual = [sorted(m[c] for m in means)[len(means) // 2] for c in range(3)]
        for distance, mean in enumerate(means):
            if max(abs(mean[c] - usual[c]) for c in range(3)) > LINE_TOLERANCE:
                found.append(f"{side}: a line {distance * 25.4 / DPI:.1f} mm inside the trim")
    return found
