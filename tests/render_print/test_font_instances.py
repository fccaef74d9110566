"""Static instances of the variable fonts: made once, deterministic, used by WeasyPrint instead of the sources."""

from __future__ import annotations

import io
from pathlib import Path

from fontTools.ttLib import TTFont

from cardgen.render.fonts import instances as font_instances

from cardgen.render.fonts import stack as fonts
import pikepdf


def _variable_faces() -> list:
    return [f for f in fonts.font_faces() if font_instances.is_variable(f.path)]


def test_variable_fonts_get_one_static_instance_per_weight_kept_by_source_hash(tmp_path):
    variable = _variable_faces()
    assert {f.family for f in variable} == {"Card Sans", "Card Symbols", "Card Emoji"}
    printed = font_instances.print_fonts(fonts.font_faces(), tmp_path)
    assert len(set(printed.values())) == len(printed)  # each weight its own file
    for face in fonts.font_faces():
        used = printed[face]
        if face in variable:
            assert used.parent == tmp_path and used != face.path and f"-wght{face.weight}-" in used.name
            font = TTFont(used)
            assert "fvar" not in font and "gvar" not in font
            source = set(TTFont(face.path).getBestCmap())
            left_out = {code for code in source if font_instances.is_han(code)
                        and code not in font_instances.common_han()}
            assert set(font.getBestCmap()) == source - left_out  # every character but the rare Han ones
        else:
            assert used == Path(face.path)  # static fonts are used as they are
    first = {p: p.read_bytes() for p in printed.values() if p.parent == tmp_path}
    for path in first:
        path.unlink()
    again = font_instances.print_fonts(fonts.font_faces(), tmp_path)
    assert {p: p.read_bytes() for p in again.values() if p.parent == tmp_path} == first  # same bytes every run
    mtimes = {p: p.stat().st_mtime_ns for p in first}
    font_instances.print_fonts(fonts.font_faces(), tmp_path)
    assert {p: p.stat().st_mtime_ns for p in first} == mtimes  # kept, not made again


def test_an_instance_keeps_gb2312_and_the_rare_han_characters_it_is_asked_for(tmp_path):
    """The Chinese font's instance leaves out the Han characters outside GB 2312 that no face sets: a
    build's own rare ones are added (the instance is then another file), drawn as the full font draws them."""
    assert len(font_instances.common_han()) == 6763
    sans = next(face for face in fonts.font_faces() if face.family == "Card Sans" and face.weight == fonts.REGULAR)
    plain = font_instances.print_fonts([sans], tmp_path)[sans]
    rare = font_instances.print_fonts([sans], tmp_path, rare="鐵")[sans]
    assert plain != rare and "-r" in rare.name and "-r" not in plain.name
    assert ord("鐵") not in TTFont(plain).getBestCmap() and ord("铁") in TTFont(plain).getBestCmap()
    full = TTFont(io.BytesIO(__import__("cardgen.render.fonts.harfbuzz", fromlist=["instance"]).instance(
        Path(sans.path), {"wght": fonts.REGULAR})))
    ours = TTFont(rare)
    glyph = ours.getBestCmap()[ord("鐵")]
    assert glyph == full.getBestCmap()[ord("鐵")]  # the same glyph id as in the source
    assert ours["glyf"][glyph].getCoordinates(ours["glyf"])[0] == full["glyf"][glyph].getCoordinates(full["glyf"])[0]
    assert ours["hmtx"][glyph] == full["hmtx"][glyph]
    assert font_instances.print_fonts([sans], tmp_path, rare="鐵𪚥")[sans] == rare  # 𪚥: not in the font


def test_the_text_font_is_truetype_at_two_real_weights(tmp_path):
    """The Chinese text font is glyf-flavoured (no CID-keyed CFF, whose CIDs readers map through its charset),
    and bold is a real weight: its strokes are wider than regular's."""
    printed = font_instances.print_fonts(fonts.font_faces(), tmp_path)
    sans = {face.weight: TTFont(used) for face, used in printed.items() if face.family == "Card Sans"}
    assert set(sans) == {fonts.REGULAR, fonts.BOLD}
    for font in sans.values():
        assert "glyf" in font and "CFF " not in font
    glyph = sans[fonts.REGULAR].getBestCmap()[ord("铁")]
    ink = {}
    for weight, font in sans.items():
        pen = __import__("fontTools.pens.areaPen", fromlist=["AreaPen"]).AreaPen(font.getGlyphSet())
        font.getGlyphSet()[glyph].draw(pen)
        ink[weight] = abs(pen.value)
    assert ink[fonts.BOLD] > 1.3 * ink[fonts.REGULAR], ink


