"""Issue 10 item 4: valid but extreme content ends every command with exit 0 or 1, never a traceback.

Numbers are pushed to the bounds the schema declares (read from it, see
extremes.py), a few at a time, with the totals restated so that many of the
results are still valid content; then validate, simulate, tables and replay run
on it (small games), and a small build on a few fixed extremes.
"""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.untrusted.conftest import cli
from tests.untrusted.extremes import bundled_raw, fix_totals, number_leaves, with_changes, write

RAW = bundled_raw()
LEAVES = number_leaves(RAW)
SCRIPT = "title: extreme\ncontent: content\nplayers:\n  - {name: A, bot: heavy}\n  - {name: B, bot: light}\n"

extreme_change = st.sampled_from(LEAVES).flatmap(
    lambda leaf: st.sampled_from([leaf[2], leaf[3]]).map(lambda value: (leaf[0], leaf[1], value)))


def every_value(name: str, value) -> list:
    return [("operations", ("kinds", i, name), value) for i in range(len(RAW["operations"]["kinds"]))]


NAMED = {
    "all values 0": every_value("value", 0),
    "all values at the bound": every_value("value", 20),
    "zero fares": [("fares", ("spans", k, "fare"), 0) for k in RAW["fares"]["spans"]],
    "one ticket per kind": [("tickets", ("kinds", i, "copies"), 1) for i in range(len(RAW["tickets"]["kinds"]))],
    "a thousand tickets": [("tickets", ("kinds", i, "copies"), 33) for i in range(len(RAW["tickets"]["kinds"]))],
    "floor at the bound": [("game", ("propulsion", "floor"), 20)],
}


def run_all(tmp_path, raw) -> dict[str, int]:
    """Every command on ``raw``; each must end with exit 0 or 1 (cli() re-raises any traceback)."""
    folder = write(raw, tmp_path / "content")
    (tmp_path / "game.yaml").write_text(SCRIPT, encoding="utf-8")
    codes = {"validate": cli("validate", folder).exit_code}
    if codes["validate"] == 0:
        codes["simulate"] = cli("simulate", folder, "--games", "2", "--no-progress").exit_code
        codes["tables"] = cli("tables", folder, "--games", "1", "--no-progress").exit_code
        codes["replay"] = cli("replay", tmp_path / "game.yaml").exit_code
    assert set(codes.values()) <= {0, 1}, codes
    return codes


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(extreme_change, min_size=1, max_size=4), restate=st.booleans())
def test_extreme_numbers_never_crash(tmp_path_factory, changes, restate):
    raw = with_changes(RAW, changes)
    run_all(tmp_path_factory.mktemp("x"), fix_totals(raw) if restate else raw)


@pytest.mark.parametrize("name", sorted(NAMED))
def test_named_extremes_never_crash(tmp_path, name):
    codes = run_all(tmp_path, fix_totals(with_changes(RAW, NAMED[name])))
    # one ticket per kind cannot refill a platform of 3: refused by validate, located, exit 1
    assert codes["validate"] == (1 if name == "one ticket per kind" else 0), name


def test_all_operation_values_zero_is_a_playability_failure(tmp_path):
    folder = write(fix_totals(with_changes(RAW, NAMED["all values 0"])), tmp_path / "content")
    (tmp_path / "game.yaml").write_text(SCRIPT, encoding="utf-8")
    reason = ("PLAYABILITY FAILURE: no operation card moves a train: every operation card's value is 0 and "
              "game.propulsion.floor is 0")
    assert cli("validate", folder).exit_code == 0
    for args in (["simulate", folder, "--games", "2"], ["tables", folder, "--games", "1"],
                 ["replay", tmp_path / "game.yaml"]):
        result = cli(*args)
        assert result.exit_code == 1, args
        assert reason in result.output


@pytest.mark.slow
@pytest.mark.parametrize("name", ["all values at the bound", "zero fares", "a thousand tickets"])
def test_a_small_build_of_extreme_content(tmp_path, name):
    folder = write(fix_totals(with_changes(RAW, NAMED[name])), tmp_path / "content")
    result = cli("build", folder, "--lang", "en", "--only", "operation,ticket", "--out", tmp_path / "out")
    assert result.exit_code in (0, 1), result.output
