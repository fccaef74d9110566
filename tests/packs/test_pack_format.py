"""The pack format: overlay by id, located errors at the pack's line, totals recomputed, stacking."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.model import load, validate
from cardgen.model.pack import pack_info


def test_empty_pack_is_the_base_game(pack_dir):
    content = load(pack_dir.root)
    assert content.ticket_count == 82
    assert content.pack.id == "test-pack" and content.pack.mark == "T"
    assert [p.name for p in content.pack.layers] == ["rail-journey", "tp"]


def test_add_change_remove_by_id_and_totals_recomputed(pack_dir):
    pack_dir.write("tickets.yaml", "kinds:\n  change:\n    - {id: S1-S2, copies: 5}\n")
    pack_dir.write("dispatch.yaml", "kinds:\n  change:\n    - {id: swap, name: {en: Passing Swap II}}\n")
    content = load(pack_dir.root)
    assert content.ticket_by_id["S1-S2"].copies == 5
    assert content.tickets_file.totals.cards == 83          # recomputed
    assert content.printing.full_set.tickets == 83          # the printing table follows
    assert content.printing.by_players[2].tickets == 83
    swap = content.dispatch.kinds[0]
    assert swap.name.en == "Passing Swap II" and swap.name.zh == "会让调整"  # only the field written
    assert swap.copies == 5 and swap.effects[0].type == "swap_adjacent"


def test_stated_totals_are_checked_not_recomputed(pack_dir):
    pack_dir.write("tickets.yaml", "totals: {kinds: 30, cards: 90}\nkinds:\n  change:\n    - {id: S1-S2, copies: 5}\n")
    assert "tp/tickets.yaml:1:28: totals.cards: copies add up to 83 cards, totals say 90" in pack_dir.headlines()


def test_removing_an_event_round_and_a_kind(pack_dir):
    pack_dir.write("events.yaml", "track:\n  20: {kind: fine_weather}\n")
    content = load(pack_dir.root)
    assert content.events.track[20].kind == "fine_weather"


def test_overlay_errors_are_located_in_the_pack(pack_dir):
    pack_dir.write("tickets.yaml", """kinds:
  change:
    - {id: S1-S9, copies: 5}
    - {id: S1-S2, copies: 60}
  remove: [S6-S0]
  add:
    - {id: S6-S1, origin: S6, destination: S1, copies: 1}
  replace: []
