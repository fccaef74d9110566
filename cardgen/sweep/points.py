"""Turn a spec's grid into points, each checked against the content before any game is played.

A point's settings are its fixed values plus its axis values. Each is checked
where it applies: players and lineups against the game and the engine's bots,
``option.*`` against :class:`cardgen.engine.Options`, ``content.*`` by validating
the edited content like a content folder (``cardgen.model.edit``). Every problem
of every point is collected and located in the spec (or, for a cross-check the
edit broke elsewhere, in the content file), then raised together.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from cardgen.engine.play.games import rules_for
from cardgen.engine.rules.actions import SetupRefused
from cardgen.engine.rules.options import Options, option_problem
from cardgen.engine.rules.state import GameState
from cardgen.engine.simulation.runner import RunSpec, content_for
from cardgen.engine.simulation.command import default_lineup
from cardgen.errors import ContentError, Problem, UsageError
from cardgen.model.edit import Edit, check_edits, resolve
from cardgen.model.messages import shown, suggest
from cardgen.model.source import Position
from cardgen.sweep.shared.grid import label
from cardgen.sweep.spec import Spec, SpecError

#: (bot name, ((parameter, value), ...)) for each tuned archetype of a point (RunSpec.bots)
BotParams = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]


@dataclass(frozen=True)
class Point:
    """One configuration of the sweep: the values of its axes and the run that plays it."""

    index: int
    grid_index: int
    values: dict[str, Any]
    run: RunSpec


class _Checker:
    def __init__(self, spec: Spec, bots: dict):
        self.spec, self.known_bots = spec, bots
        self.problems: set[Problem] = set()
        self.content_errors: dict[tuple, ContentError | None] = {}
        self.sources: dict[str, list[str]] = {spec.file: spec.lines}

    def fail(self, pos: Position, name: str, message: str) -> None:
        self.problems.add(Problem(pos.file, pos.line, pos.col, name, message))

    def point(self, index: int, grid_index: int, values: dict, positions: dict, games: int) -> Point | None:
        settings = {name: value for name, (value, _) in self.spec.fixed.items()}
        where = {name: pos for name, (_, pos) in self.spec.fixed.items()}
        settings.update(values)
        where.update(positions)
        before = len(self.problems)
        variant = settings.get("variant")
        if variant is not None and not isinstance(variant, str):
            self.fail(where["variant"], "variant", f"expected a variant id, got {shown(variant)}")
            return None
        try:
            content = content_for(self.spec.folder, variant)
        except UsageError as exc:  # an unknown variant id
            self.fail(where["variant"], "variant", str(exc))
            return None
        edits, edit_pos = self.edits(content, settings, where)
        lineup = self.lineup(content, settings, where)
        options = self.options(settings, where)
        bots = self.bots(content, settings, where)
        if edits and len(self.problems) == before:
            self.check_content(content, edits, edit_pos, settings)
        if len(self.problems) > before or lineup is None or options is None:
            return None
        run = RunSpec(self.spec.folder, variant, lineup, games, self.spec.seed, options, edits=edits, bots=bots)
        if not self.can_set_up(run, where):
            return None
        return Point(index, grid_index, values, run)

    def can_set_up(self, run: RunSpec, where: dict) -> bool:
        """Whether the engine can deal a game of this point (hand_size above the deck, too few start seats
        for the trains...): refused here, at the setting at fault, rather than in a worker."""
        try:
            GameState(rules_for(content_for(run.folder, run.variant, run.edits)), run.players, 0, run.options)
        except SetupRefused as exc:
            at = f"option.{exc.option}" if exc.option else "players"
            at = at if at in where else next(iter(where), "")
            pos = where.get(at, self.spec.where)
            self.fail(pos, at, str(exc))
            return False
        return True

    def edits(self, content, settings: dict, where: dict) -> tuple[tuple[Edit, ...], tuple[Position, ...]]:
        out, pos = [], []
        for name, value in settings.items():
            if not name.startswith("content."):
                continue
            if isinstance(value, (list, dict)):
                kind = "list" if isinstance(value, list) else "mapping"
                self.fail(where[name], name, f"a content edit sets one value (a number, text, true or false), "
                          f"not a {kind}")
                continue
            try:
                stem, path = resolve(content, name[len("content."):])
            except ValueError as exc:
                self.fail(where[name], name, str(exc))
                continue
            out.append((stem, path, value))
            pos.append(where[name])
        return tuple(out), tuple(pos)

    def check_content(self, content, edits: tuple, positions: tuple, settings: dict) -> None:
        key = (settings.get("variant"), edits)
        if key not in self.content_errors:
            note = f"with {label({n: v for n, v in settings.items() if n.startswith('content.')})}: "
            try:
                check_edits(self.spec.folder, content, edits, positions, note, {self.spec.file: self.spec.lines})
                self.content_errors[key] = None
            except ContentError as exc:
                self.content_errors[key] = exc
        error = self.content_errors[key]
        if error is not None:
            self.problems.update(error.problems)
            self.sources.update(error.sources)

    def lineup(self, content, settings: dict, where: dict) -> tuple[str, ...] | None:
        players, lineup = settings.get("players"), settings.get("lineup", "default")
        low, high = content.game.players.min, content.game.players.max
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)
                                    or not low <= players <= high):
            self.fail(where["players"], "players", f"expected a player count from {low} to {high}, got {shown(players)}")
            return None
        if lineup == "default":
            if players is None:
                v = content.variant
                players = v.players[0] if v is not None and v.players else content.game.players.best
            chosen = default_lineup(players)
        else:
            if not isinstance(lineup, list) or not all(isinstance(b, str) for b in lineup):
                self.fail(where["lineup"], "lineup", f"expected 'default' or a list of bot names, got {shown(lineup)}")
                return None
            unknown = [b for b in lineup if b not in self.known_bots]
            if unknown:
                self.fail(where["lineup"], "lineup", f"unknown bot(s) {', '.join(unknown)}; known: "
                          f"{', '.join(self.known_bots)}{suggest(unknown[0], self.known_bots)}")
                return None
            if players is not None and players != len(lineup):
                self.fail(where["lineup"], "lineup", f"names {len(lineup)} bots for {players} players")
                return None
            if not low <= len(lineup) <= high:
                self.fail(where["lineup"], "lineup", f"names {len(lineup)} bots; the game is for {low}-{high} players")
                return None
            chosen = tuple(lineup)
        v = content.variant
        if v is not None and v.players and len(chosen) not in v.players:
            at = "players" if "players" in where else ("lineup" if "lineup" in where else "variant")
            self.fail(where[at], at, f"variant '{v.id}' (rules {v.section}) is for "
                      f"{', '.join(map(str, v.players))} players, not {len(chosen)}")
            return None
        return tuple(chosen)

    def options(self, settings: dict, where: dict) -> Options | None:
        known = [f.name for f in fields(Options)]
        values, ok = {}, True
        for name, value in settings.items():
            if not name.startswith("option."):
                continue
            opt = name[len("option."):]
            if opt not in known:
                self.fail(where[name], name, f"unknown option '{opt}'; known: {', '.join(known)}{suggest(opt, known)}")
                ok = False
                continue
            problem = option_problem(opt, value)
            if problem:
                self.fail(where[name], name, problem)
                ok = False
                continue
            values[opt] = value
        return Options(**values) if ok else None

    def bots(self, content, settings: dict, where: dict) -> BotParams:
        out: dict[str, list] = {}
        cap = content.game.composition_cap
        for name, value in settings.items():
            if not name.startswith("bots."):
                continue
            _, bot, param = name.split(".", 2)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= cap:
                self.fail(where[name], name, f"expected a whole number from 0 to {cap} "
                          f"(the composition cap), got {shown(value)}")
                continue
            out.setdefault(bot, []).append((param, value))
        return tuple((bot, tuple(sorted(params))) for bot, params in sorted(out.items()))


def resolve_points(spec: Spec, games: int | None, known_bots: dict) -> list[Point]:
    """Every point of the sweep, checked; raises :class:`ContentError` listing every problem of every point."""
    content_for(spec.folder, None)  # an invalid base content folder is reported as itself, first
    checker = _Checker(spec, known_bots)
    points = []
    for index, (grid_index, values, positions) in enumerate(spec.point_values()):
        point = checker.point(index, grid_index, values, positions, games or spec.games)
        if point is not None:
            points.append(point)
    if checker.problems:
        raise SpecError(sorted(checker.problems), checker.sources)
    return points
