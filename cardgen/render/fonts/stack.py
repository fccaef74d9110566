"""The font stack every face is set in, at which weights, and which characters it can print.

Faces are set in fonts shipped as Python packages (never system fonts), so a
build prints the same glyphs on every machine:

* Noto Sans SC (``justmytype-intl-cjk``): Chinese, Latin, digits, most signs.
  It is the variable *TrueType* (``glyf``) build: its glyphs reach the PDF as
  a CIDFontType2 whose codes are glyph ids in every reader. The CID-keyed CFF
  build printed crossed boxes in Ghostscript and nothing in MuPDF, which map a
  CID through the font's own charset (ISO 32000-1, 9.7.4.2);
* Noto Sans Symbols (``manimgx-fonts``): the floor brackets ⌊ ⌋ of the rules;
* Noto Emoji (``manimgx-fonts``): the card icons. It is a monochrome *outline*
  (``glyf``) font, so icons reach the PDF as vector glyphs, not bitmaps.

Each variable font is printed at :data:`PRINT_WEIGHTS` (regular for rules text,
bold for titles, values and names), one ``@font-face`` rule per weight, each
laid out from a static instance (cardgen.render.fonts.instances).

:func:`missing_glyphs` checks text against the fonts' character maps, so a
character that would silently fall back to some system font is caught.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import metadata
from importlib.resources import files
from pathlib import Path
from urllib.parse import quote

import manimgx_fonts

_MANIMGX = Path(manimgx_fonts.__file__).parent
_NOTO_SANS_SC = Path(str(files("justmytype_intl_cjk") / "fonts" / "ofl" / "notosanssc"))

#: Characters that never need a glyph: layout controls and variation selectors.
_INVISIBLE = {"\n", "\r", "\t", "\u200b", "\u200c", "\u200d", "\ufe0e", "\ufe0f"}

#: CSS weights faces are printed in: rules text, and titles, values and names.
REGULAR, BOLD = 400, 700
PRINT_WEIGHTS = (REGULAR, BOLD)

#: The style word Pango (and so WeasyPrint, which names an embedded font by its Pango font
#: description) adds to a family name at each printed weight.
_PANGO_WEIGHT_WORDS = {REGULAR: "", BOLD: "Bold"}


@dataclass(frozen=True)
class StackFont:
    """One font of the stack: the CSS family name and the file it comes from."""

    family: str
    path: Path


@dataclass(frozen=True)
class FontFace:
    """One ``@font-face`` rule of the print stack: a stack font at one weight."""

    family: str
    path: Path
    weight: int

    @property
    def url(self) -> str:
        """The rule's ``src`` URL: the source file, with the weight as a fragment so each weight has its
        own URL (the renderer points each at its static instance)."""
        return f"{_file_uri(self.path)}#wght={self.weight}"

    @property
    def pdf_name(self) -> str:
        """The font's name (BaseFont, without its subset tag) in a PDF WeasyPrint writes."""
        return " ".join(filter(None, (self.family, _PANGO_WEIGHT_WORDS[self.weight]))).replace(" ", "-")


def font_stack() -> list[StackFont]:
    """The fonts in fallback order (first font that has a glyph wins)."""
    return [
        StackFont("Card Sans", _NOTO_SANS_SC / "NotoSansSC[wght].ttf"),
        StackFont("Card Symbols", _MANIMGX / "NotoSansSymbols[wght].ttf"),
        StackFont("Card Emoji", _MANIMGX / "NotoEmoji[wght].ttf"),
    ]


def font_faces() -> list[FontFace]:
    """Every ``@font-face`` rule faces are printed with: each stack font at each printed weight."""
    return [FontFace(f.family, f.path, weight) for f in font_stack() for weight in PRINT_WEIGHTS]


def font_files() -> list[Path]:
    """The exact font files a build uses (the only fonts WeasyPrint may fetch)."""
    return [f.path for f in font_stack()]


#: The PyPI distributions the font files come from; their licence texts travel with the copied fonts.
FONT_DISTRIBUTIONS = ("justmytype-intl-cjk", "manimgx-fonts")


def font_licences() -> dict[str, bytes]:
    """Licence texts (SIL OFL 1.1) of the font packages, keyed by the file name they get beside the fonts.

    The OFL lets the fonts be redistributed with the preview only together with
    their copyright notice and licence, so the build copies these next to them.
    A font's own licence file beside it wins over the first one its package lists.
    """
    out: dict[str, bytes] = {}
    beside = {f.path.parent.resolve() for f in font_stack()}
    for dist in FONT_DISTRIBUTIONS:
        licences = [f for f in metadata.files(dist) or [] if f.name.upper().startswith(("LICENSE", "LICENCE", "OFL"))]
        licences.sort(key=lambda f: Path(str(f.locate())).parent.resolve() not in beside)
        if licences:
            out[f"LICENSE-{dist}.txt"] = Path(licences[0].locate()).read_bytes()
    return out


def font_family_css() -> str:
    """The ``font-family`` value naming the whole stack."""
    return ", ".join(f'"{f.family}"' for f in font_stack())


def font_face_css(base: str | None = None) -> str:
    """``@font-face`` rules for the stack.

    ``base`` None gives the print rules, one per font and printed weight
    (:func:`font_faces`, ``file://`` URLs for WeasyPrint); a folder such as
    ``"fonts/"`` gives the offline preview's, where the build copies
    :func:`font_files` beside it: one rule per variable file over its whole
    weight range, which the browser instantiates itself.
    """
    from cardgen.render.fonts.harfbuzz import axes

    rules = []
    if base is None:
        for face in font_faces():
            rules.append(f'@font-face {{ font-family: "{face.family}"; font-weight: {face.weight}; '
                         f'src: url("{face.url}"); }}')
        return "\n".join(rules)
    for f in font_stack():
        low, _, high = axes(f.path).get("wght", (REGULAR, REGULAR, REGULAR))
        rules.append(f'@font-face {{ font-family: "{f.family}"; font-weight: {low:g} {high:g}; '
                     f'src: url("{base + quote(f.path.name)}"); }}')
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
