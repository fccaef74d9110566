"""Read a sweep spec: the base content, the axes to vary, the games per point.

The spec is untrusted YAML read by the content loader (safe, size-capped, every
value located), so a mistake points at ``spec.yaml:line:col`` with a caret.
Every problem the spec itself shows is collected before anything is raised.

    content: my-set/            # optional; the bundled Rail Journey set if omitted
    games: 1000                 # per point (--games overrides)
    seed: 1                     # common seeds: game i of every point uses seed (seed, i)
    fixed: {option.late_events: repeat_last}
    axes:
      players: [2, 3, 4, 5]
      option.hand_size: [1, 3]
      content.game.composition_cap: [8, 9]
      bots.heavy.target: {from: 4, to: 8, step: 2}   # a range of whole numbers
    sample: {points: 10, seed: 7}   # optional: a seeded random sample of the grid
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.engine.simulation.runner import MAX_GAMES
from cardgen.errors import ContentError, Problem
from cardgen.model import places
from cardgen.model.messages import shown, suggest
from cardgen.model.source import Position, SourceMap, YamlSourceError, load_file

#: largest spec file read; a spec is a few dozen lines
MAX_SPEC_BYTES = 65_536
#: most points one sweep may run (a grid beyond this must be sampled)
MAX_POINTS = 5_000
#: most values one axis may list, and most grid points a sample may be drawn from
MAX_AXIS_VALUES = 1_000
MAX_GRID = 10**9
TOP_KEYS = ("content", "variant", "games", "seed", "fixed", "axes", "sample")
#: the archetypes whose parameters a sweep may tune, and those parameters
TUNABLE_BOTS = ("heavy", "light", "balanced", "long")
BOT_PARAMS = ("target", "min_span")
SETTING_KINDS = "players, lineup, variant, option.NAME, content.FILE.PATH or bots.BOT.PARAM"


class SpecError(ContentError):
    """A sweep spec, or the content one of its points produces, is not valid (exit 1, every problem located)."""

    def __init__(self, problems: list[Problem], sources: dict[str, list[str]] | None = None):
        super().__init__(problems, sources)
        self.args = (f"{len(self.problems)} problem(s) in the sweep",)


@dataclass(frozen=True)
class Axis:
    """One varied setting: its name as written and its values, each with where it was written."""

    name: str
    values: tuple[Any, ...]
    positions: tuple[Position, ...]


@dataclass(frozen=True)
class Spec:
    """A parsed sweep spec; settings are still unchecked against the content (see points.py)."""

    file: str
    lines: list[str]
    folder: Path | None
    games: int
    seed: int
    fixed: dict[str, tuple[Any, Position]]
    axes: tuple[Axis, ...]
    sample: int | None
    sample_seed: int
    where: Position                      # the spec's first line, for problems about the whole spec

    @property
    def grid_size(self) -> int:
        size = 1
        for axis in self.axes:
            size *= len(axis.values)
        return size

    def point_values(self) -> list[tuple[int, dict[str, Any], dict[str, Position]]]:
        """(grid index, values by axis, positions by axis) of every point run, in grid order.

        A sample draws distinct grid indices with its own seed and keeps them in grid order,
        so the same spec always gives the same points.
        """
        size = self.grid_size
        if self.sample is not None and self.sample < size:
            indices = sorted(random.Random(self.sample_seed).sample(range(size), self.sample))
        else:
            indices = list(range(size))
        out = []
        for index in indices:
            values, positions, rest = {}, {}, index
            for axis in reversed(self.axes):  # the last axis varies fastest, like itertools.product
                rest, i = divmod(rest, len(axis.values))
                values[axis.name], positions[axis.name] = axis.values[i], axis.positions[i]
            out.append((index, {a.name: values[a.name] for a in self.axes},
                        {a.name: positions[a.name] for a in self.axes}))
        return out


class _Reader:
    """Collects located problems while reading the spec's top level."""

    def __init__(self, name: str, smap: SourceMap):
        self.name, self.smap = name, smap
        self.problems: list[Problem] = []

    def problem(self, path: tuple, message: str, key: bool = False) -> None:
        self.problems.append(self.smap.problem(path, message, key=key))

    def count(self, data: dict, key: str, default: int, low: int, high: int) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problem((key,), f"expected a whole number from {low:,} to {high:,}, got {shown(value)}")
            return default
        return value

    def setting_name(self, path: tuple, name: Any) -> bool:
        """Whether ``name`` has the shape of a setting (its value is checked against the content later)."""
        if not isinstance(name, str):
            self.problem(path, f"setting names are text, not {shown(name)}", key=True)
            return False
        head, _, rest = name.partition(".")
        ok = name in ("players", "lineup", "variant") or (head in ("option", "content") and bool(rest))
        if head == "bots":
            bot, _, param = rest.partition(".")
            if bot not in TUNABLE_BOTS:
                self.problem(path, f"bots.{bot}: only the archetypes {', '.join(TUNABLE_BOTS)} can be tuned"
                             f"{suggest(bot, TUNABLE_BOTS)}", key=True)
                return False
            if param not in BOT_PARAMS:
                self.problem(path, f"bots.{bot}.{param}: unknown parameter; known: {', '.join(BOT_PARAMS)}"
                             f"{suggest(param, BOT_PARAMS)}", key=True)
                return False
            return True
        if not ok:
            words = ("players", "lineup", "variant", "option", "content", "bots")
            self.problem(path, f"unknown setting '{name}'; a setting is {SETTING_KINDS}"
                         f"{suggest(head, words)}", key=True)
        return ok


