"""Face HTML -> one PDF per face with WeasyPrint, checked, restricted, written together and cached.

Each distinct face is laid out once; imposition then places that PDF page as
many times as the face is printed. A face that overflows a box, misses a glyph,
makes WeasyPrint warn or tries to fetch something outside the allowed files
fails the build with a :class:`BuildError` naming the face.
"""

from __future__ import annotations

import atexit
import html
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from cardgen.errors import BuildError
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.fit import FACE_LINK, FACE_LINK_TARGET
from cardgen.render.cache.store import FaceCache, face_key, fonts_fingerprint
from cardgen.render.pdf import faceunits
from cardgen.render.faces.fetcher import RestrictedFetcher
from cardgen.render.pdf.face import FacePdf, WrittenIn
from cardgen.render.fonts.instances import fixed_font_timestamps as _fixed_font_timestamps, rare_han


def face_rare_han(faces: Iterable[Face]) -> str:
    """The Han characters outside GB 2312 that ``faces`` set (their HTML, entities read): what their print
    fonts' instances must add (cardgen.render.fonts.instances.rare_han)."""
    return rare_han(html.unescape(face.html) if "&#" in face.html else face.html for face in faces)


LayoutCheck = Callable[[Any, Face], list[str]]
GlyphCheck = Callable[[Face], list[str]]


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def weasyprint_warnings() -> Iterator[list[str]]:
    """Collect WeasyPrint's warnings (font not found, bad CSS...) instead of letting them scroll by: a
    non-empty list fails the build."""
    logger = logging.getLogger("weasyprint")
    handler = _Collect()
    logger.addHandler(handler)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)


