"""The effect primitives: every card effect of the game, as named building blocks with parameters.

A card kind states what it does as a list of these (``effects:`` in operations.yaml,
dispatch.yaml and events.yaml); a pack defines new kinds by composing them,
without Python. Each primitive is a model: its docstring says what it does, its
fields are typed parameters with bounds, and ``TIMINGS`` says when it can happen:

- ``operation``: on an operation card, for the train that plays it, this round;
- ``event``: on an event card, for every train (or the target the card names), this round;
- ``with_operation_reveal``, ``after_movement``, ``any_time``: a dispatch card's timing,
  for the train it is played for.

The validator refuses an unknown primitive, a wrong, missing or out-of-range
parameter, and a primitive at a timing it cannot have, each where it is written.
The engine (``cardgen/engine/rules/compiled.py`` flattens them, ``core.py`` plays
them) implements every primitive listed here, and nothing else.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Annotated, Any, ClassVar, Literal, Optional, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidatorFunctionWrapHandler, WrapValidator
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError

#: bounds of the schema (cardgen.model.schema re-exports them with the others)
MAX_VALUE = 20           #: propulsion values, modifiers, floors and other per-round amounts
MAX_LOAD = 50            #: composition cap, boarding limits, platform and draw sizes
MAX_ROUND = 100          #: clock times and event-track rounds
MAX_POINTS = 1000        #: fares, bonuses and penalties
MAX_SCORE = 10_000       #: a player's score or deliveries in a condition

OPERATION, EVENT = "operation", "event"
#: a dispatch kind's timing: the windows the engine offers each train every round, in round order
WITH_REVEAL, AFTER_MOVEMENT, ANY_TIME = "with_operation_reveal", "after_movement", "any_time"
DISPATCH_TIMINGS = (WITH_REVEAL, AFTER_MOVEMENT, ANY_TIME)
#: every timing a primitive can be allowed at
TIMINGS = (OPERATION, EVENT, *DISPATCH_TIMINGS)


from cardgen.model.basic import Id  # noqa: E402  (the schema's id type, shared by every game)


def Bounds(lo: int, hi: int) -> FieldInfo:
    """A whole number's bounds, ``lo`` to ``hi`` both included, written ``Annotated[int, Bounds(1, 20)]``: the
    type checker reads ``int``, pydantic the bounds (a call in the type's place would be no type at all)."""
    return Field(ge=lo, le=hi)


class Primitive(BaseModel):
    """One effect; ``type`` names the primitive."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    #: when this primitive can happen (see the module docstring)
    TIMINGS: ClassVar[tuple[str, ...]] = ()
    #: what a card of this kind must name on the event track ("station", "section"), if anything
    TARGET: ClassVar[str | None] = None
    #: what an event card of this kind MAY name to apply there only ("station"): a target the kind may add
    TARGETS: ClassVar[tuple[str, ...]] = ()
    #: a YAML example for the reference
    EXAMPLE: ClassVar[str] = ""
    #: what a bot picks when the player chooses the effect's train: "friend" (its own other train)
    HINT: ClassVar[str] = ""
    #: whether a train carries this effect with it, so that `lasts: until_stop` (that train's stop) has meaning
    TRAIN_HELD: ClassVar[bool] = False
    #: a registered primitive (:func:`register_primitive`) that makes its player name something: "train" or
    #: "pile", one of :meth:`choices`; the built-in ones say what they name through their fields
    CHOOSES: ClassVar[str] = ""

    # How the engine plays a primitive registered from outside the built-in set (a plug-in's or a test's: one
    # class is the whole primitive). The built-in ones are flattened into the compiled kernel instead
    # (cardgen/engine/rules/compiled.py) and never reach these three.
    def choices(self, game: Any, train: int) -> list[int]:
        """What the player may name when playing it for ``train`` (trains or piles, as CHOOSES says; ``game``: the
        engine's state); an empty list when it cannot be played now. Only called when CHOOSES is set."""
        return []

    def apply(self, game: Any, train: int, choice: int) -> bool:
        """Apply it for ``train`` (on an event card: for each train in turn), ``choice`` being the train or pile
        its player named (-1: none); True when it changed anything (the simulator counts the card as taking
        effect). Both drivers, the fast loop and the checked path, call this one function."""
        raise NotImplementedError(f"primitive '{primitive_name(self)}' does not say how it applies")

    def hint(self, view: Any, train: int, choices: list[int]) -> Optional[int]:
        """What a rule-following bot does with a card of this primitive for ``train`` (``view``: what its player
        may see): the choice to play it with (-1 when it names nothing), or None to keep it for later. A bot plays
        a card every primitive of which says None in the last round, so that no card goes unplayed; the lookahead
        bot values the card by rollouts instead (cardgen/engine/bots/rollout.py)."""
        return None
    #: the formula box's notation (cardgen/games/rail_journey/faces/formulas.py): ``{field}`` from the effect's
    #: numbers (``{field:+}`` signed), ``{station}``/``{section}`` the card's target; '' prints no formula
    NOTATION: ClassVar[str] = ""
    #: the card text's phrase, by language (cardgen/model/phrases.py joins it with conditions, target and duration):
    #: ``{field}`` from the effect's numbers, ``{train}`` the train it applies to ("your train", "every train
    #: carrying 5 or more places"), ``{station}``/``{section}`` the card's target. The phrase lives on the
    #: primitive, not in strings.yaml, because the primitive is the unit a game or a plug-in registers: one that
    #: comes later brings its own words with its fields, and no edition's strings.yaml has to learn them.
    TEXT: ClassVar[dict[str, str]] = {}
    #: a phrase added after the duration when the effect's ``amount`` is below 0 ("never below {floor}")
    TEXT_IF_NEGATIVE: ClassVar[dict[str, str]] = {}
    #: the phrase on a dispatch card played after the move, when it differs (a closure holds for the trains still
    #: to move, ruling R26)
    TEXT_AFTER_MOVE: ClassVar[dict[str, str]] = {}
    #: whether the effect happens at once (a swap, a draw): its text names no duration
    INSTANT: ClassVar[bool] = False


class IgnoreBoardingLimit(Primitive):
    """The card's train boards freely when a `boarding_limit` (Crowded Train) is in force this round."""

    type: Literal["ignore_boarding_limit"] = Field(description="Primitive name.")
    TIMINGS = (OPERATION,)
    EXAMPLE = "{type: ignore_boarding_limit}"
    TEXT = {"zh": "{train}停靠时上客不受限制", "en": "{train} boards freely despite a boarding limit"}


class NoStop(Primitive):
    """The card's train does not stop this round: no alighting, no boarding, no Group Booking; on an event card,
    no train stops this round. A `force_stop` in force the same round wins."""

    type: Literal["no_stop"] = Field(description="Primitive name.")
    TIMINGS = (OPERATION, EVENT, WITH_REVEAL)
    EXAMPLE = "{type: no_stop}"
    NOTATION = "🚉 ⏩"
    TEXT = {"zh": "{train}不停靠（不能上下客）", "en": "{train} does not stop (no alighting, no boarding)"}


class ForceStop(Primitive):
    """The card's train (every train, on an event card) ends its move at the first station it reaches this round
    and stops there, even after playing a no-stop card; moving fewer cells than R this way gains no W."""

    type: Literal["force_stop"] = Field(description="Primitive name.")
    TIMINGS = (OPERATION, EVENT, WITH_REVEAL)
    EXAMPLE = "{type: force_stop}"
    NOTATION = "🛑 🚉"
    TEXT = {"zh": "{train}在到达的第一个车站停车", "en": "{train} stops at the first station it reaches"}


class MoveTickets(Primitive):
    """Played as its train's stop begins: up to `count` tickets aboard it, those going farthest, move onto the
    platform of the station it stops at and keep their boarding time (a train that boards one later is judged
    on time from it); the places they took are free at once."""

    type: Literal["move_tickets"] = Field(description="Primitive name.")
    count: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="Most tickets moved from the train to the "
                                                                   "platform.")
    TIMINGS = (ANY_TIME,)
    EXAMPLE = "{type: move_tickets, count: 2}"
    NOTATION = "🎫 ≤ {count} → 🚉"
    TEXT = {"zh": "{train}上去得最远的至多 {count} 名旅客下到停靠站的候车队列（保留原上车时刻）",
            "en": "up to {count} tickets aboard {train} going farthest step onto the platform where it stops, "
                  "keeping their boarding time"}
    INSTANT = True


class LoadCondition(Primitive):
    """A primitive that may apply only to trains whose load (places occupied) is in `min_load`..`max_load`:
    every train of an event, or the train a dispatch card is played for. The two fields are declared once,
    here, for every primitive that takes the condition."""

    min_load: Annotated[int, Bounds(0, MAX_LOAD)] = Field(default=0, description="Event or dispatch card: only trains carrying at "
                                                                "least this many places.")
    max_load: Annotated[int, Bounds(0, MAX_LOAD)] = Field(default=MAX_LOAD, description="Event or dispatch card: only trains "
                                                                       "carrying at most this many places.")
    at: Literal["anywhere", "station", "section", "terminal"] = Field(
        default="anywhere", description="Event or dispatch card: only a train standing on a station, in a section or "
                                        "on a terminal (where it stands when the effect applies: at the reveal for R, "
                                        "as the round begins for an event's W).")
    heading: Literal["any", "left", "right"] = Field(
        default="any", description="Event or dispatch card: only a train heading this way (the lines' directions).")
    played: list[Id] = Field(
        default=[], max_length=40, description="Event or dispatch card: only a train whose operation card revealed "
                                               "this round is of one of these kinds (ids); as the round begins (an "
                                               "event's W), the one it revealed last round.")
    min_score: Annotated[int, Bounds(-MAX_SCORE, MAX_SCORE)] = Field(
        default=-MAX_SCORE, description="Event or dispatch card: only a train whose owner has at least this score.")
    max_score: Annotated[int, Bounds(-MAX_SCORE, MAX_SCORE)] = Field(
        default=MAX_SCORE, description="Event or dispatch card: only a train whose owner has at most this score.")
    min_deliveries: Annotated[int, Bounds(0, MAX_SCORE)] = Field(
        default=0, description="Event or dispatch card: only a train whose owner has delivered at least this many "
                               "tickets.")
    max_deliveries: Annotated[int, Bounds(0, MAX_SCORE)] = Field(
        default=MAX_SCORE, description="Event or dispatch card: only a train whose owner has delivered at most this "
                                       "many tickets.")


class Lasting(Primitive):
    """A primitive an event or dispatch card may make last beyond its round (`lasts`, cardgen/model/durations.py);
    declared once, here, for every primitive whose effect adds up round after round."""

    lasts: Literal["round", "game", "until_stop"] | Annotated[int, Bounds(1, MAX_ROUND)] = Field(
        default="round", description="Event or dispatch card: how long it lasts: `round` (this round), a number of "
                                     "rounds (this one included), `game` (every later round), or `until_stop` (for "
                                     "each train it applies to, until that train's next stop, this round's included).")


class Picked(Primitive):
    """A primitive a dispatch card played after the move may aim at what its player picks near its train: a train
    (`train: chosen`) or a section (`section: chosen`), within `range` cells. The fields are declared once, here,
    for every primitive that can be aimed so (cardgen/model/effects.py target_problem says where)."""

    section: Literal["card", "chosen"] = Field(
        default="card", description="Dispatch card after the move: `chosen`, a section the player picks within "
                                    "`range` cells of the card's train (`card`: an event card's own section, or "
                                    "none).")
    range: Annotated[int, Bounds(1, MAX_VALUE)] = Field(
        default=1, description="With `train: chosen` or `section: chosen`: how many cells from the card's train the "
                               "chosen train (another train, anyone's) or section may be.")


class WaitGain(LoadCondition, Lasting, Picked):
    """Wait value W rises by `amount` (capped by the wait track, ruling R11): the card's train on an
    operation or dispatch card, every train on an event (or only trains whose load is in
    `min_load`..`max_load`). Played with the operation reveal, it counts when the wait card's gain does
    (ruling R17); after the move or at the stop, it orders the next round. With the event kind's `target:
    section`, only trains standing in the card's section as the round begins. After the move, a dispatch card may
    give it to a train the player chooses within `range` cells of its own (`train: chosen`), or to every train
    standing in a section the player chooses (`section: chosen`); a bot picks its own other train, or a section
    one stands in (the hint a gain gives)."""

    type: Literal["wait_gain"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(1, MAX_VALUE)] = Field(description="How much W rises.")
    train: Literal["own", "chosen"] = Field(default="own", description="Dispatch card after the move: `own` (the "
                                                                      "card's train) or `chosen` (a train the player "
                                                                      "picks within `range` cells).")
    #: the choice a bot makes for `train: chosen` or `section: chosen`: a gain is for a friend (the player's own
    #: other train, or a section one stands in)
    HINT = "friend"
    TARGETS = ("section",)
    TRAIN_HELD = True
    TIMINGS = (OPERATION, EVENT, *DISPATCH_TIMINGS)
    EXAMPLE = "{type: wait_gain, amount: 1}"
    NOTATION = "W {amount:+}"
    TEXT = {"zh": "{train}待避值 W {amount:+}", "en": "wait value W {amount:+} for {train}"}


class PropulsionModifier(LoadCondition, Lasting):
    """Propulsion R changes by `amount` this round, inside max(floor, ...) (ruling R18): every train on an
    event, the card's train on a dispatch card (Signal Priority); with `min_load`..`max_load`, only a
    train whose load is in that range; with the event kind's `target: section`, only trains standing in the
    section the card names (at the reveal)."""

    type: Literal["propulsion"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(-MAX_VALUE, MAX_VALUE)] = Field(description="Added to R; negative slows trains.")
    TARGETS = ("section",)
    TRAIN_HELD = True
    TIMINGS = (EVENT, WITH_REVEAL)
    EXAMPLE = "{type: propulsion, amount: 1, max_load: 4}"
    NOTATION = "R {amount:+}"
    TEXT = {"zh": "{train}推进力 R {amount:+}", "en": "R {amount:+} for {train}"}
    TEXT_IF_NEGATIVE = {"zh": "（最低 {floor}）", "en": " (never below {floor})"}


class SwapAdjacent(Primitive):
    """After moving, swap cells with a train on a neighbouring cell, ignoring blocking (ruling R6)."""

    type: Literal["swap_adjacent"] = Field(description="Primitive name.")
    TIMINGS = (AFTER_MOVEMENT,)
    EXAMPLE = "{type: swap_adjacent}"
    NOTATION = "⇄"
    TEXT = {"zh": "{train}与一趟相邻列车交换所在格（无视闭塞）", "en": "{train} swaps cells with an adjacent train (blocking is ignored)"}
    INSTANT = True


class IgnoreBlocking(Primitive):
    """This round trains on the card's train's line do not stop it (rules 4.3): it runs past them. It still
    never ends its move on a full section line: it stops on the last cell of its run it may stand on."""

    type: Literal["ignore_blocking"] = Field(description="Primitive name.")
    TIMINGS = (WITH_REVEAL,)
    EXAMPLE = "{type: ignore_blocking}"
    TEXT = {"zh": "{train}不受同线前车阻挡，但不能停在已被占满的区间",
            "en": "{train} runs past trains on its line but may not end its move in a full section"}


class IgnoreClosure(Primitive):
    """A section closed this round (`section_closed`) is open to the card's train."""

    type: Literal["ignore_closure"] = Field(description="Primitive name.")
    TIMINGS = (WITH_REVEAL,)
    EXAMPLE = "{type: ignore_closure}"
    TEXT = {"zh": "封闭的区间对{train}开放", "en": "a closed section is open to {train}"}


class GroupBooking(Primitive):
    """Draw `draw` tickets from the top of a pile, put `keep` of them on a platform (ruling R7), discard
    the rest."""

    type: Literal["group_booking"] = Field(description="Primitive name.")
    draw: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="Tickets drawn from the top of a pile.")
    keep: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="Tickets placed on a platform of the player's choice.")
    TIMINGS = (ANY_TIME,)
    EXAMPLE = "{type: group_booking, draw: 3, keep: 1}"
    NOTATION = "🎫 {draw} → {keep}"
    TEXT = {"zh": "任选一个旅客牌堆，从堆顶取 {draw} 张，选 {keep} 张放进其发站的候车队列，其余 {discard} 张弃掉",
            "en": "draw the top {draw} tickets of any ticket pile, put {keep} in its origin station's queue, "
                  "discard the other {discard}"}
    INSTANT = True


