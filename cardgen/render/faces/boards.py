"""Boards: track map, timetable track, wait tracks, station mats, train tokens, quick reference.

Board sizes follow from the content (number of cells, clock length, platform
size, card size); the millimetre constants here are layout choices of the
templates, not rules of the game.
"""

from __future__ import annotations

from cardgen.errors import UsageError
from cardgen.model.content import Content
from cardgen.model.schema import Colour, PrintRow
from cardgen.render.faces.cards import card_size, holds_clock, line_for
from cardgen.render.faces.facekit import SAFE_MARGIN_MM, Face, FaceMaker
from cardgen.render.faces.reference import blocking_rule, quick_reference_data

TRACK_CELL_MM = 36.0          # one map cell on the track map
TRACK_MAP_HEIGHT_MM = 135.0
STRIP_CELL_MM = 11.0          # one space on the timetable and wait tracks
STRIP_LABEL_MM = 28.0         # the label column left of a strip
SLOT_GAP_MM = 5.0             # gap between card slots on a station mat
TOKEN_SIZE_MM = (30.0, 90.0)  # fold-over standee: tab, face, face, tab
A4_PORTRAIT_MM = (210.0, 297.0)


def colours_for(content: Content, count: int, what: str) -> list[Colour]:
    colours = content.game.colours
    if count > len(colours):
        raise UsageError(f"printing.yaml asks for {count} {what} but game.yaml has only {len(colours)} colours")
    return colours[:count]


def track_map(content: Content, maker: FaceMaker) -> Face:
    first, last = content.map.cells.min, content.map.cells.max
    width = (last - first + 1) * TRACK_CELL_MM + 2 * (SAFE_MARGIN_MM + 6)
    cells = []
    for i, cell in enumerate(range(first, last + 1)):
        station = content.station_at_cell.get(cell)
        cells.append({
            "cell": cell, "x": 6 + i * TRACK_CELL_MM, "station": station,
            "section": content.section_at_cell.get(cell),
            "terminal": station is not None and station.id in content.map.terminals,
        })
    return maker.make(
        kind="track_map", id="track_map", label="track map", template="track_map.html.j2",
        size=(width, TRACK_MAP_HEIGHT_MM), copies=content.printing.shared.track_map, layout="board",
        cells=cells, cell_w=TRACK_CELL_MM, up=line_for(content, "right"), down=line_for(content, "left"),
        double=content.map.double_track, blocking=blocking_rule(content, maker.words),
    )


def _strip_width(spaces: int) -> float:
    return STRIP_LABEL_MM + spaces * STRIP_CELL_MM + 2 * (SAFE_MARGIN_MM + 3)


def timetable_track(content: Content, maker: FaceMaker) -> Face:
    clock = content.game.clock
    rounds = [
        {"round": r, "icon": content.event_kinds[card.kind].icon, "hold": holds_clock(content, card.kind)}
        for r, card in content.event_track
    ]
    spaces = max(clock.end - clock.start + 1, len(rounds))
    return maker.make(
        kind="timetable_track", id="timetable_track", label="timetable track",
        template="timetable_track.html.j2", size=(_strip_width(spaces), 66.0),
        copies=content.printing.shared.timetable_track, layout="board",
        times=list(range(clock.start, clock.end + 1)), start=clock.start,
        end=clock.end, rounds=rounds, cell_w=STRIP_CELL_MM, label_w=STRIP_LABEL_MM,
        hold_kinds=[k for k in content.events.kinds if any(e.type == "clock_hold" for e in k.effects)],
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
                   template="wait_track.html.j2", size=(_strip_width(len(values)), 40.0), copies=1,
                   layout="board", colour=colour, values=values, start=content.game.setup.wait_start,
                   cell_w=STRIP_CELL_MM, label_w=STRIP_LABEL_MM, **notes)
        for colour in colours_for(content, row.wait_tracks, "wait tracks")
    ]


def station_mats(content: Content, maker: FaceMaker) -> list[Face]:
    cw, ch = card_size(content)
    queue = content.game.setup.platform_size
    slots = queue + 1  # the platform queue plus the station's ticket pile
    width = slots * cw + (slots - 1) * SLOT_GAP_MM + 2 * (SAFE_MARGIN_MM + 4)
    height = ch + 2 * (SAFE_MARGIN_MM + 4) + 24
    return [
        maker.make(kind="station_mat", id=f"station_mat-{st.id}", label=f"station mat {st.id}",
                   template="station_mat.html.j2", size=(width, height), copies=1, layout="board",
                   station=st, terminal=st.id in content.map.terminals, queue=list(range(1, queue + 1)),
                   slot_w=cw, slot_h=ch, gap=SLOT_GAP_MM, pile=content.pile_size(st.id))
        for st in content.map.stations
    ]


def train_tokens(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    """One token per train, in its own colour: ``row`` already counts trains, not players (ruling R10)."""
    return [
        maker.make(kind="train_token", id=f"train_token-{colour.id}", label=f"train token {colour.id}",
                   template="train_token.html.j2", size=TOKEN_SIZE_MM, copies=1, layout="board", colour=colour)
        for colour in colours_for(content, row.train_tokens, "train tokens")
    ]


def quick_reference(content: Content, maker: FaceMaker) -> Face:
    return maker.make(kind="quick_reference", id="quick_reference", label="quick reference",
                      template="quick_reference.html.j2", size=A4_PORTRAIT_MM,
                      copies=content.printing.shared.quick_reference, layout="board",
                      ref=quick_reference_data(content, maker.words))


def board_faces(content: Content, maker: FaceMaker, row: PrintRow) -> list[Face]:
    return [
        track_map(content, maker),
        timetable_track(content, maker),
        *wait_tracks(content, maker, row),
        *station_mats(content, maker),
        *train_tokens(content, maker, row),
        quick_reference(content, maker),
    ]
