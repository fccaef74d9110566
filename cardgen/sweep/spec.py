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

from cardgen.errors import ContentError, Problem
from cardgen.model import places
from cardgen.model.located import checked
from cardgen.model.messages import shown
from cardgen.model.source import Position, SourceMap, YamlSourceError, load_file
from cardgen.sweep.schema import MAX_POINTS, Range, SpecFile

#: largest spec file read; a spec is a few dozen lines
MAX_SPEC_BYTES = 65_536
#: most grid points a sample may be drawn from
MAX_GRID = 10**9


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
    shaped, problems = checked(SpecFile, data, smap)
    if shaped is None:
        raise SpecError(sorted(problems), {name: smap.lines})
    folder = None
    if shaped.content is not None:
        try:
            folder = places.bundled(shaped.content) or places.inside(shaped.content, path.parent,
                                                                      places.tree(path.parent), "content")
        except places.Refused as exc:
            problems.append(smap.problem(("content",), str(exc)))
        else:
            if folder is None:
                problems.append(smap.problem(("content",), f"content folder {shaped.content!r} not found "
                                                           "(relative to the spec)"))
    fixed = {key: (value, smap.locate(("fixed", key))) for key, value in (shaped.fixed or {}).items()}
    if shaped.variant is not None:
        fixed.setdefault("variant", (shaped.variant, smap.locate(("variant",))))
    axes = []
    for key, values in shaped.axes.items():
        if key in fixed:
            problems.append(smap.problem(("axes", key), f"'{key}' is both fixed and an axis", key=True))
        if isinstance(values, Range):
            expanded = values.values()
            axes.append(Axis(key, tuple(expanded), (smap.locate(("axes", key)),) * len(expanded)))
            continue
        for i, value in enumerate(values):
            if any(type(s) is type(value) and s == value for s in values[:i]):  # True is not 1 here
                problems.append(smap.problem(("axes", key, i), f"value {shown(value)} is listed twice"))
        axes.append(Axis(key, tuple(values), tuple(smap.locate(("axes", key, i)) for i in range(len(values)))))
    sample = shaped.sample
    spec = Spec(name, smap.lines, folder, shaped.games, shaped.seed, fixed, tuple(axes),
                sample.points if sample else None, sample.seed if sample else 0, smap.locate(()))
    size = spec.grid_size
    if size > MAX_GRID:
        problems.append(smap.problem(("axes",), f"the grid has {size:,} points; at most {MAX_GRID:,} can be "
                                                "sampled"))
    elif min(size, spec.sample or size) > MAX_POINTS:
        problems.append(smap.problem(("axes",), f"the grid has {size:,} points; at most {MAX_POINTS:,} run in one "
                                                "sweep (add 'sample: {points: N, seed: S}' to run a random sample "
                                                "of it)"))
    if problems:
        raise SpecError(sorted(problems), {name: smap.lines})
    return spec