""")
    pack_dir.write("events.yaml", "kinds:\n  - {id: x}\ntrack:\n  30: null\n")
    pack_dir.write("ticket.yaml", "a: 1\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:2:3: kinds: 'kinds' is a list of entries with ids: write add, change or remove under it, "
        "never the whole list",
        "tp/events.yaml:4:3: track.30: removes '30', which the base does not have",
        "tp/ticket.yaml:1:1: the base has no file ticket.yaml; an overlay file is named like a base file; "
        "did you mean 'tickets.yaml'?",
        "tp/tickets.yaml:3:12: kinds.change.0.id: changes 'S1-S9', which the base does not have "
        "(new entries go under add); did you mean 'S1-S6'?",
        "tp/tickets.yaml:4:27: kinds.change.1.copies: must be at most 50, got the number 60",
        "tp/tickets.yaml:5:12: kinds.remove.0: removes 'S6-S0', which the base does not have; did you mean 'S6-S5'?",
        "tp/tickets.yaml:7:12: kinds.add.0.id: adds 'S6-S1', which the base already has; write it under change",
        "tp/tickets.yaml:8:3: kinds.replace: unknown operation 'replace'; a list of entries with ids takes add, "
        "change or remove",
    ]


def test_a_rule_broken_by_the_pack_points_at_the_pack(pack_dir):
    pack_dir.write("tickets.yaml", "kinds:\n  remove: [S6-S1]\n")
    assert pack_dir.headlines() == ["tp/tickets.yaml:2:3: kinds: no ticket kind for S6->S1"]


def test_a_value_the_base_wrote_is_located_in_the_base(pack_dir, tmp_path):
    import shutil
    from cardgen.resources import DEFAULT_CONTENT
    base = tmp_path / "mygame"
    shutil.copytree(DEFAULT_CONTENT, base)
    text = (base / "game.yaml").read_text(encoding="utf-8")
    (base / "game.yaml").write_text(text.replace("composition_cap: 9", "composition_cap: 99"), encoding="utf-8")
    pack_dir.write("pack.yaml", "id: tp\nname: {zh: a, en: a}\nversion: 1\nbase: ../mygame\nmark: T\n")
    [headline] = pack_dir.headlines()
    assert headline.startswith("mygame/game.yaml:") and headline.endswith(
        "composition_cap: must be at most 50, got the number 99")


def test_a_problem_names_the_entry_as_its_file_writes_it(pack_dir, tmp_path):
    """Not by its place in the merged list: a change or add entry by its place under change/add in the pack,
    a base entry (here moved up one by a remove) by its place in the base file."""
    import shutil
    from cardgen.resources import DEFAULT_CONTENT
    base = tmp_path / "mygame"
    shutil.copytree(DEFAULT_CONTENT, base)
    text = (base / "dispatch.yaml").read_text(encoding="utf-8")
    (base / "dispatch.yaml").write_text(text.replace("copies: 5", "copies: 60", 3).replace("copies: 60", "copies: 5", 2),
                                        encoding="utf-8")
    pack_dir.write("pack.yaml", "id: tp\nname: {zh: a, en: a}\nversion: 1\nbase: ../mygame\nmark: T\n")
    pack_dir.write("dispatch.yaml", """kinds:
  remove: [swap]
  change:
    - {id: signal_priority, copies: 70}
  add:
    - id: token
      icon: "🔖"
      copies: 80
      timing: after_movement
      name: {zh: 路签, en: Token}
      effects: [{type: wait_gain, amount: 2}]
      text: {zh: "W {amount:+}", en: "W {amount:+}"}
      timing_text: {zh: 移动后, en: After moving}
