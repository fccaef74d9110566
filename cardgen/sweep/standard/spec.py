"""Read a game's sweep spec: the content, the games per point, the bots and players, the axes, the metric.

    game: railroad-ink            # or content: a bundled id or a folder in the spec's tree
    games: 200                    # per point (--games overrides)
    seed: 1                       # every point plays the same seeds
    lineup: [random, greedy]      # the bots (the game's simulate says what a lineup means)
    players: 1
    variant: river                # the game's variant or expansion
    fixed: {game.rounds: 7}
    axes:
      scoring.exits.table.12: [36, 45, 60]     # FILE.PATH: a value of scoring.yaml
      game.specials.per_game: {from: 1, to: 4}
    sample: {points: 10, seed: 7}
    metric: bots.*.mean           # a number, or * over a list's items or a mapping's keys, in simulate --json
    rank: greedy                  # the column ranked (the metric's first when not named)
    order: high                   # high: the largest value first; low: the smallest

Every number is bounded and every problem located in the spec; settings are checked against the content
point by point (points.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from cardgen.games.standard import MAX_GAMES
from cardgen.model.located import Shape
from cardgen.model.messages import suggest
from cardgen.model.source import Position, SourceMap
from cardgen.pool import MAX_SEED
from cardgen.sweep.shared.grid import Axis, Sample, Values, grid_points, grid_size, read_axes, size_problem
from cardgen.sweep.shared.specfile import SpecError, content_named, read_shaped

#: the most players, bots in a lineup, and fixed or varied settings a spec names
MAX_PLAYERS = 100
MAX_LINEUP = 16
MAX_SETTINGS = 200
#: the settings that are not content values; any other is FILE.PATH
REQUEST_SETTINGS = ("players", "lineup", "variant")
#: a name: a game, a bot, a variant (as content ids are written)
Name = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")]
SETTING_KINDS = "players, lineup, variant or FILE.PATH (a value in a content file: scoring.exits.table.12)"


def _content_value(name: str) -> str:
    """FILE.PATH: a content file's stem, then keys and list positions, none empty."""
    if name in REQUEST_SETTINGS:
        raise PydanticCustomError("setting", f"'{name}' is not a content value: write it at the spec's top "
                                             f"({name}: ...), or vary it under axes")
    stem, _, rest = name.partition(".")
    if not stem or not rest or any(not part or part != part.strip() for part in name.split(".")):
        raise PydanticCustomError("setting", f"'{name}' is not FILE.PATH; a setting is {SETTING_KINDS}"
                                             f"{suggest(name, REQUEST_SETTINGS)}")
    return name


def _setting(name: str) -> str:
    return name if name in REQUEST_SETTINGS else _content_value(name)


#: FILE.PATH (a content file's stem, then keys and list positions) or one of REQUEST_SETTINGS
Setting = Annotated[str, Field(max_length=200), AfterValidator(_setting)]
ContentValue = Annotated[str, Field(max_length=200), AfterValidator(_content_value)]
Metric = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[^.\s]+(\.[^.\s]+)*$")]


class GameSweepFile(Shape):
    """A game's sweep spec (docs/sweeps.md: every game)."""

    game: Name | None = Field(None, description="The game whose bundled content is swept (or name content:).")
    content: Annotated[str, Field(min_length=1, max_length=1000)] | None = Field(
        None, description="A bundled id, or a content folder relative to the spec.")
    games: Annotated[int, Field(ge=1, le=MAX_GAMES)] = Field(100, description="Games per point (--games overrides).")
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = Field(1, description="Every point plays from this seed.")
    players: Annotated[int, Field(ge=1, le=MAX_PLAYERS)] | None = Field(None, description="Players per game.")
    lineup: Annotated[list[Name], Field(min_length=1, max_length=MAX_LINEUP)] | None = Field(
        None, description="The bots, as the game's simulate --lineup takes them.")
    variant: Name | None = Field(None, description="The game's variant or expansion every point plays.")
    fixed: Annotated[dict[ContentValue, Any], Field(max_length=MAX_SETTINGS)] | None = Field(
        None, description="FILE.PATH -> the value every point has.")
    axes: Annotated[dict[Setting, Values], Field(min_length=1, max_length=MAX_SETTINGS)] = Field(
        description="Setting -> the values it takes: the grid is every combination.")
    sample: Sample | None = Field(None, description="Run a seeded random sample of the grid instead of all of it.")
    metric: Metric | None = Field(None, description="What the table shows and ranks, in simulate --json.")
    rank: Annotated[str, Field(min_length=1, max_length=200)] | None = Field(
        None, description="The metric's column ranked (its first when not named).")
    order: Literal["high", "low"] = Field("high", description="Rank the highest (high) or lowest (low) first.")


@dataclass(frozen=True)
class GameSweep:
    """A read spec; its settings are checked against the content point by point (points.py)."""

    file: str
    lines: list[str]
    smap: SourceMap
    folder: Path | None                  #: the content named, or None: the game's bundled content
    game: str | None
    games: int
    seed: int
    players: int | None
    lineup: tuple[str, ...]
    variant: str | None
    fixed: dict[str, tuple[Any, Position]]
    axes: tuple[Axis, ...]
    sample: int | None
    sample_seed: int
    metric: str | None
    rank: str | None
    order: str

    @property
    def grid_size(self) -> int:
        return grid_size(self.axes)

    def point_values(self) -> list[tuple[int, dict[str, Any], dict[str, Position]]]:
        return grid_points(self.axes, self.sample, self.sample_seed)

    def request_settings(self) -> dict[str, tuple[Any, Position]]:
        """players, lineup and variant as the spec fixes them (an axis overrides), each with where it is written."""
        out: dict[str, tuple[Any, Position]] = {}
        for name, value in (("players", self.players), ("lineup", list(self.lineup) or None),
                            ("variant", self.variant)):
            if value is not None:
                out[name] = (value, self.smap.locate((name,)))
        return out


def read_game_sweep(path: Path) -> GameSweep:
    """Parse and shape-check a game's sweep spec; a :class:`SpecError` with every located problem."""
    name = str(path)
    shaped, smap, problems = read_shaped(path, GameSweepFile)
    folder = content_named(shaped.content, path, smap, problems) if shaped.content is not None else None
    fixed = {key: (value, smap.locate(("fixed", key))) for key, value in (shaped.fixed or {}).items()}
    written = {"players": shaped.players, "lineup": shaped.lineup, "variant": shaped.variant}
    for key in shaped.axes:
        if key in fixed or written.get(key) is not None:
            problems.append(smap.problem(("axes", key), f"'{key}' is both fixed and an axis", key=True))
    axes = read_axes(shaped.axes, smap, problems)
    sample = shaped.sample
    too_large = size_problem(axes, sample.points if sample else None, smap)
    if too_large is not None:
        problems.append(too_large)
    if problems:
        raise SpecError(sorted(problems), {name: smap.lines})
    return GameSweep(name, smap.lines, smap, folder, shaped.game, shaped.games, shaped.seed, shaped.players,
                     tuple(shaped.lineup or ()), shaped.variant, fixed, axes, sample.points if sample else None,
                     sample.seed if sample else 0, shaped.metric, shaped.rank, shaped.order)
