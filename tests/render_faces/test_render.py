"""Every face lays out in WeasyPrint on one page with no overflow, glyph or font problem."""

from __future__ import annotations

import io

import pytest
import weasyprint
from pypdf import PdfReader

from cardgen.render.faces.renderer import weasyprint_warnings, wrapped
from cardgen.render.faces.fit import check_glyphs, check_layout

from .conftest import by_id


def _problems(face):
    with weasyprint_warnings() as warnings:
        document = weasyprint.HTML(string=wrapped(face.html)).render()
    assert len(document.pages) == 1, face.id
    return check_layout(document, face) + check_glyphs(face) + warnings


def test_every_chinese_face_renders_clean(faces_zh):
    problems = [p for face in faces_zh for p in _problems(face)]
    assert problems == []


def _english_sample(faces):
    """One face per distinct English text: tickets reuse the station names of the
    mats, other colours repeat a colour's card texts, events of a kind share a text."""
    def key(face):
        if face.kind == "operation":
            return (face.kind, face.id.split("-", 2)[2])
        if face.kind == "event":
            return (face.kind, face.label.split("(")[1])
        if face.kind in ("wait_track", "train_token") or face.id.startswith("back-operation-"):
            return (face.kind, face.id.rsplit("-", 1)[0])
        return (face.kind, face.id)

    chosen: dict = {}
    for face in faces:
        if face.kind != "ticket":
            chosen.setdefault(key(face), face)
    return list(chosen.values())


def test_english_faces_render_clean(faces_en):
    faces = _english_sample(faces_en)
    assert {f.kind for f in faces} == {f.kind for f in faces_en} - {"ticket"}
    problems = [p for face in faces for p in _problems(face)]
    assert problems == []


def test_icons_are_vector_glyphs_in_the_pdf(faces_zh):
    """The emoji font is embedded as an outline font and the page holds no images."""
    face = by_id(faces_zh)["event-round-06"]
    reader = PdfReader(io.BytesIO(weasyprint.HTML(string=face.html).write_pdf()))
    page = reader.pages[0]
    fonts = {}
    for font in page["/Resources"]["/Font"].values():
        font = font.get_object()
        descendant = font["/DescendantFonts"][0].get_object()
        fonts[str(font["/BaseFont"])] = descendant["/FontDescriptor"].get_object()
    emoji = [d for name, d in fonts.items() if name.endswith("Card-Emoji") or "Emoji" in name]
    assert emoji, sorted(fonts)
    assert "/FontFile2" in emoji[0]  # embedded TrueType outlines
    chinese = [name for name in fonts if "Card-Sans" in name or "CardSans" in name]
    assert chinese, sorted(fonts)
    xobjects = page["/Resources"].get("/XObject", {})
    images = [x for x in xobjects.values() if x.get_object().get("/Subtype") == "/Image"]
    assert images == []
    # MediaBox = trim + bleed on each side; TrimBox is the card.
    media, trim = page.mediabox, page.trimbox
    pt = 72 / 25.4
    assert float(trim.width) == pytest.approx(face.width_mm * pt, abs=0.1)
    assert float(media.width) == pytest.approx((face.width_mm + 2 * face.bleed_mm) * pt, abs=0.1)
