"""Shared fixtures: the bundled content, compiled once per variant."""

from __future__ import annotations

import pytest

from cardgen.engine import compile_rules
from cardgen.model import load

VARIANTS = [None, "beginner", "hardcore", "two_locomotives", "extra_queue", "single_line", "no_dispatch", "freight"]


@pytest.fixture(scope="session")
def content():
    return load()


@pytest.fixture(scope="session")
def rules(content):
    return compile_rules(content)


_CACHE: dict = {}


def variant_rules(variant):
    """Compiled rules of one variant (cached: loading validates every file)."""
    if variant not in _CACHE:
        _CACHE[variant] = compile_rules(load(variant=variant))
    return _CACHE[variant]
