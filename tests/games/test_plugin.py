"""A game is a plug-in: a tiny game installed as its own pip package is found by its entry point, and
cardgen's commands run for it (tests/games/tiny_game_package)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent / "tiny_game_package"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The tiny game pip-installed into a folder of its own (a copy of its source: the build writes beside it)."""
    root = tmp_path_factory.mktemp("tiny")
    source = shutil.copytree(PACKAGE, root / "source")
    target = root / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                    "--target", str(target), str(source)], check=True, capture_output=True)
    return target


def cardgen(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True, text=True, env=env,
                          cwd=cwd)


def test_an_installed_game_validates(installed):
    done = cardgen(installed, "validate", str(installed / "tiny_game" / "content"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "  cards  2 kinds, 3 cards"


def test_its_bad_content_is_located(installed, tmp_path):
    folder = shutil.copytree(installed / "tiny_game" / "content", tmp_path / "content")
    text = (folder / "game.yaml").read_text().replace("copies: 1}", "copies: 0}")
    (folder / "game.yaml").write_text(text)
    done = cardgen(installed, "validate", str(folder))
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == "game.yaml:5:36: cards.1.copies: expected a whole number from 1 to 99, got 0"


def test_a_command_the_game_lacks_says_so(installed):
    done = cardgen(installed, "simulate", str(installed / "tiny_game" / "content"))
    assert (done.returncode, done.stderr) == (
        2, "cardgen simulate: usage: tiny has no simulate (it has: build, diff, serve, show, validate)\n")


def test_an_option_of_another_game_is_refused(installed):
    done = cardgen(installed, "validate", str(installed / "tiny_game" / "content"), "--no-faces")
    assert (done.returncode, done.stderr) == (
        2, "cardgen validate: usage: tiny takes no --faces (it is another game's option)\n")


def test_a_folder_naming_a_game_not_installed_is_located(tmp_path):
    (tmp_path / "game.yaml").write_text("name: x\ngame: railroad-stink\n")
    done = subprocess.run([sys.executable, "-m", "cardgen", "validate", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0].startswith("game.yaml:2:7: game: no game 'railroad-stink' is installed")


@pytest.mark.slow
def test_an_installed_game_prints_with_the_kit(installed, tmp_path):
    done = cardgen(installed, "build", str(installed / "tiny_game" / "content"), "--out", str(tmp_path / "out"),
                   "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [".cardgen-output",
        "card.pdf", "fonts", "index.html", "manifest.json", "tiny-print-shop-cards-63x88mm.pdf", "tiny-print.pdf"]
