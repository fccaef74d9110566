"""What a game or pack holds, kind by kind, for ``cardgen show``: ids, icons, effects, the track, print counts.

Why: a designer writing a pack needs the base game's ids (🚃 is ``rapid``, round 12 is
``rainstorm``) and each effect's parameters without reading the base YAML. Everything
here is read from the validated :class:`~cardgen.model.Content`; for a pack, each entry
is compared with its base's entry of the same id to say what the pack added, changed
or removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from cardgen.model.content import Content
from cardgen.model.effects import LOAD_FIELDS

ADDED, CHANGED, REMOVED = "added", "changed", "removed"


@dataclass(frozen=True)
class Entry:
    """One row of the catalogue: an id and its fields in reading order; ``change`` is what a pack did to it."""

    id: str
    fields: dict[str, Any]
    change: str = ""
    #: a changed row: the base's values of the fields the pack changed
    was: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {"id": self.id, **self.fields}
        if self.change:
            out["change"] = self.change
        if self.was is not None:
            out["was"] = self.was
        return out


def effects(kind: Any) -> list[dict[str, Any]]:
    """A kind's effects as ``{"type", parameter: value}``: its own parameters first, then a load condition;
    parameters left at their default omitted."""
    out = []
    for effect in kind.effects:
        params = effect.model_dump(exclude_defaults=True)
        out.append({"type": effect.type, **{k: v for k, v in params.items() if k not in LOAD_FIELDS and k != "type"},
                    **{k: v for k, v in params.items() if k in LOAD_FIELDS}})
    return out


def _name(text: Any) -> dict[str, str]:
    return {"en": text.en, "zh": text.zh}


def _in_box(c: Content, card: Any) -> dict[str, Any]:
    """A card's ``spare`` and ``module`` marks, when it has them (and whether its module leaves it out of play)."""
    out: dict[str, Any] = {}
    if card.spare:
        out["spare"] = True
    if getattr(card, "module", None) is not None:
        out["module"] = card.module
    if c.out_of_play(card):
        out["out_of_play"] = True
    return out


def _stations(c: Content) -> list[Entry]:
    return [Entry(st.id, {"icon": st.icon, "name": _name(st.name), "cell": st.cell,
                          "terminal": st.id in c.map.terminals}) for st in c.map.stations]


def _sections(c: Content) -> list[Entry]:
    return [Entry(sec.id, {"cell": sec.cell, "between": list(sec.between)}) for sec in c.map.sections]


def _sidings(c: Content) -> list[Entry]:
    return [Entry(sd.id, {"name": _name(sd.name), "cell": sd.cell, "section": c.section_at_cell[sd.cell].id
                          if sd.cell in c.section_at_cell else None, "capacity": sd.capacity,
                          "wait_gain": sd.wait_gain}) for sd in c.map.sidings]


def _tickets(c: Content) -> list[Entry]:
    out = []
    for t in c.tickets:
        fields: dict[str, Any] = {"origin": t.origin, "destination": t.destination, "span": t.span, "fare": t.fare}
        fields.update({"freight": True} if t.slack is None else {"slack": t.slack})
        if t.seats != 1:
            fields["seats"] = t.seats
        out.append(Entry(t.id, {**fields, "copies": t.copies}))
    return out


def _operations(c: Content) -> list[Entry]:
    return [Entry(k.id, {"icon": k.icon, "name": _name(k.name), "value": k.value,
                         **({"value_when": [case.model_dump(exclude_defaults=True) for case in k.value_when]}
                            if k.value_when else {}),
                         "copies": k.copies, "effects": effects(k), **_in_box(c, k)}) for k in c.operations.kinds]


def _dispatch(c: Content) -> list[Entry]:
    return [Entry(k.id, {"icon": k.icon, "name": _name(k.name), "copies": k.copies, "timing": k.timing,
                         "effects": effects(k), **_in_box(c, k)}) for k in c.dispatch.kinds]


def _events(c: Content) -> list[Entry]:
    out = []
    for k in c.events.kinds:
        fields: dict[str, Any] = {"icon": k.icon, "name": _name(k.name)}
        if k.target is not None:
            fields["target"] = k.target
        fields["effects"] = effects(k)
        fields["copies"] = sum(1 for card in c.events.track.values() if card.kind == k.id)
        out.append(Entry(k.id, {**fields, **_in_box(c, k)}))
    return out


