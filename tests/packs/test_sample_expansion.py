"""The bundled sample expansion (cardgen/content/packs/onsen-line): valid, printable alone and merged, playable."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.model import load, validate
from cardgen.games.rail_journey.printing import design_faces
from cardgen.render.build import BuildOptions
from cardgen.resources import DEFAULT_CONTENT, bundled_path

SAMPLE = bundled_path("content", "packs", "onsen-line")


def test_it_validates_over_the_bundled_game_by_id():
    report = validate(SAMPLE)
    assert report.ok, [p.headline() for p in report.problems]
    content = report.content
    assert content.pack.id == "onsen-line" and content.pack.base == DEFAULT_CONTENT.resolve()
    base = load()
    new_tickets = set(content.ticket_by_id) - set(base.ticket_by_id)
    assert len(new_tickets) >= 6
    assert set(base.ticket_by_id) - set(content.ticket_by_id) == set()
    assert len({k.id for k in content.events.kinds} - {k.id for k in base.events.kinds}) >= 3
    assert {k.id for k in content.operations.kinds} - {k.id for k in base.operations.kinds} == {"switchback"}
    assert {k.id for k in base.operations.kinds} - {k.id for k in content.operations.kinds} == {"wait"}
    # at least two new dispatch kinds do what no base card does
    base_effects = {e.type for kinds in (base.operations.kinds, base.dispatch.kinds, base.events.kinds)
                    for k in kinds for e in k.effects}
    new = [k for k in content.dispatch.kinds if k.id not in {b.id for b in base.dispatch.kinds}]
    assert len([k for k in new if {e.type for e in k.effects} - base_effects]) >= 2


def test_every_variant_applies_on_top():
    for variant in load(SAMPLE).variants.variants:
        assert load(SAMPLE, variant=variant.id).variant.id == variant.id


def test_pack_only_and_merged_faces():
    content = load(SAMPLE)
    faces, doc, take_out = design_faces(content, BuildOptions(lang="en"))
    kinds = {f.kind for f in faces}
    assert {"ticket", "event", "operation", "track_map", "station_mat"} <= kinds
    assert any(f.id == "ticket-S7-S1" for f in faces) and not any(f.id == "ticket-S1-S2" for f in faces)
    assert doc["pack"]["removed"]["operation"] == [f"operation-{c.id}-wait" for c in content.game.colours]
    assert any(label.startswith("operation") and "wait" in label for label, _, _ in take_out)
    assert sorted(f.id for f in faces if f.kind == "dispatch") == [
        "dispatch-banking_engine", "dispatch-extra_carriage", "dispatch-passing_loop", "dispatch-snowplough"]
    assert sum(f.copies for f in faces if f.kind == "dispatch") == 13
    assert not [label for label, _, _ in take_out if label.startswith("dispatch")]   # the base's 15 all stay
    # the boards it reprints replace the base's (a seventh station): the box must not keep two track maps
    assert ("track map", 1, "replaced by the new board") in take_out
    merged, _, _ = design_faces(content, BuildOptions(lang="en", with_base=True))
    assert len(merged) > len(faces)


def playable_compare(pack) -> dict:
    """``simulate PACK --compare`` of 200 4-player games as JSON, asserted playable (no problem) and compared bot by
    bot with the base."""
    result = CliRunner().invoke(app, ["simulate", str(pack), "--compare", "--players", "4", "--games", "200",
                                      "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["problems"] == [] and set(doc["delta"]) == set(doc["win_rate"])
    return doc


def test_simulate_compare_uses_every_new_kind_and_is_playable():
    doc = playable_compare(SAMPLE)
    base = load()
    for key, kinds in (("cards_played", base.operations.kinds), ("dispatch_used", base.dispatch.kinds),
                       ("dispatch_effective", base.dispatch.kinds), ("events_effective", base.events.kinds)):
        new = set(doc[key]) - {k.id for k in kinds}
        assert all(doc[key][k] > 0 for k in doc[key]), (key, doc[key])
        assert new, key


def test_the_pack_adds_a_siding_that_the_map_draws_and_the_bots_use():
    """Ruling R25: the pass loop beside T6 is on the map (named, with its W) and its legend, and bots pull in."""
    from cardgen.engine import GameState, compile_rules
    from cardgen.engine.play.games import make_bots, run_fast
    from cardgen.model.text import string
    content = load(SAMPLE)
    assert [(sd.id, sd.cell, sd.capacity, sd.wait_gain) for sd in content.map.sidings] == [("P1", 11, 1, 1)]
    faces, _, _ = design_faces(content, BuildOptions(lang="en"))
    track_map = next(f for f in faces if f.kind == "track_map").html.replace("\xa0", " ")
    assert '<div class="siding">' in track_map and "⤵ Pass Loop" in track_map and "P1 · W +1" in track_map
    assert string(content, "rules", "siding", "en") in track_map
    rules = compile_rules(content.in_play)
    pulled = 0
    for seed in range(4):
        state = GameState(rules, 4, seed)
        run_fast(state, make_bots(rules, ["heavy", "light", "balanced", "long"], seed), check_invariants=True)
        pulled += sum(state.pulled)
    assert pulled > 0
