"""The ``cardgen`` command line: one Typer app, one module per command group.

Every command maps :class:`cardgen.errors.CardgenError` to its exit code and a
clear message; anything else is a bug and keeps its traceback. Help is click's
plain layout (``rich_markup_mode=None``): on/off options read as flags
(``--json``), choices as ``[a4|letter]``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any, Optional

import typer
from typer.core import TyperGroup

from cardgen.engine import command as engine_command
from cardgen.model import command as model_command
from cardgen.model import pack_command, show_command
from cardgen.games.dispatch import folders_of_one_game, for_every_game
from cardgen.games.rail_journey import diff_command
from cardgen.render import command as render_command
from cardgen.sweep import command as sweep_command

#: click's usage error (a bad value, an unknown option or command) as typer vendors it; typer exports only its
#: subclass BadParameter, so it is found as that class's documented base.
ClickUsageError: type[Exception] = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class OneLineUsageError(ClickUsageError):  # type: ignore[misc, valid-type]
    """click's usage error, shown the way cardgen shows its own (:func:`cardgen.errors.error_line`):
    ``cardgen build: usage: Invalid value for '--paper': ...`` on one line, exit 2."""

    def show(self, file=None) -> None:
        words: list[str] = []
        ctx = self.ctx
        while ctx is not None and ctx.parent is not None:  # the root's name is how it was run (python -m ...)
            words.insert(0, ctx.info_name)
            ctx = ctx.parent
        command = " ".join(["cardgen", *words])
        typer.echo(f"{command}: usage: {self.format_message()}", file=file, err=file is None)


class CardgenGroup(TyperGroup):
    """The root command: typer's group, with click's usage errors (a bad value, an unknown option or
    command) in cardgen's one-line shape instead of click's three lines."""

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent, **extra)
        except ClickUsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ClickUsageError as exc:
            raise _one_line(exc) from None


def _one_line(exc: Any) -> Exception:
    if isinstance(exc, OneLineUsageError):
        return exc
    return OneLineUsageError(exc.format_message(), exc.ctx)


app = typer.Typer(
    name="cardgen",
    cls=CardgenGroup,
    help=(
        "Validate, print and play-test card games described in YAML.\n\n"
        "Examples:\n\n"
        "\b\n"
        "  cardgen validate                      # check the bundled Rail Journey content\n"
        "  cardgen validate my-pack/ --json      # machine-readable report\n"
        "  cardgen build --lang en --players 4   # print-and-play set in English for 4\n"
        "  cardgen simulate --players 4 --games 1000\n"
        "  cardgen sweep sweeps/calibrate-published.yaml --fit docs/balance-published.yaml   # files of a\n"
        "  cardgen replay games/sample-4p.yaml --json                                        # source checkout\n"
        "  cardgen show event                    # ids, icons, effects and parameters of a kind\n"
        "  cardgen pack new my-pack --base rail-journey   # start an expansion\n"
        "  cardgen simulate my-pack --compare     # its balance against the base, paired games\n"
        "  cardgen cache info                    # where the build cache is, and its size"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def installed_version() -> str:
    """The version pip installed (the package metadata), e.g. ``0.1.0``."""
    try:
        return version("cardgen")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"cardgen {installed_version()}")
        raise typer.Exit(0)


@app.callback()
def _root(
    show_version: Optional[bool] = typer.Option(None, "--version", callback=_print_version, is_eager=True,
                                                help="Print cardgen's version and exit."),
) -> None:
    """Validate, print and play-test card games described in YAML."""


model_command.register(app)
pack_command.register(app)
show_command.register(app)
app.command("diff")(for_every_game("diff", diff_command.diff_cmd, folders_of_one_game("diff", "old", "new")))
render_command.register(app)
engine_command.register(app)
sweep_command.register(app)


def main() -> None:  # pragma: no cover - console entry point
    app()
