"""Print checks on a laid-out face: text that overflows its box, glyphs no font has.

Templates mark every box whose text must stay inside it with ``class="fit"``
and name it with ``data-box="title"``; every face's ``.safe`` zone is checked
the same way. :func:`check_layout` compares the laid-out extent of the text
inside each such box (from WeasyPrint's box tree) with the box itself, so a
name too long for its card is reported with the card and the box it broke,
not discovered after printing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from contextlib import contextmanager
from html.parser import HTMLParser

from cardgen.model.source import Position
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.locate import locate_text
from cardgen.render.fonts.stack import missing_glyphs

_PX_PER_MM = 96 / 25.4
#: Slack for sub-pixel rounding and font side bearings, in CSS px (about 0.13 mm).
_TOLERANCE_PX = 0.5


def _classes(element) -> set[str]:
    return set((element.get("class") or "").split()) if element is not None else set()


def _box_name(element) -> str | None:
    classes = _classes(element)
    if "fit" in classes:
        return element.get("data-box") or element.get("class")
    if "safe" in classes:
        return "safe zone"
    return None


def _box_text(box) -> str:
    """The text laid out inside ``box``, in order (what the overflow report quotes and locates)."""
    parts: list[str] = []

    def walk(b) -> None:
        text = getattr(b, "text", None)
        if text:
            parts.append(text)
        for child in getattr(b, "children", ()):
            walk(child)

    walk(box)
    return " ".join("".join(parts).split())


def _text_extent(box) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of all text laid out inside ``box``, or None."""
    left = top = float("inf")
    right = bottom = float("-inf")
    found = False
    stack = [box]
    while stack:
        b = stack.pop()
        text = getattr(b, "text", None)
        if text is not None and text.strip():
            found = True
            left = min(left, b.position_x)
            top = min(top, b.position_y)
            right = max(right, b.position_x + b.width)
            bottom = max(bottom, b.position_y + b.height)
        stack.extend(getattr(b, "children", ()))
    return (left, top, right, bottom) if found else None


def _fit_boxes(page_box) -> Iterator[tuple[str, object]]:
    """Outermost box of each checked element, with the box's name."""
    seen: set[int] = set()
    stack = [page_box]
    while stack:
        b = stack.pop()
        element = getattr(b, "element", None)
        name = _box_name(element)
        if name is not None and id(element) not in seen:
            seen.add(id(element))
            yield name, b
        stack.extend(getattr(b, "children", ()))


def check_layout(document, face: Face, locate: Callable[[str], Position | None] | None = None) -> list[str]:
    """Problems ``"<label>: text overflows its box '<box>' ..."`` for one rendered face.

    With ``locate`` (text -> where the content wrote it), each problem starts
    with that ``file:line:col`` and quotes the text.
    """
    problems = []
    for page in document.pages:
        for name, box in _fit_boxes(page._page_box):
            extent = _text_extent(box)
            if extent is None:
                continue
            x0, y0 = box.padding_box_x(), box.padding_box_y()
            x1, y1 = x0 + box.padding_width(), y0 + box.padding_height()
            over = {
                "left": x0 - extent[0], "top": y0 - extent[1],
                "right": extent[2] - x1, "bottom": extent[3] - y1,
            }
            sides = {side: px for side, px in over.items() if px > _TOLERANCE_PX}
            if sides:
                side, px = max(sides.items(), key=lambda item: item[1])
                message = (f"{face.label}: text overflows its box '{name}' "
                           f"by {px / _PX_PER_MM:.1f} mm at the {side} (face {face.id})")
                if locate is not None:
                    text = _box_text(box)
                    where = locate(text)
                    shown = text if len(text) <= 60 else text[:57] + "..."
                    message = (f"{where.file}:{where.line}:{where.col}: " if where else "") + f"{message}: {shown!r}"
                problems.append(message)
    return problems


def located_check(folders: Sequence[Path]) -> Callable[[object, Face], list[str]]:
    """:func:`check_layout` whose problems name the content file, line and column of the overflowing text."""
    return partial(check_layout, locate=partial(locate_text, folders=tuple(folders)))


class _TextCollector(HTMLParser):
    """The text a reader sees: character data outside <style>, <script> and <title>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "title"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script", "title") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    collector = _TextCollector()
    collector.feed(html)
    collector.close()
    return "".join(collector.parts)


def check_glyphs(face: Face) -> list[str]:
    """Problems naming each character of the face that no font of the stack can print."""
    missing = missing_glyphs(visible_text(face.html))
    return [f"{face.label}: no font has a glyph for {ch!r} (U+{ord(ch):04X}) (face {face.id})"
            for ch in sorted(missing)]


@contextmanager
def font_warnings() -> Iterator[list[str]]:
    """Collect WeasyPrint's font warnings while rendering (a font that failed to load...).

    Use around ``HTML(...).render()``; a non-empty list should fail the build.
    """
    found: list[str] = []

    class _Handler(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            message = record.getMessage()
            if record.levelno >= logging.WARNING and "font" in message.lower():
                found.append(message)

    handler = _Handler(logging.WARNING)
    loggers = [logging.getLogger("weasyprint"), logging.getLogger("weasyprint.progress")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield found
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
