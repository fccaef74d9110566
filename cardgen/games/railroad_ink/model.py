"""Railroad Ink's content schema, read from its content folder with every problem located.

Why: the content folder is the one source of every number the engine, the bots and the printables use,
and it is untrusted (a pack can change it), so each file is read with cardgen's located YAML reader
(:func:`cardgen.model.source.load_file`), checked against a strict pydantic model whose fields say what
they mean, and then cross-checked (:mod:`cardgen.games.railroad_ink.checks`). Nothing stops at the
first problem: every one is raised together as a :class:`ContentError` with ``file:line:col``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, RootModel, ValidationError

from cardgen.errors import ContentError, Problem
from cardgen.model.effects import Bounds
from cardgen.model.load import _caused_by_typo, _meant_keys
from cardgen.model.layered import pack_lines, read_layered
from cardgen.model.located import walk_loc
from cardgen.model.messages import friendly, known_keys, meant_key
from cardgen.model.pack import PackInfo, pack_info
from cardgen.model.basic import Id, Key, Model, Text
from cardgen.resources import bundled_path
from cardgen.model.source import SourceMap, dotted

# ---------------------------------------------------------------- bounds (content is untrusted)

#: The bundled Railroad Ink content folder.
CONTENT = bundled_path("content", "railroad-ink")

MAX_SIZE = 15        #: the widest board a sheet can print legibly
MAX_PLAYERS = 50     #: a roll-and-write seats any number; 50 keeps a simulation bounded
MAX_ROUNDS = 20
MAX_POINTS = 1000
MAX_DICE = 8         #: dice of one kind rolled each round

Side = Literal["n", "e", "s", "w"]
EdgeType = Literal["none", "road", "rail", "river", "lake", "lava"]
Route = Literal["road", "rail"]
Cell = Annotated[list[Annotated[int, Bounds(0, MAX_SIZE - 1)]], Field(min_length=2, max_length=2)]
Points = Annotated[int, Bounds(-MAX_POINTS, MAX_POINTS)]


class Edges(Model):
    """What leaves a tile on each side."""

    n: EdgeType = Field(description="Route type on the north (top) side: none, road, rail, river, lake or lava.")
    e: EdgeType = Field(description="Route type on the east (right) side.")
    s: EdgeType = Field(description="Route type on the south (bottom) side.")
    w: EdgeType = Field(description="Route type on the west (left) side.")


class Tile(Model):
    """One drawable tile: a die face, a special route, a filled lake or a volcano."""

    id: Id = Field(description="Unique id of the tile across the whole folder (scripts and printables name it).")
    name: Text = Field(description="The tile's name, zh and en.")
    station: bool = Field(default=False, description="True when one group of `joins` joins road to rail (a "
                                                     "station); a road may meet a rail inside a station only.")
    edges: Edges = Field(description="Route type on each side.")
    joins: list[Annotated[list[Side], Field(min_length=1, max_length=4)]] = Field(
        min_length=1, max_length=4, description="Groups of sides that connect inside the tile; every side with a "
                                                "route is in exactly one group (an overpass has two groups).")


class Die(Model):
    """A kind of die: its six faces, and how many of it are rolled each round."""

    id: Id = Field(description="Unique id of the die.")
    name: Text = Field(description="The die's name, zh and en.")
    count: Annotated[int, Bounds(1, MAX_DICE)] = Field(description="How many dice of this kind are rolled each round.")
    faces: list[Tile] = Field(min_length=6, max_length=6, description="The six faces.")


class Exit(Model):
    """A printed exit: where a network leaves the board."""

    cell: Cell = Field(description="[row, column] of the edge cell the exit touches, counted from 0 at the top left.")
    side: Side = Field(description="The side of that cell the exit is on (the board's outer edge).")
    route: Route = Field(description="The route type a tile must bring to the exit: road or rail.")


class Board(Model):
    size: Annotated[int, Bounds(3, MAX_SIZE)] = Field(description="Cells on each side of the square grid.")
    exits: list[Exit] = Field(min_length=1, max_length=4 * MAX_SIZE, description="The printed exits.")
    centre: list[Cell] = Field(max_length=MAX_SIZE * MAX_SIZE, description="The marked centre cells; each with "
                                                                            "a route scores the centre row.")


class Players(Model):
    min: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Fewest players.")
    max: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Most players.")


class SpecialLimits(Model):
    per_game: Annotated[int, Bounds(0, 20)] = Field(description="Most special routes one player draws in a game.")
    per_round: Annotated[int, Bounds(0, 20)] = Field(description="Most special routes one player draws in a round.")


class GameFile(Model):
    game: Literal["railroad-ink"] = Field(description="The game this folder is for (the registry reads it).")
    id: Id = Field(description="Id of this content set.")
    version: Annotated[int, Bounds(1, 10_000)] = Field(description="Content version.")
    name: Text = Field(description="The game's name, zh and en.")
    players: Players = Field(description="Player count range.")
    rounds: Annotated[int, Bounds(1, MAX_ROUNDS)] = Field(description="Rounds of the base game.")
    board: Board = Field(description="The player board.")
    specials: SpecialLimits = Field(description="Limits on special routes.")
    tiebreak: Literal["fewer-errors", "shared"] = Field(description="Equal totals: fewer errors wins "
                                                                    "(fewer-errors), or the players share the win.")


class DiceFile(Model):
    dice: list[Die] = Field(min_length=1, max_length=8, description="The dice rolled each round.")


class SpecialsFile(Model):
    specials: list[Tile] = Field(max_length=20, description="The special routes printed on every board.")


class Row(Model):
    name: Text = Field(description="The row's name on the score row.")


class ExitRow(Row):
    table: dict[Annotated[int, Bounds(0, 4 * MAX_SIZE)], Annotated[int, Bounds(0, MAX_POINTS)]] = Field(
        min_length=1, max_length=4 * MAX_SIZE, description="Points for one network by the number of exits it "
                                                           "connects; a count not listed scores 0.")


class CellRow(Row):
    points_per_cell: Points = Field(description="Points per cell.")


class ErrorRow(Row):
    points_per_open_end: Points = Field(description="Points (negative) per route end left open.")


class ScoringFile(Model):
    exits: ExitRow = Field(description="Points per network by exits connected.")
    longest_road: CellRow = Field(description="The longest road, per cell.")
    longest_rail: CellRow = Field(description="The longest rail, per cell.")
    centre: CellRow = Field(description="Centre cells holding a route, per cell.")
    errors: ErrorRow = Field(description="Open route ends.")


class Placement(Model):
    optional: bool = Field(description="True when the expansion's dice may be left undrawn.")
    must_join: bool = Field(description="True when a drawn face must join what it flows into (lava to lava); "
                                        "false when it may start anywhere.")


class LakePlacement(Placement):
    fill_at: Annotated[int, Bounds(2, 4)] = Field(description="An empty cell with this many lake sides around it "
                                                             "fills with water.")


class LavaPlacement(Placement):
    min_per_round: Annotated[int, Bounds(0, MAX_DICE)] = Field(description="Lava dice a player draws each round "
                                                                          "at least (when one can be drawn).")


class RiverScoring(Row):
    points_per_cell: Points = Field(description="The longest river, per cell.")
    points_per_open_end: Points = Field(description="Per river side meeting neither river nor the outer edge.")
    both_ends_on_edge: Points = Field(description="Bonus when the scored river runs from edge to edge.")


class LakeScoring(Row):
    points_per_cell: Points = Field(description="The smallest lake, per cell.")


class LavaScoring(Row):
    points_per_open_edge: Points = Field(description="Per lava side meeting neither lava nor the outer edge.")
    closed_lake: Points = Field(description="Per lava lake with no open side.")
    points_per_cell: Points = Field(description="The largest lava lake, per cell.")


class MeteorScoring(Row):
    points_per_crater_end: Points = Field(description="Per route end meeting a crater (no error for it).")


class Expansion(Model):
    name: Text = Field(description="The expansion's name, zh and en.")
    rounds: Annotated[int, Bounds(1, MAX_ROUNDS)] = Field(description="Rounds played with this expansion.")


class DiceExpansion(Expansion):
    dice: list[Die] = Field(min_length=1, max_length=4, description="The dice it adds each round.")


class River(DiceExpansion):
    placement: Placement = Field(description="How river faces are drawn.")
    scoring: RiverScoring = Field(description="River scoring.")


class Lake(DiceExpansion):
    placement: LakePlacement = Field(description="How lake faces are drawn.")
    fill: Tile = Field(description="The tile an enclosed cell fills with.")
    scoring: LakeScoring = Field(description="Lake scoring.")


class Lava(DiceExpansion):
    placement: LavaPlacement = Field(description="How lava faces are drawn.")
    start: Cell = Field(description="The cell the first volcano is drawn on.")
    volcano: Tile = Field(description="The volcano tile.")
    scoring: LavaScoring = Field(description="Lava scoring.")


class NumberDie(Model):
    id: Id = Field(description="Unique id of the die.")
    name: Text = Field(description="The die's name, zh and en.")
    faces: list[Annotated[int, Bounds(1, MAX_SIZE)]] = Field(min_length=6, max_length=6,
                                                             description="Cells a meteor travels, per face.")


class DirectionDie(Model):
    id: Id = Field(description="Unique id of the die.")
    name: Text = Field(description="The die's name, zh and en.")
    faces: list[Literal["n", "e", "s", "w", "any"]] = Field(min_length=6, max_length=6,
                                                            description="Direction per face; any: the player chooses.")


class Meteor(Expansion):
    distance: NumberDie = Field(description="The distance die.")
    direction: DirectionDie = Field(description="The direction die.")
    start: Cell = Field(description="The cell the first meteor counts from.")
    scoring: MeteorScoring = Field(description="Crater scoring.")


class ExpansionsFile(Model):
    river: River = Field(description="The river expansion.")
    lake: Lake = Field(description="The lake expansion.")
    lava: Lava = Field(description="The lava expansion.")
    meteor: Meteor = Field(description="The meteor expansion.")


class StringsFile(RootModel[dict[Key, Text]]):
    """Flat map of label id -> {zh, en}."""

    model_config = {"strict": True, "frozen": True}


#: Each file of the folder and its model, in the order they are read.
FILES: dict[str, Any] = {
    "game": GameFile, "dice": DiceFile, "specials": SpecialsFile, "scoring": ScoringFile,
    "expansions": ExpansionsFile, "strings": StringsFile,
}
EXPANSIONS = tuple(ExpansionsFile.model_fields)


@dataclass(frozen=True, eq=False)
class RailroadInk:
    """A valid Railroad Ink content folder (hashed by identity: the engine caches its tables per content)."""

    folder: Path
    game: GameFile
    dice: DiceFile
    specials: SpecialsFile
    scoring: ScoringFile
    expansions: ExpansionsFile
    strings: StringsFile

    #: the pack this content is (its id, mark and layers), or None for a plain content folder
    pack: PackInfo | None = None

    @property
    def game_folder(self) -> Path:
        """The folder of the game's own files a pack does not change (components.yaml): its base game's."""
        return self.pack.layers[0] if self.pack is not None else self.folder

    def expansion(self, name: str) -> Expansion:
        return getattr(self.expansions, name)

    def rounds(self, expansion: str | None) -> int:
        return self.game.rounds if expansion is None else self.expansion(expansion).rounds


# ---------------------------------------------------------------- reading


def schema_problems(exc: ValidationError, data: Any, root: Any, smap: SourceMap) -> list[Problem]:
    """Each pydantic error of one file as a located problem in plain words (cardgen.model.messages)."""
    out = []
    errors = exc.errors(include_url=False)
    walked = [walk_loc(data, err["loc"]) for err in errors]
    # a misspelt key is one mistake: the "missing required key" it causes is not reported again
    meant = _meant_keys({path: meant_key(path[-1], known_keys(err, root))
                         for err, (path, _) in zip(errors, walked) if err["type"] == "extra_forbidden" and path})
    for err, (path, is_key) in zip(errors, walked):
        if _caused_by_typo(err, path, meant):
            continue
        message = friendly(err, root, path)
        if err["type"] == "missing":
            pos = smap.locate(path[:-1])
            out.append(Problem(pos.file, pos.line, pos.col, dotted(path), message))
        else:
            out.append(smap.problem(path, message, key=err["type"] == "extra_forbidden" or is_key))
    return out


def read(folder: Path) -> tuple[dict[str, Any], dict[str, SourceMap], list[Problem], dict[str, list[str]]]:
    """Every file's validated model (by stem), its source map, the problems found and each file's lines; a
    pack's files merged over its base's (cardgen.model.layered), each value located in the file that wrote it."""
    layered = read_layered(folder, FILES)
    models: dict[str, Any] = {}
    problems = list(layered.problems)
    for stem, data in layered.data.items():
        try:
            models[stem] = FILES[stem].model_validate(data)
        except ValidationError as exc:
            problems.extend(schema_problems(exc, data, FILES[stem], layered.smaps[stem]))
    return models, layered.smaps, problems, layered.sources


def load_content(folder: Path) -> RailroadInk:
    """The valid content of ``folder``; a :class:`ContentError` with every located problem otherwise.

    >>> len(load_content(CONTENT).game.board.exits)
    12
    """
    from cardgen.games.railroad_ink import checks

    folder = Path(folder)
    models, smaps, problems, sources = read(folder)
    if problems or len(models) != len(FILES):
        raise ContentError(problems, sources)
    content = RailroadInk(folder=folder, **models, pack=pack_info(folder))
    found = [p for _, fn in checks.CHECKS for p in fn(content, smaps)]
    if found:
        from cardgen.render.components.schema import declaration_sources  # the print kit: only on a problem

        raise ContentError(found, {**declaration_sources(content.game_folder), **sources})
    return content


def summary(content: RailroadInk) -> list[str]:
    """What ``cardgen validate`` prints for a valid folder: what it holds and the checks it passed."""
    from cardgen.games.railroad_ink import checks

    game = content.game
    dice = ", ".join(f"{d.count} x {d.id}" for d in content.dice.dice)
    lines = [
        f"{game.name.en} ({game.id} v{game.version}): {game.players.min}-{game.players.max} players, "
        f"{game.rounds} rounds, {game.board.size}x{game.board.size} board, {len(game.board.exits)} exits, "
        f"{len(game.board.centre)} centre cells",
        f"dice: {dice} (6 faces each)",
        f"special routes: {len(content.specials.specials)} (at most {game.specials.per_game} a game, "
        f"{game.specials.per_round} a round)",
    ]
    for name in EXPANSIONS:
        exp = content.expansion(name)
        extra = ", ".join(f"{d.count} x {d.id}" for d in getattr(exp, "dice", []))
        if isinstance(exp, Meteor):
            extra = f"{exp.distance.id}, {exp.direction.id}"
        lines.append(f"expansion {name}: {exp.rounds} rounds, dice: {extra}")
    lines.append(f"checks passed: {', '.join(name for name, _ in checks.CHECKS)}")
    return pack_lines(content.pack) + lines
