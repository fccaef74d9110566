"""Simulate many Railroad Ink games by bot: score distributions, per-row means, and playability failures.

Why: the designer changes a die face or a table row and wants to know what it does to play. Each game is
seeded from ``seed`` and its number, so the same call gives the same report; every bot plays the same
dice (game ``i`` rolls the same faces for each bot), so bots are compared on equal luck.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import UsageError
from cardgen.games.railroad_ink.bots import BOTS, Bot, play_game
from cardgen.games.railroad_ink.model import EXPANSIONS, RailroadInk
from cardgen.games.railroad_ink.playability import PLAYABILITY, failures
from cardgen.games.railroad_ink.rules import State, new_game, options, scores, tables
from cardgen.games.railroad_ink.scoring import row_names
from cardgen.games.standard import MAX_GAMES, SimulateRequest
from cardgen.model.messages import suggest

__all__ = ["PLAYABILITY", "BotStats", "SimulationReport", "simulate", "simulate_request"]

PERCENTILES = (10, 25, 50, 75, 90)


@dataclass
class BotStats:
    """One bot's totals over every game and seat."""

    bot: str
    totals: list[int] = field(default_factory=list)
    row_sums: dict[str, int] = field(default_factory=dict)
    #: games in which each row scored (won or lost) points
    row_hits: dict[str, int] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        xs = sorted(self.totals)
        n = len(xs)
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / n)
        pct = {f"p{p}": xs[min(n - 1, max(0, math.ceil(p / 100 * n) - 1))] for p in PERCENTILES}
        return {"bot": self.bot, "scores": n, "mean": round(mean, 2), "sd": round(sd, 2), "min": xs[0],
                "max": xs[-1], **pct, "rows": {r: round(v / n, 2) for r, v in self.row_sums.items()}}


@dataclass
class SimulationReport:
    game: str
    expansion: str | None
    players: int
    games: int
    seed: int
    rows: tuple[str, ...]
    bots: list[BotStats]
    #: face id -> (times rolled, times drawn), every bot together
    faces: dict[str, tuple[int, int]]
    specials: dict[str, int]
    #: faces and special routes that could be drawn at some point (drawn, or legal at a round's start)
    placeable: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No playability failure."""
        return not self.failures

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "game": self.game, "expansion": self.expansion, "players": self.players, "games": self.games,
                "seed": self.seed, "bots": [b.summary() for b in self.bots],
                "faces": {f: {"rolled": r, "drawn": d} for f, (r, d) in sorted(self.faces.items())},
                "specials": dict(sorted(self.specials.items())), "failures": self.failures}

    def lines(self) -> list[str]:
        out = [f"{self.game}{f' + {self.expansion}' if self.expansion else ''}: {self.games} games, "
               f"{self.players} player(s), seed {self.seed}"]
        for b in self.bots:
            s = b.summary()
            out.append(f"{s['bot']}: mean {s['mean']} sd {s['sd']} min {s['min']} max {s['max']} "
                       + " ".join(f"p{p} {s[f'p{p}']}" for p in PERCENTILES))
            out.append("  rows: " + ", ".join(f"{r} {v}" for r, v in s["rows"].items()))
        out += [f"PLAYABILITY FAILURE {line}" for line in self.failures]
        out.append(f"playability: {len(self.failures)} failure(s)" if self.failures else
                   f"playability: passed ({', '.join(name for name, _ in PLAYABILITY)})")
        return out


def _bots(bot: str) -> list[str]:
    names = sorted(BOTS) if bot == "all" else [b.strip() for b in bot.split(",") if b.strip()]
    for name in names:
        if name not in BOTS:
            raise UsageError(f"--lineup {name}: no such bot{suggest(name, BOTS)} (bots: {', '.join(sorted(BOTS))}, all)")
    if not names:
        raise UsageError("--bot: name a bot")
    return names


def _watching(bot: Bot, placeable: set[str]) -> Bot:
    """``bot``, noting first which rolled faces and special routes have a legal placement at the round's start
    (the playability checks ask whether one ever had, not whether a bot chose it)."""
    def play(state: State, player: int, rng: random.Random) -> None:
        tab = state.tables
        board = state.players[player].board
        for face in [tab.faces[f] for f in set(state.rolled)] + tab.specials:
            if face.id not in placeable and options(tab, board, face):
                placeable.add(face.id)
        bot(state, player, rng)
    return play


def simulate(content: RailroadInk, *, expansion: str | None, bot: str, games: int, seed: int,
             players: int = 1) -> SimulationReport:
    """Play ``games`` games per bot (``bot``: a name, names joined by commas, or ``all``); every seat plays it."""
    if expansion is not None and expansion not in EXPANSIONS:
        raise UsageError(f"--variant {expansion}: no such expansion{suggest(expansion, EXPANSIONS)} "
                         f"(expansions: {', '.join(EXPANSIONS)})")
    lo, hi = content.game.players.min, content.game.players.max
    if not lo <= players <= hi:
        raise UsageError(f"--players {players}: this game takes {lo}-{hi}")
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games {games}: play 1 to {MAX_GAMES:,} games")
    names = _bots(bot)
    tab = tables(content, expansion)
    rows = row_names(expansion)
    rolled = {f.id: 0 for f in tab.faces.values() if f.die}
    drawn = dict.fromkeys(tab.faces, 0)
    placeable: set[str] = set()
    stats = []
    for name in names:
        st = BotStats(name, row_sums=dict.fromkeys(rows, 0), row_hits=dict.fromkeys(rows, 0))
        for i in range(games):
            state = new_game(content, expansion, seed=seed + i, players=players)
            play_game(state, [_watching(BOTS[name], placeable)] * players, random.Random((seed + i) * 2 + 1))
            for face in state.history:
                rolled[face] += 1
            for p, result in zip(state.players, scores(state)):
                for face in p.drawn:
                    drawn[face] += 1
                st.totals.append(result["total"])
                for r in rows:
                    st.row_sums[r] += result[r]
                    st.row_hits[r] += result[r] != 0
        stats.append(st)
    name = content.pack.id if content.pack is not None else content.game.id  # a pack's report names the pack
    report = SimulationReport(name, expansion, players, games, seed, rows, stats,
                              {f: (rolled[f], drawn[f]) for f in rolled},
                              {f.id: drawn[f.id] for f in tab.specials},
                              placeable | {f for f, n in drawn.items() if n})
    report.failures = failures(report)
    return report


def simulate_request(content: RailroadInk, request: SimulateRequest) -> SimulationReport:
    """:func:`simulate` as the game seam's standard simulate command calls it: ``--variant`` names the
    expansion, ``--lineup`` the bots compared (every bot when none is named), ``--players`` the seats (1)."""
    return simulate(content, expansion=request.variant, bot=",".join(request.bots) or "all", games=request.games,
                    seed=request.seed, players=1 if request.players is None else request.players)