class PlatformExtra(Primitive):
    """A festival: the target station's platform queue gets `amount` extra tickets from its pile; on a dispatch
    card played as the stop begins, the station whose pile the player picks (a bot: where its train stops)."""

    type: Literal["platform_extra"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="Extra tickets dealt onto the platform.")
    TIMINGS = (EVENT, ANY_TIME)
    TARGET = "station"
    EXAMPLE = "{type: platform_extra, amount: 2}   # the kind says target: station"
    NOTATION = "{station} 🎫 +{amount}"
    TEXT = {"zh": "{station}候车队列 +{amount} 张", "en": "the platform queue at {station} gets {amount} extra tickets"}
    INSTANT = True


class SectionClosed(Picked):
    """A section is closed on both lines this round: a train stops before it (ruling R2). On an event card, the
    section the card names, for the whole round; on a dispatch card played after the move, a section the player
    picks within `range` cells of its train (`section: chosen`), from then on: the trains still to move this round
    stop before it (ruling R26). A bot closes the section a rival still to move would run into (the hint a
    closure gives)."""

    type: Literal["section_closed"] = Field(description="Primitive name.")
    #: the choice a bot makes for `section: chosen`: a closure is against a foe (a rival's train still to move)
    HINT = "foe"
    TIMINGS = (EVENT, AFTER_MOVEMENT)
    TARGET = "section"
    EXAMPLE = '{type: section_closed}   # the kind says target: section'
    NOTATION = "{section} 🚫"
    TEXT = {"zh": "{section}封闭（上下行都不能进）", "en": "{section} is closed (both lines)"}
    TEXT_AFTER_MOVE = {"zh": "{section}对还未移动的列车封闭（上下行都不能进）",
                       "en": "{section} is closed (both lines) to every train still to move"}


