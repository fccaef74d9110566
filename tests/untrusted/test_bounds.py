"""Issue 10 item 3: every number, list and text of the schema has an upper bound, reported where it is written."""

from __future__ import annotations

from types import UnionType
from typing import Union, get_args, get_origin

import annotated_types as at
import pytest
from pydantic import BaseModel

from cardgen.engine.replay import schema as replay_schema
from cardgen.engine.tables import published
from cardgen.model import schema
from cardgen.model.located import Shape
from cardgen.render.components import schema as components_schema
from cardgen.sweep import schema as sweep_schema
from tests.untrusted.conftest import cli


def _unbounded(tp, meta, where) -> list[str]:
    """Every place under annotation ``tp`` (with field metadata ``meta``) that lacks an upper bound."""
    out: list[str] = []
    if get_origin(tp) is not None and get_origin(tp).__name__ == "Annotated":
        base, *extra = get_args(tp)
        return _unbounded(base, list(meta) + [m for e in extra for m in (getattr(e, "metadata", None) or [e])], where)
    origin = get_origin(tp)
    caps = {type(m) for m in meta}
    if tp is int and at.Le not in caps and at.Lt not in caps:
        out.append(f"{where}: number without an upper bound")
    if tp is str and at.MaxLen not in caps and not any(getattr(m, "pattern", None) for m in meta):
        out.append(f"{where}: text without a length bound")
    if origin in (list, dict) and at.MaxLen not in caps:
        out.append(f"{where}: {origin.__name__} without a length bound")
    for arg in get_args(tp):
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            continue  # every model is walked on its own
        if arg is not type(None) and not isinstance(arg, str):
            union = origin is Union or origin is UnionType  # an optional field's bounds are its member's
            out += _unbounded(arg, meta if union else [], where if union else f"{where}[]")
    return out


#: the schemas of untrusted files: content, scripted games, sweep specs, published values, declared components
SCHEMAS = (schema, replay_schema, sweep_schema, published, components_schema)


def _models(module) -> list[type[BaseModel]]:
    found = {m for m in vars(module).values() if isinstance(m, type) and issubclass(m, BaseModel)}
    return sorted(found - {Shape}, key=lambda m: m.__name__)


@pytest.mark.parametrize("module", SCHEMAS, ids=lambda m: m.__name__)
def test_every_number_list_and_text_of_the_schema_is_bounded(module):
    found = []
    for model in _models(module):
        for name, info in model.model_fields.items():
            if name == "type" or info.discriminator:
                continue
            found += _unbounded(info.annotation, info.metadata, f"{model.__name__}.{name}")
    assert found == []


@pytest.mark.parametrize("module", SCHEMAS, ids=lambda m: m.__name__)
def test_every_field_of_the_schema_is_described(module):
    assert [f"{model.__name__}.{name}" for model in _models(module) for name, info in model.model_fields.items()
            if not info.description] == []


@pytest.mark.parametrize("file, old, new, expected", [
    ("tickets.yaml", "copies: 4}", "copies: 1000000000}",
     "tickets.yaml:21:54: kinds.0.copies: must be at most 50, got the number 1000000000"),
    ("operations.yaml", "value: 1\n", "value: 1000000000\n",
     "operations.yaml:12:12: kinds.0.value: must be at most 20, got the number 1000000000"),
    ("game.yaml", "floor: 0", "floor: 1000000000",
     "game.yaml:23:10: propulsion.floor: must be at most 20, got the number 1000000000"),
])
def test_huge_valid_looking_numbers_are_refused_where_written(content, file, old, new, expected):
    text = content.path(file).read_text(encoding="utf-8")
    content.path(file).write_text(text.replace(old, new, 1), encoding="utf-8")
    result = cli("validate", content.root)
    assert result.exit_code == 1
    assert expected in result.output


def test_a_long_text_is_refused(content):
    content.edit("game.yaml", "en: How many passengers do I board at this stop?", "en: " + "x" * 1001)
    result = cli("validate", content.root)
    assert "game.yaml:11:7: tagline.en: must be at most 1000 characters" in result.output
