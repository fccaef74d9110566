"""Railroad Ink's printables: every kind components.yaml declares, in zh and en, laid out without overflow, with
die nets and sticker sheets of the size the dice need, and every picture drawn from the content."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pikepdf
import pytest

from cardgen.errors import BuildError, ContentError, UsageError
from cardgen.games.railroad_ink.faces import TEMPLATES, faces
from cardgen.games.railroad_ink.model import CONTENT, load_content
from cardgen.render.components.geometry import die_net
from cardgen.render.components.schema import load_components
from cardgen.render.faces import fit
from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.fonts import instances as font_instances
from cardgen.render.fonts import stack as fonts
from cardgen.problems import format_problems
from cardgen.resources import TEMPLATES_DIR

from tests.render_print import pdfx_check

from .conftest import edit

#: The die and sticker sizes components.yaml declares (the test reads them rather than trusting the build).
DECLARED = {c.id: c for c in load_components(CONTENT).components}  # type: ignore[union-attr]


def _ids(content, lang: str = "en", players: int = 3) -> dict[str, tuple[int, str]]:
    return {f.id: (f.copies, f.caption) for f in faces(content, lang=lang, players=players, bleed_mm=3)}


def test_every_printable_is_made_for_each_player_die_and_expansion(content):
    made = _ids(content)
    dice = [*content.dice.dice, *content.expansions.river.dice, *content.expansions.lake.dice,
            *content.expansions.lava.dice]
    meteor = content.expansions.meteor
    assert made == {
        "board": (3, "Player board"),
        **{f"expansion_board-{e}": (3, f"Expansion board · {getattr(content.expansions, e).name.en}")
           for e in ("river", "lake", "lava", "meteor")},
        **{f"die_net-{d.id}": (d.count, f"Die net · {d.name.en}") for d in dice},
        f"die_net-{meteor.distance.id}": (1, f"Die net · {meteor.distance.name.en}"),
        f"die_net-{meteor.direction.id}": (1, f"Die net · {meteor.direction.name.en}"),
        "stickers-base": (1, "Dice stickers · Base game"),
        **{f"stickers-{e}": (1, f"Dice stickers · {getattr(content.expansions, e).name.en}")
           for e in ("river", "lake", "lava", "meteor")},
        "quick_reference": (1, "Quick reference"),
    }
    assert _ids(content, "zh", 1)["board"] == (1, "玩家图板")
    assert _ids(content, "zh")["die_net-route"] == (3, "骰子展开图 · 路线骰")


def _renderer(folder: Path, tmp_path: Path) -> FaceRenderer:
    """The kit's renderer with the print fonts, reading only the content and the templates, checking every box."""
    printed = font_instances.print_fonts(fonts.font_faces(), tmp_path / "fonts")
    return FaceRenderer(roots=[folder, TEMPLATES, TEMPLATES_DIR], fonts=list(printed.values()),
                        substitutes={f.url: u for f, u in printed.items() if f.path != u},
                        check_layout=fit.check_layout, check_glyphs=fit.check_glyphs)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_face_lays_out_without_overflow_or_missing_glyph(content, lang, tmp_path):
    made = faces(content, lang=lang, players=2, bleed_mm=3)
    renderer = _renderer(CONTENT, tmp_path)
    pdfs = renderer.render_batch(made)  # raises BuildError naming any overflow, clipped text or missing glyph
    assert len(pdfs) == len(made) == 18


def test_the_overflow_check_sees_a_board_whose_words_do_not_fit(folder, tmp_path):
    edit(folder, "strings.yaml", "total: {zh: 总分, en: Total}",
         "total: {zh: 总分, en: The grand total of every row of the score row added together}")
    board = next(f for f in faces(load_content(folder), lang="en", players=1, bleed_mm=3) if f.id == "board")
    with pytest.raises(BuildError) as caught:
        _renderer(folder, tmp_path).render(board)
    assert str(caught.value).startswith("Player board (board): Player board: text overflows its box 'total' by ")


