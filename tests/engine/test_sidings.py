"""Ruling R25: a siding beside a section. A train whose move ends in that section may pull in, freeing the line
for the trains behind; it leaves with its next move. Both drivers play it through the same Core methods."""

from __future__ import annotations

import pytest

from cardgen.engine import GameState, compile_rules
from cardgen.engine.play.games import make_bots, run_checked, run_fast
from cardgen.engine.rules.actions import IllegalAction, Move, Siding
from cardgen.engine.rules.checked import MOVE, PLAY_MOVED, SIDING
from cardgen.engine.rules.compiled import RIGHT
from cardgen.engine.rules.view import PlayerView
from cardgen.engine.bots.archetypes import Bot
from cardgen.model import load
from tests.content_copy import copy_with
from tests.engine.drivers import drivers_agree

#: the last section of the bundled map, after which the test writes its siding
LAST_SECTION = "  - {id: T5, cell: 9, between: [S5, S6]}\n"


def siding_rules(tmp_path_factory, wait_gain: int = 0, variant: str | None = None):
    """The bundled content with siding P1 beside T3 (cell 5), holding one train."""
    folder = tmp_path_factory.mktemp("sidings") / "content"
    copy_with(folder, "map.yaml", LAST_SECTION, LAST_SECTION + "sidings:\n  - {id: P1, cell: 5, name: {zh: 待避线, "
              f"en: Loop}}, capacity: 1, wait_gain: {wait_gain}}}\n")
    return compile_rules(load(folder, variant=variant).in_play)


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    return siding_rules(tmp_path_factory)


def placed(rules, cells: list[int], r: list[int]) -> GameState:
    """Two trains heading right on ``cells`` with ``r``, in the move phase of a round without event, train 1
    moving first."""
    st = GameState(rules, 2, 5)
    st.event = None
    for t, c in enumerate(cells):
        st._occupy(t, -1)
        st.cell[t], st.dir[t] = c, RIGHT
        st._occupy(t, 1)
    st.r = list(r)
    st.order = [0, 1]
    st.phase, st.cursor = MOVE, 0
    return st


def test_the_siding_is_compiled_from_the_map(rules):
    assert rules.siding_ids == ("P1",)
    assert [c for c, sd in enumerate(rules.siding_of_cell) if sd >= 0] == [5]
    assert (rules.siding_capacity, rules.siding_wait_gain) == ((1,), (0,))


def test_a_train_in_the_siding_lets_the_one_behind_pass(rules):
    blocked = placed(rules, [5, 4], [0, 3])
    assert blocked.move(1) == 0                       # T3's up line is full: the train behind waits
    st = placed(rules, [5, 4], [0, 3])
    st.move(0)
    assert st.siding_open(0) == 0
    st.pull_off(0)
    assert (st.siding, st.siding_used, st.occ_right[5]) == ([0, -1], [1], 0)
    assert st.move(1) == 3 and st.cell[1] == 7        # it runs past the train in the siding
    assert st.blocked == [0, 0]


def test_a_train_leaves_the_siding_with_its_next_move_onto_the_cell_ahead(rules):
    st = placed(rules, [5, 2], [0, 0])
    st.pull_off(0)
    st.r = [1, 0]
    assert st.move(0) == 1
    assert (st.cell[0], st.siding, st.siding_used, st.occ_right[5]) == (6, [-1, -1], [0], 0)


def test_a_train_that_does_not_move_stays_in_the_siding(rules):
    st = placed(rules, [5, 2], [0, 0])
    st.pull_off(0)
    assert st.move(0) == 0 and st.siding == [0, -1]
    assert st.siding_open(0) == -1                    # it is in the siding already


def test_a_full_siding_or_a_cell_without_one_refuses_the_pull_with_a_clear_error(rules):
    st = placed(rules, [5, 5], [0, 0])
    st.dir[1] = -1
    st.occ_right[5], st.occ_left[5] = 1, 1
    st.pull_off(0)
    with pytest.raises(IllegalAction) as full:
        st.pull_off(1)
    assert str(full.value) == "round 1: train 2 at cell 5 has no siding with room to pull into"
    with pytest.raises(IllegalAction) as none:
        placed(rules, [3, 2], [0, 0]).pull_off(0)
    assert str(none.value) == "round 1: train 1 at cell 3 has no siding with room to pull into"


