"""The HTML report renders, is well-formed, self-contained, escaped, deterministic and has its charts."""

from html.parser import HTMLParser

from cardgen.engine.simulation.report import render_report
from cardgen.engine.simulation.summary import build_summary
from cardgen.engine.simulation.runner import RunSpec, content_for, run
from cardgen.engine.tables.reproduce import reproduce

import fake_engine

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "source", "wbr",
        "line", "rect", "path", "circle"}  # svg elements the charts write self-closed


class Checker(HTMLParser):
    """Fails on mismatched tags; collects tag names and external references."""

    def __init__(self):
        super().__init__()
        self.stack, self.tags, self.external, self.errors = [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href") and value and "//" in value:
                self.external.append(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> with open {self.stack[-3:]}")
        else:
            self.stack.pop()


def sample(lineup=("heavy", "light", "balanced", "long"), games=60):
    spec = RunSpec(None, None, lineup, games, 2)
    content = content_for(None, None)
    return content, build_summary(content, spec, run(spec, engine=fake_engine.play_game))


def check(html: str) -> Checker:
    parser = Checker()
    parser.feed(html)
    parser.close()
    assert html.startswith("<!DOCTYPE html>")
    assert parser.errors == [] and parser.stack == []
    assert parser.external == []
    return parser


def test_report_is_valid_html_with_every_chart():
    content, summary = sample()
    html = render_report(content, summary)
    parser = check(html)
    assert parser.tags.count("svg") == 2 + 4 + len(summary["pile_dry_round"])  # win, seat, scores, piles
    assert html.count("class='whisker'") == 4 + 4  # one CI whisker per bot and per seat
    assert "<script" not in html


def test_report_is_deterministic():
    content, summary = sample()
    assert render_report(content, summary) == render_report(content, sample()[1])


def test_report_escapes_text():
    content, summary = sample()
    summary["warnings"] = ["bot '<script>alert(1)</script>' wins"]
    html = render_report(content, summary)
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)" in html


def test_charts_do_not_reuse_player_colours():
    """Bars stand for bots, not seats: the game's player colours (game.yaml) must not appear in them."""
    content, summary = sample()
    html = render_report(content, summary).lower()
    assert "fill='#" in html
    assert [c.hex for c in content.game.colours if c.hex.lower() in html] == []


def test_short_run_notes_reach_the_report():
    content, summary = sample(games=5)
    summary["notes"] = ["inconclusive: only 5 game(s) <b>"]
    html = render_report(content, summary)
    assert "Inconclusive checks" in html and "only 5 game(s) &lt;b&gt;" in html


def test_tables_report_renders_comparison():
    content, _ = sample()
    published = {"deck": {"cards": 9, "propulsion": 20, "mean": 2.222}}
    html = render_report(content, None, reproduce(content, published, None))
    check(html)
    assert "Cliff table (6.5)" in html and "match" in html


def test_write_report_via_cli(fake, cli, tmp_path):
    out = tmp_path / "sim.html"
    res = cli("--games", "30", "--report", str(out))
    assert res.exit_code == 0, res.output
    check(out.read_text(encoding="utf-8"))
    assert [p.name for p in tmp_path.iterdir()] == ["sim.html"]  # no temporary file left behind
