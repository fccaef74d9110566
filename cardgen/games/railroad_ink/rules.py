"""The rules of Railroad Ink as an OpenSpiel-like state: rounds of rolled dice, legal placements, moves, scores.

Why: bots, simulation and replay all play through this one module. A placement is legal or not by one
function, :func:`refusal`, which says why in words; the fast path (bots) looks legal placements up in
tables that :func:`refusal` fills, memoised by what an empty cell faces (board.py), so no rule is written
twice. The checked moves (:func:`place`, :func:`discard`, :func:`end_turn`; replay plays through them) ask
:func:`refusal` again and enforce the round's limits (every die drawn or discarded, special routes at most
``per_round`` a round and ``per_game`` a game, each once).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cardgen.errors import CardgenError
from cardgen.games.railroad_ink import board as boardmod
from cardgen.games.railroad_ink.board import Board, Geometry, digit, faced_type, geometry
from cardgen.games.railroad_ink.expansions import ExpansionRules, rules_for
from cardgen.games.railroad_ink.model import Die, RailroadInk, Tile
from cardgen.games.railroad_ink.tiles import (
    JOIN, LAKE, NONE, RAIL, REFUSED, RIVER, ROAD, ROUTES, SIDE_NAMES, TYPES, LAVA, Shape, meets, orientations, shape_of,
)


class IllegalMove(CardgenError):
    """An action the rules refuse; the message says why."""


@dataclass(frozen=True)
class Face:
    """One drawable tile: a die face or a special route, with its distinct orientations as shape indices."""

    id: str
    tile: Tile
    #: the die it belongs to ("" for a special route)
    die: str
    #: edge types one of whose sides must join what is drawn already (empty: may start anywhere)
    join: tuple[int, ...]
    optional: bool
    orients: tuple[tuple[int, int], ...]  #: (orientation number, shape index)


#: the edge types a die of each family must join with (none: it may start anywhere)
FAMILY_JOIN = {"base": ROUTES, "river": (), "lake": (), "lava": (LAVA,)}


class Tables:
    """Everything precomputed for one content and expansion: shapes, faces, geometry and memoised legality."""

    def __init__(self, content: RailroadInk, expansion: str | None):
        self.content = content
        self.expansion = expansion
        self.geo: Geometry = geometry(content)
        self.shapes: list[Shape] = []
        self._index: dict[Shape, int] = {}
        self.faces: dict[str, Face] = {}
        self.dice: list[tuple[Die, str]] = [(d, "base") for d in content.dice.dice]
        if expansion in ("river", "lake", "lava"):
            self.dice += [(d, expansion) for d in content.expansion(expansion).dice]  # type: ignore[attr-defined]
        for die, family in self.dice:
            optional = family != "base" and bool(content.expansion(family).placement.optional)  # type: ignore[attr-defined]
            for face in die.faces:
                self.faces[face.id] = self._face(face, die.id, FAMILY_JOIN[family], optional)
        self.specials = [self._face(t, "", ROUTES, True) for t in content.specials.specials]
        self.faces.update((f.id, f) for f in self.specials)
        #: tiles the rules draw, not the players: a lake's filled cell, a volcano (not among ``faces``)
        self.fill = self._face(content.expansions.lake.fill, "", (), False)
        self.volcano = self._face(content.expansions.lava.volcano, "", (), False)
        self.joinable = frozenset({boardmod.FACING + ROAD, boardmod.FACING + RAIL, boardmod.FACING + LAKE,
                                   boardmod.EXIT_ROAD, boardmod.EXIT_RAIL})
        # one memo per distinct (orientations, join) pair: two faces of the same tile (the junction die's two
        # overpasses) share what they learn
        memos: dict[tuple, dict[int, tuple[tuple[int, int], ...]]] = {}
        self._legal = {f.id: memos.setdefault((f.orients, f.join), {}) for f in self.faces.values()}
        #: per shape index: for each edge type, the side lists of its groups holding that type; its route sides
        self.kind_groups = [[tuple(tuple(x for x in range(4) if g >> x & 1 and sh.edges[x] == kind)
                                   for g in sh.groups if any(g >> x & 1 and sh.edges[x] == kind for x in range(4)))
                             for kind in range(len(TYPES))] for sh in self.shapes]
        self.route_sides = [tuple(x for x in range(4) if sh.edges[x] in ROUTES) for sh in self.shapes]
        #: points per open end by edge type: routes' errors, and the played expansion's river or lava sides
        err = content.scoring.errors.points_per_open_end
        self.open_points = {ROAD: err, RAIL: err}
        if expansion == "river":
            self.open_points[RIVER] = content.expansions.river.scoring.points_per_open_end
        if expansion == "lava":
            self.open_points[LAVA] = content.expansions.lava.scoring.points_per_open_edge
        table = content.scoring.exits.table
        most = len(self.geo.exit_type)
        #: points for a network by exits connected, indexed by count
        self.exit_points = [table.get(n, 0) for n in range(most + 1)]

    def _face(self, tile: Tile, die: str, join: tuple[int, ...], optional: bool) -> Face:
        orients = []
        for o, shape in orientations(shape_of(tile)):
            if shape not in self._index:
                self._index[shape] = len(self.shapes)
                self.shapes.append(shape)
            orients.append((o, self._index[shape]))
        return Face(tile.id, tile, die, join, optional, tuple(orients))

    def shape_index(self, shape: Shape) -> int:
        return self._index[shape]

    def new_board(self) -> Board:
        return Board(self.geo, self.shapes, self.joinable)

    def memo(self, face: Face) -> dict[int, tuple[tuple[int, int], ...]]:
        """The legal orientations of ``face`` found so far, by context (the fast path reads it directly)."""
        return self._legal[face.id]

    def legal_at(self, face: Face, ctx: int) -> tuple[tuple[int, int], ...]:
        """The orientations of ``face`` legal on an empty cell of context ``ctx`` (memoised :func:`refusal`)."""
        memo = self._legal[face.id]
        found = memo.get(ctx)
        if found is None:
            found = tuple((o, i) for o, i in face.orients if refusal(self.shapes[i], ctx, face.join) is None)
            memo[ctx] = found
        return found


@lru_cache(maxsize=16)
def tables(content: RailroadInk, expansion: str | None) -> Tables:
    return Tables(content, expansion)


def refusal(shape: Shape, ctx: int, join: tuple[int, ...]) -> str | None:
    """Why ``shape`` may not be drawn on an empty cell whose sides face ``ctx``, or None when it may.

    Every side must not be refused against what it faces (:func:`tiles.meets`: no road meeting a rail
    outside a station, no river meeting a blank side...), and when ``join`` names edge types, one side of
    such a type must join what is drawn already or an exit of its kind.
    """
    joined = not join
    for s in range(4):
        code = digit(ctx, s)
        faced = faced_type(code)
        if faced is None:
            continue  # an empty cell, the outer edge or a crater: anything may face it
        e = shape.edges[s]
        exit_ = code in (boardmod.EXIT_ROAD, boardmod.EXIT_RAIL)
        if exit_ and e in (NONE, LAKE):
            continue  # an exit left unused (a lake's shore may lie along it; it joins no exit)
        met = meets(e, faced)
        if met == REFUSED:
            mine = "blank side" if e == NONE else f"{TYPES[e]}"
            theirs = f"a {TYPES[faced]} exit" if exit_ else \
                "a blank side" if faced == NONE else f"a {TYPES[faced]}"
            return f"its {mine} on the {SIDE_NAMES[s]} side meets {theirs}"
        if met == JOIN and e in join:
            joined = True
    if not joined:
        kinds = " or ".join(TYPES[t] for t in join)
        exits = " or an exit" if set(join) & set(ROUTES) else ""
        return f"none of its {kinds} sides joins a {kinds} drawn before{exits}"
    return None


# ---------------------------------------------------------------- the game state


@dataclass
class Player:
    board: Board
    #: indices into State.rolled of the dice this player has still to draw this round
    pending: list[int]
    specials_used: list[str] = field(default_factory=list)
    specials_this_round: int = 0
    done: bool = False
    discarded: int = 0
    #: every face id this player drew, dice and specials (simulation counts them)
    drawn: list[str] = field(default_factory=list)
    #: what an expansion keeps for this player (a meteor's cell, lava drawn this round...)
    ext: dict[str, Any] = field(default_factory=dict)
    #: every move, by round: (round, kind, ...) as replay.record writes it
    log: list[tuple] = field(default_factory=list)


@dataclass
class State:
    tables: Tables
    rng: random.Random
    rounds: int
    round: int
    #: the face ids rolled this round, one per die (all players draw the same)
    rolled: list[str]
    players: list[Player]
    #: every face id rolled so far, all rounds
    history: list[str] = field(default_factory=list)
    #: the expansion's hooks, or None for the base game (cardgen.games.railroad_ink.expansions)
    ext: ExpansionRules | None = None
    #: what the expansion rolled this round (the meteor dice), and every round's
    ext_roll: dict[str, Any] = field(default_factory=dict)
    ext_history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def content(self) -> RailroadInk:
        return self.tables.content


def roll(tab: Tables, rng: random.Random) -> list[str]:
    """One face of every die of the round (each kind ``count`` times), in the content's order."""
    return [die.faces[rng.randrange(len(die.faces))].id for die, _ in tab.dice for _ in range(die.count)]


