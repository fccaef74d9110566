"""Imposition: plan sheets of placed faces, then assemble them with pikepdf.

Each distinct face PDF becomes ONE Form XObject per document and is placed as
many times as it is printed; the reportlab furniture page of each sheet is
placed over it the same way. Laying out a face once and placing it many times
is both faster and a much smaller PDF than laying every card out again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from cardgen.render.pdf import formsheets
from cardgen.render.sheets.layout import (
    MARK_LENGTH_MM,
    MARK_OFFSET_MM,
    PRINTABLE_EDGE_MM,
    Rect,
    back_slot,
    board_tiles,
    card_grid,
    card_slots,
    fold_slots,
    mark_gap,
    outer_bleeds,
    gutter_sides,
    outer_sides,
    pack_boards,
)
from cardgen.render.sheets.marks import (Furniture, board_crop_marks, furniture_pdf, grid_crop_marks, label_under,
                                          margin_label, tile_furniture)
from cardgen.render.faces.facekit import Face
from cardgen.render.pdf.face import FacePdf


@dataclass(frozen=True)
class Placement:
    """Part of a face (``source``, in the face's trim coordinates) placed with its lower left at ``at``."""

    face_id: str
    source: Rect
    at: tuple[float, float]
    rotate180: bool = False


@dataclass(frozen=True)
class SheetWords:
    """What the sheet labels say, in the edition's language (strings.yaml labels; English ids by default)."""

    front: str = "front"
    back: str = "back"
    fold: str = "fold on the dashed line"
    tile: str = "tile"
    row: str = "row"
    column: str = "column"
    assembly: str = ""


@dataclass
class Sheet:
    page: tuple[float, float]
    placements: list[Placement]
    furniture: Furniture
    side: str  # "front", "back", "fold" or "board"


def _trim(face: Face) -> Rect:
    return Rect(0.0, 0.0, face.width_mm, face.height_mm)


def card_sheets(
    fronts: Sequence[Face],
    faces: dict[str, Face],
    *,
    paper: tuple[float, float],
    duplex: str,
    label: str,
    words: SheetWords = SheetWords(),
    gutter: float = 0.0,
) -> list[Sheet]:
    """Sheets for one deck: every copy of every front, as many per sheet as fit, each front sheet followed by its backs.

    Cards of one colour (``Face.colour``: a ticket's line, an operation set's
    player colour) share sheets, so a cut a little off the shared line between
    two butted cards shows a sliver of the same colour, never of another.

    ``duplex`` picks where backs go: "long"/"short" on the next sheet at the
    mirrored column/row, "fold" on the same sheet below a fold line (rotated
    180 degrees), "none" not at all. Cards are butted (one cut between
    neighbours); the sides facing the margin carry the face's bleed. With a
    ``gutter`` (mm) cards stand that far apart, each with its own cuts and bleed
    on every side (at most half the gutter, so neighbours' bleeds never overlap).
    """
    copies = [face for face in fronts for _ in range(face.copies)]
    if not copies:
        return []
    colours = list(dict.fromkeys(face.colour for face in copies))  # in order of first appearance
    w, h, bleed = fronts[0].width_mm, fronts[0].height_mm, fronts[0].bleed_mm
    if duplex == "fold":
        front_slots, back_slots, fold_y = fold_slots(paper, w, h, bleed, gutter)
    else:
        front_slots, back_slots, fold_y = card_slots(paper, w, h, bleed, gutter), [], None
        grid = card_grid(paper, w, h, bleed, gutter)
    gap = mark_gap(bleed)
    per_sheet = len(front_slots)
    chunks: list[list[tuple[Face, int]]] = []  # each sheet's cards and the slot each takes
    partial: list[list[Face]] = []
    for colour in colours:  # one colour per sheet: a miscut between butted cards shows the same colour
        same = [face for face in copies if face.colour == colour]
        whole = len(same) - len(same) % per_sheet
        chunks += [list(zip(same[i : i + per_sheet], range(per_sheet))) for i in range(0, whole, per_sheet)]
        if same[whole:]:
            partial.append(same[whole:])
    shared = share_sheets(partial, front_slots) if duplex != "fold" else []
    if shared and len(shared) < len(partial):
        chunks += shared
    else:
        chunks += [list(zip(group, range(per_sheet))) for group in partial]
    sheets: list[Sheet] = []
    for number, placed in enumerate(chunks, start=1):
        tag = f"{label} · {number}/{len(chunks)}"
        chunk = [f for f, _ in placed]
        if duplex == "fold" and fold_y is not None:
            folded = [(faces[f.back], back_slots[i]) for i, f in enumerate(chunk) if f.back]
            cards = [(f, r, False) for f, r in zip(chunk, front_slots)] + [(b, r, True) for b, r in folded]
            furniture = _grid_furniture(paper, [r for _, r, _ in cards], gap, f"{tag} · {words.fold}",
                                        front_slots + back_slots, fold_y)
            left = min(r.x for _, r, _ in cards)
            right = max(r.right for _, r, _ in cards)
            # the fold is marked by dashes alone, where a home printer prints (a solid mark there reads "cut")
            furniture.dashed += [(PRINTABLE_EDGE_MM, fold_y, left - gap, fold_y),
                                 (right + gap, fold_y, paper[0] - PRINTABLE_EDGE_MM, fold_y)]
            sheets.append(Sheet(paper, _bled_placements(cards, bleed, gutter), furniture, "fold"))
            continue
        cards = [(f, front_slots[slot], False) for f, slot in placed]
        sides = outer_bleeds(paper, front_slots, bleed)  # the full grid's: fronts and backs cut on the same lines
        gaps = {side: b if b < bleed else gap for side, b in sides.items()}  # a mark starts where its bleed ends
        sheets.append(Sheet(paper, _bled_placements(cards, sides, gutter),
                            _grid_furniture(paper, [r for _, r, _ in cards], gaps, f"{tag} · {words.front}",
                                            front_slots), "front"))
        if duplex in ("long", "short"):
            backs = [(faces[f.back], front_slots[back_slot(slot, duplex, grid)], False)
                     for f, slot in placed if f.back]
            if backs:
                sheets.append(Sheet(paper, _bled_placements(backs, sides, gutter),  # the grid is centred: same room turned
                                    _grid_furniture(paper, [r for _, r, _ in backs], gaps, f"{tag} · {words.back}",
                                                    front_slots), "back"))
    return sheets


def _touching(a: Rect, b: Rect) -> bool:
    """Whether two butted slots share an edge (not just a corner): a miscut there shows the other card."""
    eps = 1e-6
    side = (abs(a.right - b.x) < eps or abs(b.right - a.x) < eps) and a.y < b.top - eps and b.y < a.top - eps
    end = (abs(a.top - b.y) < eps or abs(b.top - a.y) < eps) and a.x < b.right - eps and b.x < a.right - eps
    return side or end


def share_sheets(groups: Sequence[Sequence[Face]], slots: Sequence[Rect]) -> list[list[tuple[Face, int]]]:
    """Partial sheets of several colours laid on shared sheets, no two cards of different colours butted.

    Each colour's last cards filled a sheet of their own (a pack's five single Switchback cards took five
    sheets). Here each group (one colour) goes whole onto the first sheet where every card finds a free
    slot touching no card of another colour (slots next to its own colour first, so a group stays
    together); a slot left empty keeps its neighbours apart, and their sides facing it get bleed.

    >>> from cardgen.render.sheets.layout import card_slots
    >>> slots = card_slots((210.0, 297.0), 63.0, 88.0, 3.0)
    >>> faces = [Face(kind="x", id=str(i), html="", width_mm=63, height_mm=88, bleed_mm=3, copies=1, back=None,
    ...               layout="card", label=str(i), colour=str(i)) for i in range(5)]
    >>> [[slot for _, slot in sheet] for sheet in share_sheets([[f] for f in faces], slots)]
    [[0, 2, 4, 6, 8]]
    """
    neighbours = [{j for j, other in enumerate(slots) if _touching(slot, other)} for slot in slots]
    sheets: list[dict[int, Face]] = []
    for group in sorted(groups, key=len, reverse=True):
        for sheet in [*sheets, {}]:
            taken = dict(sheet)
            for face in group:
                free = [i for i in range(len(slots)) if i not in taken
                        and all(taken[j].colour == face.colour for j in neighbours[i] if j in taken)]
                if not free:
                    break
                own = [i for i in free if any(j in taken and taken[j].colour == face.colour for j in neighbours[i])]
                taken[(own or free)[0]] = face
            else:
                if sheet:
                    sheet.update(taken)
                else:
                    sheets.append(taken)
                break
    return [sorted(((face, slot) for slot, face in sheet.items()), key=lambda placed: placed[1]) for sheet in sheets]


def _bled_placements(cards: list[tuple[Face, Rect, bool]], bleed: float | dict[str, float],
                     gutter: float = 0.0) -> list[Placement]:
    """Each card's trim grown by the bleed on the sides that face the margin (inner cuts stay shared)
    or a gutter (at most halfway across it).

    ``bleed`` may differ by side of the sheet (:func:`outer_bleeds`). A card
    printed upside down (fold backs) shows its own left side on the page's
    right, so the face-side growth is mirrored.
    """
    trims = [r for _, r, _ in cards]
    per_side = bleed if isinstance(bleed, dict) else dict.fromkeys(("left", "right", "bottom", "top"), bleed)
    placements = []
    for index, (face, slot, rotated) in enumerate(cards):
        outer = outer_sides(trims, index)
        gaps = gutter_sides(trims, index, gutter)
        page = {side: (min(face.bleed_mm, gaps[side] / 2) if side in gaps else per_side[side]) if outer[side] else 0.0
                for side in outer}
        own = ({"left": page["right"], "right": page["left"], "bottom": page["top"], "top": page["bottom"]}
               if rotated else page)
        source = _trim(face).grow(**own)
        at = (slot.x - page["left"], slot.y - page["bottom"])
        placements.append(Placement(face.id, source, at, rotate180=rotated))
    return placements


def _grid_furniture(paper: tuple[float, float], trims: list[Rect], gap: float | dict[str, float],
                    label: str, grid: list[Rect], fold_y: float | None = None) -> Furniture:
    """Crop marks around the cards placed (``trims``), the label beside the full ``grid`` (every slot), so it
    sits in the same place on a sheet with fewer cards (the last sheet of a deck, or its backs).
    ``fold_y`` is a line the cards are folded on, not cut: it gets no crop mark."""
    label_at, angle = margin_label(grid, gap)
    if fold_y is not None and not isinstance(gap, dict):  # under the cards, above the printer's unprintable edge
        under, level = label_under(grid, gap)
        if under[1] >= PRINTABLE_EDGE_MM + 1.0:
            label_at, angle = under, level
    crop = grid_crop_marks(trims, gap, paper)
    if fold_y is not None:
        crop = [s for s in crop if not (s[1] == s[3] and abs(s[1] - fold_y) < 1e-6)]
    return Furniture(paper, crop=crop, label=label, label_at=label_at, label_angle=angle)


def board_sheets(boards: Sequence[Face], *, paper: tuple[float, float], label: str,
                 words: SheetWords = SheetWords()) -> list[Sheet]:
    """Sheets for one kind of board, every copy.

    Boards small enough are packed several to a page (train tokens, wait
    tracks), each with its bleed and crop marks; larger ones get a page each,
    and a board larger than the paper is tiled with overlap and alignment marks.
    """
    copies = [board for board in boards for _ in range(board.copies)]
    if not copies:
        return []
    bleed = copies[0].bleed_mm
    packed = pack_boards(paper, [(b.width_mm, b.height_mm) for b in copies], bleed) if len(copies) > 1 else None
    if packed is not None:
        page, pages = packed
        sheets = []
        for number, entries in enumerate(pages, start=1):
            trims = [r for _, r in entries]
            crop = board_crop_marks(trims, MARK_OFFSET_MM + bleed)
            top = max(r.top for r in trims)
            furniture = Furniture(page, crop=crop, label=f"{label} · {number}/{len(pages)}",
                                  label_at=(min(r.x for r in trims), top + bleed + MARK_OFFSET_MM + MARK_LENGTH_MM + 1.0))
            place = [Placement(copies[i].id, _trim(copies[i]).grow(bleed, bleed, bleed, bleed), (r.x - bleed, r.y - bleed))
                     for i, r in entries]
            sheets.append(Sheet(page, place, furniture, "board"))
        return sheets
    return [s for board in copies
            for s in _single_board(board, paper, label if label.endswith(board.caption) else f"{label} · {board.caption}",
                                   words)]


def _single_board(board: Face, paper: tuple[float, float], label: str, words: SheetWords) -> list[Sheet]:
    b = board.bleed_mm
    tiles = board_tiles(paper, board.width_mm, board.height_mm, b)
    sheets = []
    for tile in tiles:
        o = tile.outer
        grow = dict(left=b if o["left"] else 0.0, right=b if o["right"] else 0.0,
                    top=b if o["top"] else 0.0, bottom=b if o["bottom"] else 0.0)
        source = tile.region.grow(**grow)
        at = (tile.at.x - grow["left"], tile.at.y - grow["bottom"])
        name = label
        if len(tiles) > 1:
            name += (f" · {words.tile} {tile.row * tile.cols + tile.col + 1}/{len(tiles)}"
                     f" ({words.row} {tile.row + 1}, {words.column} {tile.col + 1})")
        note = words.assembly if len(tiles) > 1 else ""
        sheets.append(Sheet(tile.page, [Placement(board.id, source, at)], tile_furniture(tile, tiles, b, name, note),
                            "board"))
    return sheets


def assemble(sheets: Sequence[Sheet], face_pdfs: dict[str, FacePdf], furniture: bytes | None = None) -> bytes:
    """The PDF of ``sheets``, each face embedded once as a form (cardgen.render.pdf.formsheets).

    ``furniture`` is :func:`furniture_pdf` of the sheets, if the caller kept it.
    """
    if furniture is None:
        furniture = furniture_pdf([s.furniture for s in sheets])
    return formsheets.compose(sheets, face_pdfs, furniture)


def face_pages(face_ids: Sequence[str], face_pdfs: dict[str, FacePdf], title: str) -> bytes:
    """The print-shop PDF: each face's own page (trim + bleed, TrimBox and BleedBox kept), once,
    declared PDF/X-4 under ``title``.

    Every face is a one-page PDF of its own (cardgen.render.faces.renderer), so this is
    their concatenation, fonts merged.
    """
    return formsheets.concatenate([face_pdfs[i].pdf for i in face_ids], pdfx_title=title)


def concatenate(documents: Sequence[bytes]) -> bytes:
    """Whole PDFs one after another, one subset per stack font across them (cardgen.render.pdf.formsheets)."""
    return formsheets.concatenate(documents)
