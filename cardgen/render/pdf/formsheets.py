"""Impose sheets by writing their content streams: each face once per document as a Form XObject.

pdfium's page-as-XObject makes one copy of a face per crop box, so a sheet of
butted cards with bleed on the outer sides held up to twice every face, and
importing them was the slowest step of a build. Here each face page becomes
one Form XObject (its whole trim + bleed page) in the output document, and
each placement clips it to the visible box on the sheet:
``q x y w h re W n <matrix> cm /FaceN Do Q``. The sheet's furniture page
(crop marks, label) is one more form drawn over the cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reportlab.lib.units import mm

from cardgen.render.pdf import pdfbytes
from cardgen.render.pdf.fonttags import Objects
from cardgen.render.pdf.dedupe import NotPlainPdf, merged, renumber_refs
from cardgen.render.pdf.join import HEADER, split
from cardgen.render.pdf.face import FacePdf

_MEDIA = re.compile(rb"/MediaBox\s*\[([^\]]*)\]")
_CONTENTS = re.compile(rb"/Contents\s+(\d+) 0 R")
_RESOURCES_REF = re.compile(rb"/Resources\s+(\d+) 0 R")
_RESOURCES_INLINE = re.compile(rb"/Resources\s*<<")
_FILTER = re.compile(rb"/Filter\s*(/\w+|\[[^\]]*\])")
_DECODE_PARMS = re.compile(rb"/DecodeParms")


class _Source:
    """One parsed source PDF: its objects (renumbered into the output) and a form per page."""

    def __init__(self, data: bytes, base: int) -> None:
        _, objects, kids = _split_plain(data)
        pages = set(kids)
        kept = [n for n in objects if n not in pages and b"/Type/Metadata" not in objects[n][0]]
        extra = len(kept)  # numbers after the kept objects, for inline resource dictionaries
        mapping = {n: base + i for i, n in enumerate(kept)}
        self.bodies: list[tuple[bytes, bytes | None]] = []
        forms: dict[int, tuple[bytes, bytes | None]] = {}
        self.forms: list[int] = []
        inline: list[bytes] = []
        virtual = max(objects) + 1  # source-side numbers for inline resource dictionaries
        for kid in kids:
            page = objects[kid][0]
            media, contents = _MEDIA.search(page), _CONTENTS.search(page)
            if media is None or contents is None or int(contents.group(1)) not in objects:
                raise NotPlainPdf("page without a media box or a single content stream")
            head, stream = objects[int(contents.group(1))]
            if _DECODE_PARMS.search(head) or int(contents.group(1)) in forms:
                raise NotPlainPdf("content stream with decode parameters or shared by pages")
            resources = _resources(page, inline, virtual)  # renumbered with the rest below
            filt = _FILTER.search(head)
            forms[int(contents.group(1))] = (
                b"<</Type/XObject/Subtype/Form/BBox[%s]/Resources %s%s/Length %d>>"
                % (media.group(1).strip(), resources, b"/Filter" + filt.group(1) if filt else b"", len(stream)),
                stream,
            )
            self.forms.append(mapping[int(contents.group(1))])
        mapping.update({virtual + i: base + extra + i for i in range(len(inline))})
        size = base + extra + len(inline) + 1
        for n in kept:
            head, stream = forms.get(n, objects[n])
            self.bodies.append((renumber_refs(head, mapping.get, size), stream))
        self.bodies += [(renumber_refs(text, mapping.get, size), None) for text in inline]


def _resources(page: bytes, inline: list[bytes], next_number: int) -> bytes:
    """The page's resources as a reference (an inline dictionary becomes its own object)."""
    ref = _RESOURCES_REF.search(page)
    if ref:
        return ref.group(0)[len(b"/Resources"):].strip()
    start = _RESOURCES_INLINE.search(page)
    if start is None:
        return b"<<>>"
    begin = start.end() - 2
    depth, i = 0, begin
    while i < len(page):
        if page.startswith(b"<<", i):
            depth, i = depth + 1, i + 2
        elif page.startswith(b">>", i):
            depth, i = depth - 1, i + 2
            if depth == 0:
                break
        else:
            i += 1
    inline.append(page[begin:i])
    return b"%d 0 R" % (next_number + len(inline) - 1)


