"""``cardgen tables``: recompute the rules' tables (6.5, 5.2, 5.1, 10.16) and compare with published values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from cardgen.games.dispatch import for_every_game, folder_argument

from cardgen.engine.play.playable import check_playable
from cardgen.engine.simulation.summary import build_summary
from cardgen.engine.simulation.runner import MAX_GAMES, RunSpec, content_for, run
from cardgen.engine.simulation.command import default_lineup, fail, interrupted
from cardgen.progress import shown
from cardgen.engine.tables.published import read_published
from cardgen.engine.tables.reproduce import reproduce
from cardgen.engine.tables.text import format_tables
from cardgen.errors import CardgenError, UsageError


def tables_cmd(
    content_dir: Optional[Path] = typer.Argument(None, help="Content folder; the bundled Rail Journey set if omitted."),
    published: Optional[Path] = typer.Option(None, "--published",
        help="YAML of values published in the rules, to compare with (e.g. docs/balance-published.yaml in a source checkout)."),
    games: int = typer.Option(1000, "--games", "-n", help="Games per player count for the win-rate table; 0 skips it."),
    seed: int = typer.Option(1, "--seed", help="Run seed (each player count uses it)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of Markdown."),
    report: Optional[Path] = typer.Option(None, "--report", help="Also write the tables as a self-contained HTML report."),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress", help="Progress bar on stderr."),
    force: bool = typer.Option(False, "--force", help="Let --report replace a file that is not an earlier cardgen report."),
) -> None:
    """Reproduce the rules' own tables from the content definitions and the engine.

    Prints Markdown (the cliff table, fare efficiency, operation-set totals and the
    default-lineup win rates for every player count) and, with --published, marks
    each published value as ok or MISMATCH. Exits 1 on any mismatch of a computed
    table or a playability problem in the win-rate runs.

    Example: cardgen tables --published docs/balance-published.yaml --games 10000 --workers 2
    """
    try:
        if not 0 <= games <= MAX_GAMES or workers < 1:
            raise UsageError(f"--games must be from 0 to {MAX_GAMES:,} and --workers at least 1")
        if report is not None:
            from cardgen.reports import check_report_path
            check_report_path(report, force)
        content = content_for(content_dir, None)
        check_playable(content)
        pub = read_published(published)[0] if published else None
        runs = (lambda: win_rate_runs(content, content_dir, games, seed, workers, progress)) if games else None
        result = reproduce(content, pub, runs)
        if report is not None:
            from cardgen.engine.simulation.report import write_report
            write_report(report, content, None, result)
    except CardgenError as exc:
        fail(exc, "tables")
    except KeyboardInterrupt:
        interrupted("tables")
    typer.echo(json.dumps(result, ensure_ascii=False, indent=2) if as_json else format_tables(result))
    bad = mismatches(result)
    for item in bad:
        typer.echo(f"MISMATCH: {item}", err=True)
    raise typer.Exit(1 if bad else 0)


def win_rate_runs(content, folder, games: int, seed: int, workers: int, progress: bool | None) -> dict[int, dict]:
    """One default-lineup run per player count the game allows."""
    out = {}
    for players in range(content.game.players.min, content.game.players.max + 1):
        spec = RunSpec(folder, None, default_lineup(players), games, seed)
        with shown(progress, f"{players} players", "games", games) as bar:
            tally = run(spec, workers=workers, on_progress=bar)
        out[players] = build_summary(content, spec, tally)
    return out


def mismatches(result: dict) -> list[str]:
    """Computed tables that disagree with the published ones, and unplayable win-rate runs."""
    cmp = result.get("comparison", {})
    bad = [f"{name} {row.get('composition', row.get('span'))}" for name in ("cliff_table", "fare_table")
           for row in cmp.get(name, []) if not row["match"]]
    bad += [f"deck {c['column']}" for c in cmp.get("deck", []) if not c["match"]]
    bad += [p for w in result.get("win_rates", {}).values() for p in w["problems"]]
    return bad


def register(app: typer.Typer) -> None:
    app.command("tables")(for_every_game("tables", tables_cmd, folder_argument("content_dir")))
