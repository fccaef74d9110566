"""Shared fixtures: the bundled Horseless Carriage content, loaded once, and an editable copy of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.games.horseless_carriage.model import CONTENT as FOLDER, HorselessContent, load_content


@pytest.fixture(scope="session")
def content() -> HorselessContent:
    return load_content(FOLDER)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the bundled folder a test may edit."""
    target = tmp_path / "hc"
    shutil.copytree(FOLDER, target)
    return target


@pytest.fixture(scope="session")
def rules(content):
    from cardgen.games.horseless_carriage.rules import compile_rules

    return compile_rules(content)
