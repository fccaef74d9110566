"""``cardgen build``: registered here; the implementation lives in cardgen.render.build."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    try:
        from cardgen.render import build_command
    except ModuleNotFoundError as exc:
        if exc.name != "cardgen.render.build_command":
            raise
        return
    build_command.register(app)
