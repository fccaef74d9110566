"""The schema documents itself, refuses what it does not know, and its docstring examples hold."""

from __future__ import annotations

import doctest
import importlib
from typing import get_args

import pytest

from cardgen.model import schema
from cardgen.model.reference import _models

MODELS = _models(list(schema.FILES.values()))


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_field_has_a_description(model):
    for name, info in model.model_fields.items():
        assert info.description and info.description.strip(), f"{model.__name__}.{name} has no description"


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_models_are_strict_and_closed(model):
    assert model.model_config.get("extra") == "forbid"
    assert model.model_config.get("strict") is True


def test_every_effect_is_documented():
    union = get_args(schema.Effect)[0]
    effects = {arm.__name__ for arm in get_args(union)}
    assert effects <= {m.__name__ for m in MODELS}
    assert len(effects) == 11


@pytest.mark.parametrize("module", ["source", "overlay", "messages", "checks", "reference", "content", "load"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(f"cardgen.model.{module}"))
    assert result.failed == 0
