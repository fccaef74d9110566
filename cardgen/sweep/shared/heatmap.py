"""Heat maps (inline SVG) of one figure over a two-axis sweep, drawn like the simulate report's charts.

Deterministic text (fixed rounding), so the same sweep gives the same bytes.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Sequence

from cardgen.reports import FONT


def shade(t: float) -> str:
    """White (t = 0) to the reports' blue (t = 1).

    >>> shade(0.0), shade(1.0)
    ('#ffffff', '#3d6d8f')
    """
    t = max(0.0, min(1.0, t))
    ends = ((255, 61), (255, 109), (255, 143))
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in ends)


def heatmap(xs: list[str], ys: list[str], cells: dict[tuple[int, int], float], title: str,
            x_name: str, y_name: str, fmt: Callable[[float], str], low: float, high: float) -> str:
    """A grid of ``len(ys)`` rows by ``len(xs)`` columns; ``cells[(x, y)]`` is shaded between ``low`` and
    ``high`` and printed with ``fmt``; a missing cell (a point the sample skipped) stays blank."""
    cell_w, cell_h, left, top = 78, 28, 120, 40
    width, height = left + cell_w * len(xs) + 10, top + cell_h * len(ys) + 30
    span = (high - low) or 1.0
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' role='img' class='chart heatmap' width='{width}' "
             f"height='{height}' viewBox='0 0 {width} {height}'>", f"<title>{escape(title)}</title>",
             f"<text x='{left}' y='14' {FONT} font-weight='bold'>{escape(title)}</text>",
             f"<text x='{left}' y='{height - 6}' {FONT}>{escape(x_name)} →</text>",
             f"<text x='4' y='{top - 6}' {FONT}>{escape(y_name)} ↓</text>"]
    for i, x in enumerate(xs):
        parts.append(f"<text x='{left + cell_w * i + cell_w // 2}' y='{top - 6}' {FONT} "
                     f"text-anchor='middle'>{escape(x)}</text>")
    for j, y in enumerate(ys):
        ty = top + cell_h * j
        parts.append(f"<text x='{left - 6}' y='{ty + cell_h // 2 + 4}' {FONT} text-anchor='end'>{escape(y)}</text>")
        for i in range(len(xs)):
            value = cells.get((i, j))
            tx = left + cell_w * i
            fill = "#f4f4f4" if value is None else shade((value - low) / span)
            parts.append(f"<rect x='{tx}' y='{ty}' width='{cell_w - 2}' height='{cell_h - 2}' fill='{fill}'/>")
            if value is not None:
                ink = "#fff" if (value - low) / span > 0.6 else "#222"
                parts.append(f"<text x='{tx + cell_w // 2}' y='{ty + cell_h // 2 + 4}' {FONT} fill='{ink}' "
                             f"text-anchor='middle'>{escape(fmt(value))}</text>")
    parts.append("</svg>")
    return "".join(parts)


#: one heat map's figure: its title, its value by point index, how a value is printed, and whether the
#: largest value is the darkest (else the smallest is)
Series = tuple[str, dict[int, float], Callable[[float], str], bool]


def axis_heatmaps(axes: dict[str, list[Any]], points: Sequence[dict], series: Sequence[Series]) -> list[str]:
    """One heat map per series over a sweep's two axes (none unless exactly two vary); ``points`` are the
    summary's, each with its ``index`` and its ``values`` by axis."""
    from cardgen.sweep.shared.grid import value_text

    if len(axes) != 2:
        return []
    (x_name, x_values), (y_name, y_values) = axes.items()
    xs, ys = [value_text(v) for v in x_values], [value_text(v) for v in y_values]
    where = {p["index"]: (xs.index(value_text(p["values"][x_name])), ys.index(value_text(p["values"][y_name])))
             for p in points}
    out = []
    for title, values, fmt, darkest_high in series:
        cells = {where[i]: v for i, v in values.items()}
        if not cells:
            continue
        low, high = min(cells.values()), max(cells.values())
        out.append(heatmap(xs, ys, cells, title, x_name, y_name, fmt, *((low, high) if darkest_high else (high, low))))
    return out
