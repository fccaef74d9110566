"""Face HTML -> one-page PDF with WeasyPrint, checked, restricted and cached.

Each distinct face is laid out once; imposition then places that PDF page as
many times as the face is printed. A face that overflows a box, misses a glyph,
makes WeasyPrint warn or tries to fetch something outside the allowed files
fails the build with a :class:`BuildError` naming the face.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from weasyprint import HTML

from cardgen.errors import BuildError
from cardgen.render.face_cache import FaceCache
from cardgen.render.fetcher import RestrictedFetcher


class FaceLike(Protocol):
    """What the print pipeline needs from a face (cardgen.render.faces.Face)."""

    kind: str
    id: str
    html: str
    width_mm: float
    height_mm: float
    bleed_mm: float
    copies: int
    back: str | None
    layout: str
    label: str


LayoutCheck = Callable[[Any, FaceLike], list[str]]
GlyphCheck = Callable[[FaceLike], list[str]]


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _weasyprint_warnings() -> Iterator[list[str]]:
    """Collect WeasyPrint's warnings (font not found, bad CSS...) instead of letting them scroll by."""
    logger = logging.getLogger("weasyprint")
    handler = _Collect()
    logger.addHandler(handler)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)


@dataclass
class FaceRenderer:
    """Renders faces to PDF bytes; ``roots``/``fonts`` are all WeasyPrint may read."""

    roots: list[Path]
    fonts: list[Path]
    cache: FaceCache | None = None
    check_layout: LayoutCheck | None = None
    check_glyphs: GlyphCheck | None = None
    rendered: list[str] = field(default_factory=list)  # ids laid out by WeasyPrint (not cached)

    def render(self, face: FaceLike) -> bytes:
        key = self.cache.key(face.html, face.width_mm, face.height_mm, face.bleed_mm) if self.cache else None
        if self.cache and key:
            cached = self.cache.get(key)
            if cached is not None:
                return cached
        problems: list[str] = []
        if self.check_glyphs is not None:
            problems += self.check_glyphs(face)
        fetcher = RestrictedFetcher(self.roots, self.fonts)
        with _weasyprint_warnings() as warnings:
            document = HTML(string=face.html, base_url=str(self.roots[0]) + "/", url_fetcher=fetcher).render()
            if self.check_layout is not None:
                problems += self.check_layout(document, face)
            pdf = document.write_pdf()
        problems += [f"refused to fetch {url} (only content, template and font files may be read)"
                     for url in fetcher.refused]
        problems += [f"WeasyPrint: {message}" for message in warnings if not _is_refusal_echo(message, fetcher)]
        if len(document.pages) != 1:
            problems.append(f"laid out on {len(document.pages)} pages, a face must be exactly one")
        if problems:
            raise BuildError(f"{face.label} ({face.id}): " + "; ".join(dict.fromkeys(problems)))
        self.rendered.append(face.id)
        if self.cache and key:
            self.cache.put(key, pdf, fetcher.used - {f.resolve() for f in self.fonts})
        return pdf


def _is_refusal_echo(message: str, fetcher: RestrictedFetcher) -> bool:
    """WeasyPrint logs our own refusals again as load failures; report each once."""
    return any(url in message for url in fetcher.refused)
