"""A whole game of Horseless Carriage as an OpenSpiel-like state: legal actions, apply, terminal, returns.

Why: bots, the simulator and the tests drive one state machine. A year runs the digest's eight phases;
the phases without decisions (brochure, end check, expectations, the growth of demand) run inside
:meth:`State.apply`. Chance (shuffles and draws) comes from the state's own seeded generator, so a seed
replays a game. Actions are plain tuples, first the action's name:

- setup and build: ``("department", kind, cell)``; build also ``("mainline", car, cell, dealer_cell|None)``,
  ``("dealership", cell)``, ``("station", name, cell, indicator_cell, dim)``,
  ``("indicator", station_cell, indicator_cell, dim)``, ``("done",)``, then ``("extension", i, x, y)``;
- research: ``("research", dim, owner)`` (dim -1: the player's own assembly track) or ``("done",)``;
- focus: ``("focus", space)`` or ``("pass",)``;
- sell: ``("window", dealer, x, y, w, h)``, ``("sell", dealer, cell)`` or ``("pass",)``;
- demand: ``("card", index, quadrant)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from cardgen.games.horseless_carriage import market as mk
from cardgen.games.horseless_carriage.factory import (DEALERSHIP, DEPARTMENTS, INDICATOR, MAINLINE, MARKETING,
                                                      PLANNING, RESEARCH, STATION, Cell, Dealer, Factory, around)
from cardgen.games.horseless_carriage.rules import Rules

Action = tuple
ASSEMBLY = -1
#: random corners an extension floor is tried at before every corner is (most corners are illegal)
FLOOR_DRAWS = 12
#: the kinds of build action, as :meth:`State.build_candidates` groups them
BUILD_KINDS = ("mainline", "dealership", "marketing", "department", "station")
SETUP, RESEARCH_PHASE, FOCUS, BUILD, FLOOR, SELL, DEMAND, OVER = (
    "setup", "research", "focus", "build", "floor", "sell", "demand", "over")


def rotated(items: list, rng: random.Random | None) -> list:
    """``items`` from a random one on, round to the start (a random first pick, cheaper than a shuffle)."""
    if rng is None or not items:
        return items
    cut = rng.randrange(len(items))
    return items[cut:] + items[:cut]


@dataclass
class Player:
    industrialist: int
    hand: list[int]
    factory: Factory
    markers: list[int]
    assembly: int = 0
    gantt: int = 0
    wealth: int = 0
    focus: int = 0       #: space on the focus track this year (0: still on the history track)
    history: int = 0     #: space on the history focus track
    to_place: list[int] = field(default_factory=list)  #: departments still to place at setup

    def copy(self) -> Player:
        return Player(self.industrialist, self.hand[:], self.factory.copy(), self.markers[:], self.assembly,
                      self.gantt, self.wealth, self.focus, self.history, self.to_place[:])


class State:
    """One game in progress."""

    def __init__(self, rules: Rules, players: int, seed: int = 0):
        if not rules.players[0] <= players <= rules.players[1]:
            raise ValueError(f"this game takes {rules.players[0]}-{rules.players[1]} players, not {players}")
        self.rules = rules
        self.n = players
        self.rng = random.Random(seed)          #: chance: track order, seats, industrialists, neutral shuffles
        #: draws that are not chance (which legal extension the floor phase offers first): kept apart, so
        #: that how the engine looks for a legal action never changes what chance deals
        self.offer_rng = random.Random(seed + 1)
        self.year = 1
        self.phase = SETUP
        self.time = rules.clock_start[players]
        self.ticks = 0
        dims = len(rules.dims)
        order = list(range(dims))
        self.rng.shuffle(order)
        self.in_play = order[:2]               #: dimension along the bottom, along the left
        self.off_market = order[2:]            #: top first
        self.obsolete = 0                      #: the side whose track leaves next
        self.innovation = [rules.start_innovation] * dims
        self.minimum = [0] * dims
        self.market = mk.Market.empty(rules)
        self.market.axis_dims = self.in_play[:]
        self.market.axis_base = [0, 0]
        self.stations = {s: rules.station_copies for s in rules.station_step}
        self.indicators = [[rules.indicator_copies] * len(rules.steps) for _ in rules.dims]
        self.neutral = list(range(len(rules.neutral)))
        self.rng.shuffle(self.neutral)
        self.discard: list[int] = []
        seats = list(range(players))
        self.rng.shuffle(seats)
        chosen = self.rng.sample(range(len(rules.industrialists)), players)
        start_departments = [DEPARTMENTS[k] for k in rules.start_departments]
        self.players: list[Player] = []
        for p in range(players):
            markers = [rules.start_in_play if d in self.in_play else rules.start_off_market for d in range(dims)]
            self.players.append(Player(chosen[p], list(range(len(rules.decks[chosen[p]]))), Factory.start(rules),
                                       markers, to_place=start_departments[:]))
        for place, p in enumerate(seats):
            self.players[p].history = place + 1
            self.players[p].gantt = rules.gantt_setup_last + (players - 1 - place)
        #: each player's place in the starting turn order, from 0 (their seat)
        self.seats = [p.history - 1 for p in self.players]
        for _ in range(players + rules.setup_extra):
            self._draw_neutral(rules.setup_quadrant)
        mk.reprice(rules, self.market)
        # per-phase bookkeeping
        self.order: list[int] = sorted(range(players), key=lambda q: self.players[q].history)
        self.turn = 0
        self.moved: set[tuple[int, int]] = set()
        self.actions_left = 0
        self.dealers: list[list[Dealer]] = [[] for _ in range(players)]
        self.eligible: list[list[bool]] = [[] for _ in range(players)]
        self.windows: list[dict[int, tuple[int, int, int, int]]] = [{} for _ in range(players)]
        self.used: list[dict[Cell, int]] = [{} for _ in range(players)]
        self.selling: list[int] = []
        self.played: list[tuple[int, int, int]] = []   #: this year's demand cards: (player, card, quadrant)
        self.card_log: list[tuple[int, int, int]] = []  #: every demand card played this game
        #: called with the state once each year's dealership data is published (the simulator's watch on windows)
        self.on_brochure: Callable[[State], None] | None = None
        #: in the floor phase, one legal extension action drawn at random (the phase is entered only when one exists)
        self.floor_option: Action | None = None
        self.history_log: list[Action] = []

    # ------------------------------------------------------------ OpenSpiel-like surface

    def current_player(self) -> int:
        return -1 if self.phase == OVER else self.order[self.turn] if self.phase != SELL else self.selling[0]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        return [float(p.wealth) for p in self.players]

    def winner(self) -> int:
        """Most wealth; a tie goes to the player further towards the sales end of the focus track."""
        return max(range(self.n), key=lambda p: (self.players[p].wealth, self.players[p].focus))

    def clone(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.offer_rng = random.Random()
        other.offer_rng.setstate(self.offer_rng.getstate())
        other.market = self.market.copy()
        other.players = [p.copy() for p in self.players]
        for name in ("in_play", "off_market", "innovation", "minimum", "neutral", "discard", "order", "selling",
                     "played", "card_log", "seats", "history_log"):
            setattr(other, name, list(getattr(self, name)))
        other.stations = dict(self.stations)
        other.indicators = [row[:] for row in self.indicators]
        other.moved = set(self.moved)
        other.dealers = [list(d) for d in self.dealers]
        other.eligible = [e[:] for e in self.eligible]
        other.windows = [dict(w) for w in self.windows]
        other.used = [dict(u) for u in self.used]
        return other

    # ------------------------------------------------------------ access and clock

    def reached(self, p: int, dim: int, station: str) -> bool:
        pos = self.rules.station_pos[dim].get(station)
        return pos is not None and self.players[p].markers[dim] >= pos

    def access(self, p: int, dim: int, station: str) -> bool:
        """Research access: your own marker reached the station on that track, or a player further towards the
        sales end of the focus track did (a patent, with engineering focus)."""
        if self.reached(p, dim, station):
            return True
        mine = self.players[p].focus
        return bool(mine) and any(q != p and self.players[q].focus > mine and self.reached(q, dim, station)
                                  for q in range(self.n))

    def access_table(self, p: int) -> set[tuple[int, str]]:
        """Every (dimension, station) the player has access to now (:meth:`access` for all at once)."""
        mine = self.players[p].focus
        owners = [q for q in range(self.n) if q == p or (mine and self.players[q].focus > mine)]
        return {(d, name) for q in owners for d, stations in enumerate(self.rules.track_stations)
                for name in stations[:self.players[q].markers[d]]}

    def tick(self, clocks: int = 1) -> None:
        """Each clock symbol moves the time card one step; it is flipped at 0."""
        self.time -= clocks
        self.ticks += clocks

    @property
    def flipped(self) -> bool:
        return self.time <= 0

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        p = self.current_player()
        if self.phase == SETUP:
            kind = self.players[p].to_place[0]
            return [] if self._department_supply(kind) else [("department", kind, c) for c in self._free(p)]
        if self.phase == RESEARCH_PHASE:
            return self._research_actions(p) + [("done",)]
        if self.phase == FOCUS:
            taken = {q.focus for q in self.players}
            return [("focus", s) for s in range(1, self.rules.focus_spaces + 1) if s not in taken] + [("pass",)]
        if self.phase == BUILD:
            return [a for a in self.build_candidates(p) if self.why_not(a) is None] + [("done",)]
        if self.phase == FLOOR:
            return self._floor_actions(p)
        if self.phase == SELL:
            return self.window_actions(p) + self.sell_actions(p) + [("pass",)]
        if self.phase == DEMAND:
            return self._card_actions(p)
        raise AssertionError(self.phase)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is among :meth:`legal_actions` (a build action is checked alone, not listed)."""
        if self.phase == BUILD:
            if action == ("done",):
                return True
            kinds = {"mainline", "dealership", "department", "station", "indicator"}
            return action[0] in kinds and self.why_not(action) is None
        return action in self.legal_actions()

    def _free(self, p: int) -> list[Cell]:
        return sorted(self.players[p].factory.free_squares())

    def _research_actions(self, p: int) -> list[Action]:
        if self.actions_left <= 0:
            return []
        out: list[Action] = []
        if (ASSEMBLY, p) not in self.moved and self.players[p].assembly < len(self.rules.assembly_values) - 1:
            out.append(("research", ASSEMBLY, p))
        for d, stations in enumerate(self.rules.track_stations):
            for q in range(self.n):
                if (d, q) not in self.moved and self.players[q].markers[d] < len(stations):
                    out.append(("research", d, q))
        return out

    def _can_research(self, p: int) -> bool:
        """Whether the player has a research action left (what :meth:`_research_actions` lists, without listing)."""
        if self.actions_left <= 0:
            return False
        if (ASSEMBLY, p) not in self.moved and self.players[p].assembly < len(self.rules.assembly_values) - 1:
            return True
        return any((d, q) not in self.moved and self.players[q].markers[d] < len(stations)
                   for d, stations in enumerate(self.rules.track_stations) for q in range(self.n))

    def build_candidates(self, p: int, kinds: tuple[str, ...] = BUILD_KINDS) -> list[Action]:
        """The build actions of the given kinds worth checking: a superset of the legal ones, made from the
        squares next to what is built (a mainline by a loading zone or a mainline, a station by its step's side)."""
        rules, f = self.rules, self.players[p].factory
        free = f.free_squares()
        lines = [c for c, t in f.tiles.items() if t[0] == MAINLINE]
        out: list[Action] = []
        if "mainline" in kinds:
            starts = {n for c, ch in f.floor.items() if ch == "L" for n in around(c)}
            for cell in (starts | {n for m in lines for n in around(m)}) & free:
                for car in range(len(rules.cars)):
                    out.append(("mainline", car, cell, None))
                    out.extend(("mainline", car, cell, d) for d in around(cell) if d in free)
        if "dealership" in kinds:
            out.extend(("dealership", c) for c in {n for m in lines for n in around(m)} & free)
        if "marketing" in kinds:
            dealerships = [c for c, t in f.tiles.items() if t[0] == DEALERSHIP]
            out.extend(("department", MARKETING, c) for c in {n for d in dealerships for n in around(d)} & free)
        if "department" in kinds:
            for kind in (RESEARCH, PLANNING):
                out.extend(("department", kind, c) for c in free)
        if "station" in kinds:
            out.extend(self._station_candidates(p, free, lines))
        return out

    def _station_candidates(self, p: int, free: set[Cell], lines: list[Cell]) -> list[Action]:
        rules, f = self.rules, self.players[p].factory
        out: list[Action] = []
        usable = sorted(self.access_table(p))
        for step, (dx, dy) in enumerate(rules.step_side):
            joined: set[Cell] = set()
            frontier: set[Cell] = set()
            for x, y in lines:
                side = (x + dx, y + dy)
                if side in free:
                    frontier.add(side)
                joined |= f.step_group(side, step, f.tiles)
            frontier |= {n for c in joined for n in around(c)} & free
            pairs = {(s, i) for s in frontier for i in around(s) if i in free}
            pairs |= {(s, i) for i in frontier for s in around(i) if s in free}
            offers = [(name, d) for d, name in usable if rules.station_step[name] == step
                      and self.stations[name] > 0 and self.indicators[d][step] > 0]
            for s, i in pairs:
                out.extend(("station", name, s, i, d) for name, d in offers)
            for c in joined:
                t = f.tiles[c]
                if t[0] == STATION:
                    out.extend(("indicator", c, i, d) for i in around(c) if i in free for name, d in offers
                               if name == t[1])
        return out

    def why_not(self, action: Action) -> str | None:
        """Why a build action is refused now, or None when it is legal."""
        p = self.current_player()
        rules, f = self.rules, self.players[p].factory
        name = action[0]
        if name == "mainline":
            if self.placed(MAINLINE, action[1]) >= rules.mainline_copies:
                return f"no {rules.cars[action[1]]} mainline left in the supply"
            return f.why_not_mainline(rules, action[1], action[2], action[3])
        if name == "dealership":
            return f.why_not_dealership(rules, action[1])
        if name == "department":
            return self._department_supply(action[1]) or f.why_not_department(rules, action[1], action[2])
        if name == "station":
            _, station, cell, ind, dim = action
            step = rules.station_step[station]
            if self.stations[station] <= 0 or self.indicators[dim][step] <= 0:
                return "none left in the supply"
            return f.why_not_station(rules, station, cell, ind, dim, lambda d, s: self.access(p, d, s))
        if name == "indicator":
            _, cell, ind, dim = action
            t = f.tiles.get(cell)
            if t is not None and t[0] == STATION and self.indicators[dim][t[2]] <= 0:
                return "none left in the supply"
            return f.why_not_indicator(rules, cell, ind, dim, lambda d, s: self.access(p, d, s))
        return f"not a build action: {name}"

    def placed(self, kind: int, car: int | None = None) -> int:
        """How many tiles of a kind (mainlines: of a car type) all the factories hold."""
        return sum(1 for player in self.players for t in player.factory.tiles.values()
                   if t[0] == kind and (car is None or t[1] == car))

    def _department_supply(self, kind: int) -> str | None:
        name = next(n for n, k in DEPARTMENTS.items() if k == kind)
        copies = self.rules.department_copies.get(name)
        if copies is not None and self.placed(kind) >= copies:
            return f"no {name} department left in the supply"
        return None

    def _floor_actions(self, p: int) -> list[Action]:
        f = self.players[p].factory
        out: list[Action] = []
        for i in f.extensions:
            floor = self.rules.extensions[i]
            out.extend(("extension", i, x, y) for x, y in f.extension_anchors(floor)
                       if f.why_not_extension(floor, x, y) is None)
        return out

    def floor_choice(self, p: int, rng: random.Random | None = None) -> Action | None:
        """One legal extension action, or None when no extension can be laid; cheaper than listing them all.
        With ``rng``: a random floor, tried first at a few random corners, then at every corner from a random one."""
        f = self.players[p].factory
        floors = f.extensions[:]
        if rng is not None:
            rng.shuffle(floors)
        for i in floors:
            floor = self.rules.extensions[i]
            anchors = f.extension_anchors(floor)
            tries = [rng.choice(anchors) for _ in range(FLOOR_DRAWS)] if rng is not None else []
            for x, y in tries + rotated(anchors, rng):
                if f.why_not_extension(floor, x, y) is None:
                    return ("extension", i, x, y)
        return None

    def can_sell_or_open(self, p: int) -> bool:
        """Whether the player has anything to do in the sell phase: a sale, or a window to lay."""
        rules = self.rules
        for i, (x, y, w, h) in self.windows[p].items():
            if any(self.sale(p, i, cell) for cell in mk.window_cells(rules, x, y, w, h)):
                return True
        for i, dealer in enumerate(self.dealers[p]):
            if self.eligible[p][i] and i not in self.windows[p]:
                for w, h in mk.window_shapes(rules, dealer.marketing):
                    if any(mk.window_legal(rules, self.market, dealer.spec, x, y, w, h)
                           for x, y in mk.window_anchors(rules, w, h)):
                        return True
        return False

    def window_actions(self, p: int) -> list[Action]:
        """Every legal window for each of the player's dealerships that may still lay one."""
        out: list[Action] = []
        rules = self.rules
        for i, dealer in enumerate(self.dealers[p]):
            if not self.eligible[p][i] or i in self.windows[p]:
                continue
            for w, h in mk.window_shapes(rules, dealer.marketing):
                out.extend(("window", i, x, y, w, h) for x, y in mk.window_anchors(rules, w, h)
                           if mk.window_legal(rules, self.market, dealer.spec, x, y, w, h))
        return out

    def sale(self, p: int, i: int, cell: int) -> list[tuple[int, int, Cell]]:
        """What dealership ``i`` would sell in ``cell``: (car, buyers, mainline) for every car type it can sell
        there, each to all the cell's buyers of that type from one mainline with room for them all."""
        dealer = self.dealers[p][i]
        used = self.used[p]
        room = self.rules.assembly_values[self.players[p].assembly]
        tiles = self.players[p].factory.tiles
        out = []
        for car in dealer.cars:
            buyers = self.market.buyers[car][cell]
            if buyers:
                for m in dealer.mainlines:
                    if tiles[m][1] == car and room - used.get(m, 0) >= buyers:
                        out.append((car, buyers, m))
                        break
        return out

    def sell_actions(self, p: int) -> list[Action]:
        """Every sale the player's laid windows allow (a cell whose buyers a dealership can all serve)."""
        out: list[Action] = []
        for i, (x, y, w, h) in self.windows[p].items():
            out.extend(("sell", i, cell) for cell in mk.window_cells(self.rules, x, y, w, h) if self.sale(p, i, cell))
        return out

    def _card_actions(self, p: int) -> list[Action]:
        player = self.players[p]
        deck = self.rules.decks[player.industrialist]
        return [("card", c, q) for c in player.hand if deck[c].year <= player.factory.laid
                for q in range(len(self.rules.quadrants))]

    # ------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Play ``action`` for the current player (it must be legal), then run phases until a decision."""
        p = self.current_player()
        self.history_log.append(action)
        getattr(self, f"_do_{action[0]}")(p, action)
        self._settle()

    def _do_department(self, p: int, action: Action) -> None:
        player = self.players[p]
        player.factory.tiles[action[2]] = (action[1],)
        if self.phase == SETUP:
            player.to_place.pop(0)
            if not player.to_place:
                self.turn += 1

    def _do_mainline(self, p: int, action: Action) -> None:
        _, car, cell, dealer = action
        tiles = self.players[p].factory.tiles
        tiles[cell] = (MAINLINE, car)
        if dealer is not None:
            tiles[dealer] = (DEALERSHIP,)

    def _do_dealership(self, p: int, action: Action) -> None:
        self.players[p].factory.tiles[action[1]] = (DEALERSHIP,)

    def _do_station(self, p: int, action: Action) -> None:
        _, name, cell, ind, dim = action
        step = self.rules.station_step[name]
        tiles = self.players[p].factory.tiles
        tiles[cell] = (STATION, name, step)
        tiles[ind] = (INDICATOR, dim, step, cell)
        self.stations[name] -= 1
        self.indicators[dim][step] -= 1

    def _do_indicator(self, p: int, action: Action) -> None:
        _, cell, ind, dim = action
        tiles = self.players[p].factory.tiles
        step = tiles[cell][2]
        tiles[ind] = (INDICATOR, dim, step, cell)
        self.indicators[dim][step] -= 1

    def _do_done(self, p: int, action: Action) -> None:
        if self.phase == RESEARCH_PHASE:
            self.actions_left = 0
        else:
            self.phase = FLOOR

    def _do_extension(self, p: int, action: Action) -> None:
        _, i, x, y = action
        self.players[p].factory.lay(self.rules.extensions[i], x, y, i)
        self._end_build_turn()

    def _end_build_turn(self) -> None:
        p = self.order[self.turn]
        self.players[p].history = self.players[p].focus
        self.turn += 1
        self.phase = BUILD

    def _do_research(self, p: int, action: Action) -> None:
        _, dim, owner = action
        self.moved.add((dim, owner))
        self.actions_left -= 1
        player = self.players[owner]
        if dim == ASSEMBLY:
            player.assembly += 1
            if player.assembly in self.rules.assembly_clocks:
                self.tick()
        else:
            player.markers[dim] += 1
            if player.markers[dim] in self.rules.track_clocks[dim]:
                self.tick()

    def _do_focus(self, p: int, action: Action) -> None:
        self.players[p].focus = action[1]
        self.players[p].gantt = 0
        self.turn += 1

    def _do_pass(self, p: int, action: Action) -> None:
        if self.phase == FOCUS:
            self.turn += 1
        else:
            self.selling.pop(0)

    def _do_window(self, p: int, action: Action) -> None:
        _, i, x, y, w, h = action
        self.windows[p][i] = (x, y, w, h)

    def _do_sell(self, p: int, action: Action) -> None:
        _, i, cell = action
        for car, buyers, m in self.sale(p, i, cell):
            self.players[p].wealth += mk.sale_value(self.rules, self.market, cell, car, buyers)
            self.market.buyers[car][cell] = 0
            self.used[p][m] = self.used[p].get(m, 0) + buyers
        self.selling.append(self.selling.pop(0))

    def _do_card(self, p: int, action: Action) -> None:
        _, c, q = action
        self.players[p].hand.remove(c)
        self.played.append((p, c, q))
        self.card_log.append((p, c, q))
        self.turn += 1

    # ------------------------------------------------------------ phases

    def _engineering(self, key: str) -> list[int]:
        return sorted(range(self.n), key=lambda q: getattr(self.players[q], key))

    def _settle(self) -> None:
        """Run the phases that need no decision until one does (or the game ends)."""
        while True:
            if self.phase == SETUP:
                if self.turn < self.n:
                    return
                self._start_research()
            elif self.phase == RESEARCH_PHASE:
                while self.turn < self.n and not self._can_research(self.order[self.turn]):
                    self.turn += 1
                    self._start_research_turn()
                if self.turn < self.n:
                    return
                self._start_focus()
            elif self.phase == FOCUS:
                if self.turn < self.n:
                    return
                self._fill_focus()
                self.order = self._engineering("focus")
                self.turn = 0
                self.phase = BUILD
            elif self.phase == BUILD:
                if self.turn < self.n:
                    return
                self._brochure()
                self._start_selling()
            elif self.phase == FLOOR:
                self.floor_option = self.floor_choice(self.order[self.turn], self.offer_rng)
                if self.floor_option is not None:
                    return
                self._end_build_turn()
            elif self.phase == SELL:
                while self.selling and not self.can_sell_or_open(self.selling[0]):
                    self.selling.pop(0)  # nothing to do but pass: passed for them
                if self.selling:
                    return
                self._end_selling()
                if self.flipped or self.year >= self.rules.years:
                    self.phase = OVER
                    return
                self._expectations()
                self.order = self._engineering("focus")
                self.turn = 0
                self.played = []
                self.phase = DEMAND
            elif self.phase == DEMAND:
                while self.turn < self.n and not self._card_actions(self.order[self.turn]):
                    self.turn += 1
                if self.turn < self.n:
                    return
                self._grow_demand()
                self.year += 1
                self._start_research()
            else:
                return

    def _start_research(self) -> None:
        self.phase = RESEARCH_PHASE
        self.order = self._engineering("history")
        self.turn = 0
        self._start_research_turn()

    def _start_research_turn(self) -> None:
        self.moved = set()
        if self.turn < self.n:
            self.actions_left = self.players[self.order[self.turn]].factory.count(RESEARCH)

    def _start_focus(self) -> None:
        for player in self.players:
            player.focus = 0
        self.order = sorted(range(self.n), key=lambda q: (-self.players[q].gantt, self.players[q].history))
        self.turn = 0
        self.phase = FOCUS

    def _fill_focus(self) -> None:
        """Markers left on the history track fill the empty focus spaces in their order, leftmost first."""
        taken = {p.focus for p in self.players}
        empty = [s for s in range(1, self.rules.focus_spaces + 1) if s not in taken]
        waiting = sorted((p for p in self.players if not p.focus), key=lambda p: p.history)
        for player, space in zip(waiting, empty):
            player.focus = space

    def _brochure(self) -> None:
        """Phase 4: Gantt cards for planning departments (clocks on the way), and each dealership's data."""
        rules = self.rules
        for p, player in enumerate(self.players):
            for _ in range(player.factory.count(PLANNING)):
                if player.gantt < rules.gantt_most:
                    player.gantt += 1
                    if player.gantt in rules.gantt_clocks:
                        self.tick()
            self.dealers[p] = player.factory.dealers(rules)
            self.eligible[p] = [not mk.shut_out(d.spec, self.minimum) and bool(d.cars) for d in self.dealers[p]]
        if self.on_brochure is not None:
            self.on_brochure(self)

    def _start_selling(self) -> None:
        self.phase = SELL
        self.selling = sorted(range(self.n), key=lambda q: -self.players[q].focus)
        self.windows = [{} for _ in range(self.n)]
        self.used = [{} for _ in range(self.n)]

    def _end_selling(self) -> None:
        self.windows = [{} for _ in range(self.n)]
        self.used = [{} for _ in range(self.n)]

    def innovation_score(self, dim: int) -> tuple[int, int]:
        """A track's innovativeness: each marker k spaces past the innovation marker scores 1 + 2 + ... + k;
        then the furthest marker's lead (the first tie-break)."""
        leads = [max(0, p.markers[dim] - self.innovation[dim]) for p in self.players]
        return sum(k * (k + 1) // 2 for k in leads), max(leads)

    def _expectations(self) -> None:
        """Phase 7: the obsolete track leaves and raises its minimum spec; the most innovative track comes in."""
        side = self.obsolete
        old = self.in_play[side]
        self.minimum[old] += 1
        self.innovation[old] += 1
        self.off_market.append(old)
        self.obsolete = 1 - side
        ranked = sorted(range(len(self.off_market)),
                        key=lambda i: (*(-v for v in self.innovation_score(self.off_market[i])), i))
        new = self.off_market.pop(ranked[0])
        self.in_play[side] = new
        self.market.axis_dims[side] = new
        self.market.axis_base[side] = self.minimum[new]

    def _draw_neutral(self, quadrant: int) -> None:
        if not self.neutral:
            self.neutral, self.discard = self.discard, []
            self.rng.shuffle(self.neutral)
        card = self.neutral.pop()
        self.discard.append(card)
        mk.place_neutral(self.rules, self.market, quadrant, self.rules.neutral[card])

    def _grow_demand(self) -> None:
        """Phase 8 after the cards are laid: sparks by quadrant I to IV, clocks, growth, neutral buyers, prices."""
        rules = self.rules
        for p, c, q in sorted(self.played, key=lambda t: t[2]):
            card = rules.decks[self.players[p].industrialist][c]
            for cell in mk.quadrant_cells(rules, q, card):
                mk.add_spark(rules, self.market, card.car, cell)
            self.tick(card.clocks)
        mk.grow(rules, self.market)
        for quadrant, cards, minus in rules.yearly_neutral:
            for _ in range(cards if cards is not None else max(0, self.n - (minus or 0))):
                self._draw_neutral(quadrant)
        mk.reprice(rules, self.market)
