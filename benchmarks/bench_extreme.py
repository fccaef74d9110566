"""One game on content pushed to the schema's bounds: time and peak memory (issue 10 item 3).

The bounds in cardgen/model/schema.py promise that anything that validates
simulates one game in well under a second within 1 GB. This builds valid
content near those bounds from the bundled game (every operation value 20,
composition cap 50, 990 tickets, a 100-round clock with an event each round,
a platform of 20 and Group Booking drawing 50, the propulsion floor 20, 8
players running 4 trains each), then plays N games with the archetype and the
random lineups on the fast path and one on the checked path (the one replay
uses), and prints the slowest game and the peak memory. Target: every game
< 1 s, peak < 1 GB. The lookahead bot (opt-in, --lineup lookahead,...) rolls
futures forward at every stop, so its cost grows with rounds x trains and is
not covered by this target.

    python benchmarks/bench_extreme.py [N]
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the extreme-content helpers live with the tests

from cardgen.engine.play.games import make_bots, play_game, rules_for, run_checked  # noqa: E402
from cardgen.engine.rules.state import GameState  # noqa: E402
from cardgen.model import load, validate  # noqa: E402
from cardgen.model.schema import MAX_LOAD, MAX_PLAYERS, MAX_ROUND, MAX_TRAINS_PER_PLAYER, MAX_VALUE  # noqa: E402
from tests.untrusted.extremes import bundled_raw, fix_totals, write  # noqa: E402


def extreme_raw() -> dict:
    raw = bundled_raw()
    for kind in raw["operations"]["kinds"]:
        kind["value"] = MAX_VALUE
    for kind in raw["tickets"]["kinds"]:
        kind["copies"] = 33  # 30 kinds x 33 = 990 of the 1,000 cards a deck may hold
    game = raw["game"]
    game["composition_cap"] = MAX_LOAD
    game["propulsion"]["floor"] = MAX_VALUE
    game["clock"]["end"] = MAX_ROUND
    game["setup"]["platform_size"] = 20
    track = raw["events"]["track"]
    cards = [track[r] for r in sorted(track)]
    raw["events"]["track"] = {r: cards[(r - 1) % len(cards)] for r in range(1, MAX_ROUND + 1)}
    raw["events"]["totals"]["cards"] = MAX_ROUND
    for row in [*raw["printing"]["by_players"].values(), raw["printing"]["full_set"]]:
        row["events"] = MAX_ROUND
    for kind in raw["dispatch"]["kinds"]:
        for effect in kind["effects"]:
            if effect["type"] == "group_booking":
                effect["draw"] = MAX_LOAD
    raw["variants"]["variants"] = []  # the variants patch numbers this benchmark replaced
    # the most trains a table may hold: MAX_PLAYERS players running MAX_TRAINS_PER_PLAYER trains each
    trains = MAX_PLAYERS * MAX_TRAINS_PER_PLAYER
    game["players"] = {"min": 2, "max": MAX_PLAYERS, "best": 4}
    game["setup"].update(trains_per_player=MAX_TRAINS_PER_PLAYER, dispatch_per_player=1)
    stations = [station["cell"] for station in raw["map"]["stations"]]
    game["setup"]["seats"] = [{"seat": i + 1, "cell": stations[i % len(stations)],
                               "direction": "right" if i % 2 == 0 else "left"} for i in range(trains)]
    game["colours"] = [{"seat": i + 1, "id": f"c{i}", "hex": f"#{i * 7:02x}{i * 5:02x}{i * 3:02x}",
                        "name": {"zh": f"色{i}", "en": f"C{i}"}} for i in range(trains)]
    printing = raw["printing"]
    row = printing["by_players"][max(printing["by_players"])]
    printing["by_players"] = {n: {**row, "operation_sets": n, "train_tokens": n, "wait_tracks": n, "dispatch": n}
                              for n in range(2, MAX_PLAYERS + 1)}
    printing["full_set"].update(operation_sets=MAX_PLAYERS, train_tokens=MAX_PLAYERS, wait_tracks=MAX_PLAYERS)
    return fix_totals(raw)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    folder = write(extreme_raw(), Path(tempfile.mkdtemp()) / "extreme")
    report = validate(folder)
    if not report.ok:
        raise SystemExit("\n".join(p.headline() for p in report.problems[:10]))
    content = load(folder)
    rules = rules_for(content)
    worst, name = 0.0, ""
    tracemalloc.start()
    lineups = [("heavy", "light", "balanced", "long") * (MAX_PLAYERS // 4), ("random",) * MAX_PLAYERS]
    for lineup in lineups:
        for seed in range(games):
            start = time.perf_counter()
            play_game(rules, lineup, seed)
            took = time.perf_counter() - start
            if took > worst:
                worst, name = took, f"fast path, {lineup[0]}..., seed {seed}"
    start = time.perf_counter()
    state = GameState(rules, MAX_PLAYERS, 0)
    run_checked(state, make_bots(rules, lineups[0], 0))
    checked = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"extreme content: {MAX_PLAYERS} players x {MAX_TRAINS_PER_PLAYER} trains, {content.ticket_count} tickets, "
          f"clock 0..{content.game.clock.end}, values {MAX_VALUE}, cap {content.game.composition_cap}")
    print(f"  slowest game   {worst * 1000:8.1f} ms ({name}; {games} seeds x {len(lineups)} lineups)")
    print(f"  checked path   {checked * 1000:8.1f} ms (one game, as replay plays it)")
    print(f"  peak memory    {peak / 2**20:8.1f} MiB (traced Python allocations)")


if __name__ == "__main__":
    main()
