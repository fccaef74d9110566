"""Font subsets made exactly as WeasyPrint makes them: HarfBuzz, glyph ids retained.

The binding is cffi over the same libharfbuzz-subset WeasyPrint has already
loaded (its own declarations lack the file and face constructors, so the few
functions needed are declared here). fontTools.subset would do, but takes
seconds on the 8 MB Chinese CFF font; HarfBuzz takes milliseconds. No new
dependency: cffi and the library come with WeasyPrint.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import cache
from pathlib import Path

import cffi
from weasyprint.text.ffi import _dlopen

_ffi = cffi.FFI()
_ffi.cdef("""
    typedef struct hb_blob_t hb_blob_t;
    typedef struct hb_face_t hb_face_t;
    typedef struct hb_set_t hb_set_t;
    typedef struct hb_subset_input_t hb_subset_input_t;
    typedef uint32_t hb_codepoint_t;
    typedef uint32_t hb_tag_t;
    const char *hb_version_string (void);
    hb_blob_t *hb_blob_create_from_file_or_fail (const char *file_name);
    void hb_blob_destroy (hb_blob_t *blob);
    const char *hb_blob_get_data (hb_blob_t *blob, unsigned int *length);
    hb_face_t *hb_face_create (hb_blob_t *blob, unsigned int index);
    void hb_face_destroy (hb_face_t *face);
    unsigned int hb_face_get_glyph_count (const hb_face_t *face);
    hb_blob_t *hb_face_reference_blob (hb_face_t *face);
    void hb_set_add (hb_set_t *set, hb_codepoint_t codepoint);
    void hb_set_add_range (hb_set_t *set, hb_codepoint_t first, hb_codepoint_t last);
    hb_tag_t hb_tag_from_string (const char *str, int len);
    hb_subset_input_t *hb_subset_input_create_or_fail (void);
    void hb_subset_input_destroy (hb_subset_input_t *input);
    hb_set_t *hb_subset_input_glyph_set (hb_subset_input_t *input);
    hb_set_t *hb_subset_input_set (hb_subset_input_t *input, int set_type);
    void hb_subset_input_set_flags (hb_subset_input_t *input, unsigned int value);
    hb_face_t *hb_subset_or_fail (hb_face_t *source, const hb_subset_input_t *input);
    typedef struct hb_font_t hb_font_t;
    typedef int hb_bool_t;
    typedef int32_t hb_position_t;
    typedef struct { hb_position_t ascender; hb_position_t descender; hb_position_t line_gap;
                     hb_position_t r1, r2, r3, r4, r5, r6, r7, r8, r9; } hb_font_extents_t;
    hb_font_t *hb_font_create (hb_face_t *face);
    unsigned int hb_face_get_upem (const hb_face_t *face);
    hb_position_t hb_font_get_glyph_h_advance (hb_font_t *font, hb_codepoint_t glyph);
    hb_bool_t hb_font_get_h_extents (hb_font_t *font, hb_font_extents_t *extents);
    hb_bool_t hb_font_get_nominal_glyph (hb_font_t *font, hb_codepoint_t unicode, hb_codepoint_t *glyph);
    hb_set_t *hb_set_create (void);
    void hb_set_destroy (hb_set_t *set);
    void hb_face_collect_unicodes (hb_face_t *face, hb_set_t *out);
    unsigned int hb_set_get_population (const hb_set_t *set);
    unsigned int hb_set_next_many (const hb_set_t *set, hb_codepoint_t codepoint, hb_codepoint_t *out,
                                   unsigned int size);
    unsigned int hb_font_get_nominal_glyphs (hb_font_t *font, unsigned int count,
                                             const hb_codepoint_t *first_unicode, unsigned int unicode_stride,
                                             hb_codepoint_t *first_glyph, unsigned int glyph_stride);
