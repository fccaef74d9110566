"""The bundled content is valid and holds the numbers the rules state."""

from cardgen.model import load, validate


def test_bundled_content_is_valid():
    report = validate()
    assert report.ok, [p.headline() for p in report.problems]
    assert report.checks_failed == []


def test_bundled_counts_match_rules():
    c = load()
    assert c.ticket_count == 82
    assert len(c.tickets) == 30
    assert c.operation_set_size == 9 and c.operation_set_propulsion == 20
    assert round(c.operation_mean, 3) == 2.222
    assert c.dispatch_count == 15
    assert len(c.events.track) == 20
    assert {t.span: (t.fare, t.slack) for t in c.tickets} == {1: (2, 3), 2: (5, 4), 3: (8, 5), 4: (11, 6), 5: (14, 7)}
