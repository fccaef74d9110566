"""The published-values file (``docs/balance-published.yaml``): read safely, checked whole, every problem located.

Both ``cardgen tables --published`` and ``cardgen sweep --fit`` read it, so
both refuse the same mistakes the same way: ``file:line:col`` with a caret,
like a content file, instead of a traceback on the first value that is not a
number, or a silent pass on a file that holds no table at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from cardgen.engine.simulation.runner import MAX_GAMES
from cardgen.errors import ContentError, Problem, UsageError
from cardgen.model.effects import Bounds
from cardgen.model.located import Shape, checked
from cardgen.model.schema import MAX_ENTRIES, MAX_PLAYERS, MAX_TEXT
from cardgen.model.source import SourceMap, YamlSourceError, load_file

#: A transcription of a few tables: far below what a content file may hold.
MAX_PUBLISHED_BYTES = 65_536
#: The tables a file may publish, and the column each row of a ``{columns, rows}`` table is known by.
TABLE_KEYS = {"fare_table": "span", "cliff_table": "composition"}
#: How far a row of published win shares may add up from 1 (rates are printed rounded).
SHARE_SLACK = 0.02


class PublishedError(ContentError):
    """A published-values file that cannot be compared with (exit 1, every problem located)."""

    def __init__(self, problems: list[Problem], sources: dict[str, list[str]] | None = None):
        super().__init__(problems, sources)
        self.args = (f"{len(self.problems)} problem(s) in the published values",)


#: the bound of every number a published table holds (counts, fares, rates), and of its rows and columns
MAX_NUMBER = 10**9
MAX_COLUMNS = 20
Number = Annotated[float, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Name = Annotated[str, Field(min_length=1, max_length=40)]


class Table(Shape):
    """A table as the rules print it: named columns, and rows of numbers, one per column."""

    columns: Annotated[list[Name], Field(min_length=1, max_length=MAX_COLUMNS)] = Field(
        description="The column names, the one rows are matched by among them.")
    rows: Annotated[list[Annotated[list[Number], Field(max_length=MAX_COLUMNS)]],
                    Field(min_length=1, max_length=MAX_ENTRIES)] = Field(description="The rows, one number per column.")


def _shares(row: dict[str, float]) -> dict[str, float]:
    """A row of win shares adds up to 1, within the rounding of printed rates."""
    if abs(sum(row.values()) - 1) > SHARE_SLACK:
        raise ValueError(f"the rates add up to {sum(row.values()):.2f}; a row of win shares adds up to 1")
    return row


Rate = Annotated[float, Field(ge=0, le=1)]


class WinRates(Shape):
    """Win shares by player count and archetype, each from ``games`` simulated games."""

    games: Annotated[int, Bounds(1, MAX_GAMES)] = Field(description="The games behind each published rate.")
    by_players: Annotated[dict[Annotated[int, Bounds(1, MAX_PLAYERS)],
                               Annotated[dict[Name, Rate], Field(min_length=1, max_length=MAX_ENTRIES),
                                         AfterValidator(_shares)]],
                          Field(min_length=1, max_length=MAX_PLAYERS)] = Field(
        description="Player count -> {archetype: its share of the wins}.")


class PublishedFile(Shape):
    """Values the rules publish, transcribed to be compared with what the content and engine compute."""

    source: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)] | None = Field(
        None, description="Where the values come from.")
    deck: Annotated[dict[Name, Number], Field(min_length=1, max_length=MAX_ENTRIES)] | None = Field(
        None, description="Deck totals by name, e.g. {cards: 9, propulsion: 20, mean: 2.222}.")
    fare_table: Table | None = Field(None, description="Fare efficiency by span (a 'span' column).")
    cliff_table: Table | None = Field(None, description="Propulsion by composition (a 'composition' column).")
    win_rates: WinRates | None = Field(None, description="Win shares by player count and archetype.")


#: What a published-values file may hold: ``source``, then the tables it may publish.
SECTIONS = tuple(PublishedFile.model_fields)


def _table_problems(smap: SourceMap, key: str, table: Table) -> list[Problem]:
    """The key column is named, and each row is as long as the columns."""
    problems = []
    if TABLE_KEYS[key] not in table.columns:
        problems.append(smap.problem((key, "columns"), f"expected a '{TABLE_KEYS[key]}' column (rows are matched "
                                                       "by it)"))
    for number, row in enumerate(table.rows):
        if len(row) != len(table.columns):
            problems.append(smap.problem((key, "rows", number), f"expected a row of {len(table.columns)} values, "
                                                                "one per column"))
    return problems


def read_published(path: Path, need: str | None = None) -> tuple[dict[str, Any], str]:
    """The file's tables, checked whole, and its name; a :class:`PublishedError` lists every problem.

    A file must publish at least one of ``deck``, ``fare_table``, ``cliff_table``
    and ``win_rates`` (``need``: that one); ``source`` says where the values come from.
    """
    name = str(path)
    if not path.exists():
        raise UsageError(f"cannot read {name}: no such file")  # a file named on the command line, not in it
    try:
        data, smap = load_file(path, name, MAX_PUBLISHED_BYTES)
    except YamlSourceError as exc:
        raise PublishedError([exc.problem], {name: exc.lines}) from None
    shaped, problems = checked(PublishedFile, data, smap)
    problems = smap.problems + problems  # control characters in a text too, refused where written
    if shaped is not None:
        for key in TABLE_KEYS:
            table = getattr(shaped, key)
            if table is not None:
                problems += _table_problems(smap, key, table)
        if need is not None and getattr(shaped, need) is None:
            problems.append(smap.problem((), f"publishes no '{need}' table, which this command compares with"))
        elif not any(getattr(shaped, key) is not None for key in SECTIONS[1:]):
            problems.append(smap.problem((), "publishes nothing to compare: expected at least one of "
                                             + ", ".join(SECTIONS[1:])))
    if problems:
        raise PublishedError(sorted(problems), {name: smap.lines})
    return data, name
