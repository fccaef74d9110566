"""One subset per font per output PDF, made from the glyphs the PDF actually draws.

Faces are laid out and written in groups, and every group's PDF embeds its own
subset of each font: an output PDF assembled from many groups carried a dozen
subsets of the 8 MB Chinese font, and its bytes depended on how the faces had
been grouped. Here every embedded font that cardgen's stack set (recognised by
the family name WeasyPrint writes into the descriptor, and registered with its
file by :func:`sources`) is replaced by ONE subset of the union of the glyphs
drawn with it, read from the content streams themselves. The new font objects
are a function of (font file, glyph set) only: the program from HarfBuzz with
glyph ids retained (cardgen.render.fonts.harfbuzz, so the content streams stay
valid), widths and the Unicode map from the font file (``hmtx``, ``cmap``, read by HarfBuzz)
(falling back to the text WeasyPrint recorded for glyphs no character maps to,
such as ligatures). Any other font (reportlab's mark labels) is left as it is,
and so is a font whose use cannot be read (a literal string, an unknown filter).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardgen.render.fonts import harfbuzz
from cardgen.render.cache import Memo, file_digest

Objects = dict[int, tuple[bytes, bytes | None]]

_REGISTRY: dict[str, Path] = {}

#: Where subsets are kept beyond this process (the build's FaceCache.memo), while :func:`sources` is active.
_KEEP: list[Memo] = []


@contextmanager
def sources(families: Mapping[str, Path], memo: Memo | None = None) -> Iterator[None]:
    """While active, fonts whose descriptor names one of ``families`` are merged, from that file.

    ``memo`` (a FaceCache's) keeps every subset made, by the font file's
    digest and the glyph set: a rebuild that draws the same glyphs (most
    edits) takes them from there instead of running HarfBuzz again.
    """
    previous, previous_keep = dict(_REGISTRY), list(_KEEP)
    _REGISTRY.clear()
    _REGISTRY.update({name: Path(path) for name, path in families.items()})
    _KEEP[:] = [memo] if memo is not None else []
    try:
        yield
    finally:
        _REGISTRY.clear()
        _REGISTRY.update(previous)
        _KEEP[:] = previous_keep


_TYPE0 = re.compile(rb"/Subtype\s*/Type0\b")
_DESCENDANT = re.compile(rb"/DescendantFonts\s*\[\s*(\d+) 0 R\s*\]")
_DESCRIPTOR = re.compile(rb"/FontDescriptor\s*(\d+) 0 R")
_TO_UNICODE = re.compile(rb"/ToUnicode\s*(\d+) 0 R")
_FAMILY = re.compile(rb"/FontFamily\s*\(([^()\\]*)\)")
_FONT_FILE = re.compile(rb"/FontFile([23])\s*(\d+) 0 R")
_FLAGS = re.compile(rb"/Flags\s*(\d+)")
_BASE_FONT = re.compile(rb"/BaseFont\s*/(?:[A-Z]{6}\+)?([^\s/<>\[\]()]+)")
_FILTER = re.compile(rb"/Filter\s*(/\w+|\[[^\]]*\])")
_RESOURCES_REF = re.compile(rb"/Resources\s*(\d+) 0 R")
_FONT_REF = re.compile(rb"/Font\s*(\d+) 0 R")
_FONT_INLINE = re.compile(rb"/Font\s*<<([^<>]*)>>")
_ENTRY = re.compile(rb"/([^\s/<>\[\]()]+)\s*(\d+) 0 R")
_CONTENTS = re.compile(rb"/Contents\s*(\d+) 0 R")
_CONTENTS_ARRAY = re.compile(rb"/Contents\s*\[([^\]]*)\]")
_NUMBER_REF = re.compile(rb"(\d+) 0 R")
_TEXT = re.compile(
    rb"/([^\s/<>\[\]()]+)\s+[-+\d.]+\s+Tf"  # 1: font selected
    rb"|\[([^\]]*)\]\s*TJ"  # 2: array of strings
    rb"|<([0-9A-Fa-f\s]*)>\s*(?:Tj|'|\")"  # 3: one hex string
    rb"|\((?:[^()\\]|\\.)*\)\s*(?:Tj|'|\")"  # a literal string: cannot be read as glyph ids
)
_HEX = re.compile(rb"<([0-9A-Fa-f\s]*)>")


class Unreadable(ValueError):
    """A content stream draws a font in a way this module does not read."""


@dataclass
class _Font:
    number: int  # the Type0 font object
    name: bytes  # BaseFont without its subset tag
    source: Path
    cid_font: int
    descriptor: int
    flags: int
    to_unicode: int | None  # the ToUnicode stream WeasyPrint wrote, read only for glyphs the cmap lacks


def merge_fonts(objects: Objects) -> Objects:
    """``objects`` with every registered font's subsets replaced by one merged subset per font file."""
    if not _REGISTRY:
        return objects
    fonts = _registered_fonts(objects)
    if not fonts:
        return objects
    used, unreadable = _glyphs_drawn(objects, fonts)
    by_source: dict[Path, list[_Font]] = {}
    for font in fonts.values():
        if font.source not in unreadable:
            by_source.setdefault(font.source, []).append(font)
    result = dict(objects)
    next_number = max(objects) + 1
    for source in sorted(by_source):
        group = by_source[source]
        glyphs = set().union(*(used.get(f.number, set()) for f in group))
        limit = harfbuzz.glyph_count(source)
        if any(g >= limit for g in glyphs):
            continue  # glyph ids this file does not have: not the font it was set in
        program, program_object = _program(source, frozenset(glyphs))
        program_number, next_number = next_number, next_number + 1
        result[program_number] = program_object
        metrics = _metrics_for(source, glyphs)
        for name in sorted({f.name for f in group}):
            members = [f for f in group if f.name == name]
            drawn = set().union(*(used.get(f.number, set()) for f in members))
            numbers = range(next_number, next_number + 4)
            next_number += 4
            descriptor, cid_font, to_unicode, type0 = numbers
            unmapped = drawn - metrics.characters.keys()
            recorded = {g: t for f in members if unmapped and f.to_unicode is not None
                        for g, t in sorted(_read_to_unicode(*objects[f.to_unicode]).items()) if g in unmapped}
            result[to_unicode] = _to_unicode_object(drawn, metrics, recorded)
            result[descriptor] = _descriptor_object(name, members[0].flags, _family_of(objects, members[0]),
                                                    program_number, program, drawn, metrics)
            result[cid_font] = _cid_font_object(name, program, descriptor, drawn, metrics)
            text = (b"<</BaseFont/AAAAAA+%s/DescendantFonts[ %d 0 R ]/Encoding/Identity-H/Subtype/Type0"
                    b"/ToUnicode %d 0 R /Type/Font>>" % (name, cid_font, to_unicode))
            for font in members:
                result[font.number] = (text, None)  # the old subset's objects are left unreferenced
    return result


def _family_of(objects: Objects, font: _Font) -> bytes:
    found = _FAMILY.search(objects[font.descriptor][0])
    return found.group(1) if found else b""


def _registered_fonts(objects: Objects) -> dict[int, _Font]:
    """Type0 fonts whose descriptor's family is registered, keyed by object number."""
    fonts: dict[int, _Font] = {}
    for number, (head, stream) in objects.items():
        if stream is not None or not _TYPE0.search(head):
            continue
        descendant, base = _DESCENDANT.search(head), _BASE_FONT.search(head)
        if descendant is None or base is None or int(descendant.group(1)) not in objects:
            continue
        cid_font = int(descendant.group(1))
        descriptor_ref = _DESCRIPTOR.search(objects[cid_font][0])
        if descriptor_ref is None or int(descriptor_ref.group(1)) not in objects:
            continue
        descriptor = int(descriptor_ref.group(1))
        descriptor_head = objects[descriptor][0]
        family, program = _FAMILY.search(descriptor_head), _FONT_FILE.search(descriptor_head)
        if family is None or program is None:
            continue
        source = _REGISTRY.get(family.group(1).decode("latin-1"))
        if source is None:
            continue
        unicode_ref = _TO_UNICODE.search(head)
        to_unicode = int(unicode_ref.group(1)) if unicode_ref and int(unicode_ref.group(1)) in objects else None
        flags = _FLAGS.search(descriptor_head)
        fonts[number] = _Font(number, base.group(1), source, cid_font, descriptor,
                              int(flags.group(1)) if flags else 4, to_unicode)
    return fonts


def _decoded(head: bytes, stream: bytes) -> bytes:
    return _unfiltered(_filter_of(head), stream)


def _unfiltered(filters: bytes | None, stream: bytes) -> bytes:
    if filters is None:
        return stream
    if filters.replace(b"[", b" ").replace(b"]", b" ").split() == [b"/FlateDecode"]:
        return zlib.decompress(stream)
    raise Unreadable(f"filter {filters!r}")


def _font_names(objects: Objects, head: bytes) -> dict[bytes, int]:
    """Font resource name -> font object, for a page or form dictionary ``head``."""
    resources = head
    ref = _RESOURCES_REF.search(head)
    if ref and int(ref.group(1)) in objects:
        resources = objects[int(ref.group(1))][0]
    fonts = _FONT_REF.search(resources)
    if fonts and int(fonts.group(1)) in objects:
        entries = objects[int(fonts.group(1))][0]
    else:
        inline = _FONT_INLINE.search(resources)
        entries = inline.group(1) if inline else b""
    return {name: int(number) for name, number in _ENTRY.findall(entries)}


def _content_streams(objects: Objects) -> Iterator[tuple[bytes, list[int]]]:
    """(dictionary with the resources, content stream objects) of every page, form and tiling pattern."""
    for number, (head, stream) in objects.items():
        if stream is not None and (b"/Form" in head or b"/PatternType 1" in head):
            yield head, [number]
        elif stream is None and re.search(rb"/Type\s*/Page\b", head):
            single = _CONTENTS.search(head)
            if single:
                yield head, [int(single.group(1))]
            else:
                array = _CONTENTS_ARRAY.search(head)
                if array:
                    yield head, [int(n) for n in _NUMBER_REF.findall(array.group(1))]


def _glyphs_drawn(objects: Objects, fonts: dict[int, _Font]) -> tuple[dict[int, set[int]], set[Path]]:
    """Glyph ids drawn with each registered font; and the font files whose use could not be read."""
    used: dict[int, set[int]] = {}
    unreadable: set[Path] = set()
    for head, parts in _content_streams(objects):
        names = {name: n for name, n in _font_names(objects, head).items() if n in fonts}
        if not names:
            continue
        try:
            runs = [run for p in parts if objects.get(p, (b"", None))[1] is not None
                    for run in _stream_runs(_filter_of(objects[p][0]), objects[p][1])]
            for name, glyphs in runs:
                if name not in names:
                    if glyphs:
                        raise Unreadable(f"text in font {name!r} before or without a known font")
                    continue
                used.setdefault(names[name], set()).update(glyphs)
        except (Unreadable, zlib.error):
            unreadable.update(fonts[n].source for n in names.values())
    return used, unreadable


def _filter_of(head: bytes) -> bytes | None:
    found = _FILTER.search(head)
    return found.group(1) if found else None


@lru_cache(maxsize=4096)
def _stream_runs(filters: bytes | None, stream: bytes) -> tuple[tuple[bytes | None, frozenset[int]], ...]:
    """:func:`_text_runs` of one content stream, kept by its filter and bytes only.

    A face's stream is the same bytes in every output PDF it is in (a kind's
    sheets, the combined PDF, the print-shop PDF) under a different dictionary
    (a page, a form, renumbered), so it is read once per process.
    """
    return tuple((name, frozenset(glyphs)) for name, glyphs in _text_runs(_unfiltered(filters, stream)))


def _text_runs(data: bytes) -> Iterator[tuple[bytes | None, set[int]]]:
    """(current font resource name, glyph ids) for every text-showing operator, in stream order."""
    current: bytes | None = None
    for match in _TEXT.finditer(data):
        if match.group(1) is not None:
            current = match.group(1)
            yield current, set()
        elif match.group(2) is not None:
            array = match.group(2)
            if b"(" in array:
                raise Unreadable("literal string in a TJ array")
            yield current, {g for h in _HEX.findall(array) for g in _glyph_ids(h)}
        elif match.group(3) is not None:
            yield current, set(_glyph_ids(match.group(3)))
        else:
            raise Unreadable("literal text string")


def _glyph_ids(hex_text: bytes) -> list[int]:
    digits = re.sub(rb"\s", b"", hex_text)
    if len(digits) % 4:
        raise Unreadable("hex string not in 2-byte glyph ids")
    return [int(digits[i : i + 4], 16) for i in range(0, len(digits), 4)]


def _read_to_unicode(head: bytes, stream: bytes | None) -> dict[int, str]:
    if stream is None:
        return {}
    try:
        text = _decoded(head, stream)
    except (Unreadable, zlib.error):
        return {}
    out: dict[int, str] = {}
    for section in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        for glyph, code in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", section):
            try:
                out.setdefault(int(glyph, 16), bytes.fromhex(code.decode()).decode("utf-16-be"))
            except ValueError:
                continue
    return out


@dataclass(frozen=True)
class _Metrics:
    upem: int
    advances: dict[int, int]
    characters: dict[int, str]  # glyph id -> the character it stands for (unified ideographs before radicals)
    ascent: int
    descent: int


def _metrics_for(source: Path, glyphs: set[int]) -> _Metrics:
    """What the merged font dictionaries need from the file, for ``glyphs`` (HarfBuzz reads it)."""
    codes = harfbuzz.glyph_characters(source, _COMPATIBILITY_BLOCKS)
    characters = {g: chr(codes[g]) for g in glyphs if g in codes}
    ascent, descent = harfbuzz.vertical_extents(source)
    return _Metrics(harfbuzz.units_per_em(source), {g: harfbuzz.advance(source, g) for g in glyphs},
                    characters, ascent, descent)


#: Blocks whose characters share glyphs with the unified ideographs they stand for (Kangxi and
#: supplementary radicals, compatibility ideographs): text extraction must give the ideograph.
_COMPATIBILITY_BLOCKS = ((0x2E80, 0x2FDF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))


def _per_mille(value: float, metrics: _Metrics) -> int:
    return round(value * 1000 / metrics.upem)


@lru_cache(maxsize=64)
def _program(source: Path, glyphs: frozenset[int]) -> tuple[bytes, tuple[bytes, bytes]]:
    """The subset and its PDF stream, kept: the combined and print-shop PDFs draw the same glyphs."""
    program = _kept_subset(source, glyphs)
    return program, _program_object(program)


def _kept_subset(source: Path, glyphs: frozenset[int]) -> bytes:
    """HarfBuzz's subset of ``source`` for ``glyphs``: a function of the file's bytes, the glyph set and
    the HarfBuzz version only, so it is kept by them."""
    if not _KEEP:
        return harfbuzz.subset(source, set(glyphs))
    material = b"harfbuzz %s\0%s\0%s" % (harfbuzz.version().encode(), _file_digest(source).encode(),
                                           b",".join(b"%d" % g for g in sorted(glyphs)))
    return _KEEP[0]("font-subset", material, lambda: harfbuzz.subset(source, set(glyphs)))


@lru_cache(maxsize=16)
def _file_digest(path: Path) -> str:
    """The font file's content hash, once per process (the Chinese font is megabytes)."""
    return file_digest(path)


def _program_object(program: bytes) -> tuple[bytes, bytes]:
    packed = zlib.compress(program, 1)  # fastest, and no bigger than level 6 on these programs
    if program[:4] == b"OTTO":
        return b"<</Filter/FlateDecode/Length %d/Subtype/OpenType>>" % len(packed), packed
    return b"<</Filter/FlateDecode/Length %d/Length1 %d>>" % (len(packed), len(program)), packed


def _widths(drawn: set[int], metrics: _Metrics) -> dict[int, int]:
    return {g: _per_mille(metrics.advances.get(g, 0), metrics) for g in sorted(drawn)}


def _descriptor_object(name: bytes, flags: int, family: bytes, program_number: int, program: bytes,
                       drawn: set[int], metrics: _Metrics) -> tuple[bytes, None]:
    widths = _widths(drawn, metrics)
    ascent, descent = _per_mille(metrics.ascent, metrics), _per_mille(metrics.descent, metrics)
    fixed = 1 if len(widths) > 1 and len(set(widths.values())) == 1 else 0
    flags = (flags & ~1) | fixed
    key = b"FontFile3" if program[:4] == b"OTTO" else b"FontFile2"
    return (b"<</Ascent %d/CapHeight %d/Descent %d/Flags %d/FontBBox[ 0 %d %d %d]/FontFamily(%s)/%s %d 0 R "
            b"/FontName/AAAAAA+%s/ItalicAngle 0/StemH 80/StemV 80/Type/FontDescriptor>>"
            % (ascent, ascent, descent, flags, descent, max(widths.values(), default=0), ascent, family, key,
               program_number, name)), None


def _cid_font_object(name: bytes, program: bytes, descriptor: int, drawn: set[int],
                     metrics: _Metrics) -> tuple[bytes, None]:
    runs: list[bytes] = []
    run: list[int] = []
    start = previous = -2
    for glyph, width in _widths(drawn, metrics).items():
        if glyph != previous + 1 and run:
            runs.append(b"%d[ %s]" % (start, b" ".join(b"%d" % w for w in run)))
            run = []
        if not run:
            start = glyph
        run.append(width)
        previous = glyph
    if run:
        runs.append(b"%d[ %s]" % (start, b" ".join(b"%d" % w for w in run)))
    subtype = b"0" if program[:4] == b"OTTO" else b"2"
    return (b"<</BaseFont/AAAAAA+%s/CIDSystemInfo<</Ordering(Identity)/Registry(Adobe)/Supplement 0>>"
            b"/CIDToGIDMap/Identity/FontDescriptor %d 0 R /Subtype/CIDFontType%s/Type/Font/W[ %s]>>"
            % (name, descriptor, subtype, b" ".join(runs))), None


def _to_unicode_object(drawn: set[int], metrics: _Metrics, recorded: dict[int, str]) -> tuple[bytes, bytes]:
    """The Unicode map: the font's own character for a glyph, else what WeasyPrint recorded for it."""
    pairs = []
    for glyph in sorted(drawn):
        text = metrics.characters.get(glyph) or recorded.get(glyph)
        if text:
            pairs.append(b"<%04x> <%s>" % (glyph, text.encode("utf-16-be").hex().encode()))
    body = [b"/CIDInit /ProcSet findresource begin", b"12 dict begin", b"begincmap",
            b"/CIDSystemInfo", b"<< /Registry (Adobe)", b"/Ordering (UCS)", b"/Supplement 0", b">> def",
            b"/CMapName /Adobe-Identity-UCS def", b"/CMapType 2 def", b"1 begincodespacerange",
            b"<0000> <ffff>", b"endcodespacerange"]
    for i in range(0, len(pairs), 100):
        chunk = pairs[i : i + 100]
        body += [b"%d beginbfchar" % len(chunk), *chunk, b"endbfchar"]
    body += [b"endcmap", b"CMapName currentdict /CMap defineresource pop", b"end", b"end"]
    packed = zlib.compress(b"\n".join(body), 6)
    return b"<</Filter/FlateDecode/Length %d>>" % len(packed), packed