def test_unwritable_cache_still_gives_the_same_instance(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    printed = font_instances.print_fonts(_variable_faces(), blocker / "fonts")
    good = font_instances.print_fonts(_variable_faces(), tmp_path / "ok")
    for face in _variable_faces():
        assert printed[face].read_bytes() == good[face].read_bytes()


def test_faces_embed_the_static_instances(full_build):
    """No variable-font tables reach the print PDF: WeasyPrint was given the instances."""
    out, _ = full_build
    pdf = pikepdf.open(out / "rail-journey-print.pdf")
    programs = [obj.FontFile2.read_bytes() for obj in pdf.objects
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.FontDescriptor
                and "/FontFile2" in obj]
    assert programs
    for data in programs:
        assert "fvar" not in TTFont(io.BytesIO(data))


def test_the_instance_is_the_instancers():
    """HarfBuzz pins the weight axis: same outlines and advances as fontTools' instancer gives, and no
    variation table left for WeasyPrint to instantiate."""
    from fontTools.varLib.instancer import instantiateVariableFont

    source = next(p for p in fonts.font_files() if "Symbols" in p.name)
    for weight in fonts.PRINT_WEIGHTS:
        ours = TTFont(io.BytesIO(font_instances.instance_bytes(source, weight)))
        theirs = instantiateVariableFont(TTFont(source), {"wght": weight}, static=True)
        assert not {"fvar", "gvar", "avar", "cvar", "HVAR", "VVAR", "MVAR"} & set(ours.keys())
        assert ours.getGlyphOrder() == theirs.getGlyphOrder()
        for name in ours.getGlyphOrder():
            a, b = ours["glyf"][name], theirs["glyf"][name]
            mine = a.getCoordinates(ours["glyf"])[0] if a.numberOfContours else []
            other = b.getCoordinates(theirs["glyf"])[0] if b.numberOfContours else []
            assert len(mine) == len(other), name
            assert all(abs(x - u) <= 1 and abs(y - v) <= 1 for (x, y), (u, v) in zip(mine, other)), name
            assert abs(ours["hmtx"][name][0] - theirs["hmtx"][name][0]) <= 1, name
        ours.ensureDecompiled()          # every table HarfBuzz wrote parses


def test_a_symbol_never_makes_its_line_taller_than_the_text(tmp_path):
    """"+⌊F ÷ 2⌋" takes ⌊ ⌋ from the symbol font, whose ascent and descent (1.48 and 0.57 em) are taller than
    the text font's: its line was 40% taller than its neighbours. Read back from a PDF: equal line spacing."""
    import pypdfium2 as pdfium
    import weasyprint

    sources = [Path(p) for p in fonts.font_files()]
    printed = font_instances.print_fonts(fonts.font_faces(), tmp_path)
    css = fonts.font_face_css()
    for face, used in printed.items():
        css = css.replace(face.url, used.resolve().as_uri())
    lines = ["期限 = 上车时刻 + U", "晚点送达：+⌊F ÷ 2⌋，延误 L +1", "终局仍在车上或站台：0 分", "全程 L = 0：+6 分"]
    html = (f"<html><head><style>{css} @page {{ size: 80mm 40mm; margin: 2mm }} body {{ font-family: 'Card Sans', "
            "'Card Symbols', 'Card Emoji'; font-size: 8pt; line-height: 1.3 }</style></head><body><ul>"
            + "".join(f"<li>{line}</li>" for line in lines) + "</ul></body></html>")
    document = pdfium.PdfDocument(weasyprint.HTML(string=html).write_pdf())
    try:
        text = document[0].get_textpage()
        everything = text.get_text_range()
        tops = [text.get_charbox(everything.index(line[:2]), loose=True)[1] for line in lines]  # font box
    finally:
        document.close()
    gaps = [round(a - b, 2) for a, b in zip(tops, tops[1:])]
    assert max(gaps) - min(gaps) < 0.05, gaps  # points

    symbols = next(used for face, used in printed.items() if face.family == "Card Symbols")
    text_font, symbol_font = TTFont(sources[0]), TTFont(symbols)
    assert symbol_font["hhea"].ascent / symbol_font["head"].unitsPerEm <= text_font["hhea"].ascent / text_font["head"].unitsPerEm
