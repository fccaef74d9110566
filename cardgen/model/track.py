"""The event track by card id (issue 23 item 9): a pack inserts and removes track cards by id, and a variant drops
cards by id, so that neither depends on round numbers another layer may have moved.

A track card's id is its own `id:`, else ``KIND.N``: the N-th card of its kind on the base track, in round order
(``rainstorm.2`` is the base game's round-12 Rainstorm). A pack's overlay stamps these ids on the base's cards
before it merges, so a card a pack changes by round keeps its id, and an id always names the same slot of the
base's track, wherever the pack's insertions and removals move it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from cardgen.errors import Problem
from cardgen.model.messages import suggest
from cardgen.model.source import dotted


def card_ids(track: dict[Any, Any]) -> dict[int, str]:
    """Each round's card id: the card's own `id`, else ``KIND.N`` counted in round order (cards whose kind is not a
    text are skipped: the schema reports them).

    >>> card_ids({4: {"kind": "rain"}, 1: {"kind": "rain"}, 2: {"kind": "sun", "id": "noon"}})
    {1: 'rain.1', 2: 'noon', 4: 'rain.2'}
    """
    out: dict[int, str] = {}
    seen: dict[str, int] = {}
    for rnd in sorted(r for r in track if isinstance(r, int)):
        card = track[rnd]
        if not isinstance(card, dict) or not isinstance(card.get("kind"), str):
            continue
        kind = card["kind"]
        seen[kind] = seen.get(kind, 0) + 1
        own = card.get("id")
        out[rnd] = own if isinstance(own, str) else f"{kind}.{seen[kind]}"
    return out


def unknown_card(name: Any, ids: Iterable[str]) -> str:
    """Why ``name`` names no card of a track holding ``ids``."""
    known = sorted(ids)
    hint = suggest(str(name), known) or f" (cards: {', '.join(known)})"   # a near miss says enough
    return f"no track card '{name}'{hint}"


def dropped_rounds(track: dict[Any, Any], drop: list[str], drop_after: str | None,
                   removed: Mapping[str, str] | None = None) -> tuple[list[int], list[tuple[tuple[Any, ...], str]]]:
    """The rounds whose cards a variant's ``drop`` and ``drop_after`` name, and the problems, each as (path in the
    variant, message): an id the track does not hold (``removed``: what to say of an id a layer removed instead,
    never a near id: that would drop another card).

    >>> dropped_rounds({1: {"kind": "a"}, 2: {"kind": "b"}, 3: {"kind": "a"}}, ["b.1"], "a.1")
    ([2, 3], [])
    >>> dropped_rounds({1: {"kind": "rain"}}, ["snow"], None)[1]
    [(('drop', 0), "no track card 'snow' (cards: rain.1)")]
    """
    rounds_of = {card: rnd for rnd, card in card_ids(track).items()}
    said = removed or {}
    out: set[int] = set()
    problems: list[tuple[tuple[Any, ...], str]] = []
    for j, name in enumerate(drop):
        if name in rounds_of:
            out.add(rounds_of[name])
        else:
            problems.append((("drop", j), said.get(name) or unknown_card(name, rounds_of)))
    if drop_after is not None:
        if drop_after in rounds_of:
            out.update(r for r in rounds_of.values() if r > rounds_of[drop_after])
        else:
            problems.append((("drop_after",), said.get(drop_after) or unknown_card(drop_after, rounds_of)))
    return sorted(out), problems


#: the key of a pack's events.yaml that inserts and removes track cards by id
TRACK_EDIT = "track_edit"


def stamp_track_ids(events: Any) -> None:
    """Write each track card's id (:func:`card_ids`) into the base's events tree (layers.Loc) before a pack merges
    over it: a card the pack changes by round keeps its id, one it inserts or moves is found by it."""
    from cardgen.model.layers import Loc, get, plain
    track = get(events, "track")
    if track is None or not isinstance(track.value, dict):
        return
    for rnd, name in card_ids(plain(track)).items():
        card = track.value[rnd]
        if "id" not in card.value:
            card.value["id"] = Loc(name, card.pos, card.pos, (card.path or ("track", rnd)) + ("id",))


def edit_track(trees: dict[str, Any], edit: Any) -> list[Problem]:
    """Apply a pack's ``track_edit`` (``remove: [ID]``, ``insert: [{after|before: ID, card: CARD}]``) to the
    merged trees: the rounds after each change follow it, and the clock's end moves by the cards added less those
    removed (each round of the clock has one card). Returns the problems, where the pack writes them."""
    from cardgen.model.layers import Loc, get, plain, put
    problems: list[Problem] = []

    def problem(node: Any, path: tuple[Any, ...], message: str) -> None:
        problems.append(Problem(node.pos.file, node.pos.line, node.pos.col, dotted((TRACK_EDIT, *path)), message))

    track = get(trees.get("events"), "track")
    if track is None or not isinstance(track.value, dict) or not isinstance(edit.value, dict):
        if not isinstance(edit.value, dict):
            problem(edit, (), "must be a mapping with remove: [ID, ...] and insert: [{after: ID, card: ...}, ...]")
        return problems
    for key, node in edit.value.items():
        if key not in ("remove", "insert"):
            problem(node, (key,), f"unknown key '{key}'{suggest(str(key), ['remove', 'insert'])}")
        elif not isinstance(node.value, list):
            problem(node, (key,), f"'{key}' is a list: " + ("[ID, ...]" if key == "remove" else
                                                            "[{after: ID, card: CARD}, ...]"))
    slots = sorted((r, card) for r, card in track.value.items() if isinstance(r, int))
    ids = card_ids(plain(track))
    named = [ids.get(r, "") for r, _ in slots]
    cards = [card for _, card in slots]
    rounds = [r for r, _ in slots]
    added = removed = 0
    gone = dict(track.gone or {})   # what this and earlier layers removed: a variant naming one is told where
    remove = get(edit, "remove")
    for j, node in enumerate(remove.value if remove is not None and isinstance(remove.value, list) else []):
        if node.value not in named:
            problem(node, ("remove", j), unknown_card(node.value, named))
            continue
        i = named.index(node.value)
        rounds = [r - 1 if k > i else r for k, r in enumerate(rounds)]
        del named[i], cards[i], rounds[i]
        gone[node.value] = node.pos
        removed += 1
    insert = get(edit, "insert")
    for j, node in enumerate(insert.value if insert is not None and isinstance(insert.value, list) else []):
        where = [w for w in ("after", "before") if isinstance(node.value, dict) and w in node.value]
        card = get(node, "card")
        if len(where) != 1 or card is None or not isinstance(card.value, dict):
            problem(node, ("insert", j), "an insertion is {after: ID, card: CARD} or {before: ID, card: CARD}")
            continue
        anchor = plain(get(node, where[0]))
        if anchor not in named:
            problem(get(node, where[0]) or node, ("insert", j, where[0]), unknown_card(anchor, named))
            continue
        i = named.index(anchor) + (1 if where[0] == "after" else 0)
        at = rounds[i - 1] + 1 if where[0] == "after" else rounds[i]
        rounds = [r + 1 if r >= at else r for r in rounds]
        own = plain(get(card, "id"))
        kind = plain(get(card, "kind"))
        name = own if isinstance(own, str) else _next_id(str(kind), named)
        if name in named:
            problem(get(card, "id") or card, ("insert", j, "card", "id"), f"track card '{name}' is on the track already")
            continue
        card.value.setdefault("id", Loc(name, card.pos, card.pos, card.path))
        named.insert(i, name)
        cards.insert(i, card)
        rounds.insert(i, at)
        added += 1
    track.value = dict(zip(rounds, cards))
    track.gone = gone or None
    end = get(trees.get("game"), "clock", "end")
    if added != removed and end is not None and isinstance(end.value, int):
        put(trees["game"], ("clock", "end"), end.value + added - removed, edit.key or edit.pos)
    return problems


def _next_id(kind: str, taken: list[str]) -> str:
    """``KIND.N`` for the first N no card on the track has."""
    n = 1
    while f"{kind}.{n}" in taken:
        n += 1
    return f"{kind}.{n}"
