"""A built wheel, installed in a fresh venv, runs ``validate``, ``build`` and ``simulate`` from any folder
(issue 9 item 5): the bundled game and the templates travel as package data.

Slow (a wheel build and a venv, about a minute with pip's cache). ``pip install .`` builds the same
wheel through the same backend, so this covers it too. The wheel is built with
CARDGEN_PURE_PYTHON=1 (no mypyc step): what is checked here is the packaging, not the kernel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

#: Never copied into the tree the wheel is built from: local state, not sources.
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", "build", "output", "__pycache__", "*.egg-info", "*.so",
                                     ".pytest_cache", ".hypothesis")


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=900, **kwargs)
    assert proc.returncode == 0, f"{args}: exit {proc.returncode}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    tree = work / "src"
    shutil.copytree(ROOT, tree, ignore=NOT_SOURCES, symlinks=True)
    env = {**os.environ, "CARDGEN_PURE_PYTHON": "1"}
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", work / "dist", tree,
        env=env)
    (built,) = (work / "dist").glob("cardgen-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv holding the locked dependencies and the wheel; its bin folder."""
    home = tmp_path_factory.mktemp("venv") / "venv"
    venv.create(home, with_pip=True)
    pip = [home / "bin" / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    run(*pip, "--require-hashes", "-r", ROOT / "requirements.lock")
    run(*pip, "--no-deps", wheel)
    run(home / "bin" / "python", "-m", "pip", "check")
    return home / "bin"


def test_the_wheel_holds_every_content_and_template_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in [ROOT / "cardgen" / "content", ROOT / "cardgen" / "templates",
                   *(ROOT / "cardgen" / "games").glob("*/templates")]:  # each game's own templates too
        sources = {f"cardgen/{p.relative_to(ROOT / 'cardgen').as_posix()}"
                   for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
        assert sources and sources <= names, sorted(sources - names)[:5]


def test_validate_build_and_simulate_run_from_any_folder(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")

    def cardgen(*args: str) -> subprocess.CompletedProcess:
        return run(installed / "cardgen", *args, cwd=elsewhere, env=env)

    where = run(installed / "python", "-c", "import cardgen.resources as r; print(r.DEFAULT_CONTENT)",
                cwd=elsewhere, env=env).stdout.strip()
    assert Path(where).is_relative_to(installed.parent) and not Path(where).is_relative_to(ROOT)
    assert cardgen("validate").stdout.splitlines()[0].endswith("rail-journey: valid")
    simulated = json.loads(cardgen("simulate", "--players", "4", "--games", "40", "--json").stdout)
    assert simulated["games"] == 40
    built = cardgen("build", "--only", "ticket", "--lang", "en", "--out", "set")
    assert "files" in built.stdout
    manifest = json.loads((elsewhere / "set" / "manifest.json").read_text(encoding="utf-8"))
    assert "ticket" in manifest["counts"] and (elsewhere / "set" / "ticket.pdf").stat().st_size > 0
    assert sorted(p.name for p in elsewhere.iterdir()) == ["set"]  # nothing else written where it ran
