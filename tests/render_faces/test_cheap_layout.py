"""The cheaper face structures keep their geometry.

Strip spaces, rounds, map cells and mat slots float side by side in one row
(cheaper for WeasyPrint than absolutely placed boxes with inline geometry); a
row that came out too narrow would wrap its last cell onto a second line
without any error, so these tests lay the boards out and check every cell is
on one line at its cell's offset. The ticket's route is an inline SVG: it must
stay vector and its station ids real text in the card font.
"""

from __future__ import annotations

import io
import re

import pytest
import weasyprint
from pypdf import PdfReader

from cardgen.render.faces.renderer import wrapped
from cardgen.model import load
from cardgen.games.rail_journey.faces import boards
from cardgen.games.rail_journey.faces.design import build_faces
from cardgen.render.faces.fit import face_root, visible_text
from cardgen.render.fonts.metrics import advance_em

from .conftest import by_id

_PX_PER_MM = 96 / 25.4


def _boxes_with_class(document, cls: str) -> list:
    """Outermost laid-out box of each element carrying ``cls``, in document order."""
    found, seen = [], set()

    def walk(box):
        element = getattr(box, "element", None)
        if element is not None and cls in (element.get("class") or "").split() and id(element) not in seen:
            seen.add(id(element))
            found.append(box)
        for child in getattr(box, "children", ()):
            walk(child)

    walk(face_root(document.pages[0]))
    return found


def _assert_one_row(boxes, pitch_mm: float, count: int) -> None:
    assert len(boxes) == count
    tops = {round(b.position_y / _PX_PER_MM, 2) for b in boxes}
    assert len(tops) == 1, f"cells wrapped onto {len(tops)} lines"
    lefts = [b.border_box_x() / _PX_PER_MM for b in boxes]
    for i, x in enumerate(lefts):
        assert x - lefts[0] == pytest.approx(i * pitch_mm, abs=0.01)


def test_timetable_spaces_and_rounds_stay_on_one_line_each(content, faces_en):
    face = by_id(faces_en)["timetable_track"]
    document = weasyprint.HTML(string=wrapped(face.html)).render()
    columns = content.total_rounds() + 1  # the start, then one column per round
    cell = float(re.search(r"--cell:([\d.]+)mm", face.html).group(1))
    _assert_one_row(_boxes_with_class(document, "space"), cell, columns)
    _assert_one_row(_boxes_with_class(document, "round"), cell, columns)


def test_wait_track_spaces_stay_on_one_line(content, faces_zh):
    face = next(f for f in faces_zh if f.kind == "wait_track")
    document = weasyprint.HTML(string=wrapped(face.html)).render()
    track = content.game.wait_track
    _assert_one_row(_boxes_with_class(document, "space"), boards.STRIP_CELL_MM, track.max - track.min + 1)


@pytest.mark.parametrize("variant", [None, "single_line"])
def test_track_map_cells_stay_on_one_line(variant):
    content = load(variant=variant)
    document = weasyprint.HTML(string=wrapped(by_id(build_faces(content))["track_map"].html)).render()
    cells = content.map.cells.max - content.map.cells.min + 1
    _assert_one_row(_boxes_with_class(document, "cell"), boards.TRACK_CELL_MM, cells)
    _assert_one_row(_boxes_with_class(document, "cellno"), boards.TRACK_CELL_MM, cells)


def test_station_mat_slots_fill_the_rows_of_their_grid(content, faces_zh):
    document = weasyprint.HTML(string=wrapped(by_id(faces_zh)["station_mat-S1"].html)).render()
    slots = content.game.setup.platform_size + 1
    card = (content.game.card_size_mm.width, content.game.card_size_mm.height)
    columns, _, _ = boards.slot_grid(slots, card, 3.0)
    pitch = card[0] + boards.SLOT_GAP_MM
    found = _boxes_with_class(document, "slot")
    assert len(found) == slots
    for start in range(0, slots, columns):
        row = found[start:start + columns]
        _assert_one_row(row, pitch, len(row))


def test_ticket_route_is_vector_with_station_ids_as_card_font_text(content, faces_en):
    face = by_id(faces_en)["ticket-S1-S2"]
    ids = [st.id for st in content.map.stations]
    route = face.html[face.html.index("<svg"):face.html.index("</svg>")]
    # one <text> holds every id, each character placed by its own x, each id centred on its stop
    (text,) = re.findall(r'<text [^>]*x="([^"]*)"[^>]*>([^<]*)</text>', route)
    assert text[1] == "".join(ids)
    xs = [float(x) for x in text[0].split()]
    assert len(xs) == len(text[1]) and xs == sorted(xs)
    size = float(re.search(r'<text [^>]*font-size="([^"]*)"', route).group(1))
    stops = sorted(float(x) + 1.4 for x in re.findall(r"M([\d.]+) 2\.9a1\.4", route))  # circles of radius 1.4
    assert len(stops) == len(ids)
    start = 0
    for stop, station_id in zip(stops, ids):
        chars = xs[start:start + len(station_id)]
        end = chars[-1] + advance_em(station_id[-1]) * size
        assert (chars[0] + end) / 2 == pytest.approx(stop, abs=0.002)
        start += len(station_id)
    assert all(i in visible_text(face.html) for i in ids)  # so the glyph check reads them
    page = PdfReader(io.BytesIO(weasyprint.HTML(string=face.html).write_pdf())).pages[0]
    text = page.extract_text()
    assert all(i in text for i in ids)
    xobjects = page["/Resources"].get("/XObject", {})
    assert not [x for x in xobjects.values() if x.get_object().get("/Subtype") == "/Image"]
    fonts = [f.get_object()["/BaseFont"] for f in page["/Resources"]["/Font"].values()]
    assert any("Card-Sans" in str(f) for f in fonts), fonts
