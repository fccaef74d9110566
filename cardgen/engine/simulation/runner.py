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
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, Callable, Sequence

from cardgen.engine.play.games import play_game
from cardgen.pool import ordered_map, processes_for

CHUNK_GAMES = 200
#: The most games one run plays (--games, a sweep point's games): about half an hour of one core, compiled.
MAX_GAMES = 10_000_000
PLAYER_FIELDS = ("score", "delivered", "late", "delays", "blocked", "blocked_by_train", "award")
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
    #: values written into the content by path (a sweep point): (file stem, path, value)
    edits: tuple = ()
    #: tuned archetypes (a sweep point): (bot name, ((parameter, value), ...))
    bots: tuple = ()
    #: keep each game's winners, in game order, for a paired comparison of two sets (simulate --compare)
    paired: bool = False

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
    """Rounds a game may last: the clock span plus one per clock hold played (identity A).

    Read from :meth:`Content.round_schedule`, the one count the printed timetable uses too.
    """
    return content.in_play.total_rounds()


@dataclass
class Tally:
    """Mergeable, exact record of a set of games: integer Counters only.

    Each game costs a few Counter increments (rows are counted whole, as tuples);
    per-field histograms are derived when a summary asks for them.
    """

    games: int = 0
    ties: int = 0
    game_rows: Counter = field(default_factory=Counter)    # (rounds, final_clock, blocks) -> games
    bot_wins: Counter = field(default_factory=Counter)     # (bot, k) -> wins shared k ways
    seat_wins: Counter = field(default_factory=Counter)    # (seat, k) -> wins shared k ways
    player_rows: Counter = field(default_factory=Counter)  # (seat, bot, PLAYER_FIELDS values) -> count
    pile_rows: Counter = field(default_factory=Counter)    # (round or None per pile) -> games
    #: (cards played, dispatch used, events effective, dispatch effective count tuples) -> games
    usage_rows: Counter = field(default_factory=Counter)
    #: the names behind the pile and usage rows' positions (piles; card, dispatch, event and dispatch kinds),
    #: the same for every game of a run, so rows carry values only
    names: tuple[tuple[str, ...], ...] = ()
    stalled: list[int] = field(default_factory=list)
    overlong: list[int] = field(default_factory=list)
    stalled_count: int = 0
    overlong_count: int = 0
    #: with ``paired``: the winning bots of each game, in game order (cardgen.engine.simulation.compare)
    paired: bool = False
    game_winners: list[tuple[str, ...]] = field(default_factory=list)

    def add_game(self, index: int, bots: Sequence[str], result: Any, clock_end: int, max_rounds: int) -> None:
        """Record one game played with ``bots`` by seat."""
        self.games += 1
        self.game_rows[(result.rounds, result.final_clock, result.blocks)] += 1
        winners = result.winners
        k = len(winners)
        if k > 1:
            self.ties += 1
        for seat in winners:
            self.bot_wins[(bots[seat], k)] += 1
            self.seat_wins[(seat, k)] += 1
        if self.paired:
            self.game_winners.append(tuple(bots[seat] for seat in winners))
        rows = self.player_rows
        for seat, p in enumerate(result.players):
            rows[(seat, bots[seat], p.score, p.delivered, p.late, p.delays, p.blocked, p.blocked_by_train,
                  p.award)] += 1
        if not self.names:
            self.names = (tuple(result.pile_empty_round), tuple(result.cards_played), tuple(result.dispatch_used),
                          tuple(result.events_effective), tuple(result.dispatch_effective), tuple(result.siding_pulls))
        self.pile_rows[tuple(result.pile_empty_round.values())] += 1
        self.usage_rows[(tuple(result.cards_played.values()), tuple(result.dispatch_used.values()),
                         tuple(result.events_effective.values()), tuple(result.dispatch_effective.values()),
                         tuple(result.siding_pulls.values()))] += 1
        if result.stalled:
            self.stalled_count += 1
            self.stalled.append(index)
            del self.stalled[MAX_EXAMPLES:]
        if result.final_clock != clock_end or result.rounds > max_rounds:
            self.overlong_count += 1
            self.overlong.append(index)
            del self.overlong[MAX_EXAMPLES:]

    # ------------------------------------------------------------ derived views
    def _game_field(self, i: int) -> Counter:
        out: Counter = Counter()
        for row, n in self.game_rows.items():
            out[row[i]] += n
        return out

    @property
    def rounds(self) -> Counter:
        return self._game_field(0)

    @property
    def final_clock(self) -> Counter:
        return self._game_field(1)

    @property
    def blocks(self) -> Counter:
        return self._game_field(2)

    def _usage(self, i: int) -> Counter:
        out: Counter = Counter()
        for row, n in self.usage_rows.items():
            for kind, times in zip(self.names[i + 1], row[i]):
                out[kind] += times * n
        return out

    @property
    def cards_played(self) -> Counter:
        """Operation card kind -> times played over all games."""
        return self._usage(0)

    @property
    def dispatch_used(self) -> Counter:
        """Dispatch kind -> times used over all games."""
        return self._usage(1)

    @property
    def events_effective(self) -> Counter:
        """Event kind -> rounds it changed something, over all games."""
        return self._usage(2)

    @property
    def dispatch_effective(self) -> Counter:
        """Dispatch kind -> cards played that changed something, over all games."""
        return self._usage(3)

    @property
    def siding_pulls(self) -> Counter:
        """Siding id -> times a train pulled into it, over all games (ruling R25)."""
        return self._usage(4)

    @property
    def player_stats(self) -> dict[str, dict[str, Counter]]:
        """bot -> field -> histogram, over every seat the bot played."""
        out: dict[str, dict[str, Counter]] = {}
        for (_seat, bot, *values), n in self.player_rows.items():
            stats = out.get(bot)
            if stats is None:
                stats = out[bot] = {name: Counter() for name in PLAYER_FIELDS}
            for name, value in zip(PLAYER_FIELDS, values):
                stats[name][value] += n
        return out

    @property
    def seat_scores(self) -> dict[int, Counter]:
        out: dict[int, Counter] = {}
        for (seat, _bot, score, *_), n in self.player_rows.items():
            out.setdefault(seat, Counter())[score] += n
        return out

    @property
    def pile_dry(self) -> dict[str, Counter]:
        """pile -> histogram of the round it ran dry (``None``: never)."""
        out: dict[str, Counter] = {}
        for row, n in self.pile_rows.items():
            for pile, rnd in zip(self.names[0], row):
                out.setdefault(pile, Counter())[rnd] += n
        return out

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
        self.names = self.names or other.names
        for name in ("game_rows", "bot_wins", "seat_wins", "player_rows", "pile_rows", "usage_rows"):
            getattr(self, name).update(getattr(other, name))
        self.game_winners.extend(other.game_winners)  # chunks merge in game order
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


