"""The fit and glyph checks name the face and the box, and only fire on real problems."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

import weasyprint

from cardgen.render.faces.renderer import wrapped
from cardgen.model import DEFAULT_CONTENT, load
from cardgen.model.source import Position
from cardgen.games.rail_journey.faces.design import build_faces
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.fit import check_glyphs, check_layout, located_check, visible_text
from cardgen.render.faces.renderer import _writing_warns, joined_bodies, named_pages, split_styles, wrapper_rules
from cardgen.render.fonts.stack import font_face_css, font_files, missing_glyphs
from tests.content_copy import copy_with

from .conftest import by_id


def _rename(data, station_id, zh=None, en=None):
    for st in data["stations"]:
        if st["id"] == station_id:
            st["name"]["zh"] = zh or st["name"]["zh"]
            st["name"]["en"] = en or st["name"]["en"]


def test_overlong_station_name_is_caught_naming_card_and_box(edited):
    content = edited(map=lambda d: _rename(d, "S2", zh="学园都市国际会议展览中心北广场站"))
    face = by_id(build_faces(content, lang="zh"))["ticket-S1-S2"]
    problems = check_layout(weasyprint.HTML(string=wrapped(face.html)).render(), face)
    assert any(p.startswith("ticket S1→S2: text overflows its box 'destination'") for p in problems), problems


def test_overlong_english_name_overflows_the_map_station_box(edited):
    content = edited(map=lambda d: _rename(d, "S3", en="Market Street Interchange"))
    face = by_id(build_faces(content, lang="en"))["track_map"]
    problems = check_layout(weasyprint.HTML(string=wrapped(face.html)).render(), face)
    assert any("track map: text overflows its box 'station name S3'" in p for p in problems), problems


def test_normal_face_has_no_layout_problem(faces_zh):
    face = by_id(faces_zh)["ticket-S1-S2"]
    assert check_layout(weasyprint.HTML(string=wrapped(face.html)).render(), face) == []


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
    assert [f.name for f in files] == ["NotoSansSC[wght].ttf", "NotoSansSymbols[wght].ttf", "NotoEmoji[wght].ttf"]
    for path in files:
        assert path.is_file()
        font = TTFont(path, lazy=True)
        assert "glyf" in font and "CFF " not in font  # TrueType outlines: no CID-keyed CFF, no bitmaps
        assert not {"CBDT", "sbix", "COLR"} & set(font.keys())
    css = font_face_css("fonts/")
    assert 'url("fonts/NotoEmoji%5Bwght%5D.ttf")' in css and "font-weight: 100 900" in css
    assert all(f"{f.resolve().as_uri()}#wght={w}" in font_face_css() for f in files for w in (400, 700))


def test_weasyprint_warnings_are_collected():
    import weasyprint

    from cardgen.render.faces.renderer import weasyprint_warnings

    html = ('<html><head><style>@font-face { font-family: Gone; src: url("file:///nonexistent/gone.ttf") }'
            "body { font-family: Gone }</style></head><body>x</body></html>")
    with weasyprint_warnings() as warnings:
        weasyprint.HTML(string=html).render()
    assert warnings and "Gone" in warnings[0]
    with weasyprint_warnings() as clean:
        weasyprint.HTML(string="<p>x</p>").render()
    assert clean == []


def test_overlong_card_text_overflows_at_the_bottom(edited):
    def lengthen(data):
        data["kinds"][1]["text"]["en"] = "Advance {value}. " + "Then read this very long sentence again. " * 12

    content = edited(operations=lengthen)
    face = by_id(build_faces(content, lang="en"))["operation-blue-rapid"]
    problems = check_layout(weasyprint.HTML(string=wrapped(face.html)).render(), face)
    assert any(p.startswith("operation blue rapid: text overflows its box 'text'") and "at the bottom" in p
               for p in problems), problems


def _board(body: str, width: float = 50, height: float = 40) -> Face:
    """A bare one-page face of ``width`` x ``height`` mm holding ``body`` (rows are 4.8 mm high, whatever the font)."""
    html = (f"<html><head><style>@page {{ size: {width}mm {height}mm; margin: 0 }} body {{ margin: 0; font-size: 8pt }}"
            ".face { position: absolute; left: 0; top: 0; overflow: hidden } .fit { overflow: hidden }"
            ".row { height: 4.8mm; line-height: 4.8mm; white-space: nowrap }</style></head>"
            f'<body><div class="face" style="width:{width}mm;height:{height}mm">{body}</div></body></html>')
    return Face(kind="board", id="test-board", html=html, width_mm=width, height_mm=height, bleed_mm=0,
                copies=1, back=None, layout="board", label="test board")


def test_rows_past_the_page_end_are_reported_with_the_first_missing_text():
    """WeasyPrint never lays out what falls past the page end, so nothing overflows: the rows are just gone."""
    rows = ["Row one", "Row two", "Row three", "Row four", "Row <b>five</b> is cut", "Row six"]
    face = _board('<div class="fit" data-box="rows" style="position:absolute;left:0;top:20mm;width:50mm;height:20mm">'
                  + "".join(f'<div class="row">{row}</div>' for row in rows) + "</div>")
    document = weasyprint.HTML(string=wrapped(face.html)).render()
    assert check_layout(document, face) == [
        "test board: text cut off from its box 'rows' (face test-board), first missing: 'Row five is cut Row six'"]
    where = {"Row five is cut": Position("rows.yaml", 5, 9)}  # the first missing row's own text is located
    assert check_layout(document, face, locate=where.get) == [
        "rows.yaml:5:9: test board: text cut off from its box 'rows' (face test-board), "
        "first missing: 'Row five is cut Row six'"]


def test_each_face_of_a_shared_document_is_checked_against_its_own_text():
    """The build lays faces sharing a stylesheet out as one document and checks each page alone:
    a page's report holds its own face's missing text, never another face's."""
    rows = '<div class="row">Row one</div><div class="row">Row two</div>'
    whole = _board('<div class="fit" data-box="rows" style="position:absolute;left:0;top:0;width:50mm;height:10mm">'
                   f"{rows}</div>")
    cut = _board('<div class="fit" data-box="rows" style="position:absolute;left:0;top:35.2mm;width:50mm;height:4.8mm">'
                 f"{rows}</div>")
    css, names = named_pages([split_styles(face.html)[1] for face in (whole, cut)])
    html = joined_bodies([split_styles(face.html)[0] for face in (whole, cut)], names)
    document = weasyprint.HTML(string=html).render(stylesheets=[weasyprint.CSS(string=css + wrapper_rules(names))])
    assert len(document.pages) == 2
    assert [check_layout(SimpleNamespace(pages=[page]), face) for face, page in zip((whole, cut), document.pages)] == [
        [], ["test board: text cut off from its box 'rows' (face test-board), first missing: 'Row two'"]]


