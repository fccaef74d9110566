"""Horseless Carriage's printables through the component kit: every kind, print counts from the rules, and
faces that lay out in both languages."""

from __future__ import annotations

import io
from collections import Counter

import pikepdf
import pytest

from cardgen.errors import UsageError
from cardgen.games.horseless_carriage.faces import TEMPLATES, faces
from cardgen.games.horseless_carriage.model import CONTENT
from cardgen.render.faces import fit
from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.fonts import instances as font_instances
from cardgen.render.fonts import stack as fonts
from cardgen.problems import format_problems
from cardgen.resources import TEMPLATES_DIR


def copies(printed) -> Counter:
    return Counter({f.id: f.copies for f in printed})


@pytest.mark.parametrize("players", [2, 4])
def test_print_counts_follow_the_rules_and_the_player_count(content, players):
    printed = faces(content, lang="en", players=players, bleed_mm=3)
    kinds = Counter(f.kind for f in printed)
    assert kinds == {"demand_card": 85, "token": 22 + players, "factory_tile": 24, "indicator": 20,
                     "neutral_card": 20, "factory_floor": 7, "research_track": 5, "window": 3, "market_board": 1,
                     "planning_board": 1, "player_aid": 1, "demand_back": 1, "neutral_back": 1}
    n = copies(printed)
    assert (n["factory_floor-main"], n["factory_floor-e4"]) == (players, players)
    assert (n["factory_tile-dealership"], n["factory_tile-marketing"]) == (3 * players, 4 * players)
    assert (n["factory_tile-mainline-truck"], n["factory_tile-research"], n["factory_tile-station-engine"]) == (8, 10, 6)
    assert (n["indicator-speed-A"], n["window-large"], n["token-brand-1"], n["token-buyer-sedan"]) == (4, 3 * players,
                                                                                                      10, 70)
    assert n["demand_back"] == 85 and n["neutral_back"] == 20 and n["player_aid"] == players


def test_bad_build_options_are_refused(content):
    with pytest.raises(UsageError, match=r"^--players must be between 2 and 4 \(game.yaml players\), not 5$"):
        faces(content, lang="en", players=5, bleed_mm=3)
    with pytest.raises(UsageError, match=r"^--lang must be one of zh, en, not 'fr'$"):
        faces(content, lang="fr", players=3, bleed_mm=3)


def test_the_boards_and_a_card_lay_out_in_both_languages(content, tmp_path):
    printed = font_instances.print_fonts(fonts.font_faces(), tmp_path / "fonts")
    renderer = FaceRenderer(roots=[CONTENT, TEMPLATES, TEMPLATES_DIR], fonts=list(printed.values()),
                            substitutes={f.url: u for f, u in printed.items() if f.path != u},
                            check_layout=fit.check_layout, check_glyphs=fit.check_glyphs)
    for lang, title in (("en", b"Market board"), ("zh", None)):
        shown = {f.id: f for f in faces(content, lang=lang, players=3, bleed_mm=3)}
        for face_id in ("market_board", "planning_board", "demand_card-benz-01", "token-spark-truck",
                        "factory_tile-station-transmission", "research_track-speed"):  # their longest names
            pdf = renderer.render(shown[face_id])
            assert len(pikepdf.open(io.BytesIO(pdf)).pages) == 1
        if title:
            assert title in _text(renderer.render(shown["market_board"]))


def _text(pdf: bytes) -> bytes:
    import subprocess

    return subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout


def test_validation_checks_the_printables_located(copy):
    from cardgen.errors import ContentError
    from cardgen.games.horseless_carriage.model import load_content
    from tests.content_copy import edit

    line = edit(copy / "factory.yaml", '{id: e5, rows: ["#####"]}', '{id: e5, rows: ["#######"]}')
    kind = edit(copy / "components.yaml", "    template: token.html.j2", "    template: tokens.html.j2")
    edit(copy / "components.yaml", "    label: kind.player_aid", "    label: kind.aid")
    with pytest.raises(ContentError) as caught:
        load_content(copy)
    assert [p.headline() for p in caught.value.problems] == [
        f"factory.yaml:{line}:22: floors.extensions.4.rows: the floor e5 needs 98 x 14 mm at the declared scale, "
        "its face is 85 x 71 mm"]
    edit(copy / "factory.yaml", '{id: e5, rows: ["#######"]}', '{id: e5, rows: ["#####"]}')
    with pytest.raises(ContentError) as caught:
        load_content(copy)
    assert [p.headline() for p in caught.value.problems][0] == (
        f"components.yaml:{kind}:15: components.7.template: no template 'tokens.html.j2' in the game's templates "
        "folder")
    assert len(caught.value.problems) == 2
    shown = format_problems(caught.value.problems, caught.value.sources).splitlines()
    assert shown[1:3] == ["        template: tokens.html.j2", "                  ^"]  # its line and caret, as validate shows
    edit(copy / "components.yaml", "    size: square\n", "    size: token\n", once=False)  # the tiles drawn
    edit(copy / "components.yaml", "  square: {width: 14, height: 14}\n", "")               # at no declared scale
    with pytest.raises(ContentError) as caught:
        load_content(copy)
    assert [p.headline() for p in caught.value.problems] == [
        "components.yaml:7:3: sizes: no size 'square' (the drawings' scale is read from it)"]


def test_the_edition_hands_the_kit_faces_words_and_a_preview(content):
    from cardgen.games.horseless_carriage.printing import PRINTED
    from cardgen.render.build import BuildOptions

    options = BuildOptions(lang="zh", players=3)
    edition = PRINTED.open(CONTENT, options)
    assert edition.name == "horseless-carriage" and edition.folders == [CONTENT]
    designed = edition.design(options)
    assert len(designed.faces) == 194
    name, sheet, kinds = edition.words("zh")
    assert (name, sheet.front, kinds["market_board"], kinds["demand_card"]) == ("无马之车", "正面", "市场版图", "需求卡")
    html = edition.preview(designed.faces[:3], lang="en", files=[], quantities=[])
    assert "Horseless Carriage · Print preview" in html and "Boards" in html
    with pytest.raises(UsageError, match=r"^--players 5: game.yaml players is 2 to 4$"):
        PRINTED.open(CONTENT, BuildOptions(players=5))
    with pytest.raises(UsageError, match=r"^--variant is not for horseless-carriage \(it has no variants\)$"):
        PRINTED.open(CONTENT, BuildOptions(players=3, variant="x"))