@dataclass
class FaceRenderer:
    """Lays faces out with WeasyPrint; ``roots``/``fonts`` are all it may read.

    Faces missing from the cache are laid out (sharing documents where they
    share a stylesheet) and written as ONE PDF, so WeasyPrint's fixed cost per
    document (font subsetting above all) is paid once; that PDF is cut into one
    PDF per face (cardgen.render.pdf.faceunits), which the cache keeps by the
    face's key. Output PDFs replace the fonts with one subset per font
    (cardgen.render.pdf.fontmerge), so no output byte depends on the grouping.
    """

    roots: list[Path]
    fonts: list[Path]
    cache: FaceCache | None = None
    check_layout: LayoutCheck | None = None
    check_glyphs: GlyphCheck | None = None
    rendered: list[str] = field(default_factory=list)  # ids laid out by WeasyPrint (not cached)
    # URL a face's @font-face rule names -> file WeasyPrint reads instead (a static instance of a
    # variable font at the rule's weight, cardgen.render.fonts.instances); ``fonts`` lists the latter.
    substitutes: dict[str, Path] = field(default_factory=dict)
    # The rare Han characters the instances in ``fonts`` were made with (cardgen.render.fonts.instances):
    # a face laid out here may set no other; None when the fonts keep every character.
    rare: str | None = None
    # One font configuration and parsed stylesheets per process and set of allowed files
    # (:func:`_parsing`): each @font-face file is registered once, not once per face, and a
    # rebuild does not parse again the stylesheet of the card that was edited.
    font_config: FontConfiguration = field(init=False, repr=False)
    _stylesheets: dict[str, tuple[CSS, RestrictedFetcher]] = field(init=False, repr=False)
    _fonts_id: str = field(default="", repr=False)

    def __post_init__(self) -> None:
        self.font_config, self._stylesheets = _parsing(
            tuple(Path(r).resolve() for r in self.roots), tuple(Path(f).resolve() for f in self.fonts),
            tuple(sorted((url, Path(b).resolve()) for url, b in self.substitutes.items())))

    def face_key(self, face: Face) -> str:
        if not self._fonts_id:
            self._fonts_id = fonts_fingerprint(self.fonts)
        return face_key(face.html, face.width_mm, face.height_mm, face.bleed_mm, self._fonts_id)

    def render(self, face: Face) -> bytes:
        """One face alone, as a standalone one-page PDF."""
        return self.render_batch([face])[0].pdf

    def render_batch(self, faces: Sequence[Face], done: Callable[[Face], None] | None = None) -> list[FacePdf]:
        """Each face as its own one-page PDF: from the cache, or laid out and written with the others missing.

        Every face is laid out from its own HTML and checked alone; the faces
        missing from the cache are then written as ONE WeasyPrint PDF (its
        fixed cost, font subsetting above all, paid once) and cut into one PDF
        per face (cardgen.render.pdf.faceunits), which is what the cache keeps, by
        the face's own key. So a rebuild lays out and writes only the faces
        that changed, and the pieces do not depend on which faces were written
        together (output PDFs get their font subsets from cardgen.render.pdf.fontmerge).
        """
        keys = [self.face_key(face) for face in faces]
        found: dict[str, bytes] = {}
        if self.cache is not None:
            for key in dict.fromkeys(keys):
                cached = self.cache.get(key)
                if cached is not None:
                    found[key] = cached
        missing = [face for face, key in zip(faces, keys) if key not in found]
        for face, key in zip(faces, keys):
            if done is not None and key in found:
                done(face)
        written: dict[str, WrittenIn] = {}
        if missing:
            for key, (unit, where) in self._write_units(missing, done).items():
                found[key], written[key] = unit, where
        return [FacePdf(found[key], 0, key, written.get(key)) for key in keys]

    def _write_units(self, faces: Sequence[Face],
                     done: Callable[[Face], None] | None = None) -> dict[str, tuple[bytes, WrittenIn]]:
        """Each face's own PDF, cut from the one document they are written as (and where in it it was)."""
        unique = list({self.face_key(face): face for face in faces}.items())
        self._check_rare([face for _, face in unique])
        used: list[set[Path]] = [set() for _ in unique]
        pages = self._layout_all([face for _, face in unique], used, done)
        for _, page in pages:
            page.links.clear()  # the wrappers' links served the layout check: not written (a face prints none)
        with weasyprint_warnings() as warnings, _fixed_font_timestamps():
            pdf = pages[0][0].copy([page for _, page in pages]).write_pdf()
        if warnings:
            culprits = [face for (_, face), (document, page) in zip(unique, pages) if _writing_warns(document, page)]
            names = ", ".join(f"{face.label} ({face.id})" for face in culprits or [face for _, face in unique])
            raise BuildError(f"{names}: WeasyPrint: " + "; ".join(dict.fromkeys(warnings)))
        units = faceunits.split_pages(pdf)
        self.rendered += [face.id for _, face in unique]
        fonts = {f.resolve() for f in self.fonts}
        if self.cache is not None:
            for (key, _), unit, files in zip(unique, units, used):
                self.cache.put(key, unit, files - fonts)
        return {key: (unit, WrittenIn(pdf, page)) for page, ((key, _), unit) in enumerate(zip(unique, units))}

    def _check_rare(self, faces: Sequence[Face]) -> None:
        """Refuse faces that set a rare Han character the instances were made without: they would print
        nothing for it. (The build makes its instances from all its faces' text, so this is a cardgen bug.)"""
        if self.rare is None:
            return
        made = set(self.rare)
        lacking = [(face, missing) for face in faces if (missing := set(face_rare_han([face])) - made)]
        if lacking:
            raise BuildError("; ".join(f"{face.label} ({face.id}): its print fonts were made without "
                                       f"{''.join(sorted(missing))} (a cardgen bug: please report it)"
                                       for face, missing in lacking))

    def _layout_all(self, faces: Sequence[Face], used: list[set[Path]],
                    done: Callable[[Face], None] | None = None) -> list[tuple[Any, Any]]:
        """(document, page) of every face: faces sharing a stylesheet laid out as ONE multi-page document.

        One document per stylesheet costs about a third less per face than one
        per face. Each face is still checked on its own page (fit, glyphs); if
        the shared document warns, refuses a fetch or does not give exactly
        one page per face, its faces are laid out one by one instead, so the
        error names the face that caused it. Every face of a shared document
        depends on every file it read.
        """
        out: dict[int, tuple[Any, Any]] = {}
        failed: list[str] = []
        groups: dict[str, list[int]] = {}
        for index, face in enumerate(faces):
            groups.setdefault(_without_page_size(split_styles(face.html)[1]), []).append(index)
        for indexes in groups.values():
            together = self._layout_together([faces[i] for i in indexes]) if len(indexes) > 1 else None
            if together is None:
                for i in indexes:
                    try:
                        document = self._layout(faces[i], used[i])
                    except BuildError as exc:  # go on: every face that fails is reported at once
                        failed.append(str(exc))
                        continue
                    out[i] = (document, document.pages[0])
                    if done is not None:
                        done(faces[i])
                continue
            document, files = together
            for i, page in zip(indexes, document.pages):
                out[i] = (document, page)
                used[i] |= files
                if done is not None:
                    done(faces[i])
        if failed:
            head = f"{len(failed)} faces cannot be printed:\n  " if len(failed) > 1 else ""
            raise BuildError(head + "\n  ".join(failed))
        return [out[i] for i in range(len(faces))]

    def _layout_together(self, faces: Sequence[Face]):
        """(document, files read) with one page per face, or None if anything needs a face-by-face look."""
        if self.check_glyphs is not None and any(self.check_glyphs(face) for face in faces):
            return None
        css, names = named_pages([split_styles(face.html)[1] for face in faces])
        css += "\n" + wrapper_rules(names)
        try:
            joined = joined_bodies([split_styles(face.html)[0] for face in faces], names)
        except BuildError:  # a face without a <body>: laid out alone, its error names it
            return None
        fetcher = RestrictedFetcher(self.roots, self.fonts)
        with weasyprint_warnings() as warnings, _fixed_font_timestamps():
            sheet, sheet_fetcher = self._stylesheet(css)
            html = HTML(string=joined, base_url=self._base_url, url_fetcher=fetcher)
            document = html.render(font_config=self.font_config, stylesheets=[sheet])
        if warnings or fetcher.refused or sheet_fetcher.refused or len(document.pages) != len(faces):
            return None
        if self.check_layout is not None:
            for face, page in zip(faces, document.pages):
                if self.check_layout(_OnePage(page), face):
                    return None
        return document, fetcher.used | sheet_fetcher.used

    def _layout(self, face: Face, used: set[Path]):
        """The face's WeasyPrint document, or a BuildError naming the face and every problem."""
        problems: list[str] = []
        if self.check_glyphs is not None:
            problems += self.check_glyphs(face)
        try:
            body, css = split_styles(wrapped(face.html))
        except BuildError as exc:
            raise BuildError(f"{face.label} ({face.id}): {exc}") from None
        fetcher = RestrictedFetcher(self.roots, self.fonts)
        with weasyprint_warnings() as warnings, _fixed_font_timestamps():
            sheet, sheet_fetcher = self._stylesheet(css)
            html = HTML(string=body, base_url=self._base_url, url_fetcher=fetcher)
            document = html.render(font_config=self.font_config, stylesheets=[sheet])
            if self.check_layout is not None:
                problems += self.check_layout(document, face)
        refused = list(dict.fromkeys(fetcher.refused + sheet_fetcher.refused))
        problems += [f"refused to fetch {url} (only content, template and font files may be read)"
                     for url in refused]
        problems += [f"WeasyPrint: {message}" for message in warnings if not any(url in message for url in refused)]
        if len(document.pages) != 1:
            problems.append(f"laid out on {len(document.pages)} pages, a face must be exactly one")
        if problems:
            raise BuildError(f"{face.label} ({face.id}): " + "; ".join(dict.fromkeys(problems)))
        used |= fetcher.used | sheet_fetcher.used
        return document

    @property
    def _base_url(self) -> str:
        return str(self.roots[0]) + "/"

    def _stylesheet(self, css: str) -> tuple[CSS, RestrictedFetcher]:
        """The face's stylesheet, parsed once per build: faces of a kind share theirs word for word."""
        if css not in self._stylesheets:
            fetcher = RestrictedFetcher(self.roots, self.fonts)
            sheet = CSS(string=self._substituted(css), base_url=self._base_url, url_fetcher=fetcher, font_config=self.font_config)
            self._stylesheets[css] = (sheet, fetcher)
        return self._stylesheets[css]


    def _substituted(self, css: str) -> str:
        """``css`` with every substituted @font-face URL pointing at its replacement."""
        for url, replacement in self.substitutes.items():
            css = css.replace(url, Path(replacement).resolve().as_uri())
        return css


