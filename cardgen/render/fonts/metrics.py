"""Advance widths of the card fonts, so a template can place the characters of short labels itself.

Why: WeasyPrint sets every character of an SVG ``<text>`` on its own and
draws a centred (``text-anchor="middle"``) text in a PDF form of its own, so
six centred station ids cost the ticket a seventh of its layout time. One
``<text>`` whose characters carry their own ``x`` draws the same glyphs at the
same places for a fraction of that: the centring is done here, from the
advances (``hmtx``, read by the HarfBuzz WeasyPrint already loads) of the
font that WeasyPrint picks for each character.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from cardgen.errors import BuildError
from cardgen.render.fonts import harfbuzz
from cardgen.render.fonts.stack import REGULAR, font_stack


@cache
def advance_em(char: str, weight: int = REGULAR) -> float:
    """Advance of ``char`` in ems at ``weight``, in the first font of the stack that has it (as the fallback
    picks it)."""
    for font in font_stack():
        glyph = harfbuzz.nominal_glyph(font.path, ord(char))
        if glyph is not None:
            return harfbuzz.advance(font.path, glyph, weight) / harfbuzz.units_per_em(font.path)
    raise BuildError(f"no font of the card stack has a glyph for {char!r} (U+{ord(char):04X})")


def centred_x(labels: Sequence[tuple[float, str]], size: float, weight: int = REGULAR) -> str:
    """The ``x`` list of one SVG ``<text>`` holding every label: each label centred on its own x.

    ``labels`` are (centre, text) pairs; ``size`` is the font size in the same
    units; ``weight`` the CSS weight they are set in. Characters follow each
    other by their advances, as WeasyPrint sets them one by one.
    """
    xs: list[str] = []
    for centre, text in labels:
        advances = [advance_em(ch, weight) * size for ch in text]
        x = centre - sum(advances) / 2
        for width in advances:
            xs.append(f"{x:.3f}")
            x += width
    return " ".join(xs)
