"""Playability checks over a simulation: what played games show is broken in the content.

Why: a face the validator accepts can still be unusable in play (its route type never fits next to what
the other faces draw), and a scoring row can be unreachable in practice; simulated games show both. Each
check reads the simulation's counts and returns one sentence per failure; :data:`PLAYABILITY` lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardgen.errors import PlayabilityError

if TYPE_CHECKING:
    from cardgen.games.railroad_ink.simulate import SimulationReport


def faces_placeable(report: SimulationReport) -> list[str]:
    """Every die face that was rolled was drawn at least once (a face never drawn could never be placed)."""
    return [f"face '{face}' was rolled {rolled} times and never drawn: no legal placement could use it"
            for face, (rolled, drawn) in sorted(report.faces.items()) if rolled and not drawn]


def rows_scored(report: SimulationReport) -> list[str]:
    """Every scoring row scored (won or lost points) in at least one game."""
    out = []
    for row in report.rows:
        if not any(stats.row_hits.get(row) for stats in report.bots):
            out.append(f"scoring row '{row}' scored nothing in {report.games} games of every bot")
    return out


def specials_drawn(report: SimulationReport) -> list[str]:
    """Every special route was drawn in some game."""
    return [f"special route '{special}' was never drawn in {report.games} games"
            for special, count in sorted(report.specials.items()) if not count]


PLAYABILITY: list[tuple[str, Callable[[SimulationReport], list[str]]]] = [
    ("faces-placeable", faces_placeable),
    ("rows-scored", rows_scored),
    ("specials-drawn", specials_drawn),
]


def failures(report: SimulationReport) -> list[str]:
    return [f"{name}: {line}" for name, check in PLAYABILITY for line in check(report)]


def require_playable(report: SimulationReport) -> None:
    """Raise :class:`PlayabilityError` listing every failure (the CLI exits non-zero with it)."""
    found = failures(report)
    if found:
        raise PlayabilityError("; ".join(found))
