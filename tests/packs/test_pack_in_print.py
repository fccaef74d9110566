"""A pack in print (issue 22 item 6): its name on its pages and in the preview, a printed take-out page, a
mark of at least 4 mm that no card of the pack prints as an icon; read back from the built output."""

from __future__ import annotations

from cardgen.games.rail_journey.printing import design_faces

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardgen.model import load
from cardgen.model.pack import pack_info
from cardgen.render.build import BuildOptions, build
from cardgen.games.rail_journey.faces.words import Words
from cardgen.resources import DEFAULT_CONTENT

SAMPLE = Path(DEFAULT_CONTENT).parent / "packs" / "onsen-line"
#: the bundled sample packs of Rail Journey, each built and read back
SAMPLES = ("onsen-line", "harbour-festival")
MM = 72 / 25.4


@pytest.fixture(scope="module", params=[(pack, lang) for pack in SAMPLES for lang in ("zh", "en")],
                ids=lambda p: "-".join(p))
def built(request, tmp_path_factory):
    """(language, output folder, pack folder) of a pack-only build of one sample pack."""
    pack, lang = request.param
    out = tmp_path_factory.mktemp(f"pack-{lang}") / pack
    build(SAMPLE.parent / pack, BuildOptions(lang=lang), out=out, cache_dir=tmp_path_factory.mktemp("cache"))
    return lang, out, SAMPLE.parent / pack


def _pages(path: Path) -> list[str]:
    document = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def _flat(text: str) -> str:
    return "".join(text.split())


@pytest.mark.slow
def test_the_pack_name_is_on_every_sheet_and_in_the_preview(built):
    """No printed page nor the preview named the pack: its sheets read like the base game's."""
    lang, out, sample = built
    name = pack_info(sample).name(lang)
    for pdf in (f"{sample.name}-print.pdf", f"{sample.name}-boards.pdf"):
        pages = _pages(out / pdf)
        assert pages and all(_flat(name) in _flat(text) for text in pages), pdf
    preview = (out / "index.html").read_text(encoding="utf-8")
    assert f"<h1>{Words(load(sample), lang).box_name} · " in preview and name in preview.split("</h1>")[0]


@pytest.mark.slow
def test_the_take_out_list_is_a_printed_page_of_the_pack(built):
    """The list went only to the console and the manifest: it is now take_out.pdf, also in the boards file, one
    row per card or board with its copies, named as the old face's caption in the edition's language."""
    lang, out, sample = built
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    listed = manifest["take_out_of_the_box"]
    words = Words(load(sample), lang)
    page = _flat(_pages(out / "take_out.pdf")[0])
    assert _flat(words.label("take_out")) in page
    base_faces = {f.label: f for f in _base_faces(lang)}
    for row in listed:
        assert _flat(f"{row['copies']} × {base_faces[row['card']].caption}") in page, row
    assert sum(_flat(words.label("take_out")) in _flat(text) for text in _pages(out / f"{sample.name}-boards.pdf")) == 1
    assert any(f["file"] == "take_out.pdf" and f["sides"] == "single" for f in manifest["printing"])


def _base_faces(lang: str):
    from cardgen.games.rail_journey.faces.design import build_faces
    return build_faces(load(), lang=lang)


@pytest.mark.slow
def test_the_mark_prints_at_least_4_mm_and_is_no_icon_of_the_cards(built):
    """The sample's ♨ was about 3 mm (6 pt) and the same glyph as station S7's icon on the same tickets."""
    lang, out, sample = built
    mark = pack_info(sample).mark
    document = pdfium.PdfDocument(str(out / f"{sample.name}-print-shop-cards-63x88mm.pdf"))
    try:
        textpage = document[0].get_textpage()
        chars = [textpage.get_text_range(i, 1) for i in range(textpage.count_chars())]
        marks = [textpage.get_charbox(i, loose=True) for i, ch in enumerate(chars) if ch == mark]
        assert marks
        for _x0, y0, _x1, y1 in marks:
            assert y1 - y0 >= 4 * MM, (y1 - y0) / MM
    finally:
        document.close()
    content = load(sample)
    icons = [k.icon for k in (*content.map.stations, *content.operations.kinds, *content.dispatch.kinds,
                              *content.events.kinds)]
    assert mark not in {i.replace("\ufe0f", "") for i in icons}


