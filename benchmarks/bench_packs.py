"""Pack targets (issue 11): validate a pack merged with its base, a warm pack-only build, simulate --compare.

    python benchmarks/bench_packs.py [validate|build|compare|all]

- validate: ``validate(PACK)`` for each bundled sample expansion (reads the base game and the
  pack's overlays, merges them with positions, runs every check and every variant); median of 30,
  the plain base game measured side by side. Target <= 150 ms.
- build: a pack-only build of a small pack (a few new and changed cards, <= 20 faces printed),
  first with a cold face cache, then warm (median of 3). Target warm <= 2 s.
- compare: ``simulate PACK --compare`` of 2,000 paired 4-player games (4,000 games played) on one
  worker, with the kernel in use named, for each bundled sample expansion. Target <= 3 s.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from cardgen.model import DEFAULT_CONTENT, validate
from cardgen.resources import bundled_path

#: the bundled sample expansions of Rail Journey, each measured
SAMPLES = tuple(bundled_path("content", "packs", name) for name in ("onsen-line", "harbour-festival"))


def bench_validate(runs: int = 30) -> None:
    def timed(folder: Path) -> float:
        start = time.process_time()  # CPU: the neighbours on a shared machine do not count
        report = validate(folder)
        assert report.ok, report.problems[:3]
        return (time.process_time() - start) * 1000
    for folder in (DEFAULT_CONTENT, *SAMPLES):
        timed(folder)
        times = [timed(folder) for _ in range(runs)]
        print(f"validate {folder.name:<16} median {statistics.median(times):6.1f} ms CPU  min {min(times):6.1f} ms "
              f"over {runs} runs")
    print("  target (pack merged with its base) <= 150 ms")


SMALL_PACK = {
    "pack.yaml": "id: bench-pack\nname: {zh: 测试, en: Bench}\nversion: 1\nbase: rail-journey\nmark: B\n",
    "dispatch.yaml": "kinds:\n  change:\n    - {id: swap, name: {en: Passing Swap II}}\n",
    "tickets.yaml": "kinds:\n  change:\n    - {id: S1-S2, copies: 5}\n    - {id: S3-S4, copies: 5}\n",
    "events.yaml": "track:\n  5: {kind: rainstorm, section: null}\n",
}


def bench_build(runs: int = 3) -> None:
    from cardgen.render.build import BuildOptions, build
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "bench-pack"
        pack.mkdir()
        for name, text in SMALL_PACK.items():
            (pack / name).write_text(text, encoding="utf-8")
        cache = Path(tmp) / "cache"
        options = BuildOptions(lang="en")
        start = time.perf_counter()
        report = build(pack, options, out=Path(tmp) / "out", cache_dir=cache)
        cold = time.perf_counter() - start
        warm, cpus = [], []
        for _ in range(runs):
            start, cpu = time.perf_counter(), time.process_time()
            report = build(pack, options, out=Path(tmp) / "out", cache_dir=cache)
            warm.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
        print(f"pack-only build: {report.faces} faces ({len(report.rendered)} laid out on the last run), "
              f"{report.sheets} sheets")
        print(f"  cold {cold:5.2f} s   warm median {statistics.median(warm):5.2f} s wall, "
              f"{statistics.median(cpus):5.2f} s CPU  (target warm <= 2 s)")


def bench_compare(games: int = 2000) -> None:
    for sample in SAMPLES:
        compare_once(sample, games)


def compare_once(sample: Path, games: int) -> None:
    from cardgen.engine.simulation.command import run_simulation
    run_simulation(sample, 4, 50, None, None, 1, 1, [], False, False, None, compare=True)  # warm-up, loads
    start, cpu = time.perf_counter(), time.process_time()
    summary = run_simulation(sample, 4, games, None, None, 1, 1, [], False, False, None, compare=True)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"simulate {sample.name} --compare: {games} paired 4-player games ({2 * games} played) on 1 worker, "
          f"{summary['kernel']} kernel: {elapsed:5.2f} s wall, {cpu:5.2f} s CPU (target <= 3 s; on a shared "
          "machine the CPU time is the one-core figure)")


def main() -> None:
    which = sys.argv[1] if len(sys.argv) > 1 else "all"
    if which in ("validate", "all"):
        bench_validate()
    if which in ("build", "all"):
        bench_build()
    if which in ("compare", "all"):
        bench_compare()


if __name__ == "__main__":
    main()