""")
_harfbuzz = _dlopen(_ffi, "libharfbuzz-0", "harfbuzz", "harfbuzz-0.0", "libharfbuzz.so.0",
                    "libharfbuzz.0.dylib", "libharfbuzz-0.dll")
_subset = _dlopen(_ffi, "libharfbuzz-subset-0", "harfbuzz-subset", "harfbuzz-subset-0.0",
                  "libharfbuzz-subset.so.0", "libharfbuzz-subset.0.dylib", "libharfbuzz-subset-0.dll")

# hb-subset.h values (stable ABI), the flags WeasyPrint's _harfbuzz_subset passes.
_RETAIN_GIDS = 0x2
_NO_HINTING = 0x1
_DESUBROUTINIZE = 0x4
_PASSTHROUGH_UNRECOGNIZED = 0x20
_SETS_DROP_TABLE_TAG = 3
#: Tables WeasyPrint drops from every embedded subset.
DROPPED_TABLES = (b"BASE", b"DSIG", b"EBDT", b"EBLC", b"EBSC", b"GPOS", b"GSUB", b"JSTF", b"LTSH", b"PCLT", b"SVG ")


class SubsetError(RuntimeError):
    """HarfBuzz could not read the font or subset it."""


@cache
def version() -> str:
    """The HarfBuzz version subsets are made with (part of what a kept subset depends on)."""
    return _ffi.string(_harfbuzz.hb_version_string()).decode("ascii")


@cache
def _face(path: str):
    blob = _harfbuzz.hb_blob_create_from_file_or_fail(path.encode())
    if blob == _ffi.NULL:
        raise SubsetError(f"{path}: HarfBuzz cannot read this font file")
    face = _harfbuzz.hb_face_create(blob, 0)
    _harfbuzz.hb_blob_destroy(blob)  # the face keeps its own reference
    return face  # kept for the process: the Chinese font is megabytes, read once


@cache
def _key(path: Path | str) -> str:
    """The resolved file name HarfBuzz objects are kept under (resolved once, not per glyph)."""
    return str(Path(path).resolve())


def glyph_count(path: Path) -> int:
    return _harfbuzz.hb_face_get_glyph_count(_face(_key(path)))


def subset(path: Path, glyphs: set[int]) -> bytes:
    """The font program of ``path`` keeping ``glyphs`` at their own ids (others empty), no hinting.

    Two passes, as WeasyPrint does: the glyphs at their ids (HarfBuzz may keep
    more, e.g. glyphs a dropped layout table reaches), then everything up to the
    highest id asked for, so the program ends there. The same call gives the
    same bytes: a function of the file and the glyph set only.
    """
    wanted = sorted(glyphs | {0})
    first = _subset_face(_face(_key(path)), wanted, None, _RETAIN_GIDS)
    try:
        second = _subset_face(first, None, wanted[-1], 0)
        try:
            return _face_bytes(second, path)
        finally:
            _harfbuzz.hb_face_destroy(second)
    finally:
        _harfbuzz.hb_face_destroy(first)


def _subset_face(face, glyphs: list[int] | None, up_to: int | None, extra_flags: int):
    request = _ffi.gc(_subset.hb_subset_input_create_or_fail(), _subset.hb_subset_input_destroy)
    if request == _ffi.NULL:
        raise SubsetError("HarfBuzz could not allocate a subset request")
    wanted = _subset.hb_subset_input_glyph_set(request)
    if up_to is not None:
        _harfbuzz.hb_set_add_range(wanted, 0, up_to)
    for glyph in glyphs or ():
        _harfbuzz.hb_set_add(wanted, glyph)
    _subset.hb_subset_input_set_flags(
        request, extra_flags | _PASSTHROUGH_UNRECOGNIZED | _DESUBROUTINIZE | _NO_HINTING)
    dropped = _subset.hb_subset_input_set(request, _SETS_DROP_TABLE_TAG)
    for tag in DROPPED_TABLES:
        _harfbuzz.hb_set_add(dropped, _harfbuzz.hb_tag_from_string(tag, -1))
    result = _subset.hb_subset_or_fail(face, request)
    if result == _ffi.NULL:
        raise SubsetError("HarfBuzz could not subset the font")
    return result


def _face_bytes(face, path: Path) -> bytes:
    blob = _harfbuzz.hb_face_reference_blob(face)
    length = _ffi.new("unsigned int *")
    data = _harfbuzz.hb_blob_get_data(blob, length)
    program = bytes(_ffi.buffer(data, length[0]))
    _harfbuzz.hb_blob_destroy(blob)
    if not program:
        raise SubsetError(f"{path}: HarfBuzz made an empty subset")
    return program


@cache
def _font(path: str):
    return _harfbuzz.hb_font_create(_face(path))  # scale defaults to the em size: font units


def units_per_em(path: Path) -> int:
    return _harfbuzz.hb_face_get_upem(_face(_key(path)))


def advance(path: Path, glyph: int) -> int:
    """Horizontal advance of ``glyph`` in font units (``hmtx``)."""
    return _harfbuzz.hb_font_get_glyph_h_advance(_font(_key(path)), glyph)


def nominal_glyph(path: Path, code: int) -> int | None:
    """The glyph the font's cmap maps character ``code`` to, or None when it has none."""
    glyph = _ffi.new("hb_codepoint_t *")
    found = _harfbuzz.hb_font_get_nominal_glyph(_font(_key(path)), code, glyph)
    return glyph[0] if found else None


