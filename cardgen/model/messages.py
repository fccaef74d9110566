"""Plain-language messages for schema errors.

pydantic's defaults ("Input should be a valid integer") name neither what was
expected in the designer's terms nor what was found. Here the common errors
say both, and an unknown key suggests the nearest known one, so a typo in a
content file is fixed in one look.
"""

from __future__ import annotations

import difflib
import types
from typing import Annotated, Any, Iterable, Literal, Mapping, Union, get_args, get_origin

from pydantic import BaseModel, Tag

_ID_PATTERN_HINT = "an id: letters, digits, '_', '.' or '-', starting with a letter or digit"
_HEX_PATTERN_HINT = "a colour written #rrggbb"

_EXPECTED = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "string_type": "text",
    "bool_type": "true or false",
    "float_type": "a number",
    "list_type": "a list",
    "dict_type": "a mapping of keys",
    "model_type": "a mapping of keys",
    "model_attributes_type": "a mapping of keys",
}


def describe(value: Any) -> str:
    """How a found value is named in a message.

    >>> describe("3"), describe(3), describe(None), describe([1, 2])
    ("text '3'", 'the number 3', 'nothing (null)', 'a list of 2 items')
    """
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no value)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "…"
        return f"text '{shown}'"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return "a mapping of keys"
    return type(value).__name__


def shown(value: Any) -> str:
    """A value read from a file, quoted in a message as YAML writes it: never Python's ``None`` or ``True``.

    >>> shown(None), shown(True), shown("4"), shown([1, None]), shown({"a": False})
    ('null', 'true', "'4'", '[1, null]', "{'a': false}")
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{shown(k)}: {shown(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _num(value: Any) -> Any:
    """``20.0`` -> ``20``: bounds of float fields read like the content wrote them."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def known_keys(err: Mapping[str, Any], root: Any) -> list[str]:
    """The keys the mapping of a pydantic error may hold (the fields of the model it was read into)."""
    owner = model_at(root, tuple(err["loc"][:-1]))
    return list(owner.model_fields) if owner else []


def meant_key(name: Any, known: Iterable[Any]) -> str | None:
    """The known key ``name`` is a near miss of, or None (what :func:`suggest` names)."""
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1, cutoff=0.6)
    return close[0] if close else None


def suggest(name: Any, known: Iterable[Any]) -> str:
    """``"; did you mean 'copies'?"`` for a near miss, else ``""``.

    >>> suggest("copise", ["origin", "copies"])
    "; did you mean 'copies'?"
    """
    close = meant_key(name, known)
    return f"; did you mean '{close}'?" if close else ""


def _strip(tp: Any) -> Any:
    """Drop Annotated metadata and an Optional's None arm."""
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp = get_args(tp)[0]
        elif origin in (Union, types.UnionType):
            arms = [a for a in get_args(tp) if a is not type(None)]
            if len(arms) != 1:
                return tp
            tp = arms[0]
        else:
            return tp


def _union_arm(tp: Any, tag: Any) -> Any:
    """The arm of a discriminated union tagged ``tag`` (``Annotated[T, Tag(tag)]``) or whose ``type`` literal
    is ``tag``."""
    for arm in get_args(tp):
        if get_origin(arm) is Annotated and any(isinstance(m, Tag) and m.tag == tag for m in arm.__metadata__):
            return _strip(arm)
        arm = _strip(arm)
        if isinstance(arm, type) and issubclass(arm, BaseModel) and "type" in arm.model_fields:
            literal = arm.model_fields["type"].annotation
            if get_origin(literal) is Literal and tag in get_args(literal):
                return arm
    return None


def model_at(root: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model class found by following a pydantic error location from ``root``."""
    tp: Any = root
    for part in loc:
        tp = _strip(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            if part not in tp.model_fields:
                return None
            tp = tp.model_fields[part].annotation
            continue
        origin = get_origin(tp)
        if origin is list:
            tp = get_args(tp)[0]
        elif origin is dict:
            if part == "[key]":
                return None
            tp = get_args(tp)[1]
        elif origin in (Union, types.UnionType):
            tp = _union_arm(tp, part)
            if tp is None:
                return None
        else:
            return None
    tp = _strip(tp)
    return tp if isinstance(tp, type) and issubclass(tp, BaseModel) else None


def friendly(err: Mapping[str, Any], root: type[BaseModel], path: tuple) -> str:
    """One schema error as a sentence: what was expected, what was found."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    found = err.get("input")
    if kind == "missing":
        return f"missing required key '{path[-1]}'" if path else "missing required key"
    if kind == "extra_forbidden":
        return f"unknown key '{path[-1]}'{suggest(path[-1], known_keys(err, root))}"
    if kind == "union_tag_not_found":
        return "missing required key 'type'"
    if kind == "union_tag_invalid":
        tags = [t.strip(" '") for t in str(ctx.get("expected_tags", "")).split(",") if t.strip()]
        hint = suggest(ctx.get("tag"), tags) or f"; expected one of {', '.join(tags)}"
        return f"unknown type '{ctx.get('tag')}'{hint}"
    if kind in _EXPECTED:
        return f"expected {_EXPECTED[kind]}, got {describe(found)}"
    if kind == "literal_error":
        return f"expected {ctx.get('expected')}, got {describe(found)}"
    if kind == "greater_than_equal":
        return f"must be at least {_num(ctx.get('ge'))}, got {describe(found)}"
    if kind == "greater_than":
        return f"must be more than {_num(ctx.get('gt'))}, got {describe(found)}"
    if kind == "less_than_equal":
        return f"must be at most {_num(ctx.get('le'))}, got {describe(found)}"
    if kind in ("too_short", "too_long"):
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        word = "at least" if kind == "too_short" else "at most"
        return f"must have {word} {bound} item{'s' if bound != 1 else ''}, got {ctx.get('actual_length')}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters"
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        hint = _HEX_PATTERN_HINT if pattern.startswith("^#") else _ID_PATTERN_HINT if "A-Za-z0-9_" in pattern \
            else f"text matching {pattern}"
        return f"expected {hint}, got {describe(found)}"
    if kind == "value_error":
        msg = str(ctx.get("error", err["msg"]))
        return msg
    msg = err["msg"]
    return msg[0].lower() + msg[1:]
