"""What must hold in every position of a game: the harness checks it after each action of random games.

Why: the placement rules are checked one placement at a time; this says what they add up to (every
mainline touches a dealership, no area holds a station twice, supplies are conserved, every cell
with buyers has a price...), so a rule coded wrong anywhere shows up as a broken invariant.
"""

from __future__ import annotations

from cardgen.games.horseless_carriage.factory import (DEALERSHIP, DEPARTMENTS, INDICATOR, MAINLINE, MARKETING,
                                                      STATION, around)
from cardgen.games.horseless_carriage.state import OVER, State


def _factory(state: State, p: int) -> list[str]:
    rules = state.rules
    f = state.players[p].factory
    out = []
    for cell, tile in f.tiles.items():
        kind = tile[0]
        if f.floor.get(cell) != "#":
            out.append(f"player {p}: a tile on {cell}, not a black square")
        if kind == MAINLINE and not f.next_to(cell, DEALERSHIP):
            out.append(f"player {p}: the mainline at {cell} touches no dealership")
        if kind == DEALERSHIP and not f.next_to(cell, MAINLINE):
            out.append(f"player {p}: the dealership at {cell} touches no mainline")
        if kind == MARKETING and not f.next_to(cell, DEALERSHIP):
            out.append(f"player {p}: the marketing department at {cell} touches no dealership")
        if kind == STATION and not any(f.tiles.get(n, (None,))[0] == INDICATOR and f.tiles[n][3] == cell
                                       for n in around(cell)):
            out.append(f"player {p}: no indicator points at the station at {cell}")
        if kind == INDICATOR:
            target = f.tiles.get(tile[3])
            if tile[3] not in around(cell) or target is None or target[0] != STATION or target[2] != tile[2]:
                out.append(f"player {p}: the indicator at {cell} points at no station of its step")
        if kind in (STATION, INDICATOR) and not f.connected(f.step_group(cell, tile[2], f.tiles), tile[2], rules,
                                                             f.tiles):
            out.append(f"player {p}: the {rules.steps[tile[2]]} tile at {cell} is connected to no mainline")
        if kind == STATION and f.area_clash([cell], f.tiles):
            out.append(f"player {p}: the area of {cell} holds a station twice")
    if f.count(DEALERSHIP) > rules.dealerships or f.count(MARKETING) > rules.marketing:
        out.append(f"player {p}: too many dealerships or marketing departments")
    if f.laid + len(f.extensions) != len(rules.extensions):
        out.append(f"player {p}: extension floors lost or gained")
    return out


def violations(state: State) -> list[str]:
    """Every invariant the position breaks, in words (empty when all hold)."""
    rules, market = state.rules, state.market
    out: list[str] = []
    for p in range(state.n):
        out.extend(_factory(state, p))
        player = state.players[p]
        if not 0 <= player.gantt <= rules.gantt_most:
            out.append(f"player {p}: {player.gantt} Gantt cards")
        if any(not 0 <= m <= len(t) for m, t in zip(player.markers, rules.track_stations)):
            out.append(f"player {p}: a research marker off its track")
        if not 0 <= player.assembly < len(rules.assembly_values):
            out.append(f"player {p}: the assembly marker off its track")
        if player.wealth < 0:
            out.append(f"player {p}: negative wealth")
    placed_stations: dict[str, int] = {}
    placed_indicators = [[0] * len(rules.steps) for _ in rules.dims]
    for player in state.players:
        for tile in player.factory.tiles.values():
            if tile[0] == STATION:
                placed_stations[tile[1]] = placed_stations.get(tile[1], 0) + 1
            elif tile[0] == INDICATOR:
                placed_indicators[tile[1]][tile[2]] += 1
    for name, left in state.stations.items():
        if left < 0 or left + placed_stations.get(name, 0) != rules.station_copies:
            out.append(f"the {name} supply is not conserved")
    for d, row in enumerate(state.indicators):
        for step, left in enumerate(row):
            if left < 0 or left + placed_indicators[d][step] != rules.indicator_copies:
                out.append(f"the {rules.dims[d]} {rules.steps[step]} indicator supply is not conserved")
    for car, (buyers, sparks) in enumerate(zip(market.buyers, market.sparks)):
        for cell, (b, s) in enumerate(zip(buyers, sparks)):
            if b < 0 or not 0 <= s <= rules.most_sparks:
                out.append(f"cell {cell}: {b} buyers and {s} sparks of {rules.cars[car]}")
            if b and not market.prices[rules.segment_of[cell]]:
                out.append(f"cell {cell} holds buyers in a segment without a price")
    for car, name in enumerate(rules.cars):
        if state.placed(MAINLINE, car) > rules.mainline_copies:
            out.append(f"more {name} mainlines than the supply holds")
    for name, copies in rules.department_copies.items():
        if state.placed(DEPARTMENTS[name]) > copies:
            out.append(f"more {name} departments than the supply holds")
    focus = [p.focus for p in state.players if p.focus]
    if len(focus) != len(set(focus)):
        out.append("two focus markers on one space")
    if sorted(state.in_play + state.off_market) != list(range(len(rules.dims))):
        out.append("the research tracks are not two in play and the rest off the market")
    if state.year > rules.years or (state.phase == OVER) != state.is_terminal():
        out.append(f"year {state.year} in phase {state.phase}")
    return out
