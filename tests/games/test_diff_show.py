"""``cardgen diff`` and ``cardgen show`` for every game, from its edition's faces (cardgen.games.face_views):
which faces a small content change alters, a diff across two games refused, each game's kinds and faces."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.errors import UsageError
from cardgen.games import game_named
from cardgen.model.places import content_folder
from cardgen.render.edition import BuildOptions
from tests.content_copy import copy_of, edit
from tests.games.test_plugin import cardgen, installed  # noqa: F401 - the installed tiny game's fixture

runner = CliRunner()
RAILROAD_INK = game_named("railroad-ink").content
#: The faces that print the exit table (each board and the quick reference), as diff lists them changed.
BOARDS_AND_REFERENCE = [
    "  board            changed  board                        face",
    "  expansion_board  changed  expansion_board-river        face",
    "  expansion_board  changed  expansion_board-lake         face",
    "  expansion_board  changed  expansion_board-lava         face",
    "  expansion_board  changed  expansion_board-meteor       face",
    "  quick_reference  changed  quick_reference              face",
]


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture
def edited(tmp_path):
    """A copy of Railroad Ink's content to edit."""
    return copy_of(RAILROAD_INK, tmp_path / "ri", "games")


def test_an_exit_table_value_changes_the_boards_and_the_quick_reference(edited):
    edit(edited / "scoring.yaml", "12: 45}", "12: 46}")
    done = run("diff", "railroad-ink", str(edited))
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [
        f"railroad-ink -> {edited}: 6 face(s) differ", *BOARDS_AND_REFERENCE]


def test_a_dice_count_changes_the_copies_of_its_net(edited):
    edit(edited / "dice.yaml", "count: 3", "count: 4")
    done = run("diff", str(RAILROAD_INK), str(edited), "--json")
    assert done.exit_code == 0, done.output
    doc = json.loads(done.stdout)
    assert doc["game"] == "railroad-ink"
    changed = {ch["id"]: ch for ch in doc["changes"]}
    assert changed["die_net-route"] == {"kind": "die_net", "id": "die_net-route", "change": "changed",
                                        "fields": ["copies 3 -> 4"], "old_copies": 3, "new_copies": 4}
    assert doc["by_kind"]["die_net"] == {"added": [], "changed": ["die_net-route"], "removed": []}


def test_a_pack_is_diffed_as_its_whole_merged_set():
    done = run("diff", "railroad-ink", "flyovers")
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [
        "railroad-ink -> flyovers: 6 face(s) differ", *BOARDS_AND_REFERENCE]


def test_a_packs_whole_set_marks_only_what_it_changes():
    edition = game_named("railroad-ink").edition(content_folder("flyovers"), BuildOptions(lang="en", with_base=True))
    faces = edition.design(edition.options).faces
    assert len(faces) == 18
    assert [f.id for f in faces if "立" in f.html] == [
        "board", "expansion_board-river", "expansion_board-lake", "expansion_board-lava", "expansion_board-meteor",
        "quick_reference"]
    with pytest.raises(UsageError, match=r"^--with-base is not for railroad-ink \(every expansion is printed with "
                                         r"the base game\)$"):
        game_named("railroad-ink").edition(RAILROAD_INK, BuildOptions(with_base=True))


def test_a_set_diffed_with_itself_differs_nowhere():
    done = run("diff", "horseless-carriage", str(game_named("horseless-carriage").content))
    assert (done.exit_code, done.stdout.splitlines()[0].endswith(": 0 face(s) differ")) == (0, True)


def test_two_games_are_not_compared():
    done = run("diff", "railroad-ink", "horseless-carriage")
    assert done.exit_code == 2
    assert done.stderr == ("cardgen diff: usage: railroad-ink is a railroad-ink folder and horseless-carriage a "
                           "horseless-carriage one: diff compares two folders of one game\n")
    done = run("diff", "rail-journey", "railroad-ink")
    assert done.exit_code == 2
    assert done.stderr.startswith("cardgen diff: usage: rail-journey is a rail-journey folder and railroad-ink")


