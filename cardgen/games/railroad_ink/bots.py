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
    Face, State, Tables, commit, discard, end_turn, placements, special_allowed,
)
from cardgen.games.railroad_ink.scoring import gain, score

Bot = Callable[[State, int, random.Random], None]


def _finish(state: State, player: int, rng: random.Random, pick_special: Callable[[list], tuple | None]) -> None:
    """Discard the dice left (none can be drawn), offer the special routes, end the round."""
    p = state.players[player]
    for k in list(p.pending):
        discard(state, player, k)
    tab = state.tables
    options = [(f.id, c, i) for f in tab.specials if special_allowed(state, player, f.id) is None
               for c, _, i in placements(tab, p.board, f)]
    chosen = pick_special(options)
    if chosen is not None:
        commit(state, player, chosen[0], chosen[1], chosen[2])
    end_turn(state, player)


def random_round(state: State, player: int, rng: random.Random) -> None:
    """Each die in rolled order at a uniformly random legal placement (an optional die may be skipped, as one
    more choice); dice with none are tried again after the others; then a special route or none, uniformly."""
    tab = state.tables
    p = state.players[player]
    progress = True
    while p.pending and progress:
        progress = False
        for k in list(p.pending):
            face = tab.faces[state.rolled[k]]
            opts = placements(tab, p.board, face)
            pick = rng.randrange(len(opts) + face.optional) if opts else -1
            if 0 <= pick < len(opts):
                c, _, i = opts[pick]
                commit(state, player, k, c, i)
                progress = True
            elif pick >= 0:
                discard(state, player, k)
    _finish(state, player, rng, lambda opts: opts[n] if (n := rng.randrange(len(opts) + 1)) < len(opts) else None)


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
    while p.pending:
        best = None
        seen: dict[str, tuple[int, int, int] | None] = {}
        for k in p.pending:
            fid = state.rolled[k]
            if fid not in seen:
                seen[fid] = _best(tab, p.board, tab.faces[fid])
            found = seen[fid]
            if found is not None and (best is None or found[0] > best[0]):
                best = (found[0], k, found[1], found[2])
        if best is None or (best[0] < 0 and tab.faces[state.rolled[best[1]]].optional):
            break
        commit(state, player, best[1], best[2], best[3])
    _finish(state, player, rng, lambda opts: _best_special(tab, p.board, opts))


def _best_special(tab: Tables, board: Board, options: list) -> tuple | None:
    best = max(options, key=lambda o: gain(tab, board, o[1], o[2]), default=None)
    return best if best is not None and gain(tab, board, best[1], best[2]) > 0 else None


def lookahead_round(state: State, player: int, rng: random.Random) -> None:
    """Plan the whole round: for every distinct order of the rolled dice, draw each greedily on a copy of the
    board and score the result in full (longest routes too); play the order that ends the round best."""
    tab = state.tables
    p = state.players[player]
    best_total, best_plan = None, None
    orders = {tuple(state.rolled[k] for k in perm): perm for perm in itertools.permutations(p.pending)}
    for perm in orders.values():
        board = p.board.copy()
        plan = []
        for k in perm:
            found = _best(tab, board, tab.faces[state.rolled[k]])
            if found is None or (found[0] < 0 and tab.faces[state.rolled[k]].optional):
                continue
            board.place(found[1], found[2])
            plan.append((k, found[1], found[2]))
        total = score(tab, board)["total"]
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
