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

from cardgen.render.cache import file_digest
from cardgen.render.cachedir import write_atomically
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
INSTANCE_METHOD = "3"


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


def instance_name(source: Path) -> str:
    """File name of ``source``'s instance: its stem, the weight, its content hash and the fontTools version."""
    digest = file_digest(source)[:20]
    stem = Path(source).stem.split("[")[0]
    tools = f"fonttools{fontTools.version}-hb{harfbuzz.version().split()[0]}"
    return f"{stem}-wght{PRINT_WEIGHT}-{digest}-{tools}-m{INSTANCE_METHOD}{Path(source).suffix}"


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
