"""Boards: track map, timetable track, wait tracks, station mats, train tokens and mats, markers, quick reference, score sheet.

Board sizes follow from the content (number of cells, clock length, platform
size, card size); the millimetre constants here are layout choices of the
templates, not rules of the game.
"""

from __future__ import annotations

from cardgen.errors import UsageError
from cardgen.model.content import Content
from cardgen.model.schema import Colour, PrintRow
from cardgen.games.rail_journey.faces.cards import card_size, line_for
from cardgen.render.faces.facekit import SAFE_MARGIN_MM, Face, FaceMaker
from cardgen.games.rail_journey.faces.reference import blocking_rule, quick_reference_data
from cardgen.render.sheets.layout import PAPERS_MM, board_room, board_tiles

TRACK_CELL_MM = 36.0          # one map cell on the track map
TRACK_MAP_HEIGHT_MM = 135.0
STRIP_CELL_MM = 11.0          # one space on the timetable and wait tracks
STRIP_LABEL_MM = 28.0         # the label column left of a strip
STRIP_FRAME_MM = 2 * (SAFE_MARGIN_MM + 3)  # a strip's safe margins and a little air, both ends together
SLOT_GAP_MM = 5.0             # gap between card slots on a station mat
TOKEN_SIZE_MM = (30.0, 90.0)  # fold-over standee: tab, face, face, tab
MARKER_SIZE_MM = (40.0, 40.0)  # the first-player marker, a flat square
#: Each marker's icon. The clock and round markers carry theirs alone (a column of the timetable track
#: leaves no room for text inside the safe margin): the track's two rows print the same icon by their
#: label, so each marker's place on the board says what it is.
MARKER_ICONS = {"first_player": "🚩", "clock": "⏱", "round": "📍"}
MAT_BAND_MM = 20.0            # train mat: title band and the air below it
SEAT_BOXES_MM = 34.0          # train mat: under each lane, the seat number, two write-in boxes and the penalty
SEAT_NOTES_MM = 17.0          # train mat: the rule lines at its foot
SEAT_BOX_GAP_MM = 2.5         # train mat: between one seat's boxes and the next
SEAT_STRIP_MM = 16.0          # least of a boarded ticket left showing: its destination icon and fare
SEAT_TILED_MM = 20.0          # a train mat too long for a page is tiled: room for two-digit compositions and penalties
MAT_HEADER_MM = 24.0          # station mat: title band and boarding rule
STRIP_HEIGHT_MM = 66.0


def colours_for(content: Content, count: int, what: str) -> list[Colour]:
    colours = content.game.colours
    if count > len(colours):
        raise UsageError(f"printing.yaml asks for {count} {what} but game.yaml has only {len(colours)} colours")
    return colours[:count]


#: Room kept between the track map's legend and each place its tiles are glued together.
SEAM_CLEARANCE_MM = 3.0


def seams_mm(width: float, height: float, bleed: float) -> list[float]:
    """Where the edges of a tiled board's tiles cross it (from its left trim edge), on every paper, in order;
    none when every paper prints it whole. Both edges of an overlap count: one tile is cut there and laid on
    its neighbour, whose dashed line marking that edge stays in sight. Text clear of them is never cut."""
    return sorted({edge for size in PAPERS_MM.values() for tile in board_tiles(size, width, height, bleed)
                   for edge in (tile.region.x, tile.region.right) if 0 < edge < width})


def legend_columns(width: float, height: float, bleed: float) -> list[tuple[float, float]]:
    """(left, width) of each stretch of the board's safe zone no seam of any paper crosses, SEAM_CLEARANCE_MM
    clear of the seams either side, from the left, in safe-zone millimetres: where the legend's paragraphs
    may stand. The first starts at the safe zone's left edge; with no seam there is one, the whole zone."""
    inner = width - 2 * SAFE_MARGIN_MM
    cuts = [seam - SAFE_MARGIN_MM for seam in seams_mm(width, height, bleed)]
    lefts = [0.0] + [cut + SEAM_CLEARANCE_MM for cut in cuts]
    rights = [cut - SEAM_CLEARANCE_MM for cut in cuts] + [inner]
    return [(round(left, 2), round(right - left, 2)) for left, right in zip(lefts, rights) if right > left]


