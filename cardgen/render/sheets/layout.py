"""Sheet geometry in millimetres (PDF orientation: origin bottom-left, y up).

Pure arithmetic, no PDF library: how many cards fit a sheet and where they sit, where
each back lands for long-edge, short-edge and fold printing, and how a board
larger than the paper is cut into overlapping tiles. These are print-layout
choices, not game rules, so they live here as named constants.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.errors import BuildError

PAPERS_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARK_OFFSET_MM = 2.0  # least gap between a trim line and its crop mark (the bleed, when larger, is the gap)
MARK_LENGTH_MM = 4.0  # full crop mark; shortened when the margin is narrow (Letter's top and bottom)
MIN_MARK_MM = 0.5  # a crop mark shorter than this would not be seen: the grid gets one card less
VISIBLE_MARK_MM = 2.0  # a crop mark this long is easy to lay a ruler on; a narrow margin trades outer bleed for it
MIN_OUTER_BLEED_MM = 1.0  # the least bleed an outer side keeps when it gives room to its marks
PRINTABLE_EDGE_MM = 4.0  # home printers cannot print closer to the paper edge: no mark or label there
LABEL_ROOM_MM = 3.0  # width of the sheet label, printed upright along the left margin
BOARD_MARGIN_MM = 14.0  # room kept free around a board or tile (home printers cannot print the edge)
TILE_OVERLAP_MM = 12.0  # strip printed on both neighbouring tiles of a board, to glue and align
DUPLEX_MODES = ("long", "short", "fold", "none")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, left: float = 0.0, bottom: float = 0.0, right: float = 0.0, top: float = 0.0) -> "Rect":
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)


def paper_size(name: str) -> tuple[float, float]:
    try:
        return PAPERS_MM[name]
    except KeyError:
        raise BuildError(f"unknown paper {name!r}; choose one of {', '.join(PAPERS_MM)}") from None


def mark_gap(bleed: float) -> float:
    """Distance from a trim line to the start of its crop mark: never on the bleed, which gets printed."""
    return max(MARK_OFFSET_MM, bleed)


def outer_bleeds(paper: tuple[float, float], trims: list[Rect], bleed: float) -> dict[str, float]:
    """Bleed of the block's outer sides: ``bleed``, less where the margin could not also hold a visible crop mark.

    Letter's 7.7 mm above and below three poker cards cannot hold a 3 mm bleed,
    a 2 mm mark and the 4 mm the printer cannot print; there the bleed gives
    way (to no less than MIN_OUTER_BLEED_MM) so the marks stay 2 mm long and
    4 mm inside the paper.
    """
    pw, ph = paper
    room = {"left": min(r.x for r in trims), "right": pw - max(r.right for r in trims),
            "bottom": min(r.y for r in trims), "top": ph - max(r.top for r in trims)}
    return {side: max(min(bleed, MIN_OUTER_BLEED_MM), min(bleed, space - PRINTABLE_EDGE_MM - VISIBLE_MARK_MM))
            for side, space in room.items()}


def _margin_need(bleed: float, *, label: bool = False) -> float:
    """Room one side of a card block needs: the bleed or mark gap, a mark (or the label), the unprintable edge."""
    return mark_gap(bleed) + max(MIN_MARK_MM, LABEL_ROOM_MM if label else 0.0) + PRINTABLE_EDGE_MM


@dataclass(frozen=True)
class Grid:
    """Cards per sheet, from the card size and the paper: as many butted cards as fit with bleed and marks."""

    columns: int
    rows: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows


def _fitting(room: float, size: float, gutter: float) -> int:
    """How many of ``size`` fit in ``room`` with ``gutter`` between neighbours."""
    return int((room + gutter) // (size + gutter))


def card_grid(paper: tuple[float, float], card_w: float, card_h: float, bleed: float = 0.0,
              gutter: float = 0.0) -> Grid:
    """The largest columns x rows of cards that fit (3 x 3 for poker cards on A4 and Letter), butted or
    ``gutter`` mm apart.

    The sides keep the bleed, a crop mark and the unprintable edge; the left
    and right sides also keep room for the sheet label. BuildError if not even
    one card fits.
    """
    pw, ph = paper
    columns = _fitting(pw - 2 * _margin_need(bleed, label=True), card_w, gutter)
    rows = _fitting(ph - 2 * _margin_need(bleed), card_h, gutter)
    if columns < 1 or rows < 1:
        raise BuildError(
            f"a card of {card_w:g} x {card_h:g} mm with {bleed:g} mm bleed and crop marks "
            f"does not fit on a {pw:g} x {ph:g} mm sheet"
        )
    return Grid(columns, rows)


def card_slots(paper: tuple[float, float], card_w: float, card_h: float, bleed: float = 0.0,
               gutter: float = 0.0) -> list[Rect]:
    """The trim boxes of :func:`card_grid`, centred, butted (shared cut lines) or ``gutter`` mm apart,
    row-major from the top left."""
    grid = card_grid(paper, card_w, card_h, bleed, gutter)
    pw, ph = paper
    step_w, step_h = card_w + gutter, card_h + gutter
    x0, top = (pw - grid.columns * step_w + gutter) / 2, (ph + grid.rows * step_h - gutter) / 2
    return [
        Rect(x0 + col * step_w, top - row * step_h - card_h, card_w, card_h)
        for row in range(grid.rows)
        for col in range(grid.columns)
    ]


def back_slot(front_slot: int, duplex: str, grid: Grid) -> int:
    """Slot on the back sheet behind ``front_slot``.

    Long-edge duplex turns the sheet over its long (vertical) side, so columns
    mirror; short-edge turns it over the top, so rows mirror.
    """
    row, col = divmod(front_slot, grid.columns)
    if duplex == "long":
        return row * grid.columns + (grid.columns - 1 - col)
    if duplex == "short":
        return (grid.rows - 1 - row) * grid.columns + col
    raise ValueError(f"no back sheet for duplex {duplex!r}")


def fold_slots(paper: tuple[float, float], card_w: float, card_h: float, bleed: float = 0.0,
               gutter: float = 0.0) -> tuple[list[Rect], list[Rect], float]:
    """Fronts in a row above the sheet's middle, their backs mirrored below it, and the fold line's y.

    Folding along the line puts each back behind its front; the backs are
    printed upside down (rotated 180 degrees) so they read upright afterwards.
    A ``gutter`` goes between the columns (each front stays joined to its back).
    """
    pw, ph = paper
    columns = _fitting(pw - 2 * _margin_need(bleed, label=True), card_w, gutter)
    if columns < 1 or 2 * card_h + 2 * _margin_need(bleed) > ph:
        raise BuildError(f"a folded card of {card_w:g} x {card_h:g} mm with {bleed:g} mm bleed and crop marks "
                         f"does not fit on a {pw:g} x {ph:g} mm sheet")
    fold_y = ph / 2
    step = card_w + gutter
    x0 = (pw - columns * step + gutter) / 2
    fronts = [Rect(x0 + c * step, fold_y, card_w, card_h) for c in range(columns)]
    backs = [Rect(x0 + c * step, fold_y - card_h, card_w, card_h) for c in range(columns)]
    return fronts, backs, fold_y


def gutter_sides(trims: list[Rect], index: int, gutter: float) -> dict[str, float]:
    """The gap to the nearest card across each side of ``trims[index]`` within ``gutter`` (sides
    facing the margin, or a butted card, are left out): a card's bleed there stops halfway, so
    neighbours' bleeds never overlap."""
    me = trims[index]
    eps = 1e-6
    gaps: dict[str, float] = {}
    for i, other in enumerate(trims):
        if i == index or gutter <= 0:
            continue
        if other.y < me.top - eps and other.top > me.y + eps:
            for side, gap in (("left", me.x - other.right), ("right", other.x - me.right)):
                if eps < gap <= gutter + eps:
                    gaps[side] = min(gaps.get(side, gap), gap)
        if other.x < me.right - eps and other.right > me.x + eps:
            for side, gap in (("bottom", me.y - other.top), ("top", other.y - me.top)):
                if eps < gap <= gutter + eps:
                    gaps[side] = min(gaps.get(side, gap), gap)
    return gaps


