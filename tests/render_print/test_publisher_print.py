"""Issue 12: the printed set as a print reviewer checks it, read back from the built PDFs.

Duplex-safe files and their "printing" rows (item 1), Letter needing no more
sheets than A4 for boards (2), crop marks clear of the unprintable edge (5),
the components the rules need (8), the timetable by round (9), the operation
value's name (11) and plain backs (12).
"""

from __future__ import annotations

import json
import re

import pypdf
import pytest

from cardgen.model.text import string
from tests.render_print.pdfcheck import MM, cut_by_tile_edges, page_text


BOARD_KINDS = ("track_map", "timetable_track", "wait_track", "station_mat", "train_token", "train_mat",
               "marker", "quick_reference", "score_sheet")


def _pdfs(out):
    return sorted(p.name for p in out.glob("*.pdf"))


def test_every_pdf_says_how_to_print_it(full_build, manifest):
    out, _ = full_build
    rows = {row["file"]: row for row in manifest["printing"]}
    assert sorted(rows) == _pdfs(out)
    for name, row in rows.items():
        assert row["sides"] in ("duplex-long", "duplex-short", "single"), row
        assert row["pages"] == len(pypdf.PdfReader(out / name).pages), row
    html = (out / "index.html").read_text(encoding="utf-8")
    for name, row in rows.items():  # the preview says the same
        assert f'data-file="{name}" data-sides="{row["sides"]}"' in html


def test_no_board_backs_onto_another_in_a_duplex_file(full_build, manifest):
    """A duplex file holds front/back pairs only: card sheets, each front followed by its back."""
    out, _ = full_build
    board_files = {c["file"] for c in manifest["components"] if c["kind"] in BOARD_KINDS}
    for row in manifest["printing"]:
        if not row["sides"].startswith("duplex"):
            continue
        assert row["file"] not in board_files
        assert row["pages"] % 2 == 0, row
        if "print-shop" in row["file"]:
            continue
        text = [page_text(out / row["file"], i) for i in range(row["pages"])]
        board_words = [string_label for string_label in ("线路图", "站台垫", "一页速查", "时刻表轨")]
        for page, words in enumerate(text):
            assert not any(w in words for w in board_words), (row["file"], page + 1)


def test_print_shop_pairs_each_card_copy_with_its_back(full_build, manifest):
    out, _ = full_build
    cards = [row for row in manifest["printing"] if row["file"].endswith("63x88mm.pdf")]
    assert len(cards) == 1 and cards[0]["sides"] == "duplex-long"
    fronts = [c for c in manifest["components"] if c["kind"] in ("ticket", "operation", "dispatch", "event")]
    assert cards[0]["pages"] == 2 * sum(c["copies"] for c in fronts)
    reader = pypdf.PdfReader(out / cards[0]["file"])
    first_back = page_text(out / cards[0]["file"], 1)
    assert "旅客卡" in first_back and "S1" in first_back  # page 2 is the back of page 1's ticket
    assert {round(float(p.trimbox.width) / MM) for p in reader.pages} == {63}


def test_letter_needs_no_more_board_sheets_than_a4(build_subset):
    only = ("station_mat", "quick_reference", "track_map", "timetable_track")
    sheets = {}
    for paper in ("a4", "letter"):
        out = build_subset(paper=paper, only=only)
        rows = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["printing"]
        sheets[paper] = {r["file"]: r["pages"] for r in rows if r["file"].split(".")[0] in only}
    assert sheets["letter"] == sheets["a4"]
    assert sheets["a4"]["station_mat.pdf"] == 6 and sheets["a4"]["quick_reference.pdf"] == 1


