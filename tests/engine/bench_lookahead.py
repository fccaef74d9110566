"""Benchmark (not a test): how strong the lookahead bot is, and how long its games take.

    .venv/bin/python tests/engine/bench_lookahead.py [GAMES] [BOT]

Plays BOT (default lookahead) in every seat in turn against three balanced bots,
then against the four-archetype mix (BOT replaces one archetype, rotating),
rules as written, seeds 10000.. . A win shared by k players counts 1/k. Prints the
win share (fair share 25%) with its standard error, mean scores, and CPU ms a game.
"""

from __future__ import annotations

import math
import sys
import time

from cardgen.engine import play_game, rules_for
from cardgen.model import load

MIX = ["heavy", "light", "balanced", "long"]


def lineup_for(game: int, bot: str, field: str) -> tuple[list[str], int]:
    seat = game % 4
    lineup = ["balanced"] * 4 if field == "balanced" else MIX[(game // 4) % 4:] + MIX[:(game // 4) % 4]
    lineup[seat] = bot
    return lineup, seat


def measure(bot: str, field: str, games: int) -> str:
    rules = rules_for(load())
    share = own = others = 0.0
    start = time.process_time()
    for g in range(games):
        lineup, seat = lineup_for(g, bot, field)
        result = play_game(rules, lineup, seed=10_000 + g)
        if seat in result.winners:
            share += 1 / len(result.winners)
        own += result.players[seat].score
        others += sum(p.score for p in result.players if p.seat != seat) / 3
    ms = (time.process_time() - start) / games * 1000
    rate = share / games
    error = math.sqrt(rate * (1 - rate) / games)
    return (f"{bot} vs {field:8}: win share {rate:.1%} ± {error:.1%} over {games} games; "
            f"mean score {own / games:.1f} vs {others / games:.1f}; {ms:.1f} ms/game")


def main(games: int = 1000, bot: str = "lookahead") -> None:
    for field in ("balanced", "mix"):
        print(measure(bot, field, games), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, sys.argv[2] if len(sys.argv) > 2 else "lookahead")