def track_map(content: Content, maker: FaceMaker) -> Face:
    """The line cell by cell, its sidings beside their sections, and a legend of the rules the map shows.

    The legend stands on the strip below the cells, left of the first glued edge of the map's tiles. A map with
    sidings prints the siding rule (ruling R25) in the widest other stretch of that strip no seam crosses (the
    legend's second column), so the legend keeps its room; a map printed whole adds it to the legend.
    """
    first, last = content.map.cells.min, content.map.cells.max
    width = (last - first + 1) * TRACK_CELL_MM + 2 * (SAFE_MARGIN_MM + 6)
    columns = legend_columns(width, TRACK_MAP_HEIGHT_MM, maker.bleed)
    cells = []
    sidings = {sd.cell: sd for sd in content.map.sidings}
    for i, cell in enumerate(range(first, last + 1)):
        station = content.station_at_cell.get(cell)
        cells.append({
            "cell": cell, "x": 6 + i * TRACK_CELL_MM, "station": station,
            "section": content.section_at_cell.get(cell), "siding": sidings.get(cell),
            "terminal": station is not None and station.id in content.map.terminals,
        })
    siding_column = max(columns[1:], key=lambda column: column[1]) if sidings and columns[1:] else None
    return maker.make(
        kind="track_map", id="track_map", label="track map", template="track_map.html.j2",
        caption=maker.words.label("track_map"),
        size=(width, TRACK_MAP_HEIGHT_MM), copies=content.printing.shared.track_map, layout="board",
        cells=cells, cell_w=TRACK_CELL_MM, legend_w=columns[0][1], siding_column=siding_column,
        legend_in_corner=len(columns) == 1, siding_in_corner=siding_column == columns[-1],
        up=line_for(content, "right"), down=line_for(content, "left"),
        double=content.map.double_track, blocking=blocking_rule(content, maker.words),
        siding_rule=maker.words.fill("rules", "siding") if sidings else "",
    )


def _strip_width(spaces: int) -> float:
    return STRIP_LABEL_MM + spaces * STRIP_CELL_MM + STRIP_FRAME_MM


def timetable_cell_mm(content: Content, bleed: float) -> float:
    """Width of one column of the timetable track: STRIP_CELL_MM, or less so that a start column and one
    column per round fit the landscape room every paper shares (the clock and round markers sit in one)."""
    columns = len(content.round_schedule()) + 1
    return round(min(STRIP_CELL_MM, (max(board_room(bleed)) - STRIP_LABEL_MM - STRIP_FRAME_MM) / columns), 2)


def timetable_track(content: Content, maker: FaceMaker) -> Face:
    """The clock laid out by round: each round's event above the clock it ends on, holds shown.

    Round k's column holds its event card's icon and the clock after its phase 5
    (:meth:`Content.round_schedule`), so after a hold the next event sits under
    the right clock; rounds past the event track (21-22) print the ruling.
    The cells shrink to fit the landscape room every paper shares.
    """
    clock = content.game.clock
    track = dict(content.event_track)
    rounds = [
        {"round": r, "clock": after, "hold": hold,
         "icon": content.event_kinds[track[r].kind].icon if r in track else ""}
        for r, after, hold in content.round_schedule()
    ]
    cell = timetable_cell_mm(content, maker.bleed)
    late = len(rounds) > content.track_rounds()
    return maker.make(
        kind="timetable_track", id="timetable_track", label="timetable track", caption=maker.words.label("timetable"),
        template="timetable_track.html.j2", size=(STRIP_LABEL_MM + (len(rounds) + 1) * cell + STRIP_FRAME_MM, STRIP_HEIGHT_MM),
        copies=content.printing.shared.timetable_track, layout="board",
        start=clock.start, end=clock.end, rounds=rounds, cell_w=cell, label_w=STRIP_LABEL_MM, marker_icons=MARKER_ICONS,
        hold_kinds=[k for k in content.events.kinds if any(e.type == "clock_hold" for e in k.effects)],
        late=maker.words.fill("rules", content.late_rounds_key()) if late else "",
    )


