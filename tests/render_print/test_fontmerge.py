"""One font subset per font per output PDF, made from the glyphs the pages draw."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
from fontTools.ttLib import TTFont

from cardgen.games.rail_journey.faces import design as faces_module
from cardgen.render.faces import fit
from cardgen.render.fonts import instances as font_instances
from cardgen.render.pdf import fontmerge
from cardgen.render.fonts import stack as fonts
from cardgen.render.fonts import harfbuzz
from cardgen.render.sheets import impose
from cardgen.render.build import BuildOptions, merge_sources, plan_sheets
from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.faces.templating import TEMPLATES_DIR

def _descriptors(pdf: bytes) -> list[tuple[bytes, str]]:
    """(family name, b"" when none; font name without its subset tag) of every embedded font program."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return [(bytes(obj.FontFamily) if "/FontFamily" in obj else b"", str(obj.FontName)[1:].split("+")[-1])
                for obj in document.objects
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.FontDescriptor
                and ("/FontFile2" in obj or "/FontFile3" in obj or "/FontFile" in obj)]


def _programs(pdf: bytes) -> list[bytes]:
    """The family name (b"" when none) of every embedded font program's descriptor."""
    return [family for family, _ in _descriptors(pdf)]


def _faces(pdf: bytes) -> list[str]:
    """The font name of every embedded program: one per printed weight of a family (Card-Sans, Card-Sans-Bold)."""
    return [name for _, name in _descriptors(pdf)]


def test_every_output_pdf_embeds_each_stack_font_once(full_build):
    out, _ = full_build
    stack = {f.family.encode() for f in fonts.font_stack()}
    for name in ("rail-journey-print.pdf", "rail-journey-boards.pdf", "rail-journey-print-shop-cards-63x88mm.pdf",
                 "ticket.pdf", "event.pdf"):
        pdf = (out / name).read_bytes()
        families = _programs(pdf)
        assert b"Card Sans" in families, (name, families)
        # each printed weight of a stack font is one program: Card-Sans and Card-Sans-Bold, never two of either
        ours = [f for f, family in zip(_faces(pdf), families) if family in stack]
        assert {"Card-Sans", "Card-Sans-Bold"} <= set(ours) and len(ours) == len(set(ours)), (name, ours)
    # reportlab's label font is not ours: left as it was, still embedded in the sheets
    assert b"" in _programs((out / "ticket.pdf").read_bytes())


def test_a_subset_depends_only_on_the_file_and_the_glyphs():
    source = fonts.font_files()[0]
    glyphs = {3, 17, 1142, 9363}
    first, second = harfbuzz.subset(source, glyphs), harfbuzz.subset(source, set(sorted(glyphs, reverse=True)))
    assert first == second
    font = TTFont(io.BytesIO(first))
    order = font.getGlyphOrder()
    assert max(glyphs) + 1 <= len(order) < max(glyphs) + 10  # the program ends near the last glyph used
    source_order = TTFont(source, lazy=True).getGlyphOrder()
    assert all(order[g] == source_order[g] for g in glyphs)  # glyph ids kept: content streams stay valid
    assert "GSUB" not in font and "GPOS" not in font


def test_one_pass_gives_the_bytes_of_two_when_it_ends_at_the_last_glyph():
    """The second pass (keep everything up to the last glyph) is skipped when the first ends there:
    for every stack font and the glyphs of a real face set, the bytes are those of both passes."""
    import uharfbuzz as hb

    for path in fonts.font_files():
        face = harfbuzz._face(harfbuzz._key(path))
        glyphs = sorted({0} | {g for g in (harfbuzz.nominal_glyph(path, ord(ch)) for ch in "铁旅接续时刻表Rail 🚦🎫⏱ 0123") if g})
        first = harfbuzz._subset_face(face, glyphs, harfbuzz._FLAGS | hb.SubsetFlags.RETAIN_GIDS)
        second = harfbuzz._subset_face(first, range(glyphs[-1] + 1), harfbuzz._FLAGS)
        assert harfbuzz.subset(path, set(glyphs)) == bytes(second.blob.data), path


def test_merged_fonts_print_the_same_pixels_in_a_smaller_file(content, face_cache_dir):
    faces = faces_module.build_faces(content)
    sheets = plan_sheets(content.game.id, faces, BuildOptions(only=("event",)))["event"]
    printed = font_instances.print_fonts(fonts.font_faces(), face_cache_dir / "fonts")
    renderer = FaceRenderer(roots=[Path(content.folder), TEMPLATES_DIR], fonts=list(printed.values()),
                            substitutes={f.url: u for f, u in printed.items() if f.path != u},
                            check_layout=fit.check_layout, check_glyphs=fit.check_glyphs)
    needed = sorted({p.face_id for sheet in sheets for p in sheet.placements})
    by_id = {f.id: f for f in faces}
    # half the faces written alone, half together: the kind's PDF still gets one subset per font
    pdfs = dict(zip(needed[::2], renderer.render_batch([by_id[i] for i in needed[::2]])))
    for face_id in needed[1::2]:
        pdfs[face_id] = renderer.render_batch([by_id[face_id]])[0]
    with fontmerge.sources(merge_sources(renderer)):
        merged = impose.assemble(sheets, pdfs)
    with fontmerge.sources({}):
        separate = impose.assemble(sheets, pdfs)
    assert len(merged) < len(separate)
    assert _faces(merged).count("Card-Sans") == 1 < _faces(separate).count("Card-Sans")
    assert _faces(merged).count("Card-Sans-Bold") == 1 < _faces(separate).count("Card-Sans-Bold")
    one, two = pdfium.PdfDocument(merged), pdfium.PdfDocument(separate)
    assert len(one) == len(two)
    for index in range(len(one)):
        a = one[index].render(scale=0.6).to_pil().tobytes()
        b = two[index].render(scale=0.6).to_pil().tobytes()
        assert a == b, f"page {index + 1} looks different with merged fonts"
    text = one[0].get_textpage().get_text_range()
    assert text.strip() and "\ufffd" not in text


def test_glyph_characters_prefers_unified_ideographs_then_the_lowest_code(tmp_path):
    """The fast table equals the plain definition on every print font: a glyph's lowest code outside the
    radical and compatibility blocks, else its lowest code inside them."""
    blocks = fontmerge._COMPATIBILITY_BLOCKS

    def demoted(code: int) -> bool:
        return any(low <= code <= high for low, high in blocks)

    printed = font_instances.print_fonts(fonts.font_faces(), tmp_path)
    for font in printed.values():
        reader = TTFont(font, lazy=True)
        by_glyph: dict[int, list[int]] = {}
        for code, name in reader.getBestCmap().items():
            by_glyph.setdefault(reader.getGlyphID(name), []).append(code)
        expected = {g: min(codes, key=lambda c: (demoted(c), c)) for g, codes in by_glyph.items()}
        assert harfbuzz.glyph_characters(font, blocks) == expected, font.name