def _split_plain(data: bytes) -> tuple[int, Objects, list[int]]:
    """:func:`split` of ``data``, re-saved in pdfium's plain layout first if it is not in it already."""
    try:
        return split(data)  # cardgen's own face PDFs are: parsed once (split keeps it), not twice
    except NotPlainPdf:
        return split(pdfbytes.plain(data))


def _number(value: float) -> bytes:
    return (b"%.4f" % value).rstrip(b"0").rstrip(b".") or b"0"


def placement_ops(name: bytes, source, at: tuple[float, float], rotate180: bool) -> bytes:
    """Clip to the visible box on the sheet, then draw the face so that ``source`` fills it."""
    x, y = at
    clip = b" ".join(_number(v * mm) for v in (x, y, source.w, source.h))
    if rotate180:
        matrix = (-1, 0, 0, -1, (x + source.w + source.x) * mm, (y + source.h + source.y) * mm)
    else:
        matrix = (1, 0, 0, 1, (x - source.x) * mm, (y - source.y) * mm)
    cm = b" ".join(_number(v) for v in matrix)
    return b"q %s re W n %s cm /%s Do Q\n" % (clip, cm, name)


def compose(sheets: Sequence, face_pdfs: dict[str, FacePdf], furniture: bytes) -> bytes:
    """The PDF of ``sheets`` (page i's furniture is page i of ``furniture``), each face embedded once."""
    objects: list[tuple[bytes, bytes | None]] = []
    base = 3  # 1 catalog, 2 page tree
    batches: dict[str, _Source] = {}

    def load(data: bytes) -> _Source:
        source = _Source(data, base + len(objects))
        objects.extend(source.bodies)
        return source

    marks = load(furniture)
    if len(marks.forms) != len(sheets):
        raise NotPlainPdf("one furniture page per sheet expected")
    pages: list[tuple[bytes, bytes]] = []
    for number, sheet in enumerate(sheets):
        names: dict[str, bytes] = {}
        refs: list[bytes] = []
        ops = bytearray()
        for placement in sheet.placements:
            face = face_pdfs[placement.face_id]
            if face.batch not in batches:
                batches[face.batch] = load(face.pdf)
            if placement.face_id not in names:
                names[placement.face_id] = b"F%d" % len(names)
                refs.append(b"/%s %d 0 R" % (names[placement.face_id], batches[face.batch].forms[face.index]))
            ops += placement_ops(names[placement.face_id], placement.source, placement.at, placement.rotate180)
        ops += b"q /Marks Do Q\n"
        refs.append(b"/Marks %d 0 R" % marks.forms[number])
        media = b"0 0 %s %s" % (_number(sheet.page[0] * mm), _number(sheet.page[1] * mm))
        pages.append((b"/MediaBox[%s]/Resources<</XObject<<%s>>>>" % (media, b"".join(refs)), bytes(ops)))
    first_page = base + len(objects)
    kids = []
    for index, (head, ops) in enumerate(pages):
        page_number, content_number = first_page + 2 * index, first_page + 2 * index + 1
        objects.append((b"<<%s/Contents %d 0 R /Parent 2 0 R /Type/Page>>" % (head, content_number), None))
        objects.append((b"<</Length %d>>" % len(ops), ops))
        kids.append(page_number)
    catalog = (b"<</Pages 2 0 R /Type/Catalog>>", None)
    tree = (b"<</Count %d/Kids[ %s ]/Type/Pages>>" % (len(kids), b" ".join(b"%d 0 R" % k for k in kids)), None)
    numbered: Objects = dict(enumerate([catalog, tree, *objects], start=1))
    return pdfbytes.normalize(merged(HEADER, numbered, b"<</Root 1 0 R /Size %d>>" % (len(numbered) + 1)))
