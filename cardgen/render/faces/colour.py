"""Legible text on a content-chosen colour: white on dark colours, ink on light ones."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import BuildError

INK = "#1d2430"
WHITE = "#ffffff"
#: Above this relative luminance white text loses to dark ink (yellow, for one).
LIGHT_LUMINANCE = 0.3


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ink_on(hex_colour: str) -> str:
    """The text colour to print on a ``hex_colour`` background."""
    return INK if luminance(hex_colour) > LIGHT_LUMINANCE else WHITE


def readable(hex_colour: str) -> str:
    """``hex_colour`` as text on light paper: light colours are darkened towards ink."""
    if luminance(hex_colour) <= LIGHT_LUMINANCE:
        return hex_colour
    mix = 0.45  # share of ink mixed in
    rgb = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    ink = [int(INK[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * (1 - mix) + k * mix):02x}" for c, k in zip(rgb, ink))


def mix(top: str, under: str, share: float) -> str:
    """``top`` seen at opacity ``share`` over ``under`` (both ``#rrggbb``), as one opaque colour."""
    a = [int(top[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(under[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b))


#: Opacity of a card's foot line over its accent (a design choice, drawn as a solid mixed colour:
#: an element with opacity costs WeasyPrint a transparency group of its own).
FOOT_OPACITY = 0.92

#: Accents no content colour names: design choices of the ticket backs, dispatch and event cards.
def _class_name(prefix: str, hex_colour: str) -> str:
    return f"{prefix}-{hex_colour.lstrip('#').lower()}"


@dataclass(frozen=True)
class Palette:
    """Every accent a card may take, as classes of the one stylesheet all cards share.

    Why: WeasyPrint shares one computed style between elements only when they
    have no ``style`` attribute (and their parents share theirs); a card whose
    accent came in an inline ``style`` computed every style of its own. With
    the accent a class, cards of one accent compute their styles once.
    ``plain`` colours set ``--accent`` (text on them stays white); ``players``
    also set the ink that reads on them (``--on-accent``, ``--accent-text``).
    Both set ``--foot``, the foot line's ink already mixed with the accent.
    """

    plain: tuple[str, ...]
    players: tuple[str, ...]
    #: named accents a game's templates ask for by name (``palette.design("event")``), each one of ``plain``
    designs: tuple[tuple[str, str], ...] = ()

    def accent(self, hex_colour: str) -> str:
        """Class of a plain accent."""
        if hex_colour not in self.plain:
            raise BuildError(f"accent {hex_colour} is not in the card palette (map lines and design accents)")
        return _class_name("accent", hex_colour)

    def player(self, hex_colour: str) -> str:
        """Class of a player colour's accent."""
        if hex_colour not in self.players:
            raise BuildError(f"colour {hex_colour} is not a player colour of game.yaml")
        return _class_name("player", hex_colour)

    def design(self, name: str) -> str:
        """Class of a named design accent (:attr:`designs`)."""
        return self.accent(self.design_colour(name))

    def design_colour(self, name: str) -> str:
        """The colour of a named design accent (:attr:`designs`), for what a stylesheet cannot colour (an SVG)."""
        return dict(self.designs)[name]

    @property
    def css(self) -> str:
        rules = [f".{_class_name('accent', c)} {{ --accent: {c}; --foot: {mix(WHITE, c, FOOT_OPACITY)}; }}"
                 for c in self.plain]
        rules += [f".{_class_name('player', c)} {{ --accent: {c}; --on-accent: {ink_on(c)}; "
                  f"--accent-text: {readable(c)}; --foot: {mix(ink_on(c), c, FOOT_OPACITY)}; }}"
                  for c in self.players]
        return "\n".join(rules)
