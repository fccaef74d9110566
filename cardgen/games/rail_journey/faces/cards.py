"""The card faces: tickets, operation sets, dispatch, events, and every deck's back.

Each function turns content into :class:`Face` objects with their printed
copies; the look lives in ``templates/``. Card ids are file-name safe.
"""

from __future__ import annotations

from typing import Any

from cardgen.model.content import Content, Ticket
from cardgen.model.schema import Colour, DispatchKind, PrintRow
from cardgen.render.faces.facekit import Face, FaceMaker
from cardgen.games.rail_journey.faces.formulas import condition_formula, effects_formula, operation_formulas


def card_size(content: Content) -> tuple[float, float]:
    size = content.game.card_size_mm
    return (size.width, size.height)


def ticket_direction(content: Content, ticket: Ticket) -> str:
    """Which way a train must be heading to carry this ticket: ``right`` or ``left``."""
    a = content.stations[ticket.origin].cell
    b = content.stations[ticket.destination].cell
    return "right" if b > a else "left"


def line_for(content: Content, direction: str):
    """The map line trains heading ``direction`` use (its colour codes the direction)."""
    for line in content.map.lines:
        if line.direction == direction:
            return line
    return content.map.lines[0]


def ticket_faces(content: Content, maker: FaceMaker) -> list[Face]:
    faces = []
    for t in content.tickets:
        direction = ticket_direction(content, t)
        lo, hi = sorted((content.stations[t.origin].cell, content.stations[t.destination].cell))
        route = [
            {"station": st, "on_route": lo <= st.cell <= hi,
             "end": st.id in (t.origin, t.destination)}
            for st in content.map.stations
        ]
        faces.append(maker.make(
            kind="ticket", id=f"ticket-{t.id}", label=f"ticket {t.origin}→{t.destination}",
            template="ticket.html.j2", size=card_size(content), copies=t.copies,
            caption=f"{maker.words.label('ticket')} {t.origin} → {t.destination}",
            sheet_colour=line_for(content, direction).colour,
            back=f"back-ticket-{t.origin}",
            t=t, origin=content.stations[t.origin], destination=content.stations[t.destination],
            direction=direction, line=line_for(content, direction), route=route,
            fare_cases=[f"{condition_formula(case)}: F {case.fare}" for case in t.kind.fare_when],
        ))
    return faces


def operation_colours(content: Content, row: PrintRow) -> list[Colour]:
    return content.game.colours[: row.operation_sets]


