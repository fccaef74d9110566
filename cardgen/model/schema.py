"""The declarative schema of a content folder: one model per YAML file.

Every field carries its own description (shown by ``cardgen validate --schema``
and in the docs). Models are strict (no silent "3" -> 3), frozen, and refuse
unknown keys, so a typo in a content file is an error, not a silent default.
Relations between files (a ticket's origin must be a station...) are checked
later, in :mod:`cardgen.model.checks`.

Content is untrusted (packs are shared), so every number, list and text has an
upper bound fit for a printed card game, written here once and shown in the
generated reference (docs/content-format.md). The bounds are chosen so that
anything that validates builds in minutes and simulates a game in well under
a second within 1 GB: values that drive loops (cells, rounds, trains, copies,
propulsion) are the tight ones.
"""

from __future__ import annotations

from cardgen.model.basic import MAX_TEXT, Key, Model, Text  # noqa: F401  (re-exported: the schema's building blocks)
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from cardgen.model.effects import Id  # noqa: E402,F401  (written once, with the primitives that name ids)
from cardgen.model.track import card_ids  # noqa: E402  (a track card's implicit id)

# ---------------------------------------------------------------- bounds (issue 10: untrusted content)

MAX_PLAYERS = 8          #: seats at one table
MAX_TRAINS_PER_PLAYER = 4
MAX_CELL = 100           #: last cell number of the line
MAX_STATIONS = 20        #: 20 stations: 380 ordered pairs, one ticket kind each
# per-round amounts; loads, limits, sizes; clock times and rounds; bounds (cardgen/model/effects.py)
from cardgen.model.effects import MAX_LOAD, MAX_POINTS, MAX_ROUND, MAX_VALUE, Bounds  # noqa: E402,F401
MAX_COPIES = 50          #: copies of one card kind
MAX_KINDS = 500          #: kinds in one deck
MAX_CARDS = 1000         #: cards in one deck or printed of one component
MAX_ENTRIES = 200        #: other lists and mappings (labels, variants, lines...)
MAX_ICON = 16            #: characters of one icon


PerTrain = Annotated[int, Bounds(0, MAX_PLAYERS * MAX_TRAINS_PER_PLAYER)]
Icon = Annotated[str, Field(min_length=1, max_length=MAX_ICON)]


# ---------------------------------------------------------------- effects (cardgen/model/effects.py)

from cardgen.model.effects import (  # noqa: E402  (the primitives are their own module; re-exported here)
    BoardingLimit, CapacityChange, ClockHold, Effect, GroupBooking, IgnoreBlocking, IgnoreBoardingLimit,
    IgnoreClosure, NoStop, OrderReversed, PlatformExtra, PlatformSizeChange, PropulsionModifier, SectionClosed,
    SwapAdjacent, WaitGain,
)

__all__ = ["BoardingLimit", "CapacityChange", "ClockHold", "Effect", "GroupBooking", "IgnoreBlocking",
           "IgnoreBoardingLimit", "IgnoreClosure", "NoStop", "OrderReversed", "PlatformExtra",
           "PlatformSizeChange", "PropulsionModifier", "SectionClosed", "SwapAdjacent", "WaitGain"]

from cardgen.model.values import FareCase, ValueCase  # noqa: E402  (a card's own numbers: cardgen/model/values.py)

# ---------------------------------------------------------------- game.yaml

class Range(Model):
    """A ``{min, max}`` pair of points (each range's ends are bounded in its own class: a type checker reads
    a class, not a model made at run time)."""

    min: Annotated[int, Bounds(0, MAX_POINTS)] = Field(description="Smallest value.")
    max: Annotated[int, Bounds(0, MAX_POINTS)] = Field(description="Largest value.")


class CellRange(Model):
    """A ``{min, max}`` pair of cells of the line."""

    min: Annotated[int, Bounds(0, MAX_CELL)] = Field(description="Smallest value.")
    max: Annotated[int, Bounds(0, MAX_CELL)] = Field(description="Largest value.")


class PlayerRange(Model):
    min: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Smallest value.")
    max: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Largest value.")
    best: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Recommended player count.")


class Clock(Model):
    start: Annotated[int, Bounds(0, MAX_ROUND)] = Field(description="Clock marker at setup (the only place the start time is written).")
    end: Annotated[int, Bounds(1, MAX_ROUND)] = Field(description="The game ends when the clock reaches this time.")


