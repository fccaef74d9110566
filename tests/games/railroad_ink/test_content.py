"""Railroad Ink content: the bundled folder is valid, and each kind of bad content is one exact located message."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import ContentError
from cardgen.games.railroad_ink.model import load_content, summary
from tests.games.railroad_ink.conftest import edit


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_content(folder)
    return [p.headline() for p in caught.value.problems]


def test_bundled_content_is_valid_and_summarised(content):
    lines = summary(content)
    assert lines[0] == ("Railroad Ink (railroad-ink v1): 1-12 players, 7 rounds, 7x7 board, 12 exits, "
                        "9 centre cells")
    assert lines[1] == "dice: 3 x route, 1 x junction (6 faces each)"
    assert lines[-1] == "checks passed: tile-joins, edge-types, unique-ids, board-cells, exit-table, limits, printables"


#: Edits the schema refuses: (file, old text, new text, the problems it reports).
SCHEMA_PROBLEMS = [
    ("game.yaml", "rounds: 7", "rounds: seven",
     ["game.yaml:9:9: rounds: expected a whole number, got text 'seven'"]),
    ("game.yaml", "tiebreak: fewer-errors", "tiebreak: fewer-errors\ncolour: red",
     ["game.yaml:32:1: colour: unknown key 'colour'"]),
    ("dice.yaml", "count: 3", "cuont: 3",
     ["dice.yaml:8:5: dice.0.cuont: unknown key 'cuont'; did you mean 'count'?"]),
    ("dice.yaml", "edges: {n: road, e: none, s: road, w: none}", "edges: {n: road, e: none, s: tram, w: none}",
     ["dice.yaml:12:38: dice.0.faces.0.edges.s: expected 'none', 'road', 'rail', 'river', 'lake' or 'lava', "
      "got text 'tram'"]),
]
#: Edits that pass the schema and break a rule the checks see.
SEMANTIC_PROBLEMS = [
    # an exit on an inner side
    ("game.yaml", "{cell: [3, 6], side: e, route: road}", "{cell: [3, 5], side: e, route: road}",
     ["game.yaml:19:28: board.exits.4.side: side e of cell [3, 5] is not on the board's outer edge, "
      "so no exit can be there"]),
    # a die face no placement can ever use
    ("dice.yaml", "edges: {n: road, e: road, s: none, w: none}\n        joins: [[n, e]]",
     "edges: {n: none, e: none, s: none, w: none}\n        joins: [[n, e]]",
     ["dice.yaml:16:16: dice.0.faces.1.edges: 'road-curve' has no road or rail side, so no placement can ever "
      "use it",
      "dice.yaml:17:17: dice.0.faces.1.joins.0: side e has no route to join",
      "dice.yaml:17:17: dice.0.faces.1.joins.0: side n has no route to join"]),
    # road joined to rail outside a station
    ("dice.yaml", "edges: {n: rail, e: rail, s: none, w: none}", "edges: {n: road, e: rail, s: none, w: none}",
     ["dice.yaml:29:17: dice.0.faces.4.joins.0: joins road to rail; only a station does (write station: true "
      "on 'rail-curve')"]),
    # a scoring row no board can reach
    ("scoring.yaml", "12: 45}", "12: 45, 13: 50}",
     ["scoring.yaml:6:89: exits.table.13: the board has 12 exits, so no network connects 13: this row can "
      "never be scored"]),
    ("scoring.yaml", "3: 8,", "3: 3,",
     ["scoring.yaml:6:20: exits.table.3: 3 exits score 3, less than 2 exits (4)"]),
    ("game.yaml", "specials: {per_game: 3", "specials: {per_game: 7",
     ["game.yaml:29:22: specials.per_game: 7 special routes a game, but specials.yaml has only 6"]),
    ("expansions.yaml", "id: lava-one,", "id: lava-corner,",
     ["expansions.yaml:59:16: lava.dice.0.faces.1.id: id 'lava-corner' is used twice (first at "
      "lava.dice.0.faces.0)"]),
]


@pytest.mark.parametrize("name, old, new, expected", SCHEMA_PROBLEMS + SEMANTIC_PROBLEMS)
def test_each_problem_is_located(folder, name, old, new, expected):
    edit(folder, name, old, new)
    assert problems(folder) == expected


def test_every_problem_of_every_file_is_reported_at_once(folder):
    edit(folder, "game.yaml", "rounds: 7", "rounds: 0")
    edit(folder, "strings.yaml", "total: {zh: 总分, en: Total}", "total: {zh: 总分}")
    (folder / "specials.yaml").unlink()
    assert problems(folder) == [
        "game.yaml:9:9: rounds: must be at least 1, got the number 0",
        "specials.yaml:1:1: file is missing",
        "strings.yaml:13:8: total.en: missing required key 'en'",
    ]


def test_unreadable_folders_and_files_are_located(folder, tmp_path):
    assert problems(tmp_path / "nowhere") == [f"{tmp_path / 'nowhere'}:1:1: content folder not found"]
    (folder / "scoring.yaml").write_text("exits: {name: [\n", encoding="utf-8")
    (folder / "strings.yaml").write_text("- a list\n", encoding="utf-8")
    found = problems(folder)
    assert found[0].startswith("scoring.yaml:2:1: invalid YAML: ")
    assert found[1:] == ["strings.yaml:1:1: top level must be a mapping of keys"]