class ClockHold(Primitive):
    """The clock does not advance at the end of this round (one more round is played)."""

    type: Literal["clock_hold"] = Field(description="Primitive name.")
    TIMINGS = (EVENT,)
    EXAMPLE = "{type: clock_hold}"
    NOTATION = "⏱ +0"
    TEXT = {"zh": "时刻不推进", "en": "the clock does not advance"}


class OrderReversed(Primitive):
    """Movement order is reversed this round: lowest W first."""

    type: Literal["order_reversed"] = Field(description="Primitive name.")
    TIMINGS = (EVENT,)
    EXAMPLE = "{type: order_reversed}"
    TEXT = {"zh": "移动顺序反转（按 W 升序）", "en": "movement order is reversed (lowest W first)"}


class BoardingLimit(Lasting):
    """Each stop this round may board at most `amount` tickets (an operation card with
    `ignore_boarding_limit` is exempt); with the kind's `target: station`, only stops at the station the card
    names (such a limit lasts its round only)."""

    type: Literal["boarding_limit"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(1, MAX_LOAD)] = Field(description="Most tickets boarded per stop.")
    TIMINGS = (EVENT,)
    TARGETS = ("station",)
    EXAMPLE = "{type: boarding_limit, amount: 1}"
    NOTATION = "🎫 ≤ {amount}"
    TEXT = {"zh": "每次停靠最多装载 {amount} 名旅客", "en": "boarding is limited to {amount} per stop"}


