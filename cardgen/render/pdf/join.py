"""Join whole PDFs one after another by rewriting object numbers, without pdfium.

pdfium's ``import_pages`` re-parses and re-serialises every object of every
document, which made the combined print PDF (and each deck's PDF of many
sheets) the slowest part of a rebuild. The parts here are all in the plain
layout cardgen.render.pdf.dedupe reads and writes, so joining them is a matter
of renumbering their objects and writing one page tree over all their pages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from cardgen.render.pdf.dedupe import NotPlainPdf, Objects, parse, renumber_refs, serialize

_ROOT = re.compile(rb"/Root\s+(\d+) 0 R")
_INFO = re.compile(rb"/Info\s+(\d+) 0 R")
_PAGES = re.compile(rb"/Pages\s+(\d+) 0 R")
_KIDS = re.compile(rb"/Kids\s*\[([^\]]*)\]")
_NUMBER = re.compile(rb"(\d+) 0 R")
_NAMES = re.compile(rb"/(\w+)")
_PAGE_TREE_TYPE = re.compile(rb"/Type\s*/Pages\b")
HEADER = b"%PDF-1.7\r\n%\xa1\xb3\xc5\xd7\r\n"
CATALOG, PAGES = 1, 2


def join(documents: Sequence[bytes]) -> bytes:
    """One PDF with the pages of ``documents`` in order (NotPlainPdf if one is not in the plain layout)."""
    header, objects, trailer = join_objects(documents)
    return serialize(header, list(objects.values()), trailer, lambda n: n)


def join_objects(documents: Sequence[bytes]) -> tuple[bytes, Objects, bytes]:
    """The joined document as (header, objects numbered 1..n, trailer), ready to merge or write.

    Only flat page trees whose root holds nothing but Type, Kids and Count are
    accepted (nothing inherited), so every page keeps exactly what it had.
    Each part's Info dictionary is dropped (cardgen writes no metadata there).
    """
    parts = [split(data) for data in documents]
    size = 3 + sum(len(objects) for _, objects, _ in parts)
    bodies: list[tuple[bytes, bytes | None]] = []
    kids: list[int] = []
    for tree_number, objects, part_kids in parts:
        base = 3 + len(bodies)
        mapping = {number: base + index for index, number in enumerate(objects)}
        mapping[tree_number] = PAGES  # every page's /Parent
        bodies += [(renumber_refs(head, mapping.get, size), stream) for head, stream in objects.values()]
        kids += [mapping[kid] for kid in part_kids]
    catalog = (b"<</Pages %d 0 R /Type/Catalog>>" % PAGES, None)
    tree = (b"<</Count %d/Kids[ %s ]/Type/Pages>>" % (len(kids), b" ".join(b"%d 0 R" % k for k in kids)), None)
    numbered = dict(enumerate([catalog, tree, *bodies], start=1))
    return HEADER, numbered, b"<</Root %d 0 R /Size %d>>" % (CATALOG, len(numbered) + 1)


def split(data: bytes, *, keep: bool = True) -> tuple[int, Objects, list[int]]:
    """A part's page tree number, its objects but the catalog, page tree and Info, and its pages in order.

    With ``keep`` the parsed part is kept in-process (every output PDF parses
    the same face PDFs again, and a rebuild the unchanged kinds); a document
    read once (WeasyPrint's, cut into faces) is not.
    """
    tree_number, objects, kids = _split(data) if keep else _split.__wrapped__(data)
    return tree_number, dict(objects), list(kids)  # the caller's own copy: the parsed part may be kept


@lru_cache(maxsize=512)
def _split(data: bytes) -> tuple[int, Objects, tuple[int, ...]]:
    _, objects, trailer = parse(data)
    root = _ROOT.search(trailer)
    catalog = objects.get(int(root.group(1))) if root else None
    pages = _PAGES.search(catalog[0]) if catalog else None
    if root is None or pages is None or int(pages.group(1)) not in objects:
        raise NotPlainPdf("no catalog with a page tree")
    tree_number = int(pages.group(1))
    tree = objects[tree_number][0]
    kids_text = _KIDS.search(tree)
    if kids_text is None or set(_NAMES.findall(_KIDS.sub(b"", tree))) - {b"Type", b"Pages", b"Count"}:
        raise NotPlainPdf("the page tree is not a plain list of pages")
    kids = [int(k) for k in _NUMBER.findall(kids_text.group(1))]
    if any(k not in objects or _PAGE_TREE_TYPE.search(objects[k][0]) for k in kids):
        raise NotPlainPdf("nested or missing pages")
    info = _INFO.search(trailer)
    dropped = {int(root.group(1)), tree_number} | ({int(info.group(1))} if info else set())
    return tree_number, {n: body for n, body in sorted(objects.items()) if n not in dropped}, tuple(kids)