def _mark_segments(path, page_index):
    """Every line of a sheet's furniture (crop marks, fold and tile lines), in mm, and the page size in mm.

    The furniture is the form named /Marks drawn untransformed over the faces
    (cardgen.render.pdf.formsheets), so its coordinates are the page's.
    """
    page = pypdf.PdfReader(path).pages[page_index]
    marks = page["/Resources"]["/XObject"]["/Marks"].get_object()
    segments, start = [], None
    for operands, operator in pypdf.generic.ContentStream(marks, page.pdf).operations:
        if operator == b"m":
            start = tuple(float(v) / MM for v in operands)
        elif operator == b"l" and start is not None:
            end = tuple(float(v) / MM for v in operands)
            segments.append((*start, *end))
            start = end
    return segments, (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_marks_stay_4mm_inside_the_paper(build_subset, paper):
    out = build_subset(paper=paper, only=("station_mat", "quick_reference", "timetable_track"))
    for name in ("station_mat.pdf", "quick_reference.pdf", "timetable_track.pdf"):
        for index in range(len(pypdf.PdfReader(out / name).pages)):
            segments, (w, h) = _mark_segments(out / name, index)
            assert segments, (name, index)
            for x1, y1, x2, y2 in segments:
                for x, y in ((x1, y1), (x2, y2)):
                    assert 3.99 <= x <= w - 3.99 and 3.99 <= y <= h - 3.99, (name, index, (x1, y1, x2, y2))


def test_the_components_the_rules_need_are_printed(full_build, manifest, content):
    out, _ = full_build
    counts = manifest["counts"]
    ids = {c["id"] for c in manifest["components"]}
    assert {"marker-first_player", "marker-clock", "marker-round"} <= ids
    assert counts["marker"] == 3
    assert counts["train_mat"] == counts["train_token"] == len(content.game.colours)
    mat = next(c for c in manifest["components"] if c["kind"] == "train_mat")
    text = page_text(out / mat["file"], mat["page"] - 1)
    cap = content.game.composition_cap
    assert f"N = {cap}" in text and f"N = {cap + 1}" not in text  # one seat per passenger up to the cap
    assert "上车时刻" in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_clock_and_round_markers_fit_one_timetable_column(content, lang):
    """A 40 mm clock marker covered four hours of a 9.4 mm timetable column: it could not show the hour."""
    from cardgen.games.rail_journey.faces import design

    faces = {f.id: f for f in design.build_faces(content, lang=lang)}
    column = float(re.search(r"--cell:([0-9.]+)mm", faces["timetable_track"].html).group(1))
    for marker in ("marker-clock", "marker-round"):
        assert faces[marker].width_mm <= column, (marker, faces[marker].width_mm, column)
        assert faces[marker].height_mm <= 11.0  # a space's height
    assert faces["marker-first_player"].width_mm == 40.0  # it sits in front of a player, with its rule


def test_timetable_is_laid_out_by_round_with_the_late_round_ruling(full_build, manifest, content):
    out, _ = full_build
    board = next(c for c in manifest["components"] if c["kind"] == "timetable_track")
    text = page_text(out / board["file"], board["page"] - 1)
    assert string(content, "rules", "late_rounds", "zh") in text.replace("\u2012", "\u2013")  # one glyph, two dashes
    rounds = content.total_rounds()
    assert rounds == 22 and re.search(rf"\b{rounds}\b", text)
    # the clock row repeats the held hour: after round 6 (held) the clock still reads 5
    clocks = [after for _, after, _ in content.round_schedule()]
    assert clocks.count(5) == 2 and clocks[-1] == content.game.clock.end


def test_operation_cards_name_C_the_advance_value(full_build):
    out, _ = full_build
    text = page_text(out / "operation.pdf", 0)
    assert "推进值 C" in text and "推进力 C" not in text


def test_backs_are_plain(full_build, content):
    out, _ = full_build
    operation_back = re.sub(r"\d+/\d+", "", page_text(out / "operation.pdf", 1))  # the sheet label's number
    assert "运转卡" in operation_back and not re.search(r"\d", operation_back)  # no seat number
    icons = [k.icon for k in content.dispatch.kinds] + [k.icon.replace("\ufe0f", "") for k in content.events.kinds]
    for name in ("dispatch.pdf", "event.pdf"):
        back = page_text(out / name, 1)
        assert not any(icon in back for icon in icons), name


def test_every_overflowing_face_is_reported_at_once_with_its_yaml_position(tmp_path, face_cache_dir):
    """Item 16: two faces overflow; one build names both, each at the file:line:col of its text."""
    import shutil

    from cardgen.errors import BuildError
    from cardgen.render.build import BuildOptions, build
    from cardgen.resources import DEFAULT_CONTENT

    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    ops = (folder / "operations.yaml").read_text(encoding="utf-8")
    long_name = "超长的运转卡名称一二三四五六七八九十"
    ops = ops.replace("name: {zh: 快速, en: Rapid}", f"name: {{zh: {long_name}, en: Rapid}}")
    (folder / "operations.yaml").write_text(ops, encoding="utf-8")
    dispatch = (folder / "dispatch.yaml").read_text(encoding="utf-8")
    dispatch = dispatch.replace("name: {zh: 信号优先, en: Signal Priority}", f"name: {{zh: 信号{long_name}, en: Signal Priority}}")
    (folder / "dispatch.yaml").write_text(dispatch, encoding="utf-8")
    with pytest.raises(BuildError) as caught:
        build(folder, BuildOptions(only=("operation", "dispatch")), out=tmp_path / "out", cache_dir=face_cache_dir)
    message = str(caught.value)
    op_line = next(i for i, line in enumerate(ops.splitlines(), 1) if long_name in line)
    op_col = ops.splitlines()[op_line - 1].index(long_name) + 1
    assert f"operations.yaml:{op_line}:{op_col}: operation red rapid: text overflows its box 'name'" in message
    assert re.search(r"dispatch\.yaml:\d+:\d+: dispatch signal_priority: text overflows its box 'name'", message)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_sheet_marks_are_visible_and_4mm_inside_the_paper(build_subset, paper):
    """Item 5: on Letter the top and bottom marks were under 1 mm; every mark is now at least 2 mm long."""
    out = build_subset(paper=paper, only=("ticket",))
    for index in range(2):  # a front sheet and its back
        segments, (w, h) = _mark_segments(out / "ticket.pdf", index)
        assert segments
        for x1, y1, x2, y2 in segments:
            assert abs(x2 - x1) + abs(y2 - y1) >= 2.0 - 1e-6, (paper, index, (x1, y1, x2, y2))
            for x, y in ((x1, y1), (x2, y2)):
                assert 3.99 <= x <= w - 3.99 and 3.99 <= y <= h - 3.99, (paper, index, (x1, y1, x2, y2))


def test_each_ticket_sheet_holds_one_colour(content):
    """Item 4: butted cards of one colour per sheet, so a miscut never shows a neighbour's other colour."""
    from cardgen.render.build import BuildOptions, plan_sheets
    from cardgen.games.rail_journey.faces import design

    faces = design.build_faces(content)
    by_id = {f.id: f for f in faces}
    sheets = plan_sheets(content.game.id, faces, BuildOptions(only=("ticket",)))["ticket"]
    fronts = [s for s in sheets if s.side == "front"]
    for sheet in fronts:
        assert len({by_id[p.face_id].colour for p in sheet.placements}) == 1
    assert len(fronts) == -(-content.ticket_count // 9)  # grouping costs no sheet here (41 + 41 cards)


def _targets(segments) -> list[tuple[float, float]]:
    """Centres of the registration targets among a sheet's lines: a horizontal and a vertical stroke of the
    same length crossing at their middles."""
    horizontal = [((x1 + x2) / 2, y1) for x1, y1, x2, y2 in segments if abs(y1 - y2) < 0.01 and 4 < abs(x1 - x2) < 6]
    vertical = [(x1, (y1 + y2) / 2) for x1, y1, x2, y2 in segments if abs(x1 - x2) < 0.01 and 4 < abs(y1 - y2) < 6]
    return [(x, y) for x, y in horizontal if any(abs(x - vx) < 0.05 and abs(y - vy) < 0.05 for vx, vy in vertical)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_margin_text_prints_over_a_registration_target(build_subset, paper, lang):
    """A tile's label and assembly note share its margins with the targets: each word or character
    keeps clear of every target (its 5 mm cross), read back from the PDF with pdfium."""
    import pypdfium2 as pdfium

    out = build_subset(paper=paper, lang=lang, only=("track_map",))
    document = pdfium.PdfDocument(out / "track_map.pdf")
    try:
        checked = 0
        for index in range(len(document)):
            targets = _targets(_mark_segments(out / "track_map.pdf", index)[0])
            text = document[index].get_textpage()
            boxes = [tuple(v / 72 * 25.4 for v in text.get_charbox(i)) for i in range(text.count_chars())]
            boxes = [b for b in boxes if b[2] > b[0]]  # spaces have no ink
            for cx, cy in targets:
                checked += 1
                hits = [b for b in boxes if b[0] < cx + 2.5 and b[2] > cx - 2.5 and b[1] < cy + 2.5 and b[3] > cy - 2.5]
                assert not hits, (paper, lang, index, (cx, cy), hits[:3])
        assert checked >= 4  # both tiles have a target above and below
    finally:
        document.close()


def test_every_card_sheet_label_sits_in_the_same_place_in_the_left_margin(full_build):
    """A sheet with fewer cards (a deck's last, and its backs, pushed to the other side) keeps its label where
    every other sheet has it, not beside its first card in the middle of the paper."""
    import pypdfium2 as pdfium

    out, _ = full_build
    document = pdfium.PdfDocument(out / "rail-journey-print.pdf")
    try:
        starts = set()
        for index in range(len(document)):
            text = document[index].get_textpage()
            boxes = [text.get_charbox(i) for i in range(text.count_chars())]
            left = min(box[0] for box in boxes if box[2] > box[0]) / 72 * 25.4
            starts.add(round(left, 1))
        assert len(starts) == 1 and min(starts) < 10, sorted(starts)  # mm from the paper's left edge
    finally:
        document.close()


def test_every_printed_character_keeps_the_safe_margin_from_the_cut(full_build, manifest):
    """The train tokens' "fold on the dashed line" sat 1.5 mm from the cut: a 1-2 mm miscut clips it.

    Read from the print-shop files, where each page is one face with its TrimBox: every character box
    pdfium finds stays SAFE_MARGIN_MM inside the trim (less a little for glyph side bearings).
    """
    import pypdfium2 as pdfium

    from cardgen.render.faces.facekit import SAFE_MARGIN_MM

    margin = (SAFE_MARGIN_MM - 0.5) * MM
    out, _ = full_build
    shop = [e["file"] for e in manifest["printing"] if "print-shop" in e["file"]]
    assert shop
    close = []
    for name in shop:
        document = pdfium.PdfDocument(str(out / name))
        try:
            seen: set[bytes] = set()
            for number, page in enumerate(document, start=1):
                textpage = page.get_textpage()
                text = textpage.get_text_range()
                if len(text.split()) == 0 or text.encode() in seen:
                    continue  # a copy of a face already read
                if len("".join(text.split())) <= 2:
                    continue  # an icon alone (the clock and round markers, 9.4 mm wide): art, no text to clip
                seen.add(text.encode())
                left, bottom, right, top = page.get_trimbox()
                for index in range(textpage.count_chars()):
                    if textpage.get_text_range(index, 1).isspace():
                        continue
                    x0, y0, x1, y1 = textpage.get_charbox(index)
                    if x0 < left + margin or x1 > right - margin or y0 < bottom + margin or y1 > top - margin:
                        close.append((name, number, textpage.get_text_range(index, 1)))
        finally:
            document.close()
    assert not close, close[:20]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_text_on_the_track_map_is_cut_by_a_tile_seam(build_subset, lang):
    """The English legend ran across the edge where the map's tiles are glued: a seam cut its sentence."""
    out = build_subset(lang=lang, only=("track_map",))
    assert cut_by_tile_edges(out / "rail-journey-print-shop-boards.pdf") == []


@pytest.mark.parametrize("only", [(), ("ticket", "event")])
def test_the_preview_shows_what_is_printed_with_the_printed_copies(build_subset, only):
    """With --only, the preview showed all 118 faces (61 of them printed nowhere) and the base's back counts."""
    out = build_subset(only=only)
    html = (out / "index.html").read_text(encoding="utf-8")
    tiles = {face: int(n) for face, n in re.findall(r'<figure class="tile" data-face-id="([^"]+)" data-copies="(\d+)"',
                                                     html)}
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    printed: dict[str, int] = {}
    for component in manifest["components"]:
        printed[component["id"]] = printed.get(component["id"], 0) + component["copies"]
    assert tiles == printed


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fold_sheet_label_crosses_no_crop_mark(build_subset, content, paper):
    """The English fold label ran up the left margin past the top card's crop mark ('an|d glue')."""
    import pypdfium2 as pdfium

    from cardgen.render.build import BuildOptions, plan_sheets
    from cardgen.games.rail_journey.faces import design

    options = dict(lang="en", duplex="fold", paper=paper, only=("dispatch",))
    out = build_subset(**options)
    sheets = plan_sheets(content.game.id, design.build_faces(content, lang="en"), BuildOptions(**options))["dispatch"]
    document = pdfium.PdfDocument(str(out / "dispatch.pdf"))
    try:
        for number, sheet in enumerate(sheets):
            textpage = document[number].get_textpage()
            def on_a_card(box) -> bool:
                x, y = (box[0] + box[2]) / 2 / MM, (box[1] + box[3]) / 2 / MM
                return any(p.at[0] <= x <= p.at[0] + p.source.w and p.at[1] <= y <= p.at[1] + p.source.h
                           for p in sheet.placements)

            label = [box for box in map(textpage.get_charbox, range(textpage.count_chars())) if not on_a_card(box)]
            assert len(label) > 20, number  # the sheet label, in the margin
            for x1, y1, x2, y2 in sheet.furniture.crop:
                for left, bottom, right, top in label:
                    crosses = (min(x1, x2) * MM <= right and max(x1, x2) * MM >= left
                               and min(y1, y2) * MM <= top and max(y1, y2) * MM >= bottom)
                    assert not crosses, (number, (x1, y1, x2, y2))
    finally:
        document.close()
