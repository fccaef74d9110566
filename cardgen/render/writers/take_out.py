"""take-out-of-the-box.txt: the cards a pack or a reprint retires, for whoever sorts the physical box."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.render.writers.stage import Stage

#: the file's name in the output folder
TAKE_OUT_FILE = "take-out-of-the-box.txt"


def take_out_text(take_out: Sequence[tuple[str, int, str]]) -> str:
    """The cards to take out, one line each.

    >>> print(take_out_text([("ticket S1-S2", 2, "removed by the pack")]), end="")
    Take out of the box:
      2 x ticket S1-S2 (removed by the pack)
    """
    lines = ["Take out of the box:"] + [f"  {n} x {label} ({why})" for label, n, why in take_out]
    return "\n".join(lines) + "\n"


def write_take_out(stage: Stage, take_out: Sequence[tuple[str, int, str]]) -> None:
    """The list, when there is anything to take out (a build of the base game has none)."""
    if take_out:
        stage.write(TAKE_OUT_FILE, take_out_text(take_out).encode("utf-8"))
