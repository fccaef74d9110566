"""Which pages go into which PDF, and how each file is to be printed (pure planning, no PDF bytes).

A file meant for duplex printing holds only front/back pairs, so a home
printer never backs one board onto another: card sheets (each front sheet
followed by its back sheet) make ``GAME-print.pdf``, printed duplex; boards
make ``GAME-boards.pdf``, printed single-sided. The print shop gets one file
per card size: cards as front, back, front, back... one pair per printed copy
(nothing to count, nothing to pair by hand); boards in one file, one page per
copy, each page its board's trim size plus bleed.
The same plan feeds the writers, ``manifest.json`` ("printing") and the preview.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.render.faces.facekit import Face


@dataclass(frozen=True)
class PdfFile:
    """One output PDF: its name, how to print it, and what it is made of."""

    name: str
    sides: str  # "duplex-long", "duplex-short" or "single"
    pages: int
    kinds: tuple[str, ...] = ()  # imposed kind files it joins (in order)
    faces: tuple[str, ...] = ()  # print-shop files: one page per face id, in order
    role: str = "kind"  # "kind", "cards", "boards" or "shop"

    def entry(self) -> dict:
        return {"file": self.name, "pages": self.pages, "sides": self.sides}


def card_sides(duplex: str) -> str:
    """How card sheets print: duplex on the edge the backs were mirrored for, else one side."""
    return f"duplex-{duplex}" if duplex in ("long", "short") else "single"


def size_name(face: Face) -> str:
    return f"{face.width_mm:g}x{face.height_mm:g}mm"


def two_sided(group: Sequence[Face]) -> bool:
    """Whether a kind of cards prints backs (a die net or a tile has none: it prints on one side)."""
    return any(face.back for face in group)


def plan_files(game_id: str, groups: dict[str, list[Face]], sheet_counts: dict[str, int],
               by_id: dict[str, Face], duplex: str) -> list[PdfFile]:
    """Every PDF a build writes, in order: one per kind, the home-print pair, the print-shop files by size.

    A file prints one way: card kinds with backs go duplex in ``<game>-print.pdf``; card kinds without
    backs print single-sided, there when no card kind has backs, else with the boards.
    """
    cards = [k for k, g in groups.items() if g[0].layout == "card"]
    duplexed = [k for k in cards if two_sided(groups[k])]
    printed = duplexed or cards
    single = [k for k in groups if k not in printed]
    files = [PdfFile(f"{kind}.pdf", card_sides(duplex) if kind in duplexed else "single", sheet_counts[kind],
                     (kind,)) for kind in groups]
    if printed:
        files.append(PdfFile(f"{game_id}-print.pdf", card_sides(duplex) if duplexed else "single",
                             sum(sheet_counts[k] for k in printed), tuple(printed), role="cards"))
    if single:
        files.append(PdfFile(f"{game_id}-boards.pdf", "single", sum(sheet_counts[k] for k in single),
                             tuple(single), role="boards"))
    for size, ids, sides in _shop_sizes(groups, cards, [k for k in groups if k not in cards]):
        files.append(PdfFile(f"{game_id}-print-shop-{size}.pdf", sides, len(ids), faces=tuple(ids), role="shop"))
    return files


def _shop_sizes(groups: dict[str, list[Face]], cards: Sequence[str],
                boards: Sequence[str]) -> list[tuple[str, list[str], str]]:
    """Print-shop pages per trim size: each card copy as front then back, each board copy once. Cards without
    backs print single-sided, in a file of their own when cards of their size have backs."""
    sizes: dict[str, tuple[list[str], str]] = {}
    backed_sizes = {size_name(face) for kind in cards if two_sided(groups[kind]) for face in groups[kind]}
    for kind in cards:
        backed = two_sided(groups[kind])
        for face in groups[kind]:
            size = size_name(face)
            key = f"cards-{size}" if backed or size not in backed_sizes else f"cards-{size}-single"
            pages, _ = sizes.setdefault(key, ([], "duplex-long" if backed else "single"))
            for _ in range(face.copies):
                pages.append(face.id)
                if face.back:
                    pages.append(face.back)
    for kind in boards:
        for face in groups[kind]:
            pages, _ = sizes.setdefault("boards", ([], "single"))  # each page its board's own trim size
            pages.extend([face.id] * face.copies)
    return [(size, pages, sides) for size, (pages, sides) in sizes.items()]


def quantities(groups: dict[str, list[Face]], by_id: dict[str, Face]) -> list[dict]:
    """The print shop's order list: every distinct face with its copies and back (backs summed over their fronts)."""
    rows: list[dict] = []
    backs: dict[str, int] = {}
    for group in groups.values():
        for face in group:
            rows.append({"id": face.id, "kind": face.kind, "label": face.caption, "copies": face.copies,
                         "size": size_name(face), "back": face.back or ""})
            if face.back:
                backs[face.back] = backs.get(face.back, 0) + face.copies
    rows += [{"id": b, "kind": by_id[b].kind, "label": by_id[b].caption, "copies": n, "size": size_name(by_id[b]),
              "back": ""} for b, n in backs.items()]
    return rows
