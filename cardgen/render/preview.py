"""The offline HTML preview: every distinct face and back on one page, grouped by kind.

It shows the very fragments the print documents are made of, inside frames
of the trim size, so the screen shows the card as it will be cut. The page
needs no network: fonts are referenced as ``fonts/<file>`` and the build copies
:func:`cardgen.render.fonts.stack.font_files` there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from markupsafe import Markup

from cardgen.errors import BuildError
from cardgen.render.faces.facekit import Face, mm
from cardgen.render.fonts.stack import font_face_css, font_family_css
from cardgen.render.faces.templating import render

#: Widest a face is shown on screen before it is scaled down to fit.
MAX_TILE_MM = 200.0


@dataclass(frozen=True)
class Tile:
    face: Face
    scale: float
    #: copies printed: a back's are its printed fronts' (a pack's backs come from the base with the base's count)
    copies: int

    @property
    def outer_style(self) -> str:
        return f"width:{mm(self.face.width_mm * self.scale)};height:{mm(self.face.height_mm * self.scale)}"

    @property
    def inner_style(self) -> str:
        return (f"width:{mm(self.face.width_mm)};height:{mm(self.face.height_mm)};"
                f"transform:scale({self.scale:.4f})")

    @property
    def body(self) -> Markup:
        return Markup(self.face.body)


class PreviewWords(Protocol):
    """The words the preview page takes from a game's strings, in the edition's language."""

    @property
    def html_lang(self) -> str: ...

    @property
    def box_name(self) -> str: ...

    def label(self, key: str) -> str: ...


def render_preview(faces: Sequence[Face], *, words: PreviewWords, kinds: Mapping[str, str], tagline: str,
                   card_css: Callable[[Sequence[Face]], str], files: Sequence = (),
                   quantities: Sequence[dict] = (), group_of: Mapping[str, str] | None = None) -> str:
    """The page; ``files`` (cardgen.render.sheets.files.PdfFile) and ``quantities`` fill its printing section.

    ``faces`` are the faces printed (an ``--only`` build's kinds and their backs); with ``quantities``, each
    tile shows the copies the print-shop list counts, so the page and the order list agree. ``kinds`` names
    each face kind's group, in the order the page shows them; ``card_css`` gives the shared style rules of the
    cards it is handed (cardgen.render.faces.facekit.card_css). ``group_of`` puts kinds in one group
    (kind -> the group's name, the first kind's label naming it, cardgen.render.components.preview_groups);
    a kind it does not name is a group of its own.
    """
    missing = [f.id for f in faces if not f.body]
    if missing:
        raise BuildError(f"cannot preview faces without a rendered body: {', '.join(missing)}")
    counts = {row["id"]: row["copies"] for row in quantities}
    named = group_of or {}
    members: dict[str, tuple[str, list[str]]] = {}
    for kind, label in kinds.items():
        members.setdefault(named.get(kind, kind), (label, []))[1].append(kind)
    groups = []
    for group, (label, grouped) in members.items():
        tiles = [Tile(f, min(1.0, MAX_TILE_MM / f.width_mm), counts.get(f.id, f.copies))
                 for f in faces if f.kind in grouped]
        if tiles:
            groups.append({"kind": group, "label": label, "tiles": tiles,
                           "cards": sum(t.copies for t in tiles)})
    unknown = sorted({f.kind for f in faces} - set(kinds))
    if unknown:
        raise BuildError(f"preview has no group for face kind(s): {', '.join(unknown)}")
    return render(
        "preview.html.j2", w=words, tagline=tagline, groups=groups, lang=words.html_lang,
        files=[f.entry() for f in files], quantities=list(quantities),
        font_faces=Markup(font_face_css("fonts/")), font_family=Markup(font_family_css()),
        card_css=lambda faces: Markup(card_css(faces)),
    )
