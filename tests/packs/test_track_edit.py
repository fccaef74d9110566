"""Issue 23 item 9: a pack inserts and removes track cards by id (the rounds after follow, the clock follows), and
variants drop cards by id, so that a variant that no longer fits a pack is a located error."""

from __future__ import annotations

from cardgen.model import apply_variant


def test_every_track_card_has_an_id(pack_dir):
    content = pack_dir.content()
    ids = {rnd: card.id for rnd, card in content.events.track.items()}
    assert (ids[1], ids[4], ids[12], ids[20]) == ("fine_weather.1", "rainstorm.1", "rainstorm.2", "rainstorm.3")


def test_a_removed_card_moves_the_later_rounds_up_and_the_clock_follows(pack_dir):
    base = pack_dir.content()
    pack_dir.write("events.yaml", "track_edit:\n  remove: [crowded_train.1]\n")
    # the base's beginner variant drops that card too: the pack says what the variant drops now
    pack_dir.write("variants.yaml", "variants:\n  change:\n    - {id: beginner, drop: [track_works.1]}\n")
    content = pack_dir.content()
    assert content.game.clock.end == base.game.clock.end - 1
    assert content.events.track[8].id == "fine_weather.2" and content.events.track[19].id == "rainstorm.3"
    assert 20 not in content.events.track and content.regular_rounds == 19


def test_an_inserted_card_moves_the_later_rounds_down(pack_dir):
    base = pack_dir.content()
    pack_dir.write("events.yaml", "track_edit:\n  insert:\n"
                                  "    - {after: rainstorm.1, card: {kind: fine_weather}}\n"
                                  "    - {before: fine_weather.1, card: {id: dawn, kind: fallen_leaves}}\n")
    content = pack_dir.content()
    track = content.events.track
    assert content.game.clock.end == base.game.clock.end + 2
    assert [track[r].id for r in (1, 2, 5, 6, 7, 22)] == ["dawn", "fine_weather.1", "rainstorm.1", "fine_weather.4",
                                                          "track_works.1", "rainstorm.3"]
    # the beginner variant drops its cards by id: the same cards, wherever they moved
    beginner = apply_variant(content, "beginner")
    assert sorted(c.id for c in beginner.events.track.values()) == sorted(
        ["dawn", "fine_weather.1", "fallen_leaves.1", "festival.1", "rainstorm.1", "fine_weather.4",
         "extended_operation.1", "radio_command.1", "fine_weather.2", "festival.2"])


def test_an_edit_naming_no_card_is_located(pack_dir):
    pack_dir.write("events.yaml", "track_edit:\n  remove: [crowded_train.9]\n  insert:\n"
                                  "    - {after: rainstrom.1, card: {kind: fine_weather}}\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:2:12: track_edit.remove.0: no track card 'crowded_train.9'; did you mean 'crowded_train.2'?",
        "tp/events.yaml:4:15: track_edit.insert.0.after: no track card 'rainstrom.1'; did you mean 'rainstorm.1'?"]


def test_a_variant_that_no_longer_fits_the_pack_is_located(pack_dir):
    pack_dir.write("events.yaml", "track_edit:\n  remove: [crowded_train.1]\n")
    assert pack_dir.headlines() == [
        "rail-journey/variants.yaml:18:27: variants.0.drop.1: in variant 'beginner': no track card "
        "'crowded_train.1'; did you mean 'crowded_train.2'?"]


def test_an_edit_of_the_wrong_shape_is_located(pack_dir):
    pack_dir.write("events.yaml", "track_edit:\n  remove: crowded_train.1\n  insrt: []\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:2:11: track_edit.remove: 'remove' is a list: [ID, ...]",
        "tp/events.yaml:3:10: track_edit.insrt: unknown key 'insrt'; did you mean 'insert'?"]