class Propulsion(Model):
    penalty_divisor: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="R loses 1 per this many passengers aboard (floor(N / d)).")
    floor: Annotated[int, Bounds(0, MAX_VALUE)] = Field(description="R never drops below this.")


class Award(Model):
    """An end-of-game award (open scoring): the players with the most of `most` score `points`."""

    most: Literal["deliveries", "on_time"] = Field(description="What wins it: most deliveries, or most on-time "
                                                               "deliveries (all tied players, at least one).")
    points: Annotated[int, Bounds(-MAX_POINTS, MAX_POINTS)] = Field(description="Points the winners score.")
    text: Text = Field(description="The line the quick reference prints under scoring; `{points}` is filled in.")


class Scoring(Model):
    late_fare_divisor: Annotated[int, Bounds(1, MAX_POINTS)] = Field(description="A late delivery scores floor(F / d).")
    no_delay_bonus: Annotated[int, Bounds(-MAX_POINTS, MAX_POINTS)] = Field(description="Points for finishing with L = 0.")
    worst_delay_penalty: Annotated[int, Bounds(-MAX_POINTS, MAX_POINTS)] = Field(
        description="Points (negative) for the highest L; all tied players get it.")
    tiebreaks: list[Literal["delivered_desc", "delays_asc"]] = Field(max_length=2,
        description="Ordered tie-breakers after score: more deliveries, then fewer delays.")
    awards: list[Award] = Field(default_factory=list, max_length=8, description="End-of-game awards, scored with "
                                                                                "the bonus and the penalty.")


class Seat(Model):
    seat: Annotated[int, Bounds(1, MAX_PLAYERS * MAX_TRAINS_PER_PLAYER)] = Field(description="Player number, 1-based, in seating order.")
    cell: Annotated[int, Bounds(0, MAX_CELL)] = Field(description="Start cell of that player's train.")
    direction: Literal["left", "right"] = Field(description="Start direction: right = towards the last cell.")


class Setup(Model):
    wait_start: Annotated[int, Bounds(0, MAX_POINTS)] = Field(description="Every player's W at setup.")
    platform_size: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="Face-up tickets each platform is refilled to.")
    dispatch_per_player: Annotated[int, Bounds(0, MAX_LOAD)] = Field(description="Dispatch cards dealt to each player at setup.")
    trains_per_player: Annotated[int, Bounds(1, MAX_TRAINS_PER_PLAYER)] = Field(description="Trains each player runs.")
    seats: list[Seat] = Field(min_length=1, max_length=MAX_PLAYERS * MAX_TRAINS_PER_PLAYER,
        description="Start cell and direction by seat (rules 6.1 step 7).")


class Colour(Model):
    seat: Annotated[int, Bounds(1, MAX_PLAYERS * MAX_TRAINS_PER_PLAYER)] = Field(description="Seat this colour belongs to.")
    id: Id = Field(description="Colour id, used in file names.")
    hex: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="Print colour as #rrggbb.")
    name: Text = Field(description="Colour name.")


class CardSize(Model):
    width: float = Field(gt=20, le=200, description="Trim width in millimetres.")
    height: float = Field(gt=20, le=300, description="Trim height in millimetres.")


class Module(Model):
    """An optional module: the dispatch kinds, event kinds and track cards that name it (`module: ID`). Their
    faces print the module's name where the game's prints ("Module · NAME"), so a player can sort them out."""

    name: Text = Field(description="Module name.")
    enabled: bool = Field(default=False, description="True: its cards are in play. A variant enables it with "
                                                     "`patch: {game: {modules: {ID: {enabled: true}}}}`.")


def spare_field():
    """``spare:``, one definition for every card that may be a spare."""
    return Field(default=False, description="True: a spare, in the box and in play but not expected to take effect "
                                            "(simulate's check that every kind took effect skips it).")


def card_text_field(filled: str = ""):
    """``text:`` of a card kind, one definition for operation, dispatch and event kinds: optional, since a kind
    without one prints the text its effects generate (cardgen/model/phrases.py)."""
    return Field(default=None, description=f"Rules text printed on the card, in the designer's own words{filled}; "
                                           "if absent, the card prints the text generated from its effects "
                                           "(see Card text).")


