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

_HEADER = re.compile(rb"\s*(\d+) 0 obj\s")
_REF = re.compile(rb"(\d+) 0 R\b")
_LENGTH = re.compile(rb"/Length (\d+)\b")
_TRAILER = re.compile(rb"trailer\s*(<<.*?>>)\s*startxref", re.S)
_STREAM = re.compile(rb">>\s*stream(\r\n|\n)")
_PAGE = re.compile(rb"/Type\s*/Pages?\b")


class NotPlainPdf(ValueError):
    """The PDF is not in the layout this module understands; leave it as it is."""


def parse(data: bytes) -> tuple[bytes, dict[int, tuple[bytes, bytes | None]], bytes]:
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
        end_obj = data.find(b"endobj", start)
        stream_at = _STREAM.search(data, start, end_obj if end_obj >= 0 else len(data))
        if stream_at:
            head = data[start : stream_at.start() + 2]
            length = _LENGTH.search(head)
            if not length:
                raise NotPlainPdf(f"object {number}: stream without a direct /Length")
            body = stream_at.end()
            stream = data[body : body + int(length.group(1))]
            end_obj = data.find(b"endobj", body + len(stream))
            objects[number] = (head, stream)
        else:
            objects[number] = (data[start:end_obj], None)
        pos = end_obj + len(b"endobj")
    trailer = _TRAILER.search(data, xref)
    if not trailer:
        raise NotPlainPdf("no trailer")
    return header, objects, trailer.group(1)


def dedupe(data: bytes) -> bytes:
    """The same document with identical non-page objects merged (unchanged if not pdfium's layout)."""
    try:
        header, objects, trailer = parse(data)
    except NotPlainPdf:
        return data
    target: dict[int, int] = {}

    def final(number: int) -> int:
        while number in target:
            number = target[number]
        return number

    def remap(text: bytes) -> bytes:
        return _REF.sub(lambda m: b"%d 0 R" % final(int(m.group(1))), text)

    while True:
        seen: dict[tuple[bytes, bytes | None], int] = {}
        merged = False
        for number in sorted(objects):
            if number in target:
                continue
            head, stream = objects[number]
            if _PAGE.search(head):
                continue
            key = (remap(head), stream)
            if key in seen:
                target[number] = seen[key]
                merged = True
            else:
                seen[key] = number
        if not merged:
            break
    if not target:
        return data
    out = bytearray(header)
    offsets: dict[int, int] = {}
    for number in sorted(objects):
        if number in target:
            continue
        head, stream = objects[number]
        offsets[number] = len(out)
        out += b"%d 0 obj\r\n" % number + remap(head)
        if stream is not None:
            out += b"stream\r\n" + stream + b"\r\nendstream"
        out += b"\r\nendobj\r\n"
    size = max(objects) + 1
    xref_at = len(out)
    out += b"xref\r\n0 %d\r\n" % size
    for number in range(size):
        out += b"%010d 00000 n\r\n" % offsets[number] if number in offsets else b"0000000000 65535 f\r\n"
    out += b"trailer\r\n" + remap(trailer) + b"\r\nstartxref\r\n%d\r\n%%%%EOF\r\n" % xref_at
    return bytes(out)
