"""Benchmark (not a test): four-player games per second with the four archetype bots, one core.

    .venv/bin/python tests/engine/bench_speed.py [GAMES]

Prints the best of five runs in CPU time, and a pure-Python reference loop so
figures taken on a busy machine can be compared with an idle one.
"""

from __future__ import annotations

import sys
import time

from cardgen.engine import play_game, rules_for
from cardgen.model import load

LINEUP = ["heavy", "light", "balanced", "long"]


def reference_loop() -> float:
    """CPU seconds for a fixed pure-Python workload (about 0.2 s on an idle 3 GHz core)."""
    t = time.process_time()
    total = 0
    for i in range(3_000_000):
        total += i & 7
    return time.process_time() - t


def main(games: int = 300) -> None:
    rules = rules_for(load())
    best = 0.0
    for _ in range(5):
        t = time.process_time()
        for seed in range(games):
            play_game(rules, LINEUP, seed=seed)
        best = max(best, games / (time.process_time() - t))
    print(f"{best:.0f} four-player games/s (best of 5 x {games}, CPU time); "
          f"reference loop {reference_loop():.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