def operation_faces(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    faces = []
    for colour in operation_colours(content, row):
        for kind in content.operations.kinds:
            faces.append(maker.make(
                kind="operation", id=f"operation-{colour.id}-{kind.id}",
                label=f"operation {colour.id} {kind.id}", template="operation.html.j2",
                caption=f"{maker.words.label('operation')} · {maker.words(colour.name)} · {maker.words(kind.name)}",
                sheet_colour=colour.hex,
                size=card_size(content), copies=kind.copies, back=f"back-operation-{colour.id}",
                card=kind, colour=colour, formulas=operation_formulas(content, kind, maker.words.label),
            ))
    return faces


def uses_dispatch(content: Content) -> bool:
    """False when nobody is dealt dispatch cards (variant 9.6): the deck is not printed."""
    return content.game.setup.dispatch_per_player > 0


def print_row(content: Content, players: int) -> PrintRow:
    """What to print for ``players`` (printing.yaml, rules 3.3).

    The largest player count (the default build) prints ``full_set``: the whole
    set the rules' print pages carry, every dispatch card included. Fewer
    players print their ``by_players`` row, so ``--players 2`` prints what rules
    3.3 lists for two.
    """
    row = content.printing.full_set if players == content.game.players.max else content.printing.by_players[players]
    per_train = content.game.setup.trains_per_player
    if per_train == 1:
        return row
    # two locomotives each (variant 9.3): every train runs its own operation deck, token and wait track
    # (ruling R10), so the rows' per-player components are printed once per train
    return row.model_copy(update={name: getattr(row, name) * per_train
                                  for name in PrintRow.PER_TRAIN})


def spread(total: int, caps: list[int]) -> list[int]:
    """``total`` cards over kinds of ``caps`` copies each, as evenly as possible, the extra ones to the first
    kinds, never more than a kind's copies: a kind with fewer copies leaves its share to the others.

    >>> spread(4, [5, 5, 5]), spread(8, [5, 5, 5]), spread(15, [5, 5, 5]), spread(12, [5, 1, 5])
    ([2, 1, 1], [3, 3, 2], [5, 5, 5], [5, 1, 5])
    """
    out = [0] * len(caps)
    left = min(total, sum(caps))
    while left:                      # one round of one card per kind that still has copies
        for i, cap in enumerate(caps):
            if left and out[i] < cap:
                out[i] += 1
                left -= 1
    return out


def dispatch_copies(content: Content, row: PrintRow) -> list[tuple[DispatchKind, int]]:
    """The printed copies of each dispatch kind: the row's count spread evenly in kind order, within each
    kind's copies (the validator keeps the row within the deck, so a full row prints every card)."""
    if not uses_dispatch(content):
        return []
    kinds = content.dispatch.kinds
    return [(kind, n) for kind, n in zip(kinds, spread(row.dispatch, [k.copies for k in kinds])) if n]


def dispatch_faces(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    return [
        maker.make(kind="dispatch", id=f"dispatch-{kind.id}", label=f"dispatch {kind.id}",
                   caption=f"{maker.words.label('dispatch')} · {maker.words(kind.name)}",
                   template="dispatch.html.j2", size=card_size(content), copies=copies,
                   back="back-dispatch", card=kind, module=module_of(content, kind))
        for kind, copies in dispatch_copies(content, row)
    ]


def holds_clock(content: Content, kind_id: str) -> bool:
    return content.kind_holds_clock(kind_id)


def exempt_operations(content: Content, effect_type: str) -> list:
    """Operation kinds whose effect lifts an event's limit (🚋 Local and Crowded Train, rules 6.2 phase 4)."""
    lifts = {"boarding_limit": "ignore_boarding_limit"}.get(effect_type)
    return [k for k in content.operations.kinds if lifts and any(e.type == lifts for e in k.effects)]


def event_faces(content: Content, maker: FaceMaker) -> list[Face]:
    faces = []
    for round_no, card in content.event_track:
        kind = content.event_kinds[card.kind]
        faces.append(maker.make(
            kind="event", id=f"event-round-{round_no:02d}", label=f"event round {round_no} ({kind.id})",
            template="event.html.j2", size=card_size(content), copies=1, back="back-event",
            caption=f"{maker.words.label('event')} · {maker.words.label('round')} {round_no} · {maker.words(kind.name)}",
            round_no=round_no, card=kind, text=content.event_text(card, maker.words.lang),
            hold=holds_clock(content, card.kind), formula=effects_formula(content.card_effects(card), card, maker.words.label),
            exempt=[k for e in kind.effects for k in exempt_operations(content, e.type)],
            module=module_of(content, card) or module_of(content, kind),
        ))
    return faces


def module_of(content: Content, card: Any) -> Any:
    """The optional module a card belongs to (ruling R23), which its face names so that a player can sort the
    module's cards out of the box; None for a card of the game itself."""
    module = getattr(card, "module", None)
    return content.game.modules.get(module) if module else None


def back_faces(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    """One plain back per deck: the deck's name and colour, no card's own icon or number.

    Ticket backs also name their origin pile (rules 6.1 step 4 sorts the deck
    into piles by origin, face down); operation backs carry the set's colour.
    """
    size = card_size(content)
    faces = []
    for station in content.map.stations:
        cards = content.pile_size(station.id)
        if cards:
            faces.append(maker.make(kind="card_back", id=f"back-ticket-{station.id}",
                                    label=f"ticket back {station.id}", template="back_ticket.html.j2",
                                    caption=f"{maker.words.label('ticket')} · {maker.words.label('back')} · {station.id}",
                                    size=size, copies=cards, station=station))
    for colour in operation_colours(content, row):
        faces.append(maker.make(kind="card_back", id=f"back-operation-{colour.id}",
                                label=f"operation back {colour.id}", template="back_operation.html.j2",
                                caption=f"{maker.words.label('operation')} · {maker.words.label('back')} · {maker.words(colour.name)}",
                                size=size, copies=content.operation_set_size, colour=colour))
    dispatch = sum(copies for _, copies in dispatch_copies(content, row))
    if dispatch:
        faces.append(maker.make(kind="card_back", id="back-dispatch", label="dispatch back",
                                caption=f"{maker.words.label('dispatch')} · {maker.words.label('back')}",
                                template="back_deck.html.j2", size=size, copies=dispatch, deck="dispatch"))
    faces.append(maker.make(kind="card_back", id="back-event", label="event back",
                            caption=f"{maker.words.label('event')} · {maker.words.label('back')}",
                            template="back_deck.html.j2", size=size, copies=len(content.event_track), deck="event"))
    return faces
