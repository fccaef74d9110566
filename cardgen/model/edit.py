"""Set single values inside a content folder by path (``game.composition_cap``, ``fares.spans.1.fare``).

Why: a design sweep (``cardgen sweep``) tries many values of a few numbers. Each
edited set is validated exactly like a content folder, and a problem in an edited
value points at the line of the sweep spec that wrote it, not at the content file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from cardgen.errors import ContentError
from cardgen.model import checks
from cardgen.model.content import FILE_ATTR, Content
from cardgen.model.load import Located, Report, _build, _content, _read
from cardgen.model.messages import suggest
from cardgen.model.schema import FILES
from cardgen.model.source import PathKey, Position
from cardgen.model.places import content_folder

#: one edit: (file stem, path inside the file, new value)
Edit = tuple[str, PathKey, Any]


def resolve(content: Content, dotted: str) -> tuple[str, PathKey]:
    """The file stem and path of an existing value named ``stem.key.0.key``; ValueError says why not.

    >>> from cardgen.model import load
    >>> resolve(load(), "fares.spans.1.fare")
    ('fares', ('spans', 1, 'fare'))
    >>> resolve(load(), "game.composition_capp")
    Traceback (most recent call last):
    ValueError: game.yaml has no key 'composition_capp' at game; did you mean 'composition_cap'?
    """
    stem, _, rest = dotted.partition(".")
    if stem not in FILES or stem == "variants":
        raise ValueError(f"unknown content file '{stem}'{suggest(stem, [s for s in FILES if s != 'variants'])}")
    if not rest:
        raise ValueError(f"name a value inside {stem}.yaml, not the whole file")
    node: Any = content.raw[stem]
    path: list[str | int] = []
    for part in rest.split("."):
        here = ".".join([stem, *map(str, path)])
        if isinstance(node, dict):
            key: str | int = int(part) if part.isdecimal() and int(part) in node else part
            if key not in node:
                raise ValueError(f"{stem}.yaml has no key '{part}' at {here}{suggest(part, [str(k) for k in node])}")
        elif isinstance(node, list):
            if not part.isdecimal() or int(part) >= len(node):
                raise ValueError(f"{here} is a list of {len(node)} items; '{part}' is not an index in it")
            key = int(part)
        else:
            raise ValueError(f"{here} is a single value; it has no '{part}'")
        path.append(key)
        node = node[key]
    return stem, tuple(path)


def set_path(data: Any, path: PathKey, value: Any) -> Any:
    """A copy of ``data`` with ``path`` set to ``value``; only the containers on the path are copied.

    >>> set_path({"a": [1, {"b": 2}]}, ("a", 1, "b"), 3)
    {'a': [1, {'b': 3}]}
    """
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy: Any = list(data) if isinstance(data, list) else dict(data)
    copy[head] = set_path(data[head], rest, value)
    return copy


def edited(content: Content, edits: Sequence[Edit]) -> Content:
    """``content`` (variant applied) with ``edits`` written in, already validated by :func:`check_edits`."""
    raw = dict(content.raw)
    for stem, path, value in edits:
        raw[stem] = set_path(raw[stem], path, value)
    touched = {stem for stem, _, _ in edits}
    models = {stem: FILES[stem].model_validate(raw[stem]) if stem in touched else getattr(content, FILE_ATTR[stem])
              for stem in FILES}
    return _content(content.folder, models, raw, content.variant)


def check_edits(folder: Path | None, content: Content, edits: Sequence[Edit], positions: Sequence[Position],
                note: str, spec_sources: dict[str, list[str]]) -> Content:
    """Validate ``content`` (variants applied) with ``edits`` like a content folder; problems in an edited
    value point at ``positions`` (where the sweep spec or script wrote it), others at the content file's
    line for that path. Raises :class:`ContentError` with every problem."""
    folder = content_folder(folder)
    report = Report()
    _, smaps = _read(folder, report)   # positions; the values are the content's own (variants applied)
    raw = dict(content.raw)
    overrides: dict[str, dict[PathKey, Position]] = {}
    for (stem, path, value), pos in zip(edits, positions):
        raw[stem] = set_path(raw[stem], path, value)
        overrides.setdefault(stem, {})[path] = pos
    where = Located(smaps, overrides, note=note)
    built, problems = _build(folder, raw, where, content.variant)
    if built is not None:
        for _, found in checks.run_all(built, where):
            problems.extend(found)
    if problems:
        raise ContentError(sorted(set(problems)), {**report.sources, **spec_sources})
    assert built is not None
    return built


__all__ = ["Edit", "check_edits", "edited", "resolve", "set_path"]


def with_variants(folder: Path | None, content: Content, ids: Sequence[str], note: str) -> Content:
    """``content`` with several variants applied in order (each a merge patch over the previous result),
    then validated like a content folder, since a combination was never checked as a whole."""
    from cardgen.model.load import apply_variant
    for variant_id in ids:
        content = apply_variant(content, variant_id)
    return check_edits(folder, content, (), (), note, {})
