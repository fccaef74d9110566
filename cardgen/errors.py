"""One exception root for everything a user can get wrong, mapped to exit codes.

The CLI catches :class:`CardgenError` and prints it; anything else is a bug and
still ends with a traceback so it gets reported.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass

from cardgen.printable import printable


@dataclass(frozen=True, order=True)
class Problem:
    """One located problem in a content file.

    ``line`` and ``col`` are 1-based; ``path`` is the dotted path of the value
    inside its file (``kinds.3.copies``), or ``""`` for the file itself.
    """

    file: str
    line: int
    col: int
    path: str
    message: str

    def __post_init__(self) -> None:
        # Every field may quote untrusted text (a file name, a key, a value): escape it once, here.
        for name in ("file", "path", "message"):
            object.__setattr__(self, name, printable(getattr(self, name)))

    def headline(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "col": self.col, "path": self.path, "message": self.message}


class CardgenError(Exception):
    """Root of every error cardgen reports to a user instead of crashing."""

    exit_code = 1

    def __str__(self) -> str:
        # Messages quote options, paths and ids a user or a shared file supplied.
        return printable(super().__str__(), multiline=True)


class ContentError(CardgenError):
    """The content folder does not describe a valid game; carries every problem found."""

    exit_code = 1

    def __init__(self, problems: list[Problem], sources: dict[str, list[str]] | None = None):
        self.problems = sorted(problems)
        self.sources = sources or {}
        super().__init__(f"{len(self.problems)} problem(s) in the content")


class UsageError(CardgenError):
    """A command-line option or argument that cannot be honoured."""

    exit_code = 2


class BuildError(CardgenError):
    """The set could not be rendered to print quality (missing glyph, overflowing text...)."""

    exit_code = 1


class PlayabilityError(CardgenError):
    """The rules engine found the set not playable."""

    exit_code = 1


def error_line(command: str, exc: CardgenError) -> str:
    """How every command reports an error, on one line: the command, the kind (``usage`` for a bad option,
    exit 2; ``PLAYABILITY FAILURE`` when the set cannot be played; else ``error``), the message.

    >>> error_line("simulate", UsageError("--players 9: this game takes 2-5"))
    'cardgen simulate: usage: --players 9: this game takes 2-5'
    """
    kind = ("usage" if isinstance(exc, UsageError) else
            "PLAYABILITY FAILURE" if isinstance(exc, PlayabilityError) else "error")
    return f"cardgen {command}: {kind}: {exc}"


#: the exit code of a command ended by Ctrl-C: 128 + SIGINT, as a shell reports it
INTERRUPTED_EXIT = 128 + signal.SIGINT