""")
    assert pack_dir.headlines() == [
        "mygame/dispatch.yaml:30:13: kinds.2.copies: must be at most 50, got the number 60",
        "tp/dispatch.yaml:4:37: kinds.change.0.copies: must be at most 50, got the number 70",
        "tp/dispatch.yaml:8:15: kinds.add.0.copies: must be at most 50, got the number 80",
    ]


def test_missing_and_cyclic_base(tmp_path):
    from tests.packs.conftest import PackDir
    a = PackDir(tmp_path / "a").write("pack.yaml", "id: a\nname: {zh: a, en: a}\nversion: 1\nbase: ../b\nmark: A\n")
    PackDir(tmp_path / "b").write("pack.yaml", "id: b\nname: {zh: b, en: b}\nversion: 1\nbase: ../a\nmark: B\n")
    assert a.headlines() == ["b/pack.yaml:4:7: base: base '../a' leads back to a pack already in the chain "
                             "(a -> b -> a)"]
    a.write("pack.yaml", "id: a\nname: {zh: a, en: a}\nversion: 1\nbase: rail-journy\nmark: A\n")
    assert a.headlines() == ["a/pack.yaml:4:7: base: base 'rail-journy' not found: no folder a/rail-journy (a base "
                             "folder is relative to the pack's own folder), and no bundled game or pack of that "
                             "id; did you mean 'rail-journey'? "
                             "(bundled: " + ", ".join(_bundled()) + ")"]


def _bundled():
    from cardgen.model.places import BUNDLED_GAMES, BUNDLED_PACKS
    return sorted(p.name for root in (BUNDLED_GAMES, BUNDLED_PACKS) if root.is_dir()
                  for p in root.iterdir() if p.is_dir() and p.name != "packs")


def test_pack_yaml_schema(pack_dir):
    pack_dir.write("pack.yaml", "id: tp\nname: {zh: a, en: a}\nversion: 0\nbase: rail-journey\nmark: TOOLONG\n")
    assert pack_dir.headlines() == ["tp/pack.yaml:3:10: version: must be at least 1, got the number 0",
                                    "tp/pack.yaml:5:7: mark: must be at most 4 characters"]


def test_packs_stack_and_variants_apply_on_top(tmp_path, pack_dir):
    from tests.packs.conftest import PackDir
    pack_dir.write("tickets.yaml", "kinds:\n  change:\n    - {id: S1-S2, copies: 5}\n")
    top = PackDir(tmp_path / "top").write(
        "pack.yaml", "id: top\nname: {zh: b, en: b}\nversion: 2\nbase: ../tp\nmark: B\n")
    top.write("tickets.yaml", "kinds:\n  change:\n    - {id: S2-S1, copies: 1}\n")
    content = load(top.root)
    assert content.ticket_by_id["S1-S2"].copies == 5 and content.ticket_by_id["S2-S1"].copies == 1
    assert content.ticket_count == 80
    assert [p.name for p in content.pack.layers] == ["rail-journey", "tp", "top"]
    assert load(top.root, variant="beginner").game.composition_cap == 6
    assert pack_info(tmp_path / "nothing") is None


def test_a_pack_variant_error_points_at_the_pack(pack_dir):
    pack_dir.write("variants.yaml", "variants:\n  change:\n    - {id: beginner, patch: {game: {composition_cap: 0}}}\n")
    assert pack_dir.headlines() == [
        "tp/variants.yaml:3:54: variants.change.0.patch.game.composition_cap: in variant 'beginner': "
        "must be at least 1, got the number 0"]


def test_validate_cli_on_a_pack(pack_dir):
    from typer.testing import CliRunner
    from cardgen.cli import app
    result = CliRunner().invoke(app, ["validate", str(pack_dir.root)])
    assert result.exit_code == 0, result.output
    pack_dir.write("tickets.yaml", "kinds:\n  remove: [S6-S1]\n")
    result = CliRunner().invoke(app, ["validate", str(pack_dir.root)])
    assert result.exit_code == 1
    assert "tp/tickets.yaml:2:3: kinds: no ticket kind for S6->S1" in result.output


def test_scaffold_is_a_valid_empty_pack(tmp_path):
    from typer.testing import CliRunner
    from cardgen.cli import app
    result = CliRunner().invoke(app, ["pack", "new", str(tmp_path / "mine"), "--base", "rail-journey"])
    assert result.exit_code == 0, result.output
    assert validate(tmp_path / "mine").ok
    assert load(tmp_path / "mine").pack.id == "mine"
    again = CliRunner().invoke(app, ["pack", "new", str(tmp_path / "mine")])
    assert again.exit_code == 2 and "already exists and is not an empty folder; nothing written" in again.output
    bad = CliRunner().invoke(app, ["pack", "new", str(tmp_path / "other"), "--base", "nowhere"])
    assert bad.exit_code == 2 and not (tmp_path / "other").exists()


def test_the_scaffold_example_validates_as_written(tmp_path):
    """pack.yaml's commented example added S1-S7 (no such station) and removed S6-S1 (every pair needs its
    kind): copied as written it gave two errors."""
    from cardgen.model.scaffold import new_pack
    new_pack(tmp_path / "mine", "rail-journey")
    files: dict[str, list[str]] = {}
    current = None
    for line in (tmp_path / "mine" / "pack.yaml").read_text(encoding="utf-8").splitlines():
        body = line[4:] if line.startswith("#   ") else None
        if body is None:
            current = None
        elif body.startswith("# ") and body.endswith(".yaml"):
            current = files.setdefault(body[2:], [])
        elif current is not None and body.strip():
            current.append(body.split("  #")[0])
    assert set(files) == {"tickets.yaml", "dispatch.yaml"}
    for name, lines in files.items():
        (tmp_path / "mine" / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = validate(tmp_path / "mine")
    assert report.ok, [p.headline() for p in report.problems]


def test_scaffold_with_a_path_base_stacks(tmp_path):
    from cardgen.model.scaffold import new_pack
    new_pack(tmp_path / "one", "rail-journey")
    new_pack(tmp_path / "two", str(tmp_path / "one") + "/")
    assert [p.name for p in load(tmp_path / "two").pack.layers] == ["rail-journey", "one", "two"]


def test_a_base_variant_totals_follow_the_pack(pack_dir):
    pack_dir.write("events.yaml", """kinds:
  add:
    - id: heat_wave
      icon: "🥵"
      name: {zh: 热浪, en: Heat Wave}
      effects: [{type: propulsion, amount: -1}]
      text: {zh: "本轮全场推进力 R {amount:+}。", en: "Every train's propulsion R is {amount:+} this round."}