def outer_sides(trims: list[Rect], index: int) -> dict[str, bool]:
    """Which sides of ``trims[index]`` face the sheet margin (no card butted against them).

    Those sides get the bleed; inner sides are shared cuts and stay at the trim.
    """
    me = trims[index]
    eps = 1e-6
    outer = {"left": True, "right": True, "bottom": True, "top": True}
    for i, other in enumerate(trims):  # one pass over the others (a sheet is planned on every build)
        if i == index:
            continue
        if other.y < me.top - eps and other.top > me.y + eps:  # overlapping rows: a left/right neighbour?
            if abs(other.right - me.x) < eps:
                outer["left"] = False
            if abs(other.x - me.right) < eps:
                outer["right"] = False
        if other.x < me.right - eps and other.right > me.x + eps:  # overlapping columns: below/above?
            if abs(other.top - me.y) < eps:
                outer["bottom"] = False
            if abs(other.y - me.top) < eps:
                outer["top"] = False
    return outer


@dataclass(frozen=True)
class Tile:
    """One page of a board: ``region`` in board trim coordinates, placed at ``at`` on the page."""

    region: Rect
    at: Rect
    page: tuple[float, float]
    row: int
    col: int
    rows: int
    cols: int

    @property
    def outer(self) -> dict[str, bool]:
        """Which sides of this tile are the board's own edges (they get bleed and crop marks)."""
        return {"left": self.col == 0, "right": self.col == self.cols - 1,
                "top": self.row == 0, "bottom": self.row == self.rows - 1}


def _spans(length: float, window: float) -> list[float]:
    """Start offsets of equal windows covering ``length`` with at least TILE_OVERLAP_MM overlap."""
    if length <= window:
        return [0.0]
    count = math.ceil((length - TILE_OVERLAP_MM) / (window - TILE_OVERLAP_MM))
    step = (length - window) / (count - 1)
    return [i * step for i in range(count)]


