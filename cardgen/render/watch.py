"""``cardgen build --watch``: rebuild whenever a content or template file changes, in one warm process.

Why: a new ``cardgen build`` process spends well over a second importing
WeasyPrint and its friends before it looks at a face, while a designer who
edits one card wants to see it at once. The face cache already makes a
rebuild lay out only the faces that changed; this loop keeps the imports warm
between edits. It polls file times and sizes (no extra dependency): a few
dozen files cost microseconds to check. A pack is made of its base layers as
much as of its own folder (:func:`content_folders`), so an edit to the base
game under it rebuilds the pack too.
"""

from __future__ import annotations

import os
import time
from stat import S_ISLNK, S_ISREG
from collections.abc import Callable, Iterable
from pathlib import Path

#: what a folder looks like: file name -> (modification time in ns, size, inode); the inode tells an editor's
#: save-by-rename of the same size within one tick of the file clock
Snapshot = dict[str, tuple[int, int, int]]
#: Most files a watch looks at: a content folder holds a dozen; a folder of millions (``/``) must not be walked.
MAX_WATCHED_FILES = 10_000


def content_folders(folder: Path) -> list[Path]:
    """The folders whose files make up the content in ``folder``: for a pack, every layer (the base game, each
    pack between, the pack itself); else the folder alone. A pack whose chain of bases does not resolve (a
    missing base) is its own folder only: mending its pack.yaml is a change seen there. The folder's game knows
    its layers (cardgen.games.Game.layers); a folder naming no installed game is watched alone."""
    from cardgen.errors import CardgenError
    from cardgen.games import game_of

    try:
        game = game_of(Path(folder))
    except CardgenError:
        return [Path(folder)]
    return game.layers(Path(folder)) if game.layers is not None else [Path(folder)]


def snapshot(folders: Iterable[Path], ignored: Iterable[Path] = (),
             problems: list[str] | None = None) -> Snapshot:
    """Every regular file under ``folders`` with its time and size (hidden files, caches and the
    ``ignored`` folders, such as a build's own output, skipped).

    Never fails: a folder removed while it is read is simply gone, and one that cannot be read
    (or a walk past :data:`MAX_WATCHED_FILES`) is described in ``problems`` for the watch to report.
    Links to folders are not followed.
    """
    seen: Snapshot = {}
    skipped = [Path(p).resolve() for p in ignored]

    def unreadable(error: OSError) -> None:
        if problems is not None and not isinstance(error, FileNotFoundError):  # gone: nothing to watch there
            problems.append(f"cannot read {error.filename}: {error.strerror or error}; not watched")

    for folder in folders:
        for root, dirs, files in os.walk(folder, onerror=unreadable):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                             and not any(Path(root, d).resolve().is_relative_to(skip) for skip in skipped))
            for name in sorted(files):
                if name.startswith("."):
                    continue
                if len(seen) >= MAX_WATCHED_FILES:
                    if problems is not None:
                        problems.append(f"more than {MAX_WATCHED_FILES:,} files under {folder}; "
                                        "only the first are watched")
                    return seen
                path = Path(root, name)
                try:
                    info = path.lstat()
                except OSError:  # deleted while we looked: the next look sees it gone
                    continue
                if S_ISREG(info.st_mode) or (S_ISLNK(info.st_mode) and path.is_file()):
                    seen[str(path)] = (info.st_mtime_ns, info.st_size, info.st_ino)
    return seen


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """Files added, removed or modified between two snapshots, sorted.

    >>> changes({"a": (1, 1, 7), "b": (1, 1, 8)}, {"a": (2, 1, 7), "c": (1, 1, 9)})
    ['a', 'b', 'c']
    """
    return sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))


def watch(folders: Callable[[], Iterable[Path]], rebuild: Callable[[list[str]], None], *,
          ignored: Iterable[Path] = (), interval: float = 0.25, sleep: Callable[[float], None] = time.sleep,
          stop: Callable[[], bool] = lambda: False, report: Callable[[str], None] = lambda problem: None,
          ready: Callable[[], None] = lambda: None) -> None:
    """Call ``rebuild(changed files)`` after each change under the ``folders()`` (outside ``ignored``), until
    ``stop()`` is true. ``folders`` is asked again after each rebuild: a pack's edited pack.yaml may name
    another base. ``ready()`` is called once the first look is taken: a save before it would be part of
    the baseline and never seen, so "watching" is said there, not before.

    A change is acted on once the files hold still for one ``interval``: an
    editor that saves in several steps gets one rebuild, not a build of a
    half-written file. The build's output folder belongs in ``ignored``, or an
    output inside the content folder would start the next build.
    """
    ignored = [Path(f) for f in ignored]
    reported: set[str] = set()

    def look(at: list[Path]) -> Snapshot:
        """A snapshot; each new problem reported once (a folder unreadable for an hour is one line)."""
        problems: list[str] = []
        seen = snapshot(at, ignored, problems)
        for problem in dict.fromkeys(problems):
            if problem not in reported:
                reported.add(problem)
                report(problem)
        return seen

    watched = [Path(f) for f in folders()]
    last = look(watched)
    ready()
    while not stop():
        sleep(interval)
        now = look(watched)
        if now == last:
            continue
        while True:
            if stop():
                return
            sleep(interval)
            settled = look(watched)
            if settled == now:
                break
            now = settled
        rebuild(changes(last, now))
        last = now
        again = [Path(f) for f in folders()]
        if again != watched:      # another base: its files are the new baseline
            watched, last = again, look(again)
