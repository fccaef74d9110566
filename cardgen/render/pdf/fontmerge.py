"""One subset per font per output PDF, made from the glyphs the PDF actually draws.

Faces are laid out and written in groups, and every group's PDF embeds its own
subset of each font: an output PDF assembled from many groups carried a dozen
subsets of the 8 MB Chinese font, and its bytes depended on how the faces had
been grouped. Here every embedded font that cardgen's stack set (recognised by
the name WeasyPrint gives it, family and weight, and registered with its file
by :func:`sources`) is replaced by ONE subset of the union of the glyphs
drawn with it, read from the content streams themselves (pikepdf parses them).
The new font objects are a function of the font file, the glyph set and the
texts set with them: the program from HarfBuzz with glyph ids retained
(cardgen.render.fonts.harfbuzz, so the content streams stay valid), widths from
the font file (``hmtx``, read by HarfBuzz), and the Unicode map from the text
WeasyPrint recorded for each glyph, falling back to the font's ``cmap``. Any other
font (reportlab's mark labels) is left as it is, and so is a font whose use
cannot be read (a literal string).

Every embedded font's subset tag is then made from its program
(:func:`retag`): PDF 32000 section 9.6.4 wants distinct tags for distinct
subsets, and a build joins many documents that each named theirs (six capital
letters and a plus).
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

from cardgen.render.cache.store import Memo, font_digest
from cardgen.render.fonts import harfbuzz

_REGISTRY: dict[str, Path] = {}

#: Where subsets are kept beyond this process (the build's FaceCache.memo), while :func:`sources` is active.
_KEEP: list[Memo] = []


@contextmanager
def sources(names: Mapping[str, Path], memo: Memo | None = None) -> Iterator[None]:
    """While active, fonts named one of ``names`` (BaseFont without its subset tag, e.g. ``Card-Sans-Bold``)
    are merged, from that file.

    ``memo`` (a FaceCache's) keeps every subset made, by the font file's
    digest and the glyph set: a rebuild that draws the same glyphs (most
    edits) takes them from there instead of running HarfBuzz again.
    """
    previous, previous_keep = dict(_REGISTRY), list(_KEEP)
    _REGISTRY.clear()
    _REGISTRY.update({name: Path(path) for name, path in names.items()})
    _KEEP[:] = [memo] if memo is not None else []
    try:
        yield
    finally:
        _REGISTRY.clear()
        _REGISTRY.update(previous)
        _KEEP[:] = previous_keep


class Unreadable(ValueError):
    """A content stream draws a font in a way this module does not read."""


@dataclass
class _Font:
    font: pikepdf.Object  # the Type0 font dictionary
    name: str  # BaseFont without its subset tag
    source: Path
    family: str
    flags: int
    to_unicode: pikepdf.Object | None  # WeasyPrint's ToUnicode: the text each glyph was set for


@dataclass
class _Holder:
    """Something drawn with resources: a page or a form/pattern stream, and its /Font dictionary."""

    content: pikepdf.Object  # a page dictionary or a content stream
    fonts: pikepdf.Object | None


def _holders(pdf: pikepdf.Pdf) -> list[_Holder]:
    """Every page, form XObject, tiling pattern and soft mask group, with its fonts, each once."""
    out: list[_Holder] = []
    seen: set[tuple[int, int]] = set()

    def visit_resources(resources, depth: int) -> None:
        if resources is None or depth > 8:
            return
        for category in ("/XObject", "/Pattern", "/ExtGState"):
            entries = resources.get(category)
            if isinstance(entries, Dictionary):
                for _, value in entries.items():
                    visit(value, depth + 1)

    def visit(value, depth: int) -> None:
        if getattr(value, "is_indirect", False):
            if value.objgen in seen:
                return
            seen.add(value.objgen)
        if isinstance(value, pikepdf.Stream):
            if value.get("/Subtype") == Name.Form or value.get("/PatternType") == 1:
                resources = value.get("/Resources")
                out.append(_Holder(value, resources.get("/Font") if resources is not None else None))
                visit_resources(resources, depth)
        elif isinstance(value, Dictionary):
            soft_mask = value.get("/SMask")
            if isinstance(soft_mask, Dictionary) and "/G" in soft_mask:
                visit(soft_mask.G, depth + 1)

    for page in pdf.pages:
        resources = page.obj.get("/Resources")
        out.append(_Holder(page.obj, resources.get("/Font") if resources is not None else None))
        visit_resources(resources, 0)
    return out


def _registered(font) -> _Font | None:
    """The font as a registered stack font, or None (not Type0, not ours, no descriptor)."""
    if not isinstance(font, Dictionary) or font.get("/Subtype") != Name.Type0:
        return None
    descendants = font.get("/DescendantFonts")
    if not isinstance(descendants, Array) or len(descendants) != 1:
        return None
    descriptor = descendants[0].get("/FontDescriptor")
    if descriptor is None or "/FontFamily" not in descriptor:
        return None
    family = str(descriptor.FontFamily)
    if not ("/FontFile2" in descriptor or "/FontFile3" in descriptor):
        return None
    name = str(font.get("/BaseFont", Name("/Unnamed")))[1:]
    if len(name) > 7 and name[6] == "+" and name[:6].isupper() and name[:6].isalpha():
        name = name[7:]
    source = _REGISTRY.get(name)
    if source is None:
        return None
    return _Font(font, name, source, family, int(descriptor.get("/Flags", 4)), font.get("/ToUnicode"))


def merge_and_retag(pdf: pikepdf.Pdf) -> None:
    """:func:`merge_fonts` then :func:`retag`, walking the document's pages and forms once."""
    holders = _holders(pdf)
    merge_fonts(pdf, holders)
    retag(holders)


def merge_fonts(pdf: pikepdf.Pdf, holders: list[_Holder]) -> None:
    """Replace every registered font's subsets in ``pdf`` (drawn by ``holders``) by one merged subset per
    font file (in place)."""
    if not _REGISTRY:
        return
    fonts: dict[tuple[int, int], _Font] = {}
    for holder in holders:
        if holder.fonts is not None:
            for _, font_dict in holder.fonts.items():
                if font_dict.is_indirect and font_dict.objgen not in fonts:
                    registered = _registered(font_dict)
                    if registered is not None:
                        fonts[font_dict.objgen] = registered
    if not fonts:
        return
    used, unreadable = _glyphs_drawn(holders, fonts)
    by_source: dict[Path, list[tuple[tuple[int, int], _Font]]] = {}
    for objgen, font in fonts.items():
        if font.source not in unreadable:
            by_source.setdefault(font.source, []).append((objgen, font))
    replacement: dict[tuple[int, int], pikepdf.Object] = {}
    for source in sorted(by_source):
        group = by_source[source]
        glyphs = set().union(*(used.get(objgen, set()) for objgen, _ in group))
        limit = harfbuzz.glyph_count(source)
        if any(g >= limit for g in glyphs):
            continue  # glyph ids this file does not have: not the font it was set in
        program, packed = _program(source, frozenset(glyphs))
        tag = tag_for(program)
        program_stream = pdf.make_stream(packed)
        program_stream.Filter = Name.FlateDecode
        if program[:4] == b"OTTO":
            program_stream.Subtype = Name.OpenType
        else:
            program_stream.Length1 = len(program)
        metrics = _metrics_for(source, glyphs)
        for name in sorted({font.name for _, font in group}):
            members = [(objgen, font) for objgen, font in group if font.name == name]
            drawn = set().union(*(used.get(objgen, set()) for objgen, _ in members))
            recorded: dict[int, str] = {}
            for _, font in members:
                if font.to_unicode is not None:
                    for glyph, text in sorted(_read_to_unicode(font.to_unicode).items()):
                        if glyph in drawn:
                            recorded.setdefault(glyph, text)
            first = members[0][1]
            new = _type0(pdf, f"{tag}+{name}", first, program, program_stream, drawn, metrics, recorded)
            for objgen, _ in members:
                replacement[objgen] = new
    for holder in holders:
        if holder.fonts is not None:
            for key, font_dict in list(holder.fonts.items()):
                if font_dict.is_indirect and font_dict.objgen in replacement:
                    holder.fonts[key] = replacement[font_dict.objgen]


def _type0(pdf: pikepdf.Pdf, tagged: str, font: _Font, program: bytes, program_stream, drawn: set[int],
           metrics: "_Metrics", recorded: dict[int, str]) -> pikepdf.Object:
    widths = {g: _per_mille(metrics.advances.get(g, 0), metrics) for g in sorted(drawn)}
    ascent, descent = _per_mille(metrics.ascent, metrics), _per_mille(metrics.descent, metrics)
    fixed = 1 if len(widths) > 1 and len(set(widths.values())) == 1 else 0
    descriptor = pdf.make_indirect(Dictionary(
        Type=Name.FontDescriptor, FontName=Name("/" + tagged), FontFamily=pikepdf.String(font.family),
        Flags=(font.flags & ~1) | fixed, FontBBox=Array([0, descent, max(widths.values(), default=0), ascent]),
        ItalicAngle=0, Ascent=ascent, Descent=descent, CapHeight=ascent, StemV=80, StemH=80))
    descriptor[Name.FontFile3 if program[:4] == b"OTTO" else Name.FontFile2] = program_stream
    runs: list = []
    previous = -2
    for glyph, width in widths.items():
        if glyph != previous + 1:
            runs += [glyph, Array()]
        runs[-1].append(width)
        previous = glyph
    cid_font = pdf.make_indirect(Dictionary(
        Type=Name.Font, Subtype=Name.CIDFontType0 if program[:4] == b"OTTO" else Name.CIDFontType2,
        BaseFont=Name("/" + tagged), CIDToGIDMap=Name.Identity, FontDescriptor=descriptor, W=Array(runs),
        CIDSystemInfo=Dictionary(Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Identity"),
                                 Supplement=0)))
    to_unicode = pdf.make_stream(_to_unicode_cmap(drawn, metrics, recorded))
    return pdf.make_indirect(Dictionary(
        Type=Name.Font, Subtype=Name.Type0, BaseFont=Name("/" + tagged), Encoding=Name("/Identity-H"),
        DescendantFonts=Array([cid_font]), ToUnicode=to_unicode))


def _glyphs_drawn(holders: list[_Holder], fonts: dict[tuple[int, int], _Font]
                  ) -> tuple[dict[tuple[int, int], set[int]], set[Path]]:
    """Glyph ids drawn with each registered font; and the font files whose use could not be read."""
    used: dict[tuple[int, int], set[int]] = {}
    unreadable: set[Path] = set()
    for holder in holders:
        if holder.fonts is None:
            continue
        names = {str(key): font.objgen for key, font in holder.fonts.items()
                 if font.is_indirect and font.objgen in fonts}
        if not names:
            continue
        try:
            for name, glyphs in _text_runs(holder.content):
                if name not in names:
                    if glyphs:
                        raise Unreadable(f"text in font {name!r} before or without a known font")
                    continue
                used.setdefault(names[name], set()).update(glyphs)
        except (Unreadable, pikepdf.PdfError):
            unreadable.update(fonts[objgen].source for objgen in names.values())
    return used, unreadable


def _text_runs(content) -> tuple[tuple[str | None, frozenset[int]], ...]:
    """(current font resource name, glyph ids) for every text-showing operator, in stream order.

    Kept by the stream's decoded bytes: a face's content is the same in every output PDF it is in
    (a kind's sheets as a form, the combined PDF, the print-shop PDF as a page), and the face's
    cutter (cardgen.render.pdf.faceunits) records it when it writes the stream (:func:`remember_runs`).
    """
    if isinstance(content, pikepdf.Stream):
        key = hashlib.sha256(content.read_bytes()).digest()
        if key not in _RUNS:
            _keep(key, tuple(runs_of(pikepdf.parse_content_stream(content, "Tf Tj TJ ' \""))))
        return _RUNS[key]
    return tuple(run for part in _page_parts(content) for run in _text_runs(part))


def _page_parts(page) -> list:
    contents = page.get("/Contents")
    if isinstance(contents, Array):
        return list(contents)
    return [contents] if contents is not None else []


#: Text runs of content streams seen in this process, by a hash of the stream's decoded bytes (bounded).
_RUNS: dict[bytes, tuple] = {}
_MAX_RUNS = 4096


def _keep(key: bytes, runs: tuple) -> None:
    if len(_RUNS) >= _MAX_RUNS:
        _RUNS.clear()
    _RUNS[key] = runs


def remember_runs(data: bytes, instructions) -> None:
    """Record the text runs of a content stream whose decoded bytes are ``data`` from its parsed
    ``instructions`` (a cutter that has them spares every output PDF a parse); a stream this module
    cannot read is left for :func:`_text_runs` to report."""
    try:
        runs = tuple(runs_of(instructions))
    except Unreadable:
        return
    _keep(hashlib.sha256(data).digest(), runs)


_TEXT_OPERATORS = frozenset(("Tf", "Tj", "TJ", "'", '"'))


def runs_of(instructions) -> Iterator[tuple[str | None, frozenset[int]]]:
    """(current font resource name, glyph ids) for each font choice and text-showing operator."""
    current: str | None = None
    for instruction in instructions:
        operator = str(instruction.operator)
        if operator not in _TEXT_OPERATORS:
            continue
        operands = instruction.operands
        if operator == "Tf":
            current = str(operands[0])
            yield current, frozenset()
            continue
        strings = list(operands[0]) if operator == "TJ" else [operands[-1]]
        glyphs: set[int] = set()
        for item in strings:
            if isinstance(item, pikepdf.String):
                glyphs.update(_glyph_ids(bytes(item)))
        yield current, frozenset(glyphs)


def _glyph_ids(data: bytes) -> list[int]:
    if len(data) % 2:
        raise Unreadable("string not in 2-byte glyph ids")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


#: ToUnicode maps already read, by their stream's raw bytes and filter: every output PDF of a build reads each
#: face's map again (and a watch rebuilds them all), and reading one is most of what merging fonts costs.
_TO_UNICODE_READ: dict[tuple[bytes, str], Mapping[int, str]] = {}
_TO_UNICODE_KEPT = 4096


def _read_to_unicode(stream) -> Mapping[int, str]:
    """Glyph id -> text of the bfchar entries of a ToUnicode CMap, read once per distinct CMap."""
    key = (bytes(stream.read_raw_bytes()), str(stream.get("/Filter")))
    known = _TO_UNICODE_READ.get(key)
    if known is None:
        if len(_TO_UNICODE_READ) >= _TO_UNICODE_KEPT:
            _TO_UNICODE_READ.clear()
        known = _TO_UNICODE_READ[key] = _parse_to_unicode(stream)
    return known


def _parse_to_unicode(stream) -> dict[int, str]:
    """Glyph id -> text of the bfchar entries of a ToUnicode CMap (its tokens read by qpdf)."""
    out: dict[int, str] = {}
    try:
        instructions = pikepdf.parse_content_stream(stream, "endbfchar")
    except pikepdf.PdfError:
        return out
    for instruction in instructions:
        operands = list(instruction.operands)
        for glyph, text in zip(operands[::2], operands[1::2]):
            try:
                out.setdefault(int.from_bytes(bytes(glyph), "big"), bytes(text).decode("utf-16-be"))
            except (TypeError, ValueError):
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
def _program(source: Path, glyphs: frozenset[int]) -> tuple[bytes, bytes]:
    """The subset and its deflated bytes, kept: the combined and print-shop PDFs draw the same glyphs."""
    program = _kept_subset(source, glyphs)
    return program, zlib.compress(program, 1)  # fastest, and no bigger than level 6 on these programs


def _kept_subset(source: Path, glyphs: frozenset[int]) -> bytes:
    """HarfBuzz's subset of ``source`` for ``glyphs``: a function of the file's bytes, the glyph set and
    the HarfBuzz version only, so it is kept by them."""
    if not _KEEP:
        return harfbuzz.subset(source, set(glyphs))
    material = b"harfbuzz %s\0%s\0%s" % (harfbuzz.version().encode(), font_digest(source).encode(),
                                           b",".join(b"%d" % g for g in sorted(glyphs)))
    return _KEEP[0]("font-subset", material, lambda: harfbuzz.subset(source, set(glyphs)))


def _to_unicode_cmap(drawn: set[int], metrics: _Metrics, recorded: dict[int, str]) -> bytes:
    """The Unicode map: the text WeasyPrint recorded for a glyph, else the font's own character for it.

    The record comes first: a glyph that shaping substituted (the Chinese form of the em dash "—",
    which the font's cmap maps from "―") stands for the text that was set, not for the character the
    cmap happens to give it.
    """
    pairs = []
    for glyph in sorted(drawn):
        text = recorded.get(glyph) or metrics.characters.get(glyph)
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
    return b"\n".join(body)


@lru_cache(maxsize=256)
def _tag_of(program: bytes) -> str:
    return "".join(chr(65 + b % 26) for b in hashlib.sha256(program).digest()[:6])


def tag_for(program: bytes) -> str:
    """Six capital letters from a hash of the embedded font program."""
    return _tag_of(program)


def retag(holders: list[_Holder]) -> None:
    """Every embedded font's subset tag (six capital letters and a plus, as ``ABCDEF+``) in what ``holders``
    draw replaced by its program's tag, in place."""
    done: set[tuple[int, int]] = set()
    for holder in holders:
        if holder.fonts is None:
            continue
        for _, font in holder.fonts.items():
            if not font.is_indirect or font.objgen in done:
                continue
            done.add(font.objgen)
            parts = [font] + list(font.get("/DescendantFonts", Array()))
            descriptor = parts[-1].get("/FontDescriptor")
            if descriptor is None:
                continue
            program = next((descriptor[k] for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor), None)
            if program is None:
                continue
            tag = tag_for(program.read_raw_bytes())
            for holder_dict, key in [(p, "/BaseFont") for p in parts] + [(descriptor, "/FontName")]:
                name = str(holder_dict.get(key, ""))
                if len(name) > 8 and name[7] == "+" and name[1:7].isalpha() and name[1:7].isupper():
                    holder_dict[key] = Name(f"/{tag}+{name[8:]}")
