"""The fast path: a whole game of archetype bots in one function, over the state's own lists.

Why: the simulator plays thousands of games a second, and calling one rule
method per train per phase (as the generic loop in :mod:`cardgen.engine.play.games`
does) costs more than the rules themselves. This kernel binds every list of
the :class:`GameState` to a local once, reads ticket facts from tables indexed
by physical card, and inlines the archetypes' decisions (their boarding and
Signal Priority rules are plain arithmetic). It mutates the very same lists,
so the invariant checker, ``to_dict`` and the result code work unchanged; rare
decisions (Passing Swap, Group Booking) go through the shared rule methods and
the bots' own methods. ``tests/engine/test_fast_path.py`` checks that it plays
exactly the same game as the generic loop and the checked path for a seed.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engine.bots.archetypes import SIGNAL_AT_PENALTY, Archetype, Bot
from cardgen.engine.rules.checked import OVER
from cardgen.engine.rules.invariants import check_state
from cardgen.engine.rules.options import Options
from cardgen.engine.rules.compiled import EventEffect, Rules
from cardgen.engine.rules.runs import free_runs
from cardgen.engine.rules.state import SHORT_CLOSED, SHORT_TERMINAL, SHORT_TRAIN, GameState
from cardgen.engine.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class KernelTables:
    """Ticket facts by physical card (not by kind), free-run paths, per-round events and stall bounds."""

    dest_cell: tuple[int, ...]
    dest_station: tuple[int, ...]
    fare: tuple[int, ...]
    neg_fare: tuple[int, ...]            # sort key: best fare first, platform order among equals
    late_fare: tuple[int, ...]
    slack: tuple[int, ...]
    seats: tuple[int, ...]
    #: wanted[min_span][d][card] (d = 1 or -1, so index 0 is unused): the ticket heads direction d and
    #: spans at least min_span
    #: (min_span 0 .. longest span + 1)
    wanted: dict[int, tuple[tuple[bool, ...], ...]]
    #: paths[cell][d][r] (d = 1 or -1, indexing the direction directly): the (cell, direction after) of
    #: each of r free steps, cut after a
    #: terminal when arriving there ends the move (ruling R1)
    paths: tuple[tuple[tuple[tuple[tuple[int, int], ...], ...], ...], ...]
    penalty: tuple[int, ...]             # by places: floor(N / divisor)
    plain_r: tuple[tuple[int, ...], ...]  # [card][places]: R with no event or dispatch modifier
    events: tuple[EventEffect | None, ...]   # by round, as GameState.event_for gives them
    stall_best: tuple[int, ...]          # by round: best R a train with no load could still reach


_TABLES: dict[tuple, tuple[Rules, KernelTables]] = {}


def tables_for(rules: Rules, options: Options, probe: GameState) -> KernelTables:
    """Build (once per compiled rules and rulings) the kernel's lookup tables."""
    key = (id(rules), options.late_events, options.terminal_ends_move)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    kinds = rules.card_kind

    def by_card(values: tuple) -> tuple:
        return tuple(values[k] for k in kinds)

    horizon = rules.clock_end - rules.clock_start + rules.track_rounds + 2
    events = tuple(probe.event_for(rnd) for rnd in range(horizon))
    repeated = probe.event_for(rules.clock_end - rules.clock_start + 1)
    again = repeated.propulsion if repeated is not None else 0
    stall = tuple(rules.best_op_value + max(boost, again) for boost in rules.best_propulsion_after)
    boost = max([0, again] + [ev.propulsion for ev in rules.track.values()])
    longest = max(rules.propulsion_floor, rules.best_op_value + boost + max(0, rules.dispatch_signal_amount))
    fares = by_card(rules.ticket_fare)
    spans, dirs = by_card(rules.ticket_span), by_card(rules.ticket_dir)
    wanted = {m: tuple(tuple(dirs[x] == d and spans[x] >= m for x in range(len(kinds))) for d in (0, 1, -1))
              for m in range(max(spans) + 2)}
    out = KernelTables(
        dest_cell=by_card(rules.ticket_dest_cell), dest_station=by_card(rules.ticket_dest), fare=fares,
        neg_fare=tuple(-f for f in fares), late_fare=by_card(rules.ticket_late_fare),
        slack=by_card(rules.ticket_slack), seats=by_card(rules.ticket_seats), wanted=wanted,
        paths=_by_direction(free_runs(rules, longest, options.terminal_ends_move)),
        penalty=tuple(n // rules.penalty_divisor for n in range(rules.cap + 1)),
        plain_r=tuple(tuple(rules.propulsion(v, n, 0) for n in range(rules.cap + 1)) for v in rules.op_values),
        events=events, stall_best=stall)
    _TABLES[key] = (rules, out)
    return out


def _by_direction(runs: tuple) -> tuple:
    """``runs[cell * 2 + (d > 0)]`` regrouped as ``[cell][d]``: index 1 and -1 are the two directions,
    so the kernel indexes by the direction itself instead of computing a key."""
    return tuple(((), runs[2 * c + 1], runs[2 * c]) for c in range(len(runs) // 2))


def kernel_plays(state: GameState, bots: list[Bot]) -> bool:
    """True when every decision of this game is one the kernel inlines: archetype bots, top-card play,
    full moves (no hand to choose from, no stopping short)."""
    opts = state.options
    return opts.hand_size == 1 and not opts.stop_short and all(type(b) is Archetype for b in bots)


def run_kernel(state: GameState, bots: list[Archetype], check_invariants: bool = False) -> None:
    """Play ``state`` (freshly set up, or at the start of a round's reveal) to the end."""
    rules, opts = state.rules, state.options
    tb = tables_for(rules, opts, state)
    n, players = state.n, state.players
    trains = range(n)
    owner = state.owner
    cell, dirs, places, wait = state.cell, state.dir, state.places, state.wait
    aboard, boarded = state.aboard, state.boarded
    decks, discard, forced = state.deck, state.discard, state.forced
    hand_of = [state.dispatch[owner[t]] for t in trains]     # each train's owner's dispatch cards
    score, delivered, late = state.score, state.delivered, state.late
    blocked, by_train = state.blocked, state.blocked_by_train
    piles, platforms = state.piles, state.platforms
    delivered_cards, delivery_log = state.delivered_cards, state.delivery_log
    occ_r, occ_l = state.occ_right, state.occ_left
    played, dispatch_used, events_effective = state.cards_played, state.dispatch_used, state.events_effective
    empty_round = state.pile_empty_round
    card, rr, moved, signal = state.card, state.r, state.moved, state.signal
    scripted = any(forced)
    # rule numbers and tables
    station_of_cell = rules.station_of_cell
    values, gains, no_stop, ignore_limit = rules.op_values, rules.op_wait_gain, rules.op_no_stop, rules.op_ignore_limit
    floor, cap = rules.propulsion_floor, rules.cap
    double, capacity = rules.double_track, rules.line_capacity
    wait_cap = rules.wait_max if opts.cap_wait else 1 << 30
    blocked_gain, platform_size, clock_end = rules.blocked_wait_gain, rules.platform_size, rules.clock_end
    sig_k, sig_amount = rules.dispatch_signal, rules.dispatch_signal_amount
    swap_k, book_k = rules.dispatch_swap, rules.dispatch_booking
    short_counts = {SHORT_TRAIN: True, SHORT_CLOSED: opts.closure_short_counts,
                    SHORT_TERMINAL: opts.terminal_short_counts}
    dest_cell, dest_station, fare, neg_fare = tb.dest_cell, tb.dest_station, tb.fare, tb.neg_fare
    late_fare, slack, seats, paths, penalty = tb.late_fare, tb.slack, tb.seats, tb.paths, tb.penalty
    plain_r = tb.plain_r
    events, stall_best = tb.events, tb.stall_best
    stall_last = len(stall_best) - 1
    rotate = opts.rotate_first_player
    # bots: per train target load, wanted tickets by direction, and the Signal Priority threshold
    bot_of = [bots[owner[t]] for t in trains]
    target = [b.target for b in bot_of]
    longest_span = len(tb.wanted) - 1              # a shorter minimum than 0 or longer than any span clamps
    wanted = [tb.wanted[min(max(b.min_span, 0), longest_span)] for b in bot_of]
    wanted_any = tb.wanted[0]                     # every ticket heading each way (crowded-train count)
    # Bot.wants_signal: the load costs SIGNAL_AT_PENALTY cells or more (never without Signal Priority)
    signal_places = SIGNAL_AT_PENALTY * rules.penalty_divisor if sig_k >= 0 else 1 << 30
    views: dict[int, PlayerView] = {}

    def view_of(p: int) -> PlayerView:
        if p not in views:
            views[p] = PlayerView(state, p)
        return views[p]

    # tickets aboard each train by destination station: a stop with none due skips the alight scan
    due = [[0] * len(platforms) for _ in trains]
    for t in trains:
        for x in aboard[t]:
            due[t][dest_station[x]] += 1
    span_n = n * players
    rnd, clock, first, ev, effective = state.round, state.clock, state.first_player, state.event, state.effective
    stalled_round = state.stalled_round
    tie = [((owner[t] - first) % players) * n + t for t in trains]
    keys = [0] * n
    stand_still = [0] * n
    no_signal = [False] * n
    signalled = any(signal)
    for s, pile in enumerate(piles):          # a pile the set-up refill emptied
        if not pile and empty_round[s] is None:
            empty_round[s] = rnd
    while True:
        # ---- phase 2: reveal the top cards, R, move order
        mod = ev.propulsion if ev is not None else 0
        if signalled:                              # last round's Signal Priority flags are spent
            signal[:] = no_signal
            signalled = False
        for t in trains:
            deck = decks[t]
            k = deck.pop() if deck and not scripted else state._draw(t)
            card[t] = k
            discard[t].append(k)
            played[k] += 1
            if gains[k]:
                w = wait[t] + gains[k]
                wait[t] = w if w < wait_cap else wait_cap
            load = places[t]
            if load >= signal_places and sig_k in hand_of[t]:
                hand_of[t].remove(sig_k)
                dispatch_used[sig_k] += 1
                base = values[k] - penalty[load] + sig_amount
                signal[t] = signalled = True
            elif mod:
                base = values[k] - penalty[load]
            else:                                  # the usual case: R straight from the table
                rr[t] = plain_r[k][load]
                keys[t] = tie[t] - wait[t] * span_n
                continue
            if mod:
                r = base + mod
                if r < floor:
                    r = floor
                if r != (base if base > floor else floor):
                    effective = True
            else:
                r = base if base > floor else floor
            rr[t] = r
            keys[t] = tie[t] - wait[t] * span_n
        moved[:] = stand_still
        # a key is tie[t] - W * n * players and tie[t] = rank * n + t, so key % n is the train: sorting
        # plain ints is cheaper than sorting trains by a key function
        keys.sort()
        order = [x % n for x in keys]
        if ev is not None and ev.order_reversed:
            normal = order
            order = [x % n for x in sorted([tie[t] + wait[t] * span_n for t in trains])]
            if order != normal:
                effective = True
        # ---- phase 3: movement, each train in order, then its Passing Swap
        closed = ev.closed_cell if ev is not None else -1
        for t in order:
            r = rr[t]
            if not r:
                continue
            c, d = cell[t], dirs[t]
            if station_of_cell[c] < 0:
                if d > 0:
                    occ_r[c] -= 1
                else:
                    occ_l[c] -= 1
            # GameState.move inlined on purpose (a call per train per round is what this module saves);
            # test_fast_path.py holds the two to the same results
            m = why = 0
            for nxt, nd in paths[c][d][r]:
                if station_of_cell[nxt] < 0:
                    if nxt == closed:
                        why = SHORT_CLOSED
                        break
                    if double:
                        used = occ_r[nxt] if nd > 0 else occ_l[nxt]
                    else:
                        used = occ_r[nxt] + occ_l[nxt]
                    if used >= capacity:
                        why = SHORT_TRAIN
                        break
                c, d = nxt, nd
                m += 1
            else:
                if m < r:
                    why = SHORT_TERMINAL
            cell[t], dirs[t] = c, d
            if station_of_cell[c] < 0:
                if d > 0:
                    occ_r[c] += 1
                else:
                    occ_l[c] += 1
            moved[t] = m
            if m < r:
                if short_counts[why]:
                    w = wait[t] + blocked_gain
                    wait[t] = w if w < wait_cap else wait_cap
                    blocked[t] += 1
                    if why == SHORT_TRAIN:
                        by_train[t] += 1
                if why == SHORT_CLOSED:
                    effective = True
                # Bot.swap only answers a train that fell short, and only takes the train just ahead:
                # when no train is there, asking the rules who may swap cannot change anything
                if swap_k >= 0 and swap_k in hand_of[t] and (c + d) in cell:
                    state.round, state.clock, state.event = rnd, clock, ev
                    targets = state.swap_targets(t)
                    if targets:
                        u = bot_of[t].swap(view_of(owner[t]), t, targets)
                        if u is not None:
                            state.swap(t, u)
        # ---- phase 4: stops in move order (Group Booking, alight, board, refill)
        limit_ev = ev.boarding_limit if ev is not None else 0
        for t in order:
            here = cell[t]
            s = station_of_cell[here]
            if s < 0 or no_stop[card[t]]:
                continue          # Bot.booking books only where the train stops
            plat, pile = platforms[s], piles[s]
            if pile and book_k >= 0 and book_k in hand_of[t]:
                # Group Booking as Bot.booking plays it: book at the station we stop at (rare: the shared rules)
                state.round, state.clock, state.event = rnd, clock, ev
                drawn = state.booking_draw(t, s)
                state.booking_keep(drawn, bot_of[t].keep(view_of(owner[t]), t, drawn))
                if not pile and empty_round[s] is None:
                    empty_round[s] = rnd
            due_t = due[t]
            left = due_t[s]
            if left:
                due_t[s] = 0
                cargo, times = aboard[t], boarded[t]
                p = owner[t]
                for i in range(len(cargo) - 1, -1, -1):      # from the back, as GameState.alight does
                    x = cargo[i]
                    if dest_cell[x] == here:
                        if clock <= times[i] + slack[x]:
                            points = fare[x]
                        else:
                            points = late_fare[x]
                            late[p] += 1
                        score[p] += points
                        delivered[p] += 1
                        places[t] -= seats[x]
                        delivered_cards.append(x)
                        delivery_log.append([p, times[i], clock, points])
                        del cargo[i]
                        del times[i]
                        left -= 1
                        if not left:
                            break
            if plat:
                n_places = places[t]
                room = cap - n_places
                limit = limit_ev if limit_ev and not ignore_limit[card[t]] else 0
                if limit and not effective:
                    ahead = wanted_any[dirs[t]]
                    if sum(1 for x in plat if ahead[x] and seats[x] <= room) > limit:
                        effective = True
                free = target[t] - n_places
                if room < free:
                    free = room
                if free > 0:
                    want = wanted[t][dirs[t]]
                    cands = [x for x in plat if want[x]]
                    if cands:
                        if len(cands) > 1:
                            cands.sort(key=neg_fare.__getitem__)
                        taken = limit       # boards until it reaches 0; a limit of 0 never does
                        cargo, times = aboard[t], boarded[t]
                        for x in cands:
                            need = seats[x]
                            if need <= free:
                                plat.remove(x)
                                cargo.append(x)
                                times.append(clock)
                                places[t] += need
                                due_t[dest_station[x]] += 1
                                free -= need
                                if taken:
                                    taken -= 1
                                    if not taken:
                                        break
            if pile and len(plat) < platform_size:
                while len(plat) < platform_size and pile:
                    plat.append(pile.pop())
                if not pile and empty_round[s] is None:
                    empty_round[s] = rnd
        if check_invariants:
            state.round, state.clock, state.event, state.order, state.effective = rnd, clock, ev, order, effective
            check_state(state)
        # ---- phase 5: clock, statistics, next round's event
        if ev is not None and effective:
            events_effective[ev.kind] += 1
        if stalled_round is None:
            best = stall_best[rnd if rnd < stall_last else stall_last]
            for t in trains:
                x = best - penalty[places[t]]
                if x > floor or (sig_k >= 0 and x + sig_amount > floor and sig_k in hand_of[t]):
                    break
            else:
                stalled_round = state.stalled_round = rnd
        if ev is None or not ev.clock_hold:
            clock += 1
        if state.on_round_end is not None or clock >= clock_end:
            state.round, state.clock, state.event, state.order, state.effective = rnd, clock, ev, order, effective
            state.first_player = first
            if state.on_round_end is not None:
                state.on_round_end(state)
            if clock >= clock_end:
                state.finish()
                break
        if rotate:
            first = (first + 1) % players
            tie = [((owner[t] - first) % players) * n + t for t in trains]
        rnd += 1
        # ---- phase 1 of the next round: the event
        ev = events[rnd] if rnd < len(events) else state.event_for(rnd)
        effective = False
        if ev is not None:
            if ev.clock_hold:
                effective = True
            if ev.wait_gain:
                for t in trains:
                    w = wait[t] + ev.wait_gain
                    if w > wait_cap:
                        w = wait_cap
                    if w != wait[t]:
                        wait[t] = w
                        effective = True
            s = ev.festival_station
            if s >= 0:
                pile, plat = piles[s], platforms[s]
                for _ in range(ev.festival_amount):
                    if pile:
                        plat.append(pile.pop())
                        effective = True
                if not pile and empty_round[s] is None:
                    empty_round[s] = rnd
    state.phase = OVER
    if check_invariants:
        check_state(state)      # final scoring too
