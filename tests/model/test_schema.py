"""The schema documents itself, refuses what it does not know, and its docstring examples hold."""

from __future__ import annotations

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
    assert len(effects) == 18


def test_c_and_python_parsers_give_the_same_positions(monkeypatch):
    """Speed comes from LibYAML; positions must not depend on which parser ran."""
    import yaml

    from cardgen.model import DEFAULT_CONTENT, source

    if not hasattr(yaml, "CSafeLoader"):
        pytest.fail("PyYAML was built without LibYAML; the validator falls back to the slow pure-Python parser")
    for path in sorted(DEFAULT_CONTENT.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        monkeypatch.setattr(source, "_LOADER", yaml.CSafeLoader)
        fast = source.parse_text(path.name, text)
        monkeypatch.setattr(source, "_LOADER", yaml.SafeLoader)
        slow = source.parse_text(path.name, text)
        assert fast[0] == slow[0]
        assert fast[1].values == slow[1].values and fast[1].keys == slow[1].keys