def wait_tracks(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    track = content.game.wait_track
    values = list(range(track.min, track.max + 1))
    movement = next((p.text for p in content.strings.phases if p.id == "movement"), None)
    notes = {
        "movement": maker.words(movement) if movement else "",
        "blocked": maker.words.fill("rules", "blocked"),
    }
    return [
        maker.make(kind="wait_track", id=f"wait_track-{colour.id}", label=f"wait track {colour.id}",
                   caption=f"{maker.words.label('wait_value')} · {maker.words(colour.name)}",
                   template="wait_track.html.j2", size=(_strip_width(len(values)), 40.0), copies=1,
                   layout="board", colour=colour, values=values, start=content.game.setup.wait_start,
                   cell_w=STRIP_CELL_MM, label_w=STRIP_LABEL_MM, **notes)
        for colour in colours_for(content, row.wait_tracks, "wait tracks")
    ]


def slot_grid(slots: int, card: tuple[float, float], bleed: float) -> tuple[int, float, float]:
    """Columns and (width, height) of a mat holding ``slots`` card slots: the widest grid that prints on one page.

    One row when it fits the room every paper shares (:func:`board_room`, either
    way up), else fewer columns; with no grid fitting, one row (the board is tiled).
    """
    cw, ch = card
    frame = 2 * (SAFE_MARGIN_MM + 4)
    room = board_room(bleed)
    for columns in range(slots, 0, -1):
        rows = -(-slots // columns)
        w = columns * cw + (columns - 1) * SLOT_GAP_MM + frame
        h = rows * ch + (rows - 1) * SLOT_GAP_MM + frame + MAT_HEADER_MM
        if (w <= room[0] and h <= room[1]) or (w <= room[1] and h <= room[0]):
            return columns, w, h
    return slots, slots * cw + (slots - 1) * SLOT_GAP_MM + frame, ch + frame + MAT_HEADER_MM


def station_mats(content: Content, maker: FaceMaker) -> list[Face]:
    cw, ch = card_size(content)
    queue = content.game.setup.platform_size
    slots = queue + 1  # the platform queue plus the station's ticket pile
    columns, width, height = slot_grid(slots, (cw, ch), maker.bleed)
    rows = -(-slots // columns)
    return [
        maker.make(kind="station_mat", id=f"station_mat-{st.id}", label=f"station mat {st.id}",
                   caption=f"{maker.words.label('station_mat')} · {st.id} {maker.words(st.name)}",
                   template="station_mat.html.j2", size=(width, height), copies=1, layout="board",
                   station=st, terminal=st.id in content.map.terminals, queue=list(range(1, queue + 1)),
                   slot_w=cw, slot_h=ch, gap=SLOT_GAP_MM, pile=content.pile_size(st.id), columns=columns,
                   rule_top=22 + rows * ch + (rows - 1) * SLOT_GAP_MM)
        for st in content.map.stations
    ]


def train_tokens(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    """One token per train, in its own colour: ``row`` already counts trains, not players (ruling R10)."""
    return [
        maker.make(kind="train_token", id=f"train_token-{colour.id}", label=f"train token {colour.id}",
                   caption=f"{maker.words.label('train_token')} · {maker.words(colour.name)}",
                   template="train_token.html.j2", size=TOKEN_SIZE_MM, copies=1, layout="board", colour=colour)
        for colour in colours_for(content, row.train_tokens, "train tokens")
    ]


def markers(content: Content, maker: FaceMaker) -> list[Face]:
    """The markers rules 3.1 and 6.1 need: first player (6.1 step 8), clock (3.1), round (the event track).

    The first-player marker sits in front of a player: a square with its name and the tie-break it
    settles. The clock and round markers sit on one column of the timetable track, so they are that
    column's size (:func:`timetable_cell_mm`), a space's height, and carry their icon alone: the track
    prints it by the row each goes on (:data:`MARKER_ICONS`).
    """
    shared = content.printing.shared
    column = (timetable_cell_mm(content, maker.bleed), STRIP_CELL_MM)
    made = [("first_player", shared.first_player_marker, maker.words.fill("rules", "tie_break"), MARKER_SIZE_MM),
            ("clock", shared.clock_marker, "", column),
            ("round", shared.round_marker, "", column)]
    return [
        maker.make(kind="marker", id=f"marker-{name}", label=f"{name.replace('_', ' ')} marker",
                   caption=maker.words.label(f"{name}_marker"),
                   template="marker.html.j2", size=size, copies=copies, layout="board",
                   name=maker.words.label(f"{name}_marker"), icon=MARKER_ICONS[name], note=note,
                   small=size != MARKER_SIZE_MM)
        for name, copies, note, size in made if copies
    ]


def seat_lanes(seats: int, card: tuple[float, float], bleed: float) -> tuple[int, float, float, float]:
    """Seats per row, the lane pitch and (width, height) of a train mat with ``seats`` overlapping card lanes.

    Each boarded ticket lies on its own lane, over the lanes before it, so a strip of every card (its left
    edge: the destination's icon and the fare) shows above the seat's write-in boxes. The fewest rows whose
    strips are at least SEAT_STRIP_MM wide and that print on one page (the room every paper shares, either
    way up); with none, one row at SEAT_TILED_MM (the board is tiled).
    """
    cw, ch = card
    frame = 2 * (SAFE_MARGIN_MM + 4)
    room = board_room(bleed)
    row_h = ch + SEAT_BOXES_MM
    for rows in range(1, seats + 1):
        per_row = -(-seats // rows)
        height = MAT_BAND_MM + rows * row_h + SEAT_NOTES_MM + frame
        for width in (max(room), min(room)):
            pitch = cw if per_row == 1 else min(cw, (width - frame - cw) / (per_row - 1))
            fits_high = height <= (min(room) if width == max(room) else max(room))
            if pitch >= SEAT_STRIP_MM and fits_high:
                return per_row, round(pitch, 2), width, height
    return seats, SEAT_TILED_MM, (seats - 1) * SEAT_TILED_MM + cw + frame, MAT_BAND_MM + row_h + SEAT_NOTES_MM + frame


def train_mats(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    """One mat per train: a lane per seat up to the composition cap, where the boarded ticket itself lies.

    Rules 5.2 and 6.2 phase 4: a delivery is on time when it arrives by boarding
    time + U. The ticket lies on its seat's lane with its boarding time and
    deadline written right under it, so the card and its time stay together
    (ruling R22); each lane also shows the penalty that composition brings (6.5).
    """
    cw, ch = card_size(content)
    cap = content.game.composition_cap
    per_row, pitch, width, height = seat_lanes(cap, (cw, ch), maker.bleed)
    seats = []
    for n in range(1, cap + 1):
        r, c = divmod(n - 1, per_row)
        last = c == per_row - 1 or n == cap
        seats.append({"n": n, "penalty": content.penalty(n), "x": round(c * pitch, 2),
                      "y": round(r * (ch + SEAT_BOXES_MM), 2), "lane": cw if last else pitch})
    notes = [maker.words.fill("rules", key) for key in ("seats", "deadline", "heading")]
    return [
        maker.make(kind="train_mat", id=f"train_mat-{colour.id}", label=f"train mat {colour.id}",
                   caption=f"{maker.words.label('train_mat')} · {maker.words(colour.name)}",
                   template="train_mat.html.j2", size=(width, height), copies=1, layout="board",
                   colour=colour, seats=seats, card_h=ch, box_w=round(pitch - SEAT_BOX_GAP_MM, 2),
                       top=MAT_BAND_MM - SAFE_MARGIN_MM, air=4.0,
                   notes_top=MAT_BAND_MM - SAFE_MARGIN_MM + seats[-1]["y"] + ch + SEAT_BOXES_MM, notes=notes)
        for colour in colours_for(content, row.train_tokens, "train mats")
    ]


def score_sheet(content: Content, maker: FaceMaker, players: int) -> Face:
    """A row per player for the points of each delivery, deliveries and delays L, then the end of game.

    Rules 5.2 and 6.3: a delivery scores F or, late, the late share and adds to
    L; at the end the L = 0 bonus and the highest-L penalty apply, and ties go
    by the tie-break order of ``game.yaml``. The columns follow that order, and
    the rules printed under the table come from the same strings the quick
    reference prints (ruling R24).
    """
    w = maker.words
    scoring = content.game.scoring
    landscape = (max(board_room(maker.bleed)), min(board_room(maker.bleed)))
    return maker.make(
        kind="score_sheet", id="score_sheet", label="score sheet", caption=w.label("score_sheet"),
        template="score_sheet.html.j2", size=landscape, copies=content.printing.shared.score_sheet, layout="board",
        players=list(range(1, players + 1)),
        bonus=w.fill("scoring", "no_delay_bonus"), penalty=w.fill("scoring", "worst_delay"),
        during=[w.fill("rules", "score_sheet"), w.fill("scoring", "on_time"), w.fill("scoring", "late")],
        ending=[w.fill("scoring", "unfinished"), w.fill("scoring", "no_delay_bonus"), w.fill("scoring", "worst_delay")],
        tiebreaks=[w.fill("scoring", f"tiebreak_{t}") for t in scoring.tiebreaks] + [w.fill("scoring", "tiebreak_shared")],
    )


def quick_reference(content: Content, maker: FaceMaker, row: PrintRow, players: int) -> Face:
    return maker.make(kind="quick_reference", id="quick_reference", label="quick reference",
                      caption=maker.words.label("quick_reference"),
                      template="quick_reference.html.j2", size=board_room(maker.bleed),
                      copies=content.printing.shared.quick_reference, layout="board",
                      ref=quick_reference_data(content, maker.words, row, players))


def board_faces(content: Content, maker: FaceMaker, row: PrintRow, players: int) -> list[Face]:
    return [
        track_map(content, maker),
        timetable_track(content, maker),
        *wait_tracks(content, maker, row),
        *station_mats(content, maker),
        *train_tokens(content, maker, row),
        *train_mats(content, maker, row),
        *markers(content, maker),
        quick_reference(content, maker, row, players),
        score_sheet(content, maker, players),
    ]


#: Rows of a take-out page (each about 6.2 mm high in the 226 mm under its title and note).
TAKE_OUT_ROWS = 30


def take_out_pages(maker: FaceMaker, rows: list[dict]) -> list[Face]:
    """A pack's pages listing what to take out of the base game's box (``rows``: copies, what, why), in the
    edition's language, printed with the pack's other boards (it went only to the console and the manifest)."""
    pages = [rows[i:i + TAKE_OUT_ROWS] for i in range(0, len(rows), TAKE_OUT_ROWS)]
    return [maker.make(kind="take_out", id="take_out" if len(pages) == 1 else f"take_out-{n}",
                       label="take out of the box" if len(pages) == 1 else f"take out of the box {n}",
                       caption=maker.words.label("take_out"), template="take_out.html.j2",
                       size=board_room(maker.bleed), copies=1, layout="board", rows=page)
            for n, page in enumerate(pages, 1)]
