"""Shared builds for the print tests: one full build per session, subsets reuse its face cache."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cardgen.model import load
from cardgen.render.build import BuildOptions, build


@pytest.fixture(scope="session")
def content():
    return load()


@pytest.fixture(scope="session")
def face_cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("face-cache")


@pytest.fixture(scope="session", autouse=True)
def private_default_cache(tmp_path_factory):
    """Builds without an explicit cache (the CLI) use ~/.cache/cardgen: point it at a session folder."""
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    yield
    mp.undo()


@pytest.fixture(scope="session")
def full_build(tmp_path_factory, face_cache_dir):
    """``cardgen build --export png,tts`` with the other defaults: the whole Chinese set for 5 players on A4,
    long-edge duplex, and both exports (their tests read them)."""
    out = tmp_path_factory.mktemp("full") / "rail-journey"
    report = build(None, BuildOptions(exports=("png", "tts")), out=out, cache_dir=face_cache_dir)
    return out, report


@pytest.fixture(scope="session")
def manifest(full_build) -> dict:
    return json.loads((full_build[0] / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def build_subset(tmp_path_factory, face_cache_dir):
    """Build with options (usually ``only=``), sharing the session's face cache so it stays fast."""
    made: dict[BuildOptions, Path] = {}

    def run(**options) -> Path:
        opts = replace(BuildOptions(), **options)
        if opts not in made:
            out = tmp_path_factory.mktemp("subset") / "rail-journey"
            build(None, opts, out=out, cache_dir=face_cache_dir)
            made[opts] = out
        return made[opts]

    return run
