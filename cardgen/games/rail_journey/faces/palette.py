"""Rail Journey's palette: the colours its cards may use (map lines, design accents, player colours)."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.model.content import Content
from cardgen.render.faces.colour import Palette
from cardgen.render.faces.facekit import Face, card_css

#: The accents of faces that belong to no line or player: ticket backs, dispatch and event cards.
DESIGN_ACCENTS = {"ticket_back": "#1d2f4f", "dispatch": "#0f6b78", "event": "#b8560f"}


def palette_of(content: Content) -> Palette:
    """The card accents: map line colours and design accents, and the player colours."""
    plain = dict.fromkeys([line.colour for line in content.map.lines] + list(DESIGN_ACCENTS.values()))
    return Palette(plain=tuple(plain), players=tuple(dict.fromkeys(c.hex for c in content.game.colours)),
                   designs=tuple(DESIGN_ACCENTS.items()))


def shared_card_css(content: Content, faces: Sequence[Face]) -> str:
    """The rules cards take from their stylesheet (palette, frames), for a page that shows ``faces``."""
    return card_css(palette_of(content), faces)
