"""``cardgen validate``: check a content folder and report every problem at once."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import typer

from cardgen.games.dispatch import for_every_game, folder_argument

from cardgen.command_errors import reported as reported  # its first home: callers may still import it here
from cardgen.problems import format_problems
from cardgen.printable import printable
from cardgen.model.checks import VARIANTS_CHECK
from cardgen.model.load import DEFAULT_CONTENT, Report, validate
from cardgen.model.reference import schema_reference


def unread_note(report: Report) -> list[str]:
    """A line naming the files a pack holds but does not read, if it holds any (tests/packs/test_places.py)."""
    if not report.unread:
        return []
    return [f"note: the pack does not read {printable(', '.join(report.unread))} (only pack.yaml and overlay files "
            "named like a base file are read)"]


def unplaced_note(report: Report) -> list[str]:
    """A line naming the event kinds no track card names: they are neither printed nor played (a designer's
    spare kind needs a track card, `spare: true`, to be in the box)."""
    content = report.content
    if content is None:
        return []
    placed = {card.kind for card in content.events.track.values()}
    unplaced = [k.id for k in content.events.kinds if k.id not in placed]
    if not unplaced:
        return []
    return [f"note: event kind(s) {printable(', '.join(unplaced))} on no track card: neither printed nor played "
            "(a spare is a track card with spare: true)"]


def format_report(report: Report, folder: Path, faces_print: bool = True) -> str:
    """The text report; ``faces_print`` False when the content is valid but base faces a pack changes cannot be
    printed (their problems follow the report), so that its first line does not say "valid"."""
    if not report.ok:
        body = [format_problems(report.problems, report.sources), *unread_note(report)]
        body.append(f"\n{len(report.problems)} problem(s) in {printable(str(folder))}")
        others = [name for name in report.checks_skipped if name != VARIANTS_CHECK]
        if others:
            body.append(f"{len(others)} cross-check(s) not run: they need a file whose problems are "
                        "above; validate again once those are fixed (`--json` names them)")
        if VARIANTS_CHECK in report.checks_skipped:
            body.append("variants not checked: each is checked over the content once the problems above are fixed")
        return "\n".join(body)
    c = report.counts
    piles = ", ".join(f"{k} {v}" for k, v in c["piles"].items())
    pack = report.content.pack if report.content is not None else None
    over = f" (pack {pack.id} v{pack.version} over {pack.base.name}, mark {pack.mark})" if pack else ""
    lines = [
        f"{printable(str(folder))}: {'valid' if faces_print else 'NOT printable'}{printable(over)}"
        + ("" if faces_print else ": the content is valid, but base faces it changes cannot be printed (below)"),
        "",
        f"  map            {c['stations']} stations, {c['sections']} sections, {c['fare_rows']} fare rows",
        f"  ride tickets   {c['tickets']} cards over {c['ticket_kinds']} kinds; piles {piles}",
        f"  operation      {c['operation_sets']} sets x {c['operation_cards_per_set']} cards "
        f"({c['operation_kinds']} kinds, propulsion {c['operation_propulsion_per_set']} per set)",
        f"  dispatch       {c['dispatch_cards']} cards over {c['dispatch_kinds']} kinds",
        f"  events         {c['events']} cards over {c['event_kinds']} kinds",
        f"  variants       {c['variants']}",
        "",
        "  checks passed:",
    ]
    lines += [f"    ok  {name}" for name in report.checks_passed]
    lines += unread_note(report) + unplaced_note(report)
    return "\n".join(lines)


def validate_cmd(
    content_dir: Optional[Path] = typer.Argument(None, help="Content folder; the bundled Rail Journey set if omitted."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON report instead of text."),
    schema: bool = typer.Option(False, "--schema", help="Print the content-format reference (Markdown) and exit."),
    faces: bool = typer.Option(True, "--faces/--no-faces", help="For a pack: lay out the base faces it changes "
                                                                "(from the build cache when it can)."),
) -> None:
    """Check a content folder: every file, every cross-check, every variant; for a pack, also lay out
    every base face its changes alter (a new exempt card lengthens the base's Crowded Train), in zh and en.

    Exit 0 when valid, 1 on any problem. Nothing is written but the build cache.

    Examples: cardgen validate cardgen/content/rail-journey --json;
    cardgen validate --schema > docs/content-format.md
    """
    if schema:
        typer.echo(schema_reference(), nl=False)
        raise typer.Exit(0)
    folder = content_dir or DEFAULT_CONTENT  # named as given; validate finds a bundled id
    report = validate(folder)
    laid_out = _base_faces(report) if faces else None
    ok = report.ok and not (laid_out and laid_out.problems)
    if as_json:
        # a base face that cannot be printed is an error too: its message names the base file and the pack line
        faces_errors = [{"file": None, "line": None, "col": None, "path": "base_faces", "message": problem}
                        for problem in (laid_out.problems if laid_out else [])]
        doc = {"ok": ok, "errors": [p.as_dict() for p in report.problems] + faces_errors, "counts": report.counts,
               "checks": {"passed": report.checks_passed, "failed": report.checks_failed,
                          "skipped": report.checks_skipped}, "unread": report.unread}
        if laid_out is not None:
            doc["base_faces"] = {"laid_out": laid_out.count, "problems": laid_out.problems,
                                 "not_laid_out": laid_out.skipped}
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        typer.echo(format_report(report, folder, faces_print=ok or not report.ok), err=not ok)
        if laid_out is not None:
            typer.echo(_faces_line(laid_out), err=not ok)
            for problem in laid_out.problems:
                typer.echo(printable(problem, multiline=True), err=True)
    raise typer.Exit(0 if ok else 1)


@dataclass
class BaseFaces:
    """What laying out the base faces a pack changes found (cardgen.games.rail_journey.pack_faces)."""

    count: int = 0                                     #: faces laid out, every language counted
    problems: list[str] = field(default_factory=list)  #: one build error per language that has any
    skipped: str | None = None                         #: why none was laid out


def _base_faces(report: Report) -> BaseFaces | None:
    """For a valid pack, the base faces its changes alter, laid out; else None."""
    if report.content is None or report.content.pack is None:
        return None
    try:
        from cardgen.games.rail_journey.pack_faces import check_base_faces
    except OSError as exc:  # WeasyPrint without its system libraries: the rest of validate works
        return BaseFaces(skipped=f"WeasyPrint cannot load its system libraries ({exc})")
    found = BaseFaces()
    for lang, count, problem in check_base_faces(report.content):
        found.count += count
        if problem:
            found.problems.append(f"{lang}: {problem}")
    return found


def _faces_line(found: BaseFaces) -> str:
    if found.skipped:
        return f"  base faces the pack changes: not laid out: {printable(found.skipped)}"
    outcome = f"{len(found.problems)} language(s) with faces that cannot be printed:" if found.problems \
        else "all print"
    return f"  base faces the pack changes: {found.count} laid out (zh and en), {outcome}"


def register(app: typer.Typer) -> None:
    app.command("validate")(for_every_game("validate", validate_cmd, folder_argument("content_dir")))
