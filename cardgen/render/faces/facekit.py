"""What a face is, and how one is rendered from a template into a print page.

A face is first rendered as a *fragment* (one ``<div class="face">`` sized to
trim + bleed, shifted up-left by the bleed), then wrapped into a standalone
one-page document whose ``@page`` is the trim size with bleed. The offline
preview shows the same fragments inside trim-sized frames, so what a person
checks on screen is exactly what goes to print.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from markupsafe import Markup

from cardgen.render.faces.colour import Palette
from cardgen.render.fonts.stack import font_face_css, font_family_css
from cardgen.render.faces.templating import render

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
    #: What a player calls it, in the edition's language (preview captions, sheet labels); ``label`` is the developer id.
    caption: str = field(default="", compare=False)
    #: Cards of one colour share a sheet (its accent): a miscut between butted cards shows the same colour.
    colour: str = field(default="", compare=False)
    #: A base face a pack (or ``--changed-since``) changes: the old set's face of this id, its html. A text of the
    #: base's that no longer fits is blamed on the pack's line among what the face prints that this does not.
    base_html: str = field(default="", repr=False, compare=False)


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
    def css_class(self) -> str:
        """Class naming this geometry, for faces that take it from the stylesheet instead of a ``style``."""
        return "frame-" + "-".join(f"{round(v, 3):g}".replace(".", "_") for v in (self.width, self.height, self.bleed))

    @property
    def css(self) -> str:
        """Rules placing a face of class :attr:`css_class` and its safe zone (the root and safe styles)."""
        return f".{self.css_class} {{ {self.root_style}; }}\n.{self.css_class} > .safe {{ {self.safe_style}; }}"

    @property
    def trim_style(self) -> str:
        """Position of the trim rectangle inside the bleed-sized face."""
        return f"left:{mm(self.bleed)};top:{mm(self.bleed)};width:{mm(self.width)};height:{mm(self.height)}"


def card_css(palette: Palette, faces: Sequence[Face]) -> str:
    """The rules cards take from their stylesheet (palette, frames), for a page that shows ``faces``."""
    frames = dict.fromkeys(Frame(f.width_mm, f.height_mm, f.bleed_mm).css for f in faces if f.layout == "card")
    return "\n".join([palette.css, *frames])


class FaceWords(Protocol):
    """What a face's words must offer the page around it: any game's words (Rail Journey's :class:`Words`, the
    component kit's :class:`cardgen.render.components.words.LabelWords`)."""

    @property
    def lang(self) -> str: ...

    @property
    def html_lang(self) -> str: ...

    def label(self, key: str) -> str: ...


#: The words a maker's faces read: Rail Journey's, or the component kit's.
W = TypeVar("W", bound=FaceWords)


@dataclass(frozen=True)
class FaceMaker(Generic[W]):
    """Renders faces for one language and bleed."""

    #: the edition's words (the template's ``w``)
    words: W
    bleed: float
    #: the colours faces may use (the template's ``palette``)
    palette: Palette
    #: a pack's set mark, printed in the same corner of each marked face (cardgen.model.pack)
    mark: str = ""
    #: ids of the faces that carry the mark; None: every front and board (a pack-only build)
    marked: frozenset[str] | None = None
    #: the game's own templates folder, searched before the kit's; None: the kit's only
    templates: Path | None = None
    #: what else every template of the game sees (Rail Journey's: its ``content``)
    shared: Mapping[str, Any] = field(default_factory=dict)

    def make(self, *, kind: str, id: str, label: str, template: str, size: tuple[float, float],
             copies: int, back: str | None = None, layout: str = "card", caption: str = "",
             sheet_colour: str = "", **context: object) -> Face:
        frame = Frame(size[0], size[1], self.bleed)
        palette = self.palette
        marked = bool(self.mark) and kind != "card_back" and (self.marked is None or id in self.marked)
        # a template that fills its safe zone to the corner keeps mark_room_mm free there for the mark
        body = render(template, game_templates=self.templates, g=frame, w=self.words, palette=palette,
                      mark_room_mm=MARK_ROOM_MM if marked else 0.0, **self.shared, **context)
        if marked:
            body = Markup(body) + set_mark(self.mark, frame)
        # Cards take their geometry and accent from the stylesheet, all cards share it word for word;
        # boards (sizes of their own) keep theirs inline.
        shared = f"{palette.css}\n{frame.css}" if layout == "card" else ""
        html = render_page(body, frame=frame, words=self.words, title=label, shared_css=shared,
                           stylesheet="cards.css" if layout == "card" else "boards.css")
        return Face(kind=kind, id=id, html=html, width_mm=size[0], height_mm=size[1], bleed_mm=self.bleed,
                    copies=copies, back=back, layout=layout, label=label, body=body, caption=caption or label,
                    colour=sheet_colour)


#: The set mark's circle and its inset from the trim, in mm: the bottom-right corner of every face,
#: beside the footer line (which is centred and ends short of it). The circle may reach into the margin
#: (it is art), its glyph keeps the safe margin like every text (at 1.5 mm the circle was 1 mm from the cut).
MARK_MM = 6.4
MARK_INSET_MM = SAFE_MARGIN_MM - 1.0
#: How far the mark reaches into the safe zone from its bottom-right corner, and a millimetre's gap: the room a
#: template that fills its safe zone leaves free there when the face is marked (its ``mark_room_mm``).
MARK_ROOM_MM = MARK_MM - (SAFE_MARGIN_MM - MARK_INSET_MM) + 1.0
#: The mark's glyph: its em is at least 4 mm, legible across the table (at 6 pt it was about 2 mm).
MARK_PT = 12


def set_mark(mark: str, frame: Frame) -> Markup:
    """The pack's mark, in the same place on every face (its bottom-right corner)."""
    left = frame.width - MARK_INSET_MM - MARK_MM
    top = frame.height - MARK_INSET_MM - MARK_MM
    return Markup('<div class="pack-mark" style="position:absolute;left:{};top:{};width:{};height:{};'
                  'line-height:{};text-align:center;font-size:{}pt;border:0.25mm solid #333;border-radius:50%;'
                  'background:#fff;color:#222;z-index:9">{}</div>').format(
        mm(left), mm(top), mm(MARK_MM), mm(MARK_MM), mm(MARK_MM), MARK_PT, mark)


def render_page(body: str, *, frame: Frame, words: FaceWords, title: str, stylesheet: str, shared_css: str = "") -> str:
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
        shared_css=Markup(shared_css),
        font_faces=Markup(font_face_css()),
        font_family=Markup(font_family_css()),
        page_size=f"{mm(frame.width)} {mm(frame.height)}",
        bleed=mm(frame.bleed),
    )