def read_yaml(path: Path, max_bytes: int = MAX_SPEC_BYTES) -> tuple[Any, SourceMap]:
    """A sweep's YAML input read like a content file (safe, capped, located), or a :class:`SpecError`."""
    try:
        data, smap = load_file(path, str(path), max_bytes)
    except YamlSourceError as exc:
        raise SpecError([exc.problem], {str(path): exc.lines}) from None
    if smap.problems:  # control characters in a text: refused where written, like content
        raise SpecError(smap.problems, {str(path): smap.lines})
    return data, smap


def read_spec(path: Path) -> Spec:
    """Parse and shape-check a sweep spec; raises :class:`SpecError` with every located problem."""
    name = str(path)
    data, smap = read_yaml(path)
    r = _Reader(name, smap)
    if not isinstance(data, dict):
        r.problem((), "a sweep spec is a mapping of keys (content, games, seed, fixed, axes, sample)")
        raise SpecError(r.problems, {name: smap.lines})
    for key in data:
        if key not in TOP_KEYS:
            r.problem((key,), f"unknown key '{key}'; known: {', '.join(TOP_KEYS)}{suggest(str(key), TOP_KEYS)}",
                      key=True)
    folder = None
    if data.get("content") is not None:
        if not isinstance(data["content"], str):
            r.problem(("content",), f"expected the path of a content folder, got {shown(data['content'])}")
        else:
            home = path.parent
            try:
                folder = places.bundled(data["content"]) or places.inside(data["content"], home, places.tree(home), "content")
            except places.Refused as exc:
                r.problem(("content",), str(exc))
            else:
                if folder is None:
                    r.problem(("content",), f"content folder {data['content']!r} not found (relative to the spec)")
    games = r.count(data, "games", 1000, 1, MAX_GAMES)
    seed = r.count(data, "seed", 1, 0, 2**63 - 1)
    fixed = _fixed(r, data)
    if "variant" in data:
        fixed.setdefault("variant", (data["variant"], smap.locate(("variant",))))
    axes = _axes(r, data)
    sample, sample_seed = _sample(r, data)
    clash = [a.name for a in axes if a.name in fixed]
    for axis_name in clash:
        r.problem(("axes", axis_name), f"'{axis_name}' is both fixed and an axis", key=True)
    spec = Spec(name, smap.lines, folder, games, seed, fixed, tuple(axes), sample, sample_seed,
                smap.locate(()))
    if not r.problems:
        size = spec.grid_size
        if size > MAX_GRID:
            r.problem(("axes",), f"the grid has {size:,} points; at most {MAX_GRID:,} can be sampled")
        elif min(size, sample or size) > MAX_POINTS:
            r.problem(("axes",), f"the grid has {size:,} points; at most {MAX_POINTS:,} run in one sweep "
                      "(add 'sample: {points: N, seed: S}' to run a random sample of it)")
    if r.problems:
        raise SpecError(r.problems, {name: smap.lines})
    return spec


