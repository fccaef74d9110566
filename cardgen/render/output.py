"""Atomic output folders: a build is written beside its target and swapped in.

A failed build (bad content, overflowing text, a crash halfway) must leave the
previous output exactly as it was, so nothing is written into the target until
every file exists. And a build only ever replaces what a build made: the swap
throws the old target away, so a target that is not absent, empty or stamped
with :data:`STAMP` (a user's folder, a file, /etc/passwd) is refused up front.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardgen.errors import BuildError, UsageError

#: Written into every output folder: the proof that the next build may replace it.
STAMP = ".cardgen-output"
STAMP_TEXT = "This folder was written by `cardgen build`; the next build replaces all of it.\n"


def check_target(target: Path) -> Path:
    """The absolute target, if a build may write there; else a UsageError saying why (exit 2).

    Allowed: a path that does not exist yet (its first existing ancestor must be
    a writable folder), an empty folder, or a folder holding the STAMP file.
    """
    target = Path(os.path.abspath(target))
    hint = "choose a new or empty folder"
    if target.is_symlink():
        raise UsageError(f"--out {target} is a symbolic link; {hint}")
    if target.exists():
        if not target.is_dir():
            raise UsageError(f"--out {target} exists and is not a folder; {hint}")
        try:
            stamped = (target / STAMP).is_file()
            empty = not stamped and not any(target.iterdir())
        except OSError as exc:
            raise UsageError(f"--out {target}: cannot read it ({exc.strerror}); {hint}") from None
        if not (stamped or empty):
            raise UsageError(f"--out {target} exists and is not a cardgen output folder (no {STAMP} file); {hint}")
    ancestor = target.parent
    while not ancestor.exists() and not ancestor.is_symlink() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise UsageError(f"--out {target}: {ancestor} is not a folder; {hint}")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise UsageError(f"--out {target}: {ancestor} is not writable; {hint}")
    return target


@contextmanager
def atomic_folder(target: Path) -> Iterator[Path]:
    """Yield an empty staging folder; on success it replaces ``target`` by renames.

    The staging folder lives in ``target``'s parent so the final renames never
    cross a file system. On any exception the staging folder is removed and the
    exception propagates; ``target`` is not touched. File system errors become
    a BuildError naming the path. The target is checked again just before the
    swap, in case something else appeared there during the build.
    """
    target = check_target(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    except OSError as exc:
        raise BuildError(f"cannot write the output beside {target}: {exc.strerror or exc}") from None
    try:
        yield staging
        (staging / STAMP).write_text(STAMP_TEXT, encoding="utf-8")
        check_target(target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot write {exc.filename or staging}: {exc.strerror or exc}") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    try:
        _swap(staging, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"cannot replace {target}: {exc.strerror or exc}") from None


def _swap(staging: Path, target: Path) -> None:
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
        raise
    if retired is not None:
        shutil.rmtree(retired, ignore_errors=True)
