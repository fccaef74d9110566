"""Benchmark: whole 3-player Horseless Carriage games with the random bot, on one core.

Prints games per wall-clock second and per CPU second (the CPU figure is immune to other load on a
shared machine); the target is 100 games/s.

    python benchmarks/bench_horseless_carriage.py             # 500 games
    python benchmarks/bench_horseless_carriage.py --games 2000
"""

from __future__ import annotations

import argparse
import time

from cardgen.games.horseless_carriage.model import CONTENT, load_content
from cardgen.games.horseless_carriage.rules import compile_rules
from cardgen.games.horseless_carriage.simulate import play

TARGET = 100  # games/s the issue asks for on one core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = compile_rules(load_content(CONTENT))
    start, cpu = time.perf_counter(), time.process_time()
    years = sum(play(rules, args.players, ["random"], args.seed + g).year for g in range(args.games))
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    print(f"{args.games} games of {args.players} players, random bot: {args.games / wall:.0f} games/s "
          f"({args.games / used:.0f} per CPU second; target {TARGET}), {years / args.games:.2f} years a game")


if __name__ == "__main__":
    main()
