"""The build cache folder on disk: where it is, which files in it cardgen wrote, its size and its bound.

Why: the cache keeps every distinct face, sheet, PNG and font instance a build has
made, so it grows with every option and edit (282 MB after a few builds). Each
build therefore ends by evicting the least recently used entries beyond a size
bound, and ``cardgen cache info|clear`` shows and empties the folder. Only files
cardgen wrote are counted, evicted or cleared, and a name is no proof of that (a
user's ``notes/plan-<hex>-final.txt`` or ``.tmp-mine`` looks like an entry): every
write appends the names it is about to create, its temporary file's and its
own, to the folder's :data:`RECORD` first. A file is cardgen's when the record
lists it and it is a regular file found without following a link; anything else
is left alone.

This module needs no renderer, so ``cardgen cache`` works where WeasyPrint does not.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from cardgen.atomic import replace_file, temporary_beside

from cardgen.errors import UsageError

#: The environment variable that sets the bound, in megabytes (10**6 bytes).
LIMIT_ENV = "CARDGEN_CACHE_MAX_MB"
#: The bound when the variable is not set: a few full builds of the bundled game fit.
DEFAULT_LIMIT_MB = 1000
#: Font instances are keyed by their files' modification times, so they are never touched for
#: recency and never evicted (one small file per font and fontTools version); `clear` removes them.
FONTS_FOLDER = "fonts"

#: The cache's size as last counted plus what builds stored since, so most builds skip the walk.
LEDGER = "size.json"
#: The exact record of what cardgen wrote: one path a line, relative to the cache folder, appended before each write.
RECORD = "written.txt"
#: The ledger is trusted this long; then the folder is counted again (it misses font instances
#: and additions of two builds running at once).
LEDGER_SECONDS = 24 * 3600

def write_atomically(path: Path, data: bytes, record: Path | None = None) -> None:
    """Write bytes so a reader never sees half a file (another build may share the cache).

    ``record``, the cache folder ``path`` lies in: the temporary file's name and ``path``
    are appended to its :data:`RECORD` before either is created, so that what cardgen
    wrote, even a write cut short, is known exactly.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temporary_beside(path)
    if record is not None:
        _append_record(Path(record), [tmp, path])
    replace_file(path, data, temporary=tmp, mode=0o600)


def _append_record(folder: Path, paths: list[Path]) -> None:
    """Append ``paths`` (inside ``folder``) to its record in one write, so writers sharing the cache never interleave."""
    lines = "".join(f"{path.relative_to(folder).as_posix()}\n" for path in paths).encode()
    fd = os.open(folder / RECORD, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, lines)
    finally:
        os.close(fd)


def recorded(folder: Path) -> set[str]:
    """The paths, relative to ``folder``, that its record says cardgen wrote (none if it has no record)."""
    try:
        text = (Path(folder) / RECORD).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    return {line for line in text.split("\n") if line}


def default_cache() -> Path:
    """The system's user cache folder for cardgen (platformdirs): ``$XDG_CACHE_HOME/cardgen``
    (``~/.cache/cardgen``) on Linux, ``~/Library/Caches/cardgen`` on macOS, ``%LOCALAPPDATA%\\cardgen\\Cache``
    on Windows. One predictable place for every build.

    Outside the output folder, so the atomic swap never throws the cache away,
    and never beside an arbitrary ``--out`` target. Entries are keyed by content
    hash, so builds of different games, options or output folders share it safely.
    """
    return platformdirs.user_cache_path("cardgen", appauthor=False)


def limit_bytes() -> int:
    """The size bound: ``$CARDGEN_CACHE_MAX_MB`` megabytes, or :data:`DEFAULT_LIMIT_MB`.

    >>> os.environ[LIMIT_ENV] = "250"; limit_bytes()
    250000000
    >>> os.environ[LIMIT_ENV] = "lots"; limit_bytes()
    Traceback (most recent call last):
    ...
    cardgen.errors.UsageError: CARDGEN_CACHE_MAX_MB='lots': must be a whole number of megabytes, 0 or more
    >>> os.environ[LIMIT_ENV] = "²"; limit_bytes()  # a digit to str.isdigit, not to int(): isdecimal says no
    Traceback (most recent call last):
    ...
    cardgen.errors.UsageError: CARDGEN_CACHE_MAX_MB='²': must be a whole number of megabytes, 0 or more
    >>> del os.environ[LIMIT_ENV]
    """
    raw = os.environ.get(LIMIT_ENV)
    if raw is None or not raw.strip():
        return DEFAULT_LIMIT_MB * 10**6
    if not raw.strip().isdecimal() or len(raw.strip()) > 9:
        raise UsageError(f"{LIMIT_ENV}={raw[:40]!r}: must be a whole number of megabytes, 0 or more")
    return int(raw) * 10**6


@dataclass(frozen=True)
class Usage:
    """What the cache folder holds."""

    files: int          #: files cardgen wrote
    bytes: int          #: their total size
    foreign: int        #: other files, which cardgen never deletes


