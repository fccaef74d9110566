"""The market board's rules: cell requirements, windows, selling, repricing and spark growth.

Why: these are the rules the digest states exactly, so each is one small function the game state calls
and the tests check on its own. Cells are indexes ``x + y * size``; buyers and sparks are lists by car
type then cell; prices are by segment (0: no price marker).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.games.horseless_carriage.rules import Card, Rules


@dataclass
class Market:
    """The board: buyers and sparks per car type and cell, the price of each segment, the two spec axes."""

    buyers: list[list[int]]
    sparks: list[list[int]]
    prices: list[int]
    #: the dimension index along each side (bottom, left) and the axis's base reading (its minimum spec when laid)
    axis_dims: list[int] = field(default_factory=lambda: [0, 1])
    axis_base: list[int] = field(default_factory=lambda: [0, 0])

    @classmethod
    def empty(cls, rules: Rules) -> Market:
        cells = rules.size * rules.size
        return cls([[0] * cells for _ in rules.cars], [[0] * cells for _ in rules.cars], [0] * rules.segments)

    def copy(self) -> Market:
        return Market([row[:] for row in self.buyers], [row[:] for row in self.sparks], self.prices[:],
                      self.axis_dims[:], self.axis_base[:])


def requirement(rules: Rules, market: Market, x: int, y: int) -> tuple[int, int]:
    """What cell (x, y) asks of the bottom axis's dimension and of the left axis's dimension."""
    steps, width = rules.axis_steps, rules.slot_width
    return market.axis_base[0] + steps[x // width], market.axis_base[1] + steps[y // width]


def on_board(rules: Rules, x: int, y: int, w: int, h: int) -> tuple[int, int, int, int] | None:
    """The on-board part of a w x h window at (x, y) as (x0, y0, x1, y1), or None when none of it is on the board."""
    last = rules.size - 1
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w - 1, last), min(y + h - 1, last)
    return (x0, y0, x1, y1) if x0 <= x1 and y0 <= y1 else None


def window_cells(rules: Rules, x: int, y: int, w: int, h: int) -> list[int]:
    """The cells a window covers on the board (it may hang over the edge)."""
    box = on_board(rules, x, y, w, h)
    if box is None:
        return []
    x0, y0, x1, y1 = box
    size = rules.size
    return [cx + cy * size for cy in range(y0, y1 + 1) for cx in range(x0, x1 + 1)]


def window_legal(rules: Rules, market: Market, spec: list[int], x: int, y: int, w: int, h: int) -> bool:
    """A window may go where it covers a board cell and every covered cell's requirement is within ``spec``."""
    box = on_board(rules, x, y, w, h)
    if box is None:
        return False
    x0, y0, x1, y1 = box
    steps, width = rules.axis_steps, rules.slot_width
    need_bottom = market.axis_base[0] + max(steps[x0 // width: x1 // width + 1])
    need_left = market.axis_base[1] + max(steps[y0 // width: y1 // width + 1])
    return need_bottom <= spec[market.axis_dims[0]] and need_left <= spec[market.axis_dims[1]]


def window_anchors(rules: Rules, w: int, h: int) -> list[tuple[int, int]]:
    """Every lower left corner at which a w x h window covers at least one board cell."""
    return [(x, y) for y in range(1 - h, rules.size) for x in range(1 - w, rules.size)]


def window_shapes(rules: Rules, marketing: int) -> list[tuple[int, int]]:
    """The (width, height) a dealership's window may take with this many marketing departments next to it:
    the last size whose count is reached, either way round."""
    _, w, h = rules.windows[min(marketing, len(rules.windows) - 1)]
    return [(w, h)] if w == h else [(w, h), (h, w)]


def shut_out(spec: list[int], minimum: list[int]) -> bool:
    """A dealership below the minimum spec of any dimension sells nothing this year."""
    return any(s < m for s, m in zip(spec, minimum))


def sale_value(rules: Rules, market: Market, cell: int, car: int, cars: int) -> int:
    """What selling ``cars`` cars of type ``car`` in ``cell`` earns: the segment's price plus the type's bonus, each."""
    return cars * (market.prices[rules.segment_of[cell]] + rules.bonus[car])


def reprice(rules: Rules, market: Market) -> None:
    """From the top right down, each segment holding buyers takes the next price marker; empty ones take none."""
    holding = [False] * rules.segments
    for row in market.buyers:
        for cell, count in enumerate(row):
            if count:
                holding[rules.segment_of[cell]] = True
    prices = iter(rules.prices)
    market.prices = [0] * rules.segments
    for seg in range(rules.segments - 1, -1, -1):
        if holding[seg]:
            market.prices[seg] = next(prices)


def add_spark(rules: Rules, market: Market, car: int, cell: int) -> bool:
    """Put a spark of ``car`` on ``cell`` unless it already holds the most allowed; whether it was put."""
    if market.sparks[car][cell] >= rules.most_sparks:
        return False
    market.sparks[car][cell] += 1
    return True


def grow(rules: Rules, market: Market) -> None:
    """Each spark grows one buyer of its type, up to ``buyers_per_spark`` per spark of that type on the cell
    (neutral buyers above that limit stay)."""
    per = rules.buyers_per_spark
    for buyers, sparks in zip(market.buyers, market.sparks):
        for cell, s in enumerate(sparks):
            if s:
                have = buyers[cell]
                buyers[cell] = max(have, min(have + s, s * per))


def quadrant_cells(rules: Rules, quadrant: int, card: Card) -> list[int]:
    """The board cells a card laid beside ``quadrant`` marks."""
    ox, oy = rules.quadrants[quadrant]
    return [(ox + x) + (oy + y) * rules.size for x, y in card.cells]


def place_neutral(rules: Rules, market: Market, quadrant: int, card: Card) -> None:
    """A neutral card puts one buyer of its type on each marked cell, with no spark and no limit."""
    row = market.buyers[card.car]
    for cell in quadrant_cells(rules, quadrant, card):
        row[cell] += 1
