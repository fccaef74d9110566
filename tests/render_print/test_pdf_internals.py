"""The pikepdf operations: faces cut with their own resources, imposed as forms, joined, written reproducibly."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pikepdf
import pypdf
from fontTools.ttLib import TTFont

from cardgen.render.faces.renderer import split_styles
from cardgen.render.fonts import harfbuzz
from cardgen.render.fonts import instances as font_instances
from cardgen.render.fonts import stack as fonts
from cardgen.render.pdf import faceunits, fontmerge, formsheets
from cardgen.render.pdf.save import pdf_bytes

from .placeholder_faces import face


@cache
def _printed() -> dict:
    """Each print @font-face rule -> its static instance (made once, in a private folder)."""
    return font_instances.print_fonts(fonts.font_faces(), None)


def _sans() -> tuple[str, Path]:
    """The regular text font: its name in a PDF, and the instance faces are set from."""
    face = fonts.font_faces()[0]
    return face.pdf_name, _printed()[face]


def _batch(count: int) -> bytes:
    """One WeasyPrint PDF of ``count`` placeholder faces (shared resources, document-wide names)."""
    from weasyprint import HTML

    css = fonts.font_face_css()
    for rule, used in _printed().items():
        css = css.replace(rule.url, used.resolve().as_uri())
    css += f" p {{ font-family: {fonts.font_family_css()} }}"
    html = [face("ticket", f"t{i}", f"card {i} 车站").html.replace("<style>", "<style>" + css) for i in range(count)]
    pages = [HTML(string=h).render() for h in html]
    return pages[0].copy([p for d in pages for p in d.pages]).write_pdf()


def _texts(data: bytes) -> list[str]:
    return [p.extract_text().strip() for p in pypdf.PdfReader(io.BytesIO(data), strict=True).pages]


def test_each_face_is_cut_with_only_what_it_draws():
    units = faceunits.split_pages(_batch(3))
    assert [_texts(u) for u in units] == [["card 0 车站"], ["card 1 车站"], ["card 2 车站"]]
    for unit in units:
        pdf = pikepdf.open(io.BytesIO(unit))
        page = pdf.pages[0]
        assert "/Parent" in page.obj and len(page.Resources.Font) >= 1
        drawn = {str(i.operands[0]) for i in pikepdf.parse_content_stream(page, "Tf")}
        assert set(page.Resources.Font.keys()) == drawn  # the batch's other fonts are not carried


def test_saved_bytes_do_not_depend_on_the_clock_or_a_random_id():
    def once() -> bytes:
        pdf = pikepdf.new()
        pdf.add_blank_page(page_size=(100, 100))
        pdf.docinfo["/CreationDate"] = "D:20990101000000"  # whatever a library stamped is not written
        return pdf_bytes(pdf)

    first, second = once(), once()
    assert first == second and b"CreationDate" not in first
    pdf = pikepdf.open(io.BytesIO(first))
    assert len(pdf.trailer.ID) == 2 and "/Info" not in pdf.trailer


def test_imposed_sheets_place_each_face_once_as_a_form(content):
    """Two placements of the same face on a sheet draw one form; its fonts are one merged subset."""

    from cardgen.render.pdf.face import FacePdf
    from cardgen.render.sheets.layout import Rect
    from cardgen.render.sheets.impose import Placement, Sheet
    from cardgen.render.sheets.marks import Furniture, furniture_pdf

    units = faceunits.split_pages(_batch(2))
    pdfs = {f"t{i}": FacePdf(u, 0, f"key{i}") for i, u in enumerate(units)}
    source = Rect(0.0, 0.0, 63.0, 88.0)
    furniture = Furniture((210.0, 297.0), crop=[], label="x", label_at=(10.0, 10.0))
    sheet = Sheet((210.0, 297.0), [Placement("t0", source, (10.0, 10.0)), Placement("t1", source, (80.0, 10.0)),
                                   Placement("t0", source, (10.0, 120.0), rotate180=True)], furniture, "front")
    with fontmerge.sources(dict([_sans()])):
        data = formsheets.compose([sheet, sheet], pdfs, furniture_pdf([furniture, furniture]))
    pdf = pikepdf.open(io.BytesIO(data))
    forms = {}
    for page in pdf.pages:
        xobjects = page.Resources.XObject
        assert set(xobjects.keys()) == {"/F0", "/F1", "/Marks"}
        for name, form in xobjects.items():
            assert form.Subtype == pikepdf.Name.Form
            forms.setdefault(name, set()).add(form.objgen)
        drawn = [str(i.operands[0]) for i in pikepdf.parse_content_stream(page, "Do")]
        assert drawn == ["/F0", "/F1", "/F0", "/Marks"]
    assert len(forms["/F0"]) == len(forms["/F1"]) == 1  # one form per face in the whole document
    assert _texts(data)[0].count("card 0 车站") == 2


def test_merged_subsets_come_from_harfbuzz_and_hold_every_glyph_drawn():
    name, path = _sans()
    with fontmerge.sources({name: path}):
        data = formsheets.concatenate(faceunits.split_pages(_batch(3)))
    pdf = pikepdf.open(io.BytesIO(data))
    drawn: set[int] = set()
    programs = []
    for page in pdf.pages:
        for instruction in pikepdf.parse_content_stream(page, "TJ Tj"):
            for item in instruction.operands[0] if str(instruction.operator) == "TJ" else instruction.operands:
                if isinstance(item, pikepdf.String):
                    raw = bytes(item)
                    drawn |= {int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw), 2)}
        for font in page.Resources.Font.values():
            descriptor = font.DescendantFonts[0].FontDescriptor
            programs.append(descriptor.get("/FontFile3", descriptor.get("/FontFile2")).read_bytes())
    assert drawn and len(set(programs)) == 1  # one subset across the pages
    assert programs[0] == harfbuzz.subset(path, drawn)  # exactly HarfBuzz's subset of the glyphs drawn
    font = TTFont(io.BytesIO(programs[0]))
    source_order = TTFont(path, lazy=True).getGlyphOrder()
    assert all(font.getGlyphOrder()[g] == source_order[g] for g in drawn)  # ids kept
    assert _texts(data) == ["card 0 车站", "card 1 车站", "card 2 车站"]


def test_joined_pdfs_keep_every_page_in_order_and_the_same_bytes():
    units = faceunits.split_pages(_batch(2))
    joined = formsheets.concatenate([units[0], units[1], units[0]])
    assert _texts(joined) == ["card 0 车站", "card 1 车站", "card 0 车站"]
    assert formsheets.concatenate([units[0], units[1], units[0]]) == joined


def test_styles_move_out_of_the_document_in_order():
    body, css = split_styles("<html><head><style>a{x:1}</style><STYLE media=print>b{y:2}</STYLE></head>"
                             "<body><p>&lt;style&gt;c{}&lt;/style&gt;</p></body></html>")
    assert css == "a{x:1}\nb{y:2}" and "<style" not in body.lower() and "&lt;style&gt;" in body


def test_a_part_given_several_times_is_embedded_once():
    """A part repeated in a join (a face's copies in the print-shop file) shares its streams, its font
    program among them, whether or not a build keeps opened documents."""
    from cardgen.render.sheets.marks import Furniture, furniture_pdf

    furniture = furniture_pdf([Furniture((210.0, 297.0), crop=[], label="label 标签", label_at=(10.0, 10.0))])
    joined = formsheets.concatenate([furniture, furniture, furniture])
    pdf = pikepdf.open(io.BytesIO(joined))
    programs = [obj.objgen for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary)
                and obj.get("/Type") == pikepdf.Name.FontDescriptor]
    streams = [obj.read_raw_bytes() for obj in pdf.objects if isinstance(obj, pikepdf.Stream)]
    assert len(pdf.pages) == 3 and len(streams) == len(set(streams))  # no stream twice
    assert programs and len(_texts(joined)) == 3


def test_a_build_lets_its_opened_pdfs_go_and_a_watch_keeps_only_what_the_last_build_used():
    first, second, third = faceunits.split_pages(_batch(3))
    held = formsheets._OPEN

    with formsheets.opened():
        formsheets.concatenate([first, second])
        assert set(held.documents) == {first, second}
    assert held.documents == {} and held.forms == {}  # a one-off build keeps nothing

    with formsheets.kept_between_builds():
        with formsheets.opened():
            formsheets.concatenate([first, second])
        kept = dict(held.documents)
        with formsheets.opened():  # the next build: second is unchanged, first was edited into third
            formsheets.concatenate([third, second])
            assert held.documents[second] is kept[second]  # reused, not opened again
        assert set(held.documents) == {second, third}  # the edited face's old PDF is let go
    assert held.documents == {}  # the watch stopped

    formsheets.concatenate([first])  # outside a build: opened for the call alone
    assert held.documents == {}