class CapacityChange(Lasting):
    """The composition cap changes by `amount` this round, for boarding (never below 0; nobody is put off a
    train that already carries more): every train's on an event, the card's train's on an operation card or a
    dispatch card played with the operation reveal."""

    type: Literal["capacity"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(-MAX_LOAD, MAX_LOAD)] = Field(description="Added to the composition cap this round; not 0.")
    TRAIN_HELD = True
    TIMINGS = (OPERATION, EVENT, WITH_REVEAL)
    EXAMPLE = "{type: capacity, amount: 3}"
    NOTATION = "N max {amount:+}"
    TEXT = {"zh": "{train}上客时编成上限 {amount:+}", "en": "{train} boards with a composition cap {amount:+}"}


class PlatformSizeChange(Lasting):
    """Platforms are refilled to the platform size plus `amount` this round (never below 0)."""

    type: Literal["platform_size"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(-MAX_LOAD, MAX_LOAD)] = Field(description="Added to the platform size this round; not 0.")
    TIMINGS = (EVENT,)
    EXAMPLE = "{type: platform_size, amount: 2}"
    NOTATION = "🚉 🎫 {amount:+}"
    TEXT = {"zh": "站台补充时容量 {amount:+}", "en": "platform size {amount:+} when platforms are refilled"}


