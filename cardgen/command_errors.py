"""How a command that fails says so and exits: bad content as its located problems (a source line and a
caret each), any other cardgen error as its one line (:func:`cardgen.errors.error_line`), never a traceback.

Why one module: every command of every game fails in this one shape, so it is written once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

from cardgen.errors import CardgenError, ContentError, error_line
from cardgen.problems import format_problems


def exit_with_problems(exc: ContentError, after: str | None = None) -> NoReturn:
    """Print ``exc``'s located problems on stderr, then the line ``after`` if any, and exit with its code."""
    typer.echo(format_problems(exc.problems, exc.sources), err=True)
    if after is not None:
        typer.echo(after, err=True)
    raise typer.Exit(exc.exit_code) from None


def exit_with_error(command: str, exc: CardgenError) -> NoReturn:
    """Print ``cardgen COMMAND: error: ...`` on stderr and exit with ``exc``'s code."""
    typer.echo(error_line(command, exc), err=True)
    raise typer.Exit(exc.exit_code) from None


@contextmanager
def reported(command: str, outcome: str) -> Iterator[None]:
    """Run a command that reads content: bad content prints its problems and ``N problem(s) in the content;
    OUTCOME.`` (exit 1), any other :class:`CardgenError` its one error line (:func:`error_line`)."""
    try:
        yield
    except ContentError as exc:
        exit_with_problems(exc, f"\n{len(exc.problems)} problem(s) in the content; {outcome}.")
    except CardgenError as exc:
        exit_with_error(command, exc)
