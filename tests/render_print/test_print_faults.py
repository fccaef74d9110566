"""Smaller print faults (issue 22 item 7), each read back from the built output."""

from __future__ import annotations

from tests.render_print.backs_check import back_pages, lines_near_the_trim, trim_image


def test_backs_draw_no_line_near_the_trim(full_build, manifest):
    """A duplex shift of 1-1.5 mm shows a line that runs along the cut: every distinct back, drawn
    from the print-shop file, has none within 5 mm of its trim."""
    out, _ = full_build
    shop = out / f"{manifest['game']}-print-shop-cards-63x88mm.pdf"
    pages = back_pages(shop)
    assert len(pages) == len({c["id"] for c in manifest["components"] if c["kind"] == "card_back"})
    for page in pages:
        assert lines_near_the_trim(trim_image(shop, page)) == [], page
