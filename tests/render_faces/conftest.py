"""Fixtures: the bundled faces (built once) and edited copies of the content."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from cardgen.model import DEFAULT_CONTENT, load
from cardgen.model.content import Content
from cardgen.games.rail_journey.faces.design import Face, build_faces


@pytest.fixture(scope="session")
def content() -> Content:
    return load()


@pytest.fixture(scope="session")
def faces_zh(content) -> list[Face]:
    return build_faces(content, lang="zh")


@pytest.fixture(scope="session")
def faces_en(content) -> list[Face]:
    return build_faces(content, lang="en")


EditFn = Callable[[dict], None]


@pytest.fixture
def edited(tmp_path) -> Callable[..., Content]:
    """``edited(game=fn, map=fn, ...)``: load a copy of the bundled content after
    ``fn(data)`` edits each named file's parsed YAML in place."""

    def make(**edits: EditFn) -> Content:
        folder = tmp_path / "content"
        shutil.copytree(DEFAULT_CONTENT, folder)
        for stem, fn in edits.items():
            path = Path(folder, f"{stem}.yaml")
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            fn(data)
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return load(folder)

    return make


def by_id(faces: list[Face]) -> dict[str, Face]:
    return {f.id: f for f in faces}
