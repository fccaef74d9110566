"""Font subsets, metrics and default instances through uharfbuzz (HarfBuzz and its subsetter, from PyPI).

Subsets are made as WeasyPrint makes them (glyph ids retained, no hinting,
layout tables dropped), so content streams written for WeasyPrint's subset
stay valid with ours. fontTools.subset would do, but takes seconds on the
17 MB Chinese font; HarfBuzz takes milliseconds. Faces and fonts are kept
per process: the Chinese font is megabytes, read once.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Mapping
from functools import cache
from pathlib import Path

import uharfbuzz as hb

#: Tables WeasyPrint drops from every embedded subset.
DROPPED_TABLES = ("BASE", "DSIG", "EBDT", "EBLC", "EBSC", "GPOS", "GSUB", "JSTF", "LTSH", "PCLT", "SVG ")
_FLAGS = hb.SubsetFlags.PASSTHROUGH_UNRECOGNIZED | hb.SubsetFlags.DESUBROUTINIZE | hb.SubsetFlags.NO_HINTING


class SubsetError(RuntimeError):
    """HarfBuzz could not read the font or subset it."""


@cache
def version() -> str:
    """The HarfBuzz version subsets are made with (part of what a kept subset depends on)."""
    return f"{hb.version_string()} uharfbuzz {hb.__version__}"


@cache
def _key(path: Path | str) -> str:
    """The resolved file name HarfBuzz objects are kept under (resolved once, not per glyph)."""
    return str(Path(path).resolve())


@cache
def _face(path: str) -> hb.Face:
    try:
        blob = hb.Blob.from_file_path(path)
    except OSError as error:
        raise SubsetError(f"{path}: HarfBuzz cannot read this font file ({error})") from None
    return hb.Face(blob)


@cache
def _font(path: str, weight: float | None = None) -> hb.Font:
    """The font at the em size (font units), set at ``weight`` where it is variable (else its default)."""
    font = hb.Font(_face(path))
    if weight is not None and _face(path).axis_infos:
        font.set_variations({"wght": weight})
    return font


def glyph_count(path: Path) -> int:
    return _face(_key(path)).glyph_count


def units_per_em(path: Path) -> int:
    return _face(_key(path)).upem


def _tag(name: str) -> int:
    """An OpenType table tag as HarfBuzz numbers it (HB_TAG: the four bytes, big-endian)."""
    return int.from_bytes(name.encode("ascii"), "big")


def _request(flags: hb.SubsetFlags) -> hb.SubsetInput:
    """A subset request with ``flags`` that drops the tables WeasyPrint drops."""
    request = hb.SubsetInput()
    request.flags = flags
    request.drop_table_tag_set.update(_tag(tag) for tag in DROPPED_TABLES)
    return request


def _subset_face(face: hb.Face, glyphs: list[int] | range, flags: hb.SubsetFlags) -> hb.Face:
    request = _request(flags)
    if isinstance(glyphs, range):
        request.glyph_set.add_range(glyphs.start, glyphs.stop - 1)
    else:
        request.glyph_set.update(glyphs)
    result = hb.subset(face, request)
    if result is None:
        raise SubsetError("HarfBuzz could not subset the font")
    return result


def subset(path: Path, glyphs: set[int]) -> bytes:
    """The font program of ``path`` keeping ``glyphs`` at their own ids (others empty), no hinting.

    Two passes, as WeasyPrint does: the glyphs at their ids (HarfBuzz may keep
    more, e.g. glyphs a dropped layout table reaches), then everything up to the
    highest id asked for, so the program ends there. The second pass is skipped
    when the first already ends there (it would give the same bytes, at more
    cost than the first). The same call gives the same bytes: a function of the
    file and the glyph set only.
    """
    wanted = sorted(glyphs | {0})
    first = _subset_face(_face(_key(path)), wanted, _FLAGS | hb.SubsetFlags.RETAIN_GIDS)
    if first.glyph_count != wanted[-1] + 1:  # the first pass kept glyphs past the last one asked for
        first = _subset_face(first, range(wanted[-1] + 1), _FLAGS)
    program = first.blob.data
    if not program:
        raise SubsetError(f"{path}: HarfBuzz made an empty subset")
    return bytes(program)


def subset_characters(path: Path, characters: str, location: Mapping[str, float] | None = None) -> bytes:
    """A small standalone font: the glyphs of ``characters`` (and .notdef's outline), renumbered, with every
    name record (the copyright and licence travel with the glyphs), no layout tables and no hinting; a
    variable font is pinned at ``location`` (its default where None), so the subset is static.

    For text set outside WeasyPrint (the sheet labels): HarfBuzz cuts the megabytes of the Chinese
    font in milliseconds, where fontTools.subset took a second.
    """
    face = _face(_key(path))
    request = _request(_FLAGS | hb.SubsetFlags.NOTDEF_OUTLINE | hb.SubsetFlags.NO_LAYOUT_CLOSURE)
    request.unicode_set.update(ord(ch) for ch in characters)
    request.name_id_set.update(range(0, 256))
    _pin(request, face, location or {})
    result = hb.subset(face, request)
    if result is None or not result.blob.data:
        raise SubsetError(f"{path}: HarfBuzz could not subset the font to {len(characters)} characters")
    return bytes(result.blob.data)


def axes(path: Path) -> dict[str, tuple[float, float, float]]:
    """The variation axes of ``path``: tag -> (minimum, default, maximum); empty for a static font."""
    return {axis.tag: (axis.min_value, axis.default_value, axis.max_value) for axis in _face(_key(path)).axis_infos}


def _pin(request: hb.SubsetInput, face: hb.Face, location: Mapping[str, float]) -> None:
    """Pin every axis of ``face``: at ``location`` where it names the axis, else at the axis default."""
    if not face.axis_infos:
        return
    request.pin_all_axes_to_default(face)
    for tag, value in location.items():
        if not request.pin_axis_location(face, tag, value):
            raise SubsetError(f"HarfBuzz could not pin axis {tag!r} at {value:g}")


def instance(path: Path, location: Mapping[str, float], characters: Collection[int] | None = None) -> bytes:
    """The variable font ``path`` pinned at ``location`` (other axes at their default), as a static font
    with every table: HarfBuzz's instancer takes a fraction of a second where fontTools' took seconds (the
    emoji font) to minutes (the Chinese font). It keeps every glyph, or with ``characters`` the glyphs they
    reach, each at its own glyph id (a glyph left out is an empty slot)."""
    face = _face(_key(path))
    request = hb.SubsetInput()
    request.keep_everything()  # every table, name and feature
    request.unicode_set.update(face.unicodes)  # and every code
    if characters is not None:
        request.glyph_set.clear()  # keep_everything asks for every glyph as well as every code
        request.unicode_set.clear()
        request.unicode_set.update(characters)
        request.flags |= hb.SubsetFlags.RETAIN_GIDS
    _pin(request, face, location)
    result = hb.subset(face, request)
    if result is None:
        raise SubsetError(f"{path}: HarfBuzz could not instance the font")
    return bytes(result.blob.data)


def advance(path: Path, glyph: int, weight: float | None = None) -> int:
    """Horizontal advance of ``glyph`` in font units (``hmtx``, varied to ``weight`` in a variable font)."""
    return _font(_key(path), weight).get_glyph_h_advance(glyph)


def nominal_glyph(path: Path, code: int) -> int | None:
    """The glyph the font's cmap maps character ``code`` to, or None when it has none."""
    return _font(_key(path)).get_nominal_glyph(code)


def vertical_extents(path: Path) -> tuple[int, int]:
    """(ascender, descender) in font units, as HarfBuzz reads them (OS/2 or hhea)."""
    extents = _font(_key(path)).get_font_extents("ltr")
    return extents.ascender, extents.descender


@cache
def unicodes(path: Path) -> frozenset[int]:
    """The characters ``path`` has a glyph for."""
    return frozenset(_face(_key(path)).unicodes)


@cache
def glyph_characters(path: Path | str, demoted: tuple[tuple[int, int], ...] = ()) -> dict[int, int]:
    """Glyph id -> the character it stands for: the lowest code the cmap maps to it, where codes in the
    ``demoted`` ranges count only for glyphs nothing else maps to."""
    font = _font(_key(path))
    code_list = sorted(_face(_key(path)).unicodes)
    glyph_list = [font.get_nominal_glyph(code) for code in code_list]
    cuts = sorted((bisect_left(code_list, low), bisect_right(code_list, high)) for low, high in demoted)
    out: dict[int, int] = {}
    for i, j in reversed(cuts):  # highest range first, so a lower code in a lower range wins
        out.update(zip(reversed(glyph_list[i:j]), reversed(code_list[i:j])))
    kept_codes: list[int] = []
    kept_glyphs: list[int] = []
    start = 0
    for i, j in cuts:
        kept_codes += code_list[start:i]
        kept_glyphs += glyph_list[start:i]
        start = max(start, j)
    kept_codes += code_list[start:]
    kept_glyphs += glyph_list[start:]
    out.update(zip(reversed(kept_glyphs), reversed(kept_codes)))  # lowest code last, so it wins
    return out
