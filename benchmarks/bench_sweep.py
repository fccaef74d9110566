"""Benchmark: a 20-point sweep of 1,000 four-player games per point, on 1 and 2 local workers and on Dask.

Prints the wall-clock time of each executor, the 2-worker speedup, and the Dask
cluster's overhead per point: the worker-seconds the cluster did not spend playing
games (2 x wall clock minus the compute time of every task, from Dask's task
stream), per point, as a share of a point's compute time. Measured inside one
run, that share survives the machine's swings in speed better than a difference
of two runs. Checks every executor gave identical tallies. The Dask cluster is a ``distributed.LocalCluster`` of 2 worker processes,
one thread each, started before the clock runs (a real cluster is long-lived).

    python benchmarks/bench_sweep.py                 # benchmarks/sweep-20.yaml, 1,000 games per point
    python benchmarks/bench_sweep.py --games 300     # shorter
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from cardgen.engine.bots.registry import BOTS
from cardgen.engine.native import KERNEL
from cardgen.sweep.execute import run_points
from cardgen.sweep.points import resolve_points
from cardgen.sweep.spec import read_spec

SPEC = Path(__file__).with_name("sweep-20.yaml")
TARGET_SECONDS = 15.0     # issue 13: 20 x 1,000 four-player games on 2 local cores
TARGET_OVERHEAD = 0.05    # issue 13: Dask per-point overhead under 5% of a point's time


def timed(points, **kwargs):
    start = time.perf_counter()
    tallies = run_points(points, **kwargs)
    return time.perf_counter() - start, tallies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", type=Path, default=SPEC)
    parser.add_argument("--games", type=int, default=None, help="games per point (default: the spec's)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    args = parser.parse_args()
    points = resolve_points(read_spec(args.spec), args.games, BOTS)
    n, games = len(points), points[0].run.games
    print(f"{n} points x {games} four-player games; kernel: {KERNEL.name}; {os.cpu_count()} CPUs; "
          f"load average {os.getloadavg()[0]:.1f}")
    t1, base = timed(points, workers=1)
    t2, two = timed(points, workers=2)
    print(f"local, 1 worker : {t1:6.2f} s  ({n * games / t1:,.0f} games/s)")
    print(f"local, 2 workers: {t2:6.2f} s  ({n * games / t2:,.0f} games/s); speedup {t1 / t2:.2f}x; "
          f"target under {TARGET_SECONDS:.0f} s: {'met' if t2 < TARGET_SECONDS else 'NOT met'}")
    same = [a.__dict__ for a in base] == [b.__dict__ for b in two]
    if not args.no_dask:
        from distributed import Client, LocalCluster, get_task_stream
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            client.run(lambda: None)  # workers up and answering before the clock starts
            for label in ("cold", "warm"):  # cold: the workers import cardgen and build each point's content
                with get_task_stream(client) as stream:
                    td, remote = timed(points, scheduler=cluster.scheduler_address)
                computing = sum(ss["stop"] - ss["start"] for task in stream.data for ss in task["startstops"]
                                if ss["action"] == "compute")
                # worker-seconds not spent playing games (scheduling, transfer, imports, idle), per point
                per_point = (2 * td - computing) / n
                share = per_point / (computing / n)
                print(f"Dask, 2 workers, {label}: {td:6.2f} s  ({n * games / td:,.0f} games/s); overhead per point "
                      f"{1000 * per_point:.1f} worker-ms = {100 * share:.1f}% of a point's compute time "
                      f"({1000 * computing / n:.0f} ms); target under {100 * TARGET_OVERHEAD:.0f}%: "
                      f"{'met' if share < TARGET_OVERHEAD else 'NOT met'}")
                same = same and [a.__dict__ for a in base] == [c.__dict__ for c in remote]
    print(f"identical tallies on every executor: {same}")


if __name__ == "__main__":
    main()
