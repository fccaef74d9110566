"""Play every point's games on local processes or on a Dask cluster, with identical results.

Why the results cannot depend on the executor: each point is cut into the same
fixed chunks as ``cardgen simulate`` (``simulate.chunks``), a chunk's games are
fixed by ``(seed, game index)``, every chunk returns an exact integer
:class:`Tally`, and each point's chunks are merged in chunk order. An executor
only decides *where* a chunk runs.
"""

from __future__ import annotations

from typing import Callable, Iterator, Sequence

from cardgen.engine.simulation.runner import RunSpec, Tally, chunks, content_for, play_chunk
from cardgen.pool import ordered_map, processes_for
from cardgen.sweep.shared.cluster import check_address, run_on_cluster
from cardgen.sweep.points import Point

#: one unit of work: a point's run and the [start, stop) ranges of the chunks it plays, in order
Job = tuple[RunSpec, tuple[tuple[int, int], ...]]
#: chunks a Dask task plays (1,000 games): each task costs a scheduler round trip, so a remote task
#: carries more games than a local one; the tally is the same, as chunks merge exactly
DASK_CHUNKS_PER_TASK = 5


def play_job(job: Job) -> Tally:
    """Play a job's chunks and merge them in order (module level: processes and Dask workers import it)."""
    run, parts = job
    tally = Tally()
    for bounds in parts:
        tally.merge(play_chunk(run, None, bounds))
    return tally


def jobs_of(points: Sequence[Point], per_job: int = 1) -> tuple[list[Job], list[int]]:
    """Every point's chunks, ``per_job`` to a job, in point then chunk order, and the point of each job."""
    jobs, owners = [], []
    for i, point in enumerate(points):
        parts = chunks(point.run.games)
        for start in range(0, len(parts), per_job):
            jobs.append((point.run, tuple(parts[start:start + per_job])))
            owners.append(i)
    return jobs, owners


def local_results(jobs: list[Job], workers: int) -> Iterator[Tally]:
    """Chunks on local processes (forked after the contents are loaded; see ``ordered_map``), in job order."""
    for run, _ in jobs:
        content_for(run.folder, run.variant, run.edits)  # build each point's content once, before forking
    yield from ordered_map(play_job, jobs, workers)


def local_workers(points: Sequence[Point], workers: int) -> int:
    """The local processes a sweep starts for ``--workers``: at most one per job and per CPU."""
    return processes_for(workers, len(jobs_of(points)[0]))


def run_points(points: Sequence[Point], workers: int = 1, scheduler: str | None = None,
               on_progress: Callable[[int], None] | None = None) -> list[Tally]:
    """One merged tally per point; ``scheduler`` (tcp://HOST:PORT) sends the chunks to Dask."""
    jobs, owners = jobs_of(points, DASK_CHUNKS_PER_TASK if scheduler else 1)
    tallies = [Tally() for _ in points]
    done = 0

    def take(i: int, part: Tally) -> None:  # job i's tally; jobs arrive in order
        nonlocal done
        tallies[owners[i]].merge(part)
        done += part.games
        if on_progress:
            on_progress(done)
    if scheduler:
        check_address(scheduler)
        run_on_cluster(scheduler, play_job, jobs, take)
    else:
        for i, part in enumerate(local_results(jobs, workers)):
            take(i, part)
    return tallies
