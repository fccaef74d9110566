"""Fixtures: a CLI app with only the simulate commands registered, and the fake engine swapped in.

``fake`` substitutes :mod:`fake_engine` (statistics and failure detection tested in
isolation); tests that do not request it run the real rules engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
import fake_engine  # noqa: E402

from cardgen.engine.simulation import command as simulate_command  # noqa: E402


@pytest.fixture
def fake(monkeypatch):
    fake_engine.use_engine(monkeypatch, fake_engine.play_game)
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
