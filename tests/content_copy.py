"""A copy of the bundled content with one text replaced: the edit many tests make before loading or building."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardgen.resources import DEFAULT_CONTENT


def copy_with(folder: Path, file: str, old: str, new: str) -> int:
    """Copy the bundled content into ``folder`` and replace the one occurrence of ``old`` in ``file`` by ``new``;
    the 1-based line ``old`` was on (where a located problem about it points)."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (file, old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    return next(number for number, row in enumerate(text.splitlines(), 1) if old in row)
