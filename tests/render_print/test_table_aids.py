"""Issue 22 item 4: what the table needs and no component carried, read back from the built output.

(a) A train's heading: each token half shows an arrow, both halves pointing the same way once folded.
(b) Score, deliveries and delays L per player: a score sheet with the end-of-game rules and tie-break.
(c) A boarded ticket and its boarding time: each seat of a train mat is a lane the ticket lies on.
"""

from __future__ import annotations

import json

import pytest
from PIL import Image

from cardgen.model import load
from cardgen.model.effects import MAX_LOAD
from cardgen.model.text import string
from cardgen.render.build import BuildOptions, build
from cardgen.render.faces.colour import ink_on
from tests.content_copy import copy_with
from tests.render_print.pdfcheck import page_text

PX_PER_MM = 300 / 25.4


def _ink_run_mm(image: Image.Image, x_mm: float, rows: range, ink: tuple[int, int, int]) -> float:
    """Millimetres of the column at ``x_mm`` (from the trim's left) within ``rows`` printed in ``ink``."""
    x = round(x_mm * PX_PER_MM)
    near = sum(1 for y in rows if all(abs(a - b) <= 12 for a, b in zip(image.getpixel((x, y)), ink)))
    return near / PX_PER_MM


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_token_half_points_the_same_way_once_folded(build_subset, content, lang):
    """On the flat print both arrows point right: the flipped half is read from the other side of the table,
    so folded into a tent the two show one heading to every player. A tail is wide, a tip narrow."""
    out = build_subset(lang=lang, only=("train_token",), exports=("png",))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    tokens = [c for c in manifest["components"] if c["kind"] == "train_token"]
    assert len(tokens) == len(content.game.colours)
    for token in tokens:
        colour = next(c for c in content.game.colours if token["id"] == f"train_token-{c.id}")
        ink = tuple(int(ink_on(colour.hex)[i:i + 2], 16) for i in (1, 3, 5))
        image = Image.open(out / "png" / f"{token['id']}.png").convert("RGB")
        width_mm = image.width / PX_PER_MM
        middle = image.height // 2  # the tent's ridge: the fold between the two halves
        for half in (range(0, middle), range(middle, image.height)):
            tail, tip = _ink_run_mm(image, 4.0, half, ink), _ink_run_mm(image, width_mm - 4.0, half, ink)
            assert tail > 2.0 and tip < 1.5, (token["id"], tail, tip)


def test_the_heading_rule_is_on_the_quick_reference(build_subset, content):
    out = build_subset(only=("quick_reference",))
    assert string(content, "rules", "heading", "zh") in page_text(out / "quick_reference.pdf", 0).replace("\r\n", "")


