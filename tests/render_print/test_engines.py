"""Every PDF kind cardgen writes prints the same in PDFium, Poppler, Ghostscript and MuPDF, in zh and en.

The Chinese text font was once embedded so that Ghostscript drew every Chinese character as a crossed
box and MuPDF drew none, while PDFium and Poppler (all the other tests) drew them right. Here sample
pages of each output kind (a kind's sheets, the combined duplex file, the boards, the print-shop files,
a pack's) are drawn by all four engines: each character must look as PDFium draws it, no engine may
warn about a font, and every engine's text extraction gives back each face's own text.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardgen.games import installed_games
from cardgen.model import load
from cardgen.render.build import BuildOptions, build
from cardgen.games.rail_journey.faces.design import build_faces
from cardgen.render.faces.fit import text_runs
from cardgen.resources import DEFAULT_CONTENT

from . import engines

PACK = Path(DEFAULT_CONTENT).parent / "packs" / "onsen-line"


@pytest.fixture(scope="module")
def english(tmp_path_factory, face_cache_dir) -> Path:
    """An English Letter build of a few kinds: cards, boards, print-shop files of both."""
    out = tmp_path_factory.mktemp("en") / "rail-journey"
    build(None, BuildOptions(lang="en", paper="letter", only=("ticket", "dispatch", "station_mat", "marker")),
          out=out, cache_dir=face_cache_dir)
    return out


@pytest.fixture(scope="module")
def pack(tmp_path_factory, face_cache_dir) -> Path:
    out = tmp_path_factory.mktemp("pack") / "onsen-line"
    build(PACK, BuildOptions(), out=out, cache_dir=face_cache_dir)
    return out


def _samples(out: Path) -> list[tuple[Path, int]]:
    """The first page of every PDF the build wrote, and the first back of the duplex files."""
    pages = []
    for pdf in sorted(out.glob("*.pdf")):
        pages.append((pdf, 1))
        if pdf.name.endswith("-print.pdf"):
            pages.append((pdf, 2))
    return pages


def _check_engines(out: Path, files: tuple[str, ...] = ("print-shop-cards-63x88mm", "print"),
                   textless: tuple[str, ...] = ()) -> None:
    """``files`` must be among the build's PDFs; ``textless`` may have pages with no text (tokens of pure art)."""
    problems = []
    samples = _samples(out)
    assert {p.name for p, _ in samples} >= {f"{out.name}-{name}.pdf" for name in files}
    compared_pages = 0
    for pdf, page in samples:
        reference = engines.render(pdf, page, "pdfium")
        for engine in engines.ENGINES[1:]:
            compared, differing = engines.differing_characters(pdf, page, engines.render(pdf, page, engine), reference)
            if not compared and pdf.name in textless:
                continue
            assert compared, f"{pdf.name} page {page}: no text to compare"
            compared_pages += 1
            if len(differing) > engines.MAX_DIFFERING_CHARACTERS * compared:
                problems.append(f"{engine}: {pdf.name} page {page}: {len(differing)} of {compared} characters "
                                f"drawn unlike PDFium: {differing[:40]!r}")
    assert compared_pages and not problems, "\n".join(problems)


#: Characters that print no glyph of their own (variation selectors after an icon, zero-width marks).
_NO_GLYPH = {"\ufe0e", "\ufe0f", "\u200b", "\u200c", "\u200d"}


def _characters(text: str) -> Counter:
    return Counter(ch for ch in text if not ch.isspace() and ch not in _NO_GLYPH)


def _check_text(out: Path, content_folder: Path | None, lang: str) -> None:
    """The first page of each kind's PDF: every character of every face on it comes back from every engine's
    text extraction (a glyph mapped to the wrong character, or to none, is missing). A board tiled over
    single-sided sheets shows part of itself on each: its text is that of all its sheets."""
    import json

    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    faces = {f.id: f for f in build_faces(load(content_folder), lang=lang)}
    first_pages: dict[str, list[str]] = {}
    for component in manifest["components"]:
        if component.get("page") == 1 and component["id"] in faces:
            first_pages.setdefault(component["file"], []).append(component["id"])
    assert len(first_pages) >= 3
    sheets = {entry["file"]: entry for entry in manifest["printing"]}
    missing = []
    for name, ids in sorted(first_pages.items()):
        expected = _characters("".join(run for i in ids for run in text_runs(faces[i].html)))
        tiled = sheets[name]["sides"] == "single" and len(ids) == 1
        pages = range(1, sheets[name]["pages"] + 1) if tiled else range(1, 2)
        for engine in engines.ENGINES:
            extracted = _characters("".join(engines.text(out / name, page, engine) for page in pages))
            lost = expected - extracted
            if engine == "ghostscript":  # its text writer gives U+FFFD for a character beyond the BMP (an icon)
                beyond = sum(n for ch, n in lost.items() if ord(ch) > 0xFFFF)
                assert beyond <= extracted["\ufffd"], (name, engine, beyond)
                lost = Counter({ch: n for ch, n in lost.items() if ord(ch) <= 0xFFFF})
            if lost:
                missing.append(f"{engine}: {name}: {''.join(sorted(lost.elements()))[:60]!r}")
    assert not missing, "\n".join(missing[:20])


def test_the_chinese_set_prints_the_same_in_every_engine(full_build):
    _check_engines(full_build[0])


def test_the_english_set_prints_the_same_in_every_engine(english):
    _check_engines(english)


def test_a_pack_prints_the_same_in_every_engine(pack):
    _check_engines(pack)


@pytest.fixture(scope="module", params=["railroad-ink", "horseless-carriage"])
def other_game(request, tmp_path_factory, face_cache_dir) -> Path:
    """Another bundled game's set for two players, in Chinese: the kit prints every game alike."""
    out = tmp_path_factory.mktemp(request.param) / request.param
    build(installed_games()[request.param].content, BuildOptions(players=2), out=out, cache_dir=face_cache_dir)
    return out


def test_the_other_games_print_the_same_in_every_engine(other_game):
    tokens = (f"{other_game.name}-print-shop-cards-16x16mm.pdf",)  # Horseless Carriage's tokens: a colour, no word
    _check_engines(other_game, ("print-shop-boards", "boards", "print"), textless=tokens)


def test_every_engine_extracts_each_faces_text(full_build, english):
    _check_text(full_build[0], None, "zh")
    _check_text(english, None, "en")


def test_the_comparison_catches_a_font_readers_map_wrongly(tmp_path):
    """The check fails on the fault it guards against: the CFF font's crossed boxes and blanks."""

    sample = Path(__file__).parent / "golden" / "engines"
    pdf = sample / "cid-keyed-cff.pdf"
    reference = engines.render(pdf, 1, "pdfium")
    for engine in ("ghostscript", "mupdf"):
        try:
            drawn = engines.render(pdf, 1, engine)
        except AssertionError as warned:  # MuPDF warns about every glyph it cannot load
            assert "FT_Load_Glyph" in str(warned)
            continue
        compared, differing = engines.differing_characters(pdf, 1, drawn, reference)
        assert len(differing) > engines.MAX_DIFFERING_CHARACTERS * compared, (engine, compared, differing)
