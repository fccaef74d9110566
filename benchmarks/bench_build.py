"""Benchmark ``cardgen build``: prints figures, asserts nothing (targets are printed beside them).

    .venv/bin/python benchmarks/bench_build.py            # all figures, ~5 minutes
    .venv/bin/python benchmarks/bench_build.py --repeat 1 # one of each, ~1 minute
    .venv/bin/python benchmarks/bench_build.py --repeat 2 --against /work/wt/baseline  # both trees, alternated

(a) cold default build of the full Chinese set (fresh face cache) and, in the same run,
    a naive render of the same sheets: one big WeasyPrint HTML where every card
    copy is laid out anew on every sheet; both are timed from reading the content. The two alternate ``--repeat`` times
    and each side's fastest run is compared. Targets: the sheets <= 0.5 x naive,
    the whole default build <= 0.5 x naive (CPU).
(a') each export (``--export png``, ``--export tts``): a cold build with it, ``--repeat`` times,
    less the fastest cold default build of (a), per 100 faces (process CPU: libvips encodes
    the face PNGs on threads of its own). Target: <= 1 s each.
(b) rebuild after editing what ONE ticket face prints (warm cache, in-process
    as ``cardgen build --watch`` rebuilds, imports done; CPU time), and how many
    faces were laid out again; ``--repeat`` edits, judged by the median. Target: <= 0.5 s.
(c) peak memory (max RSS) of a full cold build in a child process. Target: < 400 MB.

Each cold measurement runs in its own child process so that imports, caches
and memory of one do not flatter the other.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


#: Appended to each child's code: its own peak RSS (and that of anything it spawned), on stderr.
#: The parent's RUSAGE_CHILDREN keeps the largest child it ever waited for, so a big naive
#: render would be reported again as every later build's peak.
PEAK = """
import resource as _resource, sys as _sys
print("PEAK", max(_resource.getrusage(_resource.RUSAGE_SELF).ru_maxrss,
                  _resource.getrusage(_resource.RUSAGE_CHILDREN).ru_maxrss), file=_sys.stderr)
"""


def child(code: str) -> tuple[float, float, str]:
    """Run ``code`` in a fresh interpreter: (wall seconds, its own max RSS in MB, stdout)."""
    started = time.perf_counter()
    result = subprocess.run([PYTHON, "-c", code + PEAK], cwd=ROOT, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    peak_kb = next(int(line.split()[1]) for line in result.stderr.splitlines() if line.startswith("PEAK "))
    return wall, peak_kb / 1024, result.stdout


COLD_BUILD = """
import json, time
from pathlib import Path
from cardgen.render.build import BuildOptions, build
exports = {{"exports": {exports!r}}} if "exports" in BuildOptions.__dataclass_fields__ else {{}}  # (a tree before it)
t, cpu = time.perf_counter(), time.process_time()
report = build(None, BuildOptions(**exports), out=Path({out!r}), cache_dir=Path({cache!r}))
print(json.dumps({{"seconds": time.perf_counter() - t, "cpu": time.process_time() - cpu, "faces": report.faces,
                  "sheets": report.sheets, "stages": report.stages}}))
"""

NAIVE = """
import json, time
from cardgen.model import load
try:
    from cardgen.games.rail_journey.faces import design as faces_module
except ImportError:  # a tree from before games were plug-ins (measured side by side with --against)
    from cardgen.render.faces import design as faces_module
