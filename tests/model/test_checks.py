"""One passing and one failing case for every named cross-check.

Passing: the bundled content, run through each check function directly.
Failing: a small edit of a copied folder that breaks exactly that rule; the
report must name the check as failed and carry the exact message at the
exact path.
"""

from __future__ import annotations

import pytest

from cardgen.model import load, validate
from cardgen.model.checks import CHECKS, VARIANTS_CHECK
from cardgen.model.load import Located
from cardgen.model.source import load_file


# check function name -> (edits [(file, old, new, count)], (file, path, message) expected among the problems)
FAILING = {
    "unique_ids": ([("game.yaml", "id: blue,", "id: red,", 1)],
                   ("game.yaml", "colours.1.id", "id 'red' is used more than once")),
    "sidings": ([("map.yaml", "  - {id: T5, cell: 9, between: [S5, S6]}\n",
                  "  - {id: T5, cell: 9, between: [S5, S6]}\nsidings:\n  - {id: P1, cell: 4, name: {zh: 甲, en: A}}\n", 1)],
                ("map.yaml", "sidings.0.cell", "cell 4 is station S3: a siding branches from a section (a station "
                 "holds any number of trains already)")),
    "map_geometry": ([("map.yaml", "terminals: [S1, S6]", "terminals: [S1, S5]", 1)],
                     ("map.yaml", "terminals.1", "terminal 'S5' is not at cell 0 or 10")),
    "ticket_spans": ([("tickets.yaml", "{id: S1-S3, origin", "{id: S3-S1, origin", 1)],
                     ("tickets.yaml", "kinds.1.id", "id must be 'S1-S3' or 'S1-S3.NAME' (origin-destination)")),
    "ticket_totals": ([("tickets.yaml", "totals: {kinds: 30,", "totals: {kinds: 31,", 1)],
                      ("tickets.yaml", "totals.kinds", "30 kinds listed, totals say 31")),
    "origin_piles": ([("events.yaml", "{type: platform_extra, amount: 2}", "{type: platform_extra, amount: 12}", 1)],
                     ("events.yaml", "track.3.station",
                      "pile S2 holds 14 tickets; this round's platform needs 3 + 12")),
    "own_deck_cards": ([("dispatch.yaml", "    effects: [{type: propulsion, amount: 2}]\n",
                         "    effects: [{type: propulsion, amount: 2}]\n    cards: [{copies: 6, values: {amount: 3}}]\n",
                         1)],
                       ("dispatch.yaml", "kinds.1.cards", "6 copies with their own values, but the kind has 5")),
    "operation_sets": ([("operations.yaml", "set_totals: {cards: 9,", "set_totals: {cards: 10,", 1)],
                       ("operations.yaml", "set_totals.cards", "kinds add up to 9 cards, set_totals say 10")),
    "dispatch_deck": ([("game.yaml", "dispatch_per_player: 2", "dispatch_per_player: 4", 1)],
                      ("game.yaml", "setup.dispatch_per_player", "5 players need 20 dispatch cards; the deck holds 15")),
    "event_track": ([("events.yaml", "  20: {kind: rainstorm}\n", "", 1)],
                    ("events.yaml", "track", "no event card for round 20")),
    "references": ([("tickets.yaml", "{id: S1-S2, origin: S1, destination: S2,", "{id: S1-S2, origin: S1, destination: S9,", 1)],
                   ("tickets.yaml", "kinds.0.destination", "unknown station 'S9'")),
    "modules": ([("events.yaml", "  7: {kind: radio_command}", "  7: {kind: radio_command, module: promo}", 1)],
                ("events.yaml", "track.7.module", "unknown module 'promo' (game.yaml modules: none)")),
    "text_placeholders": ([("operations.yaml", "en: Advance {value}. When", "en: Advance {amount}. When", 1)],
                          ("operations.yaml", "kinds.0.text.en",
                           "unknown placeholder '{amount}'; known: value")),
    "setup_seats": ([("game.yaml", "{seat: 1, cell: 0, direction: right}", "{seat: 1, cell: 0, direction: left}", 1)],
                    ("game.yaml", "setup.seats.0.direction", "a train may not start facing off the end of the line")),
    "printing_table": ([("printing.yaml", "2: {operation_sets: 2, tickets: 82,", "2: {operation_sets: 2, tickets: 80,", 1)],
                       ("printing.yaml", "by_players.2.tickets", "80 printed, the rules give 82")),
    "strings_complete": ([("strings.yaml", "- {id: movement,", "- {id: stop,", 1)],
                         ("strings.yaml", "phases", "phases must be event, operation, movement, stop, clock in that order")),
}


