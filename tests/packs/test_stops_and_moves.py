"""Issue 23: a card forces a stop or forbids one (event, dispatch or operation card), and a card moves tickets from a
train onto a platform, where they keep their boarding time; both drivers apply them through Core, every bot plays
them."""

from __future__ import annotations

from cardgen.engine import GameState, compile_rules
from cardgen.games.rail_journey.faces.formulas import effects_formula
from tests.engine.drivers import drivers_agree, tally

EVENTS = """kinds:
  add:
    - id: inspection
      icon: "I"
      name: {zh: 检查, en: Inspection}
      effects: [{type: force_stop}]
      text: {zh: "每列车在到达的第一个车站停车", en: "Every train stops at the first station it reaches"}
    - id: strike
      icon: "S"
      name: {zh: 罢工, en: Strike}
      effects: [{type: no_stop}]
      text: {zh: "本轮没有列车停车", en: "No train stops this round"}
track:
  1: {kind: inspection}
  2: {kind: strike}
"""
DISPATCH = """kinds:
  add:
    - id: transfer
      icon: "X"
      copies: 4
      timing: any_time
      name: {zh: 换乘, en: Transfer}
      effects: [{type: move_tickets, count: 2}]
      text: {zh: "最多 {count} 张旅客留在站台", en: "Leave up to {count} tickets on the platform"}
      timing_text: {zh: 停靠开始时, en: As a stop begins}
    - id: express_pass
      icon: "E"
      copies: 4
      timing: with_operation_reveal
      name: {zh: 直通, en: Express Pass}
      effects: [{type: no_stop}%s]
      text: {zh: "本轮不停车", en: "Your train does not stop this round"}
      timing_text: {zh: 打出运转卡的同时声明, en: Declare as you play your operation card}
"""


def game(pack_dir, events: str = EVENTS, dispatch: str = DISPATCH % "") -> GameState:
    pack_dir.write("events.yaml", events).write("dispatch.yaml", dispatch)
    return GameState(compile_rules(pack_dir.content()), 4, 0)


def test_a_forced_stop_ends_the_move_at_the_first_station(pack_dir):
    state = game(pack_dir)
    rules = state.rules
    assert rules.track[1].force_stop and rules.track[2].no_stop
    express = rules.op_ids.index("limited_express")
    state.forced = [[express] for _ in range(state.n)]
    state.reveal([(0, -1)] * state.n)
    t = state.order[0]
    start, r = state.cell[t], state.r[t]
    moved = state.move(t)
    first = next(c for c, _ in state.runs[start * 2 + (1 if state.dir[t] > 0 else 0)][r]
                 if rules.station_of_cell[c] >= 0)
    assert r > moved and state.cell[t] == first and state.blocked[t] == 0
    assert state.can_stop(t)                 # after a Limited Express too: the forced stop wins
    assert state.effective


def test_no_stop_on_an_event_or_a_dispatch_card(pack_dir):
    state = game(pack_dir)
    rules = state.rules
    station = rules.station_cells[1]
    state.cell[0] = station
    state.reveal([(0, -1)] * state.n)
    assert state.can_stop(0)                 # round 1: Inspection
    for t in state.order:
        state.move(t, 0)
    state.end_round()
    state.reveal([(0, -1)] * state.n)
    state.cell[0] = station
    assert not state.can_stop(0)             # round 2: Strike
    assert effects_formula(pack_dir.content().events.kinds[-1].effects) == "🚉 ⏩"
    passes = game(pack_dir, EVENTS.replace("  1: {kind: inspection}\n", ""))   # round 1: the base's Fine Weather
    card = passes.rules.dispatch_ids.index("express_pass")
    passes.dispatch[passes.owner[0]].append(card)
    passes.reveal([(0, card)] + [(0, -1)] * (passes.n - 1))
    passes.cell[0] = passes.cell[1] = station
    assert (passes.can_stop(0), passes.can_stop(1)) == (False, True)


def test_a_moved_ticket_keeps_its_boarding_time(pack_dir):
    state = game(pack_dir)
    rules = state.rules
    transfer = rules.dispatch_ids.index("transfer")
    s = 1
    state.cell[0] = rules.station_cells[s]
    state.card[0] = rules.op_ids.index("local")
    far = next(c for c in range(len(rules.card_kind)) if rules.ticket_dest[rules.card_kind[c]] == len(rules.station_ids) - 1
               and rules.ticket_origin[rules.card_kind[c]] == 0)
    near = next(c for c in range(len(rules.card_kind)) if rules.ticket_dest[rules.card_kind[c]] == 3
                and rules.ticket_origin[rules.card_kind[c]] == 0)
    for pile in state.piles:
        for c in (far, near):
            if c in pile:
                pile.remove(c)
    state.aboard[0], state.boarded[0] = [near, far], [rules.clock_start, rules.clock_start]
    state.places[0] = sum(rules.ticket_seats[rules.card_kind[c]] for c in (near, far))
    state.dispatch[state.owner[0]].append(transfer)
    state.clock = rules.clock_start + 3
    assert transfer in state.stop_cards(0)
    state.play(0, transfer)
    assert state.aboard[0] == [] and far in state.platforms[s] and state.places[0] == 0
    assert state.waiting_since[far] == rules.clock_start
    state.board(0, [far])
    assert state.boarded[0] == [rules.clock_start] and state.waiting_since[far] == -1


def test_every_bot_plays_them_and_both_drivers_agree(pack_dir):
    game(pack_dir)
    content = pack_dir.content()
    rules = compile_rules(content)
    for lineup in (["heavy"] * 4, ["random"] * 4, ["lookahead", "balanced", "light", "long"]):
        counts = tally(content, [(lineup, 6)], {"dispatch_used": ["transfer", "express_pass"],
                                                "events_effective": ["inspection", "strike"]})
        assert all(counts.values()), (lineup, counts)
    drivers_agree(rules, ["random", "heavy", "random", "balanced"], range(3))


def test_a_card_cannot_force_and_forbid_a_stop(pack_dir):
    pack_dir.write("dispatch.yaml", DISPATCH % ", {type: force_stop}")
    assert pack_dir.headlines() == [
        "tp/dispatch.yaml:16:41: kinds.add.1.effects.1.type: 'force_stop' and 'no_stop' contradict each other: "
        "a card may say one"]
