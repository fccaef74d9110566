"""Sheet furniture drawn with reportlab: crop marks, fold and tile-alignment lines, sheet labels.

Furniture is everything on a sheet that is not a face. It is drawn as its own
PDF (one page per sheet) and laid over the imposed faces, so marks stay crisp
vectors and the face PDFs stay untouched. Labels are set in the edition's
language with the card font (Noto Sans SC covers Chinese and Latin): a small
TrueType subset of exactly the labels' characters (:func:`label_font`), which
reportlab embeds; labels of plain ASCII use reportlab's bundled Bitstream Vera.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from hashlib import sha256
from pathlib import Path

import reportlab
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from cardgen.render.sheets.layout import MARK_LENGTH_MM, PRINTABLE_EDGE_MM, Rect, Tile, mark_gap

LABEL_FONT = "CardgenLabel"
LABEL_SIZE_PT = 6.0
MARK_WIDTH_PT = 0.25
REGISTRATION_RADIUS_MM = 2.5
#: Centre of a registration target past the board's bleed, in the margin (clear of the artwork).
TARGET_OFFSET_MM = 4.5
#: Labels start this far right of a board's corner, clear of its vertical crop mark.
LABEL_INSET_MM = 2.0
#: Room kept between a line of margin text and a registration target it jumps over.
TARGET_CLEARANCE_MM = 1.0
_PT_MM = 25.4 / 72

Segment = tuple[float, float, float, float]


@dataclass
class Furniture:
    """Everything drawn on one sheet besides faces, in millimetres."""

    page: tuple[float, float]
    crop: list[Segment] = field(default_factory=list)
    dashed: list[Segment] = field(default_factory=list)
    targets: list[tuple[float, float]] = field(default_factory=list)
    label: str = ""
    label_at: tuple[float, float] = (0.0, 0.0)
    label_angle: float = 0.0  # degrees counter-clockwise about label_at
    note: str = ""  # a second line (a tile's assembly note), below the label
    note_at: tuple[float, float] = (0.0, 0.0)


def _label_font() -> str:
    if LABEL_FONT not in pdfmetrics.getRegisteredFontNames():
        vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
        pdfmetrics.registerFont(TTFont(LABEL_FONT, str(vera)))
    return LABEL_FONT


def label_characters(sheets: list[Furniture]) -> str:
    """Every character the labels of ``sheets`` print, sorted (what :func:`label_font` must hold)."""
    return "".join(sorted({ch for sheet in sheets for ch in sheet.label + sheet.note}))


@lru_cache(maxsize=8)
def label_font(characters: str) -> bytes:
    """A TrueType subset of the card font with ``characters``, for reportlab (which embeds TrueType only).

    Kept by the build cache under the font file's hash and the characters, so a
    build pays for it once.
    """
    from cardgen.render.sheets.labelfont import truetype_subset
    from cardgen.render.fonts.stack import font_stack

    return truetype_subset(font_stack()[0].path, characters)


def _registered(font: bytes) -> str:
    name = "CardgenLabel-" + sha256(font).hexdigest()[:12]
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(font)))
    return name


def grid_crop_marks(trims: list[Rect], gap: float | dict[str, float],
                    paper: tuple[float, float] | None = None) -> list[Segment]:
    """Marks on every cut line of a block of butted cards, outside the block only.

    Each mark starts ``gap`` from the block (at least the bleed, so a mark never
    touches ink; a dict gives each side its own) and is cut short so it ends
    PRINTABLE_EDGE_MM inside ``paper``, where a home printer can still print it.
    """
    gaps = gap if isinstance(gap, dict) else dict.fromkeys(("left", "right", "bottom", "top"), gap)
    left = min(r.x for r in trims)
    right = max(r.right for r in trims)
    bottom = min(r.y for r in trims)
    top = max(r.top for r in trims)
    xs = sorted({round(v, 4) for r in trims for v in (r.x, r.right)})
    ys = sorted({round(v, 4) for r in trims for v in (r.y, r.top)})

    def length(room: float, side: str) -> float:
        return MARK_LENGTH_MM if paper is None else min(MARK_LENGTH_MM, room - gaps[side] - PRINTABLE_EDGE_MM)

    pw, ph = paper if paper is not None else (0.0, 0.0)
    up, down = length(ph - top, "top"), length(bottom, "bottom")
    west, east = length(left, "left"), length(pw - right, "right")
    g = gaps
    segments: list[Segment] = []
    for x in xs:
        segments.append((x, top + g["top"], x, top + g["top"] + up))
        segments.append((x, bottom - g["bottom"], x, bottom - g["bottom"] - down))
    for y in ys:
        segments.append((left - g["left"], y, left - g["left"] - west, y))
        segments.append((right + g["right"], y, right + g["right"] + east, y))
    return [s for s in segments if abs(s[0] - s[2]) + abs(s[1] - s[3]) > 0]


def points_into(segment: Segment, own: Rect, others: list[Rect]) -> bool:
    """Whether the cut line ``segment`` marks, followed on past the mark away from its board ``own``,
    runs through another board (a crop mark beside a shorter board, pointing at a taller neighbour,
    would have the cutter slice that neighbour)."""
    x0, y0, x1, y1 = segment
    eps = 1e-6
    if abs(y0 - y1) < eps:  # a horizontal line: it runs on left or right of the board
        left = x1 < own.x
        return any(r.y + eps < y0 < r.top - eps and (r.right <= x1 + eps if left else r.x >= x1 - eps)
                   for r in others)
    below = y1 < own.y
    return any(r.x + eps < x0 < r.right - eps and (r.top <= y1 + eps if below else r.y >= y1 - eps)
               for r in others)


def board_crop_marks(trims: list[Rect], gap: float) -> list[Segment]:
    """Each packed board's own crop marks, less those whose line points into a neighbour: each cut
    line keeps the mark on its other side (both are kept when both would point into one)."""
    segments: list[Segment] = []
    for index, trim in enumerate(trims):
        others = trims[:index] + trims[index + 1:]
        own = grid_crop_marks([trim], gap)
        for pair in zip(own[0::2], own[1::2]):  # the two marks of one cut line
            clear = [s for s in pair if not points_into(s, trim, others)]
            segments += clear or list(pair)
    return segments


def margin_label(trims: list[Rect], gap: float | dict[str, float]) -> tuple[tuple[float, float], float]:
    """Where the sheet label goes: upright along the left margin, beside the top card, clear of the marks.

    The left margin is wider than Letter's top one, which has no room left
    outside the printer's unprintable edge once bleed and marks are in.
    Returns the baseline start and the angle (90: reads bottom to top).
    """
    gap = gap["left"] if isinstance(gap, dict) else gap
    left = min(r.x for r in trims)
    first = max((r for r in trims if r.x == left), key=lambda r: r.top)
    descent = 0.3 * LABEL_SIZE_PT / 72 * 25.4  # glyphs below the baseline point towards the cards
    return (left - gap - descent, first.y + 1.5), 90.0


def label_under(trims: list[Rect], gap: float) -> tuple[tuple[float, float], float]:
    """Where a sheet label goes on a fold sheet: level, under the block of cards, past the ends of its crop
    marks. A fold sheet's label is long (it says how to fold) and its left margin is crossed by crop marks
    at each card's edge, while its bottom margin is free: one row of fronts and their backs fill the middle.

    Returns the baseline start and the angle (0).
    """
    cap = 0.75 * LABEL_SIZE_PT * _PT_MM  # the height of capitals above the baseline
    left = min(r.x for r in trims)
    bottom = min(r.y for r in trims)
    return (left, bottom - gap - MARK_LENGTH_MM - 1.0 - cap), 0.0


def tile_furniture(tile: Tile, tiles: list[Tile], bleed: float, label: str, note: str = "") -> Furniture:
    """Crop marks on the board's own edges, plus where each neighbour tile's edge must meet this one.

    Registration targets sit in the paper margin beside every overlap strip
    (never on the artwork), at the same board position on both tiles, so the
    two prints can be laid exactly over each other before gluing; the crop
    marks then cut them away. ``note`` (how to assemble) prints below the board.
    The label starts clear of the corner's crop mark.
    """
    at, region = tile.at, tile.region
    outer = tile.outer
    gap = mark_gap(bleed)  # as on card sheets: the marks start where the bleed ends
    furniture = Furniture(tile.page, label=label, label_at=(at.x + LABEL_INSET_MM, at.top + bleed + 1.5),
                          note=note, note_at=(at.x + LABEL_INSET_MM, at.y - bleed - 1.5 - LABEL_SIZE_PT / 72 * 25.4))
    corners = {"left": at.x, "right": at.right, "bottom": at.y, "top": at.top}
    for side in ("left", "right"):
        if outer[side]:
            x = corners[side]
            for y, sign in ((at.top, 1), (at.y, -1)):
                if outer["top" if sign > 0 else "bottom"]:
                    furniture.crop.append((x, y + sign * gap, x, y + sign * (gap + MARK_LENGTH_MM)))
    for side in ("bottom", "top"):
        if outer[side]:
            y = corners[side]
            for x, sign in ((at.x, -1), (at.right, 1)):
                if outer["left" if sign < 0 else "right"]:
                    furniture.crop.append((x + sign * gap, y, x + sign * (gap + MARK_LENGTH_MM), y))

    def to_page(bx: float, by: float) -> tuple[float, float]:
        return at.x + bx - region.x, at.y + by - region.y

    for other in tiles:
        if other is tile:
            continue
        if other.row == tile.row and abs(other.col - tile.col) == 1:
            edge = other.region.x if other.col > tile.col else other.region.right
            x, _ = to_page(edge, 0)
            furniture.dashed.append((x, at.y, x, at.top))
            lo, hi = max(region.x, other.region.x), min(region.right, other.region.right)
            x, _ = to_page((lo + hi) / 2, 0)
            furniture.targets += [(x, at.top + bleed + TARGET_OFFSET_MM), (x, at.y - bleed - TARGET_OFFSET_MM)]
        if other.col == tile.col and abs(other.row - tile.row) == 1:
            edge = other.region.top if other.row > tile.row else other.region.y
            _, y = to_page(0, edge)
            furniture.dashed.append((at.x, y, at.right, y))
            lo, hi = max(region.y, other.region.y), min(region.top, other.region.top)
            _, y = to_page(0, (lo + hi) / 2)
            furniture.targets += [(at.x - bleed - TARGET_OFFSET_MM, y), (at.right + bleed + TARGET_OFFSET_MM, y)]
    return furniture


def furniture_pdf(sheets: list[Furniture], font: bytes | None = None) -> bytes:
    """One reproducible PDF page per sheet (reportlab's invariant mode: no dates, fixed /ID).

    ``font`` is :func:`label_font` of the sheets' label characters (made here
    when not given and a label is not plain ASCII).
    """
    buffer = io.BytesIO()
    characters = label_characters(sheets)
    if font is None and not characters.isascii():
        font = label_font(characters)
    font_name = _registered(font) if font is not None else _label_font()
    pdf = canvas.Canvas(buffer, invariant=1, pageCompression=1, initialFontName=font_name,
                        initialFontSize=LABEL_SIZE_PT)
    for sheet in sheets:
        pdf.setPageSize((sheet.page[0] * mm, sheet.page[1] * mm))
        pdf.setLineWidth(MARK_WIDTH_PT)
        pdf.setStrokeColorRGB(0, 0, 0)
        for x1, y1, x2, y2 in sheet.crop:
            pdf.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
        if sheet.dashed:
            pdf.setDash(3, 2)
            for x1, y1, x2, y2 in sheet.dashed:
                pdf.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
            pdf.setDash()
        r = REGISTRATION_RADIUS_MM
        for x, y in sheet.targets:
            pdf.circle(x * mm, y * mm, r * mm * 0.6)
            pdf.line((x - r) * mm, y * mm, (x + r) * mm, y * mm)
            pdf.line(x * mm, (y - r) * mm, x * mm, (y + r) * mm)
        if sheet.label:
            pdf.setFont(font_name, LABEL_SIZE_PT)
            pdf.setFillColorRGB(0.3, 0.3, 0.3)
            if sheet.label_angle:
                pdf.saveState()
                pdf.translate(sheet.label_at[0] * mm, sheet.label_at[1] * mm)
                pdf.rotate(sheet.label_angle)
                pdf.drawString(0, 0, sheet.label)
                pdf.restoreState()
            else:
                _draw_line(pdf, font_name, sheet.label, sheet.label_at, sheet.targets)
        if sheet.note:
            pdf.setFont(font_name, LABEL_SIZE_PT)
            pdf.setFillColorRGB(0.3, 0.3, 0.3)
            _draw_line(pdf, font_name, sheet.note, sheet.note_at, sheet.targets)
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _pieces(text: str) -> list[str]:
    """Where a line of margin text may be split: after each word's spaces, and around each Chinese character.

    >>> _pieces("Tile 2/2 (row 1)"), _pieces("粘贴后，沿线")
    (['Tile ', '2/2 ', '(row ', '1)'], ['粘', '贴', '后，', '沿', '线'])
    """
    pieces: list[str] = []
    for ch in text:
        last = pieces[-1][-1] if pieces else ""
        continues = last and (ch.isspace()  # spaces end the piece before them
                              or (not _ideograph(ch) and not _ideograph(last) and not last.isspace())  # a word
                              or (not _ideograph(ch) and "\u3000" <= ch <= "\uffef"))  # 、，。 stay with the last
        if continues:
            pieces[-1] += ch
        else:
            pieces.append(ch)
    return pieces


def _ideograph(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff"


def flowed(text: str, x: float, y: float, targets: list[tuple[float, float]],
           width: Callable[[str], float]) -> list[tuple[float, str]]:
    """Where each piece of a line of margin text starts (mm), from ``x`` on at baseline ``y``, jumping past
    every registration target it would cross (a tile's label and assembly note share its margins with them).

    ``width`` gives a text's width in mm. The line keeps its order and only moves right.
    """
    reach = REGISTRATION_RADIUS_MM + TARGET_CLEARANCE_MM
    low, high = y - 0.3 * LABEL_SIZE_PT * _PT_MM, y + 0.9 * LABEL_SIZE_PT * _PT_MM  # descenders to accents
    zones = sorted((tx - reach, tx + reach) for tx, ty in targets if ty - reach < high and ty + reach > low)
    out, cursor = [], x
    for piece in _pieces(text):
        inked = width(piece.rstrip())
        for start, end in zones:  # sorted: a jump past one zone can only meet a later one
            if cursor < end and cursor + inked > start:
                cursor = end
        out.append((cursor, piece))
        cursor += width(piece)
    return out


def _draw_line(pdf: canvas.Canvas, font: str, text: str, at: tuple[float, float],
               targets: list[tuple[float, float]]) -> None:
    """``text`` at ``at``, in one piece unless it must jump past a registration target."""
    def width(piece: str) -> float:
        return pdfmetrics.stringWidth(piece, font, LABEL_SIZE_PT) / mm

    placed = flowed(text, at[0], at[1], targets, width)
    # a jump only ever moves the rest of the line right: unmoved, the last piece starts where the others end
    if not placed or placed[-1][0] <= at[0] + width("".join(piece for _, piece in placed[:-1])) + 1e-9:
        pdf.drawString(at[0] * mm, at[1] * mm, text)
        return
    for x, piece in placed:
        pdf.drawString(x * mm, at[1] * mm, piece.rstrip())