track:
  3: {kind: heat_wave, station: null}
""")
    assert validate(pack_dir.root).ok, pack_dir.headlines()
    beginner = load(pack_dir.root, variant="beginner")
    assert beginner.events.totals.kinds == 7 and beginner.events.totals.cards == 8  # heat wave joins the 6
    assert load(pack_dir.root).events.totals.kinds == 9


def test_a_null_inside_an_entry_clears_a_field_it_may_lack(pack_dir):
    pack_dir.write("events.yaml", "track:\n  1: {kind: rainstorm, station: null, section: null}\n")
    assert load(pack_dir.root).events.track[1].kind == "rainstorm"


def test_unknown_primitive_and_out_of_range_parameter_in_a_pack(pack_dir):
    pack_dir.write("events.yaml", """kinds:
  change:
    - {id: rainstorm, effects: [{type: propulsion, amount: -30}]}
    - {id: fine_weather, effects: [{type: sunshine}]}
""")
    headlines = pack_dir.headlines()
    assert "tp/events.yaml:3:60: kinds.change.0.effects.0.amount: must be at least -20, got the number -30" in headlines
    assert any(h.startswith("tp/events.yaml:4:43: kinds.change.1.effects.0.type: unknown type 'sunshine'") for h in headlines)


def test_a_bad_pack_builds_nothing(pack_dir, tmp_path, monkeypatch):
    from typer.testing import CliRunner
    from cardgen.cli import app
    monkeypatch.chdir(tmp_path)
    pack_dir.write("tickets.yaml", "kinds:\n  remove: [S6-S1]\n")
    result = CliRunner().invoke(app, ["build", str(pack_dir.root), "--lang", "en"])
    assert result.exit_code == 1
    assert "tp/tickets.yaml:2:3: kinds: no ticket kind for S6->S1" in result.output
    assert "nothing written" in result.output and not (tmp_path / "output").exists()


def test_an_absolute_base_is_refused(pack_dir):
    pack_dir.write("pack.yaml", "id: tp\nname: {zh: a, en: a}\nversion: 1\nbase: /etc\nmark: T\n")
    assert pack_dir.headlines() == ["tp/pack.yaml:4:7: base: base '/etc' is an absolute path; name a bundled "
                                    "game or pack by id, or a folder relative to the pack (packs are shared)"]


def test_an_entry_named_twice_in_one_overlay_is_reported_where_it_is_named_again(pack_dir):
    pack_dir.write("tickets.yaml", """kinds:
  remove: [S6-S5, S6-S5]
  change:
    - {id: S1-S2, copies: 3}
    - {id: S1-S2, copies: 99}
    - {id: S6-S5, copies: 2}
  add:
    - {id: S7-S1, origin: S6, destination: S1, copies: 1}
    - {id: S7-S1, origin: S6, destination: S1, copies: 1}
