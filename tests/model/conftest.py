"""Fixtures: a writable copy of the bundled content, edited per test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.model import DEFAULT_CONTENT, validate


class Pack:
    """A copy of the bundled content folder that a test may edit."""

    def __init__(self, root: Path):
        self.root = root

    def path(self, name: str) -> Path:
        return self.root / name

    def read(self, name: str) -> str:
        return self.path(name).read_text(encoding="utf-8")

    def write(self, name: str, text: str) -> None:
        self.path(name).write_text(text, encoding="utf-8")

    def edit(self, name: str, old: str, new: str, count: int = 1) -> None:
        """Replace ``old`` by ``new``; fails loudly if ``old`` is not written exactly ``count`` times."""
        text = self.read(name)
        assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {name}"
        self.write(name, text.replace(old, new))

    def headlines(self) -> list[str]:
        return [p.headline() for p in validate(self.root).problems]


@pytest.fixture
def pack(tmp_path: Path) -> Pack:
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, root)
    return Pack(root)
