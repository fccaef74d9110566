"""Run many bot games and tally them exactly, serially or across worker processes.

Why the design looks like this:

* Game ``i`` plays with a seed derived only from ``(seed, i)`` and with the lineup
  rotated ``i`` seats, so a game's outcome does not depend on which worker ran it.
* Games are cut into fixed-size chunks (independent of the worker count); each chunk
  produces a :class:`Tally` of integer histograms and exact fractions, and chunk
  tallies are merged in chunk order. Hence ``--workers 2`` == ``--workers 1`` exactly.
* Seat rotation: in game ``i`` seat ``s`` (0-based) is played by ``lineup[(s + i) % P]``.
  Over any ``P`` consecutive games each bot sits once in each seat, so a bot's win rate
  is not confounded with the seat it starts from, and seat advantage is measured
  separately (win rate by seat, whoever sits there).
"""

from __future__ import annotations

import hashlib
import multiprocessing
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

CHUNK_GAMES = 200
PLAYER_FIELDS = ("score", "delivered", "late", "delays", "blocked", "blocked_by_train")
MAX_EXAMPLES = 5

PlayGame = Callable[..., Any]


@dataclass(frozen=True)
class RunSpec:
    """Everything that determines a run's numbers (the worker count does not)."""

    folder: Path | None
    variant: str | None
    lineup: tuple[str, ...]
    games: int
    seed: int
    options: Any = None
    check_invariants: bool = False

    @property
    def players(self) -> int:
        return len(self.lineup)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index``: a hash of ``(seed, index)``, stable across processes and Python runs."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def seat_lineup(lineup: Sequence[str], index: int) -> tuple[str, ...]:
    """The bots by seat in game ``index``: the lineup rotated by ``index`` seats."""
    p = len(lineup)
    return tuple(lineup[(s + index) % p] for s in range(p))


def expected_max_rounds(content) -> int:
    """Rounds a game may last: the clock span plus one per clock-hold card on the track (identity A)."""
    holds = sum(1 for _, card in content.event_track
                if content.event_kinds[card.kind].effect.type == "clock_hold")
    return content.game.clock.end - content.game.clock.start + holds


@dataclass
class Tally:
    """Mergeable, exact record of a set of games (integer histograms and fractions only)."""

    games: int = 0
    rounds: Counter = field(default_factory=Counter)
    final_clock: Counter = field(default_factory=Counter)
    blocks: Counter = field(default_factory=Counter)
    ties: int = 0
    bot_seats: Counter = field(default_factory=Counter)
    bot_wins: Counter = field(default_factory=Counter)   # (bot, k) -> wins shared k ways
    seat_wins: Counter = field(default_factory=Counter)  # (seat, k) -> wins shared k ways
    player_stats: dict[str, dict[str, Counter]] = field(default_factory=dict)
    seat_scores: dict[int, Counter] = field(default_factory=dict)
    pile_dry: dict[str, Counter] = field(default_factory=dict)
    cards_played: Counter = field(default_factory=Counter)
    dispatch_used: Counter = field(default_factory=Counter)
    events_effective: Counter = field(default_factory=Counter)
    stalled: list[int] = field(default_factory=list)
    overlong: list[int] = field(default_factory=list)
    stalled_count: int = 0
    overlong_count: int = 0

    def add_game(self, index: int, bots: Sequence[str], result: Any, clock_end: int, max_rounds: int) -> None:
        """Record one game played with ``bots`` by seat."""
        self.games += 1
        self.rounds[result.rounds] += 1
        self.final_clock[result.final_clock] += 1
        self.blocks[result.blocks] += 1
        winners = tuple(result.winners)
        if len(winners) > 1:
            self.ties += 1
        k = len(winners)
        for seat in winners:
            self.bot_wins[(bots[seat], k)] += 1
            self.seat_wins[(seat, k)] += 1
        self.bot_seats.update(bots)
        for seat, bot in enumerate(bots):
            player = result.players[seat]
            stats = self.player_stats.setdefault(bot, {name: Counter() for name in PLAYER_FIELDS})
            for name in PLAYER_FIELDS:
                stats[name][getattr(player, name)] += 1
            self.seat_scores.setdefault(seat, Counter())[player.score] += 1
        for pile, rnd in result.pile_empty_round.items():
            self.pile_dry.setdefault(pile, Counter())[rnd] += 1
        self.cards_played.update(result.cards_played)
        self.dispatch_used.update(result.dispatch_used)
        self.events_effective.update(result.events_effective)
        if result.stalled:
            self.stalled_count += 1
            self.stalled.append(index)
        if result.final_clock != clock_end or result.rounds > max_rounds:
            self.overlong_count += 1
            self.overlong.append(index)
        del self.stalled[MAX_EXAMPLES:], self.overlong[MAX_EXAMPLES:]

    @property
    def bot_share(self) -> dict[str, Fraction]:
        """Wins per bot, a k-way shared win counting 1/k (exact)."""
        return _shares(self.bot_wins)

    @property
    def seat_share(self) -> dict[int, Fraction]:
        """Wins per seat (0-based), a k-way shared win counting 1/k (exact)."""
        return _shares(self.seat_wins)

    def merge(self, other: "Tally") -> "Tally":
        """Fold ``other`` (a later chunk) into this tally; exact, so order only matters for examples."""
        self.games += other.games
        self.ties += other.ties
        for mine, theirs in ((self.rounds, other.rounds), (self.final_clock, other.final_clock),
                             (self.blocks, other.blocks), (self.bot_seats, other.bot_seats),
                             (self.bot_wins, other.bot_wins), (self.seat_wins, other.seat_wins),
                             (self.cards_played, other.cards_played), (self.dispatch_used, other.dispatch_used),
                             (self.events_effective, other.events_effective)):
            mine.update(theirs)
        for bot, stats in other.player_stats.items():
            target = self.player_stats.setdefault(bot, {name: Counter() for name in PLAYER_FIELDS})
            for name, hist in stats.items():
                target[name].update(hist)
        for key_hist_mine, key_hist_theirs in ((self.seat_scores, other.seat_scores), (self.pile_dry, other.pile_dry)):
            for key, hist in key_hist_theirs.items():
                key_hist_mine.setdefault(key, Counter()).update(hist)
        self.stalled_count += other.stalled_count
        self.overlong_count += other.overlong_count
        self.stalled = sorted(self.stalled + other.stalled)[:MAX_EXAMPLES]
        self.overlong = sorted(self.overlong + other.overlong)[:MAX_EXAMPLES]
        return self


