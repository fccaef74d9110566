"""The second bundled sample expansion (cardgen/content/packs/harbour-festival): valid, printable alone and merged,
playable, and built from the effect language's constructs the first sample (onsen-line) does not use: a chosen
train, a pile picked at a stop, a section picked after the move, tickets moved onto a platform, an event aimed at
its own section, conditions on heading and deliveries, an effect lasting the game, an optional module with a
variant that enables it."""

from __future__ import annotations

from cardgen.engine import compile_rules
from cardgen.games.rail_journey.faces.formulas import effects_formula
from cardgen.games.rail_journey.printing import design_faces
from cardgen.model import load, validate
from cardgen.model.text import render
from cardgen.render.build import BuildOptions
from cardgen.resources import DEFAULT_CONTENT, bundled_path
from tests.engine.drivers import drivers_agree
from tests.packs.test_sample_expansion import playable_compare

SAMPLE = bundled_path("content", "packs", "harbour-festival")
FIRST = bundled_path("content", "packs", "onsen-line")
NEW_DISPATCH = ["courtesy", "courtesy.2", "float_parade", "shuttle_bus", "transfer"]   # courtesy.2: a card of its own range


def _written(folder) -> set[tuple[str, str]]:
    """(primitive, construct) pairs a pack's own dispatch and event kinds write: each primitive with the target,
    condition or duration fields it sets, so two packs can be compared construct by construct."""
    content = load(folder)
    base = {k.id for kinds in (load().dispatch.kinds, load().events.kinds) for k in kinds}
    out: set[tuple[str, str]] = set()
    for kinds in (content.dispatch.kinds, content.events.kinds):
        for kind in kinds:
            if kind.id in base:
                continue
            for effect in kind.effects:
                out.add((effect.type, getattr(kind, "timing", "event")))
                out |= {(effect.type, f"{name}={getattr(effect, name)}") for name in effect.model_fields_set
                        if name in ("train", "section", "heading", "lasts", "max_deliveries")}
                if getattr(kind, "target", None):
                    out.add((effect.type, f"target={kind.target}"))
    return out


def test_it_validates_over_the_bundled_game_by_id():
    report = validate(SAMPLE)
    assert report.ok, [p.headline() for p in report.problems]
    content = report.content
    assert content.pack.id == "harbour-festival" and content.pack.base == DEFAULT_CONTENT.resolve()
    assert sorted({k.id for k in content.dispatch.kinds} - {k.id for k in load().dispatch.kinds}) == NEW_DISPATCH
    assert len(content.dispatch.kinds) == 8          # its 7 kinds and courtesy.2, each a row of the quick reference


def test_it_uses_what_the_first_sample_does_not():
    ours, theirs = _written(SAMPLE), _written(FIRST)
    assert {("wait_gain", "train=chosen"), ("platform_extra", "any_time"), ("section_closed", "section=chosen"),
            ("move_tickets", "any_time"), ("propulsion", "target=section"), ("wait_gain", "heading=left"),
            ("wait_gain", "max_deliveries=6"), ("delivery_bonus", "lasts=game")} <= ours - theirs


def test_the_cards_and_formulas_read_with_their_numbers():
    content = load(SAMPLE)
    kinds = {k.id: k for k in content.dispatch.kinds}
    parade, courtesy = kinds["float_parade"], kinds["courtesy"]
    assert render(content, parade, parade.text, "en") == ("Close a section within 2 cells of your train, both lines, "
                                                         "to every train still to move this round.")
    assert render(content, parade, parade.text, "zh") == "任选你的列车 2 格内的一个区间：本轮还未移动的列车都不能进入（上下行）。"
    assert render(content, courtesy, courtesy.text, "en") == "Another train within 2 cells of yours (anyone's) gains 2 W."
    assert effects_formula(parade.effects) == "🛤±2 🚫"
    crossing = content.events.track[18]
    assert content.event_text(crossing, "en") == ("Trains in section T4 at the reveal: propulsion R −2 this round "
                                                  "(never below 0).")
    assert effects_formula(content.card_effects(crossing), crossing) == "T4 R −2"


def test_the_module_is_out_of_play_until_its_variant_enables_it():
    content = load(SAMPLE)
    assert 20 in content.events.track and 20 not in content.in_play.events.track   # in the box, out of play
    assert not compile_rules(content.in_play).track[20].order_reversed   # only the Night Market lasts into it
    lit = load(SAMPLE, variant="fireworks")
    assert compile_rules(lit.in_play).track[20].order_reversed


def test_pack_only_and_merged_faces():
    content = load(SAMPLE)
    faces, _, take_out = design_faces(content, BuildOptions(lang="en"))
    assert sorted(f.id for f in faces if f.kind == "dispatch") == [f"dispatch-{k}" for k in NEW_DISPATCH]
    assert sum(f.copies for f in faces if f.kind == "dispatch") == 12
    assert {f.id for f in faces if f.kind == "event"} == {"event-round-09", "event-round-15", "event-round-18",
                                                           "event-round-20"}
    assert ("quick reference", 1, "replaced by the new board") in take_out
    merged, _, _ = design_faces(content, BuildOptions(lang="zh", with_base=True))
    assert len(merged) > len(faces)


def test_both_drivers_play_the_same_games():
    drivers_agree(compile_rules(load(SAMPLE).in_play), ["heavy", "light", "balanced", "long"], range(3))


def test_simulate_compare_uses_every_new_kind_and_is_playable():
    doc = playable_compare(SAMPLE)
    for kind in NEW_DISPATCH:
        assert doc["dispatch_used"][kind] > 0 and doc["dispatch_effective"][kind] > 0, kind
    for kind in ("lantern_walk", "night_market", "crowd_crossing"):
        assert doc["events_effective"][kind] > 0, kind


def test_a_module_card_names_its_module_where_the_game_name_prints():
    """Ruling R23: a player sorts the module's cards out of the box by the module's name on their foot."""
    from cardgen.games.rail_journey.faces.design import build_faces

    content = load("harbour-festival")
    for lang, module, game in (("en", "Module · Fireworks Night", "Rail Journey: Connecting Timetables"),
                               ("zh", "可选模块 · 烟火大会", "铁旅：接续时刻表")):
        faces = {f.label: f for f in build_faces(content, lang=lang)}
        fireworks = next(f for label, f in faces.items() if label.endswith("(fireworks)"))
        lantern = next(f for label, f in faces.items() if label.endswith("(lantern_walk)"))
        assert f'<div class="foot">{module}</div>' in fireworks.html
        assert f'<div class="foot">{game}</div>' in lantern.html