def test_a_mark_that_a_card_prints_as_an_icon_is_refused_where_it_is_written(pack_dir):
    pack_dir.write("pack.yaml", (Path(SAMPLE) / "pack.yaml").read_text(encoding="utf-8").replace("id: onsen-line", "id: tp")
                   .replace('mark: "温"', 'mark: "🎫"'))
    assert pack_dir.headlines() == [
        "tp/pack.yaml:11:7: mark: mark '🎫' is also the icon of dispatch card group_booking, printed on the "
        "pack's cards: choose a mark no card or board prints"]


def test_a_mark_is_compared_without_its_presentation_selector(pack_dir):
    """The sample pack's first mark, ♨ (U+2668), is station S7's icon written ♨️ (with U+FE0F)."""
    for name in ("map.yaml", "tickets.yaml", "fares.yaml"):
        pack_dir.write(name, (Path(SAMPLE) / name).read_text(encoding="utf-8"))
    pack_dir.write("pack.yaml", (Path(SAMPLE) / "pack.yaml").read_text(encoding="utf-8").replace("id: onsen-line", "id: tp")
                   .replace('mark: "温"', 'mark: "♨"'))
    assert [h for h in pack_dir.headlines() if "mark" in h] == [
        "tp/pack.yaml:11:7: mark: mark '♨' is also the icon of station S7, printed on the pack's cards: "
        "choose a mark no card or board prints"]


def test_pack_new_refuses_a_mark_that_the_game_prints_as_an_icon(tmp_path):
    from typer.testing import CliRunner

    from cardgen.cli import app

    result = CliRunner().invoke(app, ["pack", "new", str(tmp_path / "p"), "--mark", "🎫"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == (
        "cardgen pack new: usage: --mark '🎫': mark '🎫' is also the icon of dispatch card group_booking, "
        "printed on the pack's cards: choose a mark no card or board prints; nothing written")
    assert not (tmp_path / "p").exists() and not any(tmp_path.iterdir())


@pytest.mark.slow
def test_a_long_take_out_list_goes_on_to_more_pages(pack_dir, tmp_path):
    """A pack that removes many cards still builds: its list is cut into pages that each fit."""
    from cardgen.games.rail_journey.faces.boards import TAKE_OUT_ROWS

    renamed = {"operations": ("local", "rapid", "express", "limited_express", "wait"),  # 5 cards each
               "events": ("fine_weather", "rainstorm", "festival")}  # 3 rounds each
    for stem, ids in renamed.items():
        pack_dir.write(f"{stem}.yaml", "kinds:\n  change:\n" + "".join(
            f"    - {{id: {k}, name: {{en: {k} II}}}}\n" for k in ids))
    out = tmp_path / "out"
    report = build(pack_dir.root, BuildOptions(lang="en", only=("take_out",)), out=out, cache_dir=tmp_path / "cache")
    rows = len(report.take_out)
    assert rows > TAKE_OUT_ROWS
    pages = _pages(out / "take_out.pdf")
    assert len(pages) == -(-rows // TAKE_OUT_ROWS)
    assert sum(_flat(text).count("×") for text in pages) == rows


def test_a_build_of_some_kinds_takes_out_only_what_it_replaces():
    """`--only dispatch` prints no new track map: the old one stays in the box; cards the pack removes go."""
    content = load("onsen-line")
    _, _, everything = design_faces(content, BuildOptions(lang="en"))
    _, _, dispatch_only = design_faces(content, BuildOptions(lang="en", only=("dispatch",)))
    assert any(label == "track map" for label, _, _ in everything)
    assert [why for _, _, why in dispatch_only] == ["removed"] * 5   # the Wait card, in each of five colours