""")
    problems = pack_dir.headlines()
    assert [p for p in problems if "second time" in p or "this pack removes" in p] == [
        "tp/tickets.yaml:2:19: kinds.remove.1: removes 'S6-S5' a second time (first at line 2)",
        "tp/tickets.yaml:5:12: kinds.change.1.id: changes 'S1-S2' a second time (first at line 4); "
        "write its changes in one entry",
        "tp/tickets.yaml:6:12: kinds.change.2.id: changes 'S6-S5', which this pack removes (at line 2)",
        "tp/tickets.yaml:9:12: kinds.add.1.id: adds 'S7-S1' a second time (first at line 8)",
    ]


def test_an_overlay_file_that_cannot_be_read_is_its_only_problem(pack_dir):
    """A rejected overlay is not replaced by the base's file: checks that need it are skipped, so a
    designer is not shown errors about stations, fares or tickets the broken file would have added."""
    pack_dir.write("map.yaml", "terminals: [S1, S7]\nstations:\n\tadd:\n    - {id: S7, cell: 12}\n")
    pack_dir.write("tickets.yaml", "kinds:\n  add:\n    - {id: S7-S1, origin: S7, destination: S1, copies: 1}\n")
    assert pack_dir.headlines() == ["tp/map.yaml:3:1: invalid YAML: a tab character; YAML indents with spaces only"]


@pytest.mark.parametrize("mark, message", [
    ("ABCDEF", "--mark 'ABCDEF': must be at most 4 characters; nothing written"),
    ("", "--mark '': must not be empty; nothing written"),
    ("\x1b", "--mark '\\x1b': text holds the control character \\x1b; only printable characters, tabs and "
             "newlines are allowed; nothing written"),
])
def test_scaffold_refuses_a_mark_validate_would_refuse_and_writes_nothing(tmp_path, mark, message):
    from typer.testing import CliRunner
    from cardgen.cli import app
    result = CliRunner().invoke(app, ["pack", "new", str(tmp_path / "mine"), "--mark", mark])
    assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output
    assert list(tmp_path.iterdir()) == []  # neither the pack nor its staging folder


def test_a_count_out_of_bounds_is_one_problem_not_a_recount_of_every_total(pack_dir):
    pack_dir.write("tickets.yaml", "kinds:\n  change:\n    - {id: S1-S2, copies: 1000}\n")
    assert pack_dir.headlines() == ["tp/tickets.yaml:3:27: kinds.change.0.copies: must be at most 50, got the number 1000"]


def test_an_unknown_placeholder_in_a_pack_is_pointed_at_itself(pack_dir):
    pack_dir.write("dispatch.yaml", 'kinds:\n  change:\n    - {id: group_booking, text: {en: "Draw {drwa} tickets and keep '
                                    '{keep}."}}\n')
    assert pack_dir.headlines() == ["tp/dispatch.yaml:3:44: kinds.change.0.text.en: unknown placeholder '{drwa}'; "
                                    "did you mean 'draw'? known: discard, draw, keep"]


def test_a_misspelt_key_does_not_hide_the_other_problems_of_its_file(pack_dir):
    """The file is cross-checked as the typo meant it: its placeholder typo is found in the same run,
    and the misspelt required key does not also count as missing."""
    pack_dir.write("dispatch.yaml", 'kinds:\n  change:\n    - {id: group_booking, coppies: 4, text: {en: "Draw {drwa} '
                                    'tickets and keep {keep}."}}\n    - {id: swap, efects: [{type: swap_adjacent}]}\n')
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:3:27: kinds.change.0.coppies: unknown key 'coppies'; did you mean 'copies'?",
        "tp/dispatch.yaml:3:56: kinds.change.0.text.en: unknown placeholder '{drwa}'; did you mean 'draw'? known: "
        "discard, draw, keep",
        "tp/dispatch.yaml:4:18: kinds.change.1.efects: unknown key 'efects'; did you mean 'effects'?"]


def test_a_base_variant_deleting_what_the_pack_removed_is_not_the_packs_problem(pack_dir):
    """The beginner variant deletes round 12 (rail-journey/variants.yaml); a pack removing round 12 makes that
    delete a no-op, not an error in a file the pack's author does not own."""
    pack_dir.write("events.yaml", "track:\n  12: null\n")
    assert pack_dir.headlines() == ["tp/events.yaml:2:3: track: no event card for round 12"]


