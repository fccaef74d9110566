"""Playability checks over a simulation: what played games show is broken in the content.

Why: a face the validator accepts can still be unusable in play (its route type never fits next to what
the other faces draw), and a scoring row can be unreachable in practice; simulated games show both. A face
or special route fails when it never had a legal placement, not when a bot chose not to draw it. Each
check reads the simulation's counts and returns one sentence per failure; :data:`PLAYABILITY` lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardgen.errors import PlayabilityError

if TYPE_CHECKING:
    from cardgen.games.railroad_ink.simulate import SimulationReport


def faces_placeable(report: SimulationReport) -> list[str]:
    """Every die face that was rolled could be drawn at some point (drawn, or legal at a round's start)."""
    return [f"face '{face}' was rolled {rolled} times and never had a legal placement"
            for face, (rolled, _) in sorted(report.faces.items()) if rolled and face not in report.placeable]


def rows_scored(report: SimulationReport) -> list[str]:
    """Every scoring row scored (won or lost points) in at least one game."""
    out = []
    for row in report.rows:
        if not any(stats.row_hits.get(row) for stats in report.bots):
            out.append(f"scoring row '{row}' scored nothing in {report.games} games of every bot")
    return out


def specials_placeable(report: SimulationReport) -> list[str]:
    """Every special route could be drawn at some point of some game."""
    return [f"special route '{special}' never had a legal placement in {report.games} games"
            for special in sorted(report.specials) if special not in report.placeable]


PLAYABILITY: list[tuple[str, Callable[[SimulationReport], list[str]]]] = [
    ("faces-placeable", faces_placeable),
    ("rows-scored", rows_scored),
    ("specials-placeable", specials_placeable),
]


def failures(report: SimulationReport) -> list[str]:
    return [f"{name}: {line}" for name, check in PLAYABILITY for line in check(report)]


def require_playable(report: SimulationReport) -> None:
    """Raise :class:`PlayabilityError` listing every failure (the CLI exits non-zero with it)."""
    found = failures(report)
    if found:
        raise PlayabilityError("; ".join(found))