class DeckCard(Model):
    """Copies of a deck card kind that print and play their own numbers (cardgen/model/deck_cards.py)."""

    copies: Annotated[int, Bounds(1, MAX_COPIES)] = Field(description="How many of the kind's copies these are.")
    values: dict[Key, Annotated[int, Bounds(-MAX_POINTS, MAX_POINTS)] | Key] = Field(
        min_length=1, max_length=8,
        description="Their own parameters in place of the kind's: an effect's field (`amount`, or `TYPE.FIELD` where "
                    "several effects have it) or, on an operation card, `value`.")


def deck_cards_field():
    """``cards:`` of an operation or dispatch kind, one definition for both decks."""
    return Field(default_factory=list, max_length=8,
                 description="Some of the kind's copies with their own numbers, each printed as its own face "
                             "(`KIND.2`, `KIND.3`... in order); the other copies keep the kind's.")


def module_field():
    """``module:``, one definition for every card that may belong to an optional module."""
    return Field(default=None, description="The optional module (game.yaml `modules`) it belongs to: out of play "
                                           "while that module is not enabled.")


class GameFile(Model):
    """game.yaml: identity, core numbers, setup, scoring and player colours."""

    id: Id = Field(description="Game id; names the output folder.")
    version: Annotated[int, Bounds(1, 1_000_000)] = Field(description="Content version.")
    name: Text = Field(description="Game title.")
    tagline: Text = Field(description="One-line pitch printed on the quick reference.")
    players: PlayerRange = Field(description="Supported player counts.")
    play_time_minutes: Range = Field(description="Play time range.")
    age_min: Annotated[int, Bounds(1, 99)] = Field(description="Minimum age.")
    clock: Clock = Field(description="The public clock (timetable track).")
    propulsion: Propulsion = Field(description="How composition slows a train.")
    composition_cap: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="Most places occupied aboard one train.")
    wait_track: Range = Field(description="Printed range of the wait-value track.")
    blocked_wait_gain: Annotated[int, Bounds(1, MAX_VALUE)] = Field(description="W gained by a train that moved fewer cells than R.")
    scoring: Scoring = Field(description="Delivery and end-of-game scoring.")
    setup: Setup = Field(description="Setup numbers.")
    colours: list[Colour] = Field(min_length=1, max_length=MAX_PLAYERS * MAX_TRAINS_PER_PLAYER, description="Player colours, one per seat.")
    card_size_mm: CardSize = Field(description="Trim size of every card.")
    modules: dict[Id, Module] = Field(default={}, max_length=MAX_ENTRIES, description=(
        "Optional modules by id: cards in the box that are out of play unless their module is enabled "
        "(\"Spare cards and modules\" below)."))


# ---------------------------------------------------------------- map.yaml

class Line(Model):
    id: Id = Field(description="Line id.")
    direction: Literal["left", "right"] = Field(description="Direction of the trains using this line.")
    name: Text = Field(description="Line name.")
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="Band colour on the map.")


class Station(Model):
    id: Id = Field(description="Station id (S1...).")
    cell: Annotated[int, Bounds(0, MAX_CELL)] = Field(description="Cell the station occupies (even).")
    icon: Icon = Field(description="Icon printed with the name.")
    name: Text = Field(description="Station name.")


class Section(Model):
    id: Id = Field(description="Section id (T1...).")
    cell: Annotated[int, Bounds(0, MAX_CELL)] = Field(description="Cell the section occupies (odd).")
    between: list[Id] = Field(min_length=2, max_length=2, description="The two stations it joins, left then right.")


class Siding(Model):
    """A cell off the line beside a section (ruling R25): a train whose move ends in that section may pull in,
    leaving the section's line free for the trains behind, and leaves it with its next move."""

    id: Id = Field(description="Siding id (P1...), distinct from station and section ids.")
    cell: Annotated[int, Bounds(0, MAX_CELL)] = Field(description="The section cell it branches from (odd).")
    name: Text = Field(description="Siding name printed on the map.")
    capacity: Annotated[int, Bounds(1, MAX_PLAYERS * MAX_TRAINS_PER_PLAYER)] = Field(
        default=1, description="Trains it holds at once, whichever way they head.")
    wait_gain: Annotated[int, Bounds(0, MAX_VALUE)] = Field(
        default=0, description="W a train gains as it pulls in (it gives way, as the wait card does).")


