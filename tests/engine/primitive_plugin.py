"""Four primitives added from outside the built-in set, each one class (issue 23, "one place per primitive"):
the tests register them, write a pack that uses them, and check that every bot plays them on both drivers."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional

from pydantic import Field

from cardgen.model.effects import AFTER_MOVEMENT, ANY_TIME, EVENT, WITH_REVEAL, Bounds, Lasting, Primitive


class Tip(Lasting):
    """The card's player scores `amount` points at once (on an event card: each train's player, as each round it
    lasts begins)."""

    type: Literal["tip"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(1, 9)] = Field(description="Points scored.")
    TIMINGS = (EVENT, WITH_REVEAL, ANY_TIME)
    EXAMPLE = "{type: tip, amount: 1}"

    def apply(self, game: Any, train: int, choice: int) -> bool:
        game.score_points(game.owner[train], self.amount)
        return True


class MarketDay(Primitive):
    """Each train within `range` cells of the station the event card names scores `amount` points as the round
    begins."""

    type: Literal["market_day"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(1, 9)] = Field(description="Points scored.")
    range: Annotated[int, Bounds(0, 9)] = Field(default=3, description="How far from the station a train may be.")
    TIMINGS = (EVENT,)
    TARGET = "station"
    INSTANT = True   # scored at once: the generated text says no duration
    EXAMPLE = "{type: market_day, amount: 1}"
    TEXT = {"zh": "{station} {range} 格内的每列车的玩家得 {amount} 分",
            "en": "each train within {range} cells of {station} scores {amount}"}

    def apply(self, game: Any, train: int, choice: int) -> bool:
        """``choice``: the index of the station the card names."""
        if abs(game.cell[train] - game.rules.station_cells[choice]) > self.range:
            return False
        game.score_points(game.owner[train], self.amount)
        return True


class Brake(Primitive):
    """After the move, a train the player names within `range` cells loses `amount` W (never below 0)."""

    type: Literal["brake"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(1, 9)] = Field(description="W lost.")
    range: Annotated[int, Bounds(1, 9)] = Field(default=2, description="How far the named train may stand.")
    TIMINGS = (AFTER_MOVEMENT,)
    CHOOSES = "train"
    EXAMPLE = "{type: brake, amount: 1}"

    def choices(self, game: Any, train: int) -> list[int]:
        return [u for u in range(game.n) if u != train and abs(game.cell[u] - game.cell[train]) <= self.range
                and game.wait[u] > 0]

    def apply(self, game: Any, train: int, choice: int) -> bool:
        lost = min(self.amount, game.wait[choice])
        game.wait[choice] -= lost
        return lost > 0

    def hint(self, view: Any, train: int, choices: list[int]) -> Optional[int]:
        """Brake a rival's train that would move before ours (higher W)."""
        rivals = [u for u in choices if view.owner(u) != view.player and view.wait[u] >= view.wait[train]]
        return rivals[0] if rivals else None


class Restock(Primitive):
    """At the stop, the top ticket of the pile the player names goes onto that station's platform."""

    type: Literal["restock"] = Field(description="Primitive name.")
    TIMINGS = (ANY_TIME,)
    CHOOSES = "pile"
    EXAMPLE = "{type: restock}"

    def choices(self, game: Any, train: int) -> list[int]:
        return [s for s, pile in enumerate(game.piles) if pile]

    def apply(self, game: Any, train: int, choice: int) -> bool:
        game.platforms[choice].append(game.piles[choice].pop())
        return True


PRIMITIVES = (Tip, MarketDay, Brake, Restock)
