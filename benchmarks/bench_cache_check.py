"""Benchmark what checking the build cache costs: the share of a warm build spent verifying what it read.

    .venv/bin/python benchmarks/bench_cache_check.py             # one cold build to fill a cache, one warm build
    .venv/bin/python benchmarks/bench_cache_check.py --repeat 3  # three warm builds, judged by the median share
    .venv/bin/python benchmarks/bench_cache_check.py --export png,tts  # the builds make PNGs and TTS sheets too

Every face PDF and memo read from the cache is checked against the CRC-32 taken
when it was written (cardgen.render.cache.store). A warm build of the full
Chinese set reads every entry back (about 30 MB with the PNG and TTS exports), so
the CPU time spent checking, over the CPU time of the whole build (in-process,
imports done, as ``--watch`` rebuilds; a new ``cardgen build`` process adds its
start-up on top), is the cost: CPU time, because this machine is shared and wall
times of a few milliseconds swing tenfold. A new process also checks the font
instances once (cardgen.render.fonts.instances), shown apart. Target: < 5% of
the warm build. Prints figures, asserts nothing.
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
    """(wall seconds, CPU seconds, CPU seconds spent checking, faces from the cache) of ``repeat`` warm builds,
    then the CPU seconds a new process spends checking the font instances (in the third place)."""
    from cardgen.render.build import BuildOptions, build

    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-cache-"))
    try:
        cache, out = work / "cache", work / "out" / "rail-journey"
        options = BuildOptions(exports=exports)
        build(None, options, out=out, cache_dir=cache)  # cold: fills the cache
        runs = []
        for _ in range(repeat):
            started, cpu = time.perf_counter(), time.process_time()
            report = build(None, options, out=out, cache_dir=cache)
            runs.append((time.perf_counter() - started, time.process_time() - cpu, report.cache_checking,
                         report.faces - len(report.rendered)))
        from cardgen.render.cache.cachedir import FONTS_FOLDER
        from cardgen.render.fonts import instances, stack
        instances._CHECKED.clear()  # as a new process: each font instance is checked once
        started = time.process_time()
        instances.print_fonts(stack.font_faces(), cache / FONTS_FOLDER, record=cache)
        runs.append((0.0, 0.0, time.process_time() - started, 0))  # the fonts' figure, last
        return runs
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="warm builds (default 1)")
    parser.add_argument("--export", default="", help="exports the builds make too, e.g. png,tts (default none)")
    args = parser.parse_args()
    *runs, (_, _, fonts, _) = measure(args.repeat, tuple(e for e in args.export.split(",") if e))
    shares = sorted(checking / cpu for _, cpu, checking, _ in runs)
    median = shares[len(shares) // 2]
    for seconds, cpu, checking, cached in runs:
        print(f"warm full build: {seconds:.2f} s wall, {cpu:.2f} s CPU, {cached} faces from the cache; "
              f"checking what was read: {checking * 1000:.1f} ms CPU ({checking / cpu:.2%})")
    print(f"cache integrity check: median {median:.2%} of a warm build (target < 5%: "
          f"{'met' if median < 0.05 else 'NOT met'}); a new process also checks the font instances once: "
          f"{fonts * 1000:.1f} ms CPU")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
