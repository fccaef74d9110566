"""Static instances of the stack's variable fonts, made once per weight and kept in the build cache.

WeasyPrint instantiates a variable font (fontTools instancer) for every PDF it
writes, and subsets the result each time: seconds per document for the Chinese
font. So each variable font is instantiated ONCE per printed weight here (HarfBuzz's
instancer, a fraction of a second), stored under a name that carries the weight, the
source file's hash and the fontTools and HarfBuzz versions (a new source or instancer
makes a new file, never a stale one), and WeasyPrint is given the instances instead
(the renderer points each ``@font-face`` URL at its instance).

An instance of the Chinese font leaves out the Han characters a build does not
use beyond :func:`common_han` (GB 2312's 6,763, which cover everyday Simplified
Chinese): 9,800 of its 31,000 glyphs, so a cold build instances and writes
2.8 MB a weight, not 10.3 MB (0.03 s, not 0.11 s). A build's rarer Han
characters (:func:`rare_han`: a place name in 鐵, an extension-B character) are
added to its instance, whose name then carries them; every other character of
the source is kept, each glyph at its own id. So glyph coverage is still checked
against the source files: whatever a face uses, its instance has.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import tempfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
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
INSTANCE_METHOD = "6"


def instance_bytes(source: Path, weight: int, rare: str = "") -> bytes:
    """The static instance of ``source`` at ``weight`` (same bytes on every run): every character but the
    Han ones outside :func:`common_han` and ``rare``."""
    return harfbuzz.instance(source, {"wght": weight}, kept_characters(source, rare))


#: The Han ideographs: the CJK Unified blocks, their extensions, the compatibility ones.
HAN_BLOCKS = ((0x3400, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3FFFF))


def is_han(code: int) -> bool:
    """Whether ``code`` is a Han ideograph (:data:`HAN_BLOCKS`)."""
    return any(first <= code <= last for first, last in HAN_BLOCKS)


@cache
def common_han() -> frozenset[int]:
    """GB 2312's Han characters (6,763), read from Python's own codec: the ones every instance keeps."""
    found = set()
    for high in range(0xB0, 0xF8):  # the two levels of Hanzi
        for low in range(0xA1, 0xFF):
            try:
                found.add(ord(bytes((high, low)).decode("gb2312")))
            except UnicodeDecodeError:  # an unassigned slot
                continue
    return frozenset(found)


#: What :func:`is_han` says, as a pattern: a build's faces are scanned for Han in C, not character by character.
_HAN = re.compile("[" + "".join(f"{chr(first)}-{chr(last)}" for first, last in HAN_BLOCKS) + "]")


def rare_han(texts: Iterable[str]) -> str:
    """The Han characters of ``texts`` outside :func:`common_han`, once each, in code order.

    >>> rare_han(["铁路 鐵路", "𠀀"])
    '鐵𠀀'
    """
    common = common_han()
    found = {ch for text in texts for ch in set(_HAN.findall(text))}
    return "".join(sorted(ch for ch in found if ord(ch) not in common))


def kept_characters(source: Path, rare: str = "") -> frozenset[int] | None:
    """The characters ``source``'s instance keeps, or None for all of them (a font with no Han character
    outside :func:`common_han`, such as the symbol and emoji fonts)."""
    left_out = _uncommon_han(source)
    if not left_out:
        return None
    return frozenset(harfbuzz.unicodes(source) - left_out) | (left_out & {ord(ch) for ch in rare})


@cache
def _uncommon_han(source: Path) -> frozenset[int]:
    """The Han characters of ``source`` outside :func:`common_han` (read once per process: every build names
    its instances by them)."""
    common = common_han()
    return frozenset(code for code in harfbuzz.unicodes(source) if is_han(code) and code not in common)


def _rare_in(source: Path, rare: str) -> str:
    """The characters of ``rare`` that ``source``'s instance adds to its own (what names the instance)."""
    kept = kept_characters(source, rare)
    return "" if kept is None else "".join(ch for ch in rare if ord(ch) in kept)


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


def instance_name(source: Path, weight: int, text_font: Path | None = None, rare: str = "") -> str:
    """File name of ``source``'s instance at ``weight``: its stem, the weight, its content hash (and the text
    font's whose line it keeps to, and a hash of the rare Han characters it adds), and the fontTools and
    HarfBuzz versions."""
    within = f"-in{font_digest(Path(text_font))[:8]}" if text_font is not None else ""
    added = _rare_in(Path(source), rare)
    within += f"-r{hashlib.sha256(added.encode()).hexdigest()[:8]}" if added else ""
    digest = font_digest(Path(source))[:20] + within
    stem = Path(source).stem.split("[")[0]
    tools = f"fonttools{fontTools.version}-hb{harfbuzz.version().split()[0]}"
    return f"{stem}-wght{weight}-{digest}-{tools}-m{INSTANCE_METHOD}{Path(source).suffix}"


def static_instance(source: Path, weight: int, folder: Path, text_font: Path | None = None,
                    record: Path | None = None, dropped: list[str] | None = None, rare: str = "") -> Path:
    """``source``'s instance at ``weight`` in ``folder`` (kept within ``text_font``'s line when given, with
    the ``rare`` Han characters), made and written atomically if it is not there yet (and recorded in the
    cache folder ``record``).

    An instance is kept with its CRC-32 beside it (``.crc32``) and checked before it is used: a damaged
    one (a half-written disk, a hand) silently printed broken glyphs. It is made again, and named in
    ``dropped``.
    """
    path = Path(folder) / instance_name(source, weight, text_font, rare)
    checksum = path.with_name(path.name + ".crc32")
    if _intact(path, checksum):
        return path
    if dropped is not None and path.is_file() and checksum.is_file():
        dropped.append(f"{Path(folder).name}/{path.name}")
    data = instance_bytes(source, weight, rare)
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
                dropped: list[str] | None = None, rare: str = "") -> dict[FontFace, Path]:
    """Each ``@font-face`` rule -> the file WeasyPrint sets it from (its static instance if it is variable).

    ``rare``: the Han characters outside :func:`common_han` that the faces set (:func:`rare_han` of their
    HTML); an instance without them would draw none.

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
            out[face] = static_instance(source, face.weight, Path(folder), within, record, dropped, rare)
        except OSError:
            out[face] = static_instance(source, face.weight, _private_folder(), within, rare=rare)
    return out


_PRIVATE: list[Path] = []


def _private_folder() -> Path:
    if not _PRIVATE:
        _PRIVATE.append(Path(tempfile.mkdtemp(prefix="cardgen-fonts-")))
    return _PRIVATE[0]
