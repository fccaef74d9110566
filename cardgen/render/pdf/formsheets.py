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

import pikepdf
from pikepdf import Dictionary, Name, Operator
from reportlab.lib.units import mm

from cardgen.render.pdf import fontmerge, pdfx
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


class _Opened:
    """Face and part PDFs opened by qpdf, and the forms made of their pages, while a build writes its PDFs.

    Every output PDF a face is in copies from the same opened document (and form). Nothing is ever
    changed in one but the forms made of its pages. Callers hold on to what they copy from until
    they have written it: qpdf reads the stream data of copied objects from the source when the
    copy is saved.
    """

    def __init__(self) -> None:
        self.documents: dict[bytes, pikepdf.Pdf] = {}
        self.forms: dict[tuple[bytes, int], pikepdf.Object] = {}
        self.used: set[bytes] = set()  # what the build under way opened or reused
        self.active = 0  # builds writing their PDFs (:func:`opened`)
        self.kept = 0  # watches keeping documents between builds (:func:`kept_between_builds`)

    def keep_only(self, wanted: set[bytes]) -> None:
        self.documents = {data: pdf for data, pdf in self.documents.items() if data in wanted}
        self.forms = {key: form for key, form in self.forms.items() if key[0] in wanted}


_OPEN = _Opened()


def _opened(data: bytes) -> pikepdf.Pdf:
    """``data`` opened by qpdf: once per build while :func:`opened` is active, else anew."""
    if not _OPEN.active:
        return open_pdf(data)
    _OPEN.used.add(data)
    pdf = _OPEN.documents.get(data)
    if pdf is None:
        pdf = _OPEN.documents[data] = open_pdf(data)
    return pdf


def _face_form(data: bytes, index: int) -> tuple[pikepdf.Pdf, pikepdf.Object]:
    """Page ``index`` of ``data`` as a form, with the document that holds it (made once per build)."""
    source = _opened(data)
    if not _OPEN.active:
        return source, _whole_page_form(source.pages[index])
    form = _OPEN.forms.get((data, index))
    if form is None:
        form = _OPEN.forms[(data, index)] = _whole_page_form(source.pages[index])
    return source, form


@contextmanager
def opened() -> Iterator[None]:
    """While active (a build writing its PDFs), each face or part PDF is opened once. On leaving, the
    opened ones are let go: all of them, or, while :func:`kept_between_builds` is active, those this
    build did not use (an edited face's old PDF).

    An opened face holds about a megabyte in qpdf: kept after a one-off build, the faces of a set
    held a hundred megabytes through the rest of it (the peak of a cold build).
    """
    if not _OPEN.active:
        _OPEN.used = set()
    _OPEN.active += 1
    try:
        yield
    finally:
        _OPEN.active -= 1
        if not _OPEN.active:
            _OPEN.keep_only(_OPEN.used if _OPEN.kept else set())
            _OPEN.used = set()


@contextmanager
def kept_between_builds() -> Iterator[None]:
    """While active (``cardgen build --watch``), the PDFs a build opened stay open for the next one:
    reopening the faces of a set and copying them again cost a one-card rebuild about 0.08 s of its
    0.9 s. A watch holds them (about a hundred megabytes) until it stops."""
    _OPEN.kept += 1
    try:
        yield
    finally:
        _OPEN.kept -= 1
        if not _OPEN.kept:
            _OPEN.keep_only(set())


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


def concatenate(documents: Sequence[bytes], pdfx_title: str | None = None) -> bytes:
    """Whole PDFs one after another (qpdf copies their pages), fonts merged across them; with a
    ``pdfx_title``, declared PDF/X-4 under it (cardgen.render.pdf.pdfx: the print-shop files).

    A document given several times (a face's copies in the print-shop file) is opened once, so
    its copies share what it holds: qpdf copies a foreign object once per source document.
    """
    out = pikepdf.Pdf.new()
    sources = {data: _opened(data) for data in dict.fromkeys(documents)}  # kept until ``out`` is written
    for data in documents:
        out.pages.extend(sources[data].pages)
    if pdfx_title is None:
        return finished(out)
    fontmerge.merge_and_retag(out)
    pdfx.declare(out, pdfx_title)
    return pdfx.pdfx_bytes(out)
