"""``cardgen sweep SPEC.yaml``: play every point of a design sweep and compare them.

Exit codes: 0 every point playable, 1 a spec or content problem (located) or a
point with a playability failure, 2 a command-line value that cannot be honoured.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer

from cardgen.games.dispatch import for_every_game, folder_named_in

from cardgen.engine.simulation import flags as sim_options
from cardgen.engine.native import KERNEL
from cardgen.engine.simulation.runner import content_for
from cardgen.engine.simulation.command import fail, interrupted
from cardgen.progress import shown
from cardgen.reports import check_report_path
from cardgen.errors import CardgenError, UsageError
from cardgen.sweep.execute import local_workers, run_points
from cardgen.sweep.fit import read_published
from cardgen.sweep.points import resolve_points
from cardgen.engine.simulation.runner import MAX_GAMES
from cardgen.sweep.spec import read_spec
from cardgen.sweep.summary import sweep_summary
from cardgen.sweep.text import format_sweep


def sweep_cmd(
    spec_file: Path = typer.Argument(..., help="Sweep spec (YAML): base content, axes, games per point."),
    games: Optional[int] = typer.Option(None, "--games", "-n", help="Games per point (overrides the spec's 'games')."),
    workers: int = typer.Option(1, "--workers", "-w", help="Local worker processes; results do not depend on it."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler",
        help="Run on the Dask cluster whose scheduler is at tcp://HOST:PORT (pip install 'cardgen[cluster]')."),
    fit: Optional[Path] = typer.Option(None, "--fit",
        help="Rank points by the log-likelihood of a published win-rate table (e.g. docs/balance-published.yaml in a source checkout)."),
    as_json: bool = typer.Option(False, "--json", help="Print every point's figures as JSON."),
    report: Optional[Path] = typer.Option(None, "--report",
        help="Also write a self-contained HTML report (heat maps for two-axis sweeps)."),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress",
        help="Progress bar on stderr (default: when stderr is a terminal)."),
    force: bool = typer.Option(False, "--force", help="Let --report replace a file that is not an earlier cardgen report."),
) -> None:
    """Play a grid (or a seeded sample) of configurations: content values, ruling options, bots, player counts.

    Every point is checked before any game is played; each plays the same seeds.

    Example: cardgen sweep sweeps/calibrate-published.yaml --fit docs/balance-published.yaml --workers 2
    """
    try:
        summary = run_sweep(spec_file, games, workers, scheduler, fit, report, progress, force)
    except CardgenError as exc:
        fail(exc, "sweep")
    except KeyboardInterrupt:
        interrupted("sweep")
    typer.echo(json.dumps(summary, ensure_ascii=False, indent=2) if as_json else format_sweep(summary))
    for problem in summary["problems"]:
        typer.echo(f"cardgen sweep: PLAYABILITY FAILURE: {problem}", err=True)
    raise typer.Exit(1 if summary["problems"] else 0)


def run_sweep(spec_file: Path, games: int | None, workers: int, scheduler: str | None, fit: Path | None,
              report: Path | None, progress: bool | None, force: bool = False) -> dict:
    """Check everything, play every point, and return the summary (with wall-clock figures)."""
    if games is not None and not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    if report is not None:
        check_report_path(report, force)
    published = read_published(fit) if fit is not None else None
    spec = read_spec(spec_file)
    points = resolve_points(spec, games, sim_options.engine_api().BOTS)
    total = sum(p.run.games for p in points)
    start = time.perf_counter()
    with shown(progress, "sweeping", "games", total) as bar:
        tallies = run_points(points, workers=workers, scheduler=scheduler, on_progress=bar)
    elapsed = time.perf_counter() - start
    summary = sweep_summary(spec, points, tallies, published)
    if report is not None:
        from cardgen.sweep.report import write_sweep_report
        write_sweep_report(report, content_for(spec.folder, None).game.name("en"), summary)
    summary["executor"] = scheduler or f"local, {local_workers(points, workers)} worker(s)"
    summary["seconds"] = round(elapsed, 3)
    summary["games_per_second"] = round(total / elapsed, 1) if elapsed > 0 else None
    summary["kernel"] = KERNEL.name
    return summary


def register(app: typer.Typer) -> None:
    app.command("sweep")(for_every_game("sweep", sweep_cmd, folder_named_in("spec_file")))
