"""The commands a game gets from a few functions of its own: validate, show, diff, simulate, sweep and replay.

Why: a new game should not write a command line. It hands :class:`StandardCommands` how to load its
content (every located problem at once, as :class:`cardgen.errors.ContentError`), how to summarise valid
content, and, if it has a rules engine, how to simulate and replay (a game that simulates can be swept over
its content values: cardgen.sweep.standard); ``show`` and ``diff`` read its summary and its edition's
faces (cardgen.games.face_views); these handlers do the rest in the
shape every cardgen command has (located problems with a caret, one error line, ``--json``, exit codes).
An option the game has no use for is refused in one line (cardgen.games.dispatch.refuse_unused).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import typer

from cardgen.command_errors import exit_with_error, exit_with_problems, reported
from cardgen.errors import INTERRUPTED_EXIT, CardgenError, ContentError, UsageError, error_line
from cardgen.games.dispatch import Handler, named_folder, refuse_unused
from cardgen.games.game import game_named
from cardgen.languages import LANGS
from cardgen.printable import printable


class Outcome(Protocol):
    """What a game's simulate or replay returns: text lines, a JSON document, and whether it passed."""

    def lines(self) -> list[str]: ...

    def to_dict(self) -> dict: ...

    @property
    def ok(self) -> bool: ...


@dataclass(frozen=True)
class SimulateRequest:
    """``cardgen simulate``'s options as a game's simulate function takes them."""

    games: int
    seed: int
    players: int | None
    bots: tuple[str, ...]   #: ``--lineup``: bots by seat (a solo game: one bot); empty: the game's default
    variant: str | None     #: ``--variant``: the game's variant or expansion id


