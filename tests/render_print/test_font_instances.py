"""Static instances of the variable fonts: made once, deterministic, used by WeasyPrint instead of the sources."""

from __future__ import annotations

import io
import re
from pathlib import Path

import zlib
from fontTools.ttLib import TTFont

from cardgen.render.fonts import instances as font_instances

from cardgen.render.fonts import stack as fonts
import pikepdf


def _variable_sources() -> list[Path]:
    return [f for f in fonts.font_files() if font_instances.is_variable(f)]


def test_variable_fonts_get_one_static_instance_kept_by_source_hash(tmp_path):
    sources = _variable_sources()
    assert sources, "the stack has variable fonts (Noto Emoji, Noto Sans Symbols)"
    printed = font_instances.print_fonts(fonts.font_files(), tmp_path)
    for source in fonts.font_files():
        used = printed[Path(source)]
        if source in sources:
            assert used.parent == tmp_path and used != source
            font = TTFont(used)
            assert "fvar" not in font and "gvar" not in font
            assert set(font.getBestCmap()) == set(TTFont(source).getBestCmap())  # coverage unchanged
        else:
            assert used == Path(source)  # static fonts are used as they are
    first = {p: p.read_bytes() for p in printed.values() if p.parent == tmp_path}
    for path in first:
        path.unlink()
    again = font_instances.print_fonts(fonts.font_files(), tmp_path)
    assert {p: p.read_bytes() for p in again.values() if p.parent == tmp_path} == first  # same bytes every run
    mtimes = {p: p.stat().st_mtime_ns for p in first}
    font_instances.print_fonts(fonts.font_files(), tmp_path)
    assert {p: p.stat().st_mtime_ns for p in first} == mtimes  # kept, not made again


def test_unwritable_cache_still_gives_the_same_instance(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    printed = font_instances.print_fonts(_variable_sources(), blocker / "fonts")
    good = font_instances.print_fonts(_variable_sources(), tmp_path / "ok")
    for source in _variable_sources():
        assert printed[source].read_bytes() == good[source].read_bytes()


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


def test_the_default_instance_is_the_instancers_without_recomputing_a_glyph():
    """At the default weight HarfBuzz pins every axis: same outlines and advances as fontTools'
    instancer gives, and no variation table left for WeasyPrint to instantiate."""
    from fontTools.varLib.instancer import instantiateVariableFont

    source = next(p for p in fonts.font_files() if "Symbols" in p.name)
    ours = TTFont(io.BytesIO(font_instances.instance_bytes(source)))
    theirs = instantiateVariableFont(TTFont(source), {"wght": 400}, static=True)
    assert not {"fvar", "gvar", "avar", "cvar", "HVAR", "VVAR", "MVAR"} & set(ours.keys())
    assert ours.getGlyphOrder() == theirs.getGlyphOrder()
    for name in ours.getGlyphOrder():
        a, b = ours["glyf"][name], theirs["glyf"][name]
        assert (a.getCoordinates(ours["glyf"])[0] if a.numberOfContours else []) == \
               (b.getCoordinates(theirs["glyf"])[0] if b.numberOfContours else []), name
        assert ours["hmtx"][name] == theirs["hmtx"][name], name
    ours.ensureDecompiled()          # every table HarfBuzz wrote parses


def test_a_symbol_never_makes_its_line_taller_than_the_text(tmp_path):
    """"+⌊F ÷ 2⌋" takes ⌊ ⌋ from the symbol font, whose ascent and descent (1.48 and 0.57 em) are taller than
    the text font's: its line was 40% taller than its neighbours. Read back from a PDF: equal line spacing."""
    import pypdfium2 as pdfium
    import weasyprint

    sources = [Path(p) for p in fonts.font_files()]
    printed = font_instances.print_fonts(sources, tmp_path)
    css = fonts.font_face_css()
    for source, used in printed.items():
        css = css.replace(source.resolve().as_uri(), used.resolve().as_uri())
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

    symbols = next(used for source, used in printed.items() if "Symbols" in source.name)
    text_font, symbol_font = TTFont(sources[0]), TTFont(symbols)
    assert symbol_font["hhea"].ascent / symbol_font["head"].unitsPerEm <= text_font["hhea"].ascent / text_font["head"].unitsPerEm
