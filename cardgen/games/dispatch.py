"""Every command-line command runs for the game of the content it is given.

Why: ``cardgen simulate FOLDER`` means the same for every game. The command line declares each command's
options once; :func:`for_every_game` wraps that declaration so that, when it runs, the game of the named
content folder (cardgen.games.game_of) is asked for its handler, and the handler gets the options by name
and the set of those given on the command line (so a game can refuse an option it has no use for, in one
line). A command the game lacks says so in one line and exits 2.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardgen.command_errors import exit_with_error, reported
from cardgen.errors import ContentError, UsageError
from cardgen.games.game import Game, game_ids, game_named, game_of, not_installed
from cardgen.printable import printable

#: A command's handler for one game: ``handler(options, given)``.
Handler = Callable[[dict[str, Any], frozenset[str]], Any]


def for_every_game(command: str, declared: Callable[..., Any],
                   folder_of: Callable[[Mapping[str, Any]], Path]) -> Callable[..., Any]:
    """The typer command ``command``: ``declared``'s options (and help), run by the content's game's handler.

    ``folder_of`` finds the content folder in the options (a folder argument, or the ``content:`` of a script).
    """
    defaults = {name: _default(p) for name, p in inspect.signature(declared).parameters.items()}

    @functools.wraps(declared)
    def run(**options: Any) -> Any:
        given = frozenset(name for name, value in options.items() if value != defaults.get(name))
        with reported(command, f"cardgen {command} did not run"):  # a script naming a game not installed
            folder = folder_of(options)
        game = game_for(command, folder)
        try:
            handler = game.handler(command)
        except UsageError as exc:
            exit_with_error(command, exc)
        return handler(options, given)

    return run


def game_for(command: str, folder: Path) -> Game:
    """The game of ``folder``; its located problem (a game not installed) printed, exit 1, when it names none."""
    with reported(command, f"cardgen {command} did not run"):
        game = game_of(folder)
    return game


def refuse_unused(command: str, game: Game, given: frozenset[str], used: frozenset[str]) -> None:
    """One line, exit 2, for an option given on the command line that ``game``'s ``command`` has no use for."""
    unused = sorted(given - used)
    if unused:
        names = ", ".join("--" + name.replace("_", "-") for name in unused)
        exit_with_error(command, UsageError(f"{game.id} takes no {names} (it is another game's option)"))


def declared_handler(declared: Callable[..., Any]) -> Handler:
    """A game's handler that is the command's own declared function (Rail Journey's commands are)."""
    return lambda options, given: declared(**options)


def _default(parameter: inspect.Parameter) -> Any:
    """What a typer parameter is when not given: its ``default`` (typer keeps it on the OptionInfo/ArgumentInfo)."""
    value = parameter.default
    return getattr(value, "default", value)


def lazy(target: str) -> Handler:
    """The declared command ``module:function``, imported when first run (a game's commands load on use)."""

    def run(options: dict[str, Any], given: frozenset[str]) -> Any:
        module, _, name = target.partition(":")
        return getattr(importlib.import_module(module), name)(**options)

    return run


def named_folder(written: str | Path | None) -> Path:
    """The content folder a command's argument names: a folder, a bundled game's or pack's id, or an installed
    game's id (its bundled content: ``cardgen show tiny``); None: the default game's."""
    from cardgen.model.places import content_folder

    folder = content_folder(written)
    if written is not None and not folder.exists() and str(written) in game_ids():
        return game_named(str(written)).content
    return folder


def folder_argument(name: str) -> Callable[[Mapping[str, Any]], Path]:
    """``folder_of`` for a command whose option ``name`` is a content folder or a game's id (None: the default)."""
    return lambda options: named_folder(options.get(name))


def folders_of_one_game(command: str, first: str, second: str) -> Callable[[Mapping[str, Any]], Path]:
    """``folder_of`` for a command comparing the folders its options ``first`` and ``second`` name: the first;
    one line, exit 2, when the two are different games' (nothing to compare a face with). A folder that is not
    there is reported by the other's game."""

    def folder_of(options: Mapping[str, Any]) -> Path:
        folders = named_folder(options[first]), named_folder(options[second])
        if not all(folder.is_dir() for folder in folders):  # the game of the one there reports the other, located
            return next((folder for folder in folders if folder.is_dir()), folders[0])
        games = [game_for(command, folder).id for folder in folders]
        if games[0] != games[1]:
            exit_with_error(command, UsageError(
                f"{printable(str(options[first]))} is a {games[0]} folder and {printable(str(options[second]))} "
                f"a {games[1]} one: {command} compares two folders of one game"))
        return folders[0]

    return folder_of


def folder_named_in(name: str, file_is: str | None = None) -> Callable[[Mapping[str, Any]], Path]:
    """``folder_of`` for a command whose option ``name`` is a YAML file (a replay script, a sweep spec) naming
    its content in ``content:`` (a bundled id or a folder in the file's tree) or its game in ``game:`` (an
    installed game's id: its bundled content). A file that cannot be read, or names neither, is the default
    game's: its own command then reports the file, located. A ``game:`` naming no installed game (and no
    ``content:``) is a located :class:`ContentError`, as in a folder's ``game.yaml``; so is a ``content:`` naming
    no folder when ``file_is`` says what the file is (``script``), not read as the default game's file."""
    from cardgen.model import places
    from cardgen.model.source import YamlSourceError, load_file

    def folder_of(options: Mapping[str, Any]) -> Path:
        path = Path(options[name])
        try:
            data, where = load_file(path, str(path))  # named as given, as the game's own replay names it
            written = data.get("content") if isinstance(data, dict) else None
            game = data.get("game") if isinstance(data, dict) else None
            if written is None and isinstance(game, str):
                return game_named(game).content if game in game_ids() else not_installed(game, where)
            if isinstance(written, str):
                try:
                    found = places.named_from(written, path.parent, "content")
                except places.Refused as exc:
                    found, refused = None, str(exc)
                else:
                    refused = f"content folder '{written}' not found (relative to the {file_is})"
                if found is not None:
                    return found
                if file_is is not None:
                    raise ContentError([where.problem(("content",), refused)], {where.file: where.lines})
        except (YamlSourceError, OSError):
            pass
        return places.content_folder(None)

    return folder_of