def test_a_page_of_a_shared_document_written_alone_does_not_warn():
    """The build writes a page alone to name the face whose writing warned: the wrappers' links must not
    make every page but the first warn (a link to an anchor only the first page had once did)."""
    faces = [_board(f'<div class="fit" data-box="rows" style="position:absolute;left:0;top:0;width:50mm;height:10mm">'
                    f'<div class="row">Row {n}</div></div>') for n in range(3)]
    css, names = named_pages([split_styles(face.html)[1] for face in faces])
    html = joined_bodies([split_styles(face.html)[0] for face in faces], names)
    document = weasyprint.HTML(string=html).render(stylesheets=[weasyprint.CSS(string=css + wrapper_rules(names))])
    assert [_writing_warns(document, page) for page in document.pages] == [False, False, False]


def test_text_clipped_by_a_container_is_reported():
    """Right-aligned text ends at its box's right edge, so the clipped width does not depend on the font."""
    face = _board('<div class="panel" style="position:absolute;left:0;top:0;width:20mm;height:10mm;overflow:hidden">'
                  '<div class="fit row" data-box="label" style="width:40mm;text-align:right">Label</div></div>'
                  '<div class="fit row" data-box="corner" '
                  'style="position:absolute;left:40mm;top:20mm;width:20mm;text-align:right">Corner</div>')
    document = weasyprint.HTML(string=wrapped(face.html)).render()
    assert check_layout(document, face) == [
        "test board: text of its box 'label' is clipped by 'div.panel' by 20.0 mm at the right (face test-board)",
        "test board: text of its box 'corner' is clipped by 'div.face' by 10.0 mm at the right (face test-board)"]
    where = {"Label": Position("labels.yaml", 2, 3)}
    assert check_layout(document, face, locate=where.get)[0] == (
        "labels.yaml:2:3: test board: text of its box 'label' is clipped by 'div.panel' by 20.0 mm at the right "
        "(face test-board): 'Label'")


