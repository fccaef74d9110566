"""Issue 23 item 1: a ticket kind's own fare and slack override the span table; kinds may share a pair."""

from __future__ import annotations

from cardgen.engine.rules.compiled import compile_rules
from cardgen.model import load
from cardgen.games.rail_journey.printing import design_faces
from cardgen.render.build import BuildOptions
from cardgen.resources import bundled_path


def _add(pack_dir, *lines: str) -> None:
    pack_dir.write("tickets.yaml", "kinds:\n  add:\n" + "".join(f"    - {line}\n" for line in lines))


EXPRESS = "{id: S1-S6.express, origin: S1, destination: S6, copies: 1, fare: 18, slack: 5}"


def test_a_kind_overrides_the_span_table_and_shares_its_pair(pack_dir):
    _add(pack_dir, EXPRESS)
    content = pack_dir.content()
    express, plain = content.ticket_by_id["S1-S6.express"], content.ticket_by_id["S1-S6"]
    assert (express.span, express.fare, express.slack) == (5, 18, 5)
    assert (plain.fare, plain.slack) == (14, 7)           # the table stays the default
    rules = compile_rules(content)
    k = rules.ticket_ids.index("S1-S6.express")
    # the one rule function both paths score with (Rules.on_time, Rules.points) reads the kind's numbers
    assert rules.on_time(k, 8, 13) and not rules.on_time(k, 8, 14)
    assert rules.points(k, True) == 18 and rules.points(k, False) == 18 // content.game.scoring.late_fare_divisor


def test_a_stated_slack_overrides_a_freight_row(pack_dir):
    _add(pack_dir, EXPRESS)
    content = load(pack_dir.root, variant="freight")
    assert content.ticket_by_id["S1-S6.express"].slack == 5
    assert content.ticket_by_id["S1-S6"].slack is None


def test_two_kinds_printing_the_same_card_are_refused_where_written(pack_dir):
    _add(pack_dir, "{id: S1-S6.same, origin: S1, destination: S6, copies: 1, fare: 14}")
    assert pack_dir.headlines() == [
        "tp/tickets.yaml:3:7: kinds.add.0: 'S1-S6.same' prints the same card as 'S1-S6' (pair S1->S6, same fare "
        "and slack): give it its own fare or slack, or add copies to 'S1-S6'"]


def test_a_second_kind_of_a_pair_needs_the_pair_in_its_id(pack_dir):
    _add(pack_dir, "{id: S1-S6express, origin: S1, destination: S6, copies: 1, slack: 4}")
    assert pack_dir.headlines() == [
        "tp/tickets.yaml:3:12: kinds.add.0.id: id must be 'S1-S6' or 'S1-S6.NAME' (origin-destination)"]


def test_the_sample_pack_has_an_express_with_its_own_numbers():
    content = load(bundled_path("content", "packs", "onsen-line"))
    express = content.ticket_by_id["S1-S6.express"]
    assert (express.fare, express.slack) == (18, 5)
    assert content.ticket_by_id["S1-S6"].fare == 14
    faces, doc, _ = design_faces(content, BuildOptions(lang="en"))
    assert "ticket-S1-S6.express" in doc["pack"]["added"]["ticket"]
    html = next(f.body for f in faces if f.id == "ticket-S1-S6.express")
    assert '<span class="v">18</span>' in html and '<span class="v">5</span>' in html
