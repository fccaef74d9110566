"""Valid-looking extreme content for the property test: every number of the schema at a bound of its own.

The bounds are read from :mod:`cardgen.model.schema` (never written here again),
by walking the bundled content alongside the models: each whole-number leaf
gets its ``(path, lowest, highest)``.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Iterator, Union, get_args, get_origin

import annotated_types as at
import yaml
from pydantic import BaseModel

from cardgen.model import DEFAULT_CONTENT
from cardgen.model.schema import FILES

Leaf = tuple[str, tuple, int, int]  # file stem, path in the file, lowest, highest


def _bounds(meta: list) -> tuple[int, int] | None:
    lo = next((m.ge for m in meta if isinstance(m, at.Ge)), None)
    hi = next((m.le for m in meta if isinstance(m, at.Le)), None)
    return None if lo is None or hi is None else (lo, hi)


def _unwrap(tp: Any, meta: list) -> tuple[Any, list]:
    while get_origin(tp) is not None and get_origin(tp).__name__ == "Annotated":
        base, *extra = get_args(tp)
        meta = meta + [m for e in extra for m in (getattr(e, "metadata", None) or [e])]
        tp = base
    return tp, meta


def _leaves(tp: Any, meta: list, data: Any, path: tuple) -> Iterator[tuple[tuple, int, int]]:
    tp, meta = _unwrap(tp, meta)
    origin = get_origin(tp)
    if tp is int and isinstance(data, int) and not isinstance(data, bool):
        bounds = _bounds(meta)
        if bounds:
            yield path, *bounds
    elif isinstance(tp, type) and issubclass(tp, BaseModel) and isinstance(data, dict):
        for name, info in tp.model_fields.items():
            if name in data:
                yield from _leaves(info.annotation, list(info.metadata), data[name], path + (name,))
    elif origin is list and isinstance(data, list):
        (item,) = get_args(tp)
        for i, value in enumerate(data):
            yield from _leaves(item, [], value, path + (i,))
    elif origin is dict and isinstance(data, dict):
        _, value_type = get_args(tp)
        for key, value in data.items():
            yield from _leaves(value_type, [], value, path + (key,))
    elif origin is Union or type(tp).__name__ == "UnionType":
        for arg in get_args(tp):  # an effect: the member whose type tag matches
            arg_base, _ = _unwrap(arg, [])
            tag = getattr(arg_base, "model_fields", {}).get("type")
            if tag is None or (isinstance(data, dict) and data.get("type") in get_args(tag.annotation)):
                yield from _leaves(arg, meta, data, path)


def bundled_raw() -> dict[str, Any]:
    return {stem: yaml.safe_load((DEFAULT_CONTENT / f"{stem}.yaml").read_text(encoding="utf-8")) for stem in FILES}


def number_leaves(raw: dict[str, Any]) -> list[Leaf]:
    """Every bounded whole number of the bundled content, with its schema bounds."""
    return [(stem, path, lo, hi) for stem, model in FILES.items() for path, lo, hi in _leaves(model, [], raw[stem], ())]


def set_path(data: Any, path: tuple, value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


class _NoAliases(yaml.SafeDumper):
    """Content files may not hold anchors, so a value used twice is written twice."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write(raw: dict[str, Any], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for stem, data in raw.items():
        text = yaml.dump(data, Dumper=_NoAliases, allow_unicode=True, sort_keys=False)
        (folder / f"{stem}.yaml").write_text(text, encoding="utf-8")
    return folder


def with_changes(raw: dict[str, Any], changes: list[tuple[str, tuple, Any]]) -> dict[str, Any]:
    out = copy.deepcopy(raw)
    for stem, path, value in changes:
        set_path(out[stem], path, value)
    return out


def fix_totals(raw: dict[str, Any]) -> dict[str, Any]:
    """Restate the totals a change of copies or values breaks, so more extremes stay valid content."""
    ops = raw["operations"]
    ops["set_totals"] = {"cards": sum(k["copies"] for k in ops["kinds"]),
                         "propulsion": sum(k["copies"] * k["value"] for k in ops["kinds"])}
    for stem in ("tickets", "dispatch"):
        raw[stem]["totals"] = {"kinds": len(raw[stem]["kinds"]), "cards": sum(k["copies"] for k in raw[stem]["kinds"])}
    printing = raw["printing"]
    for row in [*printing["by_players"].values(), printing["full_set"]]:
        row["tickets"] = raw["tickets"]["totals"]["cards"]
    printing["full_set"]["dispatch"] = raw["dispatch"]["totals"]["cards"]
    return raw