from cardgen.render.build import BuildOptions, plan_sheets
from benchmarks.naive_sheets import naive_pdf
t, cpu = time.perf_counter(), time.process_time()  # from reading the content, as the build's timer is
content = load()
faces = faces_module.build_faces(content)
sheets = [s for group in plan_sheets(content.game.id, faces, BuildOptions()).values() for s in group]
pdf = naive_pdf(sheets, {{f.id: f for f in faces}})
seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
open({out!r}, "wb").write(pdf)
print(json.dumps({{"seconds": seconds, "cpu": cpu, "sheets": len(sheets), "bytes": len(pdf)}}))
"""


def cold_and_naive(work: Path, repeat: int) -> tuple[list[dict], list[dict], float]:
    """``repeat`` cold builds and naive renders, alternated, each in a fresh child process.

    This machine's speed drifts by a third from one minute to the next, so one
    cold build and one naive render can land in different weather; alternating
    them and comparing each side's least disturbed (fastest) run is fair to both.
    The first cold build's cache feeds the rebuild of (b).
    """
    colds, naives, peak = [], [], 0.0
    for i in range(repeat):
        out, cache = work / f"cold{i}" / "rail-journey", work / ("cold-cache" if i == 0 else f"cold-cache{i}")
        wall, run_peak, stdout = child(COLD_BUILD.format(out=str(out), cache=str(cache), exports=()))
        cold = json.loads(stdout) | {"wall": wall}
        cold["combined_bytes"] = (out / "rail-journey-print.pdf").stat().st_size
        cold["sheets_cpu"] = cold["stages"]["faces laid out"] + cold["stages"]["sheets imposed"]
        colds.append(cold)
        peak = max(peak, run_peak)
        nwall, _, nstdout = child(NAIVE.format(out=str(work / "naive.pdf")))
        naives.append(json.loads(nstdout) | {"wall": nwall})
    return colds, naives, peak


#: The exports (a') measures, one cold build each.
EXPORTS = ("png", "tts")


def exports_cold(work: Path, repeat: int) -> list[dict]:
    """``repeat`` cold builds with each export alone, alternated: each one's process CPU and faces."""
    builds = []
    for i in range(repeat):
        for name in EXPORTS:
            out, cache = work / f"export-{name}{i}" / "rail-journey", work / f"export-{name}-cache{i}"
            _, _, stdout = child(COLD_BUILD.format(out=str(out), cache=str(cache), exports=(name,)))
            builds.append(json.loads(stdout) | {"export": name})
    return builds


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
    try:
        from cardgen.games.rail_journey.faces import design as faces_module
    except ImportError:  # a tree from before games were plug-ins (measured side by side with --against)
        from cardgen.render.faces import design as faces_module

    real = getattr(faces_module, "_unedited_build_faces", faces_module.build_faces)
    faces_module._unedited_build_faces = real  # each edit wraps the designer's faces, not the last edit

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


#: successive names the edited face's destination gets, one per rebuild (each differs from the last)
EDIT_NAMES = ("工业园站", "工业新站", "工业东站", "工业西站", "工业南站", "工业北站")


def rebuild_after_editing_one_ticket(work: Path, edits: int) -> list[tuple[float, int, float, float]]:
    """Warm build of a content copy, then ``edits`` times: change what ONE ticket face prints and rebuild.

    Returns, per edit, the rebuild's CPU seconds in-process, how many faces
    were laid out again, the wall seconds of one more edit built by a new
    process (the last entry only, 0 for the others) and the rebuild's wall
    seconds in-process.
    """
    from cardgen.model import DEFAULT_CONTENT
    from cardgen.render.build import BuildOptions, build, default_cache
    try:
        from cardgen.render.pdf.formsheets import kept_between_builds
    except ImportError:  # a tree from before the watch kept anything (a baseline measured side by side)
        from contextlib import nullcontext as kept_between_builds

    folder = work / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    out = work / "edit" / "rail-journey"
    os.environ["XDG_CACHE_HOME"] = str(work / "xdg-cache")  # the child inherits it
    shutil.copytree(work / "cold-cache", default_cache())  # the cold build's faces, where builds look
    results = []
    with kept_between_builds():  # what the watch keeps open from one build to the next
        build(folder, BuildOptions(), out=out)
        for name in EDIT_NAMES[: min(edits, len(EDIT_NAMES) - 1)]:
            edit_one_ticket_face(name)
            started, wall = time.process_time(), time.perf_counter()
            report = build(folder, BuildOptions(), out=out)
            results.append((time.process_time() - started, len(report.rendered), 0.0, time.perf_counter() - wall))
    cli_started = time.perf_counter()
    subprocess.run([PYTHON, "-c", EDITED_BUILD.format(root=str(ROOT), name=EDIT_NAMES[-1], folder=str(folder),
                                                      out=str(out))], cwd=work, check=True, capture_output=True)
    seconds, rendered, _, wall = results[-1]
    results[-1] = (seconds, rendered, time.perf_counter() - cli_started, wall)
    return results


