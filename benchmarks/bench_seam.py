"""Rail Journey through the game seam against a tree from before it: validate, simulate and a warm build.

Issue 24 asks Rail Journey's build, validate and simulate figures to stay within 10% of the tree before
games became plug-ins. Each figure is taken through the command line as a user runs it (the registry
lookup, the dispatch and the edition included), in a child process of each tree with its own venv,
alternated ``--repeat`` times, each child running every command five times; each figure is the fastest run
in CPU seconds (the machine is shared,
so wall time measures the neighbours too). Prints both trees' figures and the ratio.

    python benchmarks/bench_seam.py --against /work/base-642 [--repeat 3] [--games 2000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

#: Run inside a tree's own interpreter: time each command through the CLI, in-process, CPU seconds.
CHILD = r"""
import json, resource, sys, tempfile
from typer.testing import CliRunner
from cardgen.cli import app

def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime

runner = CliRunner()
games, out, RUNS = int(sys.argv[1]), sys.argv[2], 5
figures = {}
for name, args in (("validate", ["validate", "--no-faces"]),
                   ("simulate", ["simulate", "--games", str(games), "--players", "4", "--no-progress"]),
                   ("build (warm)", ["build", "--out", out, "--no-progress"])):
    runner.invoke(app, args)  # once to import and warm what a second run reuses (the build's face cache)
    took = []
    for _ in range(RUNS):
        start = cpu()
        done = runner.invoke(app, args)
        assert done.exit_code == 0, (name, done.output[-400:])
        took.append(cpu() - start)
    figures[name] = min(took)
print(json.dumps(figures))
"""


def measure(tree: Path, games: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run([str(tree / ".venv" / "bin" / "python"), "-c", CHILD, str(games),
                               str(Path(scratch) / "out")], cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="the tree before the seam (with its .venv)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    runs: dict[str, list[dict[str, float]]] = {"this tree": [], "before the seam": []}
    for _ in range(args.repeat):
        runs["this tree"].append(measure(here, args.games))
        runs["before the seam"].append(measure(args.against.resolve(), args.games))
    best = {tree: {k: min(r[k] for r in rs) for k in rs[0]} for tree, rs in runs.items()}
    print(f"Rail Journey through the CLI, CPU seconds, fastest of {args.repeat} (simulate: {args.games} games, 4 players)")
    print(f"{'':16}{'this tree':>12}{'before':>12}{'ratio':>9}")
    for name in best["this tree"]:
        now, before = best["this tree"][name], best["before the seam"][name]
        print(f"{name:16}{now:12.3f}{before:12.3f}{now / before:9.2f}")
    for tree, rs in runs.items():
        print(f"  all runs, {tree}: " + "; ".join(", ".join(f"{k} {v:.3f}" for k, v in r.items()) for r in rs))


if __name__ == "__main__":
    sys.exit(main())