def vertical_extents(path: Path) -> tuple[int, int]:
    """(ascender, descender) in font units, as HarfBuzz reads them (OS/2 or hhea)."""
    extents = _ffi.new("hb_font_extents_t *")
    _harfbuzz.hb_font_get_h_extents(_font(_key(path)), extents)
    return extents.ascender, extents.descender


def _unicodes(path: str):
    """Every character the font's cmap maps, as a cffi array (one call, not one per character)."""
    codes = _ffi.gc(_harfbuzz.hb_set_create(), _harfbuzz.hb_set_destroy)
    _harfbuzz.hb_face_collect_unicodes(_face(path), codes)
    count = _harfbuzz.hb_set_get_population(codes)
    out = _ffi.new("hb_codepoint_t[]", count)
    _harfbuzz.hb_set_next_many(codes, 0xFFFFFFFF, out, count)  # from HB_SET_VALUE_INVALID: all of them
    return out, count


@cache
def unicodes(path: Path) -> frozenset[int]:
    """The characters ``path`` has a glyph for."""
    array, count = _unicodes(_key(path))
    return frozenset(_ffi.unpack(array, count))


@cache
def glyph_characters(path: Path | str, demoted: tuple[tuple[int, int], ...] = ()) -> dict[int, int]:
    """Glyph id -> the character it stands for: the lowest code the cmap maps to it, where codes in the
    ``demoted`` ranges count only for glyphs nothing else maps to.

    Built from two flat arrays with C-level dict updates (lowest code last, so it wins): a Python loop
    over the Chinese font's 30,000 codes cost 0.1 s a process.
    """
    key = _key(path)
    codes, count = _unicodes(key)
    glyphs = _ffi.new("hb_codepoint_t[]", count)
    size = _ffi.sizeof("hb_codepoint_t")
    _harfbuzz.hb_font_get_nominal_glyphs(_font(key), count, codes, size, glyphs, size)
    code_list, glyph_list = _ffi.unpack(codes, count), _ffi.unpack(glyphs, count)  # codes ascending
    cuts = sorted((bisect_left(code_list, low), bisect_right(code_list, high)) for low, high in demoted)
    kept_codes: list[int] = []
    kept_glyphs: list[int] = []
    out: dict[int, int] = {}
    for i, j in reversed(cuts):  # highest range first, so a lower code in a lower range wins
        out.update(zip(reversed(glyph_list[i:j]), reversed(code_list[i:j])))
    start = 0
    for i, j in cuts:
        kept_codes += code_list[start:i]
        kept_glyphs += glyph_list[start:i]
        start = max(start, j)
    kept_codes += code_list[start:]
    kept_glyphs += glyph_list[start:]
    out.update(zip(reversed(kept_glyphs), reversed(kept_codes)))
    return out
