"""Identical streams of a pikepdf document kept once: pieces copied in from several source PDFs.

Every face and every kind's sheets is a PDF of its own, so a document joined
from them holds a copy of each piece they share: the same soft mask, pattern or
form drawn by several faces, or the same ToUnicode map. Streams are compared by
their dictionary (direct entries only: a stream whose dictionary refers to other
objects, a form with resources, is left alone) and their bytes as stored; every
reference to a duplicate is then pointed at the first one. Comparing whole
object graphs as well cost more (0.6 s on the combined PDF) than the few
kilobytes of small dictionaries it saved.

Only what the document's trailer reaches is looked at: a joined document also
holds the font subsets that cardgen.render.pdf.fontmerge replaced, which qpdf
drops when it writes the file. Reading those (ninety copies of a 150 KB program
in the print-shop file) and walking their width arrays was most of the cost.
"""

from __future__ import annotations

import pikepdf
from pikepdf import Array, Dictionary


#: Keys the PDF reference types as numbers or arrays of numbers: nothing under them refers to a
#: stream, so the walk does not descend into them (a font's widths are thousands of numbers).
NUMERIC_KEYS = frozenset(("/W", "/W2", "/Widths", "/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox",
                          "/BBox", "/Matrix", "/FontBBox", "/Domain", "/Range", "/Decode", "/Coords", "/Extend",
                          "/C0", "/C1", "/Bounds", "/Encode", "/Size", "/Rect"))


def _indirect(value) -> bool:
    return isinstance(value, (Dictionary, Array, pikepdf.Stream)) and value.is_indirect


class _Reach:
    """What the trailer reaches: every stream (and whether its dictionary refers to another object), and
    every container that holds a reference itself (where a duplicate's references are repointed)."""

    def __init__(self, pdf: pikepdf.Pdf) -> None:
        self.streams: list[tuple[pikepdf.Stream, bool]] = []
        self.holders: list = []
        self._seen: set[tuple[int, int]] = set()
        self._pending: list = []
        self._items(pdf.trailer)
        while self._pending:
            self._object(self._pending.pop())

    def _object(self, obj) -> None:
        """An indirect object, once."""
        if isinstance(obj, pikepdf.Stream):
            self.streams.append((obj, self._items(obj.stream_dict)))
        elif isinstance(obj, (Dictionary, Array)):
            self._items(obj)

    def _items(self, container) -> bool:
        """Walk ``container``'s values; True when it (or a direct container in it) refers to an object."""
        if isinstance(container, Dictionary):
            if container.get("/FunctionType") == 2:  # an exponential function: numbers only (PDF 32000 7.10.3)
                return False
            items = [value for key, value in container.items() if key not in NUMERIC_KEYS]
        else:
            items = container
        refers = holds = False
        for value in items:
            if _indirect(value):
                holds = True
                if value.objgen not in self._seen:
                    self._seen.add(value.objgen)
                    self._pending.append(value)
            elif isinstance(value, (Dictionary, Array)):
                refers = self._items(value) or refers
        if holds:
            self.holders.append(container)
        return refers or holds


def merge_identical_streams(pdf: pikepdf.Pdf) -> int:
    """Point every reference to a duplicate stream at the first of its kind; returns how many were merged."""
    reach = _Reach(pdf)
    seen: dict[tuple, pikepdf.Object] = {}
    target: dict[tuple[int, int], pikepdf.Object] = {}
    for stream, refers in reach.streams:
        if refers:
            continue
        key = (tuple(sorted((str(k), repr(v)) for k, v in stream.stream_dict.items())), stream.read_raw_bytes())
        first = seen.setdefault(key, stream)
        if first is not stream:
            target[stream.objgen] = first
    if target:
        for container in reach.holders:
            items = container.items() if isinstance(container, Dictionary) else enumerate(container)
            for key, value in list(items):
                if _indirect(value) and value.objgen in target:
                    container[key] = target[value.objgen]
    return len(target)
