"""manifest.json: what a build printed, so a script can check the set without opening PDFs; written last."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Manifest:
    game: str
    options: dict
    counts: dict[str, int] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    #: every PDF written: {"file", "pages", "sides": "duplex-long" | "duplex-short" | "single"}
    printing: list[dict] = field(default_factory=list)
    #: more top-level entries: a pack's "pack" (added/changed/removed per kind), "take_out_of_the_box"
    extra: dict = field(default_factory=dict)

    def add_component(self, kind: str, face_id: str, copies: int, file: str, page: int) -> None:
        """Record a face; ``page`` is the 1-based page of ``file`` where it first appears."""
        self.counts[kind] = self.counts.get(kind, 0) + copies
        self.components.append({"kind": kind, "id": face_id, "copies": copies, "file": file, "page": page})

    def to_json(self) -> str:
        doc = {"generator": "cardgen", "game": self.game, "options": self.options, "counts": self.counts,
               "files": sorted(self.files), "printing": self.printing, "components": self.components,
               **self.extra}
        return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def write_manifest(folder: Path, manifest: Manifest) -> None:
    """manifest.json, listing itself among the files."""
    manifest.files.append("manifest.json")
    (folder / "manifest.json").write_text(manifest.to_json(), encoding="utf-8")
