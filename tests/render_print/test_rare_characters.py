"""A Han character outside GB 2312 prints: the build's font instance adds the rare characters its faces set."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from fontTools.ttLib import TTFont

from cardgen.errors import BuildError
from cardgen.render.build import BuildOptions, build
from cardgen.render.cache.cachedir import FONTS_FOLDER
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.fonts import harfbuzz
from cardgen.render.fonts import stack as fonts
from tests.content_copy import copy_with

RARE = "鐵"  # Traditional "iron": not in GB 2312, in the Chinese font


def _glyph_programs(pdf: Path) -> list[TTFont]:
    document = pikepdf.open(pdf)
    return [TTFont(io.BytesIO(obj.FontFile2.read_bytes())) for obj in document.objects
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.FontDescriptor
            and "/FontFile2" in obj]


def test_a_rare_han_character_in_the_content_is_printed_with_its_own_glyph(tmp_path):
    content = tmp_path / "content"
    copy_with(content, "dispatch.yaml", "zh: 会让调整", f"zh: 会让{RARE}路")
    out, cache = tmp_path / "out", tmp_path / "cache"
    build(content, BuildOptions(only=("dispatch",)), out=out, cache_dir=cache)

    made = sorted(p.name for p in (cache / FONTS_FOLDER).glob("NotoSansSC-*.ttf"))
    assert made and all("-r" in name for name in made)  # instances that add the rare character
    text_font = Path(fonts.font_faces()[0].path)
    glyph = harfbuzz.nominal_glyph(text_font, ord(RARE))
    assert glyph is not None
    drawn = [font for font in _glyph_programs(out / "dispatch.pdf")
             if font["maxp"].numGlyphs > glyph and font["glyf"][font.getGlyphOrder()[glyph]].numberOfContours > 0]
    assert drawn, f"no embedded font draws glyph {glyph} ({RARE})"


def test_the_renderer_refuses_a_face_whose_rare_character_its_fonts_were_made_without(tmp_path):
    face = Face(kind="dispatch", id="x", html=f"<html><body><p>{RARE}</p></body></html>", width_mm=63,
                height_mm=88, bleed_mm=3, copies=1, back=None, layout="card", label="Test card")
    renderer = FaceRenderer(roots=[tmp_path], fonts=[], rare="")
    with pytest.raises(BuildError) as caught:
        renderer.render_batch([face])
    assert str(caught.value) == f"Test card (x): its print fonts were made without {RARE} (a cardgen bug: please report it)"