def test_a_die_net_is_six_faces_of_the_die_with_seven_glue_tabs(content):
    die = DECLARED["die_net"].die
    net = die_net(die.edge_mm, die.tab_mm)
    assert die.edge_mm == 16 and net.size == (4 * 16 + die.tab_mm, 3 * 16)
    assert [sq.side for sq in net.squares] == [16] * 6 and sorted(sq.index for sq in net.squares) == list(range(6))
    # the six faces touch edge to edge in a cross: five shared edges, and one tab on each of the seven pairs
    # of outer edges that meet when it is folded
    shared = [f for f in net.folds if f not in [(t.points[0] + t.points[1]) for t in net.tabs]]
    assert len(shared) == 5 and len(net.tabs) == 7 and len(net.folds) == 12
    for tab in net.tabs:
        (x1, y1), (x2, y2) = tab.points[0], tab.points[1]
        assert abs(x2 - x1) + abs(y2 - y1) == 16  # based on a whole edge of a face
        assert all(0 <= x <= net.size[0] and 0 <= y <= net.size[1] for x, y in tab.points)  # inside the trim
        assert not any(sq.x < (x1 + x2) / 2 < sq.x + 16 and sq.y < (y1 + y2) / 2 < sq.y + 16 for sq in net.squares)
    face = next(f for f in faces(content, lang="en", players=1, bleed_mm=3) if f.id == "die_net-route")
    assert (face.width_mm, face.height_mm) == net.size
    assert len(re.findall(r'<polygon points="[^"]+" fill="#e4e1da"', face.body)) == 7
    assert len(re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="16(?:\.0)?" height="16(?:\.0)?" fill="none" stroke="#22262b"',
                          face.body)) == 6


def test_a_sticker_is_the_die_face_less_the_tolerance(content):
    die = DECLARED["stickers"].die
    side = die.edge_mm - die.tolerance_mm
    assert side == 15
    made = {f.id: f for f in faces(content, lang="zh", players=1, bleed_mm=3)}
    base = sum(6 * d.count for d in content.dice.dice)
    for sheet, count in [("stickers-base", base), ("stickers-river", 12), ("stickers-meteor", 12)]:
        frames = re.findall(rf'<rect x="0" y="0" width="{side:g}" height="{side:g}" fill="none"', made[sheet].body)
        assert len(frames) == count, sheet
    assert base == 24


def test_pictures_come_from_the_content(folder, content):
    """A die face changed in dice.yaml is printed changed on its net, its stickers and the quick reference."""
    edit(folder, "dice.yaml", "edges: {n: road, e: none, s: road, w: none}", "edges: {n: rail, e: none, s: rail, w: none}")
    before = {f.id: f.body for f in faces(content, lang="en", players=1, bleed_mm=3)}
    after = {f.id: f.body for f in faces(load_content(folder), lang="en", players=1, bleed_mm=3)}
    changed = sorted(i for i in before if before[i] != after[i])
    assert changed == ["die_net-route", "quick_reference", "stickers-base"]


def test_expansion_boards_print_their_rounds_start_and_scoring_row(content):
    made = {f.id: f.body for f in faces(content, lang="en", players=1, bleed_mm=3)}
    rounds = lambda body: len(re.findall(r'data-box="round"', body))  # noqa: E731
    assert rounds(made["board"]) == content.game.rounds == 7
    assert rounds(made["expansion_board-river"]) == content.expansions.river.rounds == 6
    lava = content.expansions.lava.scoring
    assert f"−{-lava.points_per_open_edge} · +{lava.closed_lake} · ×{lava.points_per_cell}" in made["expansion_board-lava"]
    assert made["board"].count('data-box="row"') == 5 and made["expansion_board-lava"].count('data-box="row"') == 6
    assert made["expansion_board-lava"].count('fill="#e4622a"') > made["board"].count('fill="#e4622a"')


@pytest.mark.parametrize(("options", "message"), [
    ({"lang": "fr", "players": 2, "bleed_mm": 3}, "--lang must be one of zh, en, not 'fr'"),
    ({"lang": "en", "players": 13, "bleed_mm": 3}, "--players must be between 1 and 12 (game.yaml players), not 13"),
    ({"lang": "en", "players": 2, "bleed_mm": 11}, "bleed must be between 0 and 10 mm, not 11"),
])
def test_options_the_content_cannot_honour_are_refused(content, options, message):
    with pytest.raises(UsageError) as caught:
        faces(content, **options)
    assert str(caught.value) == message


def test_a_mistake_in_components_yaml_is_located_by_validation(folder):
    edit(folder, "components.yaml", "copies: {each: dice_sets}", "copies: {each: dice_set}")
    edit(folder, "components.yaml", "template: die_net.html.j2", "template: die_nett.html.j2")
    with pytest.raises(ContentError) as caught:
        load_content(folder)  # what cardgen validate runs: a build would refuse the same, before it renders
    assert [p.headline() for p in caught.value.problems] == [
        "components.yaml:24:15: components.2.template: no template 'die_nett.html.j2' in the game's templates "
        "folder",
        "components.yaml:35:20: components.3.copies.each: the game has no collection 'dice_set'; "
        "did you mean 'dice_sets'? (it has: dice, dice_sets, expansions)"]
    shown = format_problems(caught.value.problems, caught.value.sources).splitlines()
    assert shown[1:3] == ["        template: die_nett.html.j2", "                  ^"]  # its line and caret, as validate shows