@pytest.mark.parametrize("missing_first", [False, True])
def test_a_folder_not_there_is_located_by_the_other_folders_game(tmp_path, missing_first):
    folders = [str(tmp_path / "nope"), "railroad-ink"]
    done = run("diff", *(folders if missing_first else folders[::-1]))
    assert done.exit_code == 1
    assert done.stderr.splitlines() == [f"{tmp_path / 'nope'}:1:1: content folder not found", "",
                                        "1 problem(s) in the content; nothing compared."]


def test_bad_content_in_a_diff_is_located(edited):
    line = edit(edited / "scoring.yaml", "12: 45}", "12: lots}")
    done = run("diff", "railroad-ink", str(edited))
    assert done.exit_code == 1
    assert done.stderr.splitlines()[0].startswith(f"scoring.yaml:{line}:")
    assert done.stderr.splitlines()[-1] == "1 problem(s) in the content; nothing compared."


def test_railroad_ink_shows_its_bots_expansions_and_faces():
    done = run("show", "railroad-ink", "die_net", "--lang", "en")
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert lines[0] == "railroad-ink"
    assert lines[-12:] == [
        "bots (--lineup): random, greedy, lookahead",
        "variants (--variant): river, lake, lava, meteor",
        "printed for 12 players",
        "",
        "die_net: Die net: 7 face(s), 12 printed",
        "  die_net-route             3 x  Die net · Route die",
        "  die_net-junction          1 x  Die net · Junction die",
        "  die_net-river             2 x  Die net · River die",
        "  die_net-lake              2 x  Die net · Lake die",
        "  die_net-lava              2 x  Die net · Lava die",
        "  die_net-meteor-distance   1 x  Die net · Distance die",
        "  die_net-meteor-direction  1 x  Die net · Direction die",
    ]


def test_horseless_carriage_shows_each_kind_with_its_backs():
    done = run("show", "horseless-carriage", "--json")
    assert done.exit_code == 0, done.output
    doc = json.loads(done.stdout)
    assert (doc["game"], doc["bots"], doc["variants"], doc["players"]) == (
        "horseless-carriage", ["random", "greedy"], [], 4)
    assert list(doc["kinds"])[:2] == ["market_board", "planning_board"]
    assert doc["kinds"]["demand_card"]["name"]["en"] == "Demand card"
    first = doc["kinds"]["demand_card"]["faces"][0]
    assert (first["id"], first["copies"], first["back"], first["caption"]["en"]) == (
        "demand_card-benz-01", 1, "demand_back", "Demand card · Karl Benz")
    text = run("show", "horseless-carriage", "demand_card", "--lang", "en").stdout.splitlines()
    assert text[-1] == "  demand_card-daimler-17  1 x  Demand card · Gottlieb Daimler  (back demand_back)"


@pytest.mark.parametrize(("args", "message"), [
    (("show", "railroad-ink", "stickerz"), "cardgen show: usage: KIND 'stickerz' is not a kind railroad-ink prints; "
                                           "did you mean 'stickers'? (kinds: board, expansion_board, die_net, "
                                           "stickers, quick_reference)\n"),
    (("show", "railroad-ink", "--variant", "lava"),
     "cardgen show: usage: railroad-ink takes no --variant (it is another game's option)\n"),
    (("show", "railroad-ink", "--lang", "fr"), "cardgen show: usage: --lang 'fr': choose one of zh, en\n"),
    (("show", "--lang", "en"), "cardgen show: usage: rail-journey takes no --lang (it is another game's option)\n"),
])
def test_what_show_cannot_do_is_one_line(args, message):
    done = run(*args)
    assert (done.exit_code, done.stderr) == (2, message)


def test_an_installed_game_shows_and_diffs(installed, tmp_path):  # noqa: F811 - the fixture
    done = cardgen(installed, "show", "tiny")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["tiny", "", "  cards  2 kinds, 3 cards", "",
                                        "card: Card: 2 face(s), 3 printed", "  sun   2 x  Sun", "  moon  1 x  Moon"]
    folder = copy_of(installed / "tiny_game" / "content", tmp_path / "content")
    edit(folder / "game.yaml", "{id: moon, name: Moon, copies: 1}", "{id: star, name: Star, copies: 3}")
    done = cardgen(installed, "diff", "tiny", str(folder), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["by_kind"] == {"card": {"added": ["star"], "changed": [], "removed": ["moon"]}}
