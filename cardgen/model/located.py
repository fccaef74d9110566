"""Check one untrusted YAML file against a pydantic model, every error located at ``file:line:col``.

Content folders go through :mod:`cardgen.model.load` (variants, packs, a typo's
consequences); a scripted game and a sweep spec are one file each and come here.
Their models derive from :class:`Shape`: strict (no "3" for 3), frozen, unknown
keys refused and the known ones listed. A value that may take several YAML
kinds (text, a list or a mapping) is a union picked by :func:`by_kind`, so a
wrong kind gets one sentence saying what the value may be, and a right kind
gets the errors of its own arm.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Discriminator, ValidationError

from cardgen.errors import Problem
from cardgen.model.messages import describe, friendly, model_at, suggest
from cardgen.model.source import PathKey, SourceMap, dotted

#: the tag of each arm of a union picked by the value's YAML kind (:func:`yaml_kind`)
KINDS = ("<null>", "<bool>", "<whole>", "<number>", "<text>", "<list>", "<mapping>")
#: the error type of a value of a kind no arm takes
SHAPE = "shape"


def yaml_kind(value: Any) -> str:
    """The tag of the arm that takes ``value``: ``"<text>"``, ``"<list>"``, ``"<mapping>"``...

    >>> yaml_kind("a"), yaml_kind(True), yaml_kind(3), yaml_kind({})
    ('<text>', '<bool>', '<whole>', '<mapping>')
    """
    types: tuple[type, ...] = (type(None), bool, int, float, str, list, dict)
    for tag, kind in zip(KINDS, types):
        if isinstance(value, kind):
            return tag
    return "<unknown>"


def by_kind(what: str) -> Discriminator:
    """Pick a union's arm (each ``Annotated[T, Tag("<list>")]``...) by the value's YAML kind; a value of
    another kind is refused as "expected ``what``, got ..."."""
    return Discriminator(yaml_kind, custom_error_type=SHAPE, custom_error_message=what)


class Shape(BaseModel):
    """A part of an untrusted file: strict, frozen, unknown keys refused where written."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    #: what this mapping's keys are called in an unknown key's message
    KEY: ClassVar[str] = "key"


def walk_loc(data: Any, loc: tuple) -> tuple[PathKey, bool]:
    """Turn a pydantic error location into a path that exists in the raw data.

    Drops union tags (a content effect's ``type``, a :func:`by_kind` arm) and pydantic's ``[key]``
    markers; the flag says whether the error is about a mapping key rather than its value.

    >>> walk_loc({"a": [{"type": "x", "b": 1}]}, ("a", 0, "x", "b"))
    (('a', 0, 'b'), False)
    >>> walk_loc({"r": {3: [1]}}, ("r", 3, "<list>", 0)), walk_loc({"r": {"x": 1}}, ("r", "x", "[key]"))
    ((('r', 3, 0), False), (('r', 'x'), True))
    """
    path: list = []
    node = data
    is_key = False
    for part in loc:
        if part == "[key]":
            is_key = True
        elif part in KINDS and yaml_kind(node) == part:
            continue
        elif isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part.isdecimal() and int(part) in node:
            path.append(int(part))
            node = node[int(part)]
        elif isinstance(node, dict) and isinstance(part, str) and node.get("type") == part:
            continue  # discriminated-union tag
        else:
            path.append(part)
            node = None
    return tuple(path), is_key


def message(err: Any, root: type[BaseModel], path: PathKey) -> str:
    """One error of a :class:`Shape` model as a sentence: :func:`friendly`'s, an unknown key listing the known
    ones, a value of the wrong kind saying what it may be."""
    if err["type"] == SHAPE:
        return f"expected {err['msg']}, got {describe(err.get('input'))}"
    owner = model_at(root, tuple(err["loc"][:-1])) if err["type"] == "extra_forbidden" else None
    if owner is not None and path:
        keys = [field.alias or name for name, field in owner.model_fields.items()]
        word = owner.KEY if issubclass(owner, Shape) else "key"
        return f"unknown {word} '{path[-1]}'; known: {', '.join(keys)}{suggest(path[-1], keys)}"
    return friendly(err, root, path)


M = TypeVar("M", bound=BaseModel)


def checked(model: type[M], data: Any, smap: SourceMap) -> tuple[M | None, list[Problem]]:
    """``data`` read into ``model``, or None and every error located where ``smap`` says it was written."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            path, is_key = walk_loc(data, err["loc"])
            text = message(err, model, path)
            if err["type"] == "missing":  # the mapping that lacks the key
                pos = smap.locate(path[:-1])
                problems.append(Problem(pos.file, pos.line, pos.col, dotted(path), text))
            else:
                problems.append(smap.problem(path, text, key=is_key or err["type"] == "extra_forbidden"))
        return None, problems
