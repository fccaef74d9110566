"""Fixtures for issue 10: content folders, packs and scripts are untrusted input."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.model import DEFAULT_CONTENT

REPO = Path(__file__).resolve().parents[2]
SAMPLE_GAME = REPO / "games" / "sample-4p.yaml"


class Folder:
    """A writable copy of the bundled content."""

    def __init__(self, root: Path):
        self.root = root

    def path(self, name: str) -> Path:
        return self.root / name

    def edit(self, name: str, old: str, new: str) -> None:
        text = self.path(name).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {name}"
        self.path(name).write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def content(tmp_path: Path) -> Folder:
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, root)
    return Folder(root)


def cli(*args: str):
    """Run the CLI in-process; a traceback (any exception but SystemExit) fails the test."""
    result = CliRunner().invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result
