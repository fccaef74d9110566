"""Print checks on a laid-out face: text that overflows its box, is cut off or clipped, glyphs no font has.

Templates mark every box whose text must stay inside it with ``class="fit"``
and name it with ``data-box="title"``; every face's ``.safe`` zone is checked
the same way. :func:`check_layout` compares the laid-out extent of the text
inside each such box (from WeasyPrint's box tree) with the box itself, so a
name too long for its card is reported with the card and the box it broke,
not discovered after printing.

What falls past the end of the page is not laid out at all (WeasyPrint drops
the rest of an absolutely placed box there), so it cannot overflow anything:
:func:`check_layout` also compares the text the face's HTML puts inside each
box with the text laid out there, and reports the first text that is missing.
Text laid out inside its box but outside a container that clips it (or off
the page) is reported as clipped.

WeasyPrint's API gives one laid-out box per link: ``Page.links`` lists each
as ``(type, target, rectangle, box)``. The renderer wraps every face in a link
(:data:`FACE_LINK_TARGET`, cardgen.render.faces.renderer.joined_bodies), so
:func:`face_root` finds the face's box there, the first link listed (its
descendants follow, as they are inside the link). What the check reads of a
box (its position, size, text, element, style, children) is WeasyPrint's
layout, pinned with WeasyPrint in ``requirements.lock``; the tests of this
module fail at once if it changes.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from html.parser import HTMLParser

from cardgen.model.source import Position
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.locate import BASE_FILE, base_wording, locate_character, locate_text
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
    """The text laid out inside ``box``, in order, lines run together (as the content wrote it: a
    Chinese text has no space where its lines break)."""
    return " ".join("".join(b.text for b in _text_boxes(box)).split())


def _joined(texts: Sequence) -> str:
    """The text of these text boxes to quote: a space between lines and between boxes apart (table
    cells), white space collapsed."""
    parts: list[str] = []
    for previous, b in zip([None, *texts], texts):
        if previous is not None and (b.position_y != previous.position_y
                                     or b.position_x > previous.position_x + previous.width + _TOLERANCE_PX):
            parts.append(" ")
        parts.append(b.text)
    return " ".join("".join(parts).split())


def _text_boxes(box) -> list:
    """The boxes of text laid out inside ``box`` (generated text too: list markers), in document order."""
    found = []
    stack = [box]
    while stack:
        b = stack.pop()
        text = getattr(b, "text", None)
        if text is not None and text.strip():
            found.append(b)
        stack.extend(reversed(getattr(b, "children", ())))
    return found


def _rect(b) -> tuple[float, float, float, float]:
    return b.position_x, b.position_y, b.position_x + b.width, b.position_y + b.height


def _text_extent(texts: Sequence) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of all these text boxes, or None."""
    if not texts:
        return None
    rects = [_rect(b) for b in texts]
    return (min(r[0] for r in rects), min(r[1] for r in rects),
            max(r[2] for r in rects), max(r[3] for r in rects))


#: The class of the wrapper the renderer puts around each face, and where it links: a URL that needs no
#: anchor in the document (a page written alone links to nothing missing) and is never fetched.
FACE_LINK = "cardgen-face"
FACE_LINK_TARGET = "cardgen:face"


def face_root(page):
    """The laid-out box of the face on a WeasyPrint page: the first box of its wrapper's link.

    >>> from weasyprint import HTML
    >>> html = f'<a href="{FACE_LINK_TARGET}" style="display: block"><p>S1</p></a>'
    >>> page = HTML(string=html).render().pages[0]
    >>> face_root(page).element_tag, _box_text(face_root(page))
    ('a', 'S1')
    """
    for _, target, _, box in page.links:
        if target == FACE_LINK_TARGET:
            return box
    raise ValueError(f"no face on this page: the renderer wraps each face in a link to {FACE_LINK_TARGET}")


