"""R11 measured: how often the W cap changes a game's winner, and which seat gains (docs/rulings.md R11).

Plays each game twice on the same seed, with and without ``cap_wait``, and reports
the share of games whose winners change and each seat's paired win-share difference
(capped minus uncapped) with a 95% interval. Paired games cancel the deal's noise,
so a difference of a tenth of a point is visible in 10,000 games.

    python sweeps/wait_cap_seats.py                 # 3-5 players, 10,000 games each, seed 3
    python sweeps/wait_cap_seats.py --games 2000
"""

from __future__ import annotations

import argparse
import math

from cardgen.engine import Options, play_game
from cardgen.engine.simulation.runner import game_seed, seat_lineup
from cardgen.engine.simulation.command import default_lineup
from cardgen.model import load


def share(winners: tuple[int, ...], seat: int) -> float:
    return (seat in winners) / len(winners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    content, capped, uncapped = load(), Options(cap_wait=True), Options(cap_wait=False)
    cap = content.game.wait_track.max
    for players in (3, 4, 5):
        n, changed, at_cap = args.games, 0, 0
        diffs = [[0.0] * n for _ in range(players)]
        for i in range(n):
            lineup = list(seat_lineup(default_lineup(players), i))
            a = play_game(content, lineup, seed=game_seed(args.seed, i), options=capped)
            b = play_game(content, lineup, seed=game_seed(args.seed, i), options=uncapped)
            changed += a.winners != b.winners
            at_cap += sum(p.wait >= cap for p in a.players)
            for s in range(players):
                diffs[s][i] = share(a.winners, s) - share(b.winners, s)
        seats = []
        for s, d in enumerate(diffs):
            mean = sum(d) / n
            half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
            seats.append(f"seat {s + 1} {100 * mean:+.2f} ({100 * (mean - half):+.2f}..{100 * (mean + half):+.2f})")
        print(f"{players} players: {100 * at_cap / (n * players):.1f}% of players end at the cap; winner changed in "
              f"{100 * changed / n:.2f}% of games; win share capped - uncapped, points: " + "; ".join(seats))


if __name__ == "__main__":
    main()
