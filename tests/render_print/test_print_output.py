"""The default build read back as a printer would: pages, boxes, card positions, backs, fonts, text."""

from __future__ import annotations

import math
import re

import pypdf
import pytest

from cardgen.render.layout import PAPERS_MM, back_slot, board_tiles, card_slots, fold_slots

from .pdfcheck import MM, font_is_embedded_subset, fonts_of, page_text, placements, text_in

KIND_FILES = ["ticket", "operation", "dispatch", "event", "track_map", "timetable_track", "wait_track",
              "station_mat", "train_token", "quick_reference"]


def card_size(content):
    return content.game.card_size_mm.width, content.game.card_size_mm.height


def test_every_output_file_is_there(full_build, content):
    out, report = full_build
    for kind in KIND_FILES:
        assert (out / f"{kind}.pdf").is_file(), kind
    game = content.game.id
    for name in (f"{game}-print.pdf", f"{game}-print-shop.pdf", "index.html", "manifest.json", "tts/decks.json"):
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


def _card_placements(page, w, h):
    """(x, y, a, d) in mm of every card XObject on a sheet (the furniture layer is page sized)."""
    out = []
    for name, (a, b, c, d, e, f) in placements(page):
        xobject = page["/Resources"]["/XObject"][name].get_object()
        x0, y0, x1, y1 = (float(v) for v in xobject["/BBox"])
        if (x1 - x0) == pytest.approx(w * MM, abs=0.01) and (y1 - y0) == pytest.approx(h * MM, abs=0.01):
            out.append((round(e / MM, 2), round(f / MM, 2), a, d))
    return out


def test_cards_are_placed_as_xobjects_on_the_3x3_grid(full_build, content):
    out, _ = full_build
    w, h = card_size(content)
    slots = card_slots(PAPERS_MM["a4"], w, h)
    page = pypdf.PdfReader(out / "ticket.pdf").pages[0]
    cards = _card_placements(page, w, h)
    assert sorted((x, y) for x, y, _, _ in cards) == sorted((round(s.x, 2), round(s.y, 2)) for s in slots)
    # one XObject per distinct face: a face printed 4 times on the sheet is the same object 4 times
    resources = page["/Resources"]["/XObject"]
    objects = [resources.raw_get(n).idnum for n, _ in placements(page)]
    assert len(set(objects)) < len(objects)


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
    slots = card_slots(PAPERS_MM["a4"], *card_size(content))
    path = out / "ticket.pdf"
    for sheet in (0, 2):
        for i, slot in enumerate(slots):
            front = _origin(_slot_text(path, sheet, slot))
            back = _origin(_slot_text(path, sheet + 1, slots[back_slot(i, duplex)]))
            assert front == back, (duplex, sheet, i)


def test_fold_layout_puts_each_back_below_its_front_upside_down(build_subset, content):
    out = build_subset(only=("ticket",), duplex="fold")
    w, h = card_size(content)
    fronts, backs, _ = fold_slots(PAPERS_MM["a4"], w, h)
    path = out / "ticket.pdf"
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == math.ceil(content.ticket_count / len(fronts))
    for front, back in zip(fronts, backs):
        assert _origin(_slot_text(path, 0, front)) == _origin(_slot_text(path, 0, back))
    turned = [(a, d) for _, _, a, d in _card_placements(reader.pages[0], w, h) if a < 0]
    assert turned and all(d < 0 for _, d in turned)  # backs rotated 180 degrees


def test_every_font_is_embedded_and_subset(full_build, content):
    out, _ = full_build
    for name in ("ticket.pdf", "quick_reference.pdf", f"{content.game.id}-print-shop.pdf"):
        reader = pypdf.PdfReader(out / name)
        fonts = [f for page in reader.pages for f in fonts_of(page)]
        assert fonts
        for font in fonts:
            assert font_is_embedded_subset(font) == (True, True), (name, font.get("/BaseFont"))


def test_print_shop_pdf_has_one_face_per_page_with_trim_and_bleed_boxes(full_build, manifest):
    out, _ = full_build
    reader = pypdf.PdfReader(out / f"{manifest['game']}-print-shop.pdf")
    assert len(reader.pages) == len(manifest["components"])
    bleed = manifest["options"]["bleed_mm"] * MM
    for page in reader.pages:
        trim, box, media = page.trimbox, page.bleedbox, page.mediabox
        assert float(box.width) == pytest.approx(float(trim.width) + 2 * bleed, abs=0.01)
        assert float(box.height) == pytest.approx(float(trim.height) + 2 * bleed, abs=0.01)
        assert float(box.left) == pytest.approx(float(trim.left) - bleed, abs=0.01)
        assert [float(v) for v in media] == pytest.approx([float(v) for v in box], abs=0.01)


def test_every_ticket_prints_its_stations_and_fare(full_build, content, manifest):
    out, _ = full_build
    path = out / f"{content.game.id}-print-shop.pdf"
    texts = [page_text(path, i) for i in range(len(manifest["components"]))]
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
    from cardgen.render import faces as faces_module

    face = next(f for f in faces_module.build_faces(content) if f.id == board["id"])
    tiles = board_tiles(PAPERS_MM["a4"], face.width_mm, face.height_mm, face.bleed_mm)
    assert len(tiles) > 1 and len(reader.pages) == len(tiles)
    widths = []
    for page in reader.pages:
        names = [n for n, _ in placements(page)]
        assert len(names) == 2  # the board tile and the furniture (marks) layer
        x0, _, x1, _ = (float(v) / MM for v in page["/Resources"]["/XObject"][names[0]].get_object()["/BBox"])
        widths.append(x1 - x0)
    assert sum(widths) > face.width_mm + face.bleed_mm * 2  # tiles overlap
    assert all("tile" in page_text(out / board["file"], i) for i in range(len(tiles)))  # sheet labels


def test_all_pages_of_the_combined_pdf(full_build, content, manifest):
    out, report = full_build
    combined = pypdf.PdfReader(out / f"{content.game.id}-print.pdf")
    per_kind = sum(len(pypdf.PdfReader(out / f).pages) for f in {c["file"] for c in manifest["components"]})
    assert len(combined.pages) == per_kind == report.sheets