def _track(c: Content) -> list[Entry]:
    out = []
    for rnd, card in c.event_track:
        kind = c.event_kinds.get(card.kind)
        fields: dict[str, Any] = {"kind": card.kind, "icon": kind.icon if kind else "", "card": card.id}
        for target in ("station", "section"):
            if getattr(card, target) is not None:
                fields[target] = getattr(card, target)
        if card.values:
            fields["values"] = dict(card.values)
        out.append(Entry(str(rnd), {**fields, **_in_box(c, card)}))
    return out


def _printing(c: Content) -> list[Entry]:
    rows = [Entry(f"{n} players", row.model_dump()) for n, row in sorted(c.printing.by_players.items())]
    return [*rows, Entry("full set", c.printing.full_set.model_dump()),
            Entry("shared", c.printing.shared.model_dump())]


#: Each kind ``cardgen show`` lists, in the order it lists them, and how its rows are read from the content.
KINDS: dict[str, Callable[[Content], list[Entry]]] = {
    "station": _stations, "section": _sections, "siding": _sidings, "ticket": _tickets, "operation": _operations,
    "dispatch": _dispatch, "event": _events, "track": _track, "printing": _printing,
}


def catalogue(content: Content, kinds: list[str] | None = None, base: Content | None = None) -> dict[str, list[Entry]]:
    """The rows of each kind (all of them when ``kinds`` is None); with ``base``, each row marked added or
    changed against the base's row of the same id, and the base's rows the content lacks listed as removed."""
    out: dict[str, list[Entry]] = {}
    for kind in kinds or list(KINDS):
        rows = KINDS[kind](content)
        if base is not None:
            rows = (_marked_track if kind == "track" else _marked)(rows, KINDS[kind](base))
        out[kind] = rows
    return out


def _marked(rows: list[Entry], old: list[Entry]) -> list[Entry]:
    before = {e.id: e for e in old}
    ids = {e.id for e in rows}
    marked = [e if e.id in before and before[e.id].fields == e.fields else
              Entry(e.id, e.fields, ADDED) if e.id not in before else
              Entry(e.id, e.fields, CHANGED, {k: v for k, v in before[e.id].fields.items() if e.fields.get(k) != v})
              for e in rows]
    return marked + [Entry(e.id, e.fields, REMOVED) for e in old if e.id not in ids]


def counts(content: Content) -> dict[str, str]:
    """A short count under each kind's heading (what one listing of it adds up to)."""
    return {
        "station": f"{len(content.map.stations)} stations, {len(content.map.terminals)} terminals",
        "section": f"{len(content.map.sections)} sections",
        "siding": f"{len(content.map.sidings)} siding{'' if len(content.map.sidings) == 1 else 's'} (ruling R25)",
        "ticket": f"{len(content.tickets_file.kinds)} kinds, {content.ticket_count} cards",
        "operation": f"{len(content.operations.kinds)} kinds, {content.operation_set_size} cards a set, "
                     f"values adding up to {content.operation_set_propulsion}",
        "dispatch": f"{len(content.dispatch.kinds)} kinds, {content.dispatch_count} cards",
        "event": f"{len(content.events.kinds)} kinds",
        "track": f"{len(content.events.track)} cards, clock {content.game.clock.start} to "
                 f"{content.game.clock.end}, {content.total_rounds()} rounds",
        "printing": "components printed by player count",
    }


def _marked_track(rows: list[Entry], old: list[Entry]) -> list[Entry]:
    """The track marked card by card (its id), not round by round: a card a pack inserts is added, one it removes
    is removed, and the cards after them are changed only in their round ("was round 13")."""
    before = {e.fields["card"]: e for e in old}
    marked = []
    for e in rows:
        was = before.get(e.fields["card"])
        if was is None:
            marked.append(Entry(e.id, e.fields, ADDED))
        elif was.fields == e.fields and was.id == e.id:
            marked.append(e)
        else:
            moved = {"round": was.id} if was.id != e.id else {}
            marked.append(Entry(e.id, e.fields, CHANGED,
                                {**moved, **{k: v for k, v in was.fields.items() if e.fields.get(k) != v}}))
    cards = {e.fields["card"] for e in rows}
    return marked + [Entry(e.id, e.fields, REMOVED) for e in old if e.fields["card"] not in cards]
