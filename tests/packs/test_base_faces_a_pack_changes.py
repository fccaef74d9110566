"""Pack-only checks see the base's values and faces a pack changes (issue 23, item 8)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardgen.cli import app

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
        "(its kind has no target: station) "
        "(the value is rail-journey/events.yaml's; tp/events.yaml:9:7 changes this entry: write it there too)"]


def test_a_value_the_pack_writes_on_a_track_card_points_at_the_pack_alone(pack_dir):
    pack_dir.write("events.yaml", "track:\n  14: {kind: festival, station: S9}\n")
    assert pack_dir.headlines() == ["tp/events.yaml:2:33: track.14.station: unknown station 'S9'"]


# A second exempt card: its name is short enough for its own card, but lengthens the base's Crowded Train,
# which lists every card exempt from its limit.
EXEMPT = """kinds:
  remove: [wait]
  add:
    - id: slow_local
      icon: "🐢"
      value: 0
      copies: 1
      name: {zh: 慢行普通列车之极长名称, en: Slow Stopping Service}
      effects: [{type: ignore_boarding_limit}, {type: wait_gain, amount: 2}]
      text: {zh: "推进 {value}，但待避值 W {amount:+}。", en: "Advance {value}, but your wait value W rises by {amount}."}
"""


def crowded(lang: str, round_no: int) -> str:
    """The overflow of the base's Crowded Train of one round, as a build reports it, with the pack's line."""
    where, mm, text, cause = {"en": ("51:48", "7.9", "'🐢 Slow Stopping Service · exempt'", "8:35"),
                              "zh": ("51:16", "3.3", "'受此限'", "8:18")}[lang]
    face = f"event-round-{round_no:02d}"
    return (f"  event round {round_no} (crowded_train) ({face}): base rail-journey: events.yaml:{where}: event round "
            f"{round_no} (crowded_train): text overflows its box 'text' by {mm} mm at the bottom (face {face}): "
            f"{text} (tp/operations.yaml:{cause} changes what this base face prints)")


@pytest.mark.slow  # lays faces out
def test_a_pack_only_build_lays_out_the_base_faces_its_change_alters(pack_dir, tmp_path):
    pack_dir.write("operations.yaml", EXEMPT)
    assert pack_dir.headlines() == []
    result = CliRunner().invoke(app, ["build", str(pack_dir.root), "--lang", "en", "--only", "event",
                                      "--out", str(tmp_path / "out"), "--no-progress"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == ["cardgen build: error: 2 faces cannot be printed:", crowded("en", 8),
                                          crowded("en", 17) + "; nothing written."]
    assert not (tmp_path / "out").exists()


@pytest.mark.slow  # lays faces out
def test_validate_lays_out_the_base_faces_a_pack_changes(pack_dir):
    pack_dir.write("operations.yaml", EXEMPT)
    result = CliRunner().invoke(app, ["validate", str(pack_dir.root)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[-7:] == [
        "  base faces the pack changes: 6 laid out (zh and en), 2 language(s) with faces that cannot be printed:",
        "zh: 2 faces cannot be printed:", crowded("zh", 8), crowded("zh", 17),
        "en: 2 faces cannot be printed:", crowded("en", 8), crowded("en", 17)]
    assert lines[0] == (f"{pack_dir.root}: NOT printable (pack test-pack v1 over rail-journey, mark T): the content is "
                        "valid, but base faces it changes cannot be printed (below)")
    assert result.stdout == ""
    as_json = json.loads(CliRunner().invoke(app, ["validate", str(pack_dir.root), "--json"]).stdout)
    assert not as_json["ok"]
    assert [e["message"] for e in as_json["errors"]] == [
        "zh: 2 faces cannot be printed:\n  " + crowded("zh", 8).strip() + "\n  " + crowded("zh", 17).strip(),
        "en: 2 faces cannot be printed:\n  " + crowded("en", 8).strip() + "\n  " + crowded("en", 17).strip()]
    quick = CliRunner().invoke(app, ["validate", str(pack_dir.root), "--no-faces"])
    assert quick.exit_code == 0 and "base faces" not in quick.output


# One passing loop beside the base's T3 (ruling R25): the base map has no sidings, so its legend had no room for
# the siding rule (the English one was cut off and the track map could not be printed).
SIDING = """sidings:
  add:
    - {id: P1, cell: 5, name: {zh: 待避线, en: Loop}, capacity: 1, wait_gain: 1}
"""


@pytest.mark.slow  # lays faces out
def test_a_pack_adding_a_siding_validates_and_prints_the_track_map(pack_dir, tmp_path):
    from tests.render_print.pdfcheck import cut_by_tile_edges

    from cardgen.model.text import string

    pack_dir.write("map.yaml", SIDING)
    result = CliRunner().invoke(app, ["validate", str(pack_dir.root)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "  base faces the pack changes: 2 laid out (zh and en), all print"
    content = pack_dir.content()
    for lang in ("zh", "en"):
        out = tmp_path / lang
        built = CliRunner().invoke(app, ["build", str(pack_dir.root), "--lang", lang, "--only", "track_map",
                                         "--out", str(out), "--no-progress"])
        assert built.exit_code == 0, built.output
        board = out / "test-pack-print-shop-boards.pdf"
        rule = string(content, "rules", "siding", lang)
        assert cut_by_tile_edges(board) == [] and cut_by_tile_edges(board, text=rule) == []


GALE = """kinds:
  add:
    - id: gale
      icon: "G"
      name: {zh: 强风, en: Gale}
      target: section
      effects: [{type: propulsion, amount: -2}]
      text: {zh: "{section} 内列车 R {amount:+}", en: "Trains in {section}: R {amount:+}"}
track:
  3: {kind: gale, section: T2, station: null}
"""


def test_a_base_face_blames_the_pack_line_among_what_the_pack_made_it_print(pack_dir):
    """An overflow on the track map was blamed on ``target: section`` (the legend's base words say "in a
    section"), not on the siding the pack adds: only what the base's own face does not print is searched."""
    from dataclasses import replace

    from cardgen.games.rail_journey.printing import content_layers, design_faces
    from cardgen.render.build import BuildOptions
    from cardgen.render.faces.fit import pack_line

    pack_dir.write("map.yaml", SIDING).write("events.yaml", GALE)
    content = pack_dir.content()
    faces, _, _ = design_faces(content, BuildOptions(lang="en"))
    track_map = next(f for f in faces if f.id == "track_map")
    folders = [pack_dir.root, *content_layers(content)]
    assert track_map.base_html and "P1" not in track_map.base_html
    at = pack_line(track_map, folders)
    assert (at.file, at.line, SIDING.splitlines()[at.line - 1][at.col - 1:].startswith("Loop")) == (
        "tp/map.yaml", 3, True)
    blind = pack_line(replace(track_map, base_html=""), folders)  # the whole face searched: the base's words match
    assert (blind.file, blind.line) == ("tp/events.yaml", 6)