class MapFile(Model):
    """map.yaml: stations, sections, cells and lines."""

    cells: CellRange = Field(description="First and last cell number.")
    section_capacity_per_line: Annotated[int, Bounds(1, MAX_PLAYERS * MAX_TRAINS_PER_PLAYER)] = Field(
        description="Trains one section line holds.")
    double_track: bool = Field(description="True: up and down lines per section; false: one shared line (9.5).")
    lines: list[Line] = Field(min_length=1, max_length=2, description="The section lines.")
    terminals: list[Id] = Field(max_length=MAX_STATIONS, description="Stations where trains reverse for free.")
    stations: list[Station] = Field(min_length=2, max_length=MAX_STATIONS, description="Stations, left to right.")
    sections: list[Section] = Field(min_length=1, max_length=MAX_STATIONS - 1, description="Sections, left to right.")
    sidings: list[Siding] = Field(default_factory=list, max_length=MAX_STATIONS - 1,
                                  description="Sidings beside sections (ruling R25); none by default.")


# ---------------------------------------------------------------- fares.yaml

class Span(Model):
    fare: Annotated[int, Bounds(0, MAX_POINTS)] = Field(description="Points for an on-time delivery (F).")
    slack: Annotated[int, Bounds(1, MAX_ROUND)] = Field(description="Hours after boarding within which delivery is on time (U).")
    seats: Annotated[int, Bounds(1, MAX_LOAD)] = Field(default=1, description="Composition places one such card occupies.")
    freight: bool = Field(default=False, description="Freight: never late (variant 9.7).")


class FaresFile(Model):
    """fares.yaml: fare and slack by span (sections crossed)."""

    spans: dict[Annotated[int, Bounds(1, MAX_STATIONS - 1)], Span] = Field(min_length=1, max_length=MAX_STATIONS - 1,
                                                          description="Fare row by span k.")


# ---------------------------------------------------------------- tickets.yaml

class Totals(Model):
    kinds: Annotated[int, Bounds(1, MAX_KINDS)] = Field(description="Number of distinct kinds the rules require.")
    cards: Annotated[int, Bounds(1, MAX_CARDS)] = Field(description="Number of printed cards the rules require.")


class TicketKind(Model):
    id: Id = Field(description="Kind id: ORIGIN-DESTINATION, or ORIGIN-DESTINATION.NAME for a further kind of "
                               "the same pair (`S1-S6.express`).")
    origin: Id = Field(description="Boarding station; also the pile the card sits in.")
    destination: Id = Field(description="Station where it is delivered.")
    copies: Annotated[int, Bounds(1, MAX_COPIES)] = Field(description="Printed copies of this kind.")
    fare: Annotated[int, Bounds(0, MAX_POINTS)] | None = Field(
        default=None, description="This kind's own fare F, overriding the span table's; null: the table's.")
    slack: Annotated[int, Bounds(1, MAX_ROUND)] | None = Field(
        default=None, description="This kind's own slack U, overriding the span table's (a freight row too); "
                                  "null: the table's.")
    fare_when: list[FareCase] = Field(default_factory=list, max_length=8,
                                      description="Cases tried in order: the first whose clock window holds the "
                                                  "delivery gives the fare instead of `fare`.")


class TicketsFile(Model):
    """tickets.yaml: ride ticket kinds and copies."""

    totals: Totals = Field(description="Totals the rules state; the kinds below must add up to them.")
    kinds: list[TicketKind] = Field(min_length=1, max_length=MAX_KINDS, description="At least one entry per ordered station pair; "
                                  "kinds sharing a pair differ in fare or slack.")


# ---------------------------------------------------------------- operations.yaml

class SetTotals(Model):
    cards: Annotated[int, Bounds(1, MAX_COPIES)] = Field(description="Cards in one player's set.")
    propulsion: Annotated[int, Bounds(0, MAX_COPIES * MAX_VALUE)] = Field(description="Sum of the values in one set.")


class OperationKind(Model):
    id: Id = Field(description="Kind id.")
    icon: Icon = Field(description="Icon.")
    value: Annotated[int, Bounds(0, MAX_VALUE)] = Field(description="Base propulsion C.")
    copies: Annotated[int, Bounds(1, MAX_COPIES)] = Field(description="Copies in one player's set.")
    name: Text = Field(description="Card name.")
    value_when: list[ValueCase] = Field(default_factory=list, max_length=8,
                                        description="Cases tried in order: the first the train meets at the reveal "
                                                    "gives C instead of `value`.")
    effects: list[Effect] = Field(max_length=8, description="Extra effects when played.")
    text: Text | None = card_text_field()
    spare: bool = spare_field()
    cards: list[DeckCard] = deck_cards_field()


