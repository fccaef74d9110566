"""``cardgen pack new DIR --base BASE``: start a pack (cardgen.model.scaffold)."""

from __future__ import annotations

from pathlib import Path

import typer

from cardgen.errors import CardgenError, error_line
from cardgen.printable import printable

pack_app = typer.Typer(name="pack", help="Work with packs: expansions laid over a base game.", no_args_is_help=True)


@pack_app.command("new")
def new_cmd(
    folder: Path = typer.Argument(..., help="Folder to create (must not exist, or be empty)."),
    base: str = typer.Option("rail-journey", "--base", help="The game or pack it changes: a bundled id or a folder."),
    mark: str = typer.Option("+", "--mark", help="Set mark printed on every face of the pack (1-4 characters)."),
) -> None:
    """Write a valid, commented, empty pack over BASE.

    Example: cardgen pack new my-pack --base rail-journey && cardgen validate my-pack
    """
    from cardgen.model.scaffold import new_pack

    try:
        written = new_pack(folder, base, mark)
    except CardgenError as exc:
        typer.echo(error_line("pack new", exc), err=True)
        raise typer.Exit(exc.exit_code) from None
    typer.echo(f"{printable(str(written))}: new pack over {printable(base)}; "
               f"next: cardgen validate {printable(str(written))}")


def register(app: typer.Typer) -> None:
    app.add_typer(pack_app)
