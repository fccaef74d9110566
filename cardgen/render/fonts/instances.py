"""Static instances of the stack's variable fonts, made once and kept in the build cache.

WeasyPrint instantiates a variable font (fontTools instancer) for every PDF it
writes, and subsets the result each time: with two variable fonts in the stack
that was about a sixth of laying the faces out. Every face is set at the
default weight, so each variable font is instantiated ONCE at wght 400 here,
stored under a name that carries the source file's hash and the fontTools
version (a new source or instancer makes a new file, never a stale one), and
WeasyPrint is given the instance instead (cardgen.render.faces.renderer rewrites the
@font-face URLs). Glyph coverage is still checked against the source files:
an instance has the same character map.
"""

from __future__ import annotations

import io
import os
import struct
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import fontTools
from fontTools.ttLib import TTFont
from fontTools.varLib.instancer import instantiateVariableFont

from cardgen.render.cache import file_digest, write_atomically

#: The weight every face is set in (CSS font-weight: normal).
PRINT_WEIGHT = 400
#: Fixed "now" for fontTools, which stamps head.modified with the clock otherwise.
FONT_TIMESTAMP_EPOCH = "946684800"  # 2000-01-01, the date pdfbytes writes too


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
INSTANCE_METHOD = "2"
#: Tables that only describe how a variable font varies; the default instance is the font without them.
VARIATION_TABLES = frozenset({b"fvar", b"gvar", b"avar", b"cvar", b"HVAR", b"VVAR", b"MVAR", b"STAT"})
_SFNT_HEADER = struct.Struct(">IHHHH")
_TABLE_RECORD = struct.Struct(">4sIII")


def default_location(font: TTFont) -> dict[str, float]:
    return {axis.axisTag: axis.defaultValue for axis in font["fvar"].axes}


def without_variations(data: bytes) -> bytes:
    """A TrueType font's default instance: the same file minus its variation tables.

    At the default location every variation delta is zero, so the outlines and
    metrics in glyf/hmtx already are that instance; rewriting the table directory
    takes a millisecond where the fontTools instancer recomputes every glyph
    (seconds for the emoji font, on every cold cache).
    """
    version, count, *_ = _SFNT_HEADER.unpack_from(data)
    records = [_TABLE_RECORD.unpack_from(data, _SFNT_HEADER.size + i * _TABLE_RECORD.size) for i in range(count)]
    kept = sorted(r for r in records if r[0] not in VARIATION_TABLES)
    n = len(kept)
    power = 1 << (n.bit_length() - 1)
    header = _SFNT_HEADER.pack(version, n, power * 16, power.bit_length() - 1, n * 16 - power * 16)
    offset = _SFNT_HEADER.size + n * _TABLE_RECORD.size
    directory, body = bytearray(header), bytearray()
    head_at = None
    for tag, checksum, start, length in kept:
        table = bytearray(data[start : start + length])
        if tag == b"head":
            table[8:12] = b"\0\0\0\0"            # checkSumAdjustment, recomputed below
            head_at = offset + len(body)
        directory += _TABLE_RECORD.pack(tag, checksum, offset + len(body), length)
        body += table + b"\0" * (-length % 4)
    font = bytearray(directory + body)
    if head_at is not None:
        total = sum(struct.unpack(f">{len(font) // 4}I", font)) & 0xFFFFFFFF
        font[head_at + 8 : head_at + 12] = struct.pack(">I", (0xB1B0AFBA - total) & 0xFFFFFFFF)
    return bytes(font)


def instance_bytes(source: Path) -> bytes:
    """The static instance of ``source`` at :data:`PRINT_WEIGHT` (same bytes on every run)."""
    font = TTFont(source, lazy=True)
    try:
        plain = default_location(font) == {"wght": PRINT_WEIGHT} and "glyf" in font
    finally:
        font.close()
    if plain:
        return without_variations(Path(source).read_bytes())
    with fixed_font_timestamps():
        font = TTFont(source)
        static = instantiateVariableFont(font, {"wght": PRINT_WEIGHT}, static=True)
        buffer = io.BytesIO()
        static.save(buffer)
    return buffer.getvalue()


def instance_name(source: Path) -> str:
    """File name of ``source``'s instance: its stem, the weight, its content hash and the fontTools version."""
    digest = file_digest(source)[:20]
    stem = Path(source).stem.split("[")[0]
    return f"{stem}-wght{PRINT_WEIGHT}-{digest}-fonttools{fontTools.version}-m{INSTANCE_METHOD}{Path(source).suffix}"


def static_instance(source: Path, folder: Path) -> Path:
    """``source``'s instance in ``folder``, made (and written atomically) if it is not there yet."""
    path = Path(folder) / instance_name(source)
    if not path.is_file():
        write_atomically(path, instance_bytes(source))
    return path


def print_fonts(sources: list[Path], folder: Path | None) -> dict[Path, Path]:
    """Each source font -> the file WeasyPrint sets faces in (its static instance if it is variable).

    ``folder`` None, or a folder that cannot be written, puts the instances in a
    private temporary folder for this process: slower next time, same bytes.
    """
    out: dict[Path, Path] = {}
    for source in sources:
        source = Path(source)
        if not is_variable(source):
            out[source] = source
            continue
        try:
            if folder is None:
                raise OSError("no cache folder")
            out[source] = static_instance(source, Path(folder))
        except OSError:
            out[source] = static_instance(source, _private_folder())
    return out


_PRIVATE: list[Path] = []


def _private_folder() -> Path:
    if not _PRIVATE:
        _PRIVATE.append(Path(tempfile.mkdtemp(prefix="cardgen-fonts-")))
    return _PRIVATE[0]
