"""Fixtures: a pack folder over the bundled game, written file by file per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.model import validate

PACK_YAML = """id: test-pack
name: {zh: 测试包, en: Test Pack}
version: 1
base: rail-journey
mark: "T"
"""


class PackDir:
    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.write("pack.yaml", PACK_YAML)

    def write(self, name: str, text: str) -> "PackDir":
        (self.root / name).write_text(text, encoding="utf-8")
        return self

    def content(self):
        """The validated merged content; fails with every problem's headline when it does not validate."""
        report = validate(self.root)
        assert report.ok, [p.headline() for p in report.problems]
        return report.content

    def headlines(self) -> list[str]:
        return [p.headline() for p in validate(self.root).problems]


@pytest.fixture
def pack_dir(tmp_path: Path) -> PackDir:
    return PackDir(tmp_path / "tp")
