"""Which printed faces differ between two sets: added, changed (page or copies) or removed, by id.

Why: a designer who edits one value reprints the faces it shows on, not the whole set. Any game's faces
are compared as its edition designs them (the page's HTML in every language, the copies and the back), so
a change shows whatever file it was written in; a game that knows which field made a face differ (Rail
Journey's reprint) names it, the others say ``face``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cardgen.render.faces.facekit import Face

ADDED, CHANGED, REMOVED = "added", "changed", "removed"
#: The field named when a face's page differs (its HTML, in some language).
FACE = "face"


@dataclass(frozen=True)
class FaceChange:
    """One face that is new, different or gone in the new set."""

    kind: str
    id: str
    label: str
    change: str                   #: added, changed or removed
    fields: tuple[str, ...] = ()  #: what changed ("copies 4 -> 5", "name.en", "face")
    old_copies: int = 0
    new_copies: int = 0
    old_label: str = ""           #: the old face's label (what to take out of the box)

    @property
    def restyled(self) -> bool:
        """Only something the face derives from other content changed, and all it printed it still prints
        (a route strip with a new station): the box's copy still tells the truth."""
        return self.change == CHANGED and self.fields == (FACE,)

    @property
    def copies_only(self) -> bool:
        """Only the number of copies changed: a reprint adds (or takes out) the difference."""
        return self.change == CHANGED and all(f.startswith("copies ") for f in self.fields)

    @property
    def copies_and_restyled(self) -> bool:
        """Only the copies changed, besides what the face derives from other content (a pack's view)."""
        counted = [f for f in self.fields if f != FACE]
        return self.change == CHANGED and bool(counted) and all(f.startswith("copies ") for f in counted)

    def as_dict(self) -> dict:
        return {"kind": self.kind, "id": self.id, "change": self.change, "fields": list(self.fields),
                "old_copies": self.old_copies, "new_copies": self.new_copies}


def by_kind(changes: Sequence[FaceChange]) -> dict[str, dict[str, list[str]]]:
    """``{kind: {"added": [ids], "changed": [ids], "removed": [ids]}}`` for manifest.json and --json."""
    out: dict[str, dict[str, list[str]]] = {}
    for ch in changes:
        out.setdefault(ch.kind, {ADDED: [], CHANGED: [], REMOVED: []})[ch.change].append(ch.id)
    return out


#: What a game names as changed on a face that is in both sets (the copies are added after it): ``named(old
#: face, new face, whether its page differs in some language)``; nothing named and the same copies: unchanged.
Namer = Callable[[Face, Face, bool], list[str]]


def page_and_back(before: Face, after: Face, looks: bool) -> list[str]:
    """What any game's faces tell: the page (``face``) and the back that changed."""
    fields = [FACE] if looks else []
    if before.back != after.back:
        fields.append(f"back {before.back or 'none'} -> {after.back or 'none'}")
    return fields


def compare_faces(old: Mapping[str, Sequence[Face]], new: Mapping[str, Sequence[Face]],
                  named: Namer = page_and_back) -> list[FaceChange]:
    """Every face added, changed or removed from ``old`` to ``new`` (each the faces by language, the same
    languages, the first one's order), in the new set's face order, then the removed ones in the old set's."""
    langs = list(new)
    first = langs[0]
    olds = {lang: {f.id: f for f in old[lang]} for lang in langs}
    news = {lang: {f.id: f for f in new[lang]} for lang in langs}
    changes: list[FaceChange] = []
    for face in new[first]:
        before = olds[first].get(face.id)
        if before is None:
            changes.append(FaceChange(face.kind, face.id, face.label, ADDED, (), 0, face.copies))
            continue
        looks = any(olds[lang][face.id].html != news[lang][face.id].html for lang in langs
                    if face.id in olds[lang] and face.id in news[lang])
        fields = named(before, face, looks)
        if before.copies != face.copies:
            fields.append(f"copies {before.copies} -> {face.copies}")
        if fields:
            changes.append(FaceChange(face.kind, face.id, face.label, CHANGED, tuple(fields), before.copies,
                                      face.copies, before.label))
    changes += [FaceChange(face.kind, face.id, face.label, REMOVED, (), face.copies, 0, face.label)
                for face in old[first] if face.id not in news[first]]
    return changes
