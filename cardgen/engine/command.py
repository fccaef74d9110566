"""Engine commands: ``cardgen replay``, ``cardgen simulate`` and ``cardgen tables``, one module each."""

from __future__ import annotations

import typer

from cardgen.engine.replay import command as replay_command
from cardgen.engine.simulation import command as simulate_command
from cardgen.engine.tables import command as tables_command


def register(app: typer.Typer) -> None:
    """Register every engine command."""
    replay_command.register(app)
    simulate_command.register(app)
    tables_command.register(app)
