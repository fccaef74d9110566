"""The fit and glyph checks name the face and the box, and only fire on real problems."""

from __future__ import annotations

import weasyprint

from cardgen.render.faces.design import build_faces
from cardgen.render.faces.fit import check_glyphs, check_layout, visible_text
from cardgen.render.fonts.stack import font_face_css, font_files, missing_glyphs

from .conftest import by_id


def _rename(data, station_id, zh=None, en=None):
    for st in data["stations"]:
        if st["id"] == station_id:
            st["name"]["zh"] = zh or st["name"]["zh"]
            st["name"]["en"] = en or st["name"]["en"]


def test_overlong_station_name_is_caught_naming_card_and_box(edited):
    content = edited(map=lambda d: _rename(d, "S2", zh="学园都市国际会议展览中心北广场站"))
    face = by_id(build_faces(content, lang="zh"))["ticket-S1-S2"]
    problems = check_layout(weasyprint.HTML(string=face.html).render(), face)
    assert any(p.startswith("ticket S1→S2: text overflows its box 'destination'") for p in problems), problems


def test_overlong_english_name_overflows_the_map_station_box(edited):
    content = edited(map=lambda d: _rename(d, "S3", en="Market Street Interchange"))
    face = by_id(build_faces(content, lang="en"))["track_map"]
    problems = check_layout(weasyprint.HTML(string=face.html).render(), face)
    assert any("track map: text overflows its box 'station name S3'" in p for p in problems), problems


def test_normal_face_has_no_layout_problem(faces_zh):
    face = by_id(faces_zh)["ticket-S1-S2"]
    assert check_layout(weasyprint.HTML(string=face.html).render(), face) == []


def test_glyph_check_names_a_character_no_font_has(edited):
    content = edited(map=lambda d: _rename(d, "S4", zh="工业站ก"))
    face = by_id(build_faces(content, lang="zh"))["station_mat-S4"]
    problems = check_glyphs(face)
    assert problems == ["station mat S4: no font has a glyph for 'ก' (U+0E01) (face station_mat-S4)"]


def test_missing_glyphs_uses_the_whole_stack():
    assert missing_glyphs("中央站 Rail ⌊F ÷ 2⌋ ∞ → 🚉⛰️🕐") == set()
    assert missing_glyphs("ก𝕏") == {"ก", "𝕏"}


def test_visible_text_skips_styles_and_titles():
    html = "<html><head><title>ก</title><style>.a{content:'𝕏'}</style></head><body>中<b>&lt;x&gt;</b></body></html>"
    assert visible_text(html) == "中<x>"


def test_font_files_are_packaged_outline_fonts():
    from fontTools.ttLib import TTFont

    files = font_files()
    assert [f.name for f in files] == ["NotoSansSC-Regular.otf", "NotoSansSymbols[wght].ttf", "NotoEmoji[wght].ttf"]
    for path in files:
        assert path.is_file()
        font = TTFont(path, lazy=True)
        assert "glyf" in font or "CFF " in font  # outlines, not bitmaps
        assert not {"CBDT", "sbix", "COLR"} & set(font.keys())
    css = font_face_css("fonts/")
    assert 'url("fonts/NotoEmoji%5Bwght%5D.ttf")' in css
    assert all(f.resolve().as_uri() in font_face_css() for f in files)


def test_font_warnings_are_collected():
    import weasyprint

    from cardgen.render.faces.fit import font_warnings

    html = ('<html><head><style>@font-face { font-family: Gone; src: url("file:///nonexistent/gone.ttf") }'
            "body { font-family: Gone }</style></head><body>x</body></html>")
    with font_warnings() as warnings:
        weasyprint.HTML(string=html).render()
    assert warnings and "Gone" in warnings[0]
    with font_warnings() as clean:
        weasyprint.HTML(string="<p>x</p>").render()
    assert clean == []


def test_overlong_card_text_overflows_at_the_bottom(edited):
    def lengthen(data):
        data["kinds"][1]["text"]["en"] = "Advance {value}. " + "Then read this very long sentence again. " * 12

    content = edited(operations=lengthen)
    face = by_id(build_faces(content, lang="en"))["operation-blue-rapid"]
    problems = check_layout(weasyprint.HTML(string=face.html).render(), face)
    assert any(p.startswith("operation blue rapid: text overflows its box 'text'") and "at the bottom" in p
               for p in problems), problems
