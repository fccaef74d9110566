"""Command-line conventions (issue 9 item 9): --version, flags shown as flags, listed choices, a README
command list with every option of every command."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from cardgen.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def commands(group=None, path=()):
    """Every leaf command of the app with its words (``("cache", "info")``)."""
    group = group if group is not None else typer.main.get_command(app)
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from commands(command, path + (name,))
        else:
            yield path + (name,), command


def test_version_prints_the_installed_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"cardgen {version('cardgen')}\n"


def test_every_on_off_option_is_shown_as_a_flag():
    seen = 0
    for words, command in commands():
        help_text = runner.invoke(app, [*words, "--help"]).output
        assert "<bool>" not in help_text, words
        for param in command.params:
            if param.param_type_name == "option" and param.is_flag:
                names = ", ".join(sorted(param.opts, key=len))
                shown = names + "".join(f" / {o}" for o in param.secondary_opts)
                assert re.search(rf"^  {re.escape(shown)}(  |\n)", help_text, re.M), (words, shown, help_text)
                seen += 1
    assert seen >= 15  # --json, --force, --progress, --watch, --schema, --check-invariants, ... across commands


def test_build_help_lists_the_choices():
    help_text = runner.invoke(app, ["build", "--help"]).output
    assert "  --paper <a4|letter>  " in help_text
    assert "  --lang <zh|en>  " in help_text
    assert "  --duplex <long|short|fold|none>\n" in help_text


def test_a_choice_outside_the_list_is_a_usage_error_naming_the_choices(tmp_path):
    result = runner.invoke(app, ["build", "--paper", "a3", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output == ("cardgen build: usage: Invalid value for '--paper': Value error, 'a3' is not one of "
                             "'a4', 'letter'.\n")
    result = runner.invoke(app, ["build", "--duplex", "Sideways", "--out", str(tmp_path / "out")])
    assert "cardgen build: usage: Invalid value for '--duplex': Value error, 'Sideways' is not one of 'long', " \
           "'short', 'fold', 'none'.\n" == result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args, line", [
    (["nosuch"], "cardgen: usage: No such command 'nosuch'."),
    (["--bogus"], "cardgen: usage: No such option: --bogus"),
    (["cache", "bogus"], "cardgen cache: usage: No such command 'bogus'."),
    (["pack", "new"], "cardgen pack new: usage: Missing argument 'folder'."),
    (["simulate", "--games", "x"], "cardgen simulate: usage: Invalid value for '--games' / '-n': Input should be a "
                                   "valid integer, unable to parse string as an integer"),
    (["simulate", "--games", "0"], "cardgen simulate: usage: --games must be from 1 to 10,000,000, not 0"),
])
def test_usage_errors_have_one_shape_whoever_finds_them(args, line):
    """click's own usage errors (a bad value, an unknown option or command) read like cardgen's: one line, exit 2."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.output == line + "\n"


def test_every_long_command_has_progress_on_off_and_auto():
    """build, simulate, sweep and tables take --progress/--no-progress; without either, progress follows the terminal."""
    for words, command in commands():
        if words[0] in ("build", "simulate", "sweep", "tables"):
            option = next(p for p in command.params if p.name == "progress")
            assert (option.opts, option.secondary_opts, option.default) == (["--progress"], ["--no-progress"], None)


def readme_commands() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```sh\n", 1)[1].split("```", 1)[0]


def test_the_readme_lists_every_command_with_every_option():
    listing = readme_commands()
    blocks: dict[tuple[str, ...], str] = {}
    for block in re.split(r"\n(?=cardgen )", listing):
        words = tuple(w for w in block.split()[1:3] if re.fullmatch(r"[a-z]+", w))
        blocks[words[:1]] = blocks.get(words[:1], "") + "\n" + block
        blocks[words[:2]] = blocks.get(words[:2], "") + "\n" + block
    assert "cardgen --version" in listing
    missing = []
    for words, command in commands():
        block = blocks.get(words)
        if block is None:
            missing.append(" ".join(words))
            continue
        for param in command.params:
            if param.param_type_name == "option":
                missing += [f"{' '.join(words)} {opt}" for opt in param.opts + param.secondary_opts
                            if not re.search(rf"(?<![\w-]){re.escape(opt)}(?![\w-])", block)]
    assert missing == []


def test_every_command_reports_an_error_in_one_shape(tmp_path):
    """``cardgen COMMAND: KIND: message``: usage (exit 2), PLAYABILITY FAILURE or error (exit 1)."""
    cases = [(["build", "--players", "9", "--out", str(tmp_path / "o")], "cardgen build: usage: --players 9"),
             (["simulate", "--players", "9"], "cardgen simulate: usage: "),
             (["pack", "new", str(tmp_path / "p"), "--mark", "toolong"], "cardgen pack new: usage: "),
             (["sweep", str(tmp_path / "none.yaml")], "cardgen sweep: error: 1 problem(s) in the sweep")]
    for args, start in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == (2 if ": usage: " in start else 1), (args, result.output)
        assert any(line.startswith(start) for line in result.output.splitlines()), (args, result.output)
