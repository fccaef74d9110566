"""The printed text says what the engine plays and breaks where a reader expects, read back from built PDFs
(issue 22 item 5)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.model import load
from cardgen.render.faces.breaks import MEASURE_WORDS, wrap
from cardgen.games.rail_journey.faces.words import Words
from tests.render_faces.test_widows import laid_out_lines

CARD_KINDS = ("operation", "dispatch", "event")
SHOP = "rail-journey-print-shop-cards-63x88mm.pdf"


def face_texts(path: Path) -> list[str]:
    """The text of every page of ``path`` (a print-shop file: one face a page), lines as pdfium lays them out."""
    document = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in document]
    finally:
        document.close()


@pytest.fixture(scope="module")
def cards(build_subset):
    """lang -> the text of every distinct card face (operation, dispatch, event) of that edition."""
    return {lang: list(dict.fromkeys(face_texts(build_subset(only=CARD_KINDS, lang=lang) / SHOP)))
            for lang in ("zh", "en")}


def _flat(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


def _unbroken(text: str, lang: str) -> str:
    """``text`` as one line: pdfium reads a Chinese line break as a space, which the text does not have."""
    return "".join(text.split()) if lang == "zh" else _flat(text)


def _evaluate(formula: str, n: int) -> int:
    """A printed R formula ("R = 3 − ⌊N ÷ 3⌋", "R = max(0, 1 − ⌊N ÷ 3⌋)", "R = 0") for a load of ``n``."""
    m = re.fullmatch(r"R = (?:max\((\d+), )?(\d+)(?: − ⌊N ÷ (\d+)⌋)?\)?", formula)
    assert m, formula
    floor, value, divisor = m.groups()
    r = int(value) - (n // int(divisor) if divisor else 0)
    return max(int(floor), r) if floor is not None else r


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_operation_card_prints_the_r_the_engine_computes(cards, lang):
    """The wait card printed "R = 0 − ⌊N ÷ 3⌋" (a negative R at 3 places); no printed formula may disagree
    with Content.propulsion at any load up to the cap."""
    content = load()
    words = Words(content, lang)
    checked = set()
    for text in cards[lang]:
        for kind in content.operations.kinds:
            if words(kind.name) in text.splitlines():
                formula = _flat(re.search(r"R\s=\s[^·\n]*", text).group(0))
                for n in range(content.game.composition_cap + 1):
                    assert _evaluate(formula, n) == content.propulsion(kind.value, n), (kind.id, formula, n)
                checked.add(kind.id)
    assert checked == {k.id for k in content.operations.kinds}
    wait = next(t for t in cards[lang] if words(content.operations.kinds[-1].name) in t.splitlines())
    assert "R = 0" in wait.splitlines()  # no penalty printed beside a value that is the floor


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_radio_command_says_lowest_w_first_in_words(cards, lang):
    """Its formula box read "W ↑" beside the "W +1" of Fallen Leaves."""
    content = load()
    words = Words(content, lang)
    radio = [t for t in cards[lang] if words(content.event_kinds["radio_command"].name) in t.splitlines()]
    assert len(radio) == 2  # rounds 7 and 15
    for text in radio:
        assert words.label("lowest_w_first") in _flat(text)
        assert "↑" not in text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_group_booking_says_the_kept_ticket_goes_to_its_origin_platform(cards, lang):
    """It printed "放进任意站台" / "in any platform queue", which ruling R7 (the engine's default) does not play."""
    content = load()
    words = Words(content, lang)
    kind = next(k for k in content.dispatch.kinds if k.id == "group_booking")
    text = next(t for t in cards[lang] if words(kind.name) in t.splitlines())
    assert _unbroken(words.text(kind), lang) in _unbroken(text, lang)
    said = {"zh": ("其发站的候车队列", "任意站台"), "en": ("its origin station's queue", "any platform")}[lang]
    assert said[0] in _unbroken(text, "en") or said[0] in _unbroken(text, lang)
    assert said[1] not in _unbroken(text, lang)


@pytest.mark.slow
def test_no_chinese_line_splits_a_number_from_its_measure_word_or_a_negation(cards):
    """"其余 2 / 张弃掉" and "不 / 能" were printed; every line break of every zh card is checked."""
    measure = tuple(MEASURE_WORDS)
    breaks = 0
    for text in cards["zh"]:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        for before, after in zip(lines, lines[1:]):
            breaks += 1
            assert not (before[-1].isdigit() and after.startswith(measure)), (before, after)
            assert not before.endswith(("不", "最")), (before, after)
    assert breaks > 100


@pytest.mark.slow
@pytest.mark.parametrize("text, kept", [
    ("从堆顶取 3 张，选 1 张放进其发站的候车队列，其余 2 张弃掉。", ["3 张", "1 张", "2 张", "候车队列"]),
    ("本轮 T3 区间封闭（上下行都不能进）。", ["不能"]),
    ("Advance 0, but your wait value W rises by 2.", ["W rises"]),
    ("Moved fewer cells than R ⇒ W +1", ["R ⇒ W +1"]),
])
def test_wrapped_text_never_breaks_inside_what_it_keeps(text, kept):
    """Laid out at every width from 14 to 60 mm, the wrap filter's text keeps each of ``kept`` on one line;
    the bare text does not (the test can fail)."""
    widths = range(14, 60)
    terms = Words(load(), "zh").terms
    bare = [[_flat(line) for line in lines] for lines in laid_out_lines(text, widths)]
    wrapped = [[_flat(line) for line in lines] for lines in laid_out_lines(str(wrap(text, terms)), widths)]
    assert any(not any(k in line for line in lines) for k in kept for lines in bare)
    for k in kept:
        for width, lines in zip(widths, wrapped):
            assert any(k in line for line in lines), (k, width, lines)


@pytest.mark.slow
def test_a_question_mark_in_a_chinese_sentence_prints_full_width():
    """An ASCII "?" (or "!", ",", ";", ":") after a Chinese character is printed full width."""
    assert laid_out_lines(str(wrap("这一站，我该装几个人?")), range(50, 51)) == [["这一站，我该装几个人？"]]


@pytest.mark.slow
def test_no_chinese_card_prints_ascii_punctuation_in_a_sentence(cards):
    for text in cards["zh"]:
        assert not re.search(r"[\u4e00-\u9fff][?!,;:]|[?!,;:][\u4e00-\u9fff]", text), text


def _clock_cells(path: Path) -> list[tuple[str, tuple[int, int, int]]]:
    """(number, fill) of each space of the timetable's clock row, left to right: the fill sampled 1 mm
    left of the number, inside its space. The clock row is the one set in the largest type."""
    document = pdfium.PdfDocument(str(path))
    try:
        page = document[0]
        textpage = page.get_textpage()
        boxes = [(textpage.get_text_range(i, 1), textpage.get_charbox(i)) for i in range(textpage.count_chars())]
        digits = [(ch, box) for ch, box in boxes if ch.isdigit()]
        tallest = max(box[3] - box[1] for _, box in digits)
        row = sorted((box[0], ch, box) for ch, box in digits if box[3] - box[1] > 0.8 * tallest)
        numbers: list[tuple[str, tuple[float, ...]]] = []
        for _, ch, box in row:
            if numbers and box[0] - numbers[-1][1][2] < tallest / 2:  # the next digit of the same number
                numbers[-1] = (numbers[-1][0] + ch, (numbers[-1][1][0], box[1], box[2], box[3]))
            else:
                numbers.append((ch, box))
        scale = 4
        image = page.render(scale=scale).to_pil().convert("RGB")
        height = page.get_height()
        return [(n, image.getpixel((int((box[0] - 72 / 25.4) * scale), int((height - (box[1] + box[3]) / 2) * scale))))
                for n, box in numbers]
    finally:
        document.close()


@pytest.mark.slow
def test_the_timetable_end_space_is_not_filled_like_a_held_space(build_subset):
    """Space 20, where the game ends, had the fill of the spaces a clock hold repeats."""
    cells = _clock_cells(build_subset(only=("timetable_track",)) / "timetable_track.pdf")
    content = load()
    numbers = [n for n, _ in cells]
    assert numbers[0] == str(content.game.clock.start) and numbers[-1] == str(content.game.clock.end)
    held = [fill for i, (n, fill) in enumerate(cells) if i and numbers[i - 1] == n]
    plain = {fill for i, (n, fill) in enumerate(cells[1:-1], 1) if numbers[i - 1] != n}
    end = cells[-1][1]
    assert len(held) == 2 and len(set(held)) == 1 and len(plain) == 1
    assert end not in held and end not in plain, (end, held, plain)


@pytest.mark.slow
def test_no_chinese_page_prints_ascii_punctuation_in_a_sentence(full_build):
    """Every page of the default (Chinese) set, cards, boards and sheet labels alike."""
    out = full_build[0]
    for pdf in ("rail-journey-print.pdf", "rail-journey-boards.pdf"):
        for text in face_texts(out / pdf):
            assert not re.search(r"[\u4e00-\u9fff][?!,;:]|[?!,;:][\u4e00-\u9fff]", text), (pdf, text)
