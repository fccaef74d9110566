"""A pack layers over Railroad Ink as over any game: the bundled sample pack (cardgen/content/packs/flyovers)
validates, builds only the faces it changes with its mark, and simulates; a pack's bad value is located in
the pack's own file; ``cardgen pack new --base railroad-ink`` starts one that validates."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.games import game_of
from cardgen.games.railroad_ink.faces import declared_set
from cardgen.games.railroad_ink.model import CONTENT, load_content
from cardgen.render.faces.facekit import MARK_ROOM_MM
from cardgen.resources import bundled_path
from tests.games.railroad_ink.conftest import edit

SAMPLE = bundled_path("content", "packs", "flyovers")
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def sample_copy(tmp_path: Path) -> Path:
    """The sample pack beside a copy of its base game, its base named as a folder (an id of its own)."""
    shutil.copytree(CONTENT, tmp_path / "railroad-ink", ignore=shutil.ignore_patterns("games"))
    pack = tmp_path / "my-flyovers"
    shutil.copytree(SAMPLE, pack)
    edit(pack, "pack.yaml", "id: flyovers", "id: my-flyovers")
    edit(pack, "pack.yaml", "base: railroad-ink", "base: ../railroad-ink")
    return pack


def test_the_sample_pack_merges_over_its_base():
    content = load_content(SAMPLE)
    assert game_of(SAMPLE).id == "railroad-ink"
    assert [s.id for s in content.specials.specials][-2:] == ["double-flyover", "station-t"]
    assert len(content.specials.specials) == 8
    assert content.game.specials.per_game == 4 and content.game.specials.per_round == 1  # merged key by key
    assert content.scoring.exits.table[2] == 4 and content.scoring.exits.table[12] == 54
    assert content.pack is not None and content.pack.mark == "立"
    assert content.game_folder == CONTENT.resolve()


def test_the_sample_pack_validates():
    done = run("validate", "flyovers")
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines()[:5] == [
        f"{SAMPLE}: valid (railroad-ink)",
        "",
        "pack flyovers v1 (Flyovers), mark 立, over railroad-ink",
        "Railroad Ink (railroad-ink v1): 1-12 players, 7 rounds, 7x7 board, 12 exits, 9 centre cells",
        "dice: 3 x route, 1 x junction (6 faces each)",
    ]
    assert done.stdout.splitlines()[5] == "special routes: 8 (at most 4 a game, 1 a round)"


def test_a_packs_bad_value_is_located_in_the_packs_file(tmp_path):
    pack = sample_copy(tmp_path)
    edit(pack, "specials.yaml", "edges: {n: road, e: rail, s: none, w: road}",
         "edges: {n: road, e: rial, s: none, w: road}")
    edit(pack, "scoring.yaml", "12: 54", "12: lots")
    done = run("validate", str(pack))
    assert done.exit_code == 1
    assert done.stderr.splitlines() == [
        "my-flyovers/scoring.yaml:3:31: exits.table.12: expected a whole number, got text 'lots'",
        "      table: {10: 40, 11: 46, 12: lots}",
        "                                  ^",
        "my-flyovers/specials.yaml:11:27: specials.add.1.edges.e: expected 'none', 'road', 'rail', 'river', 'lake' "
        "or 'lava', got text 'rial'",
        "          edges: {n: road, e: rial, s: none, w: road}",
        "                              ^",
        "",
        f"2 problem(s) in {pack}",
    ]


def test_a_pack_changes_only_entries_its_base_has(tmp_path):
    pack = sample_copy(tmp_path)
    edit(pack, "specials.yaml", "  add:\n", "  change:\n    - {id: road-cros, name: {zh: 路, en: Road}}\n  add:\n")
    done = run("validate", str(pack))
    assert done.exit_code == 1
    assert done.stderr.splitlines()[0] == ("my-flyovers/specials.yaml:4:12: specials.change.0.id: changes "
                                           "'road-cros', which the base does not have (new entries go under add); "
                                           "did you mean 'road-cross'?")


def test_a_pack_cannot_change_what_only_the_base_declares(tmp_path):
    pack = sample_copy(tmp_path)
    (pack / "components.yaml").write_text("components: {}\n", encoding="utf-8")
    done = run("validate", str(pack))
    assert done.exit_code == 1
    assert done.stderr.splitlines()[0] == ("my-flyovers/components.yaml:1:1: components.yaml is the base game's "
                                           "own (read from railroad-ink); a pack cannot change it")


def test_the_sample_pack_simulates():
    done = run("simulate", "flyovers", "--games", "30", "--lineup", "random", "--json")
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["game"] == "flyovers" and report["ok"] is True
    assert {"double-flyover", "station-t"} <= set(report["specials"])


def test_the_sample_pack_builds_only_what_it_changes_with_its_mark(tmp_path):
    out = tmp_path / "out"
    done = run("build", "flyovers", "--players", "1", "--out", str(out))
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines()[-1] == "  printed: board 1, expansion_board 4, quick_reference 1"
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["pack"] == {"id": "flyovers", "version": 1, "mark": "立", "changed": [
        "board", "expansion_board-lake", "expansion_board-lava", "expansion_board-meteor", "expansion_board-river",
        "quick_reference"]}


def test_pack_new_over_railroad_ink_validates(tmp_path):
    folder = tmp_path / "my-pack"
    done = run("pack", "new", str(folder), "--base", "railroad-ink", "--mark", "R")
    assert done.exit_code == 0, done.output
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    assert "# Beside this file, an overlay file named like a file of the base game (dice.yaml, expansions.yaml, " \
           "game.yaml, scoring.yaml, specials.yaml, strings.yaml)" in text
    valid = run("validate", str(folder))
    assert valid.exit_code == 0, valid.output
    assert valid.stdout.splitlines()[2] == "pack my-pack v1 (my-pack), mark R, over railroad-ink"


def test_a_marked_board_leaves_its_corner_to_the_mark():
    printed = declared_set(load_content(SAMPLE))
    plain = {f.id: f.html for f in printed.faces(lang="en", players=1, bleed_mm=3)}
    marked = {f.id: f.html for f in printed.faces(lang="en", players=1, bleed_mm=3, mark="立",
                                                  marked=frozenset({"board"}))}
    assert 'class="pack-mark"' in marked["board"] and 'class="pack-mark"' not in plain["board"]
    assert marked["quick_reference"] == plain["quick_reference"]  # only the faces named are marked

    def cell(html: str) -> float:  # the exit table's cell width: the table ends short of the mark
        return float(re.findall(r'data-box="exit-score" style="left:[^;]+;top:[^;]+;width:([0-9.]+)mm', html)[0])

    cells = len(load_content(SAMPLE).scoring.exits.table)
    assert cell(marked["board"]) == pytest.approx(cell(plain["board"]) - MARK_ROOM_MM / cells, abs=1e-6)


def test_serve_watches_every_layer_of_a_pack(tmp_path):
    from cardgen.render.watch import content_folders

    pack = sample_copy(tmp_path)
    assert content_folders(pack) == [tmp_path / "railroad-ink", pack]
    assert content_folders(CONTENT) == [CONTENT]


def test_serve_watches_the_games_own_templates_too(tmp_path):
    from cardgen.games.railroad_ink.plugin import TEMPLATES
    from cardgen.render.build_command import watched_folders
    from cardgen.resources import TEMPLATES_DIR

    pack = sample_copy(tmp_path)
    assert watched_folders(pack) == [tmp_path / "railroad-ink", pack, TEMPLATES, TEMPLATES_DIR]
    assert watched_folders(CONTENT) == [CONTENT, TEMPLATES, TEMPLATES_DIR]
