"""Sheet geometry: a grid from the card size, centred, backs mirrored per duplex mode, fold pairs, tiles, packing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import BuildError
from cardgen.render.sheets.layout import (
    PAPERS_MM,
    TILE_OVERLAP_MM,
    Grid,
    back_slot,
    board_room,
    board_tiles,
    card_grid,
    card_slots,
    fold_slots,
    pack_boards,
    pack_gap,
)


@pytest.mark.parametrize("paper", sorted(PAPERS_MM))
def test_nine_cards_centred_and_butted(paper, content):
    w, h = content.game.card_size_mm.width, content.game.card_size_mm.height
    pw, ph = PAPERS_MM[paper]
    slots = card_slots((pw, ph), w, h, 3.0)
    assert card_grid((pw, ph), w, h, 3.0) == Grid(3, 3) and len(slots) == 9
    left, right = min(s.x for s in slots), max(s.right for s in slots)
    bottom, top = min(s.y for s in slots), max(s.top for s in slots)
    assert left == pytest.approx(pw - right) and bottom == pytest.approx(ph - top)  # centred
    assert right - left == pytest.approx(3 * w) and top - bottom == pytest.approx(3 * h)  # butted, no overlap
    assert all(s.w == w and s.h == h for s in slots)


@pytest.mark.parametrize("paper, size, grid", [
    ("a4", (63, 88), Grid(3, 3)),
    ("letter", (63, 88), Grid(3, 3)),
    ("a4", (70, 120), Grid(2, 2)),  # tarot-like cards
    ("letter", (70, 120), Grid(2, 2)),
    ("a4", (44, 68), Grid(4, 4)),  # mini cards
    ("a4", (180, 250), Grid(1, 1)),
])
def test_the_grid_is_as_many_cards_as_fit(paper, size, grid):
    assert card_grid(PAPERS_MM[paper], *size, 3.0) == grid
    slots = card_slots(PAPERS_MM[paper], *size, 3.0)
    assert len(slots) == grid.slots
    pw, ph = PAPERS_MM[paper]
    assert all(0 < s.x and s.right < pw and 0 < s.y and s.top < ph for s in slots)


def test_cards_too_big_for_the_paper_are_refused():
    with pytest.raises(BuildError, match="does not fit"):
        card_slots(PAPERS_MM["a4"], 200, 100, 3.0)


@pytest.mark.parametrize("grid", [Grid(3, 3), Grid(2, 2), Grid(4, 3)])
def test_long_edge_mirrors_columns_and_short_edge_mirrors_rows(grid):
    for slot in range(grid.slots):
        row, col = divmod(slot, grid.columns)
        assert divmod(back_slot(slot, "long", grid), grid.columns) == (row, grid.columns - 1 - col)
        assert divmod(back_slot(slot, "short", grid), grid.columns) == (grid.rows - 1 - row, col)
        assert back_slot(back_slot(slot, "long", grid), "long", grid) == slot


def test_fold_backs_sit_directly_below_their_fronts(content):
    w, h = content.game.card_size_mm.width, content.game.card_size_mm.height
    fronts, backs, fold_y = fold_slots(PAPERS_MM["a4"], w, h, 3.0)
    assert len(fronts) == len(backs) >= 1
    for front, back in zip(fronts, backs):
        assert front.x == back.x and front.y == pytest.approx(fold_y) and back.top == pytest.approx(fold_y)


@settings(max_examples=60, deadline=None)
@given(w=st.floats(20, 900), h=st.floats(20, 900), paper=st.sampled_from(sorted(PAPERS_MM)))
def test_tiles_cover_the_board_with_overlap(w, h, paper):
    tiles = board_tiles(PAPERS_MM[paper], w, h, 3.0)
    page_w, page_h = tiles[0].page
    for tile in tiles:
        assert tile.at.w == pytest.approx(tile.region.w) and tile.at.h == pytest.approx(tile.region.h)
        assert 0 <= tile.at.x and tile.at.right <= page_w + 1e-6 and 0 <= tile.at.y and tile.at.top <= page_h + 1e-6
    if len(tiles) == 1:
        return
    xs = sorted({(t.region.x, t.region.right) for t in tiles})
    ys = sorted({(t.region.y, t.region.top) for t in tiles})
    for spans, length in ((xs, w), (ys, h)):
        assert spans[0][0] == pytest.approx(0) and spans[-1][1] == pytest.approx(length)
        for (_a0, a1), (b0, _b1) in zip(spans, spans[1:]):
            assert a1 - b0 >= TILE_OVERLAP_MM - 1e-6  # neighbours overlap enough to glue and align


def test_a_board_of_the_shared_room_is_one_page_and_a_long_map_is_tiled():
    room = board_room(3)
    for paper in PAPERS_MM.values():
        assert len(board_tiles(paper, *room, 3)) == 1
        assert len(board_tiles(paper, room[1], room[0], 3)) == 1
    assert len(board_tiles(PAPERS_MM["a4"], 210, 297, 3)) > 1  # a whole A4 leaves no room for crop marks
    tiles = board_tiles(PAPERS_MM["a4"], 415, 150, 3)
    assert len(tiles) == 2 and tiles[0].page == (297.0, 210.0)


def test_packed_boards_do_not_overlap_and_keep_room_for_marks():
    sizes = [(30.0, 90.0)] * 5 + [(184.0, 34.0)] * 2
    page, pages = pack_boards(PAPERS_MM["a4"], sizes, 3.0)
    assert sorted(i for entries in pages for i, _ in entries) == list(range(len(sizes)))
    assert len(pages) < len(sizes)  # packing saves paper
    gap = pack_gap(3.0)
    for entries in pages:
        placed = [r for _, r in entries]
        for i, a in enumerate(placed):
            assert 0 <= a.x and a.right <= page[0] and 0 <= a.y and a.top <= page[1]
            for b in placed[i + 1 :]:
                apart = a.right + gap <= b.x + 1e-6 or b.right + gap <= a.x + 1e-6 or \
                    a.top + gap <= b.y + 1e-6 or b.top + gap <= a.y + 1e-6
                assert apart
