"""Meteor: each round a distance die and a direction die move the meteor from where the last one fell; it
erases the route of the cell it lands on and leaves a crater; route ends meeting craters score
(expansions.yaml ``meteor``, rulings.md).

A meteor that would leave the board bounces back off the edge; one that would land on a crater moves on in
its direction until it does not. A player may cross out a special route (counted as one drawn) to ignore the
round's meteor; it then has not fallen, and the next counts from the last crater.
"""

from __future__ import annotations

import random

from cardgen.games.railroad_ink.board import CRATER, Board
from cardgen.games.railroad_ink.expansions import ExpansionRules
from cardgen.games.railroad_ink.rules import IllegalMove, Player, State, special_allowed
from cardgen.games.railroad_ink.scoring import open_ends, score
from cardgen.games.railroad_ink.tiles import SIDES


class Meteor(ExpansionRules):
    name = "meteor"

    def setup(self, state: State) -> None:
        row, col = self.tab.content.expansions.meteor.start
        for p in state.players:
            p.ext["at"] = self.tab.geo.cell(row, col)

    def start_round(self, state: State) -> None:
        meteor = self.tab.content.expansions.meteor
        rng = state.rng
        state.ext_roll = {"distance": meteor.distance.faces[rng.randrange(6)],
                          "direction": meteor.direction.faces[rng.randrange(6)]}
        for p in state.players:
            p.ext["pending"] = True

    def end_refusal(self, state: State, player: int) -> str | None:
        if state.players[player].ext["pending"]:
            return "the round's meteor has not fallen yet (let it fall, or ignore it with a special route)"
        return None

    def score(self, board: Board, player: Player) -> int:
        return open_ends(self.tab, board)[1] * self.tab.content.expansions.meteor.scoring.points_per_crater_end

    def bot_prepare(self, state: State, player: int, rng: random.Random, careful: bool) -> None:
        """Random bots let it fall in a random allowed direction; careful bots pick the direction that costs
        least, and spend a special route to ignore a meteor that would cost 3 points or more."""
        if not state.players[player].ext["pending"]:
            return
        rolled = state.ext_roll["direction"]
        directions = list(SIDES) if rolled == "any" else [rolled]
        if not careful:
            strike(state, player, directions[int(rng.random() * len(directions))])
            return
        p = state.players[player]
        now = score(self.tab, p.board, self, p)["total"]
        costs = []
        for d in directions:
            trial = p.board.copy()
            trial.erase(landing(trial, p.ext["at"], d, state.ext_roll["distance"]), crater=True)
            costs.append((now - score(self.tab, trial, self, p)["total"], d))
        cost, best = min(costs)
        spare = [f.id for f in self.tab.specials if special_allowed(state, player, f.id) is None]
        strike(state, player, best, ignore=spare[-1] if cost >= 3 and spare else None)


def landing(board: Board, start: int, direction: str, distance: int) -> int:
    """Where a meteor from ``start`` moving ``distance`` cells towards ``direction`` lands."""
    geo = board.geo
    side = SIDES.index(direction)
    at = start
    steps = 0
    limit = 4 * geo.cells  # every cell a crater: it stops where it is
    while steps < distance or board.cells[at] == CRATER:
        nxt = geo.neighbour[at * 4 + side]
        if nxt == -1:
            side = (side + 2) & 3  # bounces back off the edge
            continue
        at = nxt
        steps += 1
        if steps > limit:
            break
    return at


def strike(state: State, player: int, direction: str | None = None, ignore: str | None = None) -> int | None:
    """Let the round's meteor fall on ``player``'s board (checked), or ignore it by crossing out the special
    route ``ignore``; the crater's cell, or None when ignored."""
    p = state.players[player]
    if p.done:
        raise IllegalMove(f"player {player + 1} has ended round {state.round} already")
    if not p.ext.get("pending"):
        raise IllegalMove("the round's meteor has fallen already")
    rolled = state.ext_roll["direction"]
    if rolled == "any":
        if direction not in SIDES:
            raise IllegalMove("the direction die shows the cross: choose the meteor's direction (n, e, s or w)")
    elif direction not in (None, rolled):
        raise IllegalMove(f"the direction die shows {rolled}; the meteor cannot go {direction}")
    if ignore is not None:
        if ignore not in {f.id for f in state.tables.specials}:
            raise IllegalMove(f"'{ignore}' is not a special route")
        why = special_allowed(state, player, ignore)
        if why:
            raise IllegalMove(why)
        p.specials_used.append(ignore)
        p.specials_this_round += 1
        p.ext["pending"] = False
        p.log.append((state.round, "meteor", direction, ignore))
        return None
    cell = landing(p.board, p.ext["at"], direction or rolled, state.ext_roll["distance"])
    p.board.erase(cell, crater=True)
    p.ext["at"] = cell
    p.ext["pending"] = False
    p.log.append((state.round, "meteor", direction, None))
    return cell