def test_templates_are_the_games_own(content):
    names = sorted(p.name for p in Path(TEMPLATES).iterdir())
    assert sorted({c.template for c in DECLARED.values()}) == [n for n in names if n != "ri.css.j2"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_print_kit_builds_the_set_one_board_a_page(paper, tmp_path):
    """Through the kit's whole pipeline (the folder's game, imposition, crop marks, print-shop files, preview):
    a pad of one board a page for each player, on A4 and on Letter alike."""
    from cardgen.render import build

    options = build.BuildOptions(lang="zh", players=3, paper=paper)
    report = build.build(CONTENT, options, out=tmp_path / "out", cache_dir=tmp_path / "cache")
    pdfs = sorted(f for f in report.files if f.endswith(".pdf"))
    assert pdfs == ["board.pdf", "die_net.pdf", "expansion_board.pdf", "quick_reference.pdf",
                    "railroad-ink-boards.pdf", "railroad-ink-print-shop-boards.pdf",
                    "railroad-ink-print-shop-cards-69x48mm.pdf", "railroad-ink-print.pdf", "stickers.pdf"]
    pages = {name: len(pikepdf.open(tmp_path / "out" / name).pages) for name in pdfs}
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    assert {row["sides"] for row in manifest["printing"]} == {"single"}  # nothing has a back: no page is duplex
    assert pages["board.pdf"] == 3 and pages["expansion_board.pdf"] == 4 * 3 and pages["stickers.pdf"] == 5
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert [m for m in re.findall(r'<section class="group" data-kind="([^"]+)"', html)] == [
        "boards", "die_net", "stickers", "quick_reference"]
    assert "<h1>墨水铁路 · 打印预览</h1>" in html
    shop = [name for name in pdfs if "print-shop" in name]
    assert shop and {name: pdfx_check.problems(tmp_path / "out" / name) for name in shop} == {n: [] for n in shop}
    again = build.build(CONTENT, options, out=tmp_path / "again", cache_dir=tmp_path / "cache2")  # cold again
    assert again.files == report.files
    assert all((tmp_path / "out" / f).read_bytes() == (tmp_path / "again" / f).read_bytes() for f in report.files)


def test_build_options_of_another_game_are_refused():
    from cardgen.games.railroad_ink.printing import PRINTED
    from cardgen.render.build import BuildOptions

    with pytest.raises(UsageError) as caught:
        PRINTED.open(CONTENT, BuildOptions(variant="freight"))
    assert str(caught.value) == "--variant is not for railroad-ink (every expansion is printed with the base game)"
    with pytest.raises(UsageError) as caught:
        PRINTED.open(CONTENT, BuildOptions(players=0))
    assert str(caught.value) == "--players 0: game.yaml players is 1 to 12"


def test_words_are_printed_as_text_not_markup(folder):
    edit(folder, "strings.yaml", "player_board: {zh: 玩家图板, en: Player board}",
         'player_board: {zh: 玩家图板, en: "<script>alert(1)</script>"}')
    board = next(f for f in faces(load_content(folder), lang="en", players=1, bleed_mm=3) if f.id == "board")
    assert "<script>" not in board.html and "&lt;script&gt;alert(1)&lt;/script&gt;" in board.html


def test_a_board_holds_as_many_rounds_and_special_routes_as_the_content_has(folder, tmp_path):
    edit(folder, "game.yaml", "rounds: 7", "rounds: 20")
    extra = "".join(f"  - id: road-cross-{n}\n    name: {{zh: 十字公路, en: Road crossroads}}\n"
                    f"    edges: {{n: road, e: road, s: road, w: road}}\n    joins: [[n, e, s, w]]\n" for n in range(6))
    (folder / "specials.yaml").write_text((folder / "specials.yaml").read_text(encoding="utf-8") + extra,
                                          encoding="utf-8")
    content = load_content(folder)
    board = next(f for f in faces(content, lang="zh", players=1, bleed_mm=3) if f.id == "board")
    width = board.width_mm - 2 * 3.5
    boxes = [float(x) + float(w) for x, w in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="9"',
                                                       board.body)]
    assert len(boxes) == 20 and max(boxes) <= width
    tiles = re.findall(r'<g transform="translate\(([\d.]+) [\d.]+\)"><path', board.body)
    assert len(content.specials.specials) == 12 and max(map(float, tiles)) < width
    _renderer(folder, tmp_path).render(board)  # every round number and label still fits its box
