"""What ``cardgen diff`` and ``cardgen show`` print for any game, from its printed faces (cardgen.games.printed).

Why: both commands read only what every game hands the seam (its summary, and its edition's faces with ids,
kinds, copies, backs and pages), so a new game gets them without writing a line; the diff's lines and JSON
are Rail Journey's shape (cardgen.games.rail_journey.diff_command).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.errors import UsageError
from cardgen.games.printed import Printed
from cardgen.model.messages import suggest
from cardgen.printable import printable
from cardgen.render.face_changes import FaceChange, by_kind


def diff_doc(old: str, new: str, game: str, changes: Sequence[FaceChange]) -> dict[str, Any]:
    """``cardgen diff --json``: each change, and the ids by kind and change."""
    return {"old": old, "new": new, "game": game, "changes": [ch.as_dict() for ch in changes],
            "by_kind": by_kind(changes)}


def diff_lines(old: str, new: str, changes: Sequence[FaceChange]) -> list[str]:
    """``OLD -> NEW: N face(s) differ``, then a line a face: its kind, the change, its id and what changed."""
    return [f"{printable(old)} -> {printable(new)}: {len(changes)} face(s) differ",
            *(printable(f"  {ch.kind:<16} {ch.change:<8} {ch.id:<28} {'; '.join(ch.fields)}".rstrip())
              for ch in changes)]


@dataclass(frozen=True)
class Shown:
    """What ``cardgen show`` tells of a game's content: its summary, what simulate accepts, its printed faces."""

    game: str
    folder: str
    summary: list[str]
    bots: tuple[str, ...]
    variants: tuple[str, ...]
    printed: Printed | None  #: None: a game with nothing to print

    def kinds(self, only: str | None) -> list[str]:
        """The printed kinds in the order the game prints them; ``only`` checked to be one of them."""
        faces = next(iter(self.printed.faces.values())) if self.printed else []
        kinds = list(dict.fromkeys(f.kind for f in faces))
        if only is not None and only not in kinds:
            raise UsageError(f"KIND {only!r} is not a kind {self.game} prints{suggest(only, kinds)} "
                             f"(kinds: {', '.join(kinds) or 'none'})")
        return [only] if only is not None else kinds

    def doc(self, only: str | None) -> dict[str, Any]:
        """``cardgen show --json``."""
        doc: dict[str, Any] = {"game": self.game, "folder": self.folder, "summary": self.summary,
                               "bots": list(self.bots), "variants": list(self.variants), "kinds": {}}
        if self.printed is None:
            return doc
        doc["players"] = self.printed.players
        langs = list(self.printed.faces)
        for kind in self.kinds(only):
            by_lang = {lang: [f for f in self.printed.faces[lang] if f.kind == kind] for lang in langs}
            doc["kinds"][kind] = {
                "name": {lang: self.printed.kind_names[lang].get(kind, kind) for lang in langs},
                "faces": [{"id": face.id, "copies": face.copies, "back": face.back,
                           "caption": {lang: by_lang[lang][i].caption for lang in langs}}
                          for i, face in enumerate(by_lang[langs[0]])]}
        return doc

    def lines(self, only: str | None) -> list[str]:
        """The summary, the bots and variants, then each kind: its name, faces and copies, a line a face."""
        doc = self.doc(only)
        lines = [self.game if self.folder == self.game else f"{self.folder} ({self.game})", "", *self.summary]
        if self.bots:
            lines.append(f"bots (--lineup): {', '.join(self.bots)}")
        if self.variants:
            lines.append(f"variants (--variant): {', '.join(self.variants)}")
        if doc.get("players") is not None:
            lines.append(f"printed for {doc['players']} players")
        for kind, shown in doc["kinds"].items():
            faces = shown["faces"]
            lines += ["", f"{kind}: {_both(shown['name'])}: {len(faces)} face(s), "
                          f"{sum(f['copies'] for f in faces)} printed"]
            width = max(len(f["id"]) for f in faces)
            count = max(len(str(f["copies"])) for f in faces)
            lines += [f"  {f['id']:<{width}}  {f['copies']:>{count}} x  {_both(f['caption'])}"
                      + (f"  (back {f['back']})" if f["back"] else "") for f in faces]
        return [printable(line) for line in lines]


def _both(by_lang: dict[str, str]) -> str:
    """``Player board / 玩家图板``: each language's words once (a word the same in both is said once)."""
    return " / ".join(dict.fromkeys(by_lang.values()))
