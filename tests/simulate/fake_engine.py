"""A tiny stand-in for ``cardgen.engine.play_game`` used only by these tests.

It honours the engine's interface (same arguments, same result fields) and is
deterministic in its seed, so the statistics layer can be tested on its own.
Bots named "strong" always score highest; everyone else draws random scores.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import SimpleNamespace

from cardgen.engine.simulation import flags, runner


@dataclass(frozen=True)
class FakeOptions:
    late_events: str = "none"
    strict: bool = False


FAKE_BOTS = {name: None for name in ("heavy", "light", "balanced", "long", "random", "lookahead", "strong", "tie")}


def use_engine(monkeypatch, play) -> None:
    """Make the simulate command and runner use ``play`` instead of the real engine."""
    monkeypatch.setattr(flags, "engine_api",
                        lambda: SimpleNamespace(play_game=play, Options=FakeOptions, BOTS=FAKE_BOTS))
    monkeypatch.setattr(runner, "default_engine", lambda: play)


@dataclass(frozen=True)
class FakePlayer:
    seat: int
    bot: str
    score: int
    delivered: int
    late: int
    delays: int
    wait: int
    blocked: int
    blocked_by_train: int
    bonus: int
    penalty: int
    award: int = 0


@dataclass(frozen=True)
class FakeGame:
    players: tuple
    winners: tuple
    rounds: int
    final_clock: int
    pile_empty_round: dict
    cards_played: dict
    dispatch_used: dict
    events_effective: dict
    dispatch_effective: dict
    stalled: bool
    blocks: int
    variant: str | None = None
    siding_pulls: dict = field(default_factory=dict)   # the bundled map has no siding


def play_game(content, lineup, seed, options=None, check_invariants=False, *, never=(), stall_every=0,
              ineffective=()):
    rng = random.Random(seed)
    players = []
    for seat, bot in enumerate(lineup):
        score = rng.randint(20, 60) + (100 if bot == "strong" else 0)
        if bot == "tie":
            score = 50
        players.append(FakePlayer(seat, bot, score, rng.randint(3, 12), rng.randint(0, 3), rng.randint(0, 3),
                                  rng.randint(0, 5), rng.randint(0, 4), rng.randint(0, 2), 0, 0))
    best = max(p.score for p in players)
    winners = tuple(p.seat for p in players if p.score == best)
    holds = sum(1 for _, c in content.event_track if any(e.type == "clock_hold" for e in content.event_kinds[c.kind].effects))
    piles = {st.id: rng.choice([None, rng.randint(10, 22)]) for st in content.map.stations}

    def used(ids):
        return {i: rng.randint(1, 5) for i in ids if i not in never}

    return FakeGame(
        players=tuple(players), winners=winners,
        rounds=content.game.clock.end + holds, final_clock=content.game.clock.end,
        pile_empty_round=piles,
        cards_played=used(k.id for k in content.operations.kinds),
        dispatch_used=(dispatch := used(k.id for k in content.dispatch.kinds)),
        events_effective=used(c.kind for _, c in content.event_track),
        dispatch_effective={k: n for k, n in dispatch.items() if k not in ineffective},
        stalled=bool(stall_every) and seed % stall_every == 0,
        blocks=rng.randint(0, 10),
    )


def never_plays(kind):
    """A fake engine in which operation/dispatch/event kind ``kind`` never happens (module-level: picklable)."""
    return Faked(never=(kind,))


def never_matters(kind):
    """A fake engine in which dispatch kind ``kind`` is played but never changes anything."""
    return Faked(ineffective=(kind,))


def Stalling(every):
    """A fake engine in which every ``every``-th game stalls."""
    return Faked(stall_every=every)


@dataclass(frozen=True)
class Faked:
    """:func:`play_game` with some of its keyword arguments fixed, as a picklable engine."""

    never: tuple = ()
    ineffective: tuple = ()
    stall_every: int = 0

    def __call__(self, content, lineup, seed, options=None, check_invariants=False):
        return play_game(content, lineup, seed, options, check_invariants, never=self.never,
                         ineffective=self.ineffective, stall_every=self.stall_every)
