"""The component kit: components.yaml read with located errors, and a kind added by a template plus YAML."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pikepdf
import pytest

from cardgen.errors import ContentError
from cardgen.games.rail_journey.printing import preview_page, sheet_words
from cardgen.model.load import load
from cardgen.render.components.declared import GameContext, component_faces, preview_kinds
from cardgen.render.components.geometry import die_net
from cardgen.render.components.schema import load_components
from cardgen.render.components.words import LabelWords
from cardgen.render.faces import fit
from cardgen.games.rail_journey.faces.design import build_faces
from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.fonts import instances as font_instances
from cardgen.render.fonts import stack as fonts
from cardgen.render.preview import render_preview
from cardgen.resources import DEFAULT_CONTENT, TEMPLATES_DIR

#: A score pad for Rail Journey, declared in YAML only: one sheet per player, a row per round of the game.
SCORE_PAD_YAML = """\
components:
  - id: score_pad
    label: score_sheet
    template: score_pad.html.j2
    size: page
    layout: sheet
    copies: {per_player: 1}
"""
#: The smallest declaration: one sheet a player, drawn by the template ``t.html.j2`` (:func:`_template`).
PAD_YAML = """\
components:
  - id: pad
    label: {zh: 纸, en: Pad}
    template: t.html.j2
    size: page
    layout: sheet
    copies: {per_player: 1}
"""
SCORE_PAD_TEMPLATE = """\
<div class="face board" style="{{ g.root_style }}">
  <div class="safe" style="{{ g.safe_style }}">
    <h1 class="fit" data-box="title" style="height:12mm;margin:0;font-size:14pt">
      {{- w.label("score_sheet") }} · {{ w(content.game.name) }}</h1>
    <table>{% for n in range(1, players + 1) %}<tr><td>{{ n }}</td><td></td></tr>{% endfor %}</table>
  </div>
</div>
"""


def _headlines(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_components(folder)
    return [p.headline() for p in caught.value.problems]


def _template(folder: Path, inside: str = "") -> None:
    """A game's template ``t.html.j2`` in ``folder``: a face printing ``inside``."""
    (folder / "t.html.j2").write_text(f'<div style="{{{{ g.root_style }}}}">{inside}</div>', encoding="utf-8")


def _write(folder: Path, text: str) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "components.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_folder_without_components_yaml_declares_nothing(tmp_path):
    assert load_components(tmp_path) is None


def test_schema_errors_are_located_and_said_plainly(tmp_path):
    folder = _write(tmp_path / "c", """\
components:
  - id: pad
    label: {zh: 计分纸}
    template: ../pad.html.j2
    size: {width: 2, height: 100}
    layout: shet
    copies: {fixed: 1, per_player: 2}
    colour: red
  - id: pad2
    label: 3
    template: pad.html.j2
    size: page
    layout: sheet
    copies: {fixed: 501}
""")
    assert _headlines(folder) == [
        "components.yaml:3:12: components.0.label.en: missing required key 'en'",
        "components.yaml:4:15: components.0.template: expected a template's file name (name.html.j2, no folder), "
        "got text '../pad.html.j2'",
        "components.yaml:5:19: components.0.size.width: must be at least 5, got the number 2",
        "components.yaml:6:13: components.0.layout: expected 'card', 'board', 'tile', 'sheet' or 'die_net', "
        "got text 'shet'",
        "components.yaml:7:13: components.0.copies: say fixed or per_player, not both",
        "components.yaml:8:5: components.0.colour: unknown key 'colour'; known: id, label, template, size, layout, "
        "back, copies, group, die",
        "components.yaml:10:12: components.1.label: expected {zh, en} or the id of a string, got the number 3",
        "components.yaml:14:21: components.1.copies.fixed: must be at most 500, got the number 501",
    ]


