"""Atomic output folders: a build is written beside its target and swapped in.

A failed build (bad content, overflowing text, a crash halfway) must leave the
previous output exactly as it was, so nothing is written into the target until
every file exists.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_folder(target: Path) -> Iterator[Path]:
    """Yield an empty staging folder; on success it replaces ``target`` by renames.

    The staging folder lives in ``target``'s parent so the final renames never
    cross a file system. On any exception the staging folder is removed and the
    exception propagates; ``target`` is not touched.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    os.chmod(staging, 0o755)  # mkdtemp makes it private; an output folder is not
    retired: Path | None = None
    if target.exists():
        retired = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        os.rmdir(retired)
        os.rename(target, retired)
    try:
        os.rename(staging, target)
    except BaseException:
        if retired is not None:
            os.rename(retired, target)
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if retired is not None:
        shutil.rmtree(retired, ignore_errors=True)
