"""The ``cardgen`` command line: one Typer app, one module per command group.

Every command maps :class:`cardgen.errors.CardgenError` to its exit code and a
clear message; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import typer

from cardgen.model import command as model_command

app = typer.Typer(
    name="cardgen",
    help=(
        "Validate, print and play-test card games described in YAML.\n\n"
        "Examples:\n\n"
        "  cardgen validate                      # check the bundled Rail Journey content\n\n"
        "  cardgen validate my-pack/ --json      # machine-readable report\n\n"
        "  cardgen build --lang en --players 4   # print-and-play set in English for 4\n\n"
        "  cardgen simulate --players 4 --games 1000\n\n"
        "  cardgen sweep sweeps/calibrate-published.yaml --fit docs/balance-published.yaml\n\n"
        "  cardgen replay games/sample-4p.yaml --json"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback()
def _root() -> None:
    """Keeps cardgen a command group even while only one command is registered."""


model_command.register(app)

from cardgen.model import pack_command  # noqa: E402

pack_command.register(app)

from cardgen.render import diff_command  # noqa: E402

diff_command.register(app)

try:  # each pipeline stage registers its own commands
    from cardgen.render import command as render_command
except ImportError:  # pragma: no cover - stage not present in this checkout
    render_command = None
else:
    render_command.register(app)

try:
    from cardgen.engine import command as engine_command
except ImportError:  # pragma: no cover
    engine_command = None
else:
    engine_command.register(app)

from cardgen.sweep import command as sweep_command  # noqa: E402  (after the engine: it plays its games)

sweep_command.register(app)


def main() -> None:  # pragma: no cover - console entry point
    app()
