"""What a face is, and how one is rendered from a template into a print page.

A face is first rendered as a *fragment* (one ``<div class="face">`` sized to
trim + bleed, shifted up-left by the bleed), then wrapped into a standalone
one-page document whose ``@page`` is the trim size with bleed. The offline
preview shows the same fragments inside trim-sized frames, so what a person
checks on screen is exactly what goes to print.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from cardgen.render.fonts import font_face_css, font_family_css
from cardgen.render.templating import render
from cardgen.render.words import Words

#: Distance inside the trim line that holds all text (print-shop tolerance),
#: a design constant of the templates, not a rule of the game.
SAFE_MARGIN_MM = 3.5


@dataclass(frozen=True)
class Face:
    """One distinct printed face: a card front or back, or a board."""

    kind: str
    id: str
    html: str
    width_mm: float
    height_mm: float
    bleed_mm: float
    copies: int
    back: str | None
    layout: str
    label: str
    #: The face's fragment (styles are shared), for the preview page.
    body: str = field(default="", repr=False, compare=False)


def mm(value: float) -> str:
    """A CSS length in millimetres without float noise (``3mm``, ``69.5mm``)."""
    return f"{round(value, 3):g}mm"


@dataclass(frozen=True)
class Frame:
    """Geometry of one face: trim size, bleed and the safe zone, as CSS."""

    width: float
    height: float
    bleed: float

    @property
    def root_style(self) -> str:
        b = self.bleed
        return (f"left:{mm(-b)};top:{mm(-b)};width:{mm(self.width + 2 * b)};"
                f"height:{mm(self.height + 2 * b)}")

    @property
    def safe_width(self) -> float:
        """Width of the safe zone in mm, for templates that draw in it (an inline SVG needs a size)."""
        return self.width - 2 * SAFE_MARGIN_MM

    @property
    def safe_height(self) -> float:
        return self.height - 2 * SAFE_MARGIN_MM

    @property
    def safe_style(self) -> str:
        inset = self.bleed + SAFE_MARGIN_MM
        return f"left:{mm(inset)};top:{mm(inset)};width:{mm(self.safe_width)};height:{mm(self.safe_height)}"

    @property
    def trim_style(self) -> str:
        """Position of the trim rectangle inside the bleed-sized face."""
        return f"left:{mm(self.bleed)};top:{mm(self.bleed)};width:{mm(self.width)};height:{mm(self.height)}"


@dataclass(frozen=True)
class FaceMaker:
    """Renders faces for one language and bleed."""

    words: Words
    bleed: float

    def make(self, *, kind: str, id: str, label: str, template: str, size: tuple[float, float],
             copies: int, back: str | None = None, layout: str = "card", **context: object) -> Face:
        frame = Frame(size[0], size[1], self.bleed)
        body = render(template, g=frame, w=self.words, content=self.words.content, **context)
        html = render_page(body, frame=frame, words=self.words, title=label,
                           stylesheet="cards.css" if layout == "card" else "boards.css")
        return Face(kind=kind, id=id, html=html, width_mm=size[0], height_mm=size[1], bleed_mm=self.bleed,
                    copies=copies, back=back, layout=layout, label=label, body=body)


def render_page(body: str, *, frame: Frame, words: Words, title: str, stylesheet: str) -> str:
    """Wrap a fragment into its standalone one-page print document.

    Only the stylesheet of the face's layout is inlined: WeasyPrint parses the
    CSS of every page anew, so a smaller sheet is a faster build.
    """
    return render(
        "page.html.j2",
        body=Markup(body),
        frame=frame,
        lang=words.html_lang,
        title=title,
        stylesheet=stylesheet,
        font_faces=Markup(font_face_css()),
        font_family=Markup(font_family_css()),
        page_size=f"{mm(frame.width)} {mm(frame.height)}",
        bleed=mm(frame.bleed),
    )
