"""Free runs: where a train gets to from each cell and direction with nothing in its way.

Shared by the fast kernel (which walks a run step by step and stops at the
first closed or full section) and the lookahead bot's rollouts (which ignore
other trains and jump to a run's end).
"""

from __future__ import annotations

from cardgen.engine.rules.compiled import Rules


def free_runs(rules: Rules, longest: int, terminal_ends: bool) -> tuple:
    """Every free run (no train, no closure in the way) from every cell and direction, up to ``longest``
    steps: ``runs[cell * 2 + (d > 0)][r]`` lists the (cell, direction after) of each step. A terminal turns
    the train round; when ``terminal_ends`` (ruling R1) the run stops there, shorter than ``r``."""
    out = []
    for c in range(rules.last_cell + 1):
        for d in (-1, 1):
            runs, steps, cc, dd = [()], [], c, d
            cut = False
            for _ in range(longest):
                if not cut and rules.first_cell <= cc + dd <= rules.last_cell:
                    cc += dd
                    if rules.is_terminal[cc]:
                        dd = -dd
                        cut = terminal_ends
                    steps.append((cc, dd))
                runs.append(tuple(steps))
            out.append(tuple(runs))
    return tuple(out)
