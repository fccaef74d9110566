"""The published-values file (``docs/balance-published.yaml``): read safely, checked whole, every problem located.

Both ``cardgen tables --published`` and ``cardgen sweep --fit`` read it, so
both refuse the same mistakes the same way: ``file:line:col`` with a caret,
like a content file, instead of a traceback on the first value that is not a
number, or a silent pass on a file that holds no table at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.engine.simulation.runner import MAX_GAMES
from cardgen.errors import ContentError, Problem, UsageError
from cardgen.model.messages import shown, suggest
from cardgen.model.source import SourceMap, YamlSourceError, load_file

#: A transcription of a few tables: far below what a content file may hold.
MAX_PUBLISHED_BYTES = 65_536
#: The tables a file may publish, and the column each row of a ``{columns, rows}`` table is known by.
TABLE_KEYS = {"fare_table": "span", "cliff_table": "composition"}
SECTIONS = ("source", "deck", *TABLE_KEYS, "win_rates")
#: How far a row of published win shares may add up from 1 (rates are printed rounded).
SHARE_SLACK = 0.02


class PublishedError(ContentError):
    """A published-values file that cannot be compared with (exit 1, every problem located)."""

    def __init__(self, problems: list[Problem], sources: dict[str, list[str]] | None = None):
        super().__init__(problems, sources)
        self.args = (f"{len(self.problems)} problem(s) in the published values",)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class _Check:
    """Collects located problems while reading the file."""

    def __init__(self, smap: SourceMap):
        self.smap = smap
        self.problems: list[Problem] = []

    def bad(self, path: tuple, message: str, key: bool = False) -> None:
        self.problems.append(self.smap.problem(path, message, key=key))

    def table(self, key: str, table: Any) -> None:
        """``{columns: [names], rows: [[numbers]]}``, each row as long as the columns, the key column first named."""
        if not isinstance(table, dict) or set(table) != {"columns", "rows"}:
            self.bad((key,), "expected {columns: [names], rows: [[values]]}")
            return
        columns, rows = table["columns"], table["rows"]
        if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
            self.bad((key, "columns"), "expected a list of column names")
            return
        if TABLE_KEYS[key] not in columns:
            self.bad((key, "columns"), f"expected a '{TABLE_KEYS[key]}' column (rows are matched by it)")
        if not isinstance(rows, list) or not rows:
            self.bad((key, "rows"), "expected a list of rows")
            return
        for number, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != len(columns):
                self.bad((key, "rows", number), f"expected a row of {len(columns)} values, one per column")
            else:
                for index, value in enumerate(row):
                    if not _number(value):
                        self.bad((key, "rows", number, index), f"expected a number, got {shown(value)}")

    def deck(self, deck: Any) -> None:
        if not isinstance(deck, dict) or not deck:
            self.bad(("deck",), "expected {name: number}, e.g. {cards: 9, propulsion: 20, mean: 2.222}")
            return
        for name, value in deck.items():
            if not _number(value):
                self.bad(("deck", name), f"expected a number, got {shown(value)}")

    def win_rates(self, table: Any) -> None:
        if not isinstance(table, dict) or set(table) != {"games", "by_players"}:
            self.bad(("win_rates",), "expected {games: N, by_players: {players: {archetype: rate}}}")
            return
        games = table["games"]
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            self.bad(("win_rates", "games"), f"expected the games behind each published rate (a whole number "
                     f"from 1 to {MAX_GAMES:,}), got {shown(games)}")
        rows = table["by_players"]
        if not isinstance(rows, dict) or not rows:
            self.bad(("win_rates", "by_players"), "expected {players: {archetype: rate}}")
            return
        for players, row in rows.items():
            where = ("win_rates", "by_players", players)
            if not isinstance(players, int) or isinstance(players, bool) or not isinstance(row, dict) or not row:
                self.bad(where, "expected a player count mapped to {archetype: rate}")
                continue
            rates = [rate for rate in row.values() if _number(rate) and 0 <= rate <= 1]
            for bot, rate in row.items():
                if not (_number(rate) and 0 <= rate <= 1):
                    self.bad(where + (bot,), f"expected a rate from 0 to 1, got {shown(rate)}")
            if len(rates) == len(row) and abs(sum(rates) - 1) > SHARE_SLACK:
                self.bad(where, f"the rates add up to {sum(rates):.2f}; a row of win shares adds up to 1")


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
    check = _Check(smap)
    check.problems += smap.problems  # control characters in a text, refused where written
    if not isinstance(data, dict):
        check.bad((), "expected a mapping of published tables (" + ", ".join(SECTIONS[1:]) + ")")
        raise PublishedError(check.problems, {name: smap.lines})
    for key in data:
        if key not in SECTIONS:
            check.bad((key,), f"unknown key {shown(key)}; a published-values file holds "
                      f"{', '.join(SECTIONS)}{suggest(key, SECTIONS)}", key=True)
    if need is not None and need not in data:
        check.bad((), f"publishes no '{need}' table, which this command compares with")
    elif not any(key in data for key in SECTIONS[1:]):
        check.bad((), "publishes nothing to compare: expected at least one of " + ", ".join(SECTIONS[1:]))
    if "source" in data and not isinstance(data["source"], str):
        check.bad(("source",), "expected a text saying where the values come from")
    if "deck" in data:
        check.deck(data["deck"])
    for key in TABLE_KEYS:
        if key in data:
            check.table(key, data[key])
    if "win_rates" in data:
        check.win_rates(data["win_rates"])
    if check.problems:
        raise PublishedError(check.problems, {name: smap.lines})
    return data, name
