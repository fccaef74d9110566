"""Cards take geometry and accent from one shared stylesheet, not from ``style`` attributes.

WeasyPrint shares a computed style between elements only when they carry no
``style`` attribute (and their parents share theirs), so cards whose frame and
accent came inline computed every style of their own. These tests keep every
card's root and safe zone free of ``style`` and every card's stylesheet the
same text, and check that the classes still place and colour the card.
"""

from __future__ import annotations

import re

import pytest
import weasyprint

from cardgen.render.faces.renderer import wrapped
from cardgen.errors import BuildError
from cardgen.render.faces.colour import INK, ink_on
from cardgen.games.rail_journey.faces.palette import palette_of
from cardgen.render.faces.facekit import Frame
from cardgen.render.faces.fit import face_root
from cardgen.games.rail_journey.printing import preview_page
from cardgen.render.faces.renderer import split_styles

from .conftest import by_id

_PX_PER_MM = 96 / 25.4


def test_cards_carry_no_style_attribute_and_share_one_stylesheet(faces_zh, faces_en):
    for faces in (faces_zh, faces_en):
        cards = [f for f in faces if f.layout == "card"]
        assert {"ticket", "operation", "dispatch", "event", "card_back"} <= {f.kind for f in cards}
        for face in cards:
            assert ' style="' not in face.body, face.id
        assert len({split_styles(f.html)[1] for f in cards}) == 1


def test_the_frame_class_places_the_card_and_its_safe_zone(faces_en):
    face = by_id(faces_en)["operation-red-local"]
    document = weasyprint.HTML(string=wrapped(face.html)).render()
    root = face_root(document.pages[0]).children[0]  # the renderer's wrapper > .face
    assert "face" in root.element.get("class")
    frame = Frame(face.width_mm, face.height_mm, face.bleed_mm)
    assert root.border_width() / _PX_PER_MM == pytest.approx(face.width_mm + 2 * face.bleed_mm, abs=0.01)
    safe = root.children[0]
    assert "safe" in safe.element.get("class")
    assert safe.border_width() / _PX_PER_MM == pytest.approx(frame.safe_width, abs=0.01)
    assert safe.border_height() / _PX_PER_MM == pytest.approx(frame.safe_height, abs=0.01)


def test_palette_holds_every_accent_a_card_uses(content, faces_zh):
    palette = palette_of(content)
    classes = set(re.findall(r"\.((?:accent|player)-[0-9a-f]+) \{", palette.css))
    for face in faces_zh:
        if face.layout == "card":
            used = {c for c in face.body.split('"')[1].split() if c.startswith(("accent-", "player-"))}
            assert len(used) == 1 and used <= classes, face.id
    light = [c.hex for c in content.game.colours if ink_on(c.hex) == INK]
    assert light, "the bundled set has a light player colour (yellow)"
    for hex_colour in light:  # ink, not white, on it
        rule = re.search(rf"\.player-{hex_colour[1:].lower()} \{{([^}}]*)\}}", palette.css).group(1)
        assert f"--on-accent: {INK}" in rule


def test_palette_refuses_a_colour_it_does_not_hold(content):
    palette = palette_of(content)
    with pytest.raises(BuildError, match="#123456"):
        palette.accent("#123456")
    with pytest.raises(BuildError, match="#123456"):
        palette.player("#123456")


def test_preview_carries_the_card_rules(content, faces_zh):
    html = preview_page(content, faces_zh, lang="zh")
    face = next(f for f in faces_zh if f.layout == "card")
    assert Frame(face.width_mm, face.height_mm, face.bleed_mm).css in html
    assert palette_of(content).css in html