def _fit_boxes(page_box) -> Iterator[tuple[str, object, list]]:
    """Outermost box of each checked element in document order, with its name and the boxes that clip it.

    The clipping boxes are its ancestors whose ``overflow`` hides what sticks out,
    innermost first, except checked boxes (they report their own overflow).
    """
    seen: set[int] = set()
    stack: list[tuple[object, list]] = [(page_box, [])]
    while stack:
        b, clips = stack.pop()
        element = getattr(b, "element", None)
        name = _box_name(element)
        if name is not None and id(element) not in seen:
            seen.add(id(element))
            yield name, b, clips
        style = getattr(b, "style", None)
        if name is None and element is not None and style is not None and style["overflow"] != "visible":
            clips = [b, *clips]
        stack.extend((child, clips) for child in reversed(getattr(b, "children", ())))


def _sides(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float]) -> tuple[str, float] | None:
    """The side where ``inner`` sticks out of ``outer`` most, and by how much (px), beyond the tolerance."""
    over = {
        "left": outer[0] - inner[0], "top": outer[1] - inner[1],
        "right": inner[2] - outer[2], "bottom": inner[3] - outer[3],
    }
    sides = {side: px for side, px in over.items() if px > _TOLERANCE_PX}
    return max(sides.items(), key=lambda item: item[1]) if sides else None


def _padding_rect(box) -> tuple[float, float, float, float]:
    x0, y0 = box.padding_box_x(), box.padding_box_y()
    return x0, y0, x0 + box.padding_width(), y0 + box.padding_height()


def _element_name(element) -> str:
    """``div.face``: how a clipping container that is not a checked box is named (its first class)."""
    return ".".join([element.tag, *(element.get("class") or "").split()[:1]])


def _whole_text(element) -> str:
    return " ".join("".join(element.itertext()).split())


def _enclosing(element, box_element) -> list:
    """``element``, then each element around it up to the checked box's ``box_element``."""
    parents = {id(child): parent for parent in box_element.iter() for child in parent}
    chain = []
    while element is not None:
        chain.append(element)
        if element is box_element:
            break
        element = parents.get(id(element))
    return chain


def _place(texts: Sequence[str], locate: Callable[[str], Position | None] | None) -> str:
    """``file:line:col: `` of the first of ``texts`` the content wrote (the innermost first), or nothing."""
    if locate is None:
        return ""
    where = next(filter(None, map(locate, texts)), None)
    return f"{where.file}:{where.line}:{where.col}: " if where else ""


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _stray(texts: Sequence, rect) -> list:
    """The text boxes laid out outside ``rect`` (all of them if only their extent is)."""
    return [b for b in texts if _sides(_rect(b), rect)] or list(texts)


def _stray_text(message: str, box, stray: Sequence, locate) -> str:
    """``message`` about the ``stray`` text of ``box``: with ``locate``, led by where the content
    wrote the first such text (its element's, or the nearest enclosing one's) and followed by
    that text, from the first line outside on."""
    if locate is None:
        return message
    first = stray[0]
    chain = _enclosing(first.element, box.element) if getattr(first, "element", None) is not None else []
    where = _place([_whole_text(e) for e in chain] + [_box_text(box)], locate)
    return f"{where}{message}: {_shown(_joined(stray))}"


def check_layout(document, face: Face, locate: Callable[[str], Position | None] | None = None) -> list[str]:
    """Problems with the text of one rendered face's checked boxes (``class="fit"`` and the safe zone).

    - ``"<label>: text overflows its box '<box>' by 1.2 mm at the bottom (face <id>)"``:
      laid out outside its box;
    - ``"<label>: text of its box '<box>' is clipped by 'div.panel' by ..."``: inside its box,
      but outside a container that hides what sticks out of it (or off the page);
    - ``"<label>: text cut off from its box '<box>' (face <id>), first missing: '...'"``:
      never laid out (what falls past the page end), quoted from the first missing text.

    With ``locate`` (text -> where the content wrote it), each problem starts
    with that ``file:line:col``, and the first two end with the text.
    """
    found: list[tuple[set[int], str]] = []  # (the stray text boxes, the problem)
    roots = [face_root(page) for page in document.pages]
    for page, root in zip(document.pages, roots):
        edge = (0.0, 0.0, float(page.width), float(page.height))
        for name, box, clips in _fit_boxes(root):
            texts = _text_boxes(box)
            extent = _text_extent(texts)
            if extent is None:
                continue
            # the box itself, then what clips it, innermost first: one problem per box
            limits = [(f"text overflows its box '{name}'", _padding_rect(box)),
                      *((f"text of its box '{name}' is clipped by '{_element_name(c.element)}'", _padding_rect(c))
                        for c in clips),
                      (f"text of its box '{name}' is clipped by the page edge", edge)]
            for what, rect in limits:
                over = _sides(extent, rect)
                if over:
                    side, px = over
                    message = f"{face.label}: {what} by {px / _PX_PER_MM:.1f} mm at the {side} (face {face.id})"
                    stray = _stray(texts, rect)
                    found.append(({id(b) for b in stray}, _stray_text(message, box, stray, locate)))
                    break
    # Checked boxes nest (a name inside the safe zone): text sticking out of both is one problem,
    # named by the innermost box (the later in document order) whose stray text covers the other's.
    problems = [message for number, (stray, message) in enumerate(found)
                if not any(stray <= later for later, _ in found[number + 1:])]
    return problems + _cut_off(roots, face, locate)


