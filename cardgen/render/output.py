"""Atomic output folders: a build is written beside its target and swapped in.

A failed build (bad content, overflowing text, a crash halfway, SIGINT or
SIGTERM) must leave the previous output exactly as it was, so nothing is
written into the target until every file exists. And a build only ever
replaces what a build made: the swap throws the old target away, so a target
that is not absent, empty or a previous output holding nothing but the files
its manifest lists (not a user's folder, a file, /etc/passwd, nor a content
folder in play or any folder around one) is refused up front. Staging folders
of builds that died without cleaning up (SIGKILL, a power cut) carry their
builder's process id and are swept by the next build beside them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from cardgen.errors import BuildError, UsageError

#: Written into every output folder: the proof that the next build may replace it.
STAMP = ".cardgen-output"
STAMP_TEXT = "This folder was written by `cardgen build`; the next build replaces all of it.\n"
#: Written into every staging folder: who is building there (``host pid``), so a dead build's leftovers can go.
STAGING_MARK = ".cardgen-staging"
#: Files a previous output's manifest never lists but a build writes.
_BOOKKEEPING = {STAMP, "manifest.json", STAGING_MARK}
_SHOWN = 5


def _overlaps(target: Path, protected: Sequence[Path]) -> Path | None:
    """The first protected folder that ``target`` is, contains or lies inside (links resolved)."""
    real = target.resolve()
    for folder in protected:
        home = Path(folder).resolve()
        if real == home or real.is_relative_to(home) or home.is_relative_to(real):
            return Path(folder)
    return None


def _foreign_files(target: Path) -> list[str]:
    """Files in a stamped folder that its manifest does not list (so a build did not write them).

    A missing or unreadable manifest lists nothing: only the stamp may then be there.
    """
    try:
        listed = set(json.loads((target / "manifest.json").read_text(encoding="utf-8")).get("files", []))
    except (OSError, ValueError, AttributeError):
        listed = set()
    listed = {name for name in listed if isinstance(name, str)} | _BOOKKEEPING
    found = []
    for root, dirs, files in os.walk(target, onerror=_unreadable):
        rel = Path(root).relative_to(target)
        for name in files + [d for d in dirs if (Path(root) / d).is_symlink()]:
            path = (rel / name).as_posix()
            if path not in listed or (Path(root) / name).is_symlink():
                found.append(path)
    return sorted(found)


def _unreadable(error: OSError) -> None:
    """A folder of a previous output that cannot be read may hold anything: the swap would hide it in a
    retired folder it then cannot delete, so the build is refused (os.walk skips such a folder silently)."""
    raise error


def check_target(target: Path, protected: Sequence[Path] = ()) -> Path:
    """The absolute target, if a build may write there; else a UsageError saying why (exit 2).

    Allowed: a path that does not exist yet (its first existing ancestor must be
    a writable folder), an empty folder, or a folder holding the STAMP file and
    only the files its manifest lists. Never one of the ``protected`` folders
    (the content folders in play: a pack and its bases), a folder inside one, or
    a folder holding one, since the swap would throw the content away.
    """
    target = Path(os.path.abspath(target))
    hint = "choose a new or empty folder"
    if target.is_symlink():
        raise UsageError(f"--out {target} is a symbolic link; {hint}")
    clash = _overlaps(target, protected)
    if clash is not None:
        raise UsageError(f"--out {target} is, holds or lies inside the content folder {clash}; "
                         f"choose a folder outside the content")
    if target.exists():
        if not target.is_dir():
            raise UsageError(f"--out {target} exists and is not a folder; {hint}")
        try:
            stamped = (target / STAMP).is_file()
            empty = not stamped and not any(target.iterdir())
            foreign = _foreign_files(target) if stamped else []
        except OSError as exc:
            where = exc.filename if exc.filename and Path(exc.filename) != target else "it"
            raise UsageError(f"--out {target}: cannot read {where} ({exc.strerror}); {hint}") from None
        if os.path.ismount(target):
            raise UsageError(f"--out {target} is a mount point, which cannot be swapped for the new output by a "
                             f"rename; choose a folder inside it")
        if not (stamped or empty):
            raise UsageError(f"--out {target} exists and is not a cardgen output folder (no {STAMP} file); {hint}")
        if foreign:
            more = f" and {len(foreign) - _SHOWN} more" if len(foreign) > _SHOWN else ""
            raise UsageError(f"--out {target} holds files cardgen did not write ({', '.join(foreign[:_SHOWN])}{more}); "
                             f"move them away or {hint}")
    ancestor = target.parent
    while not ancestor.exists() and not ancestor.is_symlink() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise UsageError(f"--out {target}: {ancestor} is not a folder; {hint}")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise UsageError(f"--out {target}: {ancestor} is not writable; {hint}")
    return target


def _owner() -> str:
    return f"{socket.gethostname()} {os.getpid()}"


def _dead(mark: Path) -> bool:
    """True when the build that wrote ``mark`` (on this host) is no longer running."""
    try:
        host, pid = mark.read_text(encoding="utf-8").split()
        pid_number = int(pid)
    except (OSError, ValueError):
        return False  # not ours to judge
    if host != socket.gethostname() or pid_number == os.getpid():
        return False
    try:
        os.kill(pid_number, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, owned by someone else
    return False


def sweep_stale(target: Path) -> list[Path]:
    """Remove staging and retired folders beside ``target`` left by builds that died; the ones removed.

    Only hidden folders named like ours *and* marked with a dead builder's
    process id are touched, never a live build's nor a user's folder.
    """
    removed = []
    for kind in ("tmp", "old"):
        for folder in target.parent.glob(f".{target.name}.{kind}-*"):
            if folder.is_dir() and not folder.is_symlink() and _dead(folder / STAGING_MARK):
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
    return removed


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM (``kill``, ``timeout``) stops a build like Ctrl-C, so the staging folder is cleaned up."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def atomic_folder(target: Path, protected: Sequence[Path] = ()) -> Iterator[Path]:
    """Yield an empty staging folder; on success it replaces ``target`` by renames.

    The staging folder lives in ``target``'s parent so the final renames never
    cross a file system. On any exception (SIGTERM included) the staging folder
    is removed and the exception propagates; ``target`` is not touched. File
    system errors become a BuildError naming the path. The target is checked
    again just before the swap, in case something else appeared there during
    the build.
    """
    target = check_target(target, protected)
    with _sigterm_as_interrupt():
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            sweep_stale(target)
            staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
            (staging / STAGING_MARK).write_text(_owner(), encoding="utf-8")
        except OSError as exc:
            raise BuildError(f"cannot write the output beside {target}: {exc.strerror or exc}") from None
        yield from _fill_and_swap(staging, target, protected)


def _fill_and_swap(staging: Path, target: Path, protected: Sequence[Path]) -> Iterator[Path]:
    try:
        yield staging
        (staging / STAMP).write_text(STAMP_TEXT, encoding="utf-8")
        check_target(target, protected)
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
        (target / STAGING_MARK).write_text(_owner(), encoding="utf-8")  # sweepable if we die mid-swap
        try:
            os.rename(target, retired)
        except BaseException:
            (target / STAGING_MARK).unlink(missing_ok=True)  # the previous output stays exactly as it was
            raise
    try:
        os.rename(staging, target)
    except BaseException:
        if retired is not None:
            os.rename(retired, target)
            (target / STAGING_MARK).unlink(missing_ok=True)
        raise
    (target / STAGING_MARK).unlink(missing_ok=True)
    if retired is not None:
        shutil.rmtree(retired, ignore_errors=True)