def measure(repeat: int) -> dict:
    """Every figure of the tree at ROOT: cold builds and naive renders, rebuild edits, peak memory."""
    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    try:
        colds, naives, peak = cold_and_naive(work, repeat)
        exports = exports_cold(work, repeat)
        edits = rebuild_after_editing_one_ticket(work, repeat)
        return {"colds": colds, "naives": naives, "peak": peak, "edits": edits, "exports": exports}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def summary(figures: dict) -> dict:
    """The three judged figures: (a) sheets ratio of the fastest runs, (b) median rebuild, (c) peak."""
    cold = min(figures["colds"], key=lambda c: c["sheets_cpu"])
    naive = min(figures["naives"], key=lambda n: n["cpu"])
    seconds = sorted(edit[0] for edit in figures["edits"])
    walls = sorted(edit[3] for edit in figures["edits"])
    return {"ratio": cold["sheets_cpu"] / naive["cpu"], "sheets_cpu": cold["sheets_cpu"], "naive_cpu": naive["cpu"],
            "rebuild": seconds[len(seconds) // 2], "rebuild_wall": walls[len(walls) // 2], "peak": figures["peak"],
            "combined_bytes": cold["combined_bytes"], "cold_cpu": cold["cpu"],
            "default_ratio": min(c["cpu"] for c in figures["colds"]) / naive["cpu"],
            **{f"{name}_per_100": export_per_100_faces(figures, name) for name in EXPORTS},
            "faces_cpu": min(c["stages"]["faces laid out"] for c in figures["colds"]),
            "cold_wall": min(c["seconds"] for c in figures["colds"])}


def export_per_100_faces(figures: dict, name: str) -> float:
    """CPU seconds an export adds to a cold build, per 100 faces: the fastest build with it less the fastest without."""
    base = min(figures["colds"], key=lambda c: c["cpu"])
    build = min((e for e in figures["exports"] if e["export"] == name), key=lambda e: e["cpu"])
    return 100 * (build["cpu"] - base["cpu"]) / build["faces"]


def report(figures: dict) -> None:
    colds, naives, peak, edits = figures["colds"], figures["naives"], figures["peak"], figures["edits"]
    cold = min(colds, key=lambda c: c["sheets_cpu"])
    naive = min(naives, key=lambda n: n["cpu"])
    stages = cold["stages"]
    ratio = cold["sheets_cpu"] / naive["cpu"]
    print(f"(a) cold build, full Chinese set, 5 players, A4 (fastest of {len(colds)}): {cold['seconds']:.1f} s wall "
          f"in-process ({cold['wall']:.1f} s with interpreter start), {cold['cpu']:.1f} s CPU; "
          f"{cold['faces']} faces, {cold['sheets']} sheets; wall of each run: "
          + ", ".join(f"{c['seconds']:.1f}" for c in colds))
    print("    CPU by stage: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in stages.items()))
    print(f"    sheet PDFs (faces laid out once + imposed, all per-kind, combined and print-shop PDFs): "
          f"{cold['sheets_cpu']:.1f} s CPU; all runs " + ", ".join(f"{c['sheets_cpu']:.1f}" for c in colds))
    print(f"    naive render of the same {naive['sheets']} sheets (one WeasyPrint HTML): "
          f"{naive['cpu']:.1f} s CPU; all runs " + ", ".join(f"{n['cpu']:.1f}" for n in naives))
    print(f"    ratio imposed/naive for the sheets (CPU, fastest runs): {ratio:.2f} "
          f"(target <= 0.50: {'met' if ratio <= 0.5 else 'NOT met'}); pair by pair "
          + ", ".join(f"{c['sheets_cpu'] / n['cpu']:.2f}" for c, n in zip(colds, naives))
          + f"; whole default build / naive: {cold['cpu'] / naive['cpu']:.2f} "
          f"(target <= 0.50: {'met' if cold['cpu'] / naive['cpu'] <= 0.5 else 'NOT met'})")
    print(f"    combined print PDF: imposed {cold['combined_bytes'] / 1e6:.2f} MB, naive {naive['bytes'] / 1e6:.2f} MB "
          f"({'smaller' if cold['combined_bytes'] < naive['bytes'] else 'NOT smaller'})")
    if figures["exports"]:
        print("(a') exports, cold builds with each alone less the fastest default build (CPU): " + ", ".join(
            f"{name} {export_per_100_faces(figures, name):.2f} s per 100 faces (target <= 1: "
            f"{'met' if export_per_100_faces(figures, name) <= 1 else 'NOT met'}; builds "
            + ", ".join(f"{e['cpu']:.1f}" for e in figures["exports"] if e["export"] == name) + " s)"
            for name in EXPORTS))
    seconds = sorted(edit[0] for edit in edits)
    median = seconds[len(seconds) // 2]
    walls = sorted(edit[3] for edit in edits)
    print(f"(b) rebuild after editing what one ticket face prints ({EDITED_FACE}'s destination name), "
          f"{len(edits)} edits: median {median:.2f} s CPU in-process (each: "
          + ", ".join(f"{edit[0]:.2f} s" for edit in edits) + f"; median wall {walls[len(walls) // 2]:.2f} s), "
          + "/".join(str(edit[1]) for edit in edits) + " face(s) laid out again "
          f"(target <= 0.5 s: {'met' if median <= 0.5 else 'NOT met'}); "
          f"{edits[-1][2]:.1f} s wall as a new build process")
    print(f"(c) peak memory of a cold full build (child max RSS, highest of {len(colds)}): {peak:.0f} MB "
          f"(target < 400 MB: {'met' if peak < 400 else 'NOT met'})")


def side_by_side(against: Path, repeat: int) -> None:
    """The same measurement of this tree and of ``against`` (with its own venv), alternated ``repeat`` times.

    Each round runs one measurement of each tree in its own process (this
    script, ``--root TREE --json``), so both meet the same weather.
    """
    trees = {"this tree": (ROOT, Path(sys.executable)),
             "baseline": (against.resolve(), against.resolve() / ".venv" / "bin" / "python")}
    runs: dict[str, dict] = {name: {"colds": [], "naives": [], "peak": 0.0, "edits": [], "exports": []}
                             for name in trees}
    for round_number in range(repeat):
        order = list(trees) if round_number % 2 == 0 else list(reversed(trees))
        for name in order:
            root, python = trees[name]
            result = subprocess.run([str(python), str(Path(__file__).resolve()), "--root", str(root), "--repeat", "1",
                                     "--json"], cwd=root, capture_output=True, text=True, check=True)
            figures = json.loads(result.stdout.strip().splitlines()[-1])
            for key in ("colds", "naives", "edits", "exports"):
                runs[name][key] += figures.get(key, [])
            runs[name]["peak"] = max(runs[name]["peak"], figures["peak"])
    for name, (root, _) in trees.items():
        print(f"== {name}: {root}")
        report(runs[name])
    new, old = summary(runs["this tree"]), summary(runs["baseline"])
    print("== side by side (this tree / baseline; lower is better; within 10% means <= 1.10)")
    for key, label in (("ratio", "(a) sheets ratio imposed/naive"), ("default_ratio", "    default build / naive"),
                       ("png_per_100", "(a') png export CPU s per 100 faces"),
                       ("tts_per_100", "     tts export CPU s per 100 faces"), ("sheets_cpu", "    sheet PDFs CPU s"),
                       ("faces_cpu", "    faces stage CPU s (laid out and written)"),
                       ("cold_cpu", "    whole cold build CPU s"), ("cold_wall", "    whole cold build wall s"),
                       ("rebuild", "(b) one-face rebuild CPU s"), ("rebuild_wall", "    one-face rebuild wall s"),
                       ("peak", "(c) peak MB"), ("combined_bytes", "    combined print PDF bytes")):
        print(f"{label}: {new[key]:.3f} vs {old[key]:.3f} -> {new[key] / old[key]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="cold/naive pairs and rebuild edits (default 3)")
    parser.add_argument("--against", type=Path, help="a baseline tree (with its .venv) measured side by side")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)  # the tree a child measures
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # a child's figures for the parent
    args = parser.parse_args()
    if args.against is not None:
        side_by_side(args.against, args.repeat)
        return
    figures = measure(args.repeat)
    if args.json:
        print(json.dumps(figures))
    else:
        report(figures)


if __name__ == "__main__":
    root_at = sys.argv.index("--root") + 1 if "--root" in sys.argv else 0
    ROOT = Path(sys.argv[root_at]).resolve() if root_at else ROOT
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    main()
