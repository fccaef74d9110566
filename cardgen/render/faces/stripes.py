"""A card back's diagonal stripes, drawn as one opaque SVG path over the back's accent.

Why a path and not a CSS ``repeating-linear-gradient``: WeasyPrint paints every
background image inside a form XObject that is a transparency group (and a
translucent gradient adds a soft mask), which a RIP must flatten; PDFium and
MuPDF also sample a gradient's hard stops into a 256-step colour table, which
drew the 2 mm stripes about 0.3 mm too wide. A filled path carries no group and
is drawn alike by every engine; its colour is white seen through at
:data:`STRIPE_OPACITY` over the accent, mixed here into one opaque colour
(WeasyPrint has no ``color-mix()``, and an inline SVG reads no CSS variable).
"""

from __future__ import annotations

import math
from typing import Protocol

from markupsafe import Markup

from cardgen.render.faces.colour import WHITE, mix

#: Width of a stripe and the distance from one stripe to the next, across them, in mm.
STRIPE_MM = 2.0
STRIPE_PERIOD_MM = 5.0
#: The stripes run from bottom-left to top-right; the first starts at the face's top-left corner.
STRIPE_ANGLE_DEG = 45
#: Opacity of white in a stripe over the back's accent (a design choice, drawn as one mixed colour).
STRIPE_OPACITY = 0.07


class FaceBox(Protocol):
    """The geometry a back's stripes fill: its trim size and bleed, in mm (a face's ``g``)."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    @property
    def bleed(self) -> float: ...


def _n(value: float) -> str:
    """An SVG number without float noise."""
    return f"{round(value, 3):g}"


def stripes(g: FaceBox, accent: str) -> Markup:
    """An ``<svg class="stripes">`` covering the whole face ``g`` (bleed included) with the stripes of a back
    whose background is ``accent`` (``#rrggbb``)."""
    width, height = g.width + 2 * g.bleed, g.height + 2 * g.bleed
    # In the stripes' frame (rotated by STRIPE_ANGLE_DEG about the top-left corner) a stripe is an upright
    # rectangle; across the stripes the face spans at most its diagonal, along them from -width to +height.
    count = math.ceil(math.hypot(width, height) / STRIPE_PERIOD_MM)
    path = "".join(f"M{_n(k * STRIPE_PERIOD_MM)} {_n(-width)}h{_n(STRIPE_MM)}v{_n(width + height)}h{_n(-STRIPE_MM)}z"
                   for k in range(count + 1))
    return Markup(f'<svg class="stripes" width="{_n(width)}mm" height="{_n(height)}mm" '
                  f'viewBox="0 0 {_n(width)} {_n(height)}"><path fill="{mix(WHITE, accent, STRIPE_OPACITY)}" '
                  f'transform="rotate({STRIPE_ANGLE_DEG})" d="{path}"/></svg>')
