"""A deck card with its own numbers (issue 23): some copies of an operation or dispatch kind that print and play
other values than the kind's (`cards: [{copies: 1, values: {amount: 3}}]`).

Why as kinds of their own: every reader of a deck (the engine's compiled rules, the faces, the texts and formulas,
`show`, the statistics) already works kind by kind, so each such card becomes a kind `KIND.2`, `KIND.3`... with
the kind's name, icon, text and timing and its own numbers, and the kind keeps its other copies. This is done once
the content has passed its checks (:func:`expanded`), so that every problem is located where it is written; the
checks that count a deck (a set's propulsion total) read :func:`card_kinds` too. A condition naming the kind
(`played: [rapid]`) names its cards as well (:func:`card_of`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Iterator

from cardgen.model.values import card_effects

if TYPE_CHECKING:
    from cardgen.model.content import Content


def card_kinds(kind: Any) -> list[Any]:
    """The kind's cards as kinds: itself with the copies its `cards` leave, then one kind per entry.

    >>> from cardgen.model import load
    >>> rapid = load().operations.kinds[1].model_copy(update={"cards": []})
    >>> [k.id for k in card_kinds(rapid)]
    ['rapid']
    """
    cards = getattr(kind, "cards", [])
    if not cards:
        return [kind]
    own = kind.copies - sum(card.copies for card in cards)
    out = [kind.model_copy(update={"copies": own, "cards": []})] if own > 0 else []
    for n, card in enumerate(cards, start=2):
        values = {k: v for k, v in card.values.items() if k != "value"}
        effects, _ = card_effects(kind.effects, values)   # a value with a problem is the checks' to report
        update: dict[str, Any] = {"id": card_id(kind, n), "copies": card.copies, "effects": effects, "cards": []}
        if "value" in card.values and hasattr(kind, "value"):
            update["value"] = card.values["value"]
        out.append(kind.model_copy(update=update))
    return out


def card_id(kind: Any, n: int) -> str:
    """The id of the kind's ``n``-th card (its own copies are the first): `rapid.2` for its first `cards` entry."""
    return f"{kind.id}.{n}"


def problems(kind: Any, value_bounds: tuple[int, int] | None, ids: set[str]) -> Iterator[tuple[tuple, str]]:
    """(path under the kind, message) for each thing wrong with its `cards`: more copies than the kind has, an id
    that is one of the deck's kind ids (``ids``), a value no effect of the kind takes or out of its bounds;
    ``value_bounds``: an operation card's C, else None."""
    cards = getattr(kind, "cards", [])
    taken = sum(card.copies for card in cards)
    if taken > kind.copies:
        yield ("cards",), f"{taken} copies with their own values, but the kind has {kind.copies}"
    for j, card in enumerate(cards):
        if card_id(kind, j + 2) in ids:
            yield ("cards", j), f"this card is '{card_id(kind, j + 2)}', already a kind's id"
        values = dict(card.values)
        if "value" in values and value_bounds is not None:
            value, (lo, hi) = values.pop("value"), value_bounds
            if not isinstance(value, int) or not lo <= value <= hi:
                yield ("cards", j, "values", "value"), f"an operation card's value is a whole number {lo} to {hi}"
        for key, message in card_effects(kind.effects, values)[1]:
            yield ("cards", j, "values", key), message


def expanded(content: "Content") -> "Content":
    """The content with each deck card of its own numbers a kind of its own; itself when there is none."""
    ops, dispatch = content.operations.kinds, content.dispatch.kinds
    if not any(kind.cards for kind in ops) and not any(kind.cards for kind in dispatch):
        return content
    ops_cards = [card for kind in ops for card in card_kinds(kind)]
    dispatch_cards = [card for kind in dispatch for card in card_kinds(kind)]
    return replace(content, operations=content.operations.model_copy(update={"kinds": ops_cards}),
                   dispatch=content.dispatch.model_copy(update={"kinds": dispatch_cards}))


def card_of(kind_ids: list[str], all_ids: list[str]) -> set[str]:
    """The ids among ``all_ids`` that ``kind_ids`` name: each kind and its cards of their own numbers (`rapid`,
    `rapid.2`).

    >>> sorted(card_of(["rapid"], ["local", "rapid", "rapid.2", "rapid_x"]))
    ['rapid', 'rapid.2']
    """
    named = set(kind_ids)
    return {i for i in all_ids if i in named or i.rpartition(".")[0] in named}