def new_game(content: RailroadInk, expansion: str | None = None, seed: int = 0, players: int = 1,
             dice: list[str] | None = None) -> State:
    """A fresh game at round 1 with its dice rolled (or ``dice`` given, as a replay script does)."""
    tab = tables(content, expansion)
    rng = random.Random(seed)
    state = State(tab, rng, content.rounds(expansion), 0, [],
                  [Player(tab.new_board(), []) for _ in range(players)], ext=rules_for(tab))
    if state.ext is not None:
        state.ext.setup(state)
    start_round(state, dice)
    return state


def start_round(state: State, dice: list[str] | None = None) -> None:
    state.round += 1
    state.rolled = list(dice) if dice is not None else roll(state.tables, state.rng)
    state.history.extend(state.rolled)
    for p in state.players:
        p.pending = list(range(len(state.rolled)))
        p.specials_this_round = 0
        p.done = False
    if state.ext is not None:
        state.ext.start_round(state)
        state.ext_history.append(state.ext_roll)


def legal_placements(state: State, face_id: str, player: int = 0) -> list[tuple[int, int, int]]:
    """Every legal (cell, orientation, shape index) of ``face_id`` on ``player``'s board now."""
    tab = state.tables
    face = tab.faces[face_id]
    return placements(tab, state.players[player].board, face)


