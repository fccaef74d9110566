"""Horseless Carriage's content: one pydantic model per YAML file, read with positions, cross-checked.

Why: the rules engine and the printables read every number from ``cardgen/content/horseless-carriage``;
a wrong file must be reported as every problem at once, each at ``file:line:col``, before any game is
played. Schema errors go through the same plain-language messages as Rail Journey's
(:func:`cardgen.model.messages.friendly`); relations between files are checked here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationError

from cardgen.errors import ContentError, Problem
from cardgen.model.located import walk_loc
from cardgen.model.messages import friendly, known_keys, meant_key
from cardgen.model.basic import Id, Model, Text
from cardgen.model.layered import pack_lines, read_layered
from cardgen.model.pack import PackInfo
from cardgen.model.source import PathKey, SourceMap
from cardgen.resources import bundled_path

#: The bundled content folder.
CONTENT = bundled_path("content", "horseless-carriage")

MAX_PLAYERS = 8
MAX_SIZE = 16           #: market side, floor side
MAX_TRACK = 30          #: spaces of one track
MAX_ENTRIES = 200       #: other lists
MAX_COUNT = 100         #: copies, prices, time-card values

Small = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Positive = Annotated[int, Field(ge=1, le=MAX_COUNT)]
Cell = Annotated[list[Annotated[int, Field(ge=0, le=MAX_SIZE)]], Field(min_length=2, max_length=2)]
FloorRow = Annotated[str, Field(min_length=1, max_length=MAX_SIZE, pattern=r"^[#LK.]+$")]
Step = Literal["A", "B", "C", "D"]


# ---------------------------------------------------------------- game.yaml

class Players(Model):
    min: int = Field(ge=1, le=MAX_PLAYERS, description="Fewest players.")
    max: int = Field(ge=1, le=MAX_PLAYERS, description="Most players.")


class Clock(Model):
    start: dict[int, Positive] = Field(description="The time-card marker's starting value by player count (the "
                                                   "board's printed table); one clock symbol moves it one down.")


class GameFile(Model):
    game: Literal["horseless-carriage"] = Field(description="The game this folder is for.")
    id: Id = Field(description="The edition's id.")
    version: int = Field(ge=1, le=1000, description="Content version.")
    name: Text = Field(description="The game's title.")
    players: Players = Field(description="Player counts the game takes.")
    brand_markers: Positive = Field(description="Wooden brand markers printed for each player.")
    years: int = Field(ge=1, le=20, description="The most years a game lasts.")
    clock: Clock = Field(description="The time-card track.")
    phases: list[Id] = Field(min_length=1, max_length=20, description="The phases of a year, in order.")


# ---------------------------------------------------------------- market.yaml

class Axis(Model):
    slot_width: int = Field(ge=1, le=MAX_SIZE, description="Cells one spec-axis slot spans.")
    steps: list[Small] = Field(min_length=1, max_length=MAX_SIZE,
                               description="Each slot's reading above the dimension's minimum spec.")
    sides: list[Literal["bottom", "left"]] = Field(min_length=2, max_length=2,
                                                   description="The board sides the two in-play tracks lie along.")


class Segment(Model):
    id: Id = Field(description="Segment id.")
    last_diagonal: int = Field(ge=0, le=2 * MAX_SIZE, description="The largest x + y of a cell in this segment.")


class Quadrant(Model):
    id: Id = Field(description="Quadrant id (I, II...).")
    origin: Cell = Field(description="The quadrant's lower left cell [x, y].")


class Car(Model):
    id: Id = Field(description="Car type id.")
    bonus: Small = Field(description="Added to the segment's price for each car of this type sold.")


class Sparks(Model):
    most_per_type: Positive = Field(description="Most sparks of one car type on one cell.")
    buyers_per_spark: Positive = Field(description="Most buyers of a type on a cell per spark of that type there.")


class NeutralDraw(Model):
    quadrant: Id = Field(description="Quadrant the cards are drawn for.")
    cards: Small | None = Field(default=None, description="How many cards (or give players_minus).")
    players_minus: Small | None = Field(default=None, description="Draw the player count minus this.")


class Neutral(Model):
    setup_quadrant: Id = Field(description="Quadrant of the starting buyers.")
    setup_extra: Small = Field(description="Starting neutral cards: the player count plus this.")
    yearly: list[NeutralDraw] = Field(max_length=MAX_ENTRIES, description="Neutral cards drawn each year.")


class Printed(Model):
    buyers: Positive = Field(description="Car tokens printed of each car type (the engine sets no limit).")
    sparks: Positive = Field(description="Spark tokens printed of each car type (the engine sets no limit).")


class Window(Model):
    id: Id = Field(description="Window size id.")
    marketing: Small = Field(description="Marketing departments next to the dealership that give this window.")
    size: Annotated[list[Positive], Field(min_length=2, max_length=2)] = Field(description="[width, height].")
    per_player: Positive = Field(description="Windows of this size each player has.")


class MarketFile(Model):
    size: int = Field(ge=1, le=MAX_SIZE, description="Cells per side of the square market grid.")
    axis: Axis = Field(description="The spec-axis slots.")
    segments: list[Segment] = Field(min_length=1, max_length=MAX_SIZE, description="Price segments, lowest first.")
    prices: list[Positive] = Field(min_length=1, max_length=MAX_SIZE, description="Price markers, highest first.")
    quadrants: list[Quadrant] = Field(min_length=1, max_length=MAX_SIZE, description="Demand quadrants.")
    quadrant_size: int = Field(ge=1, le=MAX_SIZE, description="Cells per side of a quadrant and of a demand card.")
    cars: list[Car] = Field(min_length=1, max_length=10, description="Car types.")
    sparks: Sparks = Field(description="Spark limits.")
    printed: Printed = Field(description="Tokens printed.")
    neutral: Neutral = Field(description="Neutral buyers.")
    windows: list[Window] = Field(min_length=1, max_length=10, description="Market window sizes.")


# ---------------------------------------------------------------- research.yaml

class Track(Model):
    dimension: Id = Field(description="The dimension this track researches.")
    stations: list[Id] = Field(min_length=1, max_length=MAX_TRACK, description="Tech stations from the start on.")
    clocks: list[Positive] = Field(max_length=MAX_TRACK, description="Positions showing a clock symbol.")


class Start(Model):
    in_play: Small = Field(description="Where markers start on the two in-play tracks.")
    off_market: Small = Field(description="Where markers start on the off-market tracks.")
    innovation: Small = Field(description="Spaces the innovation marker has passed at setup.")


class Assembly(Model):
    values: list[Positive] = Field(min_length=1, max_length=MAX_TRACK, description="Each mainline's yearly "
                                                                                    "output, space by space.")
    clocks: list[Positive] = Field(max_length=MAX_TRACK, description="Positions (from 0) showing a clock symbol.")


class ResearchFile(Model):
    dimensions: list[Id] = Field(min_length=2, max_length=10, description="The spec dimensions.")
    tracks: list[Track] = Field(min_length=2, max_length=10, description="One research track per dimension.")
    start: Start = Field(description="Setup positions.")
    steps: list[Step] = Field(min_length=1, max_length=4, description="Manufacturing steps.")
    stations: dict[Step, list[Id]] = Field(description="Tech stations by manufacturing step.")
    station_copies: Positive = Field(description="Copies of each tech station in the shared supply.")
    assembly: Assembly = Field(description="The assembly capacity track.")


# ---------------------------------------------------------------- planning.yaml

class Focus(Model):
    spaces: int = Field(ge=1, le=MAX_PLAYERS, description="Spaces of the focus and history focus tracks.")


class Gantt(Model):
    most: Positive = Field(description="Most Gantt cards a player holds.")
    clocks: list[Positive] = Field(max_length=MAX_TRACK, description="Gantt counts showing a clock symbol.")
    setup_last: Small = Field(description="Gantt cards of the last player at setup (each earlier one more).")


class Wealth(Model):
    spaces: Positive = Field(description="Printed spaces of the wealth track.")


class PlanningFile(Model):
    focus: Focus = Field(description="The focus tracks.")
    gantt: Gantt = Field(description="The Gantt track.")
    wealth: Wealth = Field(description="The wealth track.")


# ---------------------------------------------------------------- factory.yaml

class Floor(Model):
    rows: list[FloorRow] = Field(min_length=1, max_length=MAX_SIZE, description="Rows from the top: # black, "
                                                                                "L loading, K keep-clear, . plain.")


class Extension(Floor):
    id: Id = Field(description="Extension floor id.")


class Floors(Model):
    main: Floor = Field(description="The main factory floor.")
    extensions: list[Extension] = Field(max_length=20, description="Each player's extension floors.")


class Supply(Model):
    mainline: Positive = Field(description="Mainlines of each car type in the shared supply.")
    research: Positive = Field(description="Research departments in the shared supply.")
    planning: Positive = Field(description="Planning departments in the shared supply.")


class FactoryFile(Model):
    floors: Floors = Field(description="Factory floors.")
    mainline_sides: dict[Literal["up", "right", "down", "left"], Step] = Field(
        description="The manufacturing step of each side of a mainline.")
    dealerships: Positive = Field(description="Most dealerships per player.")
    marketing: Positive = Field(description="Most marketing departments per player.")
    start_departments: list[Literal["research", "planning"]] = Field(
        max_length=10, description="Departments each player places at setup.")
    indicator_copies: Positive = Field(description="Spec indicators of each dimension and step in the supply.")
    supply: Supply = Field(description="The shared supply of mainlines and departments.")


# ---------------------------------------------------------------- demand.yaml

class DemandCard(Model):
    car: Id = Field(description="Car type of the sparks.")
    year: Small = Field(description="Floor extensions a player needs to play the card.")
    clocks: Small = Field(description="Clock symbols on the card.")
    cells: list[Cell] = Field(min_length=1, max_length=16, description="Marked cells [x, y] of the quadrant.")


class NeutralCard(Model):
    car: Id = Field(description="Car type of the buyers.")
    cells: list[Cell] = Field(min_length=1, max_length=16, description="Marked cells [x, y] of the quadrant.")


class Industrialist(Model):
    id: Id = Field(description="Industrialist id.")
    cards: list[DemandCard] = Field(min_length=1, max_length=MAX_ENTRIES, description="The 17 demand cards.")


class DemandFile(Model):
    industrialists: list[Industrialist] = Field(min_length=1, max_length=10, description="Industrialists.")
    neutral: list[NeutralCard] = Field(min_length=1, max_length=MAX_ENTRIES, description="The neutral deck.")


FILES: dict[str, type[BaseModel]] = {
    "game": GameFile, "market": MarketFile, "research": ResearchFile, "planning": PlanningFile,
    "factory": FactoryFile, "demand": DemandFile,
    "strings": dict[Annotated[str, Field(max_length=80)], Text],  # type: ignore[dict-item]
}


@dataclass(frozen=True)
class HorselessContent:
    """A validated Horseless Carriage content folder."""

    folder: Path
    game: GameFile
    market: MarketFile
    research: ResearchFile
    planning: PlanningFile
    factory: FactoryFile
    demand: DemandFile
    strings: dict[str, Text]

    #: the pack this content is (its id, mark and layers), or None for a plain content folder
    pack: PackInfo | None = None

    @property
    def game_folder(self) -> Path:
        """The folder of the game's own files a pack does not change (components.yaml): its base game's."""
        return self.pack.layers[0] if self.pack is not None else self.folder

    def station_step(self) -> dict[str, str]:
        """Each tech station's manufacturing step."""
        return {s: step for step, names in self.research.stations.items() for s in names}


