"""Impose sheets and join PDFs with pikepdf: each face once per document as a form XObject.

Each face's page becomes one Form XObject (``Page.as_form_xobject``: its
whole trim + bleed page) copied into the output document once, and each
placement clips it to the visible box on the sheet:
``q x y w h re W n <matrix> cm /FN Do Q``. The sheet's furniture page (crop
marks, label) is one more form drawn over the cards. Every output PDF then
gets one subset per font (cardgen.render.pdf.fontmerge), tags made from the
programs, and is written reproducibly (cardgen.render.pdf.save).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from functools import lru_cache

import pikepdf
from pikepdf import Dictionary, Name, Operator
from reportlab.lib.units import mm

from cardgen.render.pdf import fontmerge
from cardgen.render.pdf.face import FacePdf
from cardgen.render.pdf.save import open_pdf, pdf_bytes


def _number(value: float) -> Decimal:
    """A coordinate rounded to 1/10,000 pt: the same text in the content stream on every machine."""
    return Decimal(f"{value:.4f}").normalize() + 0


def placement_ops(name: Name, source, at: tuple[float, float], rotate180: bool) -> list:
    """Clip to the visible box on the sheet, then draw the face so that ``source`` fills it."""
    x, y = at
    clip = [_number(x * mm), _number(y * mm), _number(source.w * mm), _number(source.h * mm)]
    if rotate180:
        matrix = (-1, 0, 0, -1, (x + source.w + source.x) * mm, (y + source.h + source.y) * mm)
    else:
        matrix = (1, 0, 0, 1, (x - source.x) * mm, (y - source.y) * mm)
    return [([], Operator("q")), (clip, Operator("re")), ([], Operator("W")), ([], Operator("n")),
            ([_number(v) for v in matrix], Operator("cm")), ([name], Operator("Do")), ([], Operator("Q"))]


def _whole_page_form(page: pikepdf.Page) -> pikepdf.Object:
    """The page as a form XObject bounded by its media box (qpdf bounds it by the trim box: the bleed
    would be cut off)."""
    form = page.as_form_xobject()
    form.BBox = pikepdf.Array(page.mediabox)
    return form


#: Opened documents kept at most (a build lets them all go when it has written its PDFs: :func:`opened`).
MAX_OPENED = 512


@lru_cache(maxsize=MAX_OPENED)
def _opened(data: bytes) -> pikepdf.Pdf:
    """A face or part PDF opened once per build: every output PDF it is in copies from the same one.
    Nothing is ever changed in it but the forms made of its pages (:func:`_face_form`). Callers hold
    on to what they copy from until they have written it: qpdf reads the stream data of copied
    objects from the source when the copy is saved."""
    return open_pdf(data)


@contextmanager
def opened() -> Iterator[None]:
    """While active, each face or part PDF is opened once; on leaving, every opened one is let go.

    An opened face holds about a megabyte in qpdf: kept from one build to the next, the faces of a
    set held a hundred megabytes through the rest of the build (the peak of a cold build), for the
    few hundredths of a second that opening them again costs a rebuild.
    """
    try:
        yield
    finally:
        _face_form.cache_clear()
        _opened.cache_clear()


@lru_cache(maxsize=MAX_OPENED)
def _face_form(data: bytes, index: int) -> tuple[pikepdf.Pdf, pikepdf.Object]:
    """Page ``index`` of ``data`` as a form, made once, with the document that holds it."""
    source = _opened(data)
    return source, _whole_page_form(source.pages[index])


def finished(pdf: pikepdf.Pdf) -> bytes:
    """An output PDF's bytes: one subset per stack font, subset tags from the programs, reproducible.

    Identical small streams that several faces or kinds each brought (a rule drawn in a group, a
    sheet's placement stream) are not merged: that saved 2-3% of a joined file (12 KB of the combined
    print PDF, 7 KB of the print-shop file) for 0.06-0.08 s of every build that rewrites it.
    """
    fontmerge.merge_and_retag(pdf)
    return pdf_bytes(pdf)


def compose(sheets: Sequence, face_pdfs: dict[str, FacePdf], furniture: bytes) -> bytes:
    """The PDF of ``sheets`` (page i's furniture is page i of ``furniture``), each face embedded once."""
    out = pikepdf.Pdf.new()
    forms: dict[str, pikepdf.Object] = {}
    sources: list[pikepdf.Pdf] = []  # kept until ``out`` is written
    marks = open_pdf(furniture)
    if len(marks.pages) != len(sheets):
        raise ValueError("one furniture page per sheet expected")
    for number, sheet in enumerate(sheets):
        names: dict[str, Name] = {}
        xobjects = Dictionary()
        ops: list = []
        for placement in sheet.placements:
            face = face_pdfs[placement.face_id]
            if face.digest not in forms:
                source, form = _face_form(face.pdf, face.index)
                sources.append(source)
                forms[face.digest] = out.copy_foreign(form)
            if placement.face_id not in names:
                names[placement.face_id] = Name(f"/F{len(names)}")
                xobjects[names[placement.face_id]] = forms[face.digest]
            ops += placement_ops(names[placement.face_id], placement.source, placement.at, placement.rotate180)
        xobjects.Marks = out.copy_foreign(_whole_page_form(marks.pages[number]))
        ops += [([], Operator("q")), ([Name.Marks], Operator("Do")), ([], Operator("Q"))]
        page = out.add_blank_page(page_size=(_number(sheet.page[0] * mm), _number(sheet.page[1] * mm)))
        page.Resources = Dictionary(XObject=xobjects)
        page.Contents = out.make_stream(pikepdf.unparse_content_stream(ops))
    return finished(out)


def concatenate(documents: Sequence[bytes]) -> bytes:
    """Whole PDFs one after another (qpdf copies their pages), fonts merged across them."""
    out = pikepdf.Pdf.new()
    sources = [_opened(data) for data in documents]  # kept until ``out`` is written
    for source in sources:
        out.pages.extend(source.pages)
    return finished(out)
