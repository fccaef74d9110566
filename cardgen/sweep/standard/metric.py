"""Read a metric out of a game's ``simulate --json``: one number, or a column per bot, strategy or row.

A metric is a dotted path into the JSON; ``*`` stands for every key of a mapping or every item of a list
(an item is named by its first text value, as ``{"bot": "greedy", ...}`` is ``greedy``), and a list's item
may be named that way too (``bots.greedy.mean``).

>>> doc = {"bots": [{"bot": "random", "mean": 20.5}, {"bot": "greedy", "mean": 41.0}], "years": {"3": 7}}
>>> columns(doc, "bots.*.mean"), columns(doc, "bots.greedy.mean"), columns(doc, "years.*")
({'random': 20.5, 'greedy': 41.0}, {'bots.greedy.mean': 41.0}, {'3': 7})
"""

from __future__ import annotations

from typing import Any

WILD = "*"


def columns(doc: Any, metric: str) -> dict[str, float]:
    """The metric's numbers by column; ValueError says where the path leads nowhere or to no number."""
    parts = metric.split(".")
    if parts.count(WILD) > 1:
        raise ValueError(f"metric {metric!r}: '*' may stand once")
    if WILD not in parts:
        return {metric: _number(_walk(doc, parts, metric), metric)}
    at = parts.index(WILD)
    found = _walk(doc, parts[:at], metric)
    if isinstance(found, dict):
        items = [(str(k), v) for k, v in found.items()]
    elif isinstance(found, list):
        items = [(_name(item, i), item) for i, item in enumerate(found)]
    else:
        raise ValueError(f"metric {metric!r}: '*' stands for the keys of a mapping or the items of a list, "
                         f"and {'.'.join(parts[:at]) or 'the top'} is {_kind(found)}")
    if not items:
        raise ValueError(f"metric {metric!r}: {'.'.join(parts[:at])} is empty")
    return {name: _number(_walk(item, parts[at + 1:], metric, parts[:at] + [name]), metric) for name, item in items}


def _walk(doc: Any, parts: list[str], metric: str, above: list[str] | None = None) -> Any:
    """The value at ``parts`` under ``doc`` (which the metric reached by ``above``)."""
    for depth, part in enumerate(parts):
        here = ".".join((above or []) + parts[:depth]) or "the top"
        if isinstance(doc, dict) and part in doc:
            doc = doc[part]
        elif isinstance(doc, list) and part.isdigit() and int(part) < len(doc):
            doc = doc[int(part)]
        elif isinstance(doc, list) and any(_name(item, i) == part for i, item in enumerate(doc)):
            doc = next(item for i, item in enumerate(doc) if _name(item, i) == part)
        else:
            known = list(doc) if isinstance(doc, dict) else [_name(x, i) for i, x in enumerate(doc)] \
                if isinstance(doc, list) else []
            listed = f"; known: {', '.join(map(str, known))}" if known else ""
            raise ValueError(f"metric {metric!r}: {here} has no {part!r}{listed}")
    return doc


def _name(item: Any, index: int) -> str:
    """A list item's name: its first text value, or its position."""
    if isinstance(item, dict):
        for value in item.values():
            if isinstance(value, str):
                return value
    return str(index)


def _number(value: Any, metric: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"metric {metric!r} leads to {_kind(value)}, not a number")
    return value


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "text" if isinstance(value, str) else f"{value!r}"
