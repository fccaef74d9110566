"""``cardgen build`` on the command line: exit codes, messages, nothing written on failure."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.model import DEFAULT_CONTENT

runner = CliRunner()


@pytest.mark.parametrize("args, message", [
    (["--players", "7"], "--players 7"),
    (["--players", "1"], "--players 1"),
    (["--paper", "a3"], "Invalid value for '--paper': Value error, 'a3' is not one of 'a4', 'letter'."),
    (["--duplex", "sideways"], "Invalid value for '--duplex': Value error, 'sideways' is not one of 'long', "
                               "'short', 'fold', 'none'."),
    (["--lang", "fr"], "Invalid value for '--lang': Value error, 'fr' is not one of 'zh', 'en'."),
    (["--bleed", "-1"], "--bleed -1"),
    (["--gutter", "-1"], "cardgen build: usage: --gutter -1: must be between 0 and 10 mm; nothing written."),
    (["--gutter", "10.5"], "cardgen build: usage: --gutter 10.5: must be between 0 and 10 mm; nothing written."),
    (["--gutter", "nan"], "cardgen build: usage: --gutter nan: must be between 0 and 10 mm; nothing written."),
    (["--gutter", "4mm"], "cardgen build: usage: Invalid value for '--gutter': Input should be a valid number"),
    (["--only", "tickets"], "--only tickets"),
    (["--only", "card_back"], "printed with their deck"),
    (["--only", ","], "--only needs"),
    (["--variant", "nope"], "unknown variant 'nope'"),
    (["--variant", "two_locomotives"], "variant 'two_locomotives' is for 2 players"),
    (["--variant", "no_dispatch", "--only", "dispatch"], "--only dispatch"),
])
def test_bad_options_exit_2_with_a_clear_message(args, message, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_bad_content_exits_1_with_located_errors_and_writes_nothing(tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(game.replace("composition_cap: 9", "composition_cap: -9"), encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "game.yaml:" in result.output and "composition_cap" in result.output and "nothing written" in result.output
    assert not out.exists()


def test_a_small_build_from_the_command_line(tmp_path):
    out = tmp_path / "set"
    result = runner.invoke(app, ["build", "--out", str(out), "--only", "dispatch", "--lang", "en", "--players", "3",
                                 "--paper", "letter", "--duplex", "short"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"] == {"paper": "letter", "lang": "en", "players": 3, "bleed_mm": 3.0,
                                   "duplex": "short", "only": ["dispatch"], "variant": None}
    assert set(manifest["counts"]) == {"dispatch", "card_back"}
    for dist in ("justmytype-intl-cjk", "manimgx-fonts"):  # the OFL travels with the copied fonts
        licence = out / "fonts" / f"LICENSE-{dist}.txt"
        assert "Open Font License" in licence.read_text(encoding="utf-8")
        assert f"fonts/LICENSE-{dist}.txt" in manifest["files"]
    assert "dispatch" in result.output


def test_out_holding_a_users_files_is_refused_and_kept(tmp_path):
    """P1-1: the swap replaces the target, so a folder a build did not make must never be the target."""
    folder = tmp_path / "mydocs"
    folder.mkdir()
    (folder / "thesis.txt").write_text("precious", encoding="utf-8")
    result = runner.invoke(app, ["build", "--out", str(folder), "--only", "dispatch"])
    assert result.exit_code == 2, result.output
    assert "is not a cardgen output folder" in result.output and "Traceback" not in result.output
    assert sorted(p.name for p in folder.iterdir()) == ["thesis.txt"]
    assert (folder / "thesis.txt").read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mydocs"]  # no staging or cache left beside it


def test_out_that_is_a_file_is_refused_and_kept(tmp_path):
    target = tmp_path / "afile.txt"
    target.write_text("keep me", encoding="utf-8")
    result = runner.invoke(app, ["build", "--out", str(target), "--only", "dispatch"])
    assert result.exit_code == 2, result.output
    assert "is not a folder" in result.output
    assert target.read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile.txt"]


@pytest.mark.parametrize("where", ["under_a_file", "proc"])
def test_bad_out_paths_give_a_message_not_a_traceback(where, tmp_path):
    """P1-2: an --out nobody can write is a usage error naming the path."""
    if where == "under_a_file":
        (tmp_path / "afile").write_text("x", encoding="utf-8")
        out = tmp_path / "afile" / "sub"
    else:  # a folder that exists but where nothing can be created (as root too)
        out = tmp_path.anchor + "proc/cardgen-test-out"
    result = runner.invoke(app, ["build", "--out", str(out), "--only", "dispatch"])
    assert result.exit_code in (1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and str(out) in result.output


def test_an_empty_folder_and_a_previous_output_are_replaced(tmp_path):
    out = tmp_path / "set"
    out.mkdir()
    for _ in range(2):  # empty folder first, then the stamped output of the first build
        result = runner.invoke(app, ["build", "--out", str(out), "--only", "dispatch"])
        assert result.exit_code == 0, result.output
        assert (out / ".cardgen-output").is_file() and (out / "dispatch.pdf").is_file()
        assert json.loads((out / "manifest.json").read_text(encoding="utf-8"))["generator"] == "cardgen"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]


def test_an_unwritable_cache_only_costs_speed(tmp_path):
    """P1-2: the cache is an optimisation; a cache folder that cannot be written must not fail a build."""
    from cardgen.render.cache.store import FaceCache

    (tmp_path / "afile").write_text("x", encoding="utf-8")
    cache = FaceCache(tmp_path / "afile" / "cache")
    assert cache.memo("sheet", b"material", lambda: b"bytes") == b"bytes"
    assert cache.unwritable and "afile" in cache.unwritable
    assert cache.get("0" * 64) is None


def test_progress_on_request_counts_every_step_to_the_end(tmp_path):
    """Off a terminal (a log, CI), --progress writes a line per step: the bar, the count, what is at work."""
    result = runner.invoke(app, ["build", "--only", "event", "--progress", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    steps = [line for line in result.stderr.splitlines() if line.startswith("building [")]
    total = steps[-1].split("] ")[1].split("/")[1].split()[0]
    assert steps[0].endswith("1/" + total + "  event round 1 (fine_weather)")
    assert f"] {total}/{total}  " in steps[-1] and f"[{'#' * 30}]" in steps[-1]
    assert "building [" not in runner.invoke(app, ["build", "--only", "event", "--out", str(tmp_path / "o2")]).stderr


def test_the_default_build_writes_the_print_set_and_exports_only_on_request(tmp_path):
    """PNGs and Tabletop Simulator sheets are --export's: a set printed at home needs neither."""
    def built(*export: str) -> set[str]:
        out = tmp_path / ("out-" + "-".join(export))
        result = runner.invoke(app, ["build", "--only", "dispatch", "--out", str(out), *export])
        assert result.exit_code == 0, result.output
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["options"].get("exports") == (export[1].split(",") if export else None)
        return {p.relative_to(out).parts[0] for p in out.rglob("*")}

    plain = built()
    assert "png" not in plain and "tts" not in plain and "dispatch.pdf" in plain and "index.html" in plain
    assert built("--export", "png") == plain | {"png"}
    assert built("--export", "tts") == plain | {"tts"}
    assert built("--export", "tts,png") == plain | {"png", "tts"}
