"""``cardgen validate`` as a user runs it: text and JSON output, exit codes, a copied pack."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.model.checks import CHECKS, VARIANTS_CHECK
from cardgen.model.reference import schema_reference

REPO = Path(__file__).resolve().parents[2]


def run(*args: str):
    return CliRunner().invoke(app, ["validate", *args])


def test_clean_run_prints_summary_and_every_check():
    result = run()
    assert result.exit_code == 0, result.output
    assert "valid" in result.stdout
    assert "82 cards over 30 kinds" in result.stdout
    for name, _ in CHECKS:
        assert f"ok  {name}" in result.stdout
    assert f"ok  {VARIANTS_CHECK}" in result.stdout
    assert len(result.stdout.splitlines()) <= 40  # one screen


def test_json_shape_on_clean_run():
    result = run("--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert {"ok", "errors", "counts"} <= set(doc)
    assert doc["ok"] is True and doc["errors"] == []
    assert doc["counts"]["tickets"] == 82 and doc["counts"]["ticket_kinds"] == 30
    assert doc["counts"]["dispatch_cards"] == 15 and doc["counts"]["events"] == 20
    assert len(doc["checks"]["passed"]) == len(CHECKS) + 1 and doc["checks"]["failed"] == []


def test_json_errors_are_located_and_sorted(pack):
    pack.edit("tickets.yaml", "copies: 4}", "copies: 0}", count=10)
    pack.edit("fares.yaml", "fare: 2,", "fare: two,")
    result = run(str(pack.root), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False
    errors = doc["errors"]
    assert all(set(e) == {"file", "line", "col", "path", "message"} for e in errors)
    assert errors[0] == {"file": "fares.yaml", "line": 7, "col": 13, "path": "spans.1.fare",
                         "message": "expected a whole number, got text 'two'"}
    assert len(errors) == 11
    assert [(e["file"], e["line"], e["col"]) for e in errors] == sorted((e["file"], e["line"], e["col"]) for e in errors)


def test_text_error_shows_source_line_and_caret(pack):
    pack.edit("fares.yaml", "fare: 2,", "fare: two,")
    result = run(str(pack.root))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[:3] == [
        "fares.yaml:7:13: spans.1.fare: expected a whole number, got text 'two'",
        "      1: {fare: two, slack: 3}",
        "    " + " " * 12 + "^",
    ]
    assert f"1 problem(s) in {pack.root}" in result.stderr
    # the cross-checks that read the fares are not run on a broken fares.yaml, nor the variants: the designer is told
    assert result.stderr.splitlines()[-2].endswith(" cross-check(s) not run: they need a file whose problems are "
                                                   "above; validate again once those are fixed (`--json` names them)")
    assert result.stderr.splitlines()[-1] == ("variants not checked: each is checked over the content once the "
                                              "problems above are fixed")
    assert "Traceback" not in result.output


def test_caret_accounts_for_wide_characters(pack):
    pack.edit("map.yaml", "name: {zh: 学园站, en: Academy}", "name: {zh: 学园站, en: 7}")
    result = run(str(pack.root))
    assert result.stderr.splitlines()[:3] == [
        "map.yaml:16:54: stations.1.name.en: expected text, got the number 7",
        '      - {id: S2, cell: 2, icon: "🏫", name: {zh: 学园站, en: 7}}',
        "    " + " " * (53 + 1 + 3) + "^",  # the emoji and three CJK characters are two columns wide
    ]


def test_missing_folder_is_a_clear_error(tmp_path):
    result = run(str(tmp_path / "nope"))
    assert result.exit_code == 1
    assert f"{tmp_path / 'nope'}:1:1: content folder not found" in result.stderr


def test_schema_flag_prints_the_reference():
    result = run("--schema")
    assert result.exit_code == 0
    assert result.stdout == schema_reference()


def test_docs_content_format_is_current():
    doc = (REPO / "docs" / "content-format.md").read_text(encoding="utf-8")
    assert doc == schema_reference(), "regenerate: cardgen validate --schema > docs/content-format.md"


def test_real_process_on_a_copied_pack(pack):
    """The expansion-pack use: a designer copies the folder elsewhere, edits it, runs python -m cardgen."""
    ok = subprocess.run([sys.executable, "-m", "cardgen", "validate", str(pack.root)],
                        capture_output=True, text=True, timeout=120, cwd=pack.root.parent)
    assert ok.returncode == 0, ok.stderr
    assert f"{pack.root}: valid" in ok.stdout
    pack.write("events.yaml", pack.read("events.yaml").replace("2: {kind: fallen_leaves}", "2: {kind: fallen_leafs}"))
    bad = subprocess.run([sys.executable, "-m", "cardgen", "validate", str(pack.root), "--json"],
                         capture_output=True, text=True, timeout=120, cwd=pack.root.parent)
    assert bad.returncode == 1
    assert "Traceback" not in bad.stderr
    errors = json.loads(bad.stdout)["errors"]
    assert {"file": "events.yaml", "line": 55, "col": 13, "path": "track.2.kind",
            "message": "unknown event kind 'fallen_leafs'; did you mean 'fallen_leaves'?"} in errors