def test_an_id_written_as_a_list_or_mapping_is_a_located_error(pack_dir):
    pack_dir.write("tickets.yaml", "kinds:\n  change:\n    - {id: [S1-S2], copies: 3}\n  add:\n"
                                   "    - {id: {a: 1}, origin: S1, destination: S2, copies: 1}\n")
    assert pack_dir.headlines() == [
        "tp/tickets.yaml:3:12: kinds.change.0.id: changes '['S1-S2']', which the base does not have "
        "(new entries go under add); did you mean 'S1-S2'?",
        "tp/tickets.yaml:5:12: kinds.add.0.id: expected text, got a mapping of keys",
    ]


def test_validating_a_pack_from_inside_its_folder_reports_its_own_variants(pack_dir, monkeypatch):
    pack_dir.write("variants.yaml", 'variants:\n  add:\n    - id: quick\n      section: "9.9"\n'
                                    "      name: {zh: 快, en: Quick}\n      summary: {zh: 快, en: Quick}\n"
                                    "      patch: {events: {track: {99: null}}}\n")
    monkeypatch.chdir(pack_dir.root)
    expected = ["tp/variants.yaml:7:32: variants.add.0.patch.events.track.99: deletes '99', which the base content "
                "does not have"]
    assert [p.headline() for p in validate(".").problems] == expected == pack_dir.headlines()


@pytest.mark.parametrize("name", ["2024", "yes", "null"])
def test_scaffold_named_like_a_yaml_number_or_keyword_is_valid(tmp_path, name):
    from cardgen.model.scaffold import new_pack
    new_pack(tmp_path / name, "rail-journey")
    assert validate(tmp_path / name).ok and load(tmp_path / name).pack.id == name


def test_a_problem_in_a_base_value_names_the_pack_line_that_changed_its_entry(pack_dir):
    """Changing an event's effects left the base's text naming {amount}: the errors pointed only into the base's
    file, which the designer cannot edit, with no word of the pack's line that caused them."""
    pack_dir.write("events.yaml", "kinds:\n  change:\n    - {id: fallen_leaves, effects: [{type: clock_hold}]}\n")
    assert pack_dir.headlines()[0] == (
        "rail-journey/events.yaml:19:27: kinds.1.text.zh: unknown placeholder '{amount}'; known: none "
        "(the value is rail-journey/events.yaml's; tp/events.yaml:3:7 changes this entry: write it there too)")


def test_a_base_folder_named_without_a_slash(tmp_path, monkeypatch):
    """pack new --base my-pack (a folder here) said 'no such folder'; base: my-pack in pack.yaml, meaning the
    folder beside the pack, said 'no folder my-pack next to the pack' while one was there."""
    from typer.testing import CliRunner
    from cardgen.cli import app
    from cardgen.model.scaffold import new_pack

    monkeypatch.chdir(tmp_path)
    new_pack(Path("my-pack"), "rail-journey")
    result = CliRunner().invoke(app, ["pack", "new", "stack", "--base", "my-pack"])
    assert result.exit_code == 0, result.output
    assert 'base: "../my-pack"' in (tmp_path / "stack" / "pack.yaml").read_text(encoding="utf-8")
    assert validate(tmp_path / "stack").ok
    new_pack(Path("other"), "rail-journey")
    text = (tmp_path / "other" / "pack.yaml").read_text(encoding="utf-8")
    (tmp_path / "other" / "pack.yaml").write_text(text.replace('base: "rail-journey"', 'base: "my-pack"'),
                                                  encoding="utf-8")
    message = validate(tmp_path / "other").problems[0].message
    assert "no folder other/my-pack (a base folder is relative to the pack's own folder)" in message
    assert "the folder my-pack beside the pack is ../my-pack from it" in message
    monkeypatch.chdir(tmp_path / "other")  # validated as ".": the hint still finds the folder beside it
    assert "the folder my-pack beside the pack is ../my-pack from it" in validate(Path(".")).problems[0].message


