"""Fixtures: the real ``cardgen`` app through Typer's runner, and a helper that writes a spec file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app


@pytest.fixture
def sweep():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, ["sweep", *map(str, args)])
    return invoke


@pytest.fixture
def spec(tmp_path):
    def write(text: str, name: str = "spec.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write


def points_of(result) -> list[dict]:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["points"]
