"""``cardgen build --variant``: a variant's patched content is what gets printed.

Usage errors of --variant are with the other option errors in test_cli.py.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardgen.cli import app

runner = CliRunner()


def test_two_locomotives_prints_a_token_per_train(tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--out", str(out), "--variant", "two_locomotives", "--players", "2",
                                 "--only", "train_token"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["train_token"] == 4  # 2 players x 2 trains each (variant 9.3)
