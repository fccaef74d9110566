"""Reading built PDFs the way a print shop would: boxes, placements, fonts, text in a region."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pypdfium2 as pdfium

MM = 72 / 25.4


def placements(page: pypdf.PageObject) -> list[tuple[str, tuple[float, ...]]]:
    """(XObject name, current transformation matrix) of every ``Do`` on the page, in order."""
    content = pypdf.generic.ContentStream(page.get_contents(), page.pdf)
    stack: list[list[float]] = []
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    out = []
    for operands, operator in content.operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]
        elif operator == b"Do":
            out.append((str(operands[0]), tuple(ctm)))
    return out


def placed_boxes(page: pypdf.PageObject) -> list[tuple[str, tuple[float, ...], tuple[float, ...] | None]]:
    """(XObject name, matrix, visible box in page points as x0, y0, x1, y1) of every ``Do``.

    The visible box is the form's BBox mapped by the matrix, cut down by the
    rectangle clip (``re W n``) in force, which is how a sheet shows only part
    of a face (trim plus the bleed on its outer sides).
    """
    content = pypdf.generic.ContentStream(page.get_contents(), page.pdf)
    stack: list[tuple[list[float], tuple[float, ...] | None]] = []
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    clip: tuple[float, ...] | None = None
    pending: tuple[float, ...] | None = None
    out = []
    for operands, operator in content.operations:
        if operator == b"q":
            stack.append((ctm, clip))
        elif operator == b"Q":
            ctm, clip = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]
        elif operator == b"re":
            x, y, w, h = (float(v) for v in operands)
            pending = _box([_apply(ctm, x, y), _apply(ctm, x + w, y + h)])
        elif operator == b"W" and pending is not None:
            clip = pending if clip is None else _intersect(clip, pending)
        elif operator == b"Do":
            name = str(operands[0])
            x0, y0, x1, y1 = (float(v) for v in page["/Resources"]["/XObject"][name].get_object()["/BBox"])
            matrix = page["/Resources"]["/XObject"][name].get_object().get("/Matrix", [1, 0, 0, 1, 0, 0])
            a, b, c, d, e, f = (float(v) for v in matrix)
            A, B, C, D, E, F = ctm
            full = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]
            box = _box([_apply(full, x0, y0), _apply(full, x1, y1)])
            out.append((name, tuple(ctm), box if clip is None else _intersect(box, clip)))
    return out


def _apply(m: list[float], x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _box(points: list[tuple[float, float]]) -> tuple[float, ...]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _intersect(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def form_bbox(page: pypdf.PageObject, name: str) -> list[float]:
    xobject = page["/Resources"]["/XObject"][name].get_object()
    return [float(v) for v in xobject["/BBox"]]


def fonts_of(obj, seen=None) -> list[dict]:
    """Every font dictionary reachable from a page or form's resources (forms nest)."""
    seen = set() if seen is None else seen
    found = []
    resources = obj.get("/Resources")
    if resources is None:
        return found
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        if id(font) not in seen:
            seen.add(id(font))
            found.append(font)
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form" and id(xobject) not in seen:
            seen.add(id(xobject))
            found += fonts_of(xobject, seen)
    return found


def font_is_embedded_subset(font) -> tuple[bool, bool]:
    """(embedded, subset) for a simple or composite font."""
    name = str(font.get("/BaseFont", ""))
    descriptor = font.get("/FontDescriptor")
    if descriptor is None and "/DescendantFonts" in font:
        descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    subset = len(name) > 8 and name[7] == "+" and name[1:7].isupper()
    return embedded, subset


def text_in(path: Path, page_index: int, rect_mm: tuple[float, float, float, float]) -> str:
    """Text pdfium finds inside ``rect_mm`` (left, bottom, right, top) of a page, forms included."""
    document = pdfium.PdfDocument(str(path))
    try:
        textpage = document[page_index].get_textpage()
        left, bottom, right, top = (v * MM for v in rect_mm)
        return textpage.get_text_bounded(left, bottom, right, top)
    finally:
        document.close()


def page_text(path: Path, page_index: int) -> str:
    document = pdfium.PdfDocument(str(path))
    try:
        return document[page_index].get_textpage().get_text_range()
    finally:
        document.close()


def cut_by_tile_edges(path: Path, bleed: float = 3.0, text: str | None = None) -> list[tuple[float, str]]:
    """(edge, character) for each character of a print-shop board PDF's first page (a whole board, trim box
    marked) that a tile edge of any paper crosses.

    Without ``text``: every character, and the glued edges (the left edge of each later tile, cut and laid on
    the tile before it). With ``text``: that text's characters alone (it must be on the page), and both edges
    of each overlap (the dashed line on the tile beneath, marking the same place, stays in sight too)."""
    from cardgen.render.sheets.layout import PAPERS_MM, board_tiles

    document = pdfium.PdfDocument(str(path))
    try:
        page = document[0]
        left, bottom, right, top = page.get_trimbox()
        width, height = (right - left) / MM, (top - bottom) / MM
        tiles = [t for size in PAPERS_MM.values() for t in board_tiles(size, width, height, bleed)]
        sides = [t.region.x for t in tiles] + ([t.region.x + t.region.w for t in tiles] if text else [])
        edges = {round(edge, 2) for edge in sides if 0 < edge < width - 0.01}
        assert edges  # the board is tiled on every paper (a check that can fail)
        textpage = page.get_textpage()
        chars = [(index, textpage.get_text_range(index, 1)) for index in range(textpage.count_chars())]
        chars = [(index, ch) for index, ch in chars if not ch.isspace() and ch != "\u00ad"]
        if text is not None:
            wanted = "".join(text.split())
            start = "".join(ch for _, ch in chars).find(wanted)
            assert start >= 0, f"{text!r} is not on the page"
            chars = chars[start:start + len(wanted)]
        cut = []
        for index, ch in chars:
            x0, _, x1, _ = textpage.get_charbox(index)
            cut += [(edge, ch) for edge in edges if x0 < left + edge * MM < x1]
        return cut
    finally:
        document.close()
