"""Static instances of the stack's variable fonts, made once per weight and kept in the build cache.

WeasyPrint instantiates a variable font (fontTools instancer) for every PDF it
writes, and subsets the result each time: seconds per document for the Chinese
font. So each variable font is instantiated ONCE per printed weight here (HarfBuzz's
instancer, a fraction of a second), stored under a name that carries the weight, the
source file's hash and the fontTools and HarfBuzz versions (a new source or instancer
makes a new file, never a stale one), and WeasyPrint is given the instances instead
(the renderer points each ``@font-face`` URL at its instance). Glyph coverage is
still checked against the source files: an instance has the same character map.
"""

from __future__ import annotations

import io
import os
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import fontTools
from fontTools.ttLib import TTFont

from cardgen.render.cache.store import font_digest
from cardgen.render.cache.cachedir import write_atomically
from cardgen.render.fonts import harfbuzz
from cardgen.render.fonts.stack import FontFace

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
    return bool(harfbuzz.axes(path))


#: Bump when the way instances are made changes (the name then changes, so no cache serves an old one).
INSTANCE_METHOD = "5"


def instance_bytes(source: Path, weight: int) -> bytes:
    """The static instance of ``source`` at ``weight`` (same bytes on every run)."""
    return harfbuzz.instance(source, {"wght": weight})


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


def instance_name(source: Path, weight: int, text_font: Path | None = None) -> str:
    """File name of ``source``'s instance at ``weight``: its stem, the weight, its content hash (and the text
    font's whose line it keeps to), and the fontTools and HarfBuzz versions."""
    within = f"-in{font_digest(Path(text_font))[:8]}" if text_font is not None else ""
    digest = font_digest(Path(source))[:20] + within
    stem = Path(source).stem.split("[")[0]
    tools = f"fonttools{fontTools.version}-hb{harfbuzz.version().split()[0]}"
    return f"{stem}-wght{weight}-{digest}-{tools}-m{INSTANCE_METHOD}{Path(source).suffix}"


def static_instance(source: Path, weight: int, folder: Path, text_font: Path | None = None,
                    record: Path | None = None, dropped: list[str] | None = None) -> Path:
    """``source``'s instance at ``weight`` in ``folder`` (kept within ``text_font``'s line when given), made
    and written atomically if it is not there yet (and recorded in the cache folder ``record``).

    An instance is kept with its CRC-32 beside it (``.crc32``) and checked before it is used: a damaged
    one (a half-written disk, a hand) silently printed broken glyphs. It is made again, and named in
    ``dropped``.
    """
    path = Path(folder) / instance_name(source, weight, text_font)
    checksum = path.with_name(path.name + ".crc32")
    if _intact(path, checksum):
        return path
    if dropped is not None and path.is_file() and checksum.is_file():
        dropped.append(f"{Path(folder).name}/{path.name}")
    data = instance_bytes(source, weight)
    data = within_line_of(data, text_font) if text_font is not None else data
    write_atomically(path, data, record=record)
    write_atomically(checksum, str(zlib.crc32(data)).encode(), record=record)
    return path


#: Instances found intact by this process, by (path, size, modification time): checked once, not once a build.
_CHECKED: set[tuple[Path, int, int]] = set()


def _intact(path: Path, checksum: Path) -> bool:
    """Whether the instance at ``path`` still has the CRC-32 written beside it."""
    try:
        info = path.stat()
        if (path, info.st_size, info.st_mtime_ns) in _CHECKED:
            return True
        whole = zlib.crc32(path.read_bytes()) == int(checksum.read_text(encoding="ascii"))
    except (OSError, ValueError):
        return False
    if whole:
        _CHECKED.add((path, info.st_size, info.st_mtime_ns))
    return whole


def print_fonts(faces: Sequence[FontFace], folder: Path | None, record: Path | None = None,
                dropped: list[str] | None = None) -> dict[FontFace, Path]:
    """Each ``@font-face`` rule -> the file WeasyPrint sets it from (its static instance if it is variable).

    ``folder`` None, or a folder that cannot be written, puts the instances in a
    private temporary folder for this process: slower next time, same bytes.
    ``record``: the cache folder that ``folder`` lies in, whose record lists what cardgen wrote;
    ``dropped`` gains the damaged instances made again.
    """
    out: dict[FontFace, Path] = {}
    text_font = Path(faces[0].path) if faces else None  # the stack's first font sets the text
    for face in faces:
        source = Path(face.path)
        if not is_variable(source):
            out[face] = source
            continue
        within = text_font if source != text_font else None  # a fallback keeps to the text's line
        try:
            if folder is None:
                raise OSError("no cache folder")
            out[face] = static_instance(source, face.weight, Path(folder), within, record, dropped)
        except OSError:
            out[face] = static_instance(source, face.weight, _private_folder(), within)
    return out


_PRIVATE: list[Path] = []


def _private_folder() -> Path:
    if not _PRIVATE:
        _PRIVATE.append(Path(tempfile.mkdtemp(prefix="cardgen-fonts-")))
    return _PRIVATE[0]