def test_what_the_declarations_name_is_checked_located(tmp_path):
    folder = _write(tmp_path / "c", """\
components:
  - id: pad
    label: pad
    template: pad.html.j2
    size: a4
    layout: sheet
  - id: pad
    label: pad
    template: pad.html.j2
    layout: board
    back: pda
    copies: {per_player: 1}
  - id: net
    label: net
    template: net.html.j2
    layout: die_net
    back: back
    copies: {fixed: 1}
  - id: back
    label: back
    template: back.html.j2
    size: {width: 63, height: 88}
    layout: card
    copies: {each: dice}
""")
    assert _headlines(folder) == [
        "components.yaml:2:5: components.0: missing required key 'copies' (only a back's copies follow from "
        "its fronts)",
        "components.yaml:5:11: components.0.size: no size named 'a4' (sizes: page, page_landscape)",
        "components.yaml:7:5: components.1: missing required key 'size' (only a die_net's size follows from its die)",
        "components.yaml:7:9: components.1.id: component id 'pad' is declared twice (first at line 2)",
        "components.yaml:11:11: components.1.back: back names no component: 'pda'; did you mean 'pad'?",
        "components.yaml:13:5: components.2: missing required key 'die' (a die_net folds into a die of that edge)",
        "components.yaml:24:20: components.3.copies.each: a back is one face: it cannot be printed for each item",
    ]


def test_what_the_game_lacks_is_located(tmp_path):
    folder = _write(tmp_path / "c", """\
components:
  - id: pad
    label: pads
    template: pad.html.j2
    size: page
    layout: sheet
    copies: {each: dicee}
""")
    context = GameContext(strings={"pad": {"zh": "纸", "en": "pad"}}, collections={"dice": []})
    with pytest.raises(ContentError) as caught:
        component_faces(folder, context, templates=tmp_path, lang="en", players=2, bleed_mm=3)
    assert [p.headline() for p in caught.value.problems] == [
        "components.yaml:3:12: components.0.label: no string 'pads' in the game's strings; did you mean 'pad'?",
        "components.yaml:4:15: components.0.template: no template 'pad.html.j2' in the game's templates folder",
        "components.yaml:7:20: components.0.copies.each: the game has no collection 'dicee'; did you mean 'dice'? "
        "(it has: dice)",
    ]


def test_copies_fronts_backs_and_items_follow_the_declarations(tmp_path):
    folder = _write(tmp_path / "c", """\
sizes:
  mini: {width: 41, height: 63}
components:
  - id: token
    label: {zh: 标记, en: Token}
    template: t.html.j2
    size: mini
    layout: tile
    back: token_back
    copies: {each: dice}
  - id: sheet
    label: sheet
    template: t.html.j2
    size: page_landscape
    layout: sheet
    group: token
    copies: {per_player: 2}
  - id: token_back
    label: {zh: 背面, en: Back}
    template: t.html.j2
    size: mini
    layout: tile
  - id: net
    label: sheet
    template: t.html.j2
    layout: die_net
    die: {edge_mm: 16, tab_mm: 5}
    copies: {fixed: 1}
""")
    _template(tmp_path, '{{ component.id }}')
    dice = [{"id": "route", "name": {"zh": "路线骰", "en": "Route die"}, "copies": 3}, {"id": "junction"}]
    context = GameContext(strings={"sheet": {"zh": "纸", "en": "Sheet"}}, collections={"dice": dice})
    faces = component_faces(folder, context, templates=tmp_path, lang="zh", players=4, bleed_mm=3)
    assert [(f.id, f.kind, f.copies, f.back, f.layout, f.caption) for f in faces] == [
        ("token-route", "token", 3, "token_back", "card", "标记 · 路线骰"),
        ("token-junction", "token", 1, "token_back", "card", "标记 · junction"),
        ("sheet", "sheet", 8, None, "sheet", "纸"),
        ("net", "net", 1, None, "card", "纸"),
        ("token_back", "token_back", 4, None, "card", "背面"),
    ]
    assert (faces[0].width_mm, faces[0].height_mm) == (41, 63)
    assert (faces[3].width_mm, faces[3].height_mm) == die_net(16, 5).size == (69, 48)
    assert faces[2].width_mm > faces[2].height_mm  # page_landscape


