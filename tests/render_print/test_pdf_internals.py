"""PDF post-processing: identical objects merged, dates and /ID fixed, documents still valid."""

from __future__ import annotations

import io
import re

import pypdf
import pypdfium2 as pdfium

from cardgen.render.pdf import pdfbytes
from cardgen.render.faces.renderer import split_styles
from cardgen.render.pdf.dedupe import dedupe

from .placeholder_faces import face


def _two_forms_of_one_document() -> bytes:
    from weasyprint import HTML

    pages = [HTML(string=face("ticket", f"t{i}", f"card {i}").html).render() for i in (1, 2)]
    shared = pages[0].copy([p for d in pages for p in d.pages]).write_pdf()  # one font subset for both
    target = pdfium.PdfDocument.new()
    source = pdfium.PdfDocument(shared)
    for index in range(2):
        page = target.new_page(595, 842)
        page.insert_obj(source.page_as_xobject(index, target).as_pageobject())
        page.gen_content()
    buffer = io.BytesIO()
    target.save(buffer)
    return buffer.getvalue()


def test_identical_font_copies_are_merged_and_the_pdf_still_reads():
    raw = _two_forms_of_one_document()
    assert raw.count(b"/FontFile") == 2  # pdfium copied the font into each form
    merged = dedupe(raw)
    assert merged.count(b"/FontFile") == 1 and len(merged) < len(raw)
    reader = pypdf.PdfReader(io.BytesIO(merged), strict=True)
    assert [p.extract_text().strip() for p in reader.pages] == ["card 1", "card 2"]
    assert len(pdfium.PdfDocument(merged)) == 2


def test_saved_bytes_do_not_depend_on_the_clock_or_a_random_id():
    def once() -> bytes:
        document = pdfium.PdfDocument.new()
        document.new_page(100, 100)
        return pdfbytes.save(document)

    first, second = once(), once()
    assert first == second and b"D:20000101000000" in first


def test_dedupe_leaves_other_layouts_alone():
    assert dedupe(b"%PDF-1.7\nnot a pdfium file") == b"%PDF-1.7\nnot a pdfium file"


def test_styles_move_out_of_the_document_in_order():
    body, css = split_styles("<html><head><style>a{x:1}</style><STYLE media=print>b{y:2}</STYLE></head>"
                             "<body><p>&lt;style&gt;c{}&lt;/style&gt;</p></body></html>")
    assert css == "a{x:1}\nb{y:2}" and "<style" not in body.lower() and "&lt;style&gt;" in body


def test_merged_objects_are_renumbered_densely():
    """Sparse numbers after merging would cost a free xref entry each (20 bytes)."""
    merged = dedupe(_two_forms_of_one_document())
    reader = pypdf.PdfReader(io.BytesIO(merged), strict=True)
    numbers = [int(n) for n in re.findall(rb"\n(\d+) 0 obj", merged)]
    assert numbers == list(range(1, len(numbers) + 1))
    assert reader.trailer["/Size"] == len(numbers) + 1
    assert [p.extract_text().strip() for p in reader.pages] == ["card 1", "card 2"]


def test_joined_pdfs_keep_every_page_in_order():
    from cardgen.render.pdf.join import join

    raw = _two_forms_of_one_document()
    joined = join([dedupe(raw), raw, dedupe(raw)])
    reader = pypdf.PdfReader(io.BytesIO(joined), strict=True)
    assert [p.extract_text().strip() for p in reader.pages] == ["card 1", "card 2"] * 3
    assert all(p["/Parent"].get_object() == reader.trailer["/Root"]["/Pages"].get_object() for p in reader.pages)
    assert len(pdfium.PdfDocument(joined)) == 6
    assert dedupe(joined).count(b"/FontFile") == 1  # the parts' identical fonts merge once joined
