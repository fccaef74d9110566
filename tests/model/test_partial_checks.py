"""A schema error in one file does not hide cross-check problems elsewhere."""

from cardgen.model import validate


def test_schema_error_and_cross_check_error_reported_together(pack):
    pack.edit("fares.yaml", "3: {fare: 8, slack: 5}", '3: {fare: 8, slack: "5"}')
    pack.edit("tickets.yaml", "totals: {kinds: 30, cards: 82}", "totals: {kinds: 30, cards: 81}")
    report = validate(pack.root)
    headlines = [p.headline() for p in report.problems]
    assert any(h.startswith("fares.yaml:") and "spans.3.slack" in h for h in headlines), headlines
    assert any(h.startswith("tickets.yaml:") and "totals.cards: copies add up to 82 cards, totals say 81" in h
               for h in headlines), headlines
    # Checks that need the broken fare table are skipped, not reported as passing or failing.
    fares = "every ticket's fare and slack follow the span table or its kind's own, no two kinds printing the same card"
    assert fares in report.checks_skipped
    assert fares not in report.checks_passed
    assert report.content is None and not report.ok


def test_unreadable_file_still_cross_checks_the_rest(pack):
    pack.write("events.yaml", "kinds: [unclosed\n")
    pack.edit("tickets.yaml", "totals: {kinds: 30, cards: 82}", "totals: {kinds: 29, cards: 82}")
    headlines = pack.headlines()
    assert any(h.startswith("events.yaml:") and "invalid YAML" in h for h in headlines), headlines
    assert any(h.startswith("tickets.yaml:") and "totals.kinds: 30 kinds listed, totals say 29" in h
               for h in headlines), headlines