def placements(tab: Tables, board: Board, face: Face) -> list[tuple[int, int, int]]:
    """The fast path's list of legal placements: (cell, orientation, shape index)."""
    return [(c, o, i) for c, found in options(tab, board, face) for o, i in found]


def options(tab: Tables, board: Board, face: Face) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Each cell where ``face`` can be drawn with its legal (orientation, shape index) pairs: only frontier
    cells can join a route, so only they are looked at for a die that must join."""
    cells = board.frontier if face.join == ROUTES else board.empty_cells()
    ctx = board.ctx
    memo = tab.memo(face)
    out = []
    for c in cells:
        found = memo.get(ctx[c])
        if found is None:
            found = tab.legal_at(face, ctx[c])
        if found:
            out.append((c, found))
    return out


def special_allowed(state: State, player: int, special: str) -> str | None:
    """Why ``player`` may not draw the special route ``special`` now, or None."""
    limits = state.content.game.specials
    p = state.players[player]
    if special in p.specials_used:
        return f"special route '{special}' was drawn before (each is drawn once)"
    if len(p.specials_used) >= limits.per_game:
        return f"{limits.per_game} special routes were drawn already (at most {limits.per_game} a game)"
    if p.specials_this_round >= limits.per_round:
        return f"a special route was drawn this round already (at most {limits.per_round} a round)"
    return None


def place(state: State, player: int, source: int | str, cell: int, orientation: int) -> None:
    """Draw a pending die (``source`` its index in ``state.rolled``) or a special route (its id): checked."""
    p = _active(state, player)
    tab = state.tables
    if isinstance(source, int):
        if source not in p.pending:
            raise IllegalMove(f"die {source + 1} was drawn or discarded already this round")
        face = tab.faces[state.rolled[source]]
    else:
        if source not in tab.faces or tab.faces[source].die:
            raise IllegalMove(f"'{source}' is not a special route")
        why = special_allowed(state, player, source)
        if why:
            raise IllegalMove(why)
        face = tab.faces[source]
    board = p.board
    if not 0 <= cell < tab.geo.cells:
        raise IllegalMove(f"cell {cell} is off the board")
    if board.cells[cell] != boardmod.EMPTY:
        raise IllegalMove(f"cell {tab.geo.name(cell)} is not empty")
    if not 0 <= orientation < 8:
        raise IllegalMove(f"orientation {orientation} is not 0..7 (a quarter turn count, plus 4 when mirrored)")
    shape = shape_of(face.tile).oriented(orientation)
    why = refusal(shape, board.ctx[cell], face.join)
    if why:
        raise IllegalMove(f"'{face.id}' on {tab.geo.name(cell)}: {why}")
    commit(state, player, source, cell, tab.shape_index(shape))


def commit(state: State, player: int, source: int | str, cell: int, shape: int) -> None:
    """Record a placement already known legal (the fast path calls this after :func:`placements`)."""
    p = state.players[player]
    p.board.place(cell, shape)
    if isinstance(source, int):
        p.pending.remove(source)
        p.drawn.append(state.rolled[source])
        p.log.append((state.round, "face", p.drawn[-1], cell, shape))
    else:
        p.drawn.append(source)
        p.specials_used.append(source)
        p.specials_this_round += 1
        p.log.append((state.round, "special", source, cell, shape))
    if state.ext is not None:
        state.ext.after_place(state, player, cell, state.tables.faces[p.drawn[-1]])


def discard(state: State, player: int, die: int) -> None:
    """Leave a die undrawn: only an optional die, or one with no legal placement now (rulings.md)."""
    p = _active(state, player)
    if die not in p.pending:
        raise IllegalMove(f"die {die + 1} was drawn or discarded already this round")
    face = state.tables.faces[state.rolled[die]]
    optional = face.optional if state.ext is None else state.ext.may_discard(state, player, face)
    if not optional and legal_placements(state, face.id, player):
        raise IllegalMove(f"die {die + 1} ('{face.id}') can be drawn legally, so it may not be discarded")
    p.pending.remove(die)
    p.discarded += 1
    p.log.append((state.round, "discard", face.id))


def end_turn(state: State, player: int, dice: list[str] | None = None) -> None:
    """The player has drawn this round; when every player has, the next round is rolled (``dice``, when a
    replay script gives them) or the game ends."""
    p = _active(state, player)
    if p.pending:
        left = ", ".join(f"{i + 1} ('{state.rolled[i]}')" for i in p.pending)
        raise IllegalMove(f"{'die' if len(p.pending) == 1 else 'dice'} {left} "
                          f"{'is' if len(p.pending) == 1 else 'are'} neither drawn nor discarded")
    why = state.ext.end_refusal(state, player) if state.ext is not None else None
    if why:
        raise IllegalMove(why)
    p.done = True
    if all(q.done for q in state.players) and state.round < state.rounds:
        start_round(state, dice)


def is_terminal(state: State) -> bool:
    return state.round >= state.rounds and all(p.done for p in state.players)


def _active(state: State, player: int) -> Player:
    if is_terminal(state):
        raise IllegalMove("the game is over")
    p = state.players[player]
    if p.done:
        raise IllegalMove(f"player {player + 1} has ended round {state.round} already")
    return p


def winners(state: State) -> list[int]:
    """The winning players: the highest total; on a tie, with ``tiebreak: fewer-errors``, those of them with
    the fewest open route ends; still tied, all of them share the win."""
    from cardgen.games.railroad_ink.scoring import open_ends

    totals = [rows["total"] for rows in scores(state)]
    best = [i for i, t in enumerate(totals) if t == max(totals)]
    if state.content.game.tiebreak == "fewer-errors" and len(best) > 1:
        errors = {i: open_ends(state.tables, state.players[i].board)[0] for i in best}
        best = [i for i in best if errors[i] == min(errors.values())]
    return best


def scores(state: State) -> list[dict[str, int]]:
    """Each player's score rows and total (cardgen.games.railroad_ink.scoring)."""
    from cardgen.games.railroad_ink.scoring import score

    return [score(state.tables, p.board, state.ext, p) for p in state.players]

