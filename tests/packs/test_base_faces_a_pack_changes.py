"""Pack-only checks see the base's values and faces a pack changes (issue 23, item 8)."""

from __future__ import annotations

BLACKOUT = """kinds:
  add:
    - id: platform_blackout
      icon: "🌑"
      name: {zh: 停电, en: Blackout}
      effects: [{type: order_reversed}]
      text: {zh: 停电。, en: Blackout.}
track:
  14: {kind: platform_blackout}
"""


def test_a_changed_track_card_that_errors_in_the_base_names_the_packs_line(pack_dir):
    """The base's round 14 names station S3; the pack's card over it is of a kind that takes none."""
    pack_dir.write("events.yaml", BLACKOUT)
    assert pack_dir.headlines() == [
        "rail-journey/events.yaml:67:33: track.14.station: a 'platform_blackout' card takes no station "
        "(the value is rail-journey/events.yaml's; tp/events.yaml:9:7 changes this entry: write it there too)"]


def test_a_value_the_pack_writes_on_a_track_card_points_at_the_pack_alone(pack_dir):
    pack_dir.write("events.yaml", "track:\n  14: {kind: festival, station: S9}\n")
    assert pack_dir.headlines() == ["tp/events.yaml:2:33: track.14.station: unknown station 'S9'"]
