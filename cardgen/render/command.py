"""Render commands: ``cardgen build``, ``cardgen serve`` and ``cardgen cache``, one module each."""

from __future__ import annotations

import typer

from cardgen.render import build_command, cache_command, serve_command


def register(app: typer.Typer) -> None:
    """Register every render command."""
    build_command.register(app)
    serve_command.register(app)
    cache_command.register(app)
