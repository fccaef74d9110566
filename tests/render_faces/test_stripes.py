"""A card back's stripes: one opaque path that draws the stripes of the old CSS gradient over any face."""

from __future__ import annotations

import math
import re

import pytest

from cardgen.render.faces.facekit import Frame
from cardgen.render.faces.stripes import STRIPE_ANGLE_DEG, STRIPE_MM, STRIPE_PERIOD_MM, stripes

#: Sample spacing over the face, in mm, and how close to a stripe's edge a sample is not judged.
STEP_MM = 0.37
EDGE_MM = 0.01


def _drawn(svg: str) -> tuple[float, list[tuple[float, float, float, float]]]:
    """The path's rotation (degrees) and its rectangles (x, y, width, height) in the rotated frame."""
    angle = float(re.search(r'transform="rotate\(([-\d.]+)\)"', svg).group(1))
    rects = [tuple(float(v) for v in m) for m in re.findall(r"M([-\d.]+) ([-\d.]+)h([-\d.]+)v([-\d.]+)h-[\d.]+z", svg)]
    return angle, rects


@pytest.mark.parametrize("size, bleed", [((63, 88), 3.0), ((88, 63), 3.0), ((44, 68), 0.0), ((150, 40), 5.0)])
def test_the_stripes_cover_the_whole_face_like_the_gradient_did(size, bleed):
    """At every point of the face (bleed included) the path is stripe exactly where
    ``repeating-linear-gradient(135deg, stripe 0, stripe 2mm, accent 2mm, accent 5mm)`` was: across the
    stripes, measured from the top-left corner, the first STRIPE_MM of every STRIPE_PERIOD_MM."""
    frame = Frame(*size, bleed)
    angle, rects = _drawn(stripes(frame, "#1d2f4f"))
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    across = (math.cos(math.radians(STRIPE_ANGLE_DEG)), math.sin(math.radians(STRIPE_ANGLE_DEG)))
    width, height = size[0] + 2 * bleed, size[1] + 2 * bleed
    wrong = []
    for i in range(int(width / STEP_MM) + 1):
        for j in range(int(height / STEP_MM) + 1):
            x, y = i * STEP_MM, j * STEP_MM
            phase = (x * across[0] + y * across[1]) % STRIPE_PERIOD_MM
            if min(phase, abs(phase - STRIPE_MM), STRIPE_PERIOD_MM - phase) < EDGE_MM:
                continue
            u, v = x * cos + y * sin, -x * sin + y * cos  # the point in the path's rotated frame
            drawn = any(rx <= u <= rx + rw and ry <= v <= ry + rh for rx, ry, rw, rh in rects)
            if drawn != (phase < STRIPE_MM):
                wrong.append((round(x, 2), round(y, 2)))
    assert wrong == []


def test_the_stripe_is_white_seen_through_7_percent_over_the_accent():
    svg = stripes(Frame(63, 88, 3), "#1d2f4f")
    assert 'fill="#2d3e5b"' in svg  # 0.07 x 255 + 0.93 x (0x1d, 0x2f, 0x4f) = (45, 62, 91)
    assert 'width="69mm" height="94mm" viewBox="0 0 69 94"' in svg
