"""Fixtures: a CLI app with only ``simulate`` registered, and the fake engine swapped in.

Until the real engine is merged these tests run against ``fake_engine``; tests that
need the real rules engine are in ``test_real_engine.py``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest
import typer
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
import fake_engine  # noqa: E402

from cardgen.engine import sim_options, simulate, simulate_command  # noqa: E402


@dataclass(frozen=True)
class FakeOptions:
    late_events: str = "none"
    strict: bool = False


FAKE_BOTS = {name: None for name in ("heavy", "light", "balanced", "long", "random", "lookahead", "strong", "tie")}


def use_engine(monkeypatch, play) -> None:
    monkeypatch.setattr(sim_options, "engine_api",
                        lambda: SimpleNamespace(play_game=play, Options=FakeOptions, BOTS=FAKE_BOTS))
    monkeypatch.setattr(simulate, "default_engine", lambda: play)


@pytest.fixture
def fake(monkeypatch):
    use_engine(monkeypatch, fake_engine.play_game)
    return fake_engine


@pytest.fixture
def cli():
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """group"""

    simulate_command.register(app)
    runner = CliRunner()
    return lambda *args: runner.invoke(app, ["simulate", *args])
