"""Dispatch kinds composed in content: any number of them, the card named by every action, played alike by the
checked path, the fast loop, the bots and the replay (issue 11).

The kinds come from a pack written here: a second R change (with a load condition), a way past trains
composed with a W gain, a way into a closed section, and a W gain after the move.
"""

from __future__ import annotations

import pytest

from cardgen.engine import GameState, compile_rules, play_game
from cardgen.engine.play.games import make_bots, run_checked, run_fast
from cardgen.engine.rules.actions import Dispatch, Operation
from cardgen.engine.rules.compiled import AFTER_MOVE, RIGHT, WITH_REVEAL
from cardgen.engine.rules.core import PLAY_MOVED
from cardgen.model import load
from tests.engine.test_rules_unit import place, ready, set_card
from tests.packs.conftest import PackDir

KINDS = """kinds:
  add:
    - id: banker
      icon: "🚂"
      copies: 3
      timing: with_operation_reveal
      name: {zh: 补机, en: Banking Engine}
      effects: [{type: propulsion, amount: 3, min_load: 6}]
      text: {zh: "编成至少 {min_load} 时 R {amount:+}。", en: "R {amount:+} when carrying {min_load} or more."}
      timing_text: {zh: 打出运转卡的同时声明, en: Declare as you play your operation card}
    - id: passing_loop
      icon: "🔀"
      copies: 3
      timing: with_operation_reveal
      name: {zh: 待避线, en: Passing Loop}
      effects: [{type: ignore_blocking}, {type: wait_gain, amount: 1}]
      text: {zh: "本轮前车不阻挡你的列车；W {amount:+}。", en: "Trains ahead do not block your train this round; W {amount:+}."}
      timing_text: {zh: 打出运转卡的同时声明, en: Declare as you play your operation card}
    - id: snowplough
      icon: "❄️"
      copies: 3
      timing: with_operation_reveal
      name: {zh: 除雪车, en: Snowplough}
      effects: [{type: ignore_closure}]
      text: {zh: 本轮封闭区间对你的列车开放。, en: A closed section is open to your train this round.}
      timing_text: {zh: 打出运转卡的同时声明, en: Declare as you play your operation card}
    - id: token
      icon: "🔖"
      copies: 3
      timing: after_movement
      name: {zh: 路签, en: Token}
      effects: [{type: wait_gain, amount: 2}]
      text: {zh: "待避值 W {amount:+}。", en: "Your W {amount:+}."}
      timing_text: {zh: 在你的移动结束后, en: After your own move}
"""


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    pack = PackDir(tmp_path_factory.mktemp("kinds") / "pack").write("dispatch.yaml", KINDS)
    assert pack.headlines() == []
    return load(pack.root)


@pytest.fixture(scope="module")
def rules(content):
    return compile_rules(content)


def kind(rules, name: str) -> int:
    return rules.dispatch_ids.index(name)


def test_each_kind_compiles_to_its_window_and_effects(rules):
    banker, token = rules.dispatch[kind(rules, "banker")], rules.dispatch[kind(rules, "token")]
    assert (banker.window, banker.propulsion, banker.propulsion_min_load, banker.wait_gain) == (WITH_REVEAL, 3, 6, 0)
    assert (token.window, token.wait_gain, token.swap) == (AFTER_MOVE, 2, False)
    loop = rules.dispatch[kind(rules, "passing_loop")]
    assert (loop.ignore_blocking, loop.ignore_closure, loop.wait_gain) == (True, False, 1)
    assert rules.dispatch[kind(rules, "snowplough")].ignore_closure
    signal = rules.dispatch[kind(rules, "signal_priority")]
    assert (signal.window, signal.propulsion) == (WITH_REVEAL, 2)


def test_two_r_changes_each_with_its_own_amount_and_condition(rules):
    st = ready(rules)
    banker, signal = kind(rules, "banker"), kind(rules, "signal_priority")
    st.dispatch = [[banker], [signal]]
    st.places = [6, 6]
    st.deck[0].append(rules.op_ids.index("rapid"))
    st.deck[1].append(rules.op_ids.index("rapid"))
    st.reveal([(0, banker), (0, signal)])
    rapid = rules.op_values[rules.op_ids.index("rapid")]
    assert st.r == [rules.propulsion(rapid, 6, 3), rules.propulsion(rapid, 6, 2)]
    assert st.played == [banker, signal] and st.dispatch == [[], []]
    assert st.dispatch_used[banker] == 1 and st.dispatch_used[signal] == 1
    assert st.dispatch_effective[banker] == 1 and st.dispatch_effective[signal] == 1


def test_a_condition_the_load_misses_leaves_r_alone(rules):
    st = ready(rules)
    banker = kind(rules, "banker")
    st.dispatch = [[banker], []]
    st.places = [5, 0]
    st.deck[0].append(rules.op_ids.index("rapid"))
    st.reveal([(0, banker), (0, -1)])
    assert st.r[0] == rules.propulsion(rules.op_values[rules.op_ids.index("rapid")], 5, 0)
    assert st.dispatch[0] == [] and st.dispatch_effective[banker] == 0    # spent all the same, for nothing


