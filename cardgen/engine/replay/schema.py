"""The shape of a scripted game (docs/replay-format.md), as models: every field described and bounded.

A script is untrusted, so every list, text and number has an upper bound (the
content's own bounds where they mean the same thing). Ids are only shaped here;
whether each exists in the content is checked once the rules are compiled
(:func:`cardgen.engine.replay.script.check_ids`), and the options by the engine's
own :func:`~cardgen.engine.rules.options.option_problem`.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Union

from pydantic import BeforeValidator, Field, Tag, field_validator
from pydantic_core import PydanticCustomError

from cardgen.engine.bots.registry import BOTS
from cardgen.pool import MAX_SEED
from cardgen.model.effects import Bounds
from cardgen.model.located import Shape, by_kind
from cardgen.model.messages import shown
from cardgen.model.schema import (
    MAX_CARDS, MAX_CELL, MAX_ENTRIES, MAX_LOAD, MAX_PLAYERS, MAX_ROUND, MAX_TEXT, MAX_TRAINS_PER_PLAYER, Id, Key,
)

Round = Annotated[int, Bounds(1, MAX_ROUND)]
Name = Annotated[str, Field(min_length=1, max_length=40)]
Ids = Annotated[list[Id], Field(max_length=MAX_CARDS)]
Tickets = Annotated[list[Id], Field(max_length=MAX_LOAD)]
#: the bound of every other mapping and list of a script
ENTRIES = Field(max_length=MAX_ENTRIES)


def _label(value: Any) -> Any:
    """A train label is text; a number (``5:``) is refused saying what a label is."""
    if not isinstance(value, str):
        raise PydanticCustomError("shape_label", "a train label is a player's name (or NAME/N), not {found}",
                                  {"found": shown(value)})
    return value


Label = Annotated[str, BeforeValidator(_label), Field(min_length=1, max_length=42)]  # NAME/N


class DispatchCard(Shape):
    """A dispatch card that says more than its id: the train a swap is made with, a booking's pile and picks."""

    card: Id = Field(description="The dispatch kind's id (dispatch.yaml).")
    with_: Label = Field("", alias="with", description="A swap: the train it is made with; a card that gives its "
                                                       "effect to a chosen train: that train.")
    section: Id = Field("", description="A card that names a section (`section: chosen`): the section it closes "
                                        "or gives its effect to.")
    pile: Id = Field("", description="A Group Booking: the station whose pile it draws from; a festival card: the "
                                     "station whose platform its tickets go onto.")
    keep: Tickets = Field([], description="A Group Booking: the ticket kinds kept of those drawn (else the bot "
                                          "picks).")
    platform: Id = Field("", description="A Group Booking: the platform the kept tickets go onto (needs "
                                         "options: {booking_platform: any}).")


OneDispatch = Annotated[Union[Annotated[Id, Tag("<text>")], Annotated[DispatchCard, Tag("<mapping>")]],
                        by_kind("a dispatch card id or {card: ID, ...}")]
Dispatch = Annotated[
    Union[Annotated[None, Tag("<null>")], Annotated[Id, Tag("<text>")], Annotated[DispatchCard, Tag("<mapping>")],
          Annotated[list[OneDispatch], Tag("<list>"), ENTRIES]],
    by_kind("none, a dispatch card id, {card: ID, with: TRAIN} (a swap), {card: ID, section: SECTION} (a chosen "
            "section), {card: ID, pile: STATION, keep: [TICKET], platform: STATION} (a booking), or a list of them")]


class Decision(Shape):
    """What one train does in one round; what is left out its player's bot decides."""

    KEY: ClassVar[str] = "decision"
    board: Tickets = Field([], description="The ticket kinds boarded at this stop, e.g. [S1-S3]; [] boards "
                                           "nobody.")
    card: Id = Field("", description="The operation card played from the hand (only with options.hand_size > 1).")
    dispatch: Dispatch = Field(None, description="Every dispatch card played this round, each at its kind's "
                                                 "timing; none or [] plays none.")
    move: Annotated[int, Bounds(0, MAX_CELL)] = Field(0, description="Cells to run (only with "
                                                                     "options.stop_short: true).")
    siding: bool = Field(False, description="true: the train pulls into the siding beside the section its move "
                                            "ended in (ruling R25; only where the map has one with room); false "
                                            "stays on the line.")


