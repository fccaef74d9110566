"""keep_end: a text's last line never holds its last word (or Chinese character) alone, read back from PDFs."""

from __future__ import annotations

import pypdfium2 as pdfium
import weasyprint

from cardgen.render.faces.breaks import keep_end
from cardgen.render.fonts.stack import font_face_css

ENGLISH = "Draw the top 3 tickets of a ticket pile, keep 2 and discard the other 1."
CHINESE = "翻开车票堆顶的3张车票，保留2张，其余的弃掉。"


def last_lines(html_text: str, widths_mm: range) -> list[str]:
    """The last line of the text set in a box of each width."""
    return [lines[-1] for lines in laid_out_lines(html_text, widths_mm)]


def laid_out_lines(html_text: str, widths_mm: range) -> list[list[str]]:
    """The lines of the text set in a box of each width (pdfium puts a line break between lines)."""
    boxes = "".join(f'<div style="width:{w}mm;break-after:page">{html_text}</div>' for w in widths_mm)
    html = (f"<html><head><style>{font_face_css()} @page {{ size: 80mm 60mm; margin: 2mm }}"
            " body { font-family: 'Noto Sans SC'; font-size: 8pt } .nowrap { white-space: nowrap }"
            f"</style></head><body>{boxes}</body></html>")
    document = pdfium.PdfDocument(weasyprint.HTML(string=html).write_pdf())
    try:
        lines = []
        for page in document:
            text = page.get_textpage().get_text_range()
            lines.append([line.strip() for line in text.splitlines() if line.strip()])
        return lines
    finally:
        document.close()


def test_an_english_text_never_ends_with_a_word_alone():
    widths = range(14, 60)
    bare = last_lines(ENGLISH, widths)
    kept = last_lines(str(keep_end(ENGLISH)), widths)
    assert "1." in bare  # some width leaves the last word alone without keep_end (the test can fail)
    assert all(len(line.split()) >= 2 for line in kept), kept


def test_a_chinese_text_never_ends_with_a_character_alone():
    widths = range(14, 60)
    bare = last_lines(CHINESE, widths)
    kept = last_lines(str(keep_end(CHINESE)), widths)
    assert any(len(line) <= 2 for line in bare)
    assert all(len(line) >= 4 for line in kept), kept


def _words(line: str) -> str:
    return " ".join(line.replace("\xa0", " ").split())


def test_a_rule_result_is_never_split_from_its_sign():
    """The English wait track printed "... than R ⇒" and then "W +1" alone."""
    text = "Moved fewer cells than R ⇒ W +1"
    widths = range(12, 60)
    bare = [_words(line) for line in last_lines(text, widths)]
    kept = [_words(line) for line in last_lines(str(keep_end(text)), widths)]
    assert "W +1" in bare  # some width splits the result from its sign without keep_end (the test can fail)
    assert all(line.endswith("⇒ W +1") for line in kept), kept


def test_a_long_last_pair_is_kept_too():
    """The quick reference printed "Service)." alone: "Extended Service)." is 18 characters."""
    text = "Advance the clock marker by 1 (not on Extended Service)."
    widths = range(30, 80)
    bare = [_words(line) for line in last_lines(text, widths)]
    kept = [_words(line) for line in last_lines(str(keep_end(text)), widths)]
    assert "Service)." in bare
    assert all(len(line.split()) >= 2 for line in kept), kept