#: The largest ``--games`` a standard simulate plays (a bound on untrusted input, as every number has).
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class StandardCommands:
    """A game's functions, and the command handlers made from them (:meth:`handlers`)."""

    game_id: str
    load: Callable[[Path], Any]
    summary: Callable[[Any], list[str]]
    simulate: Callable[[Any, SimulateRequest], Outcome] | None = None
    replay: Callable[[Path], Outcome] | None = None
    #: what ``cardgen sweep`` ranks points by when the spec names no ``metric:``: a path into the simulate's
    #: ``to_dict()`` (``bots.*.mean``; docs/sweeps.md), or None: a spec must name one
    sweep_metric: str | None = None
    #: the bots ``--lineup`` accepts and the variants (or expansions) ``--variant`` names: ``show`` lists them
    bots: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()

    def handlers(self) -> dict[str, Handler]:
        found: dict[str, Handler] = {"validate": self.validate_handler, "show": self.show_handler,
                                     "diff": self.diff_handler}
        if self.simulate is not None:
            found["simulate"] = self.simulate_handler
            found["sweep"] = self.sweep_handler
        if self.replay is not None:
            found["replay"] = self.replay_handler
        return found

    def validate_handler(self, options: dict[str, Any], given: frozenset[str]) -> None:
        self._refuse("validate", given, {"content_dir", "as_json"})
        folder = self._folder(options)
        try:
            content = self.load(folder)
        except ContentError as exc:
            if not options["as_json"]:
                exit_with_problems(exc, f"\n{len(exc.problems)} problem(s) in {printable(str(folder))}")
            typer.echo(json.dumps({"ok": False, "game": self.game_id,
                                   "errors": [p.as_dict() for p in exc.problems]}, ensure_ascii=False, indent=2))
            raise typer.Exit(exc.exit_code) from None
        except CardgenError as exc:
            exit_with_error("validate", exc)
        lines = self.summary(content)
        if options["as_json"]:
            typer.echo(json.dumps({"ok": True, "game": self.game_id, "errors": [], "summary": lines},
                                  ensure_ascii=False, indent=2))
        else:
            typer.echo("\n".join([f"{printable(str(folder))}: valid ({self.game_id})", "", *lines]))

    def show_handler(self, options: dict[str, Any], given: frozenset[str]) -> None:
        from cardgen.games.face_views import Shown
        from cardgen.games.printed import printed

        self._refuse("show", given, {"target", "kind", "lang", "as_json"})
        folder = named_folder(options["target"])
        game = game_named(self.game_id)
        with reported("show", "nothing shown"):
            langs = _langs(options["lang"])
            content = self.load(folder)
            faces = printed(game, folder, langs) if game.edition is not None else None
            shown = Shown(self.game_id, str(options["target"] or folder), self.summary(content), self.bots,
                          self.variants, faces)
            doc, lines = shown.doc(options["kind"]), shown.lines(options["kind"])
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2) if options["as_json"] else "\n".join(lines))

    def diff_handler(self, options: dict[str, Any], given: frozenset[str]) -> None:
        from cardgen.games.face_views import diff_doc, diff_lines
        from cardgen.games.printed import printed
        from cardgen.render.face_changes import compare_faces

        self._refuse("diff", given, {"old", "new", "as_json"})
        game = game_named(self.game_id)
        with reported("diff", "nothing compared"):
            old, new = (printed(game, named_folder(options[name])) for name in ("old", "new"))
            changes = compare_faces(old.faces, new.faces)
        names = str(options["old"]), str(options["new"])
        typer.echo(json.dumps(diff_doc(*names, self.game_id, changes), ensure_ascii=False, indent=2)
                   if options["as_json"] else "\n".join(diff_lines(*names, changes)))

    def simulate_handler(self, options: dict[str, Any], given: frozenset[str]) -> None:
        assert self.simulate is not None
        self._refuse("simulate", given, {"content_dir", "players", "games", "lineup", "variant", "seed", "as_json",
                                         "progress"})
        try:
            if not 1 <= options["games"] <= MAX_GAMES:
                raise UsageError(f"--games {options['games']}: choose from 1 to {MAX_GAMES:,}")
            content = self._loaded("simulate", options)
            bots = tuple(b.strip() for b in (options["lineup"] or "").split(",") if b.strip())
            outcome = self.simulate(content, SimulateRequest(options["games"], options["seed"], options["players"],
                                                             bots, options["variant"]))
        except CardgenError as exc:
            exit_with_error("simulate", exc)
        self._show(outcome, options["as_json"])

    def sweep_handler(self, options: dict[str, Any], given: frozenset[str]) -> None:
        assert self.simulate is not None
        from cardgen.sweep.standard.command import run_game_sweep, show
        from cardgen.sweep.standard.points import SweptGame

        self._refuse("sweep", given, {"spec_file", "games", "workers", "scheduler", "as_json", "progress", "report",
                                      "force"})
        game = SweptGame(self.game_id, self.load, self.simulate, game_named(self.game_id).content, self.sweep_metric)
        try:
            summary, problems, sources = run_game_sweep(game, Path(options["spec_file"]), options["games"],
                                                        options["workers"], options["scheduler"], options["progress"],
                                                        options["report"], options["force"])
        except ContentError as exc:
            exit_with_problems(exc, error_line("sweep", exc))
        except CardgenError as exc:
            exit_with_error("sweep", exc)
        except KeyboardInterrupt:
            typer.echo("cardgen sweep: interrupted", err=True)
            raise typer.Exit(INTERRUPTED_EXIT) from None
        show(summary, problems, sources, options["as_json"])

    def replay_handler(self, options: dict[str, Any], given: frozenset[str]) -> None:
        assert self.replay is not None
        self._refuse("replay", given, {"game", "as_json"})
        try:
            outcome = self.replay(Path(options["game"]))
        except ContentError as exc:
            exit_with_problems(exc)
        except CardgenError as exc:
            exit_with_error("replay", exc)
        self._show(outcome, options["as_json"])

    def _loaded(self, command: str, options: dict[str, Any]) -> Any:
        """The content, or its located problems printed and exit 1."""
        with reported(command, f"cardgen {command} did not run"):
            content = self.load(self._folder(options))
        return content

    def _folder(self, options: dict[str, Any]) -> Path:
        written = options.get("content_dir")
        return named_folder(written) if written is not None else game_named(self.game_id).content

    def _refuse(self, command: str, given: frozenset[str], used: set[str]) -> None:
        refuse_unused(command, game_named(self.game_id), given, frozenset(used))

    @staticmethod
    def _show(outcome: Outcome, as_json: bool) -> None:
        typer.echo(json.dumps(outcome.to_dict(), ensure_ascii=False, indent=2) if as_json
                   else "\n".join(outcome.lines()))
        if not outcome.ok:
            raise typer.Exit(1)


def _langs(lang: str | None) -> tuple[str, ...]:
    """The languages ``--lang`` asks for: the one named, or every one."""
    if lang is None:
        return LANGS
    if lang not in LANGS:
        raise UsageError(f"--lang {lang!r}: choose one of {', '.join(LANGS)}")
    return (lang,)
