"""Bots that play one player's round: random legal, greedy by score, and a one-round lookahead.

Why: simulation measures the content with players of known skill. Every bot chooses among the legal
placements the rules list (:func:`rules.placements`) and commits them through :func:`rules.commit`, so a
bot can never play an illegal move nor a rule be coded twice. A die with no legal placement left is
discarded by :func:`rules.discard`, which checks that rule itself.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from cardgen.games.railroad_ink.board import Board
from cardgen.games.railroad_ink.rules import (
    Face, State, Tables, commit, discard, end_turn, options, placements, special_allowed,
)
from cardgen.games.railroad_ink.scoring import gain, score
from cardgen.games.railroad_ink.tiles import ROUTES

Bot = Callable[[State, int, random.Random], None]


def _finish(state: State, player: int, pick_special: Callable[[State, int], tuple | None],
            rng: random.Random, careful: bool) -> None:
    """Discard the dice left (none can be drawn), offer the special routes, end the round."""
    p = state.players[player]
    if state.ext is not None:
        state.ext.bot_finish(state, player, rng, careful)
    for k in list(p.pending):
        discard(state, player, k)
    chosen = pick_special(state, player)
    if chosen is not None:
        commit(state, player, chosen[0], chosen[1], chosen[2])
    end_turn(state, player)


def _allowed_specials(state: State, player: int) -> list[Face]:
    return [f for f in state.tables.specials if special_allowed(state, player, f.id) is None]


def random_round(state: State, player: int, rng: random.Random) -> None:
    """Each die in rolled order at a uniformly random legal placement (an optional die may be skipped, as one
    more choice); dice with none are tried again after the others; then, half the rounds, a special route."""
    tab = state.tables
    p = state.players[player]
    if state.ext is not None:
        state.ext.bot_prepare(state, player, rng, careful=False)
    progress = True
    while p.pending and progress:
        progress = False
        for k in list(p.pending):
            face = tab.faces[state.rolled[k]]
            found = _uniform(options(tab, p.board, face), face.optional, rng)
            if found is not None:
                if found[0] >= 0:
                    commit(state, player, k, found[0], found[1])
                else:
                    discard(state, player, k)
                progress = True
    _finish(state, player, lambda st, pl: _random_special(st, pl, rng), rng, careful=False)


def _uniform(opts: list, skip: bool, rng: random.Random) -> tuple[int, int] | None:
    """(cell, shape) drawn uniformly from ``options`` lists, (-1, -1) for a skip when ``skip``, None for none."""
    flat = [(c, i) for c, found in opts for _, i in found]
    if not flat:
        return None
    pick = int(rng.random() * (len(flat) + skip))
    return flat[pick] if pick < len(flat) else (-1, -1)


def _random_special(state: State, player: int, rng: random.Random) -> tuple | None:
    """Half the rounds a special route is tried: one allowed special at random, at a random legal placement."""
    allowed = _allowed_specials(state, player) if rng.random() < 0.5 else []
    if not allowed:
        return None
    face = allowed[int(rng.random() * len(allowed))]
    found = _uniform(options(state.tables, state.players[player].board, face), False, rng)
    return None if found is None else (face.id, found[0], found[1])


def _best(tab: Tables, board: Board, face: Face) -> tuple[int, int, int] | None:
    """(gain, cell, shape) of the placement of ``face`` that adds most now; the first such on a tie."""
    best = None
    for c, _, i in placements(tab, board, face):
        v = gain(tab, board, c, i)
        if best is None or v > best[0]:
            best = (v, c, i)
    return best


def greedy_round(state: State, player: int, rng: random.Random) -> None:
    """Weigh every legal placement of every die left and draw the one that adds most; repeat. An optional die
    that would only lose points is skipped; a special route is drawn when it adds points."""
    tab = state.tables
    p = state.players[player]
    if state.ext is not None:
        state.ext.bot_prepare(state, player, rng, careful=True)
    while p.pending:
        best = None
        seen: dict[str, tuple[int, int, int] | None] = {}
        for k in p.pending:
            fid = state.rolled[k]
            if fid not in seen:
                seen[fid] = _best(tab, p.board, tab.faces[fid])
            found = seen[fid]
            if found is None or (found[0] < 0 and tab.faces[fid].optional):
                continue  # nothing to draw, or an optional die that would only lose points
            if best is None or found[0] > best[0]:
                best = (found[0], k, found[1], found[2])
        if best is None:
            break
        commit(state, player, best[1], best[2], best[3])
    _finish(state, player, _best_special, rng, careful=True)


def _best_special(state: State, player: int) -> tuple | None:
    """The allowed special route placement that adds most, when it adds points."""
    tab = state.tables
    board = state.players[player].board
    best = None
    for face in _allowed_specials(state, player):
        found = _best(tab, board, face)
        if found is not None and found[0] > 0 and (best is None or found[0] > best[0]):
            best = (found[0], face.id, found[1], found[2])
    return best[1:] if best else None


def lookahead_round(state: State, player: int, rng: random.Random) -> None:
    """Plan the whole round: for every distinct order of the rolled dice, draw each greedily on a copy of the
    board and score the result in full (longest routes too); play the order that ends the round best."""
    tab = state.tables
    p = state.players[player]
    if state.ext is not None:
        state.ext.bot_prepare(state, player, rng, careful=True)
    best_total, best_plan = None, None
    # every distinct order of the route dice (at most 24); an expansion's dice follow in rolled order
    route = [k for k in p.pending if tab.faces[state.rolled[k]].join == ROUTES]
    rest = [k for k in p.pending if k not in route]
    orders = {tuple(state.rolled[k] for k in perm): perm + tuple(rest) for perm in itertools.permutations(route)}
    for perm in orders.values():
        board = p.board.copy()
        plan = []
        for k in perm:
            found = _best(tab, board, tab.faces[state.rolled[k]])
            if found is None or (found[0] < 0 and tab.faces[state.rolled[k]].optional):
                continue
            board.place(found[1], found[2])
            plan.append((k, found[1], found[2]))
        total = score(tab, board, state.ext, p)["total"]
        if best_total is None or total > best_total:
            best_total, best_plan = total, plan
    for k, c, i in best_plan or []:
        commit(state, player, k, c, i)
    # a die the plan could not place may have become placeable after the others
    greedy_round(state, player, rng)


BOTS: dict[str, Bot] = {"random": random_round, "greedy": greedy_round, "lookahead": lookahead_round}


def play_game(state: State, bots: list[Bot], rng: random.Random) -> State:
    """Play ``state`` to its end, each player by their bot."""
    while True:
        for player, bot in enumerate(bots):
            bot(state, player, rng)
        if all(p.done for p in state.players):
            return state
