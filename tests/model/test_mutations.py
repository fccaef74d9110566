"""Random mutations of valid content never crash the validator.

Whatever the edit (a key deleted or renamed, a value's type or value changed,
a list item duplicated, a file truncated at a random byte, random bytes
inserted), ``cardgen validate --json`` ends with exit 0 or 1 and a report
whose every problem points at a real line and column of a content file.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.model import DEFAULT_CONTENT
from cardgen.model.schema import FILES

NAMES = [f"{stem}.yaml" for stem in FILES]
ORIGINAL = {name: (DEFAULT_CONTENT / name).read_bytes() for name in NAMES}
DATA = {name: yaml.safe_load(raw) for name, raw in ORIGINAL.items()}

scalars = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.integers(), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["S1", "T3", "festival", "", " ", "{station}"]))
values = st.one_of(scalars, st.lists(scalars, max_size=3), st.dictionaries(st.text(max_size=6), scalars, max_size=2))


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into a parsed YAML tree (mapping keys and list indexes)."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths(value, prefix + (i,))
    return out


def parent_of(tree: Any, path: tuple) -> Any:
    for part in path[:-1]:
        tree = tree[part]
    return tree


@st.composite
def mutation(draw) -> tuple[str, bytes]:
    """One file name and its mutated bytes."""
    name = draw(st.sampled_from(NAMES))
    raw = ORIGINAL[name]
    kind = draw(st.sampled_from(["delete", "retype", "duplicate", "rename", "truncate", "insert"]))
    if kind == "truncate":
        return name, raw[: draw(st.integers(0, len(raw)))]
    if kind == "insert":
        at = draw(st.integers(0, len(raw)))
        return name, raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    tree = yaml.safe_load(raw)
    path = draw(st.sampled_from([p for p in paths(tree) if p]))
    parent, last = parent_of(tree, path), path[-1]
    if kind == "delete":
        del parent[last]
    elif kind == "retype":
        parent[last] = draw(values)
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])
    elif kind == "rename" and isinstance(parent, dict):
        new = draw(st.one_of(st.text(min_size=1, max_size=10), st.integers(0, 30)))
        parent[new] = parent.pop(last)
    else:
        parent[last] = draw(values)
    return name, yaml.safe_dump(tree, allow_unicode=True, sort_keys=False).encode()


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """One copy of the content for all examples; each example restores the file it changed."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "pack"
        shutil.copytree(DEFAULT_CONTENT, root)
        yield root


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(change=mutation())
def test_mutated_content_never_crashes(scratch, change):
    name, data = change
    (scratch / name).write_bytes(data)
    try:
        result = CliRunner().invoke(app, ["validate", str(scratch), "--json"])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code in (0, 1)
        report = json.loads(result.stdout)
        assert report["ok"] is (result.exit_code == 0) is (report["errors"] == [])
        for err in report["errors"]:
            assert err["file"] in NAMES
            lines = (scratch / err["file"]).read_bytes().decode("utf-8", "replace").split("\n")
            assert 1 <= err["line"] <= len(lines), err
            assert 1 <= err["col"] <= len(lines[err["line"] - 1]) + 1, err
    finally:
        (scratch / name).write_bytes(ORIGINAL[name])
