"""The shape of a sweep spec (docs/sweeps.md), as models: every field described and bounded.

Setting names are shaped here (``option.NAME``, ``bots.BOT.PARAM``...); their
values are checked against the content point by point (:mod:`cardgen.sweep.points`).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from cardgen.engine.simulation.runner import MAX_GAMES
from cardgen.model.effects import Bounds
from cardgen.model.located import Shape
from cardgen.model.messages import suggest
from cardgen.model.schema import MAX_ENTRIES, MAX_TEXT, Id
from cardgen.pool import MAX_SEED
from cardgen.sweep.shared.grid import Sample, Values

#: the archetypes whose parameters a sweep may tune, and those parameters
TUNABLE_BOTS = ("heavy", "light", "balanced", "long")
BOT_PARAMS = ("target", "min_span")
SETTING_KINDS = "players, lineup, variant, option.NAME, content.FILE.PATH or bots.BOT.PARAM"
_SETTING_WORDS = ("players", "lineup", "variant", "option", "content", "bots")


def _setting(name: str) -> str:
    """A setting name of a known kind (its value is checked against the content later)."""
    head, _, rest = name.partition(".")
    if head == "bots":
        bot, _, param = rest.partition(".")
        if bot not in TUNABLE_BOTS:
            raise PydanticCustomError("setting", f"bots.{bot}: only the archetypes {', '.join(TUNABLE_BOTS)} can "
                                                 f"be tuned{suggest(bot, TUNABLE_BOTS)}")
        if param not in BOT_PARAMS:
            raise PydanticCustomError("setting", f"bots.{bot}.{param}: unknown parameter; known: "
                                                 f"{', '.join(BOT_PARAMS)}{suggest(param, BOT_PARAMS)}")
    elif not (name in _SETTING_WORDS[:3] or (head in ("option", "content") and rest)):
        raise PydanticCustomError("setting", f"unknown setting '{name}'; a setting is {SETTING_KINDS}"
                                             f"{suggest(head, _SETTING_WORDS)}")
    return name


Setting = Annotated[str, Field(max_length=200), AfterValidator(_setting)]
class SpecFile(Shape):
    """A sweep spec: the base content, the settings fixed and varied, the games per point."""

    content: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)] | None = Field(
        None, description="A bundled game or pack id, or a content folder relative to the spec.")
    variant: Id | None = Field(None, description="The variant every point plays (or vary it as an axis).")
    games: Annotated[int, Bounds(1, MAX_GAMES)] = Field(1000, description="Games per point (--games overrides).")
    seed: Annotated[int, Bounds(0, MAX_SEED)] = Field(1, description="Game i of every point uses seed (seed, i).")
    fixed: Annotated[dict[Setting, Any], Field(max_length=MAX_ENTRIES)] | None = Field(
        None, description="Setting -> the value every point has.")
    axes: Annotated[dict[Setting, Values], Field(min_length=1, max_length=MAX_ENTRIES)] = Field(
        description="Setting -> the values it takes: the grid is every combination.")
    sample: Sample | None = Field(None, description="Run a seeded random sample of the grid instead of all of it.")
