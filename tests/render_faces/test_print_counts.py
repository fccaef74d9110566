"""`cardgen build --players N` prints what printing.yaml (rules 3.3) lists for N."""

from __future__ import annotations

import pytest

from cardgen.model import load
from cardgen.games.rail_journey.faces.cards import spread
from cardgen.games.rail_journey.faces.design import build_faces


def _copies(faces, kind):
    return {f.id: f.copies for f in faces if f.kind == kind}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fewer_players_print_their_row(players):
    content = load()
    row = content.printing.by_players[players]
    faces = build_faces(content, players=players, lang="en")
    dispatch = _copies(faces, "dispatch")
    assert sum(dispatch.values()) == row.dispatch
    assert list(dispatch.values()) == spread(row.dispatch, [k.copies for k in content.dispatch.kinds])
    backs = {f.id: f.copies for f in faces if f.kind == "card_back"}
    assert backs["back-dispatch"] == row.dispatch
    assert len(_copies(faces, "operation")) == row.operation_sets * len(content.operations.kinds)
    assert len(_copies(faces, "train_token")) == row.train_tokens
    assert len(_copies(faces, "wait_track")) == row.wait_tracks
    assert len(_copies(faces, "station_mat")) == row.station_mats
    assert sum(_copies(faces, "ticket").values()) == row.tickets
    assert sum(_copies(faces, "event").values()) == row.events


def test_two_players_split_dispatch_two_one_one():
    faces = build_faces(load(), players=2, lang="en")
    assert _copies(faces, "dispatch") == {"dispatch-swap": 2, "dispatch-signal_priority": 1,
                                          "dispatch-group_booking": 1}


def test_the_default_build_prints_the_full_set():
    content = load()
    full = content.printing.full_set
    faces = build_faces(content, lang="en")
    assert sum(_copies(faces, "dispatch").values()) == full.dispatch == content.dispatch_count
    assert len(_copies(faces, "operation")) == full.operation_sets * len(content.operations.kinds)


def test_spread_is_even_and_complete():
    for total in range(0, 20):
        parts = spread(total, [20, 20, 20])
        assert sum(parts) == total and max(parts) - min(parts) <= 1 and parts == sorted(parts, reverse=True)


def test_spread_keeps_within_each_kinds_copies_and_prints_them_all():
    """Unequal copies (a pack's 4-3-3 kinds beside the base's 5-5-5): the full deck prints every card."""
    caps = [5, 5, 5, 4, 3, 3]
    assert spread(25, caps) == caps
    assert spread(8, caps) == [2, 2, 1, 1, 1, 1]
    assert spread(20, caps) == [4, 4, 3, 3, 3, 3]


def test_card_faces_print_numbers_from_the_data(edited):
    def faster(data):
        express = next(k for k in data["kinds"] if k["id"] == "express")
        express["value"] = 4
        data["set_totals"]["propulsion"] += express["copies"]

    content = edited(operations=faster)
    faces = {f.id: f for f in build_faces(content, lang="en")}
    assert "Advance\xa04." in faces["operation-red-express"].html  # keep_end keeps the last two words together
    assert "Advance\xa04." not in {f.id: f for f in build_faces(load(), lang="en")}["operation-red-express"].html
