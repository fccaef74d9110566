"""Turn a game's sweep spec into points, each one's content patched and loaded by the game before any game
is played, every problem located.

A point whose patched content the game refuses is not played: each of its problems is reported, in the spec
at the value that caused it (``with scoring.exits.table.12=-1: must be at least 0``) or, for a problem the
value caused elsewhere, at the content file's line. A lineup, player count or variant the game's simulate
refuses is located at the spec's value of it. The other points are played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from cardgen.errors import CardgenError, ContentError, Problem
from cardgen.games.standard import SimulateRequest
from cardgen.model.messages import shown
from cardgen.model.source import Position
from cardgen.sweep.shared.grid import label, value_text
from cardgen.sweep.shared.specfile import SpecError
from cardgen.sweep.standard.metric import columns
from cardgen.sweep.standard.patch import Address, patch_text, patched_copy, resolve
from cardgen.sweep.standard.spec import MAX_PLAYERS, REQUEST_SETTINGS, GameSweep


@dataclass(frozen=True)
class SweptGame:
    """What a sweep needs of a game: its id, how it loads and simulates, its bundled content, its metric."""

    id: str
    load: Callable[[Path], Any]
    simulate: Callable[[Any, SimulateRequest], Any]
    content: Path
    #: the metric a spec that names none ranks by (a path into simulate --json), or None: the spec must name one
    metric: str | None = None


@dataclass(frozen=True)
class Point:
    """One configuration: its values, the request its games are played with, its patched files, its problems."""

    index: int
    grid_index: int
    values: dict[str, Any]
    request: SimulateRequest
    texts: tuple[tuple[str, str], ...]      #: (content file, its patched text): what differs from the content
    problems: tuple[Problem, ...] = ()      #: located; a point with problems is not played

    @property
    def label(self) -> str:
        return label(self.values)


class _Builder:
    def __init__(self, sweep: GameSweep, game: SweptGame, folder: Path, games: int):
        self.sweep, self.game, self.folder, self.games = sweep, game, folder, games
        self.sources: dict[str, list[str]] = {sweep.file: sweep.lines}
        self.spec_problems: list[Problem] = []
        self.addresses: dict[str, Address] = {}
        self.originals: dict[str, str] = {}
        self.loaded: dict[tuple, list[Problem]] = {}
        self.probed: dict[tuple, list[str]] = {}
        self.base = game.load(folder)  # an invalid base content is reported as itself, first

    def resolve_names(self) -> None:
        names = {name: ("fixed", name) for name in self.sweep.fixed}
        names.update({a.name: ("axes", a.name) for a in self.sweep.axes if a.name not in REQUEST_SETTINGS})
        for name, at in names.items():
            try:
                address = resolve(self.folder, name)
            except ValueError as exc:
                self.spec_problems.append(self.sweep.smap.problem(at, str(exc), key=True))
                continue
            self.addresses[name] = address
            if address.file not in self.originals:
                self.originals[address.file] = (self.folder / address.file).read_text(encoding="utf-8")
                self.sources[address.file] = self.originals[address.file].split("\n")

    def point(self, index: int, grid_index: int, values: dict[str, Any], positions: dict[str, Position]) -> Point:
        settings = {name: value for name, (value, _) in self.sweep.fixed.items()}
        where = {name: pos for name, (_, pos) in self.sweep.fixed.items()}
        for name, (value, pos) in self.sweep.request_settings().items():
            settings[name], where[name] = value, pos
        settings.update(values)
        where.update(positions)
        problems: list[Problem] = []
        request = self.request(settings, where, problems)
        texts = self.patched(settings, where, problems) if not problems else ()
        if not problems and request is not None:
            problems += self.probe(request, settings, where)
        return Point(index, grid_index, values, request or SimulateRequest(self.games, self.sweep.seed, None, (), None),
                     texts, tuple(sorted(set(problems))))

    def request(self, settings: dict, where: dict, problems: list[Problem]) -> SimulateRequest | None:
        players, lineup, variant = (settings.get(name) for name in REQUEST_SETTINGS)
        bad = len(problems)
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)
                                    or not 1 <= players <= MAX_PLAYERS):
            problems.append(_at(where["players"], "players", f"expected a player count from 1 to {MAX_PLAYERS}, "
                                                             f"got {shown(players)}"))
        if isinstance(lineup, str):
            lineup = [lineup]
        if lineup is not None and not (isinstance(lineup, list) and lineup and all(isinstance(b, str) for b in lineup)):
            problems.append(_at(where["lineup"], "lineup", f"expected a bot's name or a list of them, got {shown(lineup)}"))
        if variant is not None and not isinstance(variant, str):
            problems.append(_at(where["variant"], "variant", f"expected a variant's id, got {shown(variant)}"))
        if len(problems) > bad:
            return None
        return SimulateRequest(self.games, self.sweep.seed, players, tuple(lineup or ()), variant)

    def patched(self, settings: dict, where: dict, problems: list[Problem]) -> tuple[tuple[str, str], ...]:
        """The point's changed files; the game's loader's problems with them, located, added to ``problems``."""
        changes: dict[str, list[tuple[str, Any]]] = {}
        for name, value in settings.items():
            if name in self.addresses:
                changes.setdefault(self.addresses[name].file, []).append((name, value))
        if not changes:
            return ()
        texts, at = [], {}
        for file, named in sorted(changes.items()):
            text, positions = patch_text(self.originals[file], file,
                                         [(self.addresses[name].path, value) for name, value in named])
            texts.append((file, text))
            at.update({(p.file, p.line, p.col): name for p, (name, _) in zip(positions, named)})
        key = tuple(texts)
        if key not in self.loaded:
            self.loaded[key] = self.load_problems(dict(texts), at, settings, where)
        problems += self.loaded[key]
        return key

    def load_problems(self, texts: dict[str, str], at: dict, settings: dict, where: dict) -> list[Problem]:
        note = "with " + label({n: v for n, v in settings.items() if n in self.addresses}) + ": "
        try:
            with patched_copy(self.folder, texts) as copy:
                self.game.load(copy)
        except ContentError as exc:
            out = []
            for p in exc.problems:
                name = at.get((p.file, p.line, p.col))
                pos = where[name] if name is not None else Position(p.file, p.line, p.col)
                out.append(Problem(pos.file, pos.line, pos.col, p.path, note + p.message))
            return out
        return []

    def probe(self, request: SimulateRequest, settings: dict, where: dict) -> list[Problem]:
        """One game of ``request`` on the content: what the game's simulate refuses (a bot, a player count, a
        variant), located at the spec's value of it; and whether the metric reads its JSON."""
        key = (request.players, request.bots, request.variant)
        if key not in self.probed:
            self.probed[key] = []
            try:
                outcome = self.game.simulate(self.base, replace(request, games=1))
            except CardgenError as exc:
                self.probed[key].append(str(exc))
            else:
                self.check_metric(outcome.to_dict())
        named = sorted((n for n in REQUEST_SETTINGS if n in settings),
                       key=lambda n: not any(a.name == n for a in self.sweep.axes))  # an axis first
        shown_as = label({n: settings[n] for n in REQUEST_SETTINGS if n in settings})
        out = []
        for message in self.probed[key]:
            at = _blamed(named, settings, message)
            pos = where[at] if at else self.sweep.smap.locate(())
            out.append(_at(pos, at, f"with {shown_as}: {message}" if shown_as else message))
        return out

    def check_metric(self, doc: dict) -> None:
        if self.spec_problems and any(p.path in ("metric", "rank") for p in self.spec_problems):
            return
        metric = self.sweep.metric or self.game.metric
        if metric is None:
            self.spec_problems.append(self.sweep.smap.problem(("metric",), f"name a metric: {self.game.id} has no "
                                                                           "default (a path into simulate --json)"))
            return
        try:
            found = columns(doc, metric)
        except ValueError as exc:
            self.spec_problems.append(self.sweep.smap.problem(("metric",) if self.sweep.metric else (), str(exc)))
            return
        if self.sweep.rank is not None and self.sweep.rank not in found:
            self.spec_problems.append(self.sweep.smap.problem(("rank",), f"the metric {metric} has no column "
                                                                         f"{self.sweep.rank!r}; its columns: "
                                                                         f"{', '.join(found)}"))


