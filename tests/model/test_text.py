"""Card texts quote numbers through placeholders filled from the data (cardgen.model.text)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from cardgen.errors import UsageError
from cardgen.model import apply_variant, load
from cardgen.model.checks import iter_texts
from cardgen.model.text import STRING_VALUES, PlaceholderError, fill, render, string, text_values


def test_fill_signs_and_formats():
    assert fill("R {amount:+} (at least {floor})", {"amount": -1, "floor": 0}) == "R \u22121 (at least 0)"
    assert fill("R {amount:+}", {"amount": 2}) == "R +2"
    assert fill("{station} +{n}", {"station": "Academy", "n": 2}) == "Academy +2"


def test_fill_refuses_an_unknown_name_naming_the_known_ones():
    with pytest.raises(PlaceholderError, match=r"unknown placeholder '\{stat\}'.*known: amount, station"):
        fill("{stat} +2", {"station": "S2", "amount": 2})


def test_fill_refuses_an_unknown_format():
    with pytest.raises(PlaceholderError):
        fill("{amount:x}", {"amount": 2})


def _kind_texts(c):
    for deck in (c.operations.kinds, c.dispatch.kinds, c.events.kinds):
        yield from deck


def test_bundled_card_texts_and_summaries_type_no_digit():
    c = load()
    for kind in _kind_texts(c):
        for lang in ("zh", "en"):
            assert not re.search(r"\d", kind.text(lang)), (kind.id, kind.text(lang))
    for variant in c.variants.variants:
        for lang in ("zh", "en"):
            assert not re.search(r"\d", variant.summary(lang)), (variant.id, variant.summary(lang))


def test_every_bundled_text_fills_completely():
    c = load()
    for kind in _kind_texts(c):
        if getattr(kind, "target", None):
            continue  # filled per card below
        for lang in ("zh", "en"):
            assert "{" not in render(c, kind, kind.text, lang)
    for _, card in c.event_track:
        assert "{" not in c.event_text(card, "zh")
    for group, entries in STRING_VALUES.items():
        for key in entries:
            assert "{" not in string(c, group, key, "en")


def test_texts_follow_the_numbers(pack):
    pack.edit("operations.yaml", "value: 3", "value: 4")
    pack.edit("operations.yaml", "propulsion: 20}", "propulsion: 23}")  # 3 express cards, +1 each
    pack.edit("dispatch.yaml", "draw: 3, keep: 1", "draw: 5, keep: 2")
    pack.edit("events.yaml", "{type: propulsion, amount: -1}", "{type: propulsion, amount: -2}")
    c = load(pack.root)
    express = next(k for k in c.operations.kinds if k.id == "express")
    assert render(c, express, express.text, "en") == "Advance 4."
    booking = next(k for k in c.dispatch.kinds if k.id == "group_booking")
    assert render(c, booking, booking.text, "en") == ("Draw the top 5 tickets of any ticket pile, put 2 in its "
                                                      "origin station's queue, discard the other 3.")
    rain = next(card for _, card in c.event_track if card.kind == "rainstorm")
    assert "R is \u22122 this round (never below 0)" in c.event_text(rain, "en")


def test_variant_summaries_read_the_patched_content():
    c = load()
    summaries = {v.id: v for v in c.variants.variants}
    beginner = apply_variant(c, "beginner")
    assert render(beginner, summaries["beginner"], summaries["beginner"].summary, "en").endswith("composition cap 6.")
    hard = apply_variant(c, "hardcore")
    assert "the worst delay scores \u22126" in render(hard, summaries["hardcore"], summaries["hardcore"].summary, "en")
    freight = apply_variant(c, "freight")
    assert render(freight, summaries["freight"], summaries["freight"].summary, "en").startswith(
        "5-span tickets become freight: fare 14 as before, unlimited slack, 2 composition places each")
    two = apply_variant(c, "two_locomotives")
    assert render(two, summaries["two_locomotives"], summaries["two_locomotives"].summary, "zh") == \
        "2 人局每人操控 2 趟列车，线路上共 4 趟。"


def test_a_summary_names_only_what_its_variant_content_has():
    """Freight values exist only where a fare row is freight: the base content has none."""
    c = load()
    assert "freight_fare" not in text_values(c, c.variants.variants[0])
    assert "freight_fare" in text_values(apply_variant(c, "freight"), c.variants.variants[-1])


def test_every_string_placeholder_table_entry_exists_in_strings_yaml():
    c = load()
    for group, entries in STRING_VALUES.items():
        assert set(entries) <= set(getattr(c.strings, group)), group


def test_only_rendered_texts_may_hold_placeholders(pack):
    """A name is printed as written, so a placeholder there would print literally."""
    pack.edit("operations.yaml", "name: {zh: 急行, en: Express}", 'name: {zh: "急行 {value}", en: "Express {value}"}')
    assert pack.headlines() == [
        "operations.yaml:31:20: kinds.2.name.zh: unknown placeholder '{value}'; known: none",
        "operations.yaml:31:43: kinds.2.name.en: unknown placeholder '{value}'; known: none"]


def test_the_printed_terminal_rule_says_the_move_ends():
    """Ruling R1 (docs/rulings.md): a terminal reverses the train AND ends its move."""
    c = load()
    assert "结束" in string(c, "rules", "terminal", "zh") and "折返" in string(c, "rules", "terminal", "zh")
    en = string(c, "rules", "terminal", "en")
    assert "reverse" in en and "move ends" in en


def test_unknown_variant_is_a_usage_error_naming_the_known_ones():
    with pytest.raises(UsageError, match=r"unknown variant 'begginer'; did you mean 'beginner'\? \(known variants: "
                                         r"beginner, hardcore"):
        load(variant="begginer")


def test_unknown_variant_on_the_command_line_exits_2():
    from cardgen.cli import app

    result = CliRunner().invoke(app, ["simulate", "--variant", "nope", "--games", "1"])
    assert result.exit_code == 2, result.output
    assert "unknown variant 'nope'" in result.output
    assert "variants.yaml:1:1" not in result.output


def test_texts_helper_sees_every_text_of_a_kind():
    c = load()
    paths = [path for path, _ in iter_texts(c.dispatch)]
    assert ("kinds", 2, "text") in paths


def test_a_number_two_effects_share_is_ambiguous(pack):
    pack.edit("operations.yaml", "      - {type: wait_gain, amount: 2}\n",
              "      - {type: wait_gain, amount: 2}\n      - {type: wait_gain, amount: 1}\n")
    assert "operations.yaml:53:7: kinds.4.text: '{amount}' is ambiguous: several effects have 'amount'" in pack.headlines()