def test_a_w_gain_with_the_reveal_orders_this_round(rules):
    st = ready(rules)
    loop = kind(rules, "passing_loop")
    st.dispatch = [[], [loop]]
    for t in (0, 1):
        st.deck[t].append(rules.op_ids.index("rapid"))
    st.reveal([(0, -1), (0, loop)])
    assert st.wait == [rules.wait_start, rules.wait_start + 1] and st.order == [1, 0]


def test_a_w_gain_after_the_move(rules):
    st = ready(rules)
    token = kind(rules, "token")
    st.dispatch = [[], [token]]
    assert st.play(1, token) == [] and st.wait == [rules.wait_start, rules.wait_start + 2]


def test_ignore_blocking_runs_past_a_train(rules):
    st = ready(rules)
    place(st, 0, 0, RIGHT)
    place(st, 1, 1, RIGHT)               # on the up line of the first section
    set_card(st, 0, "express", r=3)
    loop = kind(rules, "passing_loop")
    st.played = [loop, -1]
    assert st.move(0) == 3 and st.cell[0] == 3 and st.blocked[0] == 0
    assert st.dispatch_effective[loop] == 1
    place(st, 0, 0, RIGHT)
    place(st, 1, 0, RIGHT)               # nothing in the way: the card changes nothing
    st.played_mattered[0] = False
    assert st.move(0) == 3 and st.dispatch_effective[loop] == 1
    place(st, 1, 1, RIGHT)
    st.played = [-1, -1]
    place(st, 0, 0, RIGHT)
    assert st.move(0) == 0 and st.blocked_by_train[0] == 1     # without the card


def test_ignore_blocking_never_ends_on_a_full_line(rules):
    st = ready(rules)
    place(st, 0, 0, RIGHT)
    place(st, 1, 3, RIGHT)               # the run would end on this full section
    set_card(st, 0, "express", r=3)
    st.played = [kind(rules, "passing_loop"), -1]
    w = st.wait[0]
    assert st.move(0) == 2 and st.cell[0] == 2 and st.dispatch_effective[kind(rules, "passing_loop")] == 0
    assert st.blocked_by_train[0] == 1 and st.wait[0] == w + rules.blocked_wait_gain
    assert (st.occ_right[3], st.occ_right[1]) == (1, 0)


def test_ignore_closure_enters_the_closed_section(rules):
    closing = next(rnd for rnd, ev in sorted(rules.track.items()) if ev.closed_cell >= 0)
    ev = rules.track[closing]
    st = ready(rules, rnd=closing)
    st.event = ev
    place(st, 0, ev.closed_cell - 1, RIGHT)
    set_card(st, 0, "rapid", r=2)
    plough = kind(rules, "snowplough")
    st.played = [plough, -1]
    assert st.move(0) == 2 and st.cell[0] == ev.closed_cell + 1 and st.dispatch_effective[plough] == 1
    st.played = [-1, -1]
    place(st, 0, ev.closed_cell - 1, RIGHT)
    assert st.move(0) == 0


def test_the_checked_path_names_each_card(rules):
    st = GameState(rules, 2, 3)
    banker, loop, token = kind(rules, "banker"), kind(rules, "passing_loop"), kind(rules, "token")
    st.dispatch = [[banker, loop], [token]]
    assert st.operation_options(0) == [Operation(0, None), Operation(0, banker), Operation(0, loop)]
    assert st.operation_options(1) == [Operation(0, None)]
    st.start()
    st.apply(next(a for a in st.legal_actions() if a.choices[0].dispatch == loop))
    assert st.played == [loop, -1] and st.dispatch[0] == [banker]
    while st.phase != PLAY_MOVED or st.current_player() != 1:
        st.apply(st.legal_actions()[0])
    assert st.legal_actions() == [Dispatch(None), Dispatch(token)]
    st.apply(Dispatch(token))
    assert st.dispatch[1] == [] and st.dispatch_used[token] == 1


@pytest.mark.parametrize("lineup", [["heavy", "light", "balanced", "long"], ["random", "lookahead", "random", "heavy"]])
def test_both_drivers_play_the_same_game(rules, lineup):
    for seed in range(6):
        fast, checked = GameState(rules, 4, seed), GameState(rules, 4, seed)
        run_fast(fast, make_bots(rules, lineup, seed), check_invariants=True)
        run_checked(checked, make_bots(rules, lineup, seed))
        assert fast.to_dict() == checked.to_dict(), seed


def test_the_bots_play_every_kind_and_each_changes_something(content):
    used = {k.id: 0 for k in content.dispatch.kinds}
    mattered = dict(used)
    for seed in range(60):
        lineup = ["heavy", "light", "balanced", "random"] if seed % 2 else ["lookahead", "long", "heavy", "light"]
        result = play_game(content, lineup, seed=seed, check_invariants=True)
        for name in used:
            used[name] += result.dispatch_used[name]
            mattered[name] += result.dispatch_effective[name]
            assert result.dispatch_effective[name] <= result.dispatch_used[name]
    assert all(mattered.values()), (used, mattered)
