"""Spare cards and optional modules (issue 23, item 7): a spare is not expected to take effect; a module's cards
are out of play until it is enabled (game.yaml, or a variant); Content.in_play decides for the engine."""

from __future__ import annotations

import shutil
from pathlib import Path

import fake_engine
from cardgen.engine.play.games import rules_for
from cardgen.engine.simulation.playability import never_check_games
from cardgen.model import load, validate
from cardgen.model.catalogue import catalogue
from cardgen.resources import DEFAULT_CONTENT
from tests.content_copy import edit

MODULE = """modules:
  promo: {name: {zh: 促销, en: Promo Cards}}
card_size_mm:"""
ENABLE = """  - id: promo_on
    section: "X"
    name: {zh: 促销, en: Promo}
    summary: {zh: 加入促销卡。, en: Play with the promo cards.}
    patch:
      game: {modules: {promo: {enabled: true}}}
"""


def content(tmp_path: Path, module: bool = True, name: str = "c") -> Path:
    folder = tmp_path / name
    shutil.copytree(DEFAULT_CONTENT, folder)
    if module:
        edit(folder / "game.yaml", "card_size_mm:", MODULE)
        with (folder / "variants.yaml").open("a", encoding="utf-8") as out:
            out.write(ENABLE)
    return folder


def test_a_spare_kind_is_not_expected_to_take_effect(monkeypatch, cli, tmp_path):
    fake_engine.use_engine(monkeypatch, fake_engine.never_plays("crowded_train"))
    folder = content(tmp_path, module=False)
    games = str(never_check_games())
    res = cli(str(folder), "--games", games)
    assert res.exit_code == 1
    assert "PLAYABILITY FAILURE: event kind 'crowded_train' never took effect in the whole run" in res.stderr
    folder = content(tmp_path, module=False, name="spare")  # a new folder: simulate keeps what it loaded
    edit(folder / "events.yaml", "    name: {zh: 满员电车, en: Crowded Train}\n",
         "    name: {zh: 满员电车, en: Crowded Train}\n    spare: true\n")
    res = cli(str(folder), "--games", games)
    assert res.exit_code == 0, res.stderr


def test_spare_track_cards_skip_their_kind_only_when_every_card_is_spare(monkeypatch, cli, tmp_path):
    fake_engine.use_engine(monkeypatch, fake_engine.never_plays("crowded_train"))
    folder = content(tmp_path, module=False)
    games = str(never_check_games())
    edit(folder / "events.yaml", "  8: {kind: crowded_train}", "  8: {kind: crowded_train, spare: true}")
    res = cli(str(folder), "--games", games)
    assert res.exit_code == 1
    assert "PLAYABILITY FAILURE: event kind 'crowded_train' never took effect in the whole run" in res.stderr
    folder = content(tmp_path, module=False, name="both")
    edit(folder / "events.yaml", "  8: {kind: crowded_train}", "  8: {kind: crowded_train, spare: true}")
    edit(folder / "events.yaml", "  17: {kind: crowded_train}", "  17: {kind: crowded_train, spare: true}")
    assert cli(str(folder), "--games", games).exit_code == 0


def test_a_disabled_modules_cards_are_out_of_play_until_a_variant_enables_it(tmp_path):
    folder = content(tmp_path)
    edit(folder / "dispatch.yaml", "    timing: any_time\n", "    timing: any_time\n    module: promo\n")
    edit(folder / "events.yaml", "  7: {kind: radio_command}", "  7: {kind: radio_command, module: promo}")
    plain = load(folder)
    assert validate(folder).ok
    assert plain.out_of_play(plain.dispatch.kinds[2]) and not plain.out_of_play(plain.dispatch.kinds[0])
    rules = rules_for(plain)
    assert rules.dispatch_ids == ("swap", "signal_priority")
    assert 7 not in rules.track and 15 in rules.track
    enabled = load(folder, variant="promo_on")
    assert rules_for(enabled).dispatch_ids == ("swap", "signal_priority", "group_booking")
    assert 7 in rules_for(enabled).track
    assert enabled.in_play is enabled


def test_a_disabled_modules_kind_is_not_expected_to_take_effect(monkeypatch, cli, tmp_path):
    fake_engine.use_engine(monkeypatch, fake_engine.never_plays("group_booking"))
    folder = content(tmp_path)
    games = str(never_check_games())
    assert cli(str(folder), "--games", games).exit_code == 1
    folder = content(tmp_path, name="module")
    edit(folder / "dispatch.yaml", "    timing: any_time\n", "    timing: any_time\n    module: promo\n")
    res = cli(str(folder), "--games", games)
    assert res.exit_code == 0, res.stderr


def test_an_unknown_module_is_located(tmp_path):
    folder = content(tmp_path)
    line = edit(folder / "dispatch.yaml", "    timing: any_time\n", "    timing: any_time\n    module: prom\n")
    assert [p.headline() for p in validate(folder).problems] == [
        f"dispatch.yaml:{line + 1}:13: kinds.2.module: unknown module 'prom'; did you mean 'promo'? "
        "(game.yaml modules: promo)"]


def test_a_module_holding_every_dispatch_kind_must_be_enabled_to_deal_them(tmp_path):
    folder = content(tmp_path)
    edit(folder / "dispatch.yaml", "    timing: ", "    module: promo\n    timing: ", once=False)
    problems = [p.headline() for p in validate(folder).problems]
    assert problems == [
        "game.yaml:65:3: modules: every dispatch kind is in a module that is not enabled, and each player is "
        "dealt dispatch cards: enable one (enabled: true)"]


def test_show_marks_spares_and_modules(tmp_path):
    folder = content(tmp_path)
    edit(folder / "dispatch.yaml", "    timing: any_time\n", "    timing: any_time\n    module: promo\n    spare: true\n")
    rows = {e.id: e.fields for e in catalogue(load(folder), ["dispatch"])["dispatch"]}
    assert rows["group_booking"]["spare"] is True
    assert rows["group_booking"]["module"] == "promo" and rows["group_booking"]["out_of_play"] is True
    assert "module" not in rows["swap"]
