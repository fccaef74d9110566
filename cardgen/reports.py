"""A report file of any cardgen command (simulate, tables, sweep, any game's sweep): written whole, and
replacing only an earlier report unless forced; the charts' one font.

Why one module: every report is a self-contained HTML page whose head names :data:`GENERATOR`, so a later
run may replace it and nothing else; reports of every game share these rules.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.atomic import replace_file
from cardgen.errors import UsageError

#: The font every inline SVG chart of a report writes its text in.
FONT = "font-family='sans-serif' font-size='11'"
#: Named in every report's <meta name="generator">: the proof that a later run may replace the file.
GENERATOR = "cardgen report"
_MARK = f'<meta name="generator" content="{GENERATOR}">'.encode()


def check_report_path(path: Path, force: bool = False) -> None:
    """Refuse (exit 2) a --report path in a missing folder, or one that would replace a file cardgen did not write.

    An existing file is replaced only when it is an earlier cardgen report (its
    head names :data:`GENERATOR`) or ``force`` is given, so a typo cannot
    overwrite someone's document.
    """
    if not path.parent.is_dir():
        raise UsageError(f"--report: folder {path.parent} does not exist")
    if force or not (path.exists() or path.is_symlink()):
        return
    if path.is_symlink() or not path.is_file():
        raise UsageError(f"--report: {path} exists and is not a regular file; choose another path")
    try:
        with open(path, "rb") as fh:
            head = fh.read(1024)
    except OSError as exc:
        raise UsageError(f"--report: cannot read {path}: {exc.strerror}") from None
    if _MARK not in head:
        raise UsageError(f"--report: {path} exists and was not written by cardgen; "
                         "choose another path or pass --force to replace it")


def write_html(path: Path, html: str) -> None:
    """Replace ``path`` with ``html`` atomically (:func:`cardgen.atomic.replace_file`)."""
    try:
        replace_file(path, html.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"--report: cannot write {path}: {exc.strerror}") from exc
