"""``cardgen simulate``: play many bot games, print statistics, judge playability and balance.

Exit codes: 0 playable (balance findings are printed as WARNINGs), 1 a playability
problem or invalid content, 2 a command-line value that cannot be honoured.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any, Optional

import typer

from cardgen.games.dispatch import for_every_game, folder_argument

from cardgen.progress import shown

from cardgen.engine.simulation import flags
from cardgen.engine.rules.actions import SetupRefused
from cardgen.engine.simulation.summary import build_summary
from cardgen.engine.simulation.text import format_summary
from cardgen.engine.simulation.runner import MAX_GAMES, RunSpec, content_for, run, useful_workers
from cardgen.engine.native import KERNEL
from cardgen.engine.play.playable import check_playable, check_variant_players
from cardgen.errors import INTERRUPTED_EXIT, CardgenError, ContentError, UsageError, error_line
from cardgen.problems import format_problems

ARCHETYPES = ("heavy", "light", "balanced", "long")
# Rules 10.16 has four archetype columns for 2..5 players. With 5 players one
# archetype must sit twice; we read the table's 5-player row as "archetype totals"
# and double the balanced bot (the table's modal strategy, the one a fifth player
# is most likely to copy). Win rates are reported per archetype (all its seats).
FIFTH_SEAT = "balanced"


def default_lineup(players: int) -> tuple[str, ...]:
    """The archetypes of rules 10.16 for a player count (see FIFTH_SEAT for 5+)."""
    if players <= len(ARCHETYPES):
        return ARCHETYPES[:players]
    return ARCHETYPES + (FIFTH_SEAT,) * (players - len(ARCHETYPES))


def resolve_lineup(content, players: int | None, lineup: str | None, bots) -> tuple[str, ...]:
    """The lineup to play, checked against the engine's bots and the game's player range."""
    low, high = content.game.players.min, content.game.players.max
    if lineup:
        chosen = tuple(b.strip() for b in lineup.split(",") if b.strip())
        unknown = [b for b in chosen if b not in bots]
        if unknown:
            raise UsageError(f"--lineup: unknown bot(s) {', '.join(unknown)}; known: {', '.join(bots)}")
        if players is not None and players != len(chosen):
            raise UsageError(f"--players {players} but --lineup names {len(chosen)} bots")
    else:
        chosen = default_lineup(players if players is not None else content.game.players.best)
    if not low <= len(chosen) <= high:
        raise UsageError(f"{content.game.name('en')} is for {low}-{high} players, not {len(chosen)}")
    return chosen


def simulate_cmd(
    content_dir: Optional[Path] = typer.Argument(None, help="Content folder; the bundled Rail Journey set if omitted."),
    players: Optional[int] = typer.Option(None, "--players", "-p",
        help="Player count (default: the lineup's length, the variant's count, or the game's best count)."),
    games: int = typer.Option(1000, "--games", "-n", help="Games to play."),
    lineup: Optional[str] = typer.Option(None, "--lineup",
        help="Bots by seat, comma separated (default: the 10.16 archetypes for the count)."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Rules variant id (see variants.yaml)."),
    seed: int = typer.Option(1, "--seed", help="Run seed; game i uses a seed derived from (seed, i)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes; results do not depend on it."),
    as_json: bool = typer.Option(False, "--json", help="Print the full statistics as JSON."),
    report: Optional[Path] = typer.Option(None, "--report", help="Also write a self-contained HTML report here."),
    force: bool = typer.Option(False, "--force", help="Let --report replace a file that is not an earlier cardgen report."),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE",
                                     help="Ruling option name=value (repeatable; docs/rulings.md lists them)."),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress",
        help="Progress bar on stderr (default: when stderr is a terminal)."),
    check_invariants: bool = typer.Option(False, "--check-invariants", help="Let the engine assert its invariants every round (slower)."),
    compare: bool = typer.Option(False, "--compare", help="Also play the same games (same seeds and seats) on the "
                                 "pack's base, or on the folder named after --compare, and report each bot's "
                                 "win-rate difference with a 95% interval."),
    compare_with: Optional[Path] = typer.Argument(None, metavar="[OTHER]", help="With --compare: the content "
                                                  "folder or pack to compare with (default: the pack's base)."),
) -> None:
    """Play many bot games and report win rates, scores, blocks, delays and ticket supply.

    Exits 1 when the run shows the set is not playable (a game that does not end on
    time, a stalled game, a card or event kind that never matters); prints a WARNING
    when one strategy wins far more than its share.

    Example: cardgen simulate --players 4 --games 2000 --workers 2 --report out/sim.html;
    cardgen simulate my-pack --compare (or: my-pack --compare other-folder)
    """
    try:
        if compare_with is not None and not compare:
            raise UsageError(f"a second folder ({compare_with}) is only read with --compare")
        summary = run_simulation(content_dir, players, games, lineup, variant, seed, workers, option,
                                 progress, check_invariants, report, force, compare=compare,
                                 compare_with=compare_with)
    except CardgenError as exc:
        fail(exc)
    except KeyboardInterrupt:
        interrupted()
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        typer.echo(format_summary(summary))
        if "delta" in summary:
            from cardgen.engine.simulation.compare import format_comparison
            typer.echo(format_comparison(summary))
    for warning in summary["warnings"]:
        typer.echo(f"WARNING: balance: {warning}", err=True)
    for note in summary["notes"]:
        typer.echo(f"NOTE: {note}", err=True)
    for problem in summary["problems"]:
        typer.echo(f"cardgen simulate: PLAYABILITY FAILURE: {problem}", err=True)
    raise typer.Exit(1 if summary["problems"] else 0)


def run_simulation(content_dir, players, games, lineup, variant, seed, workers, option, progress,
                   check_invariants, report, force=False, compare=False, compare_with=None) -> dict[str, Any]:
    """Validate every input, play the games, and return the summary (with wall-clock figures)."""
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    if report is not None:
        from cardgen.reports import check_report_path
        check_report_path(report, force)
    engine = flags.engine_api()
    try:
        content = content_for(content_dir, variant)
    except UsageError as exc:  # the only usage error loading raises: a variant the content lacks
        raise UsageError(f"--variant: {exc}") from None
    check_playable(content)
    if players is None and not lineup and content.variant is not None and content.variant.players:
        players = content.variant.players[0]  # e.g. --variant two_locomotives alone means 2 players
    chosen = resolve_lineup(content, players, lineup, engine.BOTS)
    check_variant_players(content, len(chosen))
    options = flags.parse_options(engine.Options, option)
    spec = RunSpec(content_dir, variant, chosen, games, seed, options, check_invariants, paired=compare)
    baseline = _baseline(content, spec, compare_with) if compare else None
    start = time.perf_counter()
    try:
        with shown(progress, "simulating", "games", games) as bar:
            tally = run(spec, workers=workers, on_progress=bar)
    except SetupRefused as exc:  # the engine cannot set up a game with these players/options
        flag = f"--option {exc.option}" if exc.option else "--players"
        raise UsageError(f"{flag}: {exc}") from None
    summary = build_summary(content, spec, tally)
    if baseline is not None:
        from cardgen.engine.simulation.compare import paired_delta
        base_content, base_spec = baseline
        base_tally = run(base_spec, workers=workers)
        summary["compared_with"] = str(base_spec.folder)
        summary["baseline"] = build_summary(base_content, base_spec, base_tally)
        summary["delta"] = paired_delta(base_tally.game_winners, tally.game_winners, list(dict.fromkeys(chosen)))
    elapsed = time.perf_counter() - start
    if report is not None:
        from cardgen.engine.simulation.report import write_report
        write_report(report, content, summary)
    summary["workers"] = useful_workers(workers, games)
    summary["workers_asked"] = workers
    summary["seconds"] = round(elapsed, 3)
    summary["games_per_second"] = round(games / elapsed, 1) if elapsed > 0 else None
    summary["kernel"] = KERNEL.name  # "compiled" or "python" (cardgen.engine.native says why)
    return summary


def _baseline(content, spec: RunSpec, other: Path | None) -> tuple[Any, RunSpec]:
    """The set ``--compare`` plays against: OTHER, or the pack's base; same games, seats and options."""
    if other is None:
        if content.pack is None:
            raise UsageError("--compare without a folder compares a pack with its base; this is not a pack "
                             "(name the folder to compare with: --compare OTHER)")
        other = content.pack.base
    from cardgen.model import validate
    report = validate(other)
    if not report.ok or report.content is None:
        raise ContentError(report.problems, report.sources)
    variant = spec.variant if spec.variant and any(v.id == spec.variant for v in report.content.variants.variants) \
        else None
    base = content_for(other, variant)
    check_playable(base)
    low, high = base.game.players.min, base.game.players.max
    if not low <= spec.players <= high:
        raise UsageError(f"--compare: {other} is for {low}-{high} players, not {spec.players}")
    return base, dataclasses.replace(spec, folder=other, variant=variant)


def fail(exc: CardgenError, command: str = "simulate") -> None:
    """Print a user error clearly (:func:`cardgen.errors.error_line`) and exit with its code (never a traceback)."""
    if isinstance(exc, ContentError):
        # the same source line + caret as `cardgen validate`
        typer.echo(format_problems(exc.problems, exc.sources), err=True)
    typer.echo(error_line(command, exc), err=True)
    raise typer.Exit(exc.exit_code)


def interrupted(command: str = "simulate") -> None:
    """End a command stopped by Ctrl-C with one line and exit 130 (its worker processes ignore
    SIGINT and are ended by the pool: ``cardgen.pool.ordered_map``)."""
    typer.echo(f"cardgen {command}: interrupted", err=True)
    raise typer.Exit(INTERRUPTED_EXIT)


def register(app: typer.Typer) -> None:
    """Register ``cardgen simulate``."""
    app.command("simulate")(for_every_game("simulate", simulate_cmd, folder_argument("content_dir")))