class DeliveryBonus(Lasting):
    """Open scoring: each ticket delivered this round scores `amount` more (on time or late)."""

    type: Literal["delivery_bonus"] = Field(description="Primitive name.")
    amount: Annotated[int, Bounds(-MAX_POINTS, MAX_POINTS)] = Field(description="Points added to each delivery; "
                                                                             "not 0.")
    TIMINGS = (EVENT,)
    EXAMPLE = "{type: delivery_bonus, amount: 2}"
    NOTATION = "🎫 ✓ {amount:+}"
    TEXT = {"zh": "每送达一名旅客 {amount:+} 分", "en": "each delivery scores {amount:+}"}


PRIMITIVES: tuple[type[Primitive], ...] = (
    IgnoreBoardingLimit, NoStop, ForceStop, MoveTickets, WaitGain, PropulsionModifier, SwapAdjacent, IgnoreBlocking, IgnoreClosure,
    GroupBooking, PlatformExtra, SectionClosed, ClockHold, OrderReversed, BoardingLimit, CapacityChange,
    PlatformSizeChange, DeliveryBonus,
)
def primitive_name(primitive: Primitive | type[Primitive]) -> str:
    """The ``type`` a primitive is written with (its one ``Literal``)."""
    cls = primitive if isinstance(primitive, type) else type(primitive)
    return str(get_args(cls.model_fields["type"].annotation)[0])


