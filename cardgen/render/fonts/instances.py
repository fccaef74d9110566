"""Static instances of the stack's variable fonts, made once and kept in the build cache.

WeasyPrint instantiates a variable font (fontTools instancer) for every PDF it
writes, and subsets the result each time: with two variable fonts in the stack
that was about a sixth of laying the faces out. Every face is set at the
default weight, so each variable font is instantiated ONCE at wght 400 here,
stored under a name that carries the source file's hash and the fontTools and HarfBuzz
version (a new source or instancer makes a new file, never a stale one), and
WeasyPrint is given the instance instead (cardgen.render.faces.renderer rewrites the
@font-face URLs). Glyph coverage is still checked against the source files:
an instance has the same character map.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import fontTools
from fontTools.ttLib import TTFont
from fontTools.varLib.instancer import instantiateVariableFont

from cardgen.render.cache.store import file_digest
from cardgen.render.cache.cachedir import write_atomically
from cardgen.render.fonts import harfbuzz

#: The weight every face is set in (CSS font-weight: normal).
PRINT_WEIGHT = 400
#: Fixed "now" for fontTools, which stamps head.modified with the clock otherwise.
FONT_TIMESTAMP_EPOCH = "946684800"  # 2000-01-01


@contextmanager
def fixed_font_timestamps() -> Iterator[None]:
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FONT_TIMESTAMP_EPOCH
    try:
        yield
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous


def is_variable(path: Path) -> bool:
    font = TTFont(path, lazy=True)
    try:
        return "fvar" in font
    finally:
        font.close()


#: Bump when the way instances are made changes (the name then changes, so no cache serves an old one).
INSTANCE_METHOD = "4"


def default_location(font: TTFont) -> dict[str, float]:
    return {axis.axisTag: axis.defaultValue for axis in font["fvar"].axes}


def instance_bytes(source: Path) -> bytes:
    """The static instance of ``source`` at :data:`PRINT_WEIGHT` (same bytes on every run).

    At the font's default location HarfBuzz's instancer (uharfbuzz, pinning
    every axis) takes milliseconds; elsewhere the fontTools instancer
    recomputes every glyph (seconds for the emoji font).
    """
    font = TTFont(source, lazy=True)
    try:
        at_default = default_location(font) == {"wght": PRINT_WEIGHT}
    finally:
        font.close()
    if at_default:
        return harfbuzz.default_instance(source)
    with fixed_font_timestamps():
        font = TTFont(source)
        static = instantiateVariableFont(font, {"wght": PRINT_WEIGHT}, static=True)
        buffer = io.BytesIO()
        static.save(buffer)
    return buffer.getvalue()


def within_line_of(data: bytes, text_font: Path) -> bytes:
    """The font ``data`` with line metrics no taller than ``text_font``'s (same bytes on every run).

    A fallback font sets the few characters the text font lacks (the symbol
    font's ⌊ ⌋ in "+⌊F ÷ 2⌋"), and the line they are on takes the tallest
    ascent and descent of the fonts it uses: Noto Sans Symbols' (1.48 and
    0.57 em) made such a line 40% taller than its neighbours and raised its
    list bullet. Ascent and descent (hhea, OS/2 typographic and Windows
    values) are capped at the text font's; glyphs are unchanged.
    """
    reference = TTFont(text_font, lazy=True)
    try:  # the smaller of its hhea and typographic values: whichever a layout engine reads, none is taller
        scale = 1 / reference["head"].unitsPerEm
        hhea, os2 = reference["hhea"], reference["OS/2"]
        ascent = min(hhea.ascent, os2.sTypoAscender) * scale
        descent = -max(hhea.descent, os2.sTypoDescender) * scale
    finally:
        reference.close()
    with fixed_font_timestamps():
        font = TTFont(io.BytesIO(data))
        units = font["head"].unitsPerEm
        top, bottom = round(ascent * units), round(descent * units)
        hhea, os2 = font["hhea"], font["OS/2"]
        hhea.ascent, hhea.descent = min(hhea.ascent, top), max(hhea.descent, -bottom)
        os2.sTypoAscender, os2.sTypoDescender = min(os2.sTypoAscender, top), max(os2.sTypoDescender, -bottom)
        os2.usWinAscent, os2.usWinDescent = min(os2.usWinAscent, top), min(os2.usWinDescent, bottom)
        buffer = io.BytesIO()
        font.save(buffer)
    return buffer.getvalue()


def instance_name(source: Path, text_font: Path | None = None) -> str:
    """File name of ``source``'s instance: its stem, the weight, its content hash (and the text font's whose
    line it keeps to), and the fontTools and HarfBuzz versions."""
    digest = file_digest(source)[:20] + (f"-in{file_digest(text_font)[:8]}" if text_font is not None else "")
    stem = Path(source).stem.split("[")[0]
    tools = f"fonttools{fontTools.version}-hb{harfbuzz.version().split()[0]}"
    return f"{stem}-wght{PRINT_WEIGHT}-{digest}-{tools}-m{INSTANCE_METHOD}{Path(source).suffix}"


def static_instance(source: Path, folder: Path, text_font: Path | None = None) -> Path:
    """``source``'s instance in ``folder`` (kept within ``text_font``'s line when given), made and written
    atomically if it is not there yet."""
    path = Path(folder) / instance_name(source, text_font)
    if not path.is_file():
        data = instance_bytes(source)
        write_atomically(path, within_line_of(data, text_font) if text_font is not None else data)
    return path


def print_fonts(sources: list[Path], folder: Path | None) -> dict[Path, Path]:
    """Each source font -> the file WeasyPrint sets faces in (its static instance if it is variable).

    ``folder`` None, or a folder that cannot be written, puts the instances in a
    private temporary folder for this process: slower next time, same bytes.
    """
    out: dict[Path, Path] = {}
    text_font = Path(sources[0]) if sources else None  # the stack's first font sets the text
    for source in sources:
        source = Path(source)
        if not is_variable(source):
            out[source] = source
            continue
        within = text_font if source != text_font else None  # a fallback keeps to the text's line
        try:
            if folder is None:
                raise OSError("no cache folder")
            out[source] = static_instance(source, Path(folder), within)
        except OSError:
            out[source] = static_instance(source, _private_folder(), within)
    return out


_PRIVATE: list[Path] = []


def _private_folder() -> Path:
    if not _PRIVATE:
        _PRIVATE.append(Path(tempfile.mkdtemp(prefix="cardgen-fonts-")))
    return _PRIVATE[0]
