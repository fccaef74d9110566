"""Engine commands: ``cardgen replay`` (replay.py side) and ``cardgen simulate`` (simulate side)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Register every engine command; each lives in its own module."""
    for module in ("cardgen.engine.replay_command", "cardgen.engine.simulate_command"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        mod.register(app)
