"""``cardgen sweep SPEC`` for a game with a ``simulate`` (cardgen.games.standard.StandardCommands.sweep_handler).

Exit codes: 0 every point played and passed the game's playability checks; 1 a spec or content problem
(located), a point not played (its problems located) or a point that failed; 2 a command-line value that
cannot be honoured.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer

from cardgen.errors import Problem, UsageError
from cardgen.progress import shown
from cardgen.reports import check_report_path
from cardgen.sweep.standard.points import SweptGame, build_points
from cardgen.sweep.standard.report import write_game_sweep_report
from cardgen.sweep.standard.run import local_workers, play_points
from cardgen.sweep.standard.spec import MAX_GAMES, read_game_sweep
from cardgen.sweep.standard.table import format_sweep, sweep_summary


def run_game_sweep(game: SweptGame, spec_file: Path, games: int | None = None, workers: int = 1,
                   scheduler: str | None = None, progress: bool | None = None, report: Path | None = None,
                   force: bool = False) -> tuple[dict, list[Problem], dict[str, list[str]]]:
    """Read the spec, build and check every point, play those without problems, write the HTML ``report``; the
    summary (with wall-clock figures), the not-played points' problems and the sources they quote."""
    if games is not None and not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    if report is not None:
        check_report_path(report, force)
    sweep = read_game_sweep(spec_file)
    points, sources = build_points(sweep, game, games)
    to_play = sum(1 for p in points if not p.problems)
    start = time.perf_counter()
    with shown(progress, "sweeping", "points", to_play) as bar:
        played = play_points(points, game.load, game.simulate, sweep.folder or game.content, workers, scheduler,
                             bar.update if bar is not None else None)
    elapsed = time.perf_counter() - start
    metric = sweep.metric or game.metric
    assert metric is not None  # build_points refuses a spec without one when the game has none
    summary = sweep_summary(game.id, sweep, metric, points, played)
    problems = sorted({p for point in points for p in point.problems})
    if report is not None:
        write_game_sweep_report(report, summary, problems)
    summary["executor"] = scheduler or f"local, {local_workers(to_play, workers)} worker(s)"
    summary["seconds"] = round(elapsed, 3)
    return summary, problems, sources


def show(summary: dict, problems: list[Problem], sources: dict[str, list[str]], as_json: bool) -> None:
    """Print the table (or the JSON), then every problem on stderr; exit 1 when any point was not played or
    failed."""
    from cardgen.problems import format_problems

    typer.echo(json.dumps(summary, ensure_ascii=False, indent=2) if as_json else format_sweep(summary))
    if problems:
        typer.echo(format_problems(problems, sources), err=True)
        typer.echo(f"cardgen sweep: {len(summary['not_played'])} point(s) not played: {len(problems)} problem(s) "
                   "in their content or settings", err=True)
    for line in summary["problems"]:
        typer.echo(f"cardgen sweep: {line}", err=True)
    if problems or summary["problems"]:
        raise typer.Exit(1)


