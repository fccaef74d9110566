"""The rules' own tables, recomputed from the content, against the values the rules print."""

import copy
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cardgen.engine.tables import command as tables_command
from cardgen.engine.tables.published import read_published
from cardgen.engine.tables.reproduce import (cliff_table, compare_rows, compare_win_rates, deck_totals, fare_table,
                                             verdict)
from cardgen.engine.simulation.stats import wilson
from cardgen.model import load

PUBLISHED_FILE = Path(__file__).resolve().parents[2] / "docs" / "balance-published.yaml"


@pytest.fixture(scope="module")
def published():
    return read_published(PUBLISHED_FILE)[0]


@pytest.fixture(scope="module")
def content():
    return load()


def test_cliff_table_matches_rules_6_5(content, published):
    rows = compare_rows(cliff_table(content), published["cliff_table"], "composition")
    assert len(rows) == 10 and all(r["match"] for r in rows), [r for r in rows if not r["match"]]


def test_fare_efficiency_matches_rules_5_2(content, published):
    rows = compare_rows(fare_table(content), published["fare_table"], "span")
    assert len(rows) == 5 and all(r["match"] for r in rows)


def test_deck_totals_match_rules_5_1(content, published):
    assert deck_totals(content) == published["deck"]


def test_a_wrong_published_cell_is_caught(content, published):
    wrong = copy.deepcopy(published["cliff_table"])
    wrong["rows"][5][-1] = 11  # capacity at N=5 is 10, not 11
    rows = compare_rows(cliff_table(content), wrong, "composition")
    assert [r["composition"] for r in rows if not r["match"]] == [5]


def test_capacity_peak_is_at_five_for_express(content):
    from cardgen.engine.tables.reproduce import capacity_peaks
    assert capacity_peaks(content)["express"] == 5


def test_verdict_sentences():
    ours = wilson(450, 1000).as_dict()
    assert verdict(ours, 0.45, wilson(18, 40), 40).startswith("consistent")
    far = verdict(wilson(100, 1000).as_dict(), 0.65, wilson(26, 40), 40)
    assert "differs" in far and "does not overlap" in far
    near = verdict(wilson(300, 1000).as_dict(), 0.45, wilson(18, 40), 40)
    assert "overlaps ours" in near


def test_win_rate_comparison_pairs_bots_by_count(published):
    summaries = {2: {"games": 100, "win_interval": {"heavy": wilson(30, 100).as_dict(),
                                                      "light": wilson(70, 100).as_dict()}}}
    rows = compare_win_rates(summaries, published["win_rates"])
    assert [(r["players"], r["bot"]) for r in rows] == [(2, "heavy"), (2, "light")]
    assert all(r["verdict"].startswith("consistent") for r in rows)


def invoke(*args):
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """group"""

    tables_command.register(app)
    return CliRunner().invoke(app, ["tables", *args])


def test_tables_command_without_win_rates(tmp_path):
    res = invoke("--published", str(PUBLISHED_FILE), "--games", "0")
    assert res.exit_code == 0, res.output
    assert "MISMATCH" not in res.output and "| 5 | 1 |" in res.stdout


def test_tables_command_exits_1_on_mismatch(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(PUBLISHED_FILE.read_text(encoding="utf-8").replace("mean: 2.222", "mean: 2.5"), encoding="utf-8")
    res = invoke("--published", str(bad), "--games", "0")
    assert res.exit_code == 1 and "MISMATCH: deck mean" in res.stderr


def test_tables_command_missing_published_file(tmp_path):
    res = invoke("--published", str(tmp_path / "nope.yaml"), "--games", "0")
    assert res.exit_code == 2 and "cannot read" in res.stderr


def test_tables_command_with_real_win_rates(tmp_path):
    out = tmp_path / "tables.html"
    res = invoke("--published", str(PUBLISHED_FILE), "--games", "20", "--report", str(out), "--json")
    assert res.exit_code == 0, res.output
    import json
    doc = json.loads(res.stdout)
    assert set(doc["win_rates"]) == {"2", "3", "4", "5"}
    assert len(doc["comparison"]["win_rates"]) == 2 + 3 + 4 + 4
    html = out.read_text(encoding="utf-8")
    assert html.count("<svg") == 4
    assert html.count("class='fair'") == 13  # one published mark per archetype and player count


def test_tables_report_without_published_values(tmp_path):
    """--report alone crashed on the template's comparison block (StrictUndefined)."""
    out = tmp_path / "tables.html"
    res = invoke("--games", "0", "--report", str(out))
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    assert "Rules tables reproduced" in html and "Against the published values" not in html


@pytest.mark.parametrize("text, expected", [
    ("fare_table: {columns: [span, fare], rows: [[1]]}\n",
     "p.yaml:1:44: fare_table.rows.0: expected a row of 2 values, one per column"),
    ("deck: {cards: nine}\n", "p.yaml:1:15: deck.cards: expected a number, got text 'nine'"),
    ("win_rates: {games: 40, by_players: {4: {heavy: high, light: 1}}}\n",
     "p.yaml:1:48: win_rates.by_players.4.heavy: expected a number, got text 'high'"),
    ("players: 4\nseed: 1\n", "p.yaml:1:1: players: unknown key 'players'; known: source, deck, fare_table, "
     "cliff_table, win_rates"),
    ("win_rates: {games: 40, by_players: {4: {heavy: 1.5}}}\n",
     "p.yaml:1:48: win_rates.by_players.4.heavy: must be at most 1, got the number 1.5"),
    ("deck: {cards: 9}\nfare_table: {columns: [fare], rows: [[1]]}\n",
     "p.yaml:2:23: fare_table.columns: expected a 'span' column (rows are matched by it)"),
])
def test_a_bad_published_file_is_a_located_error_not_a_traceback(tmp_path, monkeypatch, text, expected):
    """These gave a KeyError or ValueError traceback, and a replay script compared nothing and passed."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.yaml").write_text(text, encoding="utf-8")
    res = invoke("--published", "p.yaml", "--games", "0")
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    assert expected in res.stderr, res.stderr
