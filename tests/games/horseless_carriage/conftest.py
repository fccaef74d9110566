"""Shared fixtures: the bundled Horseless Carriage content, loaded once, and an editable copy of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.games.horseless_carriage.model import CONTENT as FOLDER, HorselessContent, load_content
from tests.content_copy import copy_of


@pytest.fixture(scope="session")
def content() -> HorselessContent:
    return load_content(FOLDER)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the bundled folder a test may edit."""
    return copy_of(FOLDER, tmp_path / "hc")


@pytest.fixture(scope="session")
def rules(content):
    from cardgen.games.horseless_carriage.rules import compile_rules

    return compile_rules(content)