@lru_cache(maxsize=4)
def _parsing(roots: tuple[Path, ...], fonts: tuple[Path, ...],
             substitutes: tuple[tuple[str, Path], ...]) -> tuple[FontConfiguration, dict[str, tuple[CSS, RestrictedFetcher]]]:
    """The font configuration and the stylesheets parsed so far, shared by every renderer of the process
    that may read the same files.

    A stylesheet is kept by its text: what parsing it reads (@font-face files,
    which are among ``fonts``) is fixed for the process; images it names are
    fetched when a face is laid out, not here. Its fetcher keeps the files it
    read, which every face using it depends on.
    """
    return FontConfiguration(), {}


@atexit.register
def _forget_parsing() -> None:
    """Let the shared font configurations go while the interpreter still runs: each removes its
    temporary folder of font copies (megabytes) when collected, which a module global at exit is not."""
    _parsing.cache_clear()


def _writing_warns(document, page) -> bool:
    """Whether writing this one page alone makes WeasyPrint warn (to name the face that did)."""
    with weasyprint_warnings() as warnings, _fixed_font_timestamps():
        document.copy([page]).write_pdf()
    return bool(warnings)


@dataclass(frozen=True)
class _OnePage:
    """One page of a shared document, shaped like a document for the layout check."""

    page: Any

    @property
    def pages(self) -> list[Any]:
        return [self.page]


