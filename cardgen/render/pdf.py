"""Face HTML -> one-page PDF with WeasyPrint, checked, restricted and cached.

Each distinct face is laid out once; imposition then places that PDF page as
many times as the face is printed. A face that overflows a box, misses a glyph,
makes WeasyPrint warn or tries to fetch something outside the allowed files
fails the build with a :class:`BuildError` naming the face.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

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


#: Fixed "now" for fontTools while WeasyPrint instantiates variable fonts: it stamps the
#: subset's head.modified with the clock otherwise, and the PDF bytes would change every run.
FONT_TIMESTAMP_EPOCH = "946684800"  # 2000-01-01, the date pdfbytes writes too


@contextmanager
def _fixed_font_timestamps() -> Iterator[None]:
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FONT_TIMESTAMP_EPOCH
    try:
        yield
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous


@dataclass
class FaceRenderer:
    """Renders faces to PDF bytes; ``roots``/``fonts`` are all WeasyPrint may read."""

    roots: list[Path]
    fonts: list[Path]
    cache: FaceCache | None = None
    check_layout: LayoutCheck | None = None
    check_glyphs: GlyphCheck | None = None
    rendered: list[str] = field(default_factory=list)  # ids laid out by WeasyPrint (not cached)
    # One font configuration for the whole build: each @font-face file is read and registered
    # once instead of once per face (the Chinese font is megabytes).
    font_config: FontConfiguration = field(default_factory=FontConfiguration)
    _stylesheets: dict[str, tuple[CSS, RestrictedFetcher]] = field(default_factory=dict, repr=False)

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
        with _weasyprint_warnings() as warnings, _fixed_font_timestamps():
            body, css = split_styles(face.html)
            sheet, sheet_fetcher = self._stylesheet(css)
            html = HTML(string=body, base_url=self._base_url, url_fetcher=fetcher)
            document = html.render(font_config=self.font_config, stylesheets=[sheet])
            if self.check_layout is not None:
                problems += self.check_layout(document, face)
            pdf = document.write_pdf()
        refused = list(dict.fromkeys(fetcher.refused + sheet_fetcher.refused))
        fetcher.refused = refused
        problems += [f"refused to fetch {url} (only content, template and font files may be read)"
                     for url in refused]
        problems += [f"WeasyPrint: {message}" for message in warnings if not _is_refusal_echo(message, fetcher)]
        if len(document.pages) != 1:
            problems.append(f"laid out on {len(document.pages)} pages, a face must be exactly one")
        if problems:
            raise BuildError(f"{face.label} ({face.id}): " + "; ".join(dict.fromkeys(problems)))
        self.rendered.append(face.id)
        if self.cache and key:
            used = fetcher.used | self._stylesheets[css][1].used
            self.cache.put(key, pdf, used - {f.resolve() for f in self.fonts})
        return pdf

    @property
    def _base_url(self) -> str:
        return str(self.roots[0]) + "/"

    def _stylesheet(self, css: str) -> tuple[CSS, RestrictedFetcher]:
        """The face's stylesheet, parsed once per build: faces of a kind share theirs word for word."""
        if css not in self._stylesheets:
            fetcher = RestrictedFetcher(self.roots, self.fonts)
            sheet = CSS(string=css, base_url=self._base_url, url_fetcher=fetcher, font_config=self.font_config)
            self._stylesheets[css] = (sheet, fetcher)
        return self._stylesheets[css]


_STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)


def split_styles(html: str) -> tuple[str, str]:
    """The document without its <style> blocks, and their CSS in document order.

    Parsing the stylesheet is most of the cost of laying out a card; given
    back to WeasyPrint as a pre-parsed stylesheet (author origin, after the
    document's, which is now empty) the cascade is the same. Card text cannot
    open a <style> block: templates escape it.
    """
    return _STYLE.sub("", html), "\n".join(m.group(1) for m in _STYLE.finditer(html))


def _is_refusal_echo(message: str, fetcher: RestrictedFetcher) -> bool:
    """WeasyPrint logs our own refusals again as load failures; report each once."""
    return any(url in message for url in fetcher.refused)
