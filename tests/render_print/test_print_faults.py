"""Smaller print faults (issue 22 item 7), each read back from the built output."""

from __future__ import annotations

import json

import pikepdf
import pypdf
import pytest

from tests.render_print.backs_check import back_pages, lines_near_the_trim, trim_image
from tests.render_print.pdfcheck import MM, page_text, placed_boxes
from tests.render_print.pdfx_check import transparency


def test_backs_draw_no_line_near_the_trim(full_build, manifest):
    """A duplex shift of 1-1.5 mm shows a line that runs along the cut: every distinct back, drawn
    from the print-shop file, has none within 5 mm of its trim."""
    out, _ = full_build
    shop = out / f"{manifest['game']}-print-shop-cards-63x88mm.pdf"
    pages = back_pages(shop)
    assert len(pages) == len({c["id"] for c in manifest["components"] if c["kind"] == "card_back"})
    for page in pages:
        assert lines_near_the_trim(trim_image(shop, page)) == [], page


def test_backs_carry_no_transparency(full_build, manifest):
    """Every RIP flattens transparency, and a back prints on every card: the backs' stripes (translucent
    white over the accent, a soft-masked form in a tiling pattern) made PDFium take about four times as long
    to draw a back as a front. No page of the print-shop file holding a back draws with transparency."""
    out, _ = full_build
    shop = out / f"{manifest['game']}-print-shop-cards-63x88mm.pdf"
    pages = back_pages(shop)
    with pikepdf.open(shop) as pdf:
        found = {page: transparency(pdf.pages[page - 1].obj) for page in pages}
    assert pages and {page: lines for page, lines in found.items() if lines} == {}


def _reference_text(build_subset, **options) -> str:
    out = build_subset(only=("quick_reference",), lang="en", **options)
    return " ".join(page_text(out / "quick_reference.pdf", 0).split())


@pytest.mark.parametrize("players, variant, seats", [(2, None, 2), (2, "two_locomotives", 4), (3, None, 3),
                                                      (5, None, 5)])
def test_the_quick_reference_lists_the_starting_positions_of_the_trains_printed(build_subset, content, players,
                                                                                variant, seats):
    text = _reference_text(build_subset, players=players, variant=variant)
    colours = [c.name("en") for c in content.game.colours]
    listed = [f"{n} · {colour}" in text for n, colour in enumerate(colours, start=1)]
    assert listed == [n < seats for n in range(len(colours))]


def test_a_two_player_build_points_to_the_two_locomotive_variant(build_subset):
    """Rules 9.3 and 10.14 strongly recommend Two Locomotives for two players: the quick reference of a
    two-player build says so, with its summary and the option that prints it; a build playing it does not."""
    recommendation = ("The rules recommend variant 9.3 Two Locomotives: With 2 players each runs 2 trains, "
                      "4 on the line. (--variant two_locomotives)")
    assert recommendation in _reference_text(build_subset, players=2)
    assert "recommend" not in _reference_text(build_subset, players=2, variant="two_locomotives")
    assert "recommend" not in _reference_text(build_subset, players=3)


def _marks_and_boards(path, page_index: int, bleed_mm: float):
    """The crop marks (x0, y0, x1, y1 from the board outwards, in points) and the boards' trim boxes of
    a packed board sheet, read from its PDF."""
    with pikepdf.open(path) as pdf:
        page = pdf.pages[page_index]
        marks, start = [], None
        for instruction in pikepdf.parse_content_stream(page.Resources.XObject.Marks):
            operator = str(instruction.operator)
            if operator == "m":
                start = [float(v) for v in instruction.operands]
            elif operator == "l" and start is not None:
                marks.append((*start, *(float(v) for v in instruction.operands)))
    bleed = bleed_mm * MM
    boards = [(x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed)
              for name, _, (x0, y0, x1, y1) in placed_boxes(pypdf.PdfReader(path).pages[page_index]) if name != "/Marks"]
    return marks, boards


def _pointing_into(mark, boards) -> list:
    """Boards the mark's cut line runs into past the mark's outer end."""
    x0, y0, x1, y1 = mark
    eps = 0.01
    if abs(y0 - y1) < eps:
        return [b for b in boards if b[1] + eps < y0 < b[3] - eps and (b[2] <= x1 + eps if x1 < x0 else b[0] >= x1 - eps)]
    return [b for b in boards if b[0] + eps < x0 < b[2] - eps and (b[3] <= y1 + eps if y1 < y0 else b[1] >= y1 - eps)]


