"""Subset font tags derived from the font program, so one tag always means one subset.

WeasyPrint and reportlab name subsets ``XXXXXX+Name`` per document; a build
joins many documents, so dozens of different ``Card-Sans`` subsets ended up
sharing one tag. PDF 32000 section 9.6.4 requires distinct tags for distinct
subsets (preflight flags it, and a RIP that caches fonts by name can print the
wrong glyphs). Here every embedded font's tag becomes six capital letters
hashed from its font program: distinct programs get distinct tags, identical
ones the same tag (so they still merge), and the bytes stay reproducible.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

Objects = dict[int, tuple[bytes, bytes | None]]  # number -> (dictionary text, stream bytes or None)

_FONT_FILE = re.compile(rb"/FontFile[23]?\s*(\d+) 0 R")
_DESCRIPTOR = re.compile(rb"/FontDescriptor\s*(\d+) 0 R")
_DESCENDANT = re.compile(rb"/DescendantFonts\s*\[\s*(\d+) 0 R\s*\]")
_TAGGED = re.compile(rb"/(BaseFont|FontName)\s*/([A-Z]{6})\+")


@lru_cache(maxsize=256)
def tag_for(program: bytes) -> bytes:
    """Six capital letters from a hash of the embedded font program."""
    return bytes(65 + b % 26 for b in hashlib.sha256(program).digest()[:6])


def retag(objects: Objects) -> tuple[Objects, bool]:
    """``objects`` with every subset tag replaced by its program's tag; and whether anything changed."""
    tags: dict[int, bytes] = {}  # object number -> the tag its name must carry
    for number, (head, _) in objects.items():
        found = _FONT_FILE.search(head)
        if found and int(found.group(1)) in objects and b"/FontName" in head:
            program = objects[int(found.group(1))][1]
            if program is not None:
                tags[number] = tag_for(program)
    for pattern in (_DESCRIPTOR, _DESCENDANT):  # CIDFont -> its descriptor; Type0 font -> its CIDFont
        for number, (head, _) in objects.items():
            found = pattern.search(head)
            if found and int(found.group(1)) in tags and number not in tags:
                tags[number] = tags[int(found.group(1))]
    changed = False
    result = dict(objects)
    for number, tag in tags.items():
        head, stream = objects[number]
        new_head = _TAGGED.sub(lambda m: b"/" + m.group(1) + b"/" + tag + b"+", head)
        if new_head != head:
            result[number] = (new_head, stream)
            changed = True
    return result, changed
