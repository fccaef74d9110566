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
    """A base variant drops a card the pack removes: the pack's line that removes it and the pack's mend, never a
    near id (crowded_train.2 is another card)."""
    pack_dir.write("events.yaml", "track_edit:\n  remove: [crowded_train.1]\n")
    assert pack_dir.headlines() == [
        "rail-journey/variants.yaml:18:27: variants.0.drop.1: in variant 'beginner': track card 'crowded_train.1' "
        "is removed by the pack at tp/events.yaml:2:12; "
        "write in tp/variants.yaml: variants: {change: [{id: beginner, drop: [track_works.1]}]}"]


def test_a_variant_whose_drop_after_card_the_pack_removes_is_located(pack_dir):
    pack_dir.write("events.yaml", "track_edit:\n  remove: [festival.2]\n")
    assert pack_dir.headlines() == [
        "rail-journey/variants.yaml:19:17: variants.0.drop_after: in variant 'beginner': track card 'festival.2' "
        "is removed by the pack at tp/events.yaml:2:12; "
        "write in tp/variants.yaml: variants: {change: [{id: beginner, drop_after: ANOTHER_ID}]}"]


QUIET = """variants:
  %s:
    - id: %s
      section: "X1"
      name: {zh: 静夜, en: Quiet Nights}
      summary: {zh: 静夜, en: Quiet Nights}
      patch: {}
      drop: [radio_command.2]
"""


def test_the_packs_own_variant_naming_a_card_it_removes_is_told_where(pack_dir):
    """The pack's own variant (an added one, or a base one it changes) drops a card the pack removes: its own line,
    named as the pack's file writes it, and where the pack removes the card."""
    pack_dir.write("events.yaml", "track_edit:\n  remove: [radio_command.2]\n")
    pack_dir.write("variants.yaml", QUIET % ("add", "quiet_nights"))
    assert pack_dir.headlines() == [
        "tp/variants.yaml:8:14: variants.add.0.drop.0: in variant 'quiet_nights': track card 'radio_command.2' "
        "is removed by the pack at tp/events.yaml:2:12; take it out of drop"]
    pack_dir.write("variants.yaml", QUIET % ("change", "beginner"))
    assert pack_dir.headlines() == [
        "tp/variants.yaml:8:14: variants.change.0.drop.0: in variant 'beginner': track card 'radio_command.2' "
        "is removed by the pack at tp/events.yaml:2:12; take it out of drop"]


def test_a_card_a_lower_pack_removes_names_that_packs_line(pack_dir, tmp_path):
    """Over a pack that removes a card: the message names the lower pack's line, and the mend its variants.yaml."""
    from tests.packs.conftest import PackDir
    low = PackDir(tmp_path / "low").write("pack.yaml", "id: low\nname: {zh: 低, en: Low}\nversion: 1\n"
                                                        "base: rail-journey\nmark: L\n")
    low.write("events.yaml", "track_edit:\n  remove: [radio_command.1]\n")
    low.write("variants.yaml", "variants:\n  add:\n    - {id: calm, section: X, name: {zh: 静, en: Calm}, "
                               "summary: {zh: 静, en: Calm}, patch: {}, drop: [radio_command.1]}\n")
    pack_dir.write("pack.yaml", "id: test-pack\nname: {zh: 测试包, en: Test Pack}\nversion: 1\nbase: ../low\n"
                                "mark: T\n")
    assert pack_dir.headlines() == [
        "low/variants.yaml:3:101: variants.add.0.drop.0: in variant 'calm': track card 'radio_command.1' is removed "
        "by the pack at low/events.yaml:2:12; take it out of drop"]


def test_an_edit_of_the_wrong_shape_is_located(pack_dir):
    pack_dir.write("events.yaml", "track_edit:\n  remove: crowded_train.1\n  insrt: []\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:2:11: track_edit.remove: 'remove' is a list: [ID, ...]",
        "tp/events.yaml:3:10: track_edit.insrt: unknown key 'insrt'; did you mean 'insert'?"]
