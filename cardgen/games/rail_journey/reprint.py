"""Which printed faces differ between two sets, and why: the reprint diff and the pack's print plan.

Why: a designer who edits 3 cards reprints one sheet, not 53, and a pack prints
only what it adds or changes. Faces are compared by id as the renderer designs
them (HTML and copies, in both languages), so any change that shows on a face
is found, whatever file it was written in; the fields that changed are named
from the content record behind each face (its kind, its ticket, its event card).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from cardgen.model.content import Content
from cardgen.games.rail_journey.faces import design
from cardgen.render.face_changes import CHANGED, FACE, REMOVED, FaceChange, by_kind, compare_faces
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.fit import text_runs

CARD_BACK = "card_back"
#: The field named when a face's own record is unchanged but a text it prints changed (a renamed station):
#: the old card now says something untrue, unlike a face that only shows more (a route strip with a new station).
PRINTED_TEXT = "printed text"
#: The content files whose texts a face may print (their models, by Content attribute).
TEXT_FILES = ("game", "map", "fares", "tickets_file", "operations", "dispatch", "events", "printing", "strings")


def _texts(content: Content) -> set[str]:
    """Every text the content's files write (names, card texts, labels), in every language."""
    found: set[str] = set()
    stack: list[Any] = [getattr(content, name).model_dump(mode="json") for name in TEXT_FILES]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return found


def _gone(old: Content, new: Content) -> list[str]:
    """The texts the old content wrote and the new one no longer does (an old station name), longest first;
    texts of one character are left out (they are part of too much else)."""
    return sorted((t for t in _texts(old) - _texts(new) if len(t.strip()) > 1), key=len, reverse=True)


def _still_says(old_html: str, gone: Sequence[str]) -> bool:
    """Whether the old face prints none of the texts the new content took away: a face that only shows more
    (a route strip with a new station) still tells the truth; one naming a renamed station does not."""
    printed = " ".join(text_runs(old_html))
    return not any(text in printed for text in gone)


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(_flat(item, f"{prefix}{key}."))
        return out
    return {prefix[:-1]: value}


def records(content: Content) -> dict[str, dict[str, Any]]:
    """The content fields behind each card face, by face id (as cardgen.games.rail_journey.faces.cards names them)."""
    out: dict[str, dict[str, Any]] = {}
    for t in content.tickets:
        out[f"ticket-{t.id}"] = _flat({**t.kind.model_dump(mode="json"), "span": t.span, "fare": t.fare,
                                       "slack": t.slack, "seats": t.seats, "freight": t.freight})
    for kind in content.operations.kinds:
        record = _flat(kind.model_dump(mode="json"))
        for colour in content.game.colours:
            out[f"operation-{colour.id}-{kind.id}"] = record
    for dispatch in content.dispatch.kinds:
        out[f"dispatch-{dispatch.id}"] = _flat(dispatch.model_dump(mode="json"))
    for rnd, card in content.event_track:
        event = content.event_kinds.get(card.kind)
        out[f"event-round-{rnd:02d}"] = _flat({**card.model_dump(mode="json"),
                                               "effects": {str(i): e.model_dump(mode="json")
                                                           for i, e in enumerate(content.card_effects(card))}
                                               if event else None,
                                               "name": event.name.model_dump() if event else None,
                                               "text": event.text.model_dump() if event and event.text else None,
                                               "icon": event.icon if event else None})
    return out


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 24 else text[:24] + "…"


def _fields(old: dict[str, Any] | None, new: dict[str, Any] | None) -> list[str]:
    if old is None or new is None:
        return []
    keys = [k for k in dict.fromkeys([*old, *new]) if old.get(k) != new.get(k) and k != "copies"]
    def shown(key: str) -> str:
        a, b = old.get(key), new.get(key)
        if isinstance(a, str) and len(a) > 24 or isinstance(b, str) and len(b) > 24:
            return key  # a text: its name says enough
        return f"{key} {_short(a)} -> {_short(b)}"
    return [shown(k) for k in keys]


def all_faces(content: Content, langs: Sequence[str], players: int, bleed_mm: float) -> dict[str, list[Face]]:
    return {lang: design.build_faces(content, lang=lang, players=players, bleed_mm=bleed_mm) for lang in langs}


