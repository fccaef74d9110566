"""Variant 9.3 (two locomotives each): every train gets its own printed deck, token and wait track (R10)."""

from __future__ import annotations

from cardgen.model import load
from cardgen.games.rail_journey.faces.design import build_faces


def _ids(faces, kind):
    return [f.id for f in faces if f.kind == kind]


def test_each_train_has_its_own_operation_deck_token_and_wait_track():
    content = load(variant="two_locomotives")
    trains = 2 * content.game.setup.trains_per_player
    faces = build_faces(content, players=2, lang="en")
    decks = {f.back for f in faces if f.kind == "operation"}
    assert len(decks) == trains == 4
    assert len(_ids(faces, "operation")) == trains * len(content.operations.kinds)
    assert len(_ids(faces, "train_token")) == trains
    assert len(_ids(faces, "wait_track")) == trains
    # what is shared by the players, not the trains, stays as rules 3.3 lists it for two players
    row = content.printing.by_players[2]
    assert sum(f.copies for f in faces if f.kind == "dispatch") == row.dispatch


def test_one_train_each_prints_the_row_unchanged():
    faces = build_faces(load(), players=2, lang="en")
    assert len({f.back for f in faces if f.kind == "operation"}) == 2