_BODY = re.compile(r"(<body\b[^>]*>)(.*)(</body\s*>)", re.S | re.I)


_PAGE_RULE = re.compile(r"@page\s*\{[^{}]*\}")


def _without_page_size(css: str) -> str:
    """``css`` without its one unnamed @page rule: faces that differ only in page size can share a document."""
    return _PAGE_RULE.sub("", css) if len(_PAGE_RULE.findall(css)) == 1 else css


def named_pages(stylesheets: Sequence[str]) -> tuple[str, list[str | None]]:
    """One stylesheet for faces whose stylesheets differ at most in their @page rule, and each face's page name.

    Faces with the same @page rule share the stylesheet as it is (no names);
    otherwise each distinct rule becomes a named page and every face's
    content goes on its own (CSS ``page``), so each page keeps its face's size.
    """
    rules = [(_PAGE_RULE.findall(css) or [""])[0] for css in stylesheets]
    if len(set(rules)) == 1:
        return stylesheets[0], [None] * len(stylesheets)
    distinct = list(dict.fromkeys(rules))
    names: list[str | None] = [f"cardgen-face-{distinct.index(rule)}" for rule in rules]
    named = [rule.replace("@page", f"@page cardgen-face-{index}", 1) for index, rule in enumerate(distinct)]
    return _PAGE_RULE.sub("", stylesheets[0]) + "\n" + "\n".join(named), names


def wrapper_rules(page_names: Sequence[str | None]) -> str:
    """The rules of the wrappers :func:`joined_bodies` puts around each face: a plain block (not a link's
    colour or underline), a page break, a named page."""
    names = sorted({name for name in page_names if name is not None})
    return "\n".join([f".{FACE_LINK} {{ display: block; color: inherit; text-decoration: none; }}",
                      ".cardgen-break { break-before: page; }", *(f".{name} {{ page: {name}; }}" for name in names)])


def joined_bodies(documents: Sequence[str], page_names: Sequence[str | None] | None = None) -> str:
    """One HTML document whose body holds each document's body in turn, each starting a new page.

    The first document's head and body tag are kept (faces sharing a
    stylesheet share them too); a face is absolutely positioned against its
    page, so a wrapper that only breaks the page leaves its layout unchanged.
    The wrapper is a link (to fit.FACE_LINK_TARGET, which needs no anchor): WeasyPrint
    lists each link with its laid-out box (``Page.links``), which is how the layout
    check reads a face (cardgen.render.faces.fit); the link is not printed
    (faceunits drops it).
    """
    first = _BODY.search(documents[0])
    if first is None:
        raise BuildError("a face document has no <body>")
    parts = []
    for number, document in enumerate(documents):
        body = _BODY.search(document)
        if body is None:
            raise BuildError("a face document has no <body>")
        # classes, not a style attribute: WeasyPrint shares computed styles only between elements
        # without one (and whose parents share theirs), so faces alike share their styles
        classes = [FACE_LINK, *(["cardgen-break"] if number else [])]
        name = page_names[number] if page_names is not None else None
        if name is not None:
            classes.append(name)
        parts.append(f'<a href="{FACE_LINK_TARGET}" class="{" ".join(classes)}">{body.group(2)}</a>')
    return documents[0][: first.end(1)] + "".join(parts) + documents[0][first.start(3) :]


def wrapped(html: str) -> str:
    """A face's HTML as the renderer lays it out alone: its body inside the wrapper of :func:`joined_bodies`,
    whose rules come after the face's own."""
    document = joined_bodies([html])
    body = _BODY.search(document)
    assert body is not None  # joined_bodies kept it
    return f"{document[: body.end(1)]}<style>{wrapper_rules([None])}</style>{document[body.end(1) :]}"


_STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)


def split_styles(html: str) -> tuple[str, str]:
    """The document without its <style> blocks, and their CSS in document order.

    Parsing the stylesheet is most of the cost of laying out a card; given
    back to WeasyPrint as a pre-parsed stylesheet (author origin, after the
    document's, which is now empty) the cascade is the same. Card text cannot
    open a <style> block: templates escape it.
    """
    return _STYLE.sub("", html), "\n".join(m.group(1) for m in _STYLE.finditer(html))