def compare(old: Content, new: Content, *, langs: Sequence[str] = design.LANGS, players: int | None = None,
            bleed_mm: float = 3.0, old_faces: dict[str, list[Face]] | None = None,
            new_faces: dict[str, list[Face]] | None = None) -> list[FaceChange]:
    """Every face added, changed or removed from ``old`` to ``new``, in the new set's face order."""
    players = players or new.game.players.max
    old_players = players if players in old.printing.by_players else old.game.players.max
    old_faces = old_faces or all_faces(old, langs, old_players, bleed_mm)
    new_faces = new_faces or all_faces(new, langs, players, bleed_mm)
    old_rec, new_rec = records(old), records(new)
    gone = _gone(old, new)
    olds = {lang: {f.id: f for f in old_faces[lang]} for lang in langs}

    def named(before: Face, face: Face, looks: bool) -> list[str]:
        """The content fields behind the face that changed; else whether it still says all it said."""
        fields = _fields(old_rec.get(face.id), new_rec.get(face.id))
        if looks and not fields:  # a derived value, a name it quotes or the game's look changed:
            still = all(_still_says(olds[lang][face.id].html, gone) for lang in langs if face.id in olds[lang])
            fields = [FACE] if still else [PRINTED_TEXT]
        return fields

    return compare_faces({lang: old_faces[lang] for lang in langs}, {lang: new_faces[lang] for lang in langs}, named)


@dataclass
class PrintPlan:
    """The faces a pack (or a reprint) prints, and the cards to take out of the box."""

    faces: list[Face]
    changes: list[FaceChange]
    take_out: list[tuple[str, int, str]] = field(default_factory=list)  #: (label, copies, why)


def reprint_plan(changes: Sequence[FaceChange], new_faces: Sequence[Face], old_faces: Sequence[Face], *,
                 same_backs: bool) -> PrintPlan:
    """Fronts and boards that changed (only the extra copies when only the count rose), with their backs.

    ``same_backs`` (a pack): every printed card takes the OLD set's back of the same id where there is
    one, so the new cards shuffle into the old box unseen (new decks or piles keep their new back), and
    a card the pack did not change, whose face only shows something derived from what it changed (a
    ticket's route strip once a station is added), is not reprinted: the box's copy plays the same.
    """
    new_by_id = {f.id: f for f in new_faces}
    old_by_id = {f.id: f for f in old_faces}
    fronts: list[Face] = []
    take_out: list[tuple[str, int, str]] = []
    for ch in changes:
        if ch.kind == CARD_BACK:
            continue
        if ch.change == REMOVED:
            take_out.append((ch.old_label or ch.label, ch.old_copies, "removed"))
            continue
        face = new_by_id[ch.id]
        if same_backs and ch.restyled and face.layout == "card":
            continue
        if ch.copies_only or (same_backs and ch.copies_and_restyled and face.layout == "card"):
            extra = ch.new_copies - ch.old_copies
            if extra > 0:
                fronts.append(_with_copies(face, extra))
            else:
                take_out.append((ch.old_label or ch.label, -extra, "fewer copies"))
            continue
        fronts.append(face)
        if ch.change == CHANGED and ch.old_copies:  # a board too: the box would hold two track maps
            what = "card" if face.layout == "card" else "board"
            take_out.append((ch.old_label or ch.label, ch.old_copies, f"replaced by the new {what}"))
    # A pack's cards take the box's old back, so they shuffle in unseen; but a back whose text changed (a pile
    # named after a renamed station) is printed new when every card that carries it is reprinted whole.
    whole = {f.id for f in fronts if f is new_by_id.get(f.id)}
    retold = {ch.id for ch in changes if ch.kind == CARD_BACK and ch.change == CHANGED and not ch.restyled}
    carried = {back: {f.id for f in new_faces if f.back == back} for back in retold}
    backs: dict[str, Face] = {}
    for face in fronts:
        if face.back and face.back not in backs:
            renewed = face.back in retold and carried[face.back] <= whole
            source = old_by_id.get(face.back) if same_backs and not renewed else None
            backs[face.back] = source or new_by_id[face.back]
    return PrintPlan([*fronts, *backs.values()], list(changes), take_out)


def _with_copies(face: Face, copies: int) -> Face:
    from dataclasses import replace
    return replace(face, copies=copies)


__all__ = ["REMOVED", "FaceChange", "PrintPlan", "by_kind", "compare", "records", "reprint_plan"]
