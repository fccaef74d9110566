"""Issue 10 item 8: the problem list is capped, --report never replaces a stranger's file, --workers is capped."""

from __future__ import annotations

import json
import os

import pytest

from cardgen.engine.simulation.runner import useful_workers
from tests.untrusted.conftest import cli


def test_the_problem_list_is_capped_and_json_lists_everything(content):
    extra = "".join(f"  - {{id: X{i}, origin: S1, destination: S2, copies: 0}}\n" for i in range(70))
    text = content.path("tickets.yaml").read_text(encoding="utf-8")
    content.path("tickets.yaml").write_text(text.rstrip("\n") + "\n" + extra, encoding="utf-8")
    full = json.loads(cli("validate", content.root, "--json").output)["errors"]
    assert len(full) == 70
    for command in (["validate"], ["simulate", "--games", "1"], ["build", "--only", "train_token"]):
        result = cli(command[0], content.root, *command[1:])
        assert result.exit_code == 1
        assert result.output.count("tickets.yaml:") == 50
        assert "... and 20 more problem(s); `cardgen validate --json` lists them all" in result.output


def test_report_refuses_a_file_cardgen_did_not_write_unless_forced(tmp_path):
    page = tmp_path / "notes.html"
    page.write_text("<html>my notes</html>", encoding="utf-8")
    result = cli("simulate", "--games", "2", "--report", page)
    assert result.exit_code == 2
    assert (f"cardgen simulate: usage: --report: {page} exists and was not written by cardgen; choose another path or pass --force "
            "to replace it") in result.output
    assert page.read_text(encoding="utf-8") == "<html>my notes</html>"
    assert cli("simulate", "--games", "2", "--report", page, "--force").exit_code == 0
    assert '<meta name="generator" content="cardgen report">' in page.read_text(encoding="utf-8")
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", "old run</body>"), encoding="utf-8")
    assert cli("simulate", "--games", "2", "--report", page).exit_code == 0  # an earlier report is replaced
    assert "old run" not in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("command", [["tables", "--games", "0"], ["sweep", "SPEC"]])
def test_tables_and_sweep_reports_refuse_a_strangers_file(tmp_path, command):
    page = tmp_path / "t.html"
    page.write_text("mine", encoding="utf-8")
    result = cli(*[tmp_path / "spec.yaml" if a == "SPEC" else a for a in command], "--report", page)
    assert result.exit_code == 2 and "was not written by cardgen" in result.output
    assert page.read_text(encoding="utf-8") == "mine"


def test_workers_are_capped_at_the_useful_count():
    cpus = os.cpu_count() or 1
    assert useful_workers(300, 600) == min(3, cpus)
    assert useful_workers(300, 10) == 1
    result = cli("simulate", "--games", "10", "--workers", "300", "--json")
    assert json.loads(result.stdout)["workers"] == 1
