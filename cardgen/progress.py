"""Progress on stderr for every long command (build, simulate, tables, sweep): one class, two looks.

On a terminal it is rich's live bar (redrawn in place, with the count, the rate and what is at
work). In a log or CI, where a redrawn line is noise, it writes plain lines: the first and last
step always, and at most one line every :data:`LOG_INTERVAL` seconds between them, each with the
bar, the count and what is at work. ``--progress``/``--no-progress`` force it on or off; without
either it is on when stderr is a terminal (:func:`wanted`).

>>> import io
>>> log = io.StringIO()
>>> bar = Progress("simulating", "games", stream=log)
>>> bar.start(3); bar.update(1); bar.update(3); bar.close()
>>> print(log.getvalue(), end="")
simulating [##########--------------------] 1/3 games
simulating [##############################] 3/3 games
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from cardgen.printable import printable

if TYPE_CHECKING:  # rich is imported only when a terminal shows the bar
    from rich.progress import Progress as RichProgress, TaskID

LOG_INTERVAL = 0.5
"""Seconds between two progress lines in a log (the first and last step are always written)."""

BAR_WIDTH = 30


def wanted(flag: bool | None, stream: TextIO | None = None) -> bool:
    """Whether to show progress: the ``--progress/--no-progress`` flag when given, else whether ``stream``
    (stderr by default) is a terminal."""
    if flag is not None:
        return flag
    return (stream or sys.stderr).isatty()


@contextmanager
def shown(flag: bool | None, what: str, unit: str = "", total: int | None = None) -> Iterator[Progress | None]:
    """A :class:`Progress` on stderr while the block runs, or None when :func:`wanted` says no; ``total``
    starts it at once (the build starts its own once the faces are designed). Closed however the block ends."""
    bar = Progress(what, unit) if wanted(flag) else None
    if bar is not None and total is not None:
        bar.start(total)
    try:
        yield bar
    finally:
        if bar is not None:
            bar.close()


class Progress:
    """Progress of ``total`` steps of one command; ``what`` names the work (``building``), ``unit`` the steps.

    Call :meth:`start` once the total is known, then :meth:`advance` (a number of steps done
    now, and what is at work) or :meth:`update` (steps done so far), and :meth:`close` at the end.
    """

    def __init__(self, what: str, unit: str = "", *, stream: TextIO | None = None) -> None:
        self.what, self.unit = what, unit
        self.stream = stream or sys.stderr
        self.total = self.done = 0
        self._live: RichProgress | None = None
        self._task: TaskID | None = None
        self._last_line = float("-inf")
        self._started = time.perf_counter()

    # --- the steps ---------------------------------------------------------------------------------
    def start(self, total: int) -> None:
        """The number of steps is known: open the bar."""
        self.total, self.done = max(int(total), 0), 0
        self._started = time.perf_counter()
        if self.stream.isatty():
            self._open_live()

    def advance(self, steps: int = 1, label: str = "") -> None:
        """``steps`` more are done; ``label`` says what is at work (a face, a file)."""
        self._show(min(self.total, self.done + steps), label)

    def update(self, done: int) -> None:
        """``done`` steps are done so far (the simulators report a running count)."""
        self._show(min(self.total, max(int(done), 0)), "")

    __call__ = update  # the simulators' ``on_progress`` callback
    step = advance  # the build's callback (cardgen.render.build.Progress)

    def close(self) -> None:
        """End the bar (a terminal's live bar stops; a log has had its last line)."""
        if self._live is not None:
            self._live.stop()
            self._live = None
        self.total = 0

    # --- how it looks ------------------------------------------------------------------------------
    def _open_live(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress, ProgressColumn, \
            TextColumn, TimeElapsedColumn

        columns: list[ProgressColumn] = [TextColumn("{task.description}"), BarColumn(bar_width=BAR_WIDTH), MofNCompleteColumn()]
        if self.unit:
            columns.append(TextColumn(self.unit))
        columns += [TimeElapsedColumn(), TextColumn("{task.fields[label]}")]
        live = RichProgress(*columns, console=Console(file=self.stream), transient=False)
        self._task = live.add_task(self.what, total=self.total or None, label="")
        live.start()
        self._live = live

    def _show(self, done: int, label: str) -> None:
        first, self.done = self.done == 0, done
        shown = printable(label)[:36]
        if self._live is not None and self._task is not None:
            self._live.update(self._task, completed=done, label=shown)
            return
        now = time.perf_counter()
        if not (first or done >= self.total or now - self._last_line >= LOG_INTERVAL):
            return
        self._last_line = now
        self.stream.write(self.line(done, shown) + "\n")
        self.stream.flush()

    def line(self, done: int, label: str = "") -> str:
        """One log line: ``building [####------] 3/10  event round 1``."""
        filled = BAR_WIDTH * done // max(self.total, 1)
        count = f"{done}/{self.total}" + (f" {self.unit}" if self.unit else "")
        return f"{self.what} [{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {count}" + (f"  {label}" if label else "")
