"""Legible text on a content-chosen colour: white on dark colours, ink on light ones."""

from __future__ import annotations

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
