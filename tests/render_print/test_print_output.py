"""The default build read back as a printer would: pages, boxes, card positions, backs, fonts, text."""

from __future__ import annotations

import hashlib
import math
import re

import pypdf
import pytest

from cardgen.render.sheets.layout import (
    PAPERS_MM,
    PRINTABLE_EDGE_MM,
    back_slot,
    board_tiles,
    card_grid,
    card_slots,
    fold_slots,
    outer_bleeds,
    outer_sides,
)

from .pdfcheck import MM, font_is_embedded_subset, fonts_of, page_text, placed_boxes, placements, text_in

KIND_FILES = ["ticket", "operation", "dispatch", "event", "track_map", "timetable_track", "wait_track",
              "station_mat", "train_token", "quick_reference", "score_sheet"]


def card_size(content):
    return content.game.card_size_mm.width, content.game.card_size_mm.height


def test_every_output_file_is_there(full_build, content):
    out, report = full_build
    for kind in KIND_FILES:
        assert (out / f"{kind}.pdf").is_file(), kind
    game = content.game.id
    for name in (f"{game}-print.pdf", f"{game}-boards.pdf", f"{game}-print-shop-cards-63x88mm.pdf",
                 f"{game}-print-shop-boards.pdf", "index.html", "manifest.json", "tts/decks.json"):
        assert (out / name).is_file(), name
    assert sorted(p.name for p in (out / "fonts").iterdir())
    assert not [p for p in out.parent.iterdir() if ".tmp-" in p.name or ".old-" in p.name]  # no staging left


