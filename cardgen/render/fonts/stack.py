"""The font stack every face is set in, and which characters it can print.

Faces are set in fonts shipped as Python packages (never system fonts), so a
build prints the same glyphs on every machine:

* Noto Sans SC (``pylopdf-fonts-zh-cn``): Chinese, Latin, digits, most signs;
* Noto Sans Symbols (``manimgx-fonts``): the floor brackets ⌊ ⌋ of the rules;
* Noto Emoji (``manimgx-fonts``): the card icons. It is a monochrome *outline*
  (``glyf``) font, so icons reach the PDF as vector glyphs, not bitmaps.

:func:`missing_glyphs` checks text against the fonts' character maps, so a
character that would silently fall back to some system font is caught.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path
from urllib.parse import quote

import manimgx_fonts
import pylopdf_fonts_zh_cn

_MANIMGX = Path(manimgx_fonts.__file__).parent

#: Characters that never need a glyph: layout controls and variation selectors.
_INVISIBLE = {"\n", "\r", "\t", "\u200b", "\u200c", "\u200d", "\ufe0e", "\ufe0f"}


@dataclass(frozen=True)
class StackFont:
    """One font of the stack: the CSS family name and the file it comes from."""

    family: str
    path: Path


def font_stack() -> list[StackFont]:
    """The fonts in fallback order (first font that has a glyph wins)."""
    return [
        StackFont("Card Sans", pylopdf_fonts_zh_cn.sans_path()),
        StackFont("Card Symbols", _MANIMGX / "NotoSansSymbols[wght].ttf"),
        StackFont("Card Emoji", _MANIMGX / "NotoEmoji[wght].ttf"),
    ]


def font_files() -> list[Path]:
    """The exact font files a build uses (the only fonts WeasyPrint may fetch)."""
    return [f.path for f in font_stack()]


#: The PyPI distributions the font files come from; their licence texts travel with the copied fonts.
FONT_DISTRIBUTIONS = ("pylopdf-fonts-zh-cn", "manimgx-fonts")


def font_licences() -> dict[str, bytes]:
    """Licence texts (SIL OFL 1.1) of the font packages, keyed by the file name they get beside the fonts.

    The OFL lets the fonts be redistributed with the preview only together with
    their copyright notice and licence, so the build copies these next to them.
    """
    out: dict[str, bytes] = {}
    for dist in FONT_DISTRIBUTIONS:
        files = metadata.files(dist) or []
        for f in files:
            if f.name.upper().startswith(("LICENSE", "LICENCE", "OFL")):
                out[f"LICENSE-{dist}.txt"] = f.locate().read_bytes()
                break
    return out


def font_family_css() -> str:
    """The ``font-family`` value naming the whole stack."""
    return ", ".join(f'"{f.family}"' for f in font_stack())


def font_face_css(base: str | None = None) -> str:
    """``@font-face`` rules for the stack.

    ``base`` None points at the installed files (``file://`` URIs, for
    WeasyPrint); a folder such as ``"fonts/"`` gives relative URLs for the
    offline preview, where the build copies :func:`font_files` beside it.
    """
    rules = []
    for f in font_stack():
        url = _file_uri(f.path) if base is None else base + quote(f.path.name)
        rules.append(f'@font-face {{ font-family: "{f.family}"; src: url("{url}"); }}')
    return "\n".join(rules)


@cache
def _file_uri(path: Path) -> str:
    """``path`` resolved, as a ``file://`` URI: once per process, not once per face (realpath walks the disk)."""
    return path.resolve().as_uri()


@cache
def _coverage() -> frozenset[int]:
    """Every character some font of the stack maps (HarfBuzz reads the cmaps: fontTools took 0.3 s)."""
    from cardgen.render.fonts.harfbuzz import unicodes

    return frozenset().union(*(unicodes(f.path) for f in font_stack()))


def missing_glyphs(text: str) -> set[str]:
    """Characters of ``text`` that no font of the stack can draw."""
    covered = _coverage()
    return {ch for ch in text if ch not in _INVISIBLE and ord(ch) not in covered}