class OperationsFile(Model):
    """operations.yaml: the 9-card operation set each player owns."""

    set_totals: SetTotals = Field(description="What one set must add up to.")
    kinds: list[OperationKind] = Field(min_length=1, max_length=MAX_COPIES, description="Kinds in a set.")


# ---------------------------------------------------------------- dispatch.yaml

class DispatchKind(Model):
    id: Id = Field(description="Kind id.")
    icon: Icon = Field(description="Icon.")
    copies: Annotated[int, Bounds(1, MAX_COPIES)] = Field(description="Copies in the dispatch deck.")
    timing: Literal["after_movement", "with_operation_reveal", "any_time"] = Field(
        description="When it may be used: with the operation card, after the player's own move, or at the start "
                    "of the train's stop (ruling R7).")
    name: Text = Field(description="Card name.")
    effects: list[Effect] = Field(min_length=1, max_length=8,
                                  description="What it does: effect primitives, applied together to the train it "
                                              "is played for.")
    text: Text | None = card_text_field()
    timing_text: Text = Field(description="Timing printed on the card.")
    spare: bool = spare_field()
    module: Id | None = module_field()
    cards: list[DeckCard] = deck_cards_field()


class DispatchFile(Model):
    """dispatch.yaml: the one-shot dispatch deck."""

    totals: Totals = Field(description="Totals the rules state.")
    kinds: list[DispatchKind] = Field(min_length=1, max_length=MAX_ENTRIES, description="Dispatch kinds.")


# ---------------------------------------------------------------- events.yaml

class EventKind(Model):
    id: Id = Field(description="Kind id.")
    icon: Icon = Field(description="Icon.")
    name: Text = Field(description="Card name.")
    effects: list[Effect] = Field(min_length=1, max_length=8,
                                  description="What it does: effect primitives, applied together this round.")
    target: Literal["station", "section"] | None = Field(default=None, description="What a card of this kind names.")
    text: Text | None = card_text_field("; {station} / {section} are filled from the card")
    spare: bool = spare_field()
    module: Id | None = module_field()


class EventCard(Model):
    id: Id | None = Field(default=None, description="This card's id, by which a pack inserts or removes track cards and "
                                                    "a variant drops them; if absent, `KIND.N`: the N-th card of its "
                                                    "kind on the base track, in round order (`rainstorm.2`).")
    kind: Id = Field(description="Event kind id.")
    station: Id | None = Field(default=None, description="Target station, for kinds that target one.")
    section: Id | None = Field(default=None, description="Target section, for kinds that target one.")
    spare: bool = spare_field()
    module: Id | None = module_field()
    values: dict[Key, Annotated[int, Bounds(-MAX_POINTS, MAX_POINTS)] | Key] = Field(
        default_factory=dict, max_length=8,
        description="This card's own effect parameters in place of its kind's, by field (`amount`) or, where several "
                    "effects have it, `TYPE.FIELD` (`propulsion.amount`); other cards of the kind keep the kind's.")


class EventsFile(Model):
    """events.yaml: event kinds and the public event track."""

    totals: Totals = Field(description="Totals the rules state (kinds counted on the track).")
    hidden: bool = Field(description="True: the track is face down and revealed each round (9.2).")
    kinds: list[EventKind] = Field(min_length=1, max_length=MAX_ENTRIES, description="Event kinds.")
    track: dict[Annotated[int, Bounds(1, MAX_ROUND)], EventCard] = Field(max_length=MAX_ROUND, description="The event card of each round.")
    beyond_clock: bool = Field(default=False, description="True: the track may hold cards for rounds after the clock's "
                               "length (played only when clock holds make the game that long; ruling R4 otherwise).")

    @model_validator(mode="before")
    @classmethod
    def _card_ids(cls, data: Any) -> Any:
        """Each track card without an `id` gets its implicit one (cardgen/model/track.py), as a pack stamps them."""
        track = data.get("track") if isinstance(data, dict) else None
        if not isinstance(track, dict):
            return data
        ids = card_ids(track)
        filled = {r: {**card, "id": ids[r]} if r in ids and "id" not in card else card for r, card in track.items()}
        return {**data, "track": filled}


# ---------------------------------------------------------------- printing.yaml

