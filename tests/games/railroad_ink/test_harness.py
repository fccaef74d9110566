"""Random play checked on every step (OpenSpiel style): the fast path and the checked path agree, and the
board's kept state (contexts, frontier, networks) always equals a rebuild from its tiles."""

from __future__ import annotations

import random

import pytest

from cardgen.games.railroad_ink.board import EMPTY, Board
from cardgen.games.railroad_ink.bots import BOTS, play_game
from cardgen.games.railroad_ink.rules import (
    IllegalMove, discard, end_turn, is_terminal, legal_placements, new_game, place, scores, special_allowed,
)
from cardgen.games.railroad_ink.tiles import JOIN, REFUSED, ROUTES, meets, opposite, shape_of


def check_board(board: Board, joined: bool = True) -> None:
    rebuilt = board.copy()
    rebuilt.erase(-1, crater=False)  # rebuilds contexts, frontier and networks from the tiles alone
    empty = [c for c, v in enumerate(board.cells) if v == EMPTY]
    assert [rebuilt.ctx[c] for c in empty] == [board.ctx[c] for c in empty]
    assert rebuilt.frontier == board.frontier
    assert [rebuilt.exits_of[rebuilt.find(n)] for n in range(len(board.parent))] == \
        [board.exits_of[board.find(n)] for n in range(len(board.parent))]
    geo = board.geo
    for c, v in enumerate(board.cells):
        if v < 0:
            continue
        shape = board.shapes[v]
        for s in range(4):
            nb = geo.neighbour[c * 4 + s]
            if nb >= 0 and board.cells[nb] >= 0:
                assert meets(shape.edges[s], board.shapes[board.cells[nb]].edges[opposite(s)]) != REFUSED
        if joined and shape.has(ROUTES):  # every route tile was joined to a route or an exit when drawn
            assert any(_joined(board, c, s) for s in range(4) if shape.edges[s] in ROUTES)


def _joined(board: Board, c: int, s: int) -> bool:
    geo = board.geo
    e = board.shapes[board.cells[c]].edges[s]
    nb, ex = geo.neighbour[c * 4 + s], geo.exit_at[c * 4 + s]
    if nb >= 0 and board.cells[nb] >= 0:
        return meets(e, board.shapes[board.cells[nb]].edges[opposite(s)]) == JOIN
    return ex >= 0 and meets(e, geo.exit_type[ex]) == JOIN


def step_randomly(state, player, rng):
    """One round of one player through the checked path, taking moves from the fast path's lists."""
    p = state.players[player]
    while p.pending:
        k = rng.choice(p.pending)
        face = state.rolled[k]
        options = legal_placements(state, face, player)
        if options:
            c, o, _ = rng.choice(options)
            place(state, player, k, c, o)
            # a move the fast path does not list is refused by the checked path
            if p.pending:
                face = state.tables.faces[state.rolled[p.pending[0]]]
                listed = {(x, i) for x, _, i in legal_placements(state, face.id, player)}
                c2, o2 = rng.randrange(49), rng.randrange(8)
                shape = state.tables.shape_index(shape_of(face.tile).oriented(o2))
                if p.board.cells[c2] == EMPTY and (c2, shape) not in listed:
                    with pytest.raises(IllegalMove):
                        place(state, player, p.pending[0], c2, o2)
        elif all(not legal_placements(state, state.rolled[j], player) for j in p.pending):
            discard(state, player, k)
        check_board(p.board)
    specials = [f.id for f in state.tables.specials if special_allowed(state, player, f.id) is None]
    if specials and rng.random() < 0.5:
        sid = rng.choice(specials)
        options = legal_placements(state, sid, player)
        if options:
            c, o, _ = rng.choice(options)
            place(state, player, sid, c, o)
            check_board(p.board)
    end_turn(state, player)


@pytest.mark.parametrize("players", [1, 3])
def test_random_play_keeps_every_invariant(content, players):
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(content, seed=seed, players=players)
        while not is_terminal(state):
            for player in range(players):
                step_randomly(state, player, rng)
        for p, rows in zip(state.players, scores(state)):
            assert len(p.specials_used) == len(set(p.specials_used)) <= 3
            assert rows["total"] == sum(v for k, v in rows.items() if k != "total")
            assert rows["errors"] <= 0


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_play_legal_games_to_the_end(content, bot):
    for seed in range(3):
        state = new_game(content, seed=seed, players=2)
        play_game(state, [BOTS[bot], BOTS["random"]], random.Random(seed))
        assert is_terminal(state)
        for p in state.players:
            check_board(p.board)
            assert len(p.specials_used) <= 3


def test_greedy_beats_random_on_average(content):
    totals = {}
    for bot in ("random", "greedy"):
        games = [new_game(content, seed=s) for s in range(20)]
        for s, g in enumerate(games):
            play_game(g, [BOTS[bot]], random.Random(s))
        totals[bot] = sum(scores(g)[0]["total"] for g in games) / len(games)
    assert totals["greedy"] > totals["random"] + 5


@pytest.mark.parametrize("expansion", ["river", "lake", "lava", "meteor"])
def test_expansion_play_keeps_every_invariant_round_by_round(content, expansion):
    """After every round of every seat: the kept state equals a rebuild, no two facing sides refuse each other,
    special-route limits hold (a river bridge or lake pier need not join, a meteor erases: no joined check)."""
    def checking(bot):
        def play(state, player, rng):
            bot(state, player, rng)
            p = state.players[player]
            check_board(p.board, joined=False)
            assert p.specials_this_round <= 1 and len(p.specials_used) == len(set(p.specials_used)) <= 3
        return play

    for seed in range(3):
        state = new_game(content, expansion, seed=seed, players=3)
        play_game(state, [checking(BOTS[b]) for b in ("random", "greedy", "lookahead")], random.Random(seed))
        assert is_terminal(state)