class _Where:
    """Located problems for the files read so far."""

    def __init__(self, smaps: dict[str, SourceMap]):
        self.smaps = smaps
        self.problems: list[Problem] = []

    def __call__(self, stem: str, path: PathKey, message: str, *, key: bool = False) -> None:
        self.problems.append(self.smaps[stem].problem(path, message, key=key))

    def add(self, problems: list[Problem]) -> None:
        """Problems located elsewhere (components.yaml, read by the print kit)."""
        self.problems.extend(problems)


def _validate(stem: str, data: Any, where: _Where) -> Any:
    from pydantic import TypeAdapter

    model = FILES[stem]
    try:
        if isinstance(model, type) and issubclass(model, BaseModel):
            return model.model_validate(data)
        return TypeAdapter(model).validate_python(data, strict=True)
    except ValidationError as exc:
        root = model if isinstance(model, type) and issubclass(model, BaseModel) else GameFile
        errors = exc.errors(include_url=False)
        walked = [walk_loc(data, err["loc"]) for err in errors]
        # a misspelt key is one mistake: the missing key it stands for is not reported again
        meant = {(path[:-1], meant_key(path[-1], known_keys(err, root)))
                 for err, (path, _) in zip(errors, walked) if err["type"] == "extra_forbidden" and path}
        for err, (path, is_key) in zip(errors, walked):
            if err["type"] == "missing" and path and (path[:-1], str(path[-1])) in meant:
                continue
            message = friendly(err, root, path)
            if err["type"] == "missing":
                where(stem, path[:-1], message)
            else:
                where(stem, path, message, key=err["type"] == "extra_forbidden" or is_key)
        return None


