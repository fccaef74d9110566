"""Inline SVG charts for the HTML report, drawn by hand so the report needs no library or network.

Output is deterministic text (fixed rounding), so the same summary gives the same bytes.
"""

from __future__ import annotations

import colorsys
from html import escape

from cardgen.reports import FONT


def series_colour(i: int) -> str:
    """A muted chart colour for series ``i``: hues a golden-ratio step apart, so neighbours differ.

    Derived rather than listed on purpose: bars stand for bots, not seats, so they
    must not look like the player colours in game.yaml.

    >>> series_colour(0), series_colour(1)
    ('#3d6d8f', '#848f3d')
    """
    r, g, b = colorsys.hls_to_rgb((0.57 + 0.618034 * i) % 1.0, 0.40, 0.40)
    return "#" + "".join(f"{round(255 * c):02x}" for c in (r, g, b))


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def ci_bars(items: list[tuple[str, dict]], reference: dict[str, float] | None = None,
            title: str = "", width: int = 520) -> str:
    """Horizontal bars of rates (0..1) with 95% CI whiskers and an optional dashed fair-share mark per row."""
    row_h, left, right, top = 26, 90, 20, 24
    height = top + row_h * len(items) + 24
    plot_w = width - left - right
    x = lambda v: left + plot_w * max(0.0, min(1.0, v))  # noqa: E731
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' role='img' class='chart ci-bars' "
             f"width='{width}' height='{height}' viewBox='0 0 {width} {height}'>",
             f"<title>{escape(title)}</title>"]
    for tick in range(0, 101, 25):
        tx = x(tick / 100)
        parts.append(f"<line x1='{_n(tx)}' y1='{top - 4}' x2='{_n(tx)}' y2='{height - 20}' stroke='#ddd'/>")
        parts.append(f"<text x='{_n(tx)}' y='{height - 6}' text-anchor='middle' {FONT}>{tick}%</text>")
    for i, (label, iv) in enumerate(items):
        y = top + i * row_h
        colour = series_colour(i)
        parts.append(f"<text x='{left - 6}' y='{y + 15}' text-anchor='end' {FONT}>{escape(label)}</text>")
        parts.append(f"<rect x='{left}' y='{y + 4}' width='{_n(x(iv['rate']) - left)}' height='{row_h - 10}' "
                     f"fill='{colour}' opacity='0.8'><title>{escape(label)}: {iv['rate']:.1%} "
                     f"(95% CI {iv['low']:.1%}-{iv['high']:.1%})</title></rect>")
        mid = y + row_h / 2
        lo, hi = x(iv["low"]), x(iv["high"])
        parts.append(f"<line class='whisker' x1='{_n(lo)}' y1='{_n(mid)}' x2='{_n(hi)}' y2='{_n(mid)}' stroke='#000'/>")
        for end in (lo, hi):
            parts.append(f"<line x1='{_n(end)}' y1='{_n(mid - 5)}' x2='{_n(end)}' y2='{_n(mid + 5)}' stroke='#000'/>")
        if reference and label in reference:
            rx = x(reference[label])
            parts.append(f"<line class='fair' x1='{_n(rx)}' y1='{y + 1}' x2='{_n(rx)}' y2='{y + row_h - 1}' "
                         f"stroke='#000' stroke-dasharray='3,2'/>")
    parts.append("</svg>")
    return "".join(parts)


def histogram(counts: dict[str, int], title: str = "", x_label: str = "", width: int = 300,
              height: int = 140, colour: str | None = None, bins: int = 30) -> str:
    """Bars of an integer histogram; values are grouped into at most ``bins`` equal-width bins."""
    colour = colour or series_colour(0)
    values = {int(k): v for k, v in counts.items()}
    left, right, top, bottom = 40, 10, 10, 34
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' role='img' class='chart histogram' "
             f"width='{width}' height='{height}' viewBox='0 0 {width} {height}'>",
             f"<title>{escape(title)}</title>"]
    if not values:
        parts.append(f"<text x='{width // 2}' y='{height // 2}' text-anchor='middle' {FONT}>no data</text></svg>")
        return "".join(parts)
    lo, hi = min(values), max(values)
    step = max(1, -(-(hi - lo + 1) // bins))
    grouped: dict[int, int] = {}
    for v, c in values.items():
        start = lo + (v - lo) // step * step
        grouped[start] = grouped.get(start, 0) + c
    starts = list(range(lo, hi + 1, step))
    peak = max(grouped.values())
    plot_w, plot_h = width - left - right, height - top - bottom
    bar_w = plot_w / len(starts)
    for i, start in enumerate(starts):
        c = grouped.get(start, 0)
        h = plot_h * c / peak
        bx = left + i * bar_w
        label = f"{start}" if step == 1 else f"{start}-{start + step - 1}"
        parts.append(f"<rect x='{_n(bx + 0.5)}' y='{_n(top + plot_h - h)}' width='{_n(max(bar_w - 1, 0.5))}' "
                     f"height='{_n(h)}' fill='{colour}'><title>{escape(label)}: {c}</title></rect>")
    label_every = max(1, len(starts) // 8)
    for i, start in enumerate(starts):
        if i % label_every == 0:
            parts.append(f"<text x='{_n(left + (i + 0.5) * bar_w)}' y='{top + plot_h + 13}' text-anchor='middle' "
                         f"{FONT}>{start}</text>")
    parts.append(f"<text x='{left - 4}' y='{top + 9}' text-anchor='end' {FONT}>{peak}</text>")
    parts.append(f"<line x1='{left}' y1='{top + plot_h}' x2='{width - right}' y2='{top + plot_h}' stroke='#888'/>")
    parts.append(f"<text x='{left + plot_w / 2:.1f}' y='{height - 4}' text-anchor='middle' {FONT}>{escape(x_label)}</text>")
    parts.append("</svg>")
    return "".join(parts)
