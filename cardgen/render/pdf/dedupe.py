"""Identical streams of a pikepdf document kept once: pieces copied in from several source PDFs.

Every face and every kind's sheets is a PDF of its own, so a document joined
from them holds a copy of each piece they share: reportlab's label font in
every kind's furniture (ten copies of an 18 KB program in the combined print
PDF), the same soft mask or ToUnicode map. Streams are compared by their
dictionary (direct entries only: a stream whose dictionary refers to other
objects, a form with resources, is left alone) and their bytes as stored; every
reference to a duplicate is then pointed at the first one. Comparing whole
object graphs as well cost more (0.6 s on the combined PDF) than the few
kilobytes of small dictionaries it saved.
"""

from __future__ import annotations

import pikepdf
from pikepdf import Array, Dictionary


def _indirect(value) -> bool:
    return isinstance(value, (Dictionary, Array, pikepdf.Stream)) and value.is_indirect


def merge_identical_streams(pdf: pikepdf.Pdf) -> int:
    """Point every reference to a duplicate stream at the first of its kind; returns how many were merged."""
    seen: dict[tuple, pikepdf.Object] = {}
    target: dict[tuple[int, int], pikepdf.Object] = {}
    containers = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream):
            entries = list(obj.stream_dict.items())
            containers.append(obj.stream_dict)
            if any(_indirect(v) or isinstance(v, (Dictionary, Array)) and _holds_reference(v) for _, v in entries):
                continue
            key = (tuple(sorted((str(k), repr(v)) for k, v in entries)), obj.read_raw_bytes())
            if key in seen:
                target[obj.objgen] = seen[key]
            else:
                seen[key] = obj
        elif isinstance(obj, (Dictionary, Array)):
            containers.append(obj)
    if target:
        for container in containers:
            _repoint(container, target)
    return len(target)


def _holds_reference(value) -> bool:
    items = value.values() if isinstance(value, Dictionary) else value
    return any(_indirect(v) or isinstance(v, (Dictionary, Array)) and _holds_reference(v) for v in items)


def _repoint(container, target: dict) -> None:
    items = container.items() if isinstance(container, Dictionary) else enumerate(container)
    for key, value in list(items):
        if _indirect(value):
            if value.objgen in target:
                container[key] = target[value.objgen]
        elif isinstance(value, (Dictionary, Array)):
            _repoint(value, target)
