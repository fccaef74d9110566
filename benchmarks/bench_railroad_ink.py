"""Benchmark: seven-round solo Railroad Ink games per second on one core, per bot (issue 24).

Targets: >= 2,000 games/s with the random legal bot and >= 100 with the greedy bot (it weighs every legal
placement of every die). Each bot plays the same seeded games; the legality tables are warmed by a first
short run (they are memoised per content, as in a simulation), then ``--games`` games are timed once.

    python benchmarks/bench_railroad_ink.py                  # random 4,000 games, greedy 400, lookahead 40
    python benchmarks/bench_railroad_ink.py --scale 0.25     # a quicker look
"""

from __future__ import annotations

import argparse
import random
import time

from cardgen.games.railroad_ink.bots import BOTS, play_game
from cardgen.games.railroad_ink.model import CONTENT, load_content
from cardgen.games.railroad_ink.rules import new_game, scores

GAMES = {"random": 4000, "greedy": 400, "lookahead": 40}
TARGETS = {"random": 2000, "greedy": 100}


def run(content, bot: str, games: int, seed: int = 0) -> tuple[float, float, float]:
    """(games per CPU second, games per wall-clock second, mean total) of ``games`` solo games with ``bot``.

    CPU seconds are this process's (one core): the machine it runs on is shared, and wall-clock time then
    counts the other processes' turns too; both are printed."""
    total = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        state = new_game(content, seed=seed + i)
        play_game(state, [BOTS[bot]], random.Random(seed + i))
        total += scores(state)[0]["total"]
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall), total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every bot's game count")
    args = parser.parse_args()
    content = load_content(CONTENT)
    for bot, games in GAMES.items():
        run(content, bot, max(1, games // 20), seed=10**6)  # warm the memoised legality tables
        rate, wall, mean = run(content, bot, max(1, int(games * args.scale)))
        target = TARGETS.get(bot)
        verdict = "" if target is None else f"  (target >= {target}: {'met' if rate >= target else 'NOT met'})"
        print(f"{bot:>9}: {rate:8.0f} games/s on one core ({wall:.0f} by the wall clock), "
              f"mean score {mean:6.2f}{verdict}")


if __name__ == "__main__":
    main()
