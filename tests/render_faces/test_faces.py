"""What build_faces returns: every component, the right copies, backs and page setup."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from cardgen.errors import UsageError
from cardgen.games.rail_journey.faces.design import build_faces

from .conftest import by_id


def _copies(faces, kind):
    return sum(f.copies for f in faces if f.kind == kind)


def _count(faces, kind):
    return sum(1 for f in faces if f.kind == kind)


def test_every_component_is_there_with_its_copies(content, faces_zh):
    row = content.printing.by_players[5]
    assert _count(faces_zh, "ticket") == len(content.tickets) == 30
    assert _copies(faces_zh, "ticket") == content.ticket_count == 82
    assert _count(faces_zh, "operation") == row.operation_sets * len(content.operations.kinds) == 25
    assert _copies(faces_zh, "operation") == row.operation_sets * content.operation_set_size == 45
    assert _count(faces_zh, "dispatch") == 3 and _copies(faces_zh, "dispatch") == 15
    assert _count(faces_zh, "event") == 20 and _copies(faces_zh, "event") == 20
    assert _count(faces_zh, "station_mat") == 6
    assert _count(faces_zh, "train_token") == row.train_tokens
    assert _count(faces_zh, "wait_track") == row.wait_tracks
    for kind in ("track_map", "timetable_track", "quick_reference"):
        assert _count(faces_zh, kind) == 1


def test_ticket_backs_show_their_origin_pile(content, faces_zh):
    faces = by_id(faces_zh)
    for station in content.map.stations:
        back = faces[f"back-ticket-{station.id}"]
        assert back.copies == content.pile_size(station.id)
        assert station.name.zh in back.html
    assert faces["ticket-S3-S5"].back == "back-ticket-S3"


def test_every_card_has_an_existing_back_and_boards_have_none(faces_zh):
    ids = by_id(faces_zh)
    for face in faces_zh:
        if face.layout == "card" and face.kind != "card_back":
            assert face.back in ids and ids[face.back].kind == "card_back"
        else:
            assert face.back is None
    # A back is printed as often as the fronts that use it.
    uses = Counter()
    for face in faces_zh:
        if face.back:
            uses[face.back] += face.copies
    assert uses == {f.id: f.copies for f in faces_zh if f.kind == "card_back"}


def test_ids_are_unique_and_file_name_safe(faces_zh):
    ids = [f.id for f in faces_zh]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+", i) for i in ids)


def test_players_scale_the_personal_components(content):
    faces = build_faces(content, players=2)
    row = content.printing.by_players[2]
    assert _count(faces, "operation") == row.operation_sets * len(content.operations.kinds)
    colours = {f.id.split("-")[1] for f in faces if f.kind == "operation"}
    assert colours == {c.id for c in content.game.colours[: row.operation_sets]}
    assert _count(faces, "train_token") == row.train_tokens


def test_each_face_is_one_page_with_trim_and_bleed(faces_zh):
    for face in faces_zh:
        m = re.search(r"@page \{ size: ([\d.]+)mm ([\d.]+)mm; bleed: ([\d.]+)mm; margin: 0; \}", face.html)
        assert m, face.id
        assert (float(m[1]), float(m[2]), float(m[3])) == (face.width_mm, face.height_mm, face.bleed_mm)
        assert face.html.count('class="face ') == 1


def test_card_size_comes_from_content(content, edited):
    bigger = edited(game=lambda d: d["card_size_mm"].update(width=70, height=120))
    ticket = next(f for f in build_faces(bigger) if f.kind == "ticket")
    assert (ticket.width_mm, ticket.height_mm) == (70, 120)


def test_language_and_lang_attribute(faces_zh, faces_en, content):
    zh, en = by_id(faces_zh), by_id(faces_en)
    assert '<html lang="zh-Hans">' in zh["ticket-S1-S2"].html
    assert '<html lang="en">' in en["ticket-S1-S2"].html
    assert content.stations["S2"].name.en in en["ticket-S1-S2"].html
    assert content.stations["S2"].name.zh not in en["ticket-S1-S2"].html


def test_clock_hold_rounds_are_marked(content, faces_zh):
    holds = [r for r, card in content.event_track if any(e.type == "clock_hold" for e in content.event_kinds[card.kind].effects)]
    assert holds  # the bundled track holds the clock at least once
    faces = by_id(faces_zh)
    label = content.strings.labels["clock_hold"].zh
    for r, _ in content.event_track:
        assert (label in faces[f"event-round-{r:02d}"].html) == (r in holds)
    timetable = faces["timetable_track"].html
    assert timetable.count('class="round hold"') == len(holds)


def test_freight_variant_marks_freight_tickets(content):
    from cardgen.model import load

    freight = load(variant="freight")
    faces = by_id(build_faces(freight, lang="en"))
    long_ticket = next(t for t in freight.tickets if t.freight)
    html = faces[f"ticket-{long_ticket.id}"].html
    assert "∞" in html and freight.strings.labels["freight"].en in html
    short = next(t for t in freight.tickets if not t.freight)
    assert "∞" not in faces[f"ticket-{short.id}"].html


@pytest.mark.parametrize("kwargs", [{"players": 7}, {"lang": "fr"}, {"bleed_mm": -1}])
def test_bad_options_are_usage_errors(content, kwargs):
    with pytest.raises(UsageError):
        build_faces(content, **kwargs)


def test_variants_change_what_is_printed():
    from cardgen.model import load

    base = load()
    heading = base.strings.labels["dispatch_cards"].zh
    assert heading in by_id(build_faces(base))["quick_reference"].html
    no_dispatch = build_faces(load(variant="no_dispatch"))
    assert not [f for f in no_dispatch if f.kind == "dispatch" or f.id == "back-dispatch"]
    assert heading not in by_id(no_dispatch)["quick_reference"].html
    two_trains = load(variant="two_locomotives")
    tokens = [f for f in build_faces(two_trains, players=2) if f.kind == "train_token"]
    # one token per train (ruling R10): a face per train colour, printed once each
    assert [f.copies for f in tokens] == [1] * 2 * two_trains.game.setup.trains_per_player == [1, 1, 1, 1]
    beginner = load(variant="beginner")
    assert _count(build_faces(beginner), "event") == len(beginner.event_track) < 20


def test_single_line_variant_draws_one_line_and_its_blocking_rule():
    from cardgen.model import load

    single = load(variant="single_line")
    faces = by_id(build_faces(single, lang="en"))
    track_map = faces["track_map"].html
    assert 'class="rail single"' in track_map and 'class="rail up"' not in track_map
    from cardgen.model.text import string

    rule = string(single, "rules", "blocking_single", "en")
    assert str(single.map.section_capacity_per_line) in rule and "{" not in rule
    assert rule in track_map.replace("\xa0", " ") and rule in faces["quick_reference"].html.replace("\xa0", " ")  # keep_end
    assert string(single, "rules", "blocking", "en") not in track_map


def test_same_content_gives_the_same_html(content, faces_zh):
    again = build_faces(content, lang="zh")
    assert [(f.id, f.html, f.copies) for f in again] == [(f.id, f.html, f.copies) for f in faces_zh]


def test_a_shorter_event_track_does_not_credit_its_empty_rounds_to_the_clock_holds():
    """The beginner variant (9.1: events only for the first 10 rounds) printed 'Rounds 11–21 (added by the clock
    holds)': only round 21 comes from its one hold."""
    from cardgen.model import load

    beginner = by_id(build_faces(load(variant="beginner"), lang="en"))
    for face in ("timetable_track", "quick_reference"):
        text = beginner[face].html.replace("\xa0", " ")
        assert "Rounds 11–21: no event" in text and "added by the clock holds" not in text, face
    base = by_id(build_faces(load(), lang="en"))["timetable_track"].html.replace("\xa0", " ")
    assert "Rounds 21–22 (added by the clock holds)" in base
