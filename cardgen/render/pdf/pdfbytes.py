"""Make PDF bytes reproducible: pdfium stamps the save time and a random /ID.

Both are replaced in place by values of the same length (a fixed date and a
hash of the document), so every byte offset in the cross-reference table stays
valid and two builds of the same content are byte-identical.
"""

from __future__ import annotations

import hashlib
import io
import re

import pypdfium2 as pdfium

from cardgen.render.pdf.dedupe import NotPlainPdf, dedupe, parse

_DATE = re.compile(rb"/(CreationDate|ModDate)\s*\(D:[^)]*\)")
_ID = re.compile(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]")


def _fixed_date(match: re.Match) -> bytes:
    original = match.group(0)
    head = b"/" + match.group(1) + b"(D:"
    stamp = b"20000101000000+00'00'"
    body_len = len(original) - len(head) - 1  # keep the closing paren
    return head + stamp[:body_len].ljust(body_len, b" ") + b")"


def normalize(data: bytes) -> bytes:
    """Replace creation dates with a fixed date and the /ID with a content hash, same length."""
    data = _DATE.sub(_fixed_date, data)
    digest = hashlib.md5(_ID.sub(b"", data)).hexdigest().upper().encode()

    def fixed_id(match: re.Match) -> bytes:
        first, second = match.group(1), match.group(2)
        return match.group(0).replace(first, digest[: len(first)].ljust(len(first), b"0")).replace(
            second, digest[: len(second)].ljust(len(second), b"0")
        )

    return _ID.sub(fixed_id, data)


def save(document: pdfium.PdfDocument, *, merge: bool = True) -> bytes:
    """Serialise a pdfium document reproducibly, identical objects (fonts copied per XObject) merged.

    ``merge=False`` skips the merging for parts that are merged again when joined.
    """
    buffer = io.BytesIO()
    document.save(buffer, version=17)
    data = buffer.getvalue()
    return normalize(dedupe(data) if merge else data)


def plain(data: bytes) -> bytes:
    """``data`` in the plain layout cardgen.render.pdf.dedupe reads: as it is if it already is, else re-saved by pdfium."""
    try:
        parse(data)
        return data
    except NotPlainPdf:
        pass
    document = pdfium.PdfDocument(data)
    try:
        return save(document, merge=False)
    finally:
        document.close()
