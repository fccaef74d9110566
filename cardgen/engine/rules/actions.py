"""The decisions a player can make, as small immutable values.

The checked path (`GameState.legal_actions` / `GameState.apply`) speaks in
these; the fast bot path passes the same facts as plain ints.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.errors import CardgenError


class IllegalAction(CardgenError):
    """An action that the current state does not allow (scripted or human input)."""

    exit_code = 1


class SetupRefused(IllegalAction):
    """A game that cannot even be set up with these players and options (e.g. hand_size above the deck).

    ``option`` names the option at fault ("" when it is the player count), so a
    caller can point at it: a script's ``options.hand_size``, or ``--option`` on
    the command line, where it is a usage error.
    """

    def __init__(self, message: str, option: str = ""):
        super().__init__(message, option)  # both in args, so it survives a worker process
        self.message, self.option = message, option

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Operation:
    """One train's part of the simultaneous reveal: which hand slot, and which dispatch card (kind index) is
    played with it, if any (a kind whose timing is with_operation_reveal, e.g. Signal Priority)."""

    slot: int = 0
    dispatch: int | None = None


@dataclass(frozen=True, slots=True)
class Reveal:
    """The joint action of the operation phase: one :class:`Operation` per train, by train index."""

    choices: tuple[Operation, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """How many cells to try to run (only offered when stopping short is allowed)."""

    cells: int


@dataclass(frozen=True, slots=True)
class Siding:
    """Whether the train whose move ended beside a siding with room pulls into it (ruling R25)."""

    enter: bool


@dataclass(frozen=True, slots=True)
class Dispatch:
    """Play dispatch card ``card`` (kind index) for the train now, after its move or at the start of its stop,
    or ``None`` to pass. ``target``: the train a swap is made with or a chosen train's effect goes to; ``pile``:
    the station (index) whose pile a Group Booking draws from or a festival deals onto its platform; ``section``:
    the section (its cell) a card that names one closes or gives its effect to."""

    card: int | None
    target: int | None = None
    pile: int | None = None
    section: int | None = None


@dataclass(frozen=True, slots=True)
class Keep:
    """Which of the drawn Group Booking tickets go onto their platform (positions in the drawn list), and
    onto which platform (station index; None: their origin, the only choice unless booking_platform="any")."""

    picks: tuple[int, ...]
    platform: int | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """Tickets (physical card numbers) taken from the platform, in order."""

    cards: tuple[int, ...]


Action = Reveal | Move | Siding | Dispatch | Keep | Board