def _shares(wins: Counter) -> dict:
    out: dict = {}
    for (key, k), count in sorted(wins.items(), key=lambda kv: str(kv[0])):
        out[key] = out.get(key, Fraction(0)) + Fraction(count, k)
    return out


# ------------------------------------------------------------------ running

_CONTENT: dict[tuple, Any] = {}


def content_for(folder: Path | None, variant: str | None):
    """Load (once per process) the content a run uses."""
    key = (str(folder) if folder else None, variant)
    if key not in _CONTENT:
        from cardgen.model import load
        _CONTENT[key] = load(folder, variant=variant)
    return _CONTENT[key]


def default_engine() -> PlayGame:
    """The real rules engine; imported lazily so the CLI still loads while it is missing."""
    from cardgen.engine import play_game
    return play_game


def play_chunk(spec: RunSpec, engine: PlayGame | None, bounds: tuple[int, int]) -> Tally:
    """Play games ``bounds[0] .. bounds[1]-1`` of the run and tally them."""
    play = engine or default_engine()
    content = content_for(spec.folder, spec.variant)
    clock_end, max_rounds = content.game.clock.end, expected_max_rounds(content)
    tally = Tally()
    for i in range(*bounds):
        bots = seat_lineup(spec.lineup, i)
        kwargs = {"seed": game_seed(spec.seed, i), "check_invariants": spec.check_invariants}
        if spec.options is not None:
            kwargs["options"] = spec.options
        result = play(content, lineup=list(bots), **kwargs)
        tally.add_game(i, bots, result, clock_end, max_rounds)
    return tally


def chunks(games: int, size: int | None = None) -> list[tuple[int, int]]:
    """Fixed ``[start, stop)`` game ranges; the size never depends on the worker count."""
    size = size or CHUNK_GAMES
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def run(spec: RunSpec, workers: int = 1, engine: PlayGame | None = None,
        on_progress: Callable[[int], None] | None = None) -> Tally:
    """Play ``spec.games`` games on ``workers`` processes and return the merged tally."""
    content_for(spec.folder, spec.variant)  # load (and validate) before forking
    work = partial(play_chunk, spec, engine)
    total = Tally()
    done = 0
    for part in _results(work, chunks(spec.games), workers):
        total.merge(part)
        done += part.games
        if on_progress:
            on_progress(done)
    return total


def _results(work: Callable[[tuple[int, int]], Tally], parts: list[tuple[int, int]], workers: int) -> Iterator[Tally]:
    if workers <= 1 or len(parts) <= 1:
        yield from map(work, parts)
        return
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(processes=workers) as pool:
        yield from pool.imap(work, parts)  # imap keeps chunk order
