"""``expect:`` in a scripted game: assertions on the replay, so a script is a self-checking test.

    expect:
      start:  {阿重: {cell: 0, direction: right}}
      rounds:
        3:
          阿重: {cell: 4, load: 5, score: 0}       # any field of the train's row that round
          clock: 3                                  # or any field of the round: event, platforms,
          platforms: {S2: [S2-S1, S2-S5]}           #   deliveries, dispatch_used
      final:  {老均: {score: 94, winner: true}}

A mapping checks only the keys it names (so ``{cell: 4}`` ignores the rest of the
row); a list must match item by item; anything else must be equal. Every
mismatch is reported at the expected value's ``file:line:col`` (exit 1).
"""

from __future__ import annotations

from typing import Any
from cardgen.model.messages import shown

def mismatches(expected: Any, actual: Any, path: tuple) -> list[tuple[tuple, str]]:
    """(path, message) for every place ``actual`` differs from ``expected`` (mappings checked key by key).

    >>> mismatches({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 3], "c": 0}, ())
    [(('b', 1), 'expected 2, got 3')]
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [(path, f"expected a mapping, got {shown(actual)}")]
        out = []
        for key, value in expected.items():
            if key not in actual:
                known = ", ".join(map(str, actual)) or "none"
                out.append((path + (key,), f"no '{key}' here; known: {known}"))
            else:
                out.extend(mismatches(value, actual[key], path + (key,)))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [(path, f"expected {shown(expected)}, got {shown(actual)}")]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual)):
            out.extend(mismatches(e, a, path + (i,)))
        return out
    if type(expected) is not type(actual) or expected != actual:  # True is not 1, 4 is not "4"
        return [(path, f"expected {shown(expected)}, got {shown(actual)}")]
    return []


def _by_label(rows: list[dict], key: str) -> dict[str, dict]:
    return {row[key]: row for row in rows}


def check_expect(script, replay) -> None:
    """Raise a ScriptError listing every ``expect:`` that the replay does not meet."""
    from cardgen.engine.replay.script import ScriptError

    expect = script.expect
    if not expect:
        return
    found: list[tuple[tuple, str]] = []  # its shape was checked with the script's (schema.Expect)
    start = expect.get("start")
    if start is not None:
        found += mismatches(start, _by_label(replay.start.get("trains", []), "train"), ("start",))
    rounds = expect.get("rounds") or {}
    played = {row["round"]: row for row in replay.rounds}
    for rnd, checks in rounds.items():
        if rnd not in played:
            found.append((("rounds", rnd), f"round {rnd} is never played (the game has {len(played)} rounds)"))
            continue
        row = played[rnd]
        trains = _by_label(row["trains"], "train")
        fields = {k: v for k, v in row.items() if k != "trains"}
        for name, value in checks.items():
            where = ("rounds", rnd, name)
            if name in trains:
                found += mismatches(value, trains[name], where)
            elif name in fields:
                found += mismatches(value, fields[name], where)
            else:
                known = ", ".join([*trains, *fields])
                found.append((where, f"'{name}' is neither a train nor a field of the round; known: {known}"))
    final = expect.get("final")
    if final is not None:
        found += mismatches(final, _by_label(replay.final, "player"), ("final",))
    if found:
        problems = [script.problem(("expect",) + path, message) for path, message in found]
        raise ScriptError(problems, script.smap.lines)


__all__ = ["check_expect", "mismatches"]
