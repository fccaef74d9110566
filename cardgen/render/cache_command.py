"""``cardgen cache info|clear``: show and empty the build cache (cardgen.render.cache.cachedir).

No renderer is imported, so both work where WeasyPrint's system libraries are missing.
"""

from __future__ import annotations

import typer

from cardgen.errors import UsageError, error_line
from cardgen.printable import printable
from cardgen.render.cache import cachedir

cache_app = typer.Typer(
    name="cache",
    help="Show or empty the build cache, which keeps rendered faces between builds.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def megabytes(size: int) -> str:
    """
    >>> megabytes(282_140_000), megabytes(0)
    ('282.1 MB', '0.0 MB')
    """
    return f"{size / 10**6:.1f} MB"


def _limit() -> int:
    try:
        return cachedir.limit_bytes()
    except UsageError as exc:
        typer.echo(error_line("cache", exc), err=True)
        raise typer.Exit(exc.exit_code) from None


@cache_app.command("info")
def info_cmd() -> None:
    """Where the cache is, how much it holds, and its size bound.

    The bound is $CARDGEN_CACHE_MAX_MB megabytes; after each build the least
    recently used entries beyond it are deleted.
    """
    limit = _limit()
    folder = cachedir.default_cache()
    held = cachedir.usage(folder)
    typer.echo(f"cache: {printable(str(folder))}")
    typer.echo(f"  {held.files} files, {megabytes(held.bytes)} "
               f"(bound {megabytes(limit)}, set with {cachedir.LIMIT_ENV})")
    if held.foreign:
        typer.echo(f"  {held.foreign} other files, not written by cardgen, are never deleted")


@cache_app.command("clear")
def clear_cmd() -> None:
    """Delete every file cardgen wrote in the cache; the next build lays every face out again.

    Files cardgen did not write are left where they are.
    """
    folder = cachedir.default_cache()
    removed = cachedir.clear(folder)
    typer.echo(f"removed {removed.files} files ({megabytes(removed.bytes)}) from {printable(str(folder))}")
    if removed.foreign:
        typer.echo(f"kept {removed.foreign} other files, not written by cardgen")


def register(app: typer.Typer) -> None:
    app.add_typer(cache_app)