def load_content(folder: Path) -> HorselessContent:
    """Read, schema-check and cross-check a Horseless Carriage folder; :class:`ContentError` lists every problem."""
    folder = Path(folder)
    layered = read_layered(folder, FILES)  # a pack's files merged over its base's, each value located
    smaps, sources, problems = layered.smaps, layered.sources, list(layered.problems)
    where = _Where(smaps)
    models = {stem: _validate(stem, data, where) for stem, data in layered.data.items()}
    if all(models.get(stem) is not None for stem in FILES):
        content = HorselessContent(folder=folder, **models, pack=layered.pack)
        from cardgen.games.horseless_carriage import checks

        checks.run(content, where)
        if not where.problems:  # the printables are checked against valid rules only
            from cardgen.games.horseless_carriage.faces import printables  # the print kit: only when checking

            printables(content, where)
    else:
        content = None
    problems.extend(where.problems)
    if problems or content is None:
        from cardgen.render.components.schema import declaration_sources  # the print kit: only on a problem

        raise ContentError(problems, {**declaration_sources(layered.pack.layers[0] if layered.pack else folder),
                                      **sources})
    return content


def summary(content: HorselessContent) -> list[str]:
    """What the content holds, one line per part (what ``cardgen validate`` prints)."""
    game, market, research = content.game, content.market, content.research
    stations = sum(len(v) for v in research.stations.values())
    cards = [len(i.cards) for i in content.demand.industrialists]
    return pack_lines(content.pack) + [
        f"{game.name.en} ({game.name.zh}): {game.players.min}-{game.players.max} players, at most {game.years} years",
        f"market: {market.size}x{market.size} cells, {len(market.segments)} price segments, "
        f"prices {', '.join(f'${p}' for p in market.prices)}",
        f"research: {len(research.tracks)} tracks, {stations} tech stations in {len(research.stations)} steps",
        f"factory: a main floor and {len(content.factory.floors.extensions)} extension floors per player",
        f"demand: {len(cards)} industrialists ({', '.join(map(str, cards))} cards), "
        f"{len(content.demand.neutral)} neutral cards",
        f"strings: {len(content.strings)} names in zh and en",
    ]