def content_for(folder: Path | None, variant: str | None, edits: tuple = ()):
    """Load (once per process) the content a run uses, with a sweep point's ``edits`` written in."""
    key = (str(folder) if folder else None, variant, edits)
    if key not in _CONTENT:
        if edits:
            from cardgen.model.edit import edited
            _CONTENT[key] = edited(content_for(folder, variant), edits)
        else:
            from cardgen.model import load
            _CONTENT[key] = load(folder, variant=variant)
    return _CONTENT[key]


def default_engine() -> PlayGame:
    """The real rules engine's ``play_game`` (a function, so tests can swap in a fake)."""
    return play_game


def tuned_bots(params: tuple) -> dict:
    """Bot factories for a run's tuned archetypes (none for a plain run)."""
    if not params:
        return {}
    from cardgen.engine.bots.registry import tuned
    return {name: tuned(name, dict(values)) for name, values in params}


def play_chunk(spec: RunSpec, engine: PlayGame | None, bounds: tuple[int, int]) -> Tally:
    """Play games ``bounds[0] .. bounds[1]-1`` of the run and tally them."""
    play = engine or default_engine()
    content = content_for(spec.folder, spec.variant, spec.edits)
    clock_end, max_rounds = content.game.clock.end, expected_max_rounds(content)
    tally = Tally(paired=spec.paired)
    factories = tuned_bots(spec.bots)
    for i in range(*bounds):
        bots = seat_lineup(spec.lineup, i)
        kwargs: dict[str, Any] = {"seed": game_seed(spec.seed, i), "check_invariants": spec.check_invariants}
        if spec.options is not None:
            kwargs["options"] = spec.options
        if factories:
            kwargs["bots"] = factories
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
    content_for(spec.folder, spec.variant, spec.edits)  # load (and validate) before forking
    work = partial(play_chunk, spec, engine)
    total = Tally()
    done = 0
    for part in ordered_map(work, chunks(spec.games), workers):
        total.merge(part)
        done += part.games
        if on_progress:
            on_progress(done)
    return total


def useful_workers(workers: int, games: int) -> int:
    """Processes worth starting for a run of ``games`` games (see :func:`processes_for`).

    >>> useful_workers(300, 150), useful_workers(1, 10**6)
    (1, 1)
    """
    return processes_for(workers, len(chunks(games)))
