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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.model.source import Position
from cardgen.sweep.shared.grid import Axis, grid_points, grid_size, read_axes, size_problem
from cardgen.sweep.schema import SpecFile
from cardgen.sweep.shared.specfile import SpecError, content_named, read_shaped

__all__ = ["Axis", "Spec", "SpecError", "read_spec"]


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
        return grid_size(self.axes)

    def point_values(self) -> list[tuple[int, dict[str, Any], dict[str, Position]]]:
        """(grid index, values by axis, positions by axis) of every point run, in grid order (a sample's too)."""
        return grid_points(self.axes, self.sample, self.sample_seed)


def read_spec(path: Path) -> Spec:
    """Parse and shape-check a sweep spec; raises :class:`SpecError` with every located problem."""
    name = str(path)
    shaped, smap, problems = read_shaped(path, SpecFile)
    folder = None
    if shaped.content is not None:
        folder = content_named(shaped.content, path, smap, problems)
    fixed = {key: (value, smap.locate(("fixed", key))) for key, value in (shaped.fixed or {}).items()}
    if shaped.variant is not None:
        fixed.setdefault("variant", (shaped.variant, smap.locate(("variant",))))
    for key in shaped.axes:
        if key in fixed:
            problems.append(smap.problem(("axes", key), f"'{key}' is both fixed and an axis", key=True))
    axes = read_axes(shaped.axes, smap, problems)
    sample = shaped.sample
    spec = Spec(name, smap.lines, folder, shaped.games, shaped.seed, fixed, axes,
                sample.points if sample else None, sample.seed if sample else 0, smap.locate(()))
    too_large = size_problem(spec.axes, spec.sample, smap)
    if too_large is not None:
        problems.append(too_large)
    if problems:
        raise SpecError(sorted(problems), {name: smap.lines})
    return spec
