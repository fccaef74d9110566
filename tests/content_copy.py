"""A copy of the bundled content with one text replaced: the edit many tests make before loading or building."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardgen.resources import DEFAULT_CONTENT


def edit(path: Path, old: str, new: str, once: bool = True) -> int:
    """Replace ``old`` in the file at ``path`` by ``new``: its one occurrence, or with ``once=False`` every one
    (at least one); the 1-based line of the first (where a located problem about it points)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1 if once else old in text, (path.name, old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def copy_of(source: Path, target: Path, *ignore: str) -> Path:
    """A copy of the content folder ``source`` at ``target`` that a test may edit, without the files matching
    the patterns ``ignore``."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*ignore))
    return target


def copy_with(folder: Path, file: str, old: str, new: str) -> int:
    """Copy the bundled content into ``folder`` and replace the one occurrence of ``old`` in ``file`` by ``new``;
    the 1-based line ``old`` was on."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    return edit(folder / file, old, new)