def _orientations(paper: tuple[float, float]) -> list[tuple[float, float]]:
    return [paper, (paper[1], paper[0])]


def board_edge(bleed: float) -> float:
    """Least room between a single board's trim and the paper edge: bleed or mark gap, a full crop mark, the unprintable edge."""
    return mark_gap(bleed) + MARK_LENGTH_MM + PRINTABLE_EDGE_MM


def board_room(bleed: float) -> tuple[float, float]:
    """The largest portrait board (trim, mm) that prints on one page of EVERY paper, crop marks included.

    Boards are designed to this size (the quick reference, the station and
    train mats), so Letter needs no more sheets than A4; landscape is the same
    room turned.
    """
    edge = 2 * board_edge(bleed)
    return (math.floor(min(w for w, _ in PAPERS_MM.values()) - edge), math.floor(min(h for _, h in PAPERS_MM.values()) - edge))


def fits_one_page(paper: tuple[float, float], board_w: float, board_h: float, bleed: float) -> tuple[float, float] | None:
    """The page orientation a board fits on whole with its crop marks (portrait first), or None."""
    edge = 2 * board_edge(bleed)
    for page in _orientations(paper):
        if board_w + edge <= page[0] + 1e-6 and board_h + edge <= page[1] + 1e-6:
            return page
    return None


def board_tiles(paper: tuple[float, float], board_w: float, board_h: float, bleed: float) -> list[Tile]:
    """Pages for one board: a single centred page when it fits with its crop marks, else overlapping tiles.

    A board is never printed closer to the paper edge than its crop marks
    need (:func:`board_edge`): one that does not fit is tiled. Portrait and
    landscape are both tried; the one needing fewer pages wins (portrait on a
    tie, so the choice is stable).
    """
    page = fits_one_page(paper, board_w, board_h, bleed)
    if page is not None:
        at = Rect((page[0] - board_w) / 2, (page[1] - board_h) / 2, board_w, board_h)
        return [Tile(Rect(0, 0, board_w, board_h), at, page, 0, 0, 1, 1)]
    best: list[Tile] | None = None
    for page in _orientations(paper):
        room_w = page[0] - 2 * BOARD_MARGIN_MM
        room_h = page[1] - 2 * BOARD_MARGIN_MM
        win_w, win_h = min(room_w, board_w), min(room_h, board_h)
        xs, ys = _spans(board_w, win_w), _spans(board_h, win_h)
        tiles = []
        for row, y in enumerate(sorted(ys, reverse=True)):  # row 0 is the top of the board
            for col, x in enumerate(xs):
                region = Rect(x, y, win_w, win_h)
                at = Rect((page[0] - win_w) / 2, (page[1] - win_h) / 2, win_w, win_h)
                tiles.append(Tile(region, at, page, row, col, len(ys), len(xs)))
        if best is None or len(tiles) < len(best):
            best = tiles
    assert best is not None
    return best


def pack_gap(bleed: float) -> float:
    """Space between packed boards: each keeps its bleed and its own crop marks."""
    return 2 * (bleed + MARK_OFFSET_MM + MARK_LENGTH_MM)


def pack_boards(paper: tuple[float, float], sizes: list[tuple[float, float]], bleed: float
                ) -> tuple[tuple[float, float], list[list[tuple[int, Rect]]]] | None:
    """Small boards (tokens, wait tracks) several to a page, in rows; None if one does not fit.

    Returns the page size and, per page, (index into ``sizes``, trim box) in
    order. Both orientations are tried; fewer pages wins, portrait on a tie.
    """
    gap = pack_gap(bleed)
    best = None
    for page in _orientations(paper):
        room_w = page[0] - 2 * BOARD_MARGIN_MM + gap - 2 * bleed
        room_h = page[1] - 2 * BOARD_MARGIN_MM + gap - 2 * bleed
        if any(w + gap > room_w or h + gap > room_h for w, h in sizes):
            continue
        pages: list[list[tuple[int, float, float]]] = [[]]
        x = y = row_h = 0.0
        for index, (w, h) in enumerate(sizes):
            if x + w + gap > room_w:  # next row
                x, y, row_h = 0.0, y + row_h, 0.0
            if y + h + gap > room_h:  # next page
                pages.append([])
                x = y = row_h = 0.0
            pages[-1].append((index, x, y))
            x += w + gap
            row_h = max(row_h, h + gap)
        placed = []
        for entries in pages:
            used_w = max(x + sizes[i][0] for i, x, _ in entries)
            used_h = max(y + sizes[i][1] for i, _, y in entries)
            left, top = (page[0] - used_w) / 2, (page[1] + used_h) / 2
            placed.append([(i, Rect(left + x, top - y - sizes[i][1], *sizes[i])) for i, x, y in entries])
        if best is None or len(placed) < len(best[1]):
            best = (page, placed)
    return best