def test_ticket_sheets_are_a4_with_fronts_and_backs(full_build, content):
    out, _ = full_build
    reader = pypdf.PdfReader(out / "ticket.pdf")
    sheets = math.ceil(content.ticket_count / 9)
    assert len(reader.pages) == 2 * sheets  # long-edge duplex: every front sheet has its back sheet
    pw, ph = PAPERS_MM["a4"]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(pw * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(ph * MM, abs=0.01)


def _card_placements(page, w, h, bleed=3.0):
    """(x, y, a, d, box w, box h) in mm of every card XObject on a sheet: its visible box's lower left and size.

    A card's box is its trim plus the bleed on its outer sides; the furniture
    layer is page sized, so it is left out.
    """
    out = []
    for _, (a, _b, _c, d, _e, _f), box in placed_boxes(page):
        x0, y0, x1, y1 = (v / MM for v in box)
        if w - 0.01 <= x1 - x0 <= w + 2 * bleed + 0.01 and h - 0.01 <= y1 - y0 <= h + 2 * bleed + 0.01:
            out.append((round(x0, 2), round(y0, 2), a, d, round(x1 - x0, 2), round(y1 - y0, 2)))
    return out


@pytest.mark.parametrize("paper", sorted(PAPERS_MM))
def test_cards_are_butted_with_bleed_on_the_outer_sides_only(paper, full_build, build_subset, content):
    """P2-1: a slightly-off outer cut must land on printed bleed, not white paper; inner cuts stay shared."""
    out = full_build[0] if paper == "a4" else build_subset(only=("ticket",), paper=paper)
    w, h = card_size(content)
    bleed = 3.0
    slots = card_slots(PAPERS_MM[paper], w, h, bleed)
    assert len(slots) == 9
    expected = []
    sides = outer_bleeds(PAPERS_MM[paper], slots, bleed)  # Letter's narrow top and bottom keep 1.7 mm for the marks
    for i, slot in enumerate(slots):
        outer = outer_sides(slots, i)
        box = slot.grow(*(sides[side] if outer[side] else 0.0 for side in ("left", "bottom", "right", "top")))
        expected.append((round(box.x, 2), round(box.y, 2), round(box.w, 2), round(box.h, 2)))
    page = pypdf.PdfReader(out / "ticket.pdf").pages[0]
    cards = sorted((x, y, bw, bh) for x, y, _, _, bw, bh in _card_placements(page, w, h))
    assert cards == sorted(expected)
    top = round(sides["top"], 2)
    assert {(bw, bh) for *_, bw, bh in cards} >= {(w + bleed, round(h + top, 2)), (w, round(h + top, 2))}  # corner, top middle


@pytest.mark.parametrize("paper", sorted(PAPERS_MM))
def test_crop_marks_start_past_the_bleed_and_stay_printable(paper, content):
    """Marks never touch ink (they start >= bleed from the trim) and end >= PRINTABLE_EDGE_MM from the edge."""
    from cardgen.games.rail_journey.faces import design as faces_module
    from cardgen.render.build import BuildOptions, plan_sheets

    faces = faces_module.build_faces(content)
    pw, ph = PAPERS_MM[paper]
    for duplex in ("long", "fold"):
        sheets = plan_sheets(content.game.id, faces, BuildOptions(paper=paper, duplex=duplex, only=("ticket",)))
        sheet = sheets["ticket"][0]
        trims = [(p.at[0], p.at[1], p.at[0] + p.source.w, p.at[1] + p.source.h) for p in sheet.placements]
        inked = (min(t[0] for t in trims), min(t[1] for t in trims), max(t[2] for t in trims), max(t[3] for t in trims))
        for x1, y1, x2, y2 in sheet.furniture.crop:
            for x, y in ((x1, y1), (x2, y2)):
                assert PRINTABLE_EDGE_MM - 1e-6 <= x <= pw - PRINTABLE_EDGE_MM + 1e-6, (paper, duplex, x)
                assert PRINTABLE_EDGE_MM - 1e-6 <= y <= ph - PRINTABLE_EDGE_MM + 1e-6, (paper, duplex, y)
                inside = inked[0] + 1e-6 < x < inked[2] - 1e-6 and inked[1] + 1e-6 < y < inked[3] - 1e-6
                assert not inside, (paper, duplex, x, y)  # outside the cards and their bleed
        assert len(sheet.furniture.crop) >= 12  # every cut line marked on both ends
        if duplex == "fold":  # under the cards: a fold sheet's left margin is crossed by marks at each card's edge
            assert PRINTABLE_EDGE_MM <= sheet.furniture.label_at[1] < inked[1]
        else:
            assert PRINTABLE_EDGE_MM <= sheet.furniture.label_at[0] < inked[0]


@pytest.mark.parametrize("paper", sorted(PAPERS_MM))
def test_a_fold_line_is_dashed_inside_the_printable_area_and_has_no_crop_mark(paper, content):
    """A solid mark of crop-mark length on the fold read as "cut here": players cut each front off its back."""
    from cardgen.games.rail_journey.faces import design as faces_module
    from cardgen.render.build import BuildOptions, plan_sheets

    w, h = card_size(content)
    _, _, fold_y = fold_slots(PAPERS_MM[paper], w, h, 3.0)
    pw = PAPERS_MM[paper][0]
    sheets = plan_sheets(content.game.id, faces_module.build_faces(content),
                         BuildOptions(paper=paper, duplex="fold", only=("ticket",)))["ticket"]
    for sheet in sheets:
        on_fold = [s for s in sheet.furniture.crop if s[1] == s[3] and abs(s[1] - fold_y) < 0.01]
        assert not on_fold, (paper, on_fold)
        dashes = [s for s in sheet.furniture.dashed if s[1] == s[3] == fold_y]
        assert len(dashes) == 2, (paper, sheet.furniture.dashed)
        assert min(min(s[0], s[2]) for s in dashes) == pytest.approx(PRINTABLE_EDGE_MM)
        assert max(max(s[0], s[2]) for s in dashes) == pytest.approx(pw - PRINTABLE_EDGE_MM)
        assert any(s[1] == s[3] for s in sheet.furniture.crop)  # the real cuts keep their marks


def test_cards_are_placed_as_xobjects_on_the_grid(full_build, content):
    out, _ = full_build
    w, h = card_size(content)
    page = pypdf.PdfReader(out / "ticket.pdf").pages[0]
    assert len(_card_placements(page, w, h)) == card_grid(PAPERS_MM["a4"], w, h, 3.0).slots == 9
    # one XObject per distinct face, whatever box of it a slot shows: a face placed again is the same object
    reader = pypdf.PdfReader(out / "ticket.pdf")
    objects = [p["/Resources"]["/XObject"].raw_get(n).idnum for p in reader.pages for n, _ in placements(p)]
    assert len(set(objects)) < len(objects)


def test_each_face_is_embedded_once_per_pdf(full_build, manifest):
    """Clipping one full-bleed form per face, not one copy per crop box, keeps the PDF small."""
    out, _ = full_build
    faces = {c["id"] for c in manifest["components"] if c["file"] == "ticket.pdf"}
    reader = pypdf.PdfReader(out / "ticket.pdf")
    cards = {p["/Resources"]["/XObject"].raw_get(name).idnum
             for p in reader.pages for name, _, box in placed_boxes(p)
             if (box[2] - box[0]) < float(p.mediabox.width) / 2}  # not the page-sized furniture layer
    assert len(cards) == len(faces)


def _origin(text: str) -> str:
    found = re.findall(r"S\d", text)
    assert found, text
    return found[0]


def _slot_text(path, page, slot):
    return text_in(path, page, (slot.x + 1, slot.y + 1, slot.right - 1, slot.top - 1))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_are_behind_their_fronts(duplex, full_build, build_subset, content):
    """Ticket backs show the origin pile, so the back behind each front must name the same station."""
    out = full_build[0] if duplex == "long" else build_subset(only=("ticket",), duplex=duplex)
    slots = card_slots(PAPERS_MM["a4"], *card_size(content), 3.0)
    grid = card_grid(PAPERS_MM["a4"], *card_size(content), 3.0)
    path = out / "ticket.pdf"
    for sheet in (0, 2):
        for i, slot in enumerate(slots):
            front = _origin(_slot_text(path, sheet, slot))
            back = _origin(_slot_text(path, sheet + 1, slots[back_slot(i, duplex, grid)]))
            assert front == back, (duplex, sheet, i)


def test_fold_layout_puts_each_back_below_its_front_upside_down(build_subset, content):
    out = build_subset(only=("ticket",), duplex="fold")
    w, h = card_size(content)
    fronts, backs, _ = fold_slots(PAPERS_MM["a4"], w, h, 3.0)
    path = out / "ticket.pdf"
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == math.ceil(content.ticket_count / len(fronts))
    for front, back in zip(fronts, backs):
        assert _origin(_slot_text(path, 0, front)) == _origin(_slot_text(path, 0, back))
    turned = [(a, d) for _, _, a, d, _, _ in _card_placements(reader.pages[0], w, h) if a < 0]
    assert turned and all(d < 0 for _, d in turned)  # backs rotated 180 degrees


def test_every_font_is_embedded_and_subset(full_build, content):
    out, _ = full_build
    for name in ("ticket.pdf", "quick_reference.pdf", f"{content.game.id}-print-shop-boards.pdf"):
        reader = pypdf.PdfReader(out / name)
        fonts = [f for page in reader.pages for f in fonts_of(page)]
        assert fonts
        for font in fonts:
            assert font_is_embedded_subset(font) == (True, True), (name, font.get("/BaseFont"))


def _descriptor(font):
    if "/DescendantFonts" in font:
        font = font["/DescendantFonts"][0].get_object()
    return font["/FontDescriptor"].get_object()


def test_one_subset_tag_means_one_font_program_in_every_pdf(full_build, manifest):
    """P2-2: distinct subsets must carry distinct tags (PDF 32000 9.6.4), in every output PDF."""
    out, _ = full_build
    pdfs = [f for f in manifest["files"] if f.endswith(".pdf")]
    assert len(pdfs) > 5
    for name in pdfs:
        reader = pypdf.PdfReader(out / name)
        programs: dict[str, set[str]] = {}
        for font in (f for page in reader.pages for f in fonts_of(page)):
            descriptor = _descriptor(font)
            tag = str(descriptor["/FontName"])[1:7]
            assert str(font["/BaseFont"])[1:7] == tag, (name, font["/BaseFont"], descriptor["/FontName"])
            key = next(k for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor)
            program = hashlib.md5(descriptor[key].get_object().get_data()).hexdigest()
            programs.setdefault(tag, set()).add(program)
        assert programs, name
        shared = {tag: len(p) for tag, p in programs.items() if len(p) > 1}
        assert not shared, (name, shared)


@pytest.mark.parametrize("name", ["print-shop-cards-63x88mm", "print-shop-boards"])
def test_print_shop_pdf_has_one_face_per_page_with_trim_and_bleed_boxes(full_build, manifest, name):
    out, _ = full_build
    reader = pypdf.PdfReader(out / f"{manifest['game']}-{name}.pdf")
    layout = "cards" if "cards" in name else "boards"
    copies = [c["copies"] for c in manifest["components"] if (c["kind"] in ("ticket", "operation", "dispatch", "event",
                                                                        "card_back")) == (layout == "cards")]
    assert len(reader.pages) == sum(copies)  # one page per printed copy, fronts and backs alike
    bleed = manifest["options"]["bleed_mm"] * MM
    for page in reader.pages:
        trim, box, media = page.trimbox, page.bleedbox, page.mediabox
        assert float(box.width) == pytest.approx(float(trim.width) + 2 * bleed, abs=0.01)
        assert float(box.height) == pytest.approx(float(trim.height) + 2 * bleed, abs=0.01)
        assert float(box.left) == pytest.approx(float(trim.left) - bleed, abs=0.01)
        assert [float(v) for v in media] == pytest.approx([float(v) for v in box], abs=0.01)


def test_every_ticket_prints_its_stations_and_fare(full_build, content, manifest):
    out, _ = full_build
    path = out / f"{content.game.id}-print-shop-cards-63x88mm.pdf"
    texts = [page_text(path, i) for i in range(0, 2 * content.ticket_count, 2)]  # each ticket copy, its back after it
    for ticket in content.tickets:
        origin = content.stations[ticket.origin].name("zh")
        destination = content.stations[ticket.destination].name("zh")
        pages = [t for t in texts if origin in t and destination in t and ticket.origin in t
                 and ticket.destination in t and re.search(rf"票价 F\s*{ticket.fare}\b", t)]
        assert pages, f"no face prints {ticket.id}: {origin}->{destination} fare {ticket.fare}"


def test_the_map_is_tiled_with_alignment_marks(full_build, content, manifest):
    out, _ = full_build
    board = next(c for c in manifest["components"] if c["kind"] == "track_map")
    reader = pypdf.PdfReader(out / board["file"])
    from cardgen.games.rail_journey.faces import design as faces_module

    face = next(f for f in faces_module.build_faces(content) if f.id == board["id"])
    tiles = board_tiles(PAPERS_MM["a4"], face.width_mm, face.height_mm, face.bleed_mm)
    assert len(tiles) > 1 and len(reader.pages) == len(tiles)
    widths = []
    for page in reader.pages:
        placed = placed_boxes(page)
        assert len(placed) == 2  # the board tile and the furniture (marks) layer
        x0, _, x1, _ = (v / MM for v in placed[0][2])
        widths.append(x1 - x0)
    assert sum(widths) > face.width_mm + face.bleed_mm * 2  # tiles overlap
    tile = content.strings.labels["tile"]("zh")  # sheet labels in the edition's language, with the assembly note
    assembly = content.strings.labels["assembly"]("zh")
    for i in range(len(tiles)):
        text = page_text(out / board["file"], i)
        assert f"{tile} {i + 1}/{len(tiles)}" in text and assembly[:8] in text


def test_all_pages_of_the_combined_pdfs(full_build, content, manifest):
    """The card sheets (duplex) and the boards (single-sided) together hold every sheet of every kind."""
    out, report = full_build
    cards = pypdf.PdfReader(out / f"{content.game.id}-print.pdf")
    boards = pypdf.PdfReader(out / f"{content.game.id}-boards.pdf")
    per_kind = sum(len(pypdf.PdfReader(out / f).pages) for f in {c["file"] for c in manifest["components"]})
    assert len(cards.pages) + len(boards.pages) == per_kind == report.sheets
