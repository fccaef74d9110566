"""A designer's trial of a pack's variants: each message names the line to edit, as the pack's file names it, and
says what was meant (a misspelt module, a section on a card whose kind targets none); validate says when it has
not checked the variants yet."""

from __future__ import annotations

from typer.testing import CliRunner

from cardgen.cli import app

MODULE = """modules:
  sleeper_cars:
    name: {zh: 卧铺, en: Sleeper Cars}
"""

SLEEPER = """variants:
  add:
    - id: sleeper
      section: "X1"
      name: {zh: 卧铺, en: Sleeper}
      summary: {zh: 卧铺, en: Sleeper}
      patch: {game: {modules: {%s: {enabled: true}}}}
"""

#: a fog card (a kind with no target) on a new round 5, naming a section
FOG = """kinds:
  add:
    - id: fog
      icon: "F"
      name: {zh: 雾, en: Fog}
      effects: [{type: propulsion, amount: -1}]
track_edit:
  insert:
    - {after: rainstorm.1, card: {kind: fog, %s}}
"""


def test_a_variant_enabling_a_misspelt_module_names_the_modules(pack_dir):
    pack_dir.write("game.yaml", MODULE).write("variants.yaml", SLEEPER % "sleeper_carz")
    assert pack_dir.headlines() == [
        "tp/variants.yaml:7:32: variants.add.0.patch.game.modules.sleeper_carz: in variant 'sleeper': unknown module "
        "'sleeper_carz'; did you mean 'sleeper_cars'? (game.yaml modules: sleeper_cars)"]
    pack_dir.write("variants.yaml", SLEEPER % "sleeper_cars")
    assert pack_dir.headlines() == []


def test_a_variant_may_define_a_module_of_its_own(pack_dir):
    """A module the patch names with a name is the variant's own, not a misspelling."""
    pack_dir.write("variants.yaml", SLEEPER % "sleeper_cars: {name: {zh: 卧铺, en: Sleeper Cars}}, x")
    assert pack_dir.headlines() == [
        "tp/variants.yaml:7:82: variants.add.0.patch.game.modules.x: in variant 'sleeper': unknown module 'x' "
        "(game.yaml modules: none)"]


def test_a_problem_in_an_added_variant_names_it_as_the_pack_writes_it(pack_dir):
    pack_dir.write("variants.yaml", (SLEEPER % "m").replace("{game: {modules: {m: {enabled: true}}}}",
                                                             "{game: {composition_cap: 0}}"))
    assert pack_dir.headlines() == [
        "tp/variants.yaml:7:39: variants.add.0.patch.game.composition_cap: in variant 'sleeper': must be at least 1, "
        "got the number 0"]


def test_validate_says_the_variants_were_not_checked(pack_dir):
    """The misspelt module is only found once the content is valid: the first run says the variants wait."""
    pack_dir.write("game.yaml", MODULE).write("variants.yaml", SLEEPER % "sleeper_carz")
    pack_dir.write("events.yaml", FOG % "section: T2")
    first = CliRunner().invoke(app, ["validate", str(pack_dir.root), "--no-faces"])
    assert first.exit_code == 1
    assert [line for line in first.stderr.splitlines() if not line.startswith(" ")] == [
        "tp/events.yaml:9:55: track_edit.insert.0.card.section: a 'fog' card takes no section "
        "(its kind has no target: section)",
        "",
        f"1 problem(s) in {pack_dir.root}",
        "variants not checked: each is checked over the content once the problems above are fixed"]
    pack_dir.write("events.yaml", FOG % "id: fog.1")
    second = CliRunner().invoke(app, ["validate", str(pack_dir.root), "--no-faces"])
    assert "variants not checked" not in second.stderr
    assert "unknown module 'sleeper_carz'" in second.stderr


def test_a_section_on_a_card_whose_kind_targets_a_station_says_so(pack_dir):
    pack_dir.write("events.yaml", "track:\n  10: {kind: festival, station: S5, section: T2}\n")
    assert pack_dir.headlines() == [
        "tp/events.yaml:2:46: track.10.section: a 'festival' card takes no section (its kind's target is station)"]
