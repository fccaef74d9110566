"""One progress module for every long command (cardgen.progress): rich's bar on a terminal, lines in a log."""

from __future__ import annotations

import io

from cardgen import progress
from cardgen.progress import Progress, wanted


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_gets_the_first_and_last_step_and_at_most_one_line_per_interval(monkeypatch):
    log = io.StringIO()
    monkeypatch.setattr(progress, "LOG_INTERVAL", 3600.0)
    bar = Progress("simulating", "games", stream=log)
    bar.start(1000)
    for done in range(1, 1001):
        bar.update(done)
    bar.close()
    assert log.getvalue().splitlines() == [
        "simulating [------------------------------] 1/1000 games",
        "simulating [##############################] 1000/1000 games",
    ]


def test_a_log_line_names_what_is_at_work_without_control_characters():
    log = io.StringIO()
    bar = Progress("building", stream=log)
    bar.start(2)
    bar.advance(1, "event\x1b[31m round 1")
    assert log.getvalue() == "building [###############---------------] 1/2  event\\x1b[31m round 1\n"


def test_a_terminal_gets_rich_live_bar_with_the_count():
    screen = Terminal()
    bar = Progress("sweeping", "games", stream=screen)
    bar.start(20)
    bar.update(20)
    bar.close()
    drawn = screen.getvalue()
    assert "sweeping" in drawn and "20/20" in drawn and "games" in drawn
    assert "[####" not in drawn  # rich's bar, not the log's


def test_the_flags_win_and_the_terminal_decides_without_them():
    assert wanted(True, io.StringIO()) and not wanted(False, Terminal())
    assert wanted(None, Terminal()) and not wanted(None, io.StringIO())