def _squeezed(text: str) -> str:
    """``text`` as compared with what was laid out: no white space (lines break there), no soft hyphens."""
    return "".join(text.replace("\u00ad", "").split())


def _laid_out(roots) -> tuple[dict[int, str], list]:
    """The text laid out for each element (by ``id``), generated text (list markers, ::before) left out,
    and the elements at the top of the faces (just inside each face's wrapper)."""
    laid: dict[int, list[str]] = {}
    tops: dict[int, object] = {}
    for root in roots:
        tops.update((id(c.element), c.element) for c in root.children
                    if getattr(c, "element", None) is not None and c.element is not root.element)
    stack = list(reversed(roots))
    while stack:
        b = stack.pop()
        element = getattr(b, "element", None)
        text = getattr(b, "text", None)
        if text and element is not None and "::" not in (b.element_tag or ""):
            laid.setdefault(id(element), []).append(text)
        stack.extend(reversed(list(getattr(b, "children", ()))))
    return {key: _squeezed("".join(parts)) for key, parts in laid.items()}, list(tops.values())


def _runs(element, box, out: list) -> None:
    """Each run of text under ``element``, in document order, as ``(owner, text, checked box)``.

    The owner is the element whose text (or child's tail) it is, the element WeasyPrint
    gives the text's boxes; the checked box is the innermost fit box or safe zone around it.
    """
    if not isinstance(element.tag, str) or element.tag.startswith("{") or element.tag in ("style", "script", "template"):
        return  # a comment; SVG (drawn as a picture: its text has no boxes); what is never shown
    if _box_name(element) is not None:
        box = element
    if element.text:
        out.append((element, element.text, box))
    for child in element:
        _runs(child, box, out)
        if child.tail:
            out.append((element, child.tail, box))


def _after(text: str, kept: int) -> str:
    """``text`` after its first ``kept`` characters that are not white space."""
    seen = 0
    for position, ch in enumerate(text):
        if seen == kept:
            return text[position:]
        if not ch.isspace() and ch != "\u00ad":
            seen += 1
    return ""


def _cut_off(roots, face: Face, locate: Callable[[str], Position | None] | None) -> list[str]:
    """Problems naming, for each checked box, the first of its text that was not laid out.

    Each element's runs of text (its own text and its children's tails), white space
    aside, are matched in order against the text laid out for that element: the first
    run that does not match in full is where the element's text stops.
    """
    laid, tops = _laid_out(roots)
    runs: list[tuple] = []
    for top in tops:
        _runs(top, None, runs)
    missing = [""] * len(runs)
    by_owner: dict[int, list[int]] = {}
    for index, (owner, _, box) in enumerate(runs):
        if box is not None:
            by_owner.setdefault(id(owner), []).append(index)
    for key, indexes in by_owner.items():
        rest = laid.get(key, "")
        for number, index in enumerate(indexes):
            text = runs[index][1]
            wanted = _squeezed(text)
            if rest.startswith(wanted):
                rest = rest[len(wanted):]
                continue
            kept = len(os.path.commonprefix([wanted, rest]))
            missing[index] = _after(text, kept)
            for later in indexes[number + 1:]:
                missing[later] = runs[later][1]
            break
    problems: list[str] = []
    reported: set[int] = set()
    for index, (owner, _, box) in enumerate(runs):
        if not _squeezed(missing[index]) or id(box) in reported:
            continue
        reported.add(id(box))
        cut = " ".join(" ".join(missing[i] for i in range(index, len(runs)) if runs[i][2] is box).split())
        where = _place([_whole_text(e) for e in _enclosing(owner, box)] + [cut], locate)
        problems.append(f"{where}{face.label}: text cut off from its box '{_box_name(box)}' (face {face.id}), "
                        f"first missing: {_shown(cut)}")
    return problems


