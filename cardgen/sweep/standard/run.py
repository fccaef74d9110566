"""Play a game's sweep: each point's games through the game's own simulate, on processes or a Dask cluster.

Why the results cannot depend on the executor: a point is one job, ``simulate(content, request)`` with the
same request (games, seed, bots, players, variant) at every point, so every point plays the same seeds; a
job's result is its outcome's ``to_dict()``, taken in point order. An executor only decides where a job runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from cardgen.games.standard import SimulateRequest
from cardgen.pool import ordered_map, processes_for
from cardgen.sweep.shared.cluster import Timeouts, check_address, run_on_cluster
from cardgen.sweep.standard.patch import patched_copy
from cardgen.sweep.standard.points import Point

#: a point is one task, all its games: a task may run for minutes, so the waits for results are longer than
#: Rail Journey's (whose tasks are 1,000 games each)
TIMEOUTS = Timeouts(first_result=900, idle=900)


@dataclass(frozen=True)
class Job:
    """One point's games, as a process or a Dask worker plays them (the game's functions go by reference)."""

    load: Callable[[Path], Any]
    simulate: Callable[[Any, SimulateRequest], Any]
    folder: Path
    texts: tuple[tuple[str, str], ...]
    request: SimulateRequest


@dataclass(frozen=True)
class Played:
    """A point's outcome: ``simulate --json``'s document, whether its playability checks passed, or why the
    game could not play it (an error in the game's code, reported rather than raised)."""

    doc: dict | None
    ok: bool
    error: str | None = None


def play(job: Job) -> Played:
    """Load the point's content and play it (module level: processes and Dask workers import it)."""
    try:
        with patched_copy(job.folder, dict(job.texts)) as folder:
            outcome = job.simulate(job.load(folder), job.request)
        return Played(outcome.to_dict(), bool(outcome.ok))
    except Exception as exc:  # a game's own failure on one point: that point's problem, the others still run
        return Played(None, False, f"{type(exc).__name__}: {' '.join(str(exc).split())}")


def local_workers(jobs: int, workers: int) -> int:
    """The local processes a sweep starts for ``--workers``: at most one per job and per CPU."""
    return processes_for(workers, jobs)


def play_points(points: Sequence[Point], load: Callable, simulate: Callable, folder: Path, workers: int = 1,
                scheduler: str | None = None, on_progress: Callable[[int], None] | None = None) -> list[Played | None]:
    """Each point's outcome, in point order; None for a point with problems (not played)."""
    jobs = [Job(load, simulate, folder, p.texts, p.request) for p in points if not p.problems]
    owners = [i for i, p in enumerate(points) if not p.problems]
    out: list[Played | None] = [None] * len(points)

    def take(i: int, played: Played) -> None:
        out[owners[i]] = played
        if on_progress is not None:
            on_progress(i + 1)
    if scheduler:
        check_address(scheduler)
        run_on_cluster(scheduler, play, jobs, take, TIMEOUTS)
    else:
        for i, played in enumerate(ordered_map(play, jobs, workers)):
            take(i, played)
    return out
