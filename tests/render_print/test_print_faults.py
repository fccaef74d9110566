"""Smaller print faults (issue 22 item 7), each read back from the built output."""

from __future__ import annotations

import pytest

from tests.render_print.backs_check import back_pages, lines_near_the_trim, trim_image
from tests.render_print.pdfcheck import page_text


def test_backs_draw_no_line_near_the_trim(full_build, manifest):
    """A duplex shift of 1-1.5 mm shows a line that runs along the cut: every distinct back, drawn
    from the print-shop file, has none within 5 mm of its trim."""
    out, _ = full_build
    shop = out / f"{manifest['game']}-print-shop-cards-63x88mm.pdf"
    pages = back_pages(shop)
    assert len(pages) == len({c["id"] for c in manifest["components"] if c["kind"] == "card_back"})
    for page in pages:
        assert lines_near_the_trim(trim_image(shop, page)) == [], page


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