def _blamed(named: list[str], settings: dict, message: str) -> str:
    """The setting a simulate's refusal is about: the first of ``named`` whose value the message quotes, else
    the first of them ("" when none is written)."""
    words = set(re.findall(r"[\w.-]+", message))
    for name in named:
        value = settings[name]
        if any(value_text(v) in words for v in (value if isinstance(value, list) else [value])):
            return name
    return named[0] if named else ""


def _at(pos: Position, path: str, message: str) -> Problem:
    return Problem(pos.file, pos.line, pos.col, path, message)


def build_points(sweep: GameSweep, game: SweptGame, games: int | None) -> tuple[list[Point], dict[str, list[str]]]:
    """Every point, each with its located problems, and the sources they quote; a :class:`SpecError` when the
    spec itself is wrong (a FILE.PATH that names nothing, a metric that reads nothing), before any point."""
    problems = []
    if sweep.game is not None and sweep.game != game.id:
        problems.append(sweep.smap.problem(("game",), f"the spec names the game {sweep.game}, but its content is "
                                                      f"{game.id}'s"))
    folder = sweep.folder or game.content
    builder = _Builder(sweep, game, folder, games or sweep.games)  # an invalid base content: its ContentError
    builder.resolve_names()
    if problems or builder.spec_problems:
        raise SpecError(sorted(problems + builder.spec_problems), builder.sources)
    points = [builder.point(i, grid_index, values, positions)
              for i, (grid_index, values, positions) in enumerate(sweep.point_values())]
    if builder.spec_problems:
        raise SpecError(sorted(builder.spec_problems), builder.sources)
    return points, builder.sources