@pytest.mark.parametrize("name", ["marker.pdf", "train_token.pdf", "wait_track.pdf"])
def test_no_crop_mark_on_a_packed_sheet_points_into_another_board(full_build, manifest, name):
    """On the markers sheet the clock marker's mark beside the taller first-player marker pointed at it:
    a cut along it slices the neighbour. Every mark's line, past the mark, runs clear of the other boards."""
    out, _ = full_build
    for index in range(len(pypdf.PdfReader(out / name).pages)):
        marks, boards = _marks_and_boards(out / name, index, manifest["options"]["bleed_mm"])
        assert len(boards) > 1 and len(marks) >= 6 * len(boards)
        for mark in marks:
            own = min(boards, key=lambda b: max(b[0] - mark[0], mark[0] - b[2], 0) + max(b[1] - mark[1], mark[1] - b[3], 0))
            assert _pointing_into(mark, [b for b in boards if b != own]) == [], (name, index, mark)


def test_the_small_markers_are_explained_where_they_go(build_subset):
    """The clock and round markers are a timetable column wide and carry their icon alone (no text fits
    their safe margin): the timetable prints each icon by the row that marker goes on."""
    out = build_subset(only=("marker", "timetable_track"), lang="en")
    markers = " ".join(page_text(out / "marker.pdf", 0).split())
    track = " ".join(page_text(out / "timetable_track.pdf", 0).split())
    assert "⏱" in markers and "📍" in markers
    assert "📍 Round · Event track" in track and "⏱ Clock (h)" in track


@pytest.mark.parametrize("gutter, duplex", [(4.0, "long"), (8.0, "short"), (2.0, "fold")])
def test_a_gutter_parts_the_cards_each_with_bleed_on_every_side(build_subset, content, gutter, duplex):
    """--gutter MM: no card touches another on the sheet; each shows its bleed on every side (at most
    half the gutter), and every one of its cut lines has crop marks."""
    out = build_subset(only=("dispatch",), lang="en", gutter_mm=gutter, duplex=duplex)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["gutter_mm"] == gutter
    w, h = (v * MM for v in (content.game.card_size_mm.width, content.game.card_size_mm.height))
    bleed = min(manifest["options"]["bleed_mm"], gutter / 2) * MM
    reader = pypdf.PdfReader(out / "dispatch.pdf")
    for index, page in enumerate(reader.pages[:2]):
        placed = [(matrix, box) for name, matrix, box in placed_boxes(page) if name != "/Marks"]
        trims = [(e, f, e + w, f + h) if a > 0 else (e - w, f - h, e, f) for (a, _, _, _, e, f), _ in placed]
        assert len(trims) > 1
        for trim, (_, visible) in zip(trims, placed):
            shown = [trim[0] - visible[0], trim[1] - visible[1], visible[2] - trim[2], visible[3] - trim[3]]
            across = [any(abs(trim[0] - o[2] - gutter * MM) < 0.01 for o in trims),
                      any(abs(trim[1] - o[3] - gutter * MM) < 0.01 for o in trims),
                      any(abs(o[0] - trim[2] - gutter * MM) < 0.01 for o in trims),
                      any(abs(o[1] - trim[3] - gutter * MM) < 0.01 for o in trims)]
            joined = [False, duplex == "fold" and trim[1] > 300, False, duplex == "fold" and trim[1] < 300]
            for side in range(4):  # the gutter's half, or toward the margin at least the 1 mm a tight margin keeps
                least = 0.0 if joined[side] else bleed if across[side] else 1.0 * MM
                assert shown[side] >= least - 0.01, (index, trim, side, shown)
        for i, a in enumerate(trims):
            for b in trims[i + 1:]:
                apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
                assert apart >= gutter * MM - 0.01 or (duplex == "fold" and abs(apart) < 0.01), (index, a, b)
        marks, _ = _marks_and_boards(out / "dispatch.pdf", index, 0.0)
        xs = {round(m[0], 1) for m in marks if abs(m[0] - m[2]) < 0.01}
        assert {round(t[0], 1) for t in trims} | {round(t[2], 1) for t in trims} <= xs, index
