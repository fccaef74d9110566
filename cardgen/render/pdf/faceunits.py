"""Cut a multi-page WeasyPrint PDF into one standalone PDF per face, the same whatever it was laid out with.

Writing many faces as ONE WeasyPrint PDF is much cheaper than one PDF per face
(font subsetting, font dictionaries: a fixed cost per document), but such a
document names its resources with counters over the whole document (``/x3``,
``/p1``: the fourth group, the second pattern of ANY page) and gives every page
one shared resource dictionary. A face's page is therefore cut out here with
only the resources its content streams use, renamed in order of first use
(``/x0`` is the first group THIS face draws), in every content stream it
carries (page, groups, patterns). The unit's objects are numbered by a walk
from its page (cardgen.render.pdf.dedupe). What still depends on the company a
face was written in is its font subsets (glyphs of the other faces), which
cardgen.render.pdf.fontmerge replaces in every output PDF; so output files are the
same bytes whether a face was rendered alone, with its deck, or cached.
"""

from __future__ import annotations

import re
import zlib
from collections import ChainMap
from functools import lru_cache

from cardgen.render.pdf.dedupe import NotPlainPdf, merged
from cardgen.render.pdf.join import HEADER, split

Objects = dict[int, tuple[bytes, bytes | None]]

#: Content-stream operator that names a resource -> the resource category it names.
_CATEGORY = {b"Do": b"XObject", b"gs": b"ExtGState", b"scn": b"Pattern", b"SCN": b"Pattern",
             b"sh": b"Shading", b"Tf": b"Font", b"cs": b"ColorSpace", b"CS": b"ColorSpace"}
_USE = re.compile(rb"/([^\s/\[\]<>(){}%]+)(\s+(?:[-+\d.]+\s+)?)(Do|gs|scn|SCN|sh|Tf|cs|CS)\b")
#: Names WeasyPrint makes from document-wide counters (group, pattern, shading, graphics state).
_NAMED = set(_CATEGORY.values())
_COUNTED = re.compile(rb"^[xps]\d+$")
_FILTER = re.compile(rb"/Filter\s*(/\w+|\[[^\]]*\])")
_RESOURCES_REF = re.compile(rb"/Resources\s*(\d+) 0 R")
_REF = re.compile(rb"(\d+) 0 R\b")
_CONTENTS = re.compile(rb"/Contents\s*(\d+) 0 R")
_BUILT_IN_SPACES = {b"Pattern", b"DeviceRGB", b"DeviceGray", b"DeviceCMYK"}


def split_pages(pdf: bytes) -> list[bytes]:
    """One standalone one-page PDF per page of ``pdf`` (a plain-layout PDF, as pdfium saves it)."""
    _, objects, kids = split(pdf, keep=False)
    return [_unit(objects, kid) for kid in kids]


def _unit(source: Objects, page: int) -> bytes:
    objects = ChainMap({}, source)  # this unit's changes over the shared source, not a copy per page
    head = objects[page][0]
    contents = _CONTENTS.search(head)
    if contents is None:
        raise NotPlainPdf("page without a single content stream")
    fresh = [max(source) + 1]

    def new_number() -> int:
        fresh[0] += 1
        return fresh[0] - 1

    done: dict[int, int] = {}  # form/pattern object -> its rewritten copy
    stream, resources = _rewrite(objects, int(contents.group(1)), _resources_text(objects, head), done, new_number)
    catalog, tree = new_number(), new_number()
    kept = {k: v for k, v in _dictionary(objects, head).items() if k not in (b"Parent", b"Resources", b"Contents")}
    objects[page] = (b"<<" + b"".join(b"/%s %s" % item for item in kept.items())
                     + b"/Contents %d 0 R /Parent %d 0 R /Resources %s>>" % (stream, tree, resources), None)
    objects[catalog] = (b"<</Pages %d 0 R /Type/Catalog>>" % tree, None)
    objects[tree] = (b"<</Count 1/Kids[ %d 0 R ]/Type/Pages>>" % page, None)
    return merged(HEADER, objects, b"<</Root %d 0 R /Size %d>>" % (catalog, fresh[0]))


def _decoded(head: bytes, stream: bytes) -> bytes:
    found = _FILTER.search(head)
    if found is None:
        return stream
    if found.group(1).replace(b"[", b"").replace(b"]", b"").split() != [b"/FlateDecode"]:
        raise NotPlainPdf(f"content stream filter {found.group(1)!r}")
    return zlib.decompress(stream)


