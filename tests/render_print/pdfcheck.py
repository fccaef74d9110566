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