def _walk(folder: Path) -> tuple[list[tuple[Path, os.stat_result]], int]:
    """Cardgen's files in ``folder`` (those its record lists) with their stat, and how many other files there are.

    Symbolic links are never followed nor counted as cardgen's: cardgen writes none.
    One ``lstat`` a file (``os.scandir``). The ledger and the record are bookkeeping, not cached data: left out.
    """
    mine: list[tuple[Path, os.stat_result]] = []
    foreign = 0
    written = recorded(folder)
    root = str(folder)
    bookkeeping = {os.path.join(root, LEDGER), os.path.join(root, RECORD)}
    pending = [root]
    while pending:
        try:
            entries = list(os.scandir(pending.pop()))
        except OSError:
            continue  # missing (no cache yet) or removed meanwhile
        for entry in entries:
            try:
                if entry.path in bookkeeping:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
                elif (entry.is_file(follow_symlinks=False)
                      and Path(os.path.relpath(entry.path, root)).as_posix() in written):
                    mine.append((Path(entry.path), entry.stat(follow_symlinks=False)))
                else:
                    foreign += 1
            except OSError:
                continue  # removed meanwhile (another build evicting)
    return mine, foreign


def usage(folder: Path) -> Usage:
    mine, foreign = _walk(folder)
    return Usage(files=len(mine), bytes=sum(st.st_size for _, st in mine), foreign=foreign)


def touch(path: Path) -> None:
    """Mark an entry as just used (its modification time), so eviction keeps it longest."""
    try:
        os.utime(path)
    except OSError:
        pass  # a read-only cache still serves; it is only evicted sooner


def _read_ledger(folder: Path, now: float) -> int | None:
    try:
        ledger = json.loads((Path(folder) / LEDGER).read_text())
        size, counted = int(ledger["bytes"]), float(ledger["counted"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return size if 0 <= now - counted < LEDGER_SECONDS else None


def _write_ledger(folder: Path, size: int, counted: float) -> None:
    try:
        write_atomically(Path(folder) / LEDGER, json.dumps({"bytes": size, "counted": counted}).encode())
    except OSError:
        pass  # an unwritable cache is counted again next time


def prune(folder: Path, limit: int, *, keep_since: float, added: int | None = None) -> int:
    """Delete the least recently used entries until cardgen's files total at most ``limit`` bytes.

    An entry is the files sharing a name before the first dot (a face's PDF and its
    ``.deps.json`` go together). Entries used at or after ``keep_since`` (this
    build's) and font instances are kept even above the bound. Returns the bytes freed.

    ``added``, the bytes this build stored, lets a build skip counting the folder
    (a one-face rebuild must stay quick): while the ledger's size plus ``added``
    is within the bound, only the ledger is updated.
    """
    now = time.time()
    known = _read_ledger(folder, now) if added is not None else None
    if known is not None and added is not None and known + added <= limit:
        counted = json.loads((Path(folder) / LEDGER).read_text())["counted"]
        _write_ledger(folder, known + added, counted)
        return 0
    mine, _ = _walk(folder)
    total = sum(st.st_size for _, st in mine)
    if total <= limit:
        _compact_record(folder)
        _write_ledger(folder, total, now)
        return 0
    entries: dict[Path, list[tuple[Path, os.stat_result]]] = {}
    for path, st in mine:
        if path.parent == folder / FONTS_FOLDER or path.name.startswith(".tmp-"):
            continue  # fonts: see FONTS_FOLDER; a temporary file may be another build's write in progress
        entries.setdefault(path.parent / path.name.split(".", 1)[0], []).append((path, st))
    freed = 0
    for files in sorted(entries.values(), key=lambda fs: max(st.st_mtime for _, st in fs)):
        if total - freed <= limit or max(st.st_mtime for _, st in files) >= keep_since:
            break
        for path, st in files:
            try:
                path.unlink()
                freed += st.st_size
            except OSError:
                pass
    _remove_empty_folders(folder)
    _compact_record(folder)
    _write_ledger(folder, total - freed, now)
    return freed


def _compact_record(folder: Path) -> None:
    """Keep in the record only the paths that still exist (it gains two lines a write).

    A line another build appends between the read and the replace is lost: that file is then never
    deleted by cardgen, which is the safe way to be wrong.
    """
    if not os.path.isfile(os.path.join(str(folder), RECORD)):
        return
    kept = sorted(line for line in recorded(folder) if os.path.lexists(os.path.join(str(folder), line)))
    try:
        write_atomically(Path(folder) / RECORD, "".join(f"{line}\n" for line in kept).encode())
    except OSError:
        pass  # a read-only cache keeps its longer record


def clear(folder: Path) -> Usage:
    """Delete every file cardgen wrote in ``folder``, then the folders left empty; what was removed.

    ``foreign`` counts the files left in place because cardgen did not write them.
    """
    mine, foreign = _walk(folder)
    removed = removed_bytes = 0
    for path, st in mine:
        try:
            path.unlink()
        except OSError:
            continue
        removed += 1
        removed_bytes += st.st_size
    Path(folder, LEDGER).unlink(missing_ok=True)
    _compact_record(folder)  # a file that could not be deleted stays recorded as cardgen's
    if not recorded(folder):
        Path(folder, RECORD).unlink(missing_ok=True)
    _remove_empty_folders(folder)
    return Usage(files=removed, bytes=removed_bytes, foreign=foreign)


def _remove_empty_folders(folder: Path) -> None:
    """Remove the sub-folders of ``folder`` that are empty now (deepest first); ``folder`` itself stays."""
    for root, _dirs, _names in os.walk(folder, topdown=False, followlinks=False):
        if Path(root) != Path(folder) and not os.path.islink(root):
            try:
                os.rmdir(root)  # refuses a folder that is not empty
            except OSError:
                pass