def _fixed(r: _Reader, data: dict) -> dict[str, tuple[Any, Position]]:
    raw = data.get("fixed", {})
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        r.problem(("fixed",), "expected a mapping of setting: value")
        return {}
    return {name: (value, r.smap.locate(("fixed", name))) for name, value in raw.items()
            if r.setting_name(("fixed", name), name)}


def _axes(r: _Reader, data: dict) -> list[Axis]:
    raw = data.get("axes")
    if not isinstance(raw, dict) or not raw:
        r.problem(("axes",) if "axes" in data else (), "expected 'axes': a mapping of setting: [values, ...]")
        return []
    axes = []
    for name, values in raw.items():
        if not r.setting_name(("axes", name), name):
            continue
        if isinstance(values, dict):
            expanded = _range(r, ("axes", name), values)
            if expanded is None:
                continue
            pos = r.smap.locate(("axes", name))
            axes.append(Axis(name, tuple(expanded), (pos,) * len(expanded)))
            continue
        if not isinstance(values, list) or not values:
            r.problem(("axes", name), "expected a list of at least one value, or {from: A, to: B, step: S}")
            continue
        if len(values) > MAX_AXIS_VALUES:
            r.problem(("axes", name), f"{len(values):,} values; an axis may list at most {MAX_AXIS_VALUES:,}")
            continue
        seen: list = []
        for i, value in enumerate(values):
            if any(type(s) is type(value) and s == value for s in seen):  # True is not 1 here
                r.problem(("axes", name, i), f"value {shown(value)} is listed twice")
            seen.append(value)
        axes.append(Axis(name, tuple(values), tuple(r.smap.locate(("axes", name, i)) for i in range(len(values)))))
    return axes


def _range(r: _Reader, path: tuple, spec: dict) -> list[int] | None:
    """``{from: 6, to: 12, step: 2}`` -> [6, 8, 10, 12] (whole numbers, both ends included)."""
    ints = all(isinstance(spec.get(k, 1), int) and not isinstance(spec.get(k, 1), bool) for k in ("from", "to", "step"))
    if set(spec) - {"from", "to", "step"} or not {"from", "to"} <= set(spec) or not ints or spec.get("step", 1) < 1:
        r.problem(path, "a range is {from: A, to: B, step: S} with whole numbers and S >= 1")
        return None
    start, stop, step = spec["from"], spec["to"], spec.get("step", 1)
    count = max(0, (stop - start) // step + 1)  # counted, not expanded: a range may name 10**12 values
    if not 1 <= count <= MAX_AXIS_VALUES:
        r.problem(path, f"the range holds {count:,} values; an axis needs 1 to {MAX_AXIS_VALUES:,}")
        return None
    return list(range(start, stop + 1, step))


def _sample(r: _Reader, data: dict) -> tuple[int | None, int]:
    raw = data.get("sample")
    if raw is None:
        return None, 0
    if not isinstance(raw, dict) or set(raw) - {"points", "seed"} or "points" not in raw:
        r.problem(("sample",), "expected {points: N, seed: S}")
        return None, 0
    sub = _Reader(r.name, r.smap)
    points = sub.count(raw, "points", 1, 1, MAX_POINTS)
    seed = sub.count(raw, "seed", 0, 0, 2**63 - 1)
    for p in sub.problems:  # re-locate under sample.
        pos = r.smap.locate(("sample",) + tuple(p.path.split(".")))
        r.problems.append(Problem(p.file, pos.line, pos.col, f"sample.{p.path}", p.message))
    return points, seed
