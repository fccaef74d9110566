"""Cut a multi-page WeasyPrint PDF into one standalone PDF per face, the same whatever it was laid out with.

Writing many faces as ONE WeasyPrint PDF is much cheaper than one PDF per face
(font subsetting, font dictionaries: a fixed cost per document), but such a
document names its resources with counters over the whole document (``/x3``,
``/p1``: the fourth group, the second pattern of ANY page) and gives every page
one shared resource dictionary. A face's page is therefore cut out here (qpdf,
through pikepdf) with only the resources its content streams use, renamed in
order of first use (``/x0`` is the first group THIS face draws), in every
content stream it carries (page, groups, patterns, soft masks). What still
depends on the company a face was written in is its font subsets (glyphs of
the other faces), which cardgen.render.pdf.fontmerge replaces in every output
PDF; so output files are the same bytes whether a face was rendered alone,
with its deck, or cached.
"""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

from cardgen.render.pdf import fontmerge
from cardgen.render.pdf.save import open_pdf, pdf_bytes

#: Content-stream operator that names a resource -> the resource category it names.
_CATEGORY = {"Do": Name.XObject, "gs": Name.ExtGState, "scn": Name.Pattern, "SCN": Name.Pattern,
             "sh": Name.Shading, "Tf": Name.Font, "cs": Name.ColorSpace, "CS": Name.ColorSpace}
_BUILT_IN_SPACES = {"/Pattern", "/DeviceRGB", "/DeviceGray", "/DeviceCMYK"}
#: Page keys made anew for a face, or left out: it keeps every other (its boxes, its transparency group).
#: A printed face has no links: an annotation on a page is left out here (the links the renderer wraps
#: around faces for the layout check, cardgen.render.faces.fit.face_root, are not even written).
_MADE_ANEW = {"/Parent", "/Resources", "/Contents", "/Type", "/Annots"}
#: Resource categories whose entries can hold content streams (forms, tiling patterns, soft masks);
#: fonts, shadings and colour spaces are used as they are.
_DRAWN_WITH = {Name.XObject, Name.Pattern, Name.ExtGState}
#: Dictionary keys of a rewritten content stream that qpdf sets itself on writing.
_STREAM_KEYS = {"/Length", "/Filter", "/DecodeParms", "/Resources"}


class NotAFace(ValueError):
    """A page draws with a resource it does not have (a PDF cardgen cannot cut)."""


def _counted(name: str) -> bool:
    """Names WeasyPrint makes from document-wide counters (``/x3`` group, ``/p1`` pattern, ``/s0`` shading)."""
    return len(name) > 2 and name[1] in "xps" and name[2:].isdecimal()


def _is_content(value) -> bool:
    """A form XObject or a tiling pattern: a stream drawn with resources of its own."""
    return isinstance(value, pikepdf.Stream) and (value.get("/Subtype") == Name.Form or value.get("/PatternType") == 1)


class _Canonical:
    """Rewrites content streams of one source document with only, and renamed, the resources they use."""

    def __init__(self, source: pikepdf.Pdf) -> None:
        self.source = source
        self.done: dict[tuple[int, int], tuple[Any, bool] | None] = {}  # form/pattern/dictionary -> its rewritten copy

    def content(self, holder, resources) -> tuple[bytes, Dictionary]:
        """The content of ``holder`` (a page or a form) renamed, and the resources it uses under the new names."""
        renamed: dict[tuple[str, str], Name] = {}
        counters: dict[str, int] = {}
        kept: dict[str, dict[str, object]] = {}
        out = []
        for instruction in pikepdf.parse_content_stream(holder):
            operator = str(instruction.operator)
            category = _CATEGORY.get(operator)
            operands = list(instruction.operands) if category is not None else []
            at = len(operands) - 1 if operator in ("scn", "SCN") else 0
            if not operands or not isinstance(operands[at], Name):
                out.append(instruction)
                continue
            name = str(operands[at])
            if category == Name.ColorSpace and name in _BUILT_IN_SPACES:
                out.append(instruction)
                continue
            key = (str(category), name)
            if key not in renamed:
                entries = resources.get(category) if resources is not None else None
                value = entries.get(name) if entries is not None else None
                if value is None:
                    raise NotAFace(f"{name} {operator} names no resource")
                new = name
                if _counted(name):
                    counter = str(category) + name[1]
                    new = f"/{name[1]}{counters.get(counter, 0)}"
                    counters[counter] = counters.get(counter, 0) + 1
                renamed[key] = Name(new)
                kept.setdefault(str(category), {})[new] = self.value(value) if category in _DRAWN_WITH else value
            operands[at] = renamed[key]
            out.append(pikepdf.ContentStreamInstruction(operands, instruction.operator))
        used = Dictionary({category: Dictionary(entries) for category, entries in kept.items()})
        data = pikepdf.unparse_content_stream(out)
        fontmerge.remember_runs(data, out)  # every output PDF this face is in reads its text runs
        return data, used

    def value(self, value):
        """A resource as the rewritten face uses it: forms and patterns rewritten, anything holding one copied."""
        return self._value(value, 0)[0]

    def _value(self, value, depth: int) -> tuple[Any, bool]:
        """(the value to use, whether it differs from ``value``)."""
        if depth > 8:
            raise NotAFace("resources nested too deep")
        key = value.objgen if getattr(value, "is_indirect", False) else None
        if key is not None and key in self.done:
            done = self.done[key]
            if done is None:
                raise NotAFace("a form that draws itself")
            return done
        result: tuple[Any, bool]
        copy: Any
        if _is_content(value):
            if key is not None:
                self.done[key] = None  # being rewritten (a cycle would reach it again)
            data, used = self.content(value, value.get("/Resources"))
            copy = self.source.make_stream(data)
            for name, item in value.items():
                if name not in _STREAM_KEYS:
                    copy[name] = item
            copy.Resources = used
            result = (copy, True)
        elif isinstance(value, Dictionary) and not isinstance(value, pikepdf.Stream):
            swapped = {name: self._value(item, depth + 1) for name, item in value.items()}
            result = (value, False)
            if any(changed for _, changed in swapped.values()):
                copy = Dictionary({name: item for name, (item, _) in swapped.items()})
                result = (self.source.make_indirect(copy) if key is not None else copy, True)
        elif isinstance(value, Array):
            swapped_items = [self._value(item, depth + 1) for item in value]
            result = (value, False)
            if any(changed for _, changed in swapped_items):
                copy = Array([item for item, _ in swapped_items])
                result = (self.source.make_indirect(copy) if key is not None else copy, True)
        else:
            return value, False
        if key is not None:
            self.done[key] = result
        return result


def split_pages(data: bytes) -> list[bytes]:
    """One standalone one-page PDF per page of ``data``, each with only the resources it draws with."""
    source = open_pdf(data)
    canonical = _Canonical(source)
    units = []
    for page in source.pages:
        content, used = canonical.content(page, page.obj.get("/Resources"))
        unit = pikepdf.Pdf.new()
        face = Dictionary(Type=Name.Page, Resources=used, Contents=source.make_stream(content))
        for key, value in page.obj.items():
            if key not in _MADE_ANEW:
                face[key] = value
        unit.pages.append(pikepdf.Page(source.make_indirect(face)))
        units.append(pdf_bytes(unit))
    return units
