"""Merge identical objects in a PDF written by pdfium.

pdfium copies a page's resources (its fonts above all) every time the page
becomes a Form XObject, even when the source is the same document. Faces laid
out together share one font subset, so those copies are byte-identical: this
pass keeps one of each and points every reference at it, repeating until
nothing changes (merging fonts makes their parents identical too). Pages are
never merged. The input must be pdfium's plain layout (classic xref table,
``N 0 obj ... endobj``, direct stream /Length), which :func:`parse` checks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from cardgen.render.pdf.fontmerge import merge_fonts
from cardgen.render.pdf.fonttags import Objects, retag

_HEADER = re.compile(rb"\s*(\d+) 0 obj\s")
_REF = re.compile(rb"(\d+) 0 R\b")
_LENGTH = re.compile(rb"/Length (\d+)\b")
_TRAILER = re.compile(rb"trailer\s*(<<.*?>>)\s*startxref", re.S)
_STREAM = re.compile(rb">>\s*stream(\r\n|\n)")
_PAGE = re.compile(rb"/Type\s*/Pages?\b")
_SIZE = re.compile(rb"/Size\s+\d+")


class NotPlainPdf(ValueError):
    """The PDF is not in the layout this module understands; leave it as it is."""


def parse(data: bytes) -> tuple[bytes, Objects, bytes]:
    """(header, {number: (dictionary text, stream bytes or None)}, trailer dictionary)."""
    first = data.find(b"1 0 obj")
    xref = data.rfind(b"\nxref")
    if first < 0 or xref < 0:
        raise NotPlainPdf("no classic xref table")
    header, pos, objects = data[:first], first, {}
    while pos < xref:
        match = _HEADER.match(data, pos)
        if not match:
            if data[pos:xref].strip():
                raise NotPlainPdf(f"unexpected bytes at {pos}")
            break
        number, start = int(match.group(1)), match.end()
        keyword = data.find(b"stream", start)  # found before scanning a stream's bytes for "endobj"
        end_obj = data.find(b"endobj", start, keyword if keyword >= 0 else len(data))
        if end_obj < 0:
            end_obj = data.find(b"endobj", start)
        stream_at = _STREAM.search(data, start, keyword + len(b"stream") + 2) if keyword >= 0 and (
            end_obj < 0 or end_obj > keyword) else None
        if stream_at:
            head = data[start : stream_at.start() + 2]
            length = _LENGTH.search(head)
            if not length:
                raise NotPlainPdf(f"object {number}: stream without a direct /Length")
            body = stream_at.end()
            stream = data[body : body + int(length.group(1))]
            end_obj = data.find(b"endobj", body + len(stream))
            objects[number] = (head.lstrip(), stream)  # stripped: round trips must not grow whitespace
        else:
            objects[number] = (data[start:end_obj].strip(), None)
        pos = end_obj + len(b"endobj")
    trailer = _TRAILER.search(data, xref)
    if not trailer:
        raise NotPlainPdf("no trailer")
    return header, objects, trailer.group(1)


def dedupe(data: bytes) -> bytes:
    """The same document with identical non-page objects merged (unchanged if not pdfium's layout).

    Subset font tags are made unique per font program first (cardgen.render.pdf.fonttags).
    """
    try:
        header, objects, trailer = parse(data)
    except NotPlainPdf:
        return data
    return merged(header, objects, trailer)


def merged(header: bytes, objects: Objects, trailer: bytes) -> bytes:
    """Parsed objects written out with subset tags fixed and identical objects kept once."""
    objects = _only_reachable(objects, trailer)
    fonts_merged = merge_fonts(objects)
    if fonts_merged is not objects:  # the replaced subsets are left unreferenced
        objects = _only_reachable(fonts_merged, trailer)
    objects, _ = retag(objects)
    target = _identical(objects)

    def final(number: int) -> int:
        while number in target:
            number = target[number]
        return number

    alive = _reachable(objects, trailer, final)
    renumber = {number: index for index, number in enumerate(alive, start=1)}
    bodies = [objects[number] for number in alive]
    return serialize(header, bodies, trailer, lambda number: renumber.get(final(number)))


def _only_reachable(objects: Objects, trailer: bytes) -> Objects:
    return {number: objects[number] for number in _reachable(objects, trailer, lambda number: number)}


def _reachable(objects: Objects, trailer: bytes, final: Callable[[int], int]) -> list[int]:
    """Surviving objects reachable from the trailer, in the order a breadth-first walk meets them.

    Unreachable objects (a replaced font subset, a face of a batch no sheet
    places, pdfium's leftover cross-reference streams) are dropped. Numbering
    by the walk, 1..n, makes the bytes depend on what the document holds and
    how it is linked, not on the numbers its parts had before they were joined.
    """
    order: list[int] = []
    seen: set[int] = set()
    queue = [final(int(n)) for n in _REF.findall(trailer)]
    while queue:
        following: list[int] = []
        for number in queue:
            if number in seen or number not in objects:
                continue
            seen.add(number)
            order.append(number)
            following += [final(n) for n in refs_in(objects[number][0])]
        queue = following
    return order


@lru_cache(maxsize=1 << 16)
def _pieces(head: bytes) -> tuple[bytes, ...]:
    """``head`` split around its references (text, number, text, ...), kept: every merge walks and
    rewrites each dictionary several times, and a rebuild meets the same dictionaries again."""
    return tuple(_REF.split(head))


@lru_cache(maxsize=1 << 16)
def refs_in(head: bytes) -> tuple[int, ...]:
    """The object numbers ``head`` refers to, in order."""
    return tuple(int(n) for n in _pieces(head)[1::2])


def _identical(objects: Objects) -> dict[int, int]:
    """Which object each duplicate merges into: identical text (references resolved) and stream.

    Repeated until nothing changes, since merging fonts makes their parents
    identical; after the first pass only the objects that refer to something
    just merged are looked at again (a deck PDF has thousands of objects).
    """
    target: dict[int, int] = {}

    def final(number: int) -> int:
        while number in target:
            number = target[number]
        return number

    tokens = {n: _pieces(head) for n, (head, _) in objects.items() if not _PAGE.search(head)}
    referrers: dict[int, set[int]] = {}
    for number, parts in tokens.items():
        for ref in parts[1::2]:
            referrers.setdefault(int(ref), set()).add(number)

    def key(number: int) -> tuple[bytes, bytes | None]:
        parts = tokens[number]
        text = b"".join(part if i % 2 == 0 else b"%d 0 R" % final(int(part)) for i, part in enumerate(parts))
        return text, objects[number][1]

    keys = {number: key(number) for number in tokens}
    while True:
        seen: dict[tuple[bytes, bytes | None], int] = {}
        merged: list[int] = []
        for number in sorted(keys):
            if number in target:
                continue
            if keys[number] in seen:
                target[number] = seen[keys[number]]
                merged.append(number)
            else:
                seen[keys[number]] = number
        if not merged:
            return target
        for number in {r for m in merged for r in referrers.get(m, ())} - target.keys():
            keys[number] = key(number)


def renumber_refs(text: bytes, new_number: Callable[[int], int | None], size: int) -> bytes:
    """``text`` with every ``N 0 R`` renumbered; a reference to a missing object stays missing (null)."""
    pieces = _pieces(text)
    if len(pieces) == 1:
        return text
    out = list(pieces)
    for i in range(1, len(pieces), 2):
        old = int(pieces[i])
        new = new_number(old)
        out[i] = b"%d 0 R" % (new if new is not None else size + old)
    return b"".join(out)


def serialize(header: bytes, bodies: list[tuple[bytes, bytes | None]], trailer: bytes,
              new_number: Callable[[int], int | None]) -> bytes:
    """A classic PDF of ``bodies`` numbered 1..n in order; references (and the trailer's) via ``new_number``."""
    size = len(bodies) + 1
    out = bytearray(header)
    offsets: list[int] = []
    for number, (head, stream) in enumerate(bodies, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\r\n" % number + renumber_refs(head, new_number, size)
        if stream is not None:
            out += b"stream\r\n" + stream + b"\r\nendstream"
        out += b"\r\nendobj\r\n"
    xref_at = len(out)
    out += b"xref\r\n0 %d\r\n0000000000 65535 f\r\n" % size
    for offset in offsets:
        out += b"%010d 00000 n\r\n" % offset
    trailer = _SIZE.sub(b"/Size %d" % size, renumber_refs(trailer, new_number, size))
    out += b"trailer\r\n" + trailer + b"\r\nstartxref\r\n%d\r\n%%%%EOF\r\n" % xref_at
    return bytes(out)