def _lane_runs(pixels, length: int, at, colours, tolerance: int = 6) -> list[tuple[int, int]]:
    """(start, end) of each run of pixels along one line whose colour is one of ``colours``."""
    runs, start = [], None
    for i in range(length + 1):
        hit = i < length and any(all(abs(a - b) <= tolerance for a, b in zip(pixels[at(i)], c)) for c in colours)
        if hit and start is None:
            start = i
        elif not hit and start is not None:
            runs.append((start, i))
            start = None
    return runs


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_seat_of_a_train_mat_holds_a_ticket_with_its_times_under_it(build_subset, content, lang):
    """The mat's 6-7 mm write-in rows could not hold a 63 x 88 card: each seat is now a lane a ticket lies on,
    the last one a whole ticket wide, one lane edge per seat up to the composition cap, on one page."""
    out = build_subset(lang=lang, only=("train_mat",), exports=("png",))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    mats = [c for c in manifest["components"] if c["kind"] == "train_mat"]
    assert len(mats) == len(content.game.colours)
    assert next(r for r in manifest["printing"] if r["file"] == "train_mat.pdf")["pages"] == len(mats)
    cap, card = content.game.composition_cap, content.game.card_size_mm
    for mat in mats:
        text = page_text(out / mat["file"], mat["page"] - 1)
        for label in ("seat", "boarding_time", "deadline"):
            assert string(content, "labels", label, lang) in text
        seat = string(content, "labels", "seat", lang)
        assert f"{seat} {cap}" in text and f"{seat} {cap + 1}" not in text
        assert f"N = {cap} ⇒" in text
        assert string(content, "rules", "seats", lang) in text.replace("\r\n", "")
        colour = next(c for c in content.game.colours if mat["id"] == f"train_mat-{c.id}")
        full = Image.open(out / "png" / f"{mat['id']}.png").convert("RGB")
        image = full.reduce(4)  # 75 dpi to find the lanes; their 0.6 mm edges are counted at 300 dpi
        px_mm = PX_PER_MM / 4
        pixels, (w, h) = image.load(), image.size
        lane = [(255, 255, 255), (0xf0, 0xec, 0xe2)]
        tallest = max((max((e - s for s, e in _lane_runs(pixels, h, lambda y: (x, y), lane)), default=0), x)
                      for x in range(0, w, 2))
        assert tallest[0] / px_mm >= card.height - 1.0, (mat["id"], tallest[0] / px_mm)
        column = tallest[1]
        runs = _lane_runs(pixels, h, lambda y: (column, y), lane)
        middle = next((s + e) // 2 for s, e in runs if e - s == tallest[0])
        row = lambda x: (x, middle)  # noqa: E731
        widest = max(e - s for s, e in _lane_runs(pixels, w, row, lane))
        assert widest / px_mm >= card.width - 1.0, (mat["id"], widest / px_mm)
        edges = _lane_runs(full.load(), full.width, lambda x: (x, middle * 4), [_rgb(colour.hex)], tolerance=30)
        assert len(edges) == cap, (mat["id"], edges)


@pytest.mark.parametrize("lang, players", [("zh", 5), ("en", 2)])
def test_the_score_sheet_has_a_row_per_player_and_the_tie_break(build_subset, content, lang, players):
    out = build_subset(lang=lang, players=players, only=("score_sheet",))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["score_sheet"] == content.printing.shared.score_sheet
    sheet = next(c for c in manifest["components"] if c["kind"] == "score_sheet")
    assert next(r for r in manifest["printing"] if r["file"] == sheet["file"]) == \
        {"file": "score_sheet.pdf", "pages": content.printing.shared.score_sheet, "sides": "single"}
    text = page_text(out / sheet["file"], sheet["page"] - 1).replace("\r\n", " ").replace("\n", " ")
    player = string(content, "labels", "player", lang)
    assert f"{player} {players}" in text and f"{player} {players + 1}" not in text  # a row per player
    for label in ("score_sheet", "delivery_points", "deliveries", "delays", "total", "place"):
        assert string(content, "labels", label, lang) in text, label
    for key in ("no_delay_bonus", "worst_delay"):  # the end-of-game amounts, from game.yaml
        assert string(content, "scoring", key, lang) in text, key
    ties = [string(content, "scoring", f"tiebreak_{t}", lang) for t in content.game.scoring.tiebreaks]
    ties.append(string(content, "scoring", "tiebreak_shared", lang))
    assert " → ".join(ties) in text  # in the order the rules break ties
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'data-kind="score_sheet"' in html  # the preview shows it


def test_the_score_sheet_is_in_the_boards_file(full_build, manifest, content):
    """The combined single-sided boards file holds it, and never a duplex file."""
    out, _ = full_build
    boards = next(r for r in manifest["printing"] if r["file"].endswith("-boards.pdf") and "print-shop" not in r["file"])
    title = string(content, "labels", "score_sheet", "zh")
    assert any(title in page_text(out / boards["file"], i) for i in range(boards["pages"]))


def test_a_train_mat_at_the_largest_composition_cap_is_built_and_tiled(tmp_path, face_cache_dir):
    """Too many seats for one page: one row of lanes, tiled, every seat's text still fitting its box."""
    folder = tmp_path / "content"
    copy_with(folder, "game.yaml", "composition_cap: 9", f"composition_cap: {MAX_LOAD}")
    out = tmp_path / "out"
    build(folder, BuildOptions(lang="en", only=("train_mat",)), out=out, cache_dir=face_cache_dir)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    pages = next(r for r in manifest["printing"] if r["file"] == "train_mat.pdf")["pages"]
    assert pages > manifest["counts"]["train_mat"]  # tiled
    text = " ".join(page_text(out / "train_mat.pdf", i) for i in range(pages))
    content = load(folder)
    assert f"N = {MAX_LOAD} ⇒ R −{content.penalty(MAX_LOAD)}" in text
