"""Shared fixtures: the bundled content, and a copy of it a test may break."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.games.railroad_ink.model import CONTENT, RailroadInk, load_content
from tests import content_copy


@pytest.fixture(scope="session")
def content() -> RailroadInk:
    return load_content(CONTENT)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A writable copy of the bundled folder (without its scripted games)."""
    return content_copy.copy_of(CONTENT, tmp_path / "railroad-ink", "games")


def edit(folder: Path, name: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in a file of ``folder``."""
    content_copy.edit(folder / name, old, new)
