"""Seeds, seat rotation, and serial == parallel, with the fake engine and with the real one."""

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import fake_engine
from cardgen.engine.simulation import runner as sim
from cardgen.engine.simulation.summary import build_summary
from cardgen.engine.simulation.runner import RunSpec, Tally, chunks, content_for, game_seed, play_chunk, run, seat_lineup

LINEUP = ("heavy", "light", "balanced", "long")


def summary_json(spec, tally) -> str:
    return json.dumps(build_summary(content_for(spec.folder, spec.variant), spec, tally), sort_keys=True)


def test_game_seed_is_stable_and_distinct():
    assert game_seed(1, 0) == game_seed(1, 0)
    seeds = {game_seed(1, i) for i in range(1000)} | {game_seed(2, i) for i in range(1000)}
    assert len(seeds) == 2000
    # Pinned: derived from a hash, not Python's per-process salted hash().
    assert game_seed(1, 0) == int.from_bytes(__import__("hashlib").blake2b(b"1:0", digest_size=8).digest(), "big")


def test_rotation_puts_every_bot_in_every_seat():
    seen = Counter()
    for i in range(8):
        for seat, bot in enumerate(seat_lineup(LINEUP, i)):
            seen[(seat, bot)] += 1
    assert set(seen.values()) == {2} and len(seen) == 16
    assert seat_lineup(LINEUP, 1) == ("light", "balanced", "long", "heavy")


def test_chunks_cover_every_game_once():
    parts = chunks(1001, 200)
    assert parts[0] == (0, 200) and parts[-1] == (1000, 1001)
    assert sum(b - a for a, b in parts) == 1001


def test_two_workers_equal_one_worker_fake_engine(monkeypatch):
    monkeypatch.setattr(sim, "CHUNK_GAMES", 25)
    spec = RunSpec(None, None, LINEUP, 200, 11)
    one = run(spec, workers=1, engine=fake_engine.play_game)
    two = run(spec, workers=2, engine=fake_engine.play_game)
    assert one.games == two.games == 200
    assert summary_json(spec, one) == summary_json(spec, two)


def test_two_workers_equal_one_worker_real_engine(monkeypatch):
    monkeypatch.setattr(sim, "CHUNK_GAMES", 20)
    spec = RunSpec(None, None, LINEUP, 80, 5)
    one, two = run(spec, workers=1), run(spec, workers=2)
    assert summary_json(spec, one) == summary_json(spec, two)
    other = run(RunSpec(None, None, LINEUP, 80, 6), workers=1)
    assert summary_json(spec, one) != summary_json(spec, other)  # the seed matters


@settings(max_examples=15, deadline=None)
@given(cuts=st.lists(st.integers(1, 59), max_size=5, unique=True))
def test_any_chunking_merges_to_the_same_tally(cuts):
    spec = RunSpec(None, None, LINEUP, 60, 3)
    whole = play_chunk(spec, fake_engine.play_game, (0, 60))
    bounds = [0, *sorted(cuts), 60]
    merged = Tally()
    for a, b in zip(bounds, bounds[1:]):
        merged.merge(play_chunk(spec, fake_engine.play_game, (a, b)))
    assert summary_json(spec, whole) == summary_json(spec, merged)


def test_tally_counts_shared_wins_fractionally():
    spec = RunSpec(None, None, ("tie", "tie", "heavy"), 30, 1)
    tally = play_chunk(spec, fake_engine.play_game, (0, 30))
    assert tally.ties > 0
    total = sum(tally.bot_share.values())
    assert total == 30  # every game hands out exactly one win in total
    assert sum(tally.seat_share.values()) == 30