def located_check(folders: Sequence[Path]) -> Callable[[object, Face], list[str]]:
    """:func:`check_layout` whose problems name the content file, line and column of the overflowing text.

    ``folders``: the set being built first, then the folders under it (a pack's bases). A problem located in a
    base's file (``base rail-journey: events.yaml:51:48``) also names the line of the set's own files whose text
    the face prints and the base's face did not (a pack's new exempt card on the base's Crowded Train,
    :func:`pack_line`): the base's file is not the designer's to edit, and the pack's line is what made the face
    change."""
    locate = partial(locate_text, folders=tuple(folders))

    def check(document, face: Face) -> list[str]:
        problems = check_layout(document, face, locate=locate)
        if not any(p.startswith(BASE_FILE) for p in problems):
            return problems
        cause = pack_line(face, folders)
        said = f" ({cause.file}:{cause.line}:{cause.col} changes what this base face prints)" if cause else ""
        return [p + said if p.startswith(BASE_FILE) else p for p in problems]

    return check


def pack_line(face: Face, folders: Sequence[Path]) -> Position | None:
    """Where the set's own files (a pack's, the first folder) write the longest text among what ``face`` prints
    and the old set's face does not (:func:`added_runs`), a base's own wording left out (:func:`base_wording`:
    the siding rule a pack's siding makes the track map print says "section" too): the line that changed what
    a base face prints."""
    runs = [run for run in added_runs(face) if not base_wording(run, folders)]
    return locate_text(" ".join(runs), folders, own=True)


def added_runs(face: Face) -> list[str]:
    """The runs of text ``face`` prints that the old set's face of its id does not (:attr:`Face.base_html`; all
    of them without one): where a pack's line is looked for, so a value of the pack's that the base's own
    words print too (``target: section`` in the track map's "in a section") is never blamed."""
    runs = text_runs(face.html)
    if not face.base_html:
        return runs
    left = Counter(text_runs(face.base_html))
    added = []
    for run in runs:
        if left[run]:
            left[run] -= 1
        else:
            added.append(run)
    return added


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


def _parts(html: str) -> list[str]:
    collector = _TextCollector()
    collector.feed(html)
    collector.close()
    return collector.parts


def visible_text(html: str) -> str:
    return "".join(_parts(html))


def text_runs(html: str) -> list[str]:
    """Each run of text a reader sees (between tags), its white space collapsed, empty runs left out.

    >>> text_runs('<p>S1 <b>Central</b></p><style>b{}</style><i> </i>')
    ['S1', 'Central']
    """
    return [run for run in (" ".join(part.split()) for part in _parts(html)) if run]


def check_glyphs(face: Face, locate: Callable[[str], Position | None] | None = None) -> list[str]:
    """Problems naming each character of the face that no font of the stack can print; with ``locate``
    (character -> where the content wrote it), each starts with that ``file:line:col``."""
    missing = missing_glyphs(visible_text(face.html))
    return [f"{_place([ch], locate)}{face.label}: no font has a glyph for {ch!r} (U+{ord(ch):04X}) (face {face.id})"
            for ch in sorted(missing)]


def located_glyph_check(folders: Sequence[Path]) -> Callable[[Face], list[str]]:
    """:func:`check_glyphs` whose problems name the content file, line and column of the character."""
    return partial(check_glyphs, locate=partial(locate_character, folders=tuple(folders)))
