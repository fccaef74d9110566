"""Recorded games: write one as YAML in the game's own words, and replay it action by action.

Why: a rules question ("could player 2 really sell there in year 4?") is settled by replaying the game
that raised it; a recorded game is also a regression test of the engine. A replay file is untrusted:
it is read with positions, every action is checked against the legal ones before it is played, and the
first illegal or unreadable action is a located problem (``game.yaml:12:5: actions.7: ...``).

The file::

    game: horseless-carriage
    content: ../my-edition     # optional, relative to this file; the bundled content if absent
    players: 3
    seed: 4
    actions:
      - [department, research, [0, 4]]
      - [research, speed, 2]          # a dimension or assembly, and whose marker (player 1, 2...)
      - [focus, 4]
      - [mainline, truck, [3, 1], [4, 1]]
      - [station, engine, [2, 2], [3, 2], speed]
      - [window, 1, [-1, 0], [2, 1]]  # dealership 1 of the player, lower left corner, size
      - [sell, 1, [0, 0]]
      - [card, 5, II]
    expect: {years: 6, wealth: [31, 12, 40]}
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import ContentError
from cardgen.games.horseless_carriage.factory import DEPARTMENTS
from cardgen.games.horseless_carriage.model import CONTENT, load_content
from cardgen.games.horseless_carriage.rules import Rules, compile_rules
from cardgen.games.horseless_carriage.state import ASSEMBLY, Action, State
from cardgen.model.source import SourceMap, YamlSourceError, load_file

#: A replay file may be larger than a content file: a 4-player game is about 300 actions.
MAX_REPLAY_BYTES = 1_000_000
KINDS = {v: k for k, v in DEPARTMENTS.items()}


def _xy(cell: tuple[int, int] | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def encode(state: State, action: Action) -> list:
    """An action in the replay file's words (names, 1-based numbers, [x, y] squares and cells)."""
    rules = state.rules
    name = action[0]
    if name == "department":
        return [name, KINDS[action[1]], _xy(action[2])]
    if name == "mainline":
        return [name, rules.cars[action[1]], _xy(action[2]), _xy(action[3])]
    if name == "dealership":
        return [name, _xy(action[1])]
    if name == "station":
        return [name, action[1], _xy(action[2]), _xy(action[3]), rules.dims[action[4]]]
    if name == "indicator":
        return [name, _xy(action[1]), _xy(action[2]), rules.dims[action[3]]]
    if name == "extension":
        return [name, rules.extensions[action[1]].id, [action[2], action[3]]]
    if name == "research":
        return [name, "assembly" if action[1] == ASSEMBLY else rules.dims[action[1]], action[2] + 1]
    if name == "focus":
        return [name, action[1]]
    if name == "window":
        return [name, action[1] + 1, [action[2], action[3]], [action[4], action[5]]]
    if name == "sell":
        return [name, action[1] + 1, [action[2] % rules.size, action[2] // rules.size]]
    if name == "card":
        return [name, action[1] + 1, rules.quadrant_ids[action[2]]]
    return [name]


class Unreadable(ValueError):
    """An action written in words the game does not know."""


def _pick(options: list | tuple, value: Any, what: str) -> int:
    if value not in options:
        raise Unreadable(f"no {what} {value!r}; expected one of {', '.join(map(str, options))}")
    return list(options).index(value)


def _pair(value: Any, what: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise Unreadable(f"{what} is written [x, y], not {value!r}")
    return value[0], value[1]


def _number(value: Any, what: str) -> int:
    if type(value) is not int or value < 1:
        raise Unreadable(f"{what} is a number from 1, not {value!r}")
    return value - 1


def decode(rules: Rules, raw: Any) -> Action:
    """The action a replay line writes; :class:`Unreadable` says what is wrong with it."""
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise Unreadable("an action is a list starting with its name, as [sell, 1, [0, 0]]")
    name, args = raw[0], raw[1:]
    shapes = {"department": 2, "mainline": 3, "dealership": 1, "station": 4, "indicator": 3, "extension": 2,
              "research": 2, "focus": 1, "window": 3, "sell": 2, "card": 2, "done": 0, "pass": 0}
    if name not in shapes:
        raise Unreadable(f"no action {name!r}; actions: {', '.join(shapes)}")
    if len(args) != shapes[name]:
        raise Unreadable(f"{name} takes {shapes[name]} value(s), not {len(args)}")
    if name == "department":
        _pick(list(DEPARTMENTS), args[0], "department")
        return (name, DEPARTMENTS[args[0]], _pair(args[1], "a square"))
    if name == "mainline":
        return (name, _pick(rules.cars, args[0], "car type"), _pair(args[1], "a square"),
                None if args[2] is None else _pair(args[2], "a square"))
    if name == "dealership":
        return (name, _pair(args[0], "a square"))
    if name == "station":
        _pick(list(rules.station_step), args[0], "tech station")
        return (name, args[0], _pair(args[1], "a square"), _pair(args[2], "a square"),
                _pick(rules.dims, args[3], "dimension"))
    if name == "indicator":
        return (name, _pair(args[0], "a square"), _pair(args[1], "a square"), _pick(rules.dims, args[2], "dimension"))
    if name == "extension":
        return (name, _pick([e.id for e in rules.extensions], args[0], "extension"), *_pair(args[1], "a corner"))
    if name == "research":
        dim = ASSEMBLY if args[0] == "assembly" else _pick(rules.dims, args[0], "track")
        return (name, dim, _number(args[1], "a player"))
    if name == "focus":
        return (name, _number(args[0], "a focus space") + 1)
    if name == "window":
        (x, y), (w, h) = _pair(args[1], "a corner"), _pair(args[2], "a size")
        return (name, _number(args[0], "a dealership"), x, y, w, h)
    if name == "sell":
        x, y = _pair(args[1], "a cell")
        if not (0 <= x < rules.size and 0 <= y < rules.size):
            raise Unreadable(f"cell [{x}, {y}] is off the {rules.size}x{rules.size} market")
        return (name, _number(args[0], "a dealership"), rules.cell(x, y))
    if name == "card":
        return (name, _number(args[0], "a card"), _pick(rules.quadrant_ids, args[1], "quadrant"))
    return (name,)


def record(rules: Rules, players: int, seed: int, bots: list[str]) -> dict:
    """A whole game played by ``bots`` as replay data (what :func:`replay` reads back)."""
    from cardgen.games.horseless_carriage.bots import BOTS

    state = State(rules, players, seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        action = BOTS[bots[state.current_player() % len(bots)]](state, rng)
        actions.append(encode(state, action))
        state.apply(action)
    return {"game": "horseless-carriage", "players": players, "seed": seed, "actions": actions,
            "expect": {"years": state.year, "wealth": [p.wealth for p in state.players]}}


def dump(recorded: dict) -> str:
    """Replay data as YAML text, one action a line."""
    import yaml

    head = {k: v for k, v in recorded.items() if k not in ("actions", "expect")}
    lines = [yaml.safe_dump(head, sort_keys=False).rstrip(), "actions:"]
    lines += [f"  - {yaml.safe_dump(a, default_flow_style=True).strip()}" for a in recorded["actions"]]
    lines.append(f"expect: {yaml.safe_dump(recorded['expect'], default_flow_style=True).strip()}")
    return "\n".join(lines) + "\n"


@dataclass
class ReplayReport:
    file: str
    actions: int
    years: int
    wealth: list[int]
    winner: int
    mismatches: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def to_dict(self) -> dict:
        return {"file": self.file, "actions": self.actions, "years": self.years, "wealth": self.wealth,
                "winner": self.winner + 1, "mismatches": self.mismatches, "ok": self.ok}

    def lines(self) -> list[str]:
        out = [f"{self.file}: {self.actions} actions replayed, the game ended in year {self.years}",
               "wealth: " + ", ".join(f"player {p + 1}: {w}" for p, w in enumerate(self.wealth)),
               f"winner: player {self.winner + 1}"]
        return out + [f"MISMATCH: {m}" for m in self.mismatches]


def _fail(smap: SourceMap, path: tuple, message: str) -> ContentError:
    return ContentError([smap.problem(path, message)], {smap.file: smap.lines})


def replay(path: Path) -> ReplayReport:
    """Replay a recorded game; a located :class:`ContentError` for the first action that cannot be played."""
    path = Path(path)
    try:
        data, smap = load_file(path, path.name, max_bytes=MAX_REPLAY_BYTES)
    except YamlSourceError as exc:
        raise ContentError([exc.problem], {exc.problem.file: exc.lines}) from None
    if not isinstance(data, dict):
        raise _fail(smap, (), "a replay is a mapping with game, players, seed and actions")
    for key in ("players", "seed", "actions"):
        if key not in data:
            raise _fail(smap, (), f"missing required key '{key}'")
    unknown = sorted(set(data) - {"game", "content", "players", "seed", "actions", "expect"}, key=str)
    if unknown:
        raise _fail(smap, (unknown[0],), f"unknown key '{unknown[0]}'")
    if data.get("game", "horseless-carriage") != "horseless-carriage":
        raise _fail(smap, ("game",), f"this is a Horseless Carriage replay, not {data['game']!r}")
    folder = CONTENT
    if "content" in data:
        if not isinstance(data["content"], str):
            raise _fail(smap, ("content",), "content is a folder, written as text")
        folder = path.parent / data["content"]
    rules = compile_rules(load_content(folder))
    players, seed, actions = data["players"], data["seed"], data["actions"]
    if type(players) is not int or not rules.players[0] <= players <= rules.players[1]:
        raise _fail(smap, ("players",), f"this game takes {rules.players[0]}-{rules.players[1]} players")
    if type(seed) is not int:
        raise _fail(smap, ("seed",), "the seed is a whole number")
    if not isinstance(actions, list):
        raise _fail(smap, ("actions",), "actions is a list")
    state = State(rules, players, seed)
    for i, raw in enumerate(actions):
        if state.is_terminal():
            raise _fail(smap, ("actions", i), f"the game ended after {i} actions; this one cannot be played")
        try:
            action = decode(rules, raw)
        except Unreadable as exc:
            raise _fail(smap, ("actions", i), str(exc)) from None
        if not state.is_legal(action):
            why = state.why_not(action) if state.phase == "build" else None
            said = f": {why}" if why else ""
            raise _fail(smap, ("actions", i), f"not legal for player {state.current_player() + 1} in year "
                                              f"{state.year}, phase {state.phase}{said}")
        state.apply(action)
    report = ReplayReport(path.name, len(actions), state.year, [p.wealth for p in state.players],
                          state.winner() if state.is_terminal() else -1)
    if not state.is_terminal():
        report.mismatches.append(f"the game is not over after the last action (year {state.year}, "
                                 f"phase {state.phase})")
    expect = data.get("expect") or {}
    if isinstance(expect, dict):
        if "years" in expect and expect["years"] != report.years:
            report.mismatches.append(f"expected the game to end in year {expect['years']}, it ended in {report.years}")
        if "wealth" in expect and expect["wealth"] != report.wealth:
            report.mismatches.append(f"expected wealth {expect['wealth']}, got {report.wealth}")
    return report