Cards = Annotated[
    Union[Annotated[None, Tag("<null>")], Annotated[Ids, Tag("<list>")],
          Annotated[dict[Annotated[int, Bounds(1, MAX_TRAINS_PER_PLAYER)], Ids], Tag("<mapping>"), ENTRIES]],
    by_kind("a list of operation kind ids, or {TRAIN: [ids]} per train number for a player with several trains")]


class Player(Shape):
    """One seat: its name (the train label), its bot, and what is dealt to it."""

    name: Name = Field(description="The player's name; the label of its train under rounds (NAME/N with "
                                   "several trains).")
    bot: str = Field("balanced", max_length=40, description="The bot deciding what the script leaves out.")
    cards: Cards = Field(None, description="The draw order of the first operation cards, or per train number.")
    dispatch: Annotated[list[Id], ENTRIES] | None = Field(
        None, description="The dispatch cards dealt at setup; omitted, they are dealt at random.")

    @field_validator("bot")
    @classmethod
    def _known_bot(cls, bot: str) -> str:
        if bot not in BOTS:
            raise ValueError(f"unknown bot '{bot}'; known: {', '.join(BOTS)}")
        return bot


class EventCard(Shape):
    """An event card that names its target: ``{kind: festival, station: S3}``."""

    kind: Id = Field(description="The event kind's id (events.yaml).")
    station: Id = Field("", description="The station a kind with a station target applies at.")
    section: Id = Field("", description="The section a kind with a section target applies in.")


Event = Annotated[
    Union[Annotated[None, Tag("<null>")], Annotated[Id, Tag("<text>")], Annotated[EventCard, Tag("<mapping>")]],
    by_kind("a kind id, {kind: ID, station: S / section: T} or none")]


class Expect(Shape):
    """Facts the replay must show (cardgen.engine.replay.expect): a mapping checks only the keys it names."""

    start: Annotated[dict[Key, Any], ENTRIES] | None = Field(
        None, description="Train label -> its facts before round 1.")
    rounds: Annotated[dict[Round, Annotated[dict[Key, Any], ENTRIES]], ENTRIES] | None = Field(
        None, description="Round -> train label or field of the round -> its expected value.")
    final: Annotated[dict[Key, Any], ENTRIES] | None = Field(
        None, description="Player name -> its row of the final table.")


class ScriptFile(Shape):
    """A scripted game: the players and their bots, and whatever the script fixes."""

    title: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)] | None = Field(
        None, description="Printed above the tables (the file name if omitted).")
    content: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)] | None = Field(
        None, description="A bundled game or pack id, or a content folder relative to the script.")
    variant: Annotated[
        Union[Annotated[None, Tag("<null>")], Annotated[Id, Tag("<text>")],
              Annotated[list[Id], Tag("<list>"), Field(min_length=1, max_length=MAX_ENTRIES)]],
        by_kind("a variant id or a list of them (applied in order)")] = Field(
        None, description="The variant played, or variants applied in order.")
    seed: Annotated[int, Bounds(0, MAX_SEED)] = Field(0, description="Seed of every shuffle the script leaves "
                                                                     "out.")
    options: Annotated[dict[Key, Any], ENTRIES] | None = Field(None, description="Engine options by name (docs/rulings.md).")
    players: Annotated[list[Player], Field(min_length=1, max_length=MAX_PLAYERS)] = Field(
        description="The players in seat order.")
    piles: Annotated[dict[Id, Ids], ENTRIES] | None = Field(
        None, description="Station id -> the ticket kinds on top of its pile, top first.")
    rounds: Annotated[dict[Round, Annotated[dict[Label, Decision], ENTRIES]], ENTRIES] | None = Field(
        None, description="Round -> train label -> the decisions scripted for it.")
    expect: Expect | None = Field(None, description="Assertions on the replay.")
    events: Annotated[dict[Round, Event], ENTRIES] | None = Field(
        None, description="Round -> the event card replacing the track's for this script.")