def check_named(fn_name: str) -> str:
    return next(name for name, fn in CHECKS if fn.__name__ == fn_name)


def test_every_named_check_has_a_failing_case():
    assert sorted(FAILING) == sorted(fn.__name__ for _, fn in CHECKS)


@pytest.mark.parametrize("fn_name", [fn.__name__ for _, fn in CHECKS])
def test_check_passes_on_bundled_content(fn_name):
    content = load()
    smaps = {stem: load_file(content.folder / f"{stem}.yaml")[1] for stem in content.raw}
    fn = next(fn for _, fn in CHECKS if fn.__name__ == fn_name)
    assert list(fn(content, Located(smaps))) == []


@pytest.mark.parametrize("fn_name", sorted(FAILING))
def test_check_fails_on_its_broken_rule(pack, fn_name):
    edits, (file, path, message) = FAILING[fn_name]
    for name, old, new, count in edits:
        pack.edit(name, old, new, count)
    report = validate(pack.root)
    assert check_named(fn_name) in report.checks_failed
    assert (file, path, message) in {(p.file, p.path, p.message) for p in report.problems}


def test_variants_check_passes_and_fails(pack):
    assert VARIANTS_CHECK in validate().checks_passed
    pack.edit("variants.yaml", "game: {composition_cap: 6}", "game: {composition_cap: 0}")
    report = validate(pack.root)
    assert VARIANTS_CHECK in report.checks_failed
    assert [p.headline() for p in report.problems] == [
        "variants.yaml:15:31: variants.0.patch.game.composition_cap: in variant 'beginner': "
        "must be at least 1, got the number 0"]


def _shrink_pile_s1(pack) -> None:
    """S1's pile down to 5 cards (one per kind), with totals and printing kept consistent."""
    pack.edit("tickets.yaml", "origin: S1, destination: S2, copies: 4}", "origin: S1, destination: S2, copies: 1}")
    pack.edit("tickets.yaml", "{id: S1-S3, origin: S1, destination: S3, copies: 3}",
              "{id: S1-S3, origin: S1, destination: S3, copies: 1}")
    pack.edit("tickets.yaml", "{id: S1-S4, origin: S1, destination: S4, copies: 2}",
              "{id: S1-S4, origin: S1, destination: S4, copies: 1}")
    pack.edit("tickets.yaml", "cards: 82}", "cards: 76}")
    pack.edit("printing.yaml", "tickets: 82,", "tickets: 76,", count=5)


def test_extra_queue_variant_platform_is_checked_against_every_pile(pack):
    """Rules 9.4: with 3 players platforms hold 4; a variant's platform size is checked like the base one."""
    _shrink_pile_s1(pack)
    assert validate(pack.root).ok  # 5 cards fill a platform of 3 (base) and of 4 (extra_queue)
    pack.edit("variants.yaml", "game: {setup: {platform_size: 4}}", "game: {setup: {platform_size: 6}}")
    assert pack.headlines() == [
        "tickets.yaml:25:54: kinds.4.copies: in variant 'extra_queue': pile S1 holds 5 tickets; its platform needs 6"]


def test_a_map_with_sidings_needs_the_siding_rule_its_legend_prints(tmp_path):
    from tests.content_copy import copy_with, edit
    folder = tmp_path / "content"
    last = "  - {id: T5, cell: 9, between: [S5, S6]}\n"
    copy_with(folder, "map.yaml", last, last + "sidings:\n  - {id: P1, cell: 5, name: {zh: 甲, en: A}}\n")
    line = edit(folder / "strings.yaml", "  siding: {", "  sidings: {")
    report = validate(folder)
    assert [p.headline() for p in report.problems] == [
        "strings.yaml:119:3: rules: the map has sidings: write rules.siding, the rule the track map's legend prints"]
    assert line > 118   # the rules mapping it points at begins above the renamed entry
