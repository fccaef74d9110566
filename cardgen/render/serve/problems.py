"""What the page's overlay shows for an error: each problem's ``file:line:col``, source line, caret and message.

A content error carries its located problems and the files' lines. A face that
does not fit (cardgen.render.faces.fit) names the content file, line and
column in its message (the file's name only); that line is read back from the
content folder holding such a file, so the overlay shows the line to mend
(a pack whose layers both hold a file of that name gets the place alone).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from cardgen.errors import CardgenError, ContentError
from cardgen.problems import SHOWN_PROBLEMS, source_with_caret

#: ``file.yaml:line:col: `` where a message names a place in a content file.
PLACE = re.compile(r"(?P<file>[^\s:;'\"]+\.ya?ml):(?P<line>\d+):(?P<col>\d+): ")


def error_message(exc: CardgenError, folders: Sequence[Path]) -> dict:
    """The ``error`` message the page gets for ``exc``; ``folders`` are the content folders, for the source lines."""
    if isinstance(exc, ContentError):
        problems = [shown(f"{p.file}:{p.line}:{p.col}", f"{p.path}: {p.message}" if p.path else p.message,
                          source_with_caret(p.line, p.col, exc.sources.get(p.file, [])))
                    for p in exc.problems[:SHOWN_PROBLEMS]]
        return {"type": "error", "problems": problems, "more": max(0, len(exc.problems) - SHOWN_PROBLEMS)}
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return {"type": "error", "problems": [_located(line, folders) for line in lines], "more": 0}


def shown(where: str, message: str, source: tuple[str, str] | None) -> dict:
    text, caret = source or ("", "")
    return {"where": where, "message": message, "source": text, "caret": caret}


def _located(line: str, folders: Sequence[Path]) -> dict:
    """One line of a build error: where it names a content file, that place and its source line."""
    place = PLACE.search(line)
    if place is None:
        return shown("", line, None)
    number, col = int(place["line"]), int(place["col"])
    # The message names the file without its folder: its line is shown only when one layer has such a file.
    files = [Path(folder) / place["file"] for folder in folders if (Path(folder) / place["file"]).is_file()]
    source = source_with_caret(number, col, _lines(files[0])) if len(files) == 1 else None
    return shown(f"{place['file']}:{number}:{col}", line[:place.start()] + line[place.end():], source)


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
