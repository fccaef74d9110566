"""New event kinds made only of effect primitives, in content: validated, played by both drivers, effective."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardgen.engine import GameState, compile_rules, play_game
from cardgen.model import load
from tests.engine.drivers import drivers_agree

BASE = Path(__file__).resolve().parents[2] / "cardgen" / "content" / "rail-journey"
NEW_KINDS = """  - id: short_formation
    icon: "🚃"
    name: {zh: 短编成, en: Short Formation}
    effects: [{type: capacity, amount: -4}]
    text: {zh: "本轮编成上限 {amount:+}。", en: "The composition cap is {amount:+} this round."}
  - id: tailwind
    icon: "🍃"
    name: {zh: 顺风, en: Tailwind}
    effects: [{type: propulsion, amount: 1, max_load: 4}, {type: wait_gain, amount: 1, min_load: 6}]
    text: {zh: "编成不超过 {max_load} 的列车 R +1；编成至少 {min_load} 的列车 W +1。",
           en: "Trains carrying {max_load} or fewer: R +1; {min_load} or more: W +1."}
  - id: rush_hour
    icon: "🏙️"
    name: {zh: 高峰, en: Rush Hour}
    effects: [{type: platform_size, amount: 2}]
    text: {zh: "本轮站台补足到 {amount:+} 张。", en: "Platforms are refilled {amount:+} this round."}
"""


def pack(tmp_path: Path, beyond: bool = False) -> Path:
    root = tmp_path / "content"
    shutil.copytree(BASE, root)
    events = root / "events.yaml"
    text = events.read_text(encoding="utf-8")
    text = text.replace("# The public event track", NEW_KINDS + "# The public event track", 1)
    text = text.replace("totals: {kinds: 8, cards: 20}", "totals: {kinds: 11, cards: 21}" if beyond
                        else "totals: {kinds: 11, cards: 20}")
    for rnd, kind in ((18, "tailwind"), (15, "short_formation"), (12, "rush_hour")):
        old = text[text.index(f"\n  {rnd}: "):].split("\n")[1]
        text = text.replace(old, f"  {rnd}: {{kind: {kind}}}", 1)
    if beyond:
        text = text.replace("hidden: false", "hidden: false\nbeyond_clock: true") + "  21: {kind: tailwind}\n"
    events.write_text(text, encoding="utf-8")
    if beyond:   # the beginner variant plays rounds 1-10 only: it drops round 21 as well
        variants = root / "variants.yaml"
        variants.write_text(variants.read_text(encoding="utf-8").replace("20: null}", "20: null, 21: null}", 1),
                            encoding="utf-8")
        printing = root / "printing.yaml"
        printing.write_text(printing.read_text(encoding="utf-8").replace("events: 20", "events: 21"), encoding="utf-8")
    return root


def test_new_kinds_play_on_both_drivers_and_matter(tmp_path):
    content = load(pack(tmp_path))
    rules = compile_rules(content)
    drivers_agree(rules, ["heavy", "light", "balanced", "long"], range(4))
    effective = {k: 0 for k in ("short_formation", "tailwind", "rush_hour")}
    for seed in range(40):
        result = play_game(content, ["heavy", "light", "balanced", "long"], seed=seed, check_invariants=True)
        for kind in effective:
            effective[kind] += result.events_effective[kind]
    assert all(effective.values()), effective


def test_a_track_longer_than_the_clock_when_the_content_says_so(tmp_path):
    content = load(pack(tmp_path, beyond=True))
    rules = compile_rules(content)
    assert rules.event_ids[rules.track[21].kind] == "tailwind"
    state = GameState(rules, 4, 1)
    assert state.event_for(21) is rules.track[21] and state.event_for(22) is None
    result = play_game(content, ["heavy", "light", "balanced", "long"], seed=1, check_invariants=True)
    assert result.rounds == 22
