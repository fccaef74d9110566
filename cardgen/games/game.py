"""What a game hands cardgen's tools, and how the tools find the game a content folder is for.

A :class:`Game` is data plus functions, like OpenSpiel's registered games: its id, its bundled content
folder, its templates, and one handler per command it supports. A command-line command asks
:func:`game_of` for the game of the folder it was given and calls that game's handler; a command the
game does not support says so in one line (:class:`Unsupported`).

>>> game_named("rail-journey").content.name
'rail-journey'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any, NoReturn

from cardgen.errors import ContentError, UsageError
from cardgen.model.messages import suggest
from cardgen.model.source import SourceMap, YamlSourceError, load_file

#: The entry point group a game registers its :class:`Game` under (``name = "package.module:GAME"``).
ENTRY_POINT_GROUP = "cardgen.games"
#: The game of a folder that names none (every content folder was Rail Journey's before games were plug-ins).
DEFAULT_GAME = "rail-journey"
#: The file of a content folder that names its game, and the key it names it with.
GAME_FILE = "game.yaml"
GAME_KEY = "game"
#: How many ``base:`` links a pack chain may follow to reach its game's folder (a loop is refused, not followed).
MAX_BASE_LINKS = 8


class Unsupported(UsageError):
    """A command the game of a content folder does not have (``railroad-ink has no tables``)."""


@dataclass(frozen=True)
class Game:
    """One game as every tool sees it.

    ``commands`` maps a command's name (``validate``, ``build``, ``simulate``...) to the function that runs it
    for this game; it is called with the command line's options by name. A game lists only what it does.
    """

    id: str
    #: The bundled content folder: what a command reads when it is named no folder, or the game's id.
    content: Path
    #: The game's own templates folder (the print kit's shared templates are always found too), or None.
    templates: Path | None = None
    #: ``edition(folder, options)``: the content loaded for one build (cardgen.render.edition.Edition), or None
    #: for a game with nothing to print.
    edition: Callable[..., Any] | None = None
    commands: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: ``layers(folder)``: the folders whose files make up the content in ``folder`` (a pack's base and each
    #: pack; what ``serve`` watches), or None when a content folder is only itself.
    layers: Callable[[Path], list[Path]] | None = None

    def handler(self, command: str) -> Callable[..., Any]:
        """The function running ``command`` for this game; :class:`Unsupported` when it has none."""
        try:
            return self.commands[command]
        except KeyError:
            printing = ("build", "serve") if self.edition is not None else ()  # the print kit's, for its edition
            does = ", ".join(sorted({*self.commands, *printing})) or "nothing"
            raise Unsupported(f"{self.id} has no {command} (it has: {does})") from None


@lru_cache(maxsize=1)
def game_ids() -> dict[str, EntryPoint]:
    """The id of every game installed, and its entry point, not loaded: a command loads only the game it runs
    (loading all three bundled games costs about 0.3 s of imports)."""
    points = {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}
    if not points:
        raise UsageError(f"no game is registered under the entry point group {ENTRY_POINT_GROUP}: cardgen's own "
                         "install is older than its games (run `pip install -e .` again in a source checkout)")
    return points


@lru_cache(maxsize=None)
def _loaded(game_id: str) -> Game:
    point = game_ids()[game_id]
    game = point.load()
    if not isinstance(game, Game):
        raise UsageError(f"entry point {point.name} = {point.value} in group {ENTRY_POINT_GROUP} is not a "
                         f"cardgen.games.Game")
    if game.id != point.name:
        raise UsageError(f"entry point {point.name} = {point.value} registers the game {game.id!r} under "
                         f"another name")
    return game


def installed_games() -> dict[str, Game]:
    """Every game installed, by id, each loaded (once)."""
    return {game_id: _loaded(game_id) for game_id in game_ids()}


def game_named(game_id: str) -> Game:
    """The installed game ``game_id``; a :class:`UsageError` naming the installed ones when there is none."""
    ids = game_ids()
    if game_id in ids:
        return _loaded(game_id)
    raise UsageError(f"no game {game_id!r} is installed{suggest(game_id, ids)}; installed: {', '.join(sorted(ids))}")


def game_of(folder: Path) -> Game:
    """The game a content folder is for: ``game:`` in its ``game.yaml``, or its pack base's game.

    A folder whose ``game.yaml`` names no game, or that has none (and no pack base), is a Rail Journey
    folder, as every content folder was before games were plug-ins: Rail Journey's own validation then
    reports what is missing, located. A folder that names a game not installed is a located error.
    """
    from cardgen.model import pack  # the pack chain every game's packs share

    folder = Path(folder)
    for _ in range(MAX_BASE_LINKS):
        named = _named_game(folder)
        if named is not None:
            return named
        if not pack.is_pack(folder):
            break
        base = _pack_base(folder)
        if base is None:
            break
        folder = base
    return game_named(DEFAULT_GAME)


def _named_game(folder: Path) -> Game | None:
    path = folder / GAME_FILE
    if not path.is_file():
        return None
    try:
        data, where = load_file(path, GAME_FILE)
    except (YamlSourceError, OSError):
        return None  # the game's own loader reports the file, located
    if not isinstance(data, dict) or GAME_KEY not in data:
        return None
    written = data[GAME_KEY]
    if isinstance(written, str) and written in game_ids():
        return _loaded(written)
    return not_installed(written, where)


def not_installed(written: Any, where: SourceMap) -> NoReturn:
    """The located problem of a file whose ``game:`` names no installed game (a folder's game.yaml, a replay
    script), with the nearest installed id."""
    ids = game_ids()
    hint = suggest(written, ids) if isinstance(written, str) else ""
    problem = where.problem((GAME_KEY,), f"no game {written!r} is installed{hint}; installed: "
                                         f"{', '.join(sorted(ids))}")
    raise ContentError([problem], {where.file: where.lines})


def _pack_base(folder: Path) -> Path | None:
    """The folder a pack's ``base:`` names (a bundled id or a folder in the pack's tree), or None."""
    from cardgen.model import places

    try:
        data, _ = load_file(folder / "pack.yaml", "pack.yaml")
    except (YamlSourceError, OSError):
        return None
    written = data.get("base") if isinstance(data, dict) else None
    if not isinstance(written, str):
        return None
    try:
        return places.named_from(written, folder, "base")
    except places.Refused:
        return None  # the pack's loader reports it, located
