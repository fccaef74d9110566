"""A sweep's axes and the points of their grid (all of it, or a seeded sample): the same for every game.

Why: Rail Journey's sweep (cardgen.sweep.spec) and every other game's (cardgen.games.sweep) vary settings
along axes; how an axis is written (a list, or a range counted before it is expanded), how the grid is
ordered (the last axis fastest) and how a sample is drawn are written once, here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any, Mapping, Union

from pydantic import Field, Tag, model_validator

from cardgen.errors import Problem
from cardgen.model.located import Shape, by_kind
from cardgen.model.messages import shown
from cardgen.model.source import Position, SourceMap
from cardgen.pool import MAX_SEED

#: most points one sweep may run (a grid beyond this must be sampled)
MAX_POINTS = 5_000
#: most values one axis may list
MAX_AXIS_VALUES = 1_000
#: most grid points a sample may be drawn from
MAX_GRID = 10**9

Whole = Annotated[int, Field(ge=-MAX_SEED, le=MAX_SEED)]


class Range(Shape):
    """Whole numbers from ``from`` to ``to``, both included, ``step`` apart."""

    start: Whole = Field(alias="from", description="The first value.")
    stop: Whole = Field(alias="to", description="The last value, if the steps land on it.")
    step: Annotated[int, Field(ge=1, le=MAX_SEED)] = Field(1, description="The distance between two values.")

    @model_validator(mode="after")
    def _count(self) -> "Range":
        count = max(0, (self.stop - self.start) // self.step + 1)  # counted, not expanded: it may be 10**12
        if not 1 <= count <= MAX_AXIS_VALUES:
            raise ValueError(f"the range holds {count:,} values; an axis needs 1 to {MAX_AXIS_VALUES:,}")
        return self

    def values(self) -> list[int]:
        return list(range(self.start, self.stop + 1, self.step))


Values = Annotated[
    Union[Annotated[list[Any], Tag("<list>"), Field(min_length=1, max_length=MAX_AXIS_VALUES)],
          Annotated[Range, Tag("<mapping>")]],
    by_kind("a list of at least one value, or {from: A, to: B, step: S}")]


class Sample(Shape):
    """A seeded random sample of the grid, run in grid order."""

    points: Annotated[int, Field(ge=1, le=MAX_POINTS)] = Field(description="How many distinct grid points.")
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = Field(0, description="The seed that draws them.")


@dataclass(frozen=True)
class Axis:
    """One varied setting: its name as written and its values, each with where it was written."""

    name: str
    values: tuple[Any, ...]
    positions: tuple[Position, ...]


def read_axes(axes: Mapping[str, list[Any] | Range], smap: SourceMap, problems: list[Problem]) -> tuple[Axis, ...]:
    """The spec's ``axes:`` as :class:`Axis` values, each value located; a value listed twice is a problem."""
    out = []
    for key, values in axes.items():
        if isinstance(values, Range):
            expanded = values.values()
            out.append(Axis(key, tuple(expanded), (smap.locate(("axes", key)),) * len(expanded)))
            continue
        for i, value in enumerate(values):
            if any(type(s) is type(value) and s == value for s in values[:i]):  # True is not 1 here
                problems.append(smap.problem(("axes", key, i), f"value {shown(value)} is listed twice"))
        out.append(Axis(key, tuple(values), tuple(smap.locate(("axes", key, i)) for i in range(len(values)))))
    return tuple(out)


def grid_size(axes: tuple[Axis, ...]) -> int:
    size = 1
    for axis in axes:
        size *= len(axis.values)
    return size


def size_problem(axes: tuple[Axis, ...], sample: int | None, smap: SourceMap) -> Problem | None:
    """Why the grid cannot run: too large to sample, or too large to run whole without a sample."""
    size = grid_size(axes)
    if size > MAX_GRID:
        return smap.problem(("axes",), f"the grid has {size:,} points; at most {MAX_GRID:,} can be sampled")
    if min(size, sample or size) > MAX_POINTS:
        return smap.problem(("axes",), f"the grid has {size:,} points; at most {MAX_POINTS:,} run in one sweep "
                                       "(add 'sample: {points: N, seed: S}' to run a random sample of it)")
    return None


def grid_points(axes: tuple[Axis, ...], sample: int | None,
                sample_seed: int) -> list[tuple[int, dict[str, Any], dict[str, Position]]]:
    """(grid index, values by axis, positions by axis) of every point run, in grid order.

    A sample draws distinct grid indices with its own seed and keeps them in grid order,
    so the same spec always gives the same points.

    >>> a = (Axis("x", (1, 2), (Position("s", 1, 1),) * 2), Axis("y", ("p", "q"), (Position("s", 2, 1),) * 2))
    >>> [values for _, values, _ in grid_points(a, None, 0)]
    [{'x': 1, 'y': 'p'}, {'x': 1, 'y': 'q'}, {'x': 2, 'y': 'p'}, {'x': 2, 'y': 'q'}]
    """
    size = grid_size(axes)
    if sample is not None and sample < size:
        indices = sorted(random.Random(sample_seed).sample(range(size), sample))
    else:
        indices = list(range(size))
    out = []
    for index in indices:
        values, positions, rest = {}, {}, index
        for axis in reversed(axes):  # the last axis varies fastest, like itertools.product
            rest, i = divmod(rest, len(axis.values))
            values[axis.name], positions[axis.name] = axis.values[i], axis.positions[i]
        out.append((index, {a.name: values[a.name] for a in axes}, {a.name: positions[a.name] for a in axes}))
    return out


def label(values: dict[str, Any]) -> str:
    """``players=4, option.hand_size=3`` (lineups joined with '+')."""
    return ", ".join(f"{k}={value_text(v)}" for k, v in values.items())


def value_text(value: Any) -> str:
    """A setting's value as the table and the report print it."""
    if isinstance(value, list):
        return "+".join(map(str, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