class PrintRow(Model):
    #: components each train has its own of (one per player, or per train with two locomotives each, R10)
    PER_TRAIN: ClassVar[tuple[str, ...]] = ("operation_sets", "train_tokens", "wait_tracks")

    operation_sets: PerTrain = Field(description="Operation sets printed.")
    tickets: Annotated[int, Bounds(0, MAX_CARDS)] = Field(description="Ride tickets printed.")
    dispatch: Annotated[int, Bounds(0, MAX_CARDS)] = Field(description="Dispatch cards printed.")
    events: Annotated[int, Bounds(0, MAX_CARDS)] = Field(description="Event cards printed.")
    station_mats: Annotated[int, Bounds(0, 2 * MAX_STATIONS)] = Field(description="Station mats printed.")
    train_tokens: PerTrain = Field(description="Train tokens printed.")
    wait_tracks: PerTrain = Field(description="Wait-value tracks printed.")


class SharedComponents(Model):
    track_map: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Track maps printed.")
    timetable_track: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Timetable tracks printed.")
    clock_marker: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Clock markers printed.")
    first_player_marker: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(default=1,
        description="First-player markers printed (rules 6.1 step 8).")
    round_marker: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(default=1,
        description="Round markers printed (one beside the event track).")
    quick_reference: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(description="Quick reference sheets printed.")
    score_sheet: Annotated[int, Bounds(1, MAX_PLAYERS)] = Field(default=1,
        description="Score sheets printed: a row per player for score, deliveries and delays L (rules 6.3; ruling R24).")


class PrintingFile(Model):
    """printing.yaml: what to print for each player count (rules 3.3)."""

    by_players: dict[Annotated[int, Bounds(1, MAX_PLAYERS)], PrintRow] = Field(max_length=MAX_PLAYERS,
        description="Components by player count: `cardgen build --players N` prints row N (below the maximum); "
                    "its dispatch cards are spread over the kinds as evenly as possible, extra ones to the first kinds, "
                    "never more than a kind's copies.")
    full_set: PrintRow = Field(description="The complete printed set; the default build (the largest player count) prints it.")
    shared: SharedComponents = Field(description="Shared boards and markers.")
    card_stock_gsm: Annotated[int, Bounds(1, MAX_POINTS)] = Field(description="Suggested card stock weight.")


# ---------------------------------------------------------------- variants.yaml

class Variant(Model):
    id: Id = Field(description="Variant id, as given to --variant.")
    section: str = Field(max_length=40, description="Rules section.")
    name: Text = Field(description="Variant name.")
    players: list[Annotated[int, Bounds(1, MAX_PLAYERS)]] | None = Field(default=None, max_length=MAX_PLAYERS,
                                                        description="Player counts it is for; all if absent.")
    summary: Text = Field(description="One-line description.")
    recommended: bool = Field(default=False, description="The rules recommend it for its player counts: a build "
                                                         "for one of them without it points to it on the quick reference.")
    patch: dict[Key, dict] = Field(max_length=MAX_ENTRIES, description="JSON merge patch over the base content, keyed by file stem.")
    drop: list[Id] = Field(default=[], max_length=MAX_ROUND, description="Track cards out of play, by id (their "
                                                                         "rounds stay, without an event).")
    drop_after: Id | None = Field(default=None, description="Every track card after this one (by id) out of play.")


class VariantsFile(Model):
    """variants.yaml: rule variants as data overlays."""

    variants: list[Variant] = Field(max_length=MAX_ENTRIES, description="Variants.")


# ---------------------------------------------------------------- strings.yaml

class Phase(Model):
    id: Literal["event", "operation", "movement", "stop", "clock"] = Field(description="Phase id.")
    name: Text = Field(description="Phase name.")
    text: Text = Field(description="What happens.")


class StringsFile(Model):
    """strings.yaml: player-visible words that are not card names."""

    phases: list[Phase] = Field(max_length=5, description="The round's phases in order.")
    labels: dict[Key, Text] = Field(max_length=MAX_ENTRIES, description="Short labels used by the templates.")
    scoring: dict[Key, Text] = Field(max_length=MAX_ENTRIES,
                                     description="Scoring lines; numbers are filled in from game.yaml.")
    rules: dict[Key, Text] = Field(max_length=MAX_ENTRIES,
                                   description="Rule summaries; numbers are filled in from the content.")


#: File stem -> model. The order is the order files are read and reported.
FILES: dict[str, type[Model]] = {
    "game": GameFile,
    "map": MapFile,
    "fares": FaresFile,
    "tickets": TicketsFile,
    "operations": OperationsFile,
    "dispatch": DispatchFile,
    "events": EventsFile,
    "printing": PrintingFile,
    "variants": VariantsFile,
    "strings": StringsFile,
}