def test_eight_packs_stack_and_a_ninth_is_refused_at_its_own_base(tmp_path, monkeypatch):
    """pack new wrote a ninth pack that validate refused, and validate blamed the second pack's base line."""
    from typer.testing import CliRunner
    from cardgen.cli import app
    from cardgen.model.pack import MAX_LAYERS
    from cardgen.model.scaffold import new_pack

    monkeypatch.chdir(tmp_path)
    new_pack(Path("p1"), "rail-journey")
    for number in range(2, MAX_LAYERS + 1):
        new_pack(Path(f"p{number}"), f"./p{number - 1}")
    assert validate(tmp_path / f"p{MAX_LAYERS}").ok  # up to MAX_LAYERS packs deep
    result = CliRunner().invoke(app, ["pack", "new", "top", "--base", f"./p{MAX_LAYERS}"])
    assert result.exit_code == 2 and not (tmp_path / "top").exists()
    assert f"--base: more than {MAX_LAYERS} packs stacked on one game (top -> p{MAX_LAYERS}" in result.output
    (tmp_path / "top").mkdir()
    (tmp_path / "top" / "pack.yaml").write_text((tmp_path / "p1" / "pack.yaml").read_text(encoding="utf-8").replace(
        'base: "rail-journey"', f'base: "../p{MAX_LAYERS}"'), encoding="utf-8")
    problem = validate(tmp_path / "top").problems[0]
    assert problem.file == "top/pack.yaml" and problem.path == "base"


def test_a_pack_adds_sidings_to_a_map_that_has_none_and_a_stacked_pack_adds_more(pack_dir, tmp_path):
    """Ruling R25: the base map has no `sidings`; `add` starts the list, and a pack over that pack adds to it."""
    pack_dir.write("map.yaml", "sidings:\n  add:\n    - {id: P1, cell: 5, name: {zh: 甲, en: A}}\n")
    assert [(sd.id, sd.cell) for sd in pack_dir.content().map.sidings] == [("P1", 5)]
    top = tmp_path / "top"
    top.mkdir()
    (top / "pack.yaml").write_text(f"id: top-pack\nname: {{zh: 顶, en: Top}}\nversion: 1\nbase: ../{pack_dir.root.name}\n"
                                   "mark: U\n", encoding="utf-8")
    (top / "map.yaml").write_text("sidings:\n  add:\n    - {id: P2, cell: 7, name: {zh: 乙, en: B}, capacity: 2}\n"
                                  "  change:\n    - {id: P1, wait_gain: 1}\n", encoding="utf-8")
    report = validate(top)
    assert report.ok, [p.headline() for p in report.problems]
    assert [(sd.id, sd.cell, sd.capacity, sd.wait_gain) for sd in report.content.map.sidings] == [
        ("P1", 5, 1, 1), ("P2", 7, 2, 0)]


def test_changing_a_siding_the_base_lacks_is_a_located_error(pack_dir):
    pack_dir.write("map.yaml", "sidings:\n  change:\n    - {id: P1, capacity: 2}\n")
    assert pack_dir.headlines() == [
        "tp/map.yaml:3:12: sidings.change.0.id: changes 'P1', which the base does not have (new entries go under add)"]


def test_validate_notes_an_event_kind_no_track_card_names(pack_dir):
    """A designer's spare kind with no card on the track is neither printed nor played: validate says so."""
    from typer.testing import CliRunner

    from cardgen.cli import app
    pack_dir.write("events.yaml", 'kinds:\n  add:\n    - {id: last_train, icon: "🚉", name: {zh: 末班车, en: Last Train}, '
                   "effects: [{type: clock_hold}], spare: true}\n")
    result = CliRunner().invoke(app, ["validate", str(pack_dir.root), "--no-faces"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == ("note: event kind(s) last_train on no track card: neither printed nor "
                                              "played (a spare is a track card with spare: true)")
