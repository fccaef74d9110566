"""``cardgen diff OLD NEW``: every printed face that is new, different or gone, per kind, with what changed."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from cardgen.printable import printable


def diff_cmd(
    old: Path = typer.Argument(..., help="The earlier content folder or pack."),
    new: Path = typer.Argument(..., help="The later content folder or pack."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON report instead of text."),
) -> None:
    """List every face that changed from OLD to NEW (added, changed, removed; the field that changed).

    Both sets are validated first and must be one game's. Faces are compared in both languages, for the
    largest player count. Exit 0 when the comparison ran (whether or not anything changed), 1 on bad
    content. Rail Journey names the field that changed, and reprints only what changed with:
    cardgen build NEW --changed-since OLD; another game says face, back or copies.

    Example: cardgen diff cardgen/content/rail-journey cardgen/content/packs/onsen-line
    """
    from cardgen.model import load
    from cardgen.command_errors import reported
    from cardgen.games.rail_journey import reprint

    with reported("diff", "nothing compared"):
        before, after = load(old), load(new)
        changes = reprint.compare(before, after)
    if as_json:
        doc = {"old": str(old), "new": str(new), "changes": [ch.as_dict() for ch in changes],
               "by_kind": reprint.by_kind(changes)}
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        return
    typer.echo(f"{printable(str(old))} -> {printable(str(new))}: {len(changes)} face(s) differ")
    for ch in changes:
        fields = "; ".join(ch.fields)
        typer.echo(printable(f"  {ch.kind:<16} {ch.change:<8} {ch.id:<28} {fields}".rstrip()))
    if changes:
        typer.echo(f"reprint them: cardgen build {printable(str(new))} --changed-since {printable(str(old))}")
