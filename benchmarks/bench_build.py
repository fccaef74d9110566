"""Benchmark ``cardgen build``: prints figures, asserts nothing (targets are printed beside them).

    .venv/bin/python benchmarks/bench_build.py            # all three figures, ~5 minutes on 2 cores

(a) cold build of the full Chinese set (fresh face cache) and, in the same run,
    a naive render of the same sheets: one big WeasyPrint HTML where every card
    copy is laid out anew on every sheet. Target: imposed <= 0.5 x naive.
(b) rebuild after editing one ticket (warm cache, in-process, imports done; CPU time).
    Target: < 1 s.
(c) peak memory (max RSS) of a full cold build in a child process. Target: < 400 MB.

Each cold measurement runs in its own child process so that imports, caches
and memory of one do not flatter the other.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def child(code: str) -> tuple[float, float, str]:
    """Run ``code`` in a fresh interpreter: (wall seconds, max RSS in MB, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    result = subprocess.run([PYTHON, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of children is the max over all waited-for children; measured children run largest-first
    return wall, max(peak, before) / 1024, result.stdout


COLD_BUILD = """
import json, time
from pathlib import Path
from cardgen.render.build import BuildOptions, build
t, cpu = time.perf_counter(), time.process_time()
report = build(None, BuildOptions(), out=Path({out!r}), cache_dir=Path({cache!r}))
print(json.dumps({{"seconds": time.perf_counter() - t, "cpu": time.process_time() - cpu, "faces": report.faces,
                  "sheets": report.sheets, "stages": report.stages}}))
"""

NAIVE = """
import json, time
from cardgen.model import load
from cardgen.render import faces as faces_module
from cardgen.render.build import BuildOptions, plan_sheets
from benchmarks.naive_sheets import naive_pdf
content = load()
faces = faces_module.build_faces(content)
sheets = [s for group in plan_sheets(content.game.id, faces, BuildOptions()).values() for s in group]
t, cpu = time.perf_counter(), time.process_time()
pdf = naive_pdf(sheets, {{f.id: f for f in faces}})
seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
open({out!r}, "wb").write(pdf)
print(json.dumps({{"seconds": seconds, "cpu": cpu, "sheets": len(sheets), "bytes": len(pdf)}}))
"""


def cold_and_naive(work: Path) -> tuple[dict, dict, float]:
    out, cache = work / "cold" / "rail-journey", work / "cold-cache"
    wall, peak, stdout = child(COLD_BUILD.format(out=str(out), cache=str(cache)))
    cold = json.loads(stdout) | {"wall": wall, "peak_mb": peak}
    cold["combined_bytes"] = (out / "rail-journey-print.pdf").stat().st_size
    nwall, _, nstdout = child(NAIVE.format(out=str(work / "naive.pdf")))
    naive = json.loads(nstdout) | {"wall": nwall}
    return cold, naive, peak


def rebuild_after_editing_one_ticket(work: Path) -> tuple[float, int, float]:
    """Warm build of a content copy, then swap the copies of two ticket kinds and rebuild."""
    from cardgen.model import DEFAULT_CONTENT
    from cardgen.render.build import BuildOptions, build, default_cache

    folder = work / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    out = work / "edit" / "rail-journey"
    shutil.copytree(work / "cold-cache", default_cache(out))  # the cold build's faces, where the CLI looks
    build(folder, BuildOptions(), out=out)
    tickets_path = folder / "tickets.yaml"
    tickets = yaml.safe_load(tickets_path.read_text(encoding="utf-8"))
    a, b = tickets["kinds"][0], tickets["kinds"][1]
    a["copies"], b["copies"] = b["copies"], a["copies"]  # totals stay valid
    tickets_path.write_text(yaml.safe_dump(tickets, allow_unicode=True, sort_keys=False), encoding="utf-8")
    started = time.process_time()
    report = build(folder, BuildOptions(), out=out)
    seconds = time.process_time() - started
    cli_started = time.perf_counter()
    subprocess.run([PYTHON, "-m", "cardgen", "build", str(folder), "--out", str(out)], cwd=work, check=True,
                   capture_output=True)
    return seconds, len(report.rendered), time.perf_counter() - cli_started


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    try:
        cold, naive, peak = cold_and_naive(work)
        stages = cold["stages"]
        sheets_only = stages["faces laid out"] + stages["sheets imposed"]
        ratio = sheets_only / naive["cpu"]
        print(f"(a) cold build, full Chinese set, 5 players, A4: {cold['seconds']:.1f} s wall in-process "
              f"({cold['wall']:.1f} s with interpreter start), {cold['cpu']:.1f} s CPU; "
              f"{cold['faces']} faces, {cold['sheets']} sheets")
        print("    CPU by stage: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in stages.items()))
        print(f"    sheet PDFs (faces laid out once + imposed, all per-kind, combined and print-shop PDFs): "
              f"{sheets_only:.1f} s CPU")
        print(f"    naive render of the same {naive['sheets']} sheets (one WeasyPrint HTML): "
              f"{naive['cpu']:.1f} s CPU ({naive['seconds']:.1f} s wall)")
        print(f"    ratio imposed/naive for the sheets (CPU): {ratio:.2f} "
              f"(target <= 0.50: {'met' if ratio <= 0.5 else 'NOT met'}); "
              f"whole build (with PNGs and TTS) / naive: {cold['cpu'] / naive['cpu']:.2f}")
        print(f"    combined print PDF: imposed {cold['combined_bytes'] / 1e6:.1f} MB, naive {naive['bytes'] / 1e6:.1f} MB")
        seconds, rendered, cli = rebuild_after_editing_one_ticket(work)
        print(f"(b) rebuild after editing one ticket (copies of two kinds swapped): {seconds:.2f} s CPU in-process, "
              f"{rendered} face(s) laid out again (target < 1 s: {'met' if seconds < 1 else 'NOT met'}); "
              f"{cli:.1f} s as a new `cardgen build` process")
        print(f"(c) peak memory of the cold full build (child max RSS): {peak:.0f} MB "
              f"(target < 400 MB: {'met' if peak < 400 else 'NOT met'})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    main()
