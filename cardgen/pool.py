"""Run work on local forked processes, results in the order of the items: any game's simulate and sweep.

Why one module: ``cardgen simulate`` and every ``cardgen sweep`` cut their work into items whose results
do not depend on where they ran; this decides only how many processes run them, and keeps their order.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from typing import Callable, Iterator, Sequence, TypeVar

#: The largest seed a script, a simulate or a sweep names (a 64-bit signed whole number, as other tools write
#: seeds).
MAX_SEED = 2**63 - 1

Item = TypeVar("Item")
Result = TypeVar("Result")


def processes_for(workers: int, tasks: int) -> int:
    """Processes worth starting: never more than the tasks to run or the CPUs to run them on.

    >>> processes_for(1000, 1)
    1
    """
    return max(1, min(workers, tasks, os.cpu_count() or 1))


def ordered_map(work: Callable[[Item], Result], items: Sequence[Item], workers: int) -> Iterator[Result]:
    """``map(work, items)`` on up to ``workers`` forked processes (:func:`processes_for`), in order.

    The workers ignore Ctrl-C: a terminal sends SIGINT to every process of the foreground
    group, and only the parent answers it (its KeyboardInterrupt leaves the pool's ``with``,
    which terminates the workers), so an interrupted run prints no worker tracebacks and
    leaves no process behind.
    """
    workers = processes_for(workers, len(items))
    if workers <= 1:
        yield from map(work, items)
        return
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(processes=workers, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
        yield from pool.imap(work, items)  # imap keeps the items' order