def _score_pad_game(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of Rail Journey's content with a score pad declared, and its templates folder with the pad's template."""
    content = tmp_path / "rail-journey"
    shutil.copytree(DEFAULT_CONTENT, content)
    (content / "components.yaml").write_text(SCORE_PAD_YAML, encoding="utf-8")
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "score_pad.html.j2").write_text(SCORE_PAD_TEMPLATE, encoding="utf-8")
    return content, templates


def test_a_kind_added_by_a_template_and_yaml_is_printed(tmp_path):
    folder, templates = _score_pad_game(tmp_path)
    content = load(folder)
    plain = build_faces(load(DEFAULT_CONTENT), lang="en", players=3)
    faces = build_faces(content, lang="en", players=3, templates=templates)
    assert [f.html for f in faces[:len(plain)]] == [f.html for f in plain]  # the six families are untouched
    pad = faces[-1]
    assert (pad.id, pad.kind, pad.copies, pad.layout, pad.caption) == ("score_pad", "score_pad", 3, "sheet",
                                                                       "Score sheet")
    printed = font_instances.print_fonts(fonts.font_faces(), tmp_path / "fonts")
    renderer = FaceRenderer(roots=[folder, templates, TEMPLATES_DIR], fonts=list(printed.values()),
                            substitutes={f.url: u for f, u in printed.items() if f.path != u},
                            check_layout=fit.check_layout, check_glyphs=fit.check_glyphs)
    pdf = pikepdf.open(io.BytesIO(renderer.render(pad)))
    assert len(pdf.pages) == 1
    assert b"Score sheet" in _text(renderer.render(pad))
    html = preview_page(content, faces, lang="en")
    assert 'data-kind="score_pad"' in html and 'data-face-id="score_pad" data-copies="3"' in html
    assert sheet_words(content, "zh")[2]["score_pad"] == "计分表"


def _text(pdf: bytes) -> bytes:
    """The page's text as pdftotext reads it (bytes), to see the pad's title printed."""
    import subprocess

    return subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout


def test_the_preview_groups_kinds_as_declared(tmp_path):
    folder = _write(tmp_path / "c", """\
components:
  - id: token
    label: {zh: 标记, en: Token}
    template: t.html.j2
    size: {width: 20, height: 20}
    layout: tile
    copies: {fixed: 2}
  - id: sheet
    label: {zh: 纸, en: Sheet}
    template: t.html.j2
    size: page
    layout: sheet
    group: token
    copies: {per_player: 1}
""")
    _template(tmp_path, '{{ component.id }}')
    context = GameContext(strings={"preview": {"zh": "预览", "en": "Preview"}})
    faces = component_faces(folder, context, templates=tmp_path, lang="en", players=2, bleed_mm=3)
    labels, group_of = preview_kinds(load_components(folder), context.strings, "en")
    assert (labels, group_of) == ({"token": "Token", "sheet": "Token"}, {"token": "token", "sheet": "token"})
    words = LabelWords(context.strings, "en", name={"zh": "测试", "en": "Test"})
    html = render_preview(faces, words=words, kinds=labels, group_of=group_of, tagline="",
                          card_css=lambda shown: "")
    assert html.count('<section class="group"') == 1 and "<h1>Test · Preview</h1>" in html
    assert '<section class="group" data-kind="token">' in html and "Token <small>2 · ×4</small>" in html



def test_two_faces_of_one_id_are_refused_located(tmp_path):
    folder = _write(tmp_path / "c", """\
components:
  - id: token
    label: {zh: 标记, en: Token}
    template: t.html.j2
    size: {width: 20, height: 20}
    layout: tile
    copies: {each: dice}
  - id: token-route
    label: {zh: 标记, en: Token}
    template: t.html.j2
    size: {width: 20, height: 20}
    layout: tile
    copies: {fixed: 1}
""")
    _template(tmp_path)
    context = GameContext(strings={}, collections={"dice": [{"id": "route"}]})
    with pytest.raises(ContentError) as caught:
        component_faces(folder, context, templates=tmp_path, lang="en", players=2, bleed_mm=3)
    assert [p.headline() for p in caught.value.problems] == [
        "components.yaml:8:9: components.1.id: its face 'token-route' has the id of a face of 'token'; "
        "rename one of them"]


def test_a_game_template_naming_what_it_is_not_given_fails_loudly(tmp_path):
    from jinja2 import UndefinedError

    folder = _write(tmp_path / "c", PAD_YAML)
    _template(tmp_path, '{{ no_such_value }}')
    with pytest.raises(UndefinedError, match="'no_such_value' is undefined"):
        component_faces(folder, GameContext(strings={}), templates=tmp_path, lang="en", players=1, bleed_mm=3)


def test_declared_backs_print_behind_their_fronts_and_backless_cards_on_one_side(tmp_path):
    from cardgen.render.build import BuildOptions, plan_files_for

    folder = _write(tmp_path / "c", """\
components:
  - id: token
    label: {zh: 标记, en: Token}
    template: t.html.j2
    size: {width: 41, height: 63}
    layout: tile
    back: token_back
    copies: {fixed: 3}
  - id: token_back
    label: {zh: 背面, en: Back}
    template: t.html.j2
    size: {width: 41, height: 63}
    layout: tile
  - id: net
    label: {zh: 展开图, en: Net}
    template: t.html.j2
    layout: die_net
    die: {edge_mm: 16}
    copies: {fixed: 2}
  - id: sheet
    label: {zh: 纸, en: Sheet}
    template: t.html.j2
    size: page
    layout: sheet
    copies: {fixed: 1}
""")
    _template(tmp_path)
    made = component_faces(folder, GameContext(strings={}), templates=tmp_path, lang="en", players=1, bleed_mm=3)
    files = {f.name: (f.sides, f.kinds, f.faces) for f in plan_files_for("g", made, BuildOptions(duplex="long"))}
    assert {name: sides for name, (sides, _, _) in files.items()} == {
        "token.pdf": "duplex-long", "net.pdf": "single", "sheet.pdf": "single",  # no token_back.pdf: it is a back
        "g-print.pdf": "duplex-long", "g-boards.pdf": "single",
        "g-print-shop-cards-41x63mm.pdf": "duplex-long", "g-print-shop-cards-69x48mm.pdf": "single",
        "g-print-shop-boards.pdf": "single"}
    assert files["g-print.pdf"][1] == ("token",) and files["g-boards.pdf"][1] == ("net", "sheet")
    assert files["g-print-shop-cards-41x63mm.pdf"][2] == ("token", "token_back") * 3


def test_a_declared_game_prints_through_the_kit_s_edition(tmp_path):
    from cardgen.errors import UsageError
    from cardgen.render.components.declared import DeclaredSet
    from cardgen.render.declared_edition import DeclaredGame
    from cardgen.render.edition import BuildOptions

    folder = _write(tmp_path / "c", PAD_YAML)
    _template(tmp_path, "{{ players }}")
    printed = DeclaredSet("set", {"zh": "游戏", "en": "Game"}, folder, (2, 3), {}, tmp_path,
                          lambda players: GameContext(strings={}))
    game = DeclaredGame("g", lambda f: printed, refused="it has one set")
    edition = game.open(folder, BuildOptions(lang="en"))
    assert (edition.name, edition.folders, edition.templates[0], edition.options.players) == ("set", [folder],
                                                                                            tmp_path, 3)
    assert [(f.id, f.copies) for f in edition.design(edition.options).faces] == [("pad", 3)]
    with pytest.raises(UsageError, match=r"^--with-base is not for g \(it has one set\)$"):
        game.open(folder, BuildOptions(with_base=True))
    with pytest.raises(UsageError, match=r"^--players 4: game.yaml players is 2 to 3$"):
        game.open(folder, BuildOptions(players=4))
    with pytest.raises(UsageError, match=r"^bleed must be between 0 and 10 mm, not 11$"):
        printed.faces(lang="en", players=2, bleed_mm=11)