def test_the_checked_path_asks_once_the_move_ends_beside_the_siding(rules):
    st = placed(rules, [4, 2], [1, 4])
    st._advance()
    assert st.phase == SIDING and st.current_train() == 0
    assert st.legal_actions() == [Siding(False), Siding(True)]
    with pytest.raises(IllegalAction) as bad:
        st.apply(Move(0))
    assert str(bad.value) == ("round 1: Move(cells=0) is not legal for train 1 in phase 'siding'; legal: "
                              "[Siding(enter=False), Siding(enter=True)]")
    st.apply(Siding(True))
    assert st.siding == [0, -1] and st.cell[1] == 6   # train 2 ran 2 -> 6 past it, through T3
    assert st.phase not in (SIDING, MOVE)


def test_a_train_that_stays_on_the_line_blocks_the_one_behind(rules):
    st = placed(rules, [4, 2], [1, 4])
    st._advance()
    st.apply(Siding(False))
    assert st.siding == [-1, -1] and st.cell[1] == 4 and st.blocked_by_train == [0, 1]


def test_no_siding_question_without_a_siding(rules):
    st = placed(rules, [2, 0], [1, 1])                 # train 1 ends in T2 (cell 3): no siding there
    st._advance()
    assert st.siding == [-1, -1] and st.phase != SIDING
    assert PLAY_MOVED != SIDING


def test_the_bot_pulls_in_for_its_own_train_behind_or_for_w(tmp_path_factory, rules):
    two = siding_rules(tmp_path_factory, variant="two_locomotives")
    st = GameState(two, 2, 1)
    mine = st.trains_of[0]
    for t, c in zip(mine, (5, 2)):
        st._occupy(t, -1)
        st.cell[t], st.dir[t] = c, RIGHT
        st._occupy(t, 1)
    bot, view = Bot(two), PlayerView(st, 0)
    assert bot.siding(view, mine[0]) is True          # its other train is behind, within a run
    st.cell[mine[1]] = 6                              # ... now ahead of it: nobody of ours to let by
    assert bot.siding(view, mine[0]) is False
    paid = siding_rules(tmp_path_factory, wait_gain=1)
    lone = placed(paid, [5, 0], [0, 0])
    assert Bot(paid).siding(PlayerView(lone, 0), 0) is True   # the siding gives W
    lone.pull_off(0)
    assert lone.wait == [paid.wait_start + 1, paid.wait_start]


@pytest.mark.parametrize("wait_gain", [0, 1])
def test_whole_games_keep_the_invariants_and_both_drivers_agree(tmp_path_factory, wait_gain):
    rules = siding_rules(tmp_path_factory, wait_gain=wait_gain)
    drivers_agree(rules, ["random", "balanced", "light"], range(6))
    pulled = 0
    for seed in range(6):
        st = GameState(rules, 3, seed)
        run_fast(st, make_bots(rules, ["random", "balanced", "lookahead"], seed), check_invariants=True)
        pulled += sum(st.pulled)
        assert st.siding_pulls == [sum(st.pulled)]   # P1's count, for simulate's report, is every train's pulls
    assert pulled > 0


def test_two_locomotives_pull_in_for_each_other_and_the_drivers_agree(tmp_path_factory):
    rules = siding_rules(tmp_path_factory, variant="two_locomotives")
    pulled = 0
    for seed in range(8):
        fast, checked = GameState(rules, 2, seed), GameState(rules, 2, seed)
        run_fast(fast, make_bots(rules, ["balanced", "heavy"], seed), check_invariants=True)
        run_checked(checked, make_bots(rules, ["balanced", "heavy"], seed))
        assert fast.to_dict() == checked.to_dict()
        pulled += sum(fast.pulled)
    assert pulled > 0


def test_the_invariants_catch_a_siding_count_gone_stale_or_a_train_away_from_its_siding(rules):
    from cardgen.engine.rules.invariants import InvariantError, check_state
    st = placed(rules, [5, 2], [0, 0])
    st.pull_off(0)
    check_state(st)
    st.siding_used[0] = 0
    with pytest.raises(InvariantError) as stale:
        check_state(st)
    assert str(stale.value) == "round 1: siding P1 counts 0 trains, holds 1"
    st.siding_used[0], st.cell[0] = 1, 7
    with pytest.raises(InvariantError) as away:
        check_state(st)
    assert str(away.value) == "round 1: train 1 is in siding P1 away from its cell 7"
