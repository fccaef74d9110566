"""Benchmark what checking the build cache costs: the share of a warm build spent verifying what it read.

    .venv/bin/python benchmarks/bench_cache_check.py             # one cold build to fill a cache, one warm build
    .venv/bin/python benchmarks/bench_cache_check.py --repeat 3  # three warm builds, judged by the median share
    .venv/bin/python benchmarks/bench_cache_check.py --export png,tts  # the builds make PNGs and TTS sheets too

Every face PDF and memo read from the cache is checked against the CRC-32 taken
when it was written (cardgen.render.cache.store). A warm build of the full
Chinese set reads every entry back (about 30 MB with the PNG and TTS exports), so the time spent checking,
over the wall time of the whole build (in-process, imports done, as ``--watch``
rebuilds; a new ``cardgen build`` process adds its start-up on top), is the cost.
Also shown: its share of the write stage alone (the report's seconds, after the
content is loaded and the faces designed). Target: < 5% of the warm build.
Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def measure(repeat: int, exports: tuple[str, ...] = ()) -> list[tuple[float, float, float, int]]:
    """(warm build wall seconds, its write stage's, seconds spent checking, faces from the cache) of ``repeat``
    warm builds."""
    from cardgen.render.build import BuildOptions, build

    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-cache-"))
    try:
        cache, out = work / "cache", work / "out" / "rail-journey"
        options = BuildOptions(exports=exports)
        build(None, options, out=out, cache_dir=cache)  # cold: fills the cache
        runs = []
        for _ in range(repeat):
            started = time.perf_counter()
            report = build(None, options, out=out, cache_dir=cache)
            runs.append((time.perf_counter() - started, report.seconds, report.cache_checking,
                         report.faces - len(report.rendered)))
        return runs
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="warm builds (default 1)")
    parser.add_argument("--export", default="", help="exports the builds make too, e.g. png,tts (default none)")
    args = parser.parse_args()
    runs = measure(args.repeat, tuple(e for e in args.export.split(",") if e))
    shares = sorted(checking / seconds for seconds, _, checking, _ in runs)
    median = shares[len(shares) // 2]
    for seconds, writing, checking, cached in runs:
        print(f"warm full build: {seconds:.2f} s wall ({writing:.2f} s writing), {cached} faces from the cache; "
              f"checking what was read: {checking * 1000:.1f} ms ({checking / seconds:.2%} of the build, "
              f"{checking / writing:.2%} of its write stage)")
    print(f"cache integrity check: median {median:.2%} of a warm build (target < 5%: "
          f"{'met' if median < 0.05 else 'NOT met'})")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
