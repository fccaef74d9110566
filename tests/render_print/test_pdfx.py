"""The print-shop files declare and meet PDF/X-4 (issue 22 item 3), read back from the written files."""

from __future__ import annotations

import pikepdf

from cardgen.render.pdf import pdfx
from tests.render_print.pdfx_check import problems


def _shop_files(out, manifest) -> list:
    files = [out / e["file"] for e in manifest["printing"] if "print-shop" in e["file"]]
    assert len(files) == 2, files
    return files


def test_every_print_shop_file_meets_pdfx4(full_build, manifest):
    out, _ = full_build
    for path in _shop_files(out, manifest):
        assert problems(path) == [], path.name


def test_the_check_finds_what_a_home_print_file_lacks(full_build, manifest):
    """The home-print file is not declared PDF/X: the same check names each missing declaration."""
    out, _ = full_build
    found = problems(out / f"{manifest['game']}-print.pdf")
    assert found[:5] == ["header %PDF-1.7 is newer than PDF 1.6", "no Info dictionary", "no XMP metadata",
                         "0 GTS_PDFX output intents", "page 1: no TrimBox or no BleedBox"]
    assert "page 1 XObject /Marks: /DeviceRGB colour with a None output intent" in found


def test_the_declarations_read_back(full_build, manifest):
    """Info and XMP name the file and X-4, the dates are fixed and each file has its own document id."""
    out, _ = full_build
    ids = set()
    for path in _shop_files(out, manifest):
        with pikepdf.open(path) as pdf:
            info = pdf.docinfo
            assert (str(info.Title), str(info.GTS_PDFXVersion), info.Trapped) == (
                path.stem, "PDF/X-4", pikepdf.Name("/False"))
            assert str(info.CreationDate) == str(info.ModDate) == "D:20000101000000+00'00"
            xmp = pdf.open_metadata()
            assert xmp["xmp:CreateDate"] == pdfx.FIXED_DATE
            ids.add(xmp["xmpMM:DocumentID"])
            intent = pdf.Root.OutputIntents[0]
            assert intent.DestOutputProfile.read_bytes() == pdfx.output_profile()
            assert str(intent.OutputConditionIdentifier) == "sRGB IEC61966-2.1"
    assert len(ids) == 2


def test_a_font_left_out_is_found(full_build, manifest, tmp_path):
    """The font check reads the descriptors: a copy whose fonts lost their programs fails it."""
    out, _ = full_build
    path = _shop_files(out, manifest)[1]
    with pikepdf.open(path) as pdf:
        for font in pdf.pages[0].Resources.Font.values():
            descriptor = font.DescendantFonts[0].FontDescriptor
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                if key in descriptor:
                    del descriptor[key]
        pdf.save(tmp_path / "unembedded.pdf", force_version="1.6")
    found = [p for p in problems(tmp_path / "unembedded.pdf") if "not embedded" in p]
    assert found and all(p.startswith("page ") for p in found), found


def _drawing(content: bytes) -> pikepdf.Pdf:
    pdf = pikepdf.Pdf.new()
    pdf.add_blank_page()
    pdf.pages[0].Contents = pdf.make_stream(content)
    return pdf


def test_the_declaration_is_reproducible():
    """Two files drawing the same are the same bytes; a file drawing something else has another id."""
    first, second, other = _drawing(b"0 0 10 10 re f"), _drawing(b"0 0 10 10 re f"), _drawing(b"0 0 20 10 re f")
    for pdf in (first, second, other):
        pdfx.declare(pdf, "title")
    assert pdfx.pdfx_bytes(first) == pdfx.pdfx_bytes(second)
    assert other.open_metadata()["xmpMM:DocumentID"] != first.open_metadata()["xmpMM:DocumentID"]