BY_NAME: dict[str, type[Primitive]] = {primitive_name(p): p for p in PRIMITIVES}
#: the names of the primitives the engine's kernel plays itself
BUILT_IN = frozenset(BY_NAME)
#: the entry point group a package declares its own primitives in (``name = "module:Class"``)
ENTRY_POINTS = "cardgen.primitives"
_REGISTERED: dict[str, type[Primitive]] = {}
_loaded = False


#: what a registered primitive may make its player name, and the one timing it is named at ("" : nothing, any)
CHOICE_WINDOWS = {"": "", "train": AFTER_MOVEMENT, "pile": ANY_TIME}


def names_something(effect: Primitive) -> bool:
    """Whether playing ``effect`` makes its player name something: a train (a swap, a chosen train's gain), a
    section (`section: chosen`), a pile (a booking, a festival played at a stop), or what a registered primitive
    CHOOSES."""
    return bool(effect.CHOOSES) or getattr(effect, "train", "own") == "chosen" \
        or getattr(effect, "section", "card") == "chosen" \
        or primitive_name(effect) in ("swap_adjacent", "group_booking", "platform_extra")


class PrimitiveError(ValueError):
    """A primitive that cannot be registered: what is wrong with its class."""


def register_primitive(cls: type[Primitive]) -> type[Primitive]:
    """Add a primitive to the language: content may then write ``{type: NAME, ...}`` with its fields, the validator
    checks it at its TIMINGS, the engine plays it through its ``apply``, the bots through its ``hint`` (and the
    lookahead by rollouts), the reference documents it from its docstring and fields. Usable as a decorator."""
    if not (isinstance(cls, type) and issubclass(cls, Primitive)):
        raise PrimitiveError(f"{cls!r} is not a Primitive class")
    try:
        name = primitive_name(cls)
    except (KeyError, IndexError):
        raise PrimitiveError(f"{cls.__name__} needs a `type: Literal[\"name\"]` field") from None
    if name in BUILT_IN:
        raise PrimitiveError(f"primitive '{name}' is built in")
    unknown = [t for t in cls.TIMINGS if t not in TIMINGS]
    if not cls.TIMINGS or unknown:
        raise PrimitiveError(f"primitive '{name}' needs TIMINGS among {', '.join(TIMINGS)}"
                             + (f" (not {', '.join(unknown)})" if unknown else ""))
    if cls.TARGETS:
        raise PrimitiveError(f"primitive '{name}': a registered primitive targets what its card names (TARGET) or "
                             "what its apply() is given, not an optional target (TARGETS)")
    if cls.TARGET is not None and (cls.TARGET not in ("station", "section") or cls.TIMINGS != (EVENT,)
                                   or "lasts" in cls.model_fields):
        raise PrimitiveError(f"primitive '{name}': TARGET ('station' or 'section') is what an event card names: "
                             "TIMINGS = ('event',), and it lasts its round (no Lasting)")
    window = CHOICE_WINDOWS.get(cls.CHOOSES)
    if window is None:
        raise PrimitiveError(f"primitive '{name}': CHOOSES is 'train', 'pile' or empty, not {cls.CHOOSES!r}")
    if window and cls.TIMINGS != (window,):
        raise PrimitiveError(f"primitive '{name}': a {cls.CHOOSES} is named at timing '{window}' only "
                             f"(TIMINGS = ('{window}',))")
    if "lasts" in cls.model_fields and (EVENT not in cls.TIMINGS or cls.TRAIN_HELD):
        raise PrimitiveError(f"primitive '{name}': a registered primitive lasts beyond its round on an event card "
                             "(subclass Lasting with EVENT among its TIMINGS, TRAIN_HELD False)")
    if cls.apply is Primitive.apply:
        raise PrimitiveError(f"primitive '{name}' must define apply(game, train, choice)")
    BY_NAME[name] = _REGISTERED[name] = cls
    return cls


