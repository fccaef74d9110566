"""``cardgen show``, bundled ids in place of a content folder, ``pack new``'s folder mode, and no Python None in
messages (issue 23, item 10)."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.engine.replay.expect import mismatches
from cardgen.model import load, validate
from cardgen.model.catalogue import catalogue
from cardgen.resources import DEFAULT_CONTENT
from tests.content_copy import copy_with

from tests.packs.conftest import PackDir


def cardgen(*args: str):
    return CliRunner().invoke(app, list(args))


def test_show_lists_a_kind_with_icons_effects_and_parameters():
    result = cardgen("show", "operation")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Rail Journey: Connecting Timetables / 铁旅：接续时刻表 (rail-journey), version 1",
        "",
        "operation: 5 kinds, 9 cards a set, values adding up to 20",
        "    local            🚋  Local / 各站停车  value 1, copies 1, effects: ignore_boarding_limit",
        "    rapid            🚃  Rapid / 快速  value 2, copies 3, effects: none",
        "    express          🚄  Express / 急行  value 3, copies 3, effects: none",
        "    limited_express  🚅  Limited Express / 特急  value 4, copies 1, effects: no_stop",
        "    wait             🛑  Wait / 待避  value 0, copies 1, effects: wait_gain(amount=2)",
    ]


def test_show_reads_every_row_from_the_content():
    content = load()
    rows = catalogue(content)
    assert [e.id for e in rows["track"]] == [str(r) for r, _ in content.event_track]
    assert {e.id: e.fields["kind"] for e in rows["track"]}["12"] == content.events.track[12].kind
    assert [e.id for e in rows["station"]] == [s.id for s in content.map.stations]
    full = rows["printing"][-2]
    assert full.id == "full set" and full.fields == content.printing.full_set.model_dump()
    event = {e.id: e for e in rows["event"]}["festival"]
    assert event.fields["target"] == "station"
    assert event.fields["copies"] == sum(1 for c in content.events.track.values() if c.kind == "festival")


def test_show_event_track_round_by_round(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a bundled id, from a folder that has no rail-journey
    result = cardgen("show", "rail-journey", "track")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2] == "track: 20 cards, clock 0 to 20, 22 rounds"
    assert "    12  🌧️  kind rainstorm, card rainstorm.2" in lines
    assert "    3   🎪  kind festival, card festival.1, station S2" in lines


def test_show_a_pack_marks_what_it_adds_changes_and_removes():
    result = cardgen("show", "onsen-line", "track")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == ("pack Hot Springs Extension / 温泉延伸线 (onsen-line), version 1, over rail-journey: "
                        "+ added, ~ changed, - removed")
    assert "  ~ 12  ❄️  kind heavy_snow, card rainstorm.2  (was kind rainstorm, icon 🌧️)" in lines
    assert "    11  🚧  kind track_works, card track_works.2, section T1" in lines
    # the track is compared card by card: the card track_edit inserts is added, the one it removes removed
    assert "  + 9   🛂  kind inspection, card inspection.1" in lines
    assert lines[-1] == "  - 9   🌤️  kind fine_weather, card fine_weather.2"
    assert ("  ~ 20  ❄️  kind heavy_snow, card rainstorm.3, values (amount=-3, min_load=4)  (was kind rainstorm, "
            "icon 🌧️)") in lines
    ops = cardgen("show", "onsen-line", "operation").stdout.splitlines()
    assert ("  + switchback       〽️  Switchback / 之字折返  value 1, value_when (max_load=2, value=2), copies 1, "
            "effects: wait_gain(amount=1)") in ops
    assert "  - wait             🛑  Wait / 待避  value 0, copies 1, effects: wait_gain(amount=2)" in ops
    assert "    rapid            🚃  Rapid / 快速  value 2, copies 3, effects: none" in ops


def test_show_json(tmp_path):
    result = cardgen("show", "onsen-line", "dispatch", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["pack"] == {"id": "onsen-line", "version": 1, "base": "rail-journey"}
    rows = {row["id"]: row for row in doc["kinds"]["dispatch"]}
    assert rows["banking_engine"] == {
        "id": "banking_engine", "icon": "🚂", "name": {"en": "Banking Engine", "zh": "补机"}, "copies": 3,
        "timing": "with_operation_reveal", "effects": [{"type": "propulsion", "amount": 3, "min_load": 6,
                                                            "played": ["local", "rapid"]}],
        "change": "added"}
    assert "change" not in rows["swap"]
    assert list(doc["kinds"]) == ["dispatch"]


def test_show_with_a_variant():
    doc = json.loads(cardgen("show", "printing", "--variant", "beginner", "--json").stdout)
    assert doc["variant"] == "beginner"
    assert {row["id"]: row for row in doc["kinds"]["printing"]}["full set"]["events"] == \
        load(variant="beginner").printing.full_set.events


def test_show_refuses_an_unknown_kind():
    result = cardgen("show", "rail-journey", "tiket")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("cardgen show: usage: KIND 'tiket' is not a kind; did you mean 'ticket'? "
                                     "(kinds: station, section, siding, ticket, operation, dispatch, event, track, printing)")


def test_a_folder_in_the_current_folder_wins_over_a_bundled_id(tmp_path, monkeypatch):
    copy_with(tmp_path / "rail-journey", "game.yaml", "en: \"Rail Journey: Connecting Timetables\"",
              "en: Local Copy")
    monkeypatch.chdir(tmp_path)
    assert cardgen("show", "rail-journey", "station").stdout.startswith("Local Copy / ")
    shutil.rmtree(tmp_path / "rail-journey")
    assert cardgen("show", "rail-journey", "station").stdout.startswith("Rail Journey: Connecting Timetables / ")


def test_diff_build_simulate_and_tables_take_bundled_ids(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    diff = cardgen("diff", "rail-journey", "onsen-line")
    assert diff.exit_code == 0, diff.output
    first = diff.stdout.splitlines()[0]
    assert first.startswith("rail-journey -> onsen-line: ") and first.endswith(" face(s) differ")
    assert diff.stdout.splitlines()[-1] == "reprint them: cardgen build onsen-line --changed-since rail-journey"
    assert cardgen("validate", "onsen-line", "--no-faces").exit_code == 0
    simulate = cardgen("simulate", "onsen-line", "--games", "4", "--players", "3", "--json", "--no-progress")
    assert simulate.exit_code == 0, simulate.output
    tables = cardgen("tables", "rail-journey", "--games", "0", "--json", "--no-progress")
    assert tables.exit_code == 0, tables.output
    assert validate("onsen-line").content.folder == (DEFAULT_CONTENT.parent / "packs" / "onsen-line").resolve()


def test_an_unknown_name_says_which_ids_are_bundled(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cardgen("validate", "onsen-lin")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("onsen-lin:1:1: content folder not found, and no bundled game or pack "
                                             "has that id (bundled: flyovers, harbour-festival, horseless-carriage, onsen-line, "
                                             "rail-journey, "
                                             "railroad-ink)")


@pytest.mark.parametrize("umask", [0o022, 0o027])
def test_pack_new_makes_its_folder_as_mkdir_would(tmp_path, umask):
    old = os.umask(umask)
    try:
        result = cardgen("pack", "new", str(tmp_path / "mine"))
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mine").stat().st_mode & 0o777 == 0o777 & ~umask


def test_a_target_mismatch_names_no_python_none(tmp_path):
    line = copy_with(tmp_path / "c", "events.yaml", "    target: station\n", "")
    problems = [p.headline() for p in validate(tmp_path / "c").problems]
    assert problems[0] == (f"events.yaml:{line - 4}:5: kinds.2.target: effect 'platform_extra' needs target "
                           "'station'; write target: station")
    assert not any("None" in p for p in problems)


def test_a_replay_expectation_quotes_null_as_yaml_does():
    assert mismatches({"event": None}, {"event": "rainstorm"}, ()) == [(("event",), "expected null, got 'rainstorm'")]
    assert mismatches(True, None, ()) == [((), "expected true, got null")]


def test_pack_changes_are_read_from_the_merged_set(tmp_path):
    pack = PackDir(tmp_path / "p").write("events.yaml", "track:\n  12: {kind: fine_weather}\n")
    rows = catalogue(load(pack.root), ["track"], load(DEFAULT_CONTENT))["track"]
    changed = [e for e in rows if e.change]
    assert [(e.id, e.change, e.fields["kind"], e.was) for e in changed] == \
        [("12", "changed", "fine_weather", {"kind": "rainstorm", "icon": "🌧️"})]


def test_show_lists_the_sidings_a_pack_adds():
    result = cardgen("show", "onsen-line", "siding")
    assert result.exit_code == 0, result.output
    assert "siding: 1 siding (ruling R25)" in result.stdout
    assert "  + P1  Pass Loop / 山口待避线  cell 11, section T6, capacity 1, wait_gain 1" in result.stdout


def test_a_card_inserted_by_id_moves_the_later_ones_a_round(tmp_path):
    (tmp_path / "pack.yaml").write_text("id: moved\nname: {zh: 移, en: Moved}\nversion: 1\nbase: rail-journey\n"
                                        "mark: 移\n", encoding="utf-8")
    (tmp_path / "events.yaml").write_text(
        "track_edit:\n  insert:\n    - {after: rainstorm.1, card: {id: fine_weather.9, kind: fine_weather}}\n"
        "  remove: [fine_weather.3]\n", encoding="utf-8")
    result = cardgen("show", str(tmp_path), "track")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "  + 5   🌤️  kind fine_weather, card fine_weather.9" in lines
    assert "  ~ 6   🚧  kind track_works, card track_works.1, section T3  (was round 5)" in lines
    assert lines[-1] == "  - 18  🌤️  kind fine_weather, card fine_weather.3"