def test_quick_reference_rows_that_do_not_fit_name_the_content(tmp_path):
    """A dispatch card text long enough to push its row out of the two columns: it flows into a
    third column, off the safe zone; the report quotes the first text outside and points at the
    content text of its row (the icon and the name alone are not that text)."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    source = folder / "dispatch.yaml"
    original = "zh: 任选一个旅客牌堆，从堆顶取 {draw} 张，选 {keep} 张放进其发站的候车队列，其余 {discard} 张弃掉。"
    longer = original[:-1] + "然后再读一遍这句很长的话。" * 70  # texts are at most 1000 characters
    text = source.read_text(encoding="utf-8")
    assert text.count(original) == 1
    source.write_text(text.replace(original, longer), encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if original in row)
    col = text.splitlines()[line - 1].index(original) + len("zh: ") + 1
    face = by_id(build_faces(load(folder), lang="zh"))["quick_reference"]
    problems = located_check([folder])(weasyprint.HTML(string=wrapped(face.html)).render(), face)
    # once, by the innermost box: the same text sticks out of the safe zone around the columns too
    assert problems == [
        f"dispatch.yaml:{line}:{col}: quick reference: text overflows its box 'columns' by 89.4 mm at the right "
        "(face quick_reference): '🎫 团体预约 ×5 任选一个旅客牌堆，从堆顶取 3 张，选 1 张放进其发站的 候车队列，其余 2 张弃掉然后再读...'"]


def test_text_out_of_a_box_and_the_safe_zone_around_it_is_one_problem_named_by_the_box():
    inside = ('<div class="safe" style="position:absolute;left:5mm;top:5mm;width:30mm;height:30mm">'
              '<div class="fit row" data-box="name" style="width:20mm">A name far too long for its box</div>'
              '{more}</div>')

    def boxes(face: Face) -> list[str]:
        problems = check_layout(weasyprint.HTML(string=wrapped(face.html)).render(), face)
        assert all(" at the right (face test-board)" in p for p in problems), problems
        return [p.split("its box '")[1].split("'")[0] for p in problems]

    assert boxes(_board(inside.format(more=""))) == ["name"]
    # other text out of the safe zone is another problem: both are reported
    assert boxes(_board(inside.format(more='<div class="row">Other text, also far too long</div>'))) == [
        "safe zone", "name"]


def test_a_text_written_with_extra_white_space_is_still_located(tmp_path):
    """Two spaces after a sentence (or a '|' block's line breaks) kept the pattern from matching the laid-out
    text, whose white space is one space: a colour's name (game.yaml) was blamed instead of events.yaml."""
    from cardgen.render.faces.locate import locate_text

    folder = tmp_path / "content"
    sentence = "Every player's wait value W rises by {amount}."
    line = copy_with(folder, "events.yaml", sentence, sentence.replace("wait value", "wait  value"))
    where = locate_text("🍂 Every player's wait value W rises by 1.", [folder])  # as laid out and read back
    assert (where.file, where.line) == ("events.yaml", line), where


def test_a_character_no_font_has_is_located_where_the_content_wrote_it(tmp_path):
    """The build named the face only; validate passes such a character, so the build's report must say where."""
    from cardgen.render.faces.fit import located_glyph_check

    folder = tmp_path / "content"
    line = copy_with(folder, "map.yaml", "en: Academy}", "en: Acad\U00013000emy}")
    col = (folder / "map.yaml").read_text(encoding="utf-8").splitlines()[line - 1].index("\U00013000") + 1
    face = by_id(build_faces(load(folder), lang="en"))["station_mat-S2"]
    assert located_glyph_check([folder])(face) == [
        f"map.yaml:{line}:{col}: station mat S2: no font has a glyph for '\U00013000' (U+13000) (face station_mat-S2)"]


def test_an_event_track_row_wider_than_its_column_is_reported(tmp_path):
    """The quick reference's event track is a box of its own: a name too long for the left column no longer runs
    under the right one unseen (onsen-line's formulas once did by 9 mm)."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    source = folder / "events.yaml"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("en: Fine Weather}", "en: Fine Weather Over The Whole Line All Day}", 1),
                      encoding="utf-8")
    face = by_id(build_faces(load(folder), lang="en"))["quick_reference"]
    problems = located_check([folder])(weasyprint.HTML(string=wrapped(face.html)).render(), face)
    assert len(problems) == 1 and "text overflows its box 'event track'" in problems[0], problems
    assert problems[0].startswith("events.yaml:12:")