def unregister_primitive(name: str) -> None:
    """Take a registered primitive out of the language again (tests)."""
    if name in _REGISTERED:
        del _REGISTERED[name]
        del BY_NAME[name]


def _load_entry_points() -> None:
    """Register the primitives installed packages declare (entry point group ``cardgen.primitives``), once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for point in entry_points(group=ENTRY_POINTS):
        register_primitive(point.load())


def primitives() -> tuple[type[Primitive], ...]:
    """Every primitive of the language: the built-in ones, then those registered."""
    _load_entry_points()
    return PRIMITIVES + tuple(_REGISTERED.values())


def _built_in_or_registered(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """An effect whose ``type`` names a registered primitive is read by that primitive's class; any other by the
    built-in union (whose errors, an unknown type's included, are the validator's usual ones)."""
    name = value.get("type") if isinstance(value, dict) else None
    if isinstance(name, str) and name not in BUILT_IN:
        _load_entry_points()
        cls = _REGISTERED.get(name)
        if cls is not None:
            return cls.model_validate(value)
        if _REGISTERED:
            raise PydanticCustomError("union_tag_invalid", "unknown type {tag}", {
                "discriminator": "'type'", "tag": name, "expected_tags": ", ".join(f"'{n}'" for n in BY_NAME)})
    return handler(value)


Effect = Annotated[
    Union[
        IgnoreBoardingLimit, NoStop, ForceStop, MoveTickets, WaitGain, PropulsionModifier, SwapAdjacent,
        IgnoreBlocking, IgnoreClosure, GroupBooking, PlatformExtra, SectionClosed, ClockHold, OrderReversed, BoardingLimit, CapacityChange,
        PlatformSizeChange, DeliveryBonus,
    ],
    Field(discriminator="type"),
    WrapValidator(_built_in_or_registered),
]

#: parameters that make an effect a condition on a train's load: for "every train" of an event, or for
#: the train a dispatch card is played for; an operation card's train already chose to play it
LOAD_FIELDS = ("min_load", "max_load")
#: the conditions on the card a train played and its owner's standing: (field, what it is a condition on)
STANDING_FIELDS = ("played", "min_score", "max_score", "min_deliveries", "max_deliveries")
#: every condition field, in the order the validator and the formula read them
CONDITION_FIELDS = (*LOAD_FIELDS, "at", "heading", *STANDING_FIELDS)
#: each pair of bounds whose low end may not pass its high end
BOUND_PAIRS = (("min_load", "max_load"), ("min_score", "max_score"), ("min_deliveries", "max_deliveries"))
#: the condition on where the train stands, by bit: a station, a section, a terminal (a terminal is a station too)
PLACES = {"anywhere": 7, "station": 1, "section": 2, "terminal": 4}
#: the condition on the train's heading, by bit beside PLACES
HEADINGS = {"any": 24, "right": 8, "left": 16}


def timing_problem(effect: Primitive, timing: str) -> str | None:
    """Why ``effect`` cannot happen at ``timing``, or None.

    >>> timing_problem(SwapAdjacent(type="swap_adjacent"), "event")
    "effect 'swap_adjacent' cannot be on an event card"
    >>> timing_problem(PropulsionModifier(type="propulsion", amount=2), "any_time")
    "effect 'propulsion' cannot be used at timing 'any_time' (allowed: event, with_operation_reveal)"
    """
    if timing in effect.TIMINGS:
        return None
    if timing in (OPERATION, EVENT):
        return f"effect '{primitive_name(effect)}' cannot be on an {timing} card"
    return (f"effect '{primitive_name(effect)}' cannot be used at timing '{timing}' "
            f"(allowed: {', '.join(effect.TIMINGS)})")


def until_stop_problem(effect: Primitive) -> str | None:
    """Why ``effect`` cannot last `until_stop`, or None: only an effect a train carries ends at its stop.

    >>> until_stop_problem(DeliveryBonus(type="delivery_bonus", amount=2, lasts="until_stop"))
    "'until_stop' ends at a train's stop: a 'delivery_bonus' effect is not carried by a train (lasts: round, a number or game)"
    """
    if getattr(effect, "lasts", "round") != "until_stop" or effect.TRAIN_HELD:
        return None
    return (f"'until_stop' ends at a train's stop: a '{primitive_name(effect)}' effect is not carried by a train "
            "(lasts: round, a number or game)")


def target_problem(effect: Primitive, timing: str) -> tuple[str, str] | None:
    """(field, why) when ``effect`` names a chosen train or section where it cannot: only a dispatch card played
    after the move picks one, for its round; `range` is for a chosen train or section only; a dispatch card's
    closure closes a chosen section.

    >>> target_problem(SectionClosed(type="section_closed"), AFTER_MOVEMENT)
    ('type', "a dispatch card's 'section_closed' closes a section its player picks: write section: chosen")
    """
    fields = effect.model_fields_set
    train, section = getattr(effect, "train", "own") == "chosen", getattr(effect, "section", "card") == "chosen"
    if train and section:
        return "section", "an effect goes to a chosen train or to the trains in a chosen section, not both"
    if train or section:
        what = "train" if train else "section"
        if timing != AFTER_MOVEMENT:
            return what, f"a chosen {what} is picked after the move: only at timing '{AFTER_MOVEMENT}'"
        if getattr(effect, "lasts", "round") != "round":
            return "lasts", f"an effect on a chosen {what} lasts its round only"
    elif "range" in fields and isinstance(effect, Picked):
        return "range", "'range' is how far a chosen train or section may be: it needs train: chosen or section: chosen"
    elif isinstance(effect, SectionClosed) and timing == AFTER_MOVEMENT:
        return "type", "a dispatch card's 'section_closed' closes a section its player picks: write section: chosen"
    return None
