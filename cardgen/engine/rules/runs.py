"""Free runs: where a train gets to from each cell and direction with nothing in its way.

The map's geometry, computed once per compiled rules (:class:`cardgen.engine.rules.compiled.Rules`
holds the tables): :meth:`GameState.move` walks a run step by step and stops at the
first closed or full section; the lookahead bot's rollouts ignore other trains and
jump to a run's end; the archetypes read where a card would land.
"""

from __future__ import annotations

#: the (cell, direction after) of each step of one run
Run = tuple[tuple[int, int], ...]
#: runs[cell * 2 + (direction > 0)][r]: the run of r free steps from that cell and direction
Runs = tuple[tuple[Run, ...], ...]


def free_runs(first_cell: int, last_cell: int, is_terminal: tuple[bool, ...], longest: int,
              terminal_ends: bool) -> Runs:
    """Every free run (no train, no closure in the way) from every cell and direction, up to ``longest``
    steps: ``runs[cell * 2 + (d > 0)][r]`` lists the (cell, direction after) of each step. A terminal turns
    the train round; when ``terminal_ends`` (ruling R1) the run stops there, shorter than ``r``."""
    out = []
    for c in range(last_cell + 1):
        for d in (-1, 1):
            runs: list[Run] = [()]
            steps: list[tuple[int, int]] = []
            cc, dd = c, d
            cut = False
            for _ in range(longest):
                if not cut and first_cell <= cc + dd <= last_cell:
                    cc += dd
                    if is_terminal[cc]:
                        dd = -dd
                        cut = terminal_ends
                    steps.append((cc, dd))
                runs.append(tuple(steps))
            out.append(tuple(runs))
    return tuple(out)


def run_index(cell: int, direction: int) -> int:
    """Index of (cell, direction) in a :data:`Runs` table."""
    return cell * 2 + (1 if direction > 0 else 0)
