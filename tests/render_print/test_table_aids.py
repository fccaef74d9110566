"""Issue 22 item 4: what the table needs and no component carried, read back from the built output.

(a) A train's heading: each token half shows an arrow, both halves pointing the same way once folded.
"""

from __future__ import annotations

import json

import pytest
from PIL import Image

from cardgen.model.text import string
from cardgen.render.faces.colour import ink_on
from tests.render_print.pdfcheck import page_text

PX_PER_MM = 300 / 25.4


def _ink_run_mm(image: Image.Image, x_mm: float, rows: range, ink: tuple[int, int, int]) -> float:
    """Millimetres of the column at ``x_mm`` (from the trim's left) within ``rows`` printed in ``ink``."""
    x = round(x_mm * PX_PER_MM)
    near = sum(1 for y in rows if all(abs(a - b) <= 12 for a, b in zip(image.getpixel((x, y)), ink)))
    return near / PX_PER_MM


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_token_half_points_the_same_way_once_folded(build_subset, content, lang):
    """On the flat print both arrows point right: the flipped half is read from the other side of the table,
    so folded into a tent the two show one heading to every player. A tail is wide, a tip narrow."""
    out = build_subset(lang=lang, only=("train_token",))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    tokens = [c for c in manifest["components"] if c["kind"] == "train_token"]
    assert len(tokens) == len(content.game.colours)
    for token in tokens:
        colour = next(c for c in content.game.colours if token["id"] == f"train_token-{c.id}")
        ink = tuple(int(ink_on(colour.hex)[i:i + 2], 16) for i in (1, 3, 5))
        image = Image.open(out / "png" / f"{token['id']}.png").convert("RGB")
        width_mm = image.width / PX_PER_MM
        middle = image.height // 2  # the tent's ridge: the fold between the two halves
        for half in (range(0, middle), range(middle, image.height)):
            tail, tip = _ink_run_mm(image, 4.0, half, ink), _ink_run_mm(image, width_mm - 4.0, half, ink)
            assert tail > 2.0 and tip < 1.5, (token["id"], tail, tip)


def test_the_heading_rule_is_on_the_quick_reference(build_subset, content):
    out = build_subset(only=("quick_reference",))
    assert string(content, "rules", "heading", "zh") in page_text(out / "quick_reference.pdf", 0).replace("\r\n", "")
