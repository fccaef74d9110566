"""Issue 10 item 5: control characters are refused in content and scripts and never reach the terminal."""

from __future__ import annotations

import re

from cardgen.errors import Problem, UsageError
from cardgen.printable import printable
from tests.untrusted.conftest import SAMPLE_GAME, cli

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
CONTROL = "text holds the control character \\x1b; only printable characters, tabs and newlines are allowed"


def test_escape_in_a_text_value_is_refused_where_it_is_written(content):
    content.edit("game.yaml", "en: How many passengers do I board at this stop?",
                 'en: "\\e[31mRED\\e]0;PWNED\\a"')
    result = cli("validate", content.root)
    assert result.exit_code == 1
    assert f"game.yaml:11:7: tagline.en: {CONTROL}" in result.output
    assert '    en: "\\e[31mRED\\e]0;PWNED\\a"' in result.output
    assert not RAW.search(result.output)


def test_c1_control_in_a_key_is_refused(content):
    content.edit("strings.yaml", "labels:", 'labels:\n  "x\\x9b": {zh: 甲, en: A}')
    result = cli("validate", content.root, "--json")
    assert result.exit_code == 1
    assert "text holds the control character \\\\x9b" in result.output
    assert "\x9b" not in result.output


def test_a_number_written_with_escapes_is_quoted_escaped(content):
    content.edit("game.yaml", "age_min: 12", 'age_min: "\\e[31mRED\\e]0;PWNED\\a"')
    result = cli("validate", content.root)
    assert ("game.yaml:14:10: age_min: expected a whole number, got text '\\x1b[31mRED\\x1b]0;PWNED\\x07'"
            in result.output)
    assert not RAW.search(result.output)


def test_raw_escape_in_a_comment_is_not_echoed(content):
    text = content.path("map.yaml").read_text(encoding="utf-8")
    content.path("map.yaml").write_text("# \x1b]0;PWNED\x07 title\ncells: [\n" + text, encoding="utf-8")
    result = cli("validate", content.root)
    assert result.exit_code == 1
    assert "    # \\x1b]0;PWNED\\x07 title" in result.output
    assert not RAW.search(result.output)


def test_replay_title_and_player_name_with_escapes_are_refused(tmp_path):
    text = SAMPLE_GAME.read_text(encoding="utf-8")
    text = text.replace('title: "Rules section 7', 'title: "\\e]0;PWNED\\a Rules section 7')
    text = text.replace("name: 阿重", 'name: "\\e[2J阿重"')
    script = tmp_path / "g.yaml"
    script.write_text(text, encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 1
    assert f"{script}:6:8: title: text holds the control character \\x1b" in result.output
    assert f"{script}:9:11: players.0.name: text holds the control character \\x1b" in result.output
    assert not RAW.search(result.output)


def test_problem_and_error_messages_escape_what_they_quote():
    problem = Problem("f\x1b.yaml", 1, 1, "a.\x9b", "unknown 'x\x07'\u202e")
    assert problem.headline() == "f\\x1b.yaml:1:1: a.\\x9b: unknown 'x\\x07'\\u202e"
    assert str(UsageError("unknown variant '\x1b[31m'")) == "unknown variant '\\x1b[31m'"
    assert printable("tab\tkept") == "tab\tkept"


def test_usage_error_quoting_an_option_is_escaped():
    result = cli("simulate", "--games", "1", "--variant", "\x1b]0;PWNED\x07")
    assert result.exit_code == 2
    assert "\\x1b]0;PWNED\\x07" in result.output
    assert not RAW.search(result.output)


def test_build_reports_an_output_path_with_escapes_escaped(content, tmp_path):
    out = tmp_path / "set\x1b]0;PWNED\x07"
    result = cli("build", content.root, "--lang", "en", "--only", "train_token", "--out", out)
    assert result.exit_code == 0
    assert f"{tmp_path}/set\\x1b]0;PWNED\\x07: " in result.output
    assert not RAW.search(result.output)


def test_zero_width_and_bidi_marks_in_a_player_name_and_a_title_are_shown_escaped(tmp_path):
    """Issue 27: two player names that differ only by a zero-width space looked the same, and a title's bidi
    marks were printed raw."""
    text = SAMPLE_GAME.read_text(encoding="utf-8")
    script = tmp_path / "g.yaml"
    script.write_text(text.replace("name: 阿重", 'name: "阿\\u200b重"').replace('title: "Rules', 'title: "\\u200fRules'),
                      encoding="utf-8")
    result = cli("replay", script)
    assert "players are 小急, 老均, 阿\\u200b重, 阿远" in result.output
    assert not re.search("[\u200b\u200f]", result.output)
    script.write_text(text.replace('title: "Rules', 'title: "\\u200fRules\\u061c'), encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 0
    assert result.output.startswith("\\u200fRules\\u061c section 7")
