"""Benchmark ``cardgen build``: prints figures, asserts nothing (targets are printed beside them).

    .venv/bin/python benchmarks/bench_build.py            # all three figures, ~5 minutes on 2 cores

(a) cold build of the full Chinese set (fresh face cache) and, in the same run,
    a naive render of the same sheets: one big WeasyPrint HTML where every card
    copy is laid out anew on every sheet. Target: imposed <= 0.5 x naive.
(b) rebuild after editing what ONE ticket face prints (warm cache, in-process,
    imports done; CPU time), and how many faces were laid out again. Target: < 1 s.
(c) peak memory (max RSS) of a full cold build in a child process. Target: < 400 MB.

Each cold measurement runs in its own child process so that imports, caches
and memory of one do not flatter the other.
"""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


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


#: The ticket face edited in (b), and the edit: its destination's name, on that face only.
EDITED_FACE = "ticket-S2-S4"


def edit_one_ticket_face(new_name: str) -> None:
    """Make ``build`` print ``new_name`` for the destination on EDITED_FACE, and on no other face.

    The content cannot express it: a ticket face shows its station pair and
    what its span reads from fares.yaml and the map, all shared with other
    faces (a station is on ten tickets, a span on two or more). So the edit
    is made to the designed face itself, after the content is loaded and
    validated, which is what a designer changing one card's text would cause.
    """
    from cardgen.render import faces as faces_module

    real = faces_module.build_faces

    def edited(*args, **kwargs):
        faces = real(*args, **kwargs)
        index = next(i for i, face in enumerate(faces) if face.id == EDITED_FACE)
        face = faces[index]
        destination = face.html.split('data-box="destination">', 1)[1].split("<", 1)[0]
        faces[index] = dataclasses.replace(face, html=face.html.replace(
            f'data-box="destination">{destination}<', f'data-box="destination">{new_name}<'))
        return faces

    faces_module.build_faces = edited


EDITED_BUILD = """
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from benchmarks.bench_build import edit_one_ticket_face
from cardgen.render.build import BuildOptions, build
edit_one_ticket_face({name!r})
build(Path({folder!r}), BuildOptions(), out=Path({out!r}))
"""


def rebuild_after_editing_one_ticket(work: Path) -> tuple[float, int, float]:
    """Warm build of a content copy, then change what ONE ticket face prints and rebuild.

    Returns the rebuild's CPU seconds in-process, how many faces were laid out
    again, and the wall seconds of the same edit built by a new process.
    """
    from cardgen.model import DEFAULT_CONTENT
    from cardgen.render.build import BuildOptions, build, default_cache

    folder = work / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    out = work / "edit" / "rail-journey"
    os.environ["XDG_CACHE_HOME"] = str(work / "xdg-cache")  # the child inherits it
    shutil.copytree(work / "cold-cache", default_cache())  # the cold build's faces, where builds look
    build(folder, BuildOptions(), out=out)
    edit_one_ticket_face("工业园站")
    started = time.process_time()
    report = build(folder, BuildOptions(), out=out)
    seconds = time.process_time() - started
    cli_started = time.perf_counter()
    subprocess.run([PYTHON, "-c", EDITED_BUILD.format(root=str(ROOT), name="工业新站", folder=str(folder),
                                                      out=str(out))], cwd=work, check=True, capture_output=True)
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
        print(f"    combined print PDF: imposed {cold['combined_bytes'] / 1e6:.2f} MB, naive {naive['bytes'] / 1e6:.2f} MB "
              f"({'smaller' if cold['combined_bytes'] < naive['bytes'] else 'NOT smaller'})")
        seconds, rendered, cli = rebuild_after_editing_one_ticket(work)
        print(f"(b) rebuild after editing what one ticket face prints ({EDITED_FACE}'s destination name): "
              f"{seconds:.2f} s CPU in-process, {rendered} face(s) laid out again "
              f"(target < 1 s: {'met' if seconds < 1 else 'NOT met'}); {cli:.1f} s wall as a new build process")
        print(f"(c) peak memory of the cold full build (child max RSS): {peak:.0f} MB "
              f"(target < 400 MB: {'met' if peak < 400 else 'NOT met'})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    main()