def _rewrite(objects: Objects, number: int, resources: bytes, done: dict[int, int], new_number) -> tuple[int, bytes]:
    """A copy of content stream ``number`` using only, and renaming, the resources it draws with.

    Returns the copy's object number and its resources dictionary text. Forms
    and patterns it draws are rewritten the same way (their own resources).
    """
    head, stream = objects[number]
    if stream is None:
        raise NotPlainPdf("content is not a stream")
    data = _decoded(head, stream)
    entries = {category: _dictionary(objects, value) for category, value in _dictionary(objects, resources).items()
               if category in _NAMED}
    renamed: dict[tuple[bytes, bytes], bytes] = {}
    counters: dict[bytes, int] = {}
    kept: dict[bytes, dict[bytes, bytes]] = {}

    def rename(match: re.Match) -> bytes:
        name, space, operator = match.group(1), match.group(2), match.group(3)
        category = _CATEGORY[operator]
        if category == b"ColorSpace" and name in _BUILT_IN_SPACES:
            return match.group(0)
        key = (category, name)
        if key not in renamed:
            value = entries.get(category, {}).get(name)
            if value is None:
                raise NotPlainPdf(f"/{name.decode('latin-1')} {operator.decode()} names no resource")
            if _COUNTED.match(name):
                prefix = name[:1]
                index = counters.get(category + prefix, 0)
                counters[category + prefix] = index + 1
                new_name = prefix + b"%d" % index
            else:
                new_name = name
            renamed[key] = new_name
            kept.setdefault(category, {})[new_name] = _swap_refs(objects, value, done, new_number)
        return b"/" + renamed[key] + space + operator

    new_data = _USE.sub(rename, data)
    resources_text = b"<<" + b"".join(
        b"/%s<<%s>>" % (category, b"".join(b"/%s %s" % (n, v) for n, v in sorted(kept[category].items())))
        for category in sorted(kept)) + b">>"
    packed = zlib.compress(new_data, 6)
    kept_keys = {k: v for k, v in _dictionary(objects, head).items()
                 if k not in (b"Length", b"Filter", b"DecodeParms", b"Resources")}
    extra = b"/Resources %s" % resources_text if (b"/Form" in head or b"/PatternType" in head) else b""
    new_head = (b"<<" + b"".join(b"/%s %s" % item for item in kept_keys.items())
                + b"%s/Filter/FlateDecode/Length %d>>" % (extra, len(packed)))
    copy = new_number()
    objects[copy] = (new_head, packed)
    return copy, resources_text


def _swap_refs(objects: Objects, text: bytes, done: dict[int, int], new_number, depth: int = 0) -> bytes:
    if depth > 8:
        raise NotPlainPdf("resources nested too deep")

    def swap(match: re.Match) -> bytes:
        number = int(match.group(1))
        if number in done:
            if done[number] < 0:
                raise NotPlainPdf("a form that draws itself")
            return b"%d 0 R" % done[number]
        head, stream = objects.get(number, (b"", None))
        if stream is not None and (b"/Form" in head or b"/PatternType 1" in head):
            done[number] = -1  # being rewritten (a cycle would reach it again)
            done[number], _ = _rewrite(objects, number, _resources_text(objects, head), done, new_number)
        elif stream is None and _REF.search(head):
            copy = _swap_refs(objects, head, done, new_number, depth + 1)
            if copy == head:
                return match.group(0)
            done[number] = new_number()
            objects[done[number]] = (copy, None)
        else:
            return match.group(0)
        return b"%d 0 R" % done[number]

    return _REF.sub(swap, text)


def _resources_text(objects: Objects, head: bytes) -> bytes:
    ref = _RESOURCES_REF.search(head)
    if ref:
        return objects.get(int(ref.group(1)), (b"<<>>", None))[0]
    at = head.find(b"/Resources")
    if at < 0:
        return b"<<>>"
    return _value(head, _skip_space(head, at + len(b"/Resources")))[0]


def _dictionary(objects: Objects, value: bytes) -> dict[bytes, bytes]:
    """Key -> raw value text of a dictionary given inline or as a reference."""
    value = value.strip()
    ref = re.fullmatch(rb"(\d+) 0 R", value)
    if ref:
        value = objects.get(int(ref.group(1)), (b"<<>>", None))[0].strip()
    return dict(_parsed(value))


@lru_cache(maxsize=1024)
def _parsed(value: bytes) -> tuple[tuple[bytes, bytes], ...]:
    """The entries of dictionary text, kept: every face of a document reads its shared resources."""
    if not value.startswith(b"<<"):
        raise NotPlainPdf("resource entry is not a dictionary")
    out: list[tuple[bytes, bytes]] = []
    i = _skip_space(value, 2)
    while not value.startswith(b">>", i):
        if value[i : i + 1] != b"/":
            raise NotPlainPdf(f"unexpected {value[i:i + 10]!r} in a dictionary")
        key_end = i + 1
        while key_end < len(value) and value[key_end : key_end + 1] not in b" \t\r\n/<>[]()":
            key_end += 1
        key = value[i + 1 : key_end]
        raw, i = _value(value, _skip_space(value, key_end))
        out.append((key, raw))
        i = _skip_space(value, i)
    return tuple(out)


def _skip_space(text: bytes, i: int) -> int:
    while i < len(text) and text[i : i + 1] in b" \t\r\n":
        i += 1
    return i


_SCALAR = re.compile(rb"\d+ 0 R\b|[^\s/<>\[\]()]+|/[^\s/<>\[\]()]*")
_FLAT_ARRAY = re.compile(rb"\[[^\[\]()<>]*\]")
_NESTING = re.compile(rb"<<|<[0-9A-Fa-f\s]*>|>>|\[|\]|\((?:[^()\\]|\\.)*\)")


def _value(text: bytes, i: int) -> tuple[bytes, int]:
    """The raw value starting at ``i`` and where it ends (dictionaries, arrays and strings balanced)."""
    if text.startswith(b"[", i):
        flat = _FLAT_ARRAY.match(text, i)
        if flat:
            return flat.group(0), flat.end()
    if text.startswith(b"<<", i) or text[i : i + 1] in (b"[", b"("):
        depth = 0
        for token in _NESTING.finditer(text, i):
            opened = token.group(0)
            if opened in (b"<<", b"["):
                depth += 1
            elif opened in (b">>", b"]"):
                depth -= 1
            if depth == 0:
                return text[i : token.end()], token.end()
        raise NotPlainPdf("unbalanced value")
    match = _SCALAR.match(text, i)
    if match is None:
        raise NotPlainPdf(f"unreadable value at {text[i:i + 10]!r}")
    return match.group(0), match.end()


