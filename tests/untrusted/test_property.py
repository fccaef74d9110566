"""Issue 27: random bytes, random YAML trees and random pack chains never make ``validate`` or ``build --only`` end
in a traceback: every outcome is a report, a located error or a built set.

Hypothesis draws the inputs from a fixed seed (``derandomize``), so a run is repeatable; the example counts keep
the whole module under a minute on the CI machine.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.model import DEFAULT_CONTENT, validate
from cardgen.model.schema import FILES as SCHEMAS
from tests.untrusted.conftest import cli

#: The content files, by stem, in their fixed order.
FILES = list(SCHEMAS)

SETTINGS = dict(derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

#: Keys the content format uses, so random trees reach past the first schema error into the merge and the checks.
KNOWN_KEYS = ["id", "kinds", "copies", "add", "change", "remove", "totals", "cards", "track", "kind", "name", "text",
              "zh", "en", "spans", "fare", "slack", "stations", "effects", "type", "amount", "variants", "patch",
              "by_players", "base", "mark", "version", 1, 2, 5]

leaves = (st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True)
          | st.text(max_size=12) | st.sampled_from(["S1", "S2-S3", "{amount}", "rail-journey", "..", "/etc"]))
keys = st.sampled_from(KNOWN_KEYS) | st.text(max_size=8)
trees = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
                     max_leaves=24)


def dump(tree) -> str:
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """One writable copy of the bundled game, restored before each example."""
    return Path(shutil.copytree(DEFAULT_CONTENT, tmp_path_factory.mktemp("fuzz") / "game"))


def restore(folder: Path) -> None:
    for stem in FILES:
        shutil.copyfile(DEFAULT_CONTENT / f"{stem}.yaml", folder / f"{stem}.yaml")


def validated(folder: Path) -> None:
    """validate, in-process and through the CLI: a report either way (a traceback fails the test)."""
    report = validate(folder)
    assert report.ok or report.problems
    assert cli("validate", folder).exit_code in (0, 1)


@settings(max_examples=40, **SETTINGS)
@given(stem=st.sampled_from(FILES), data=st.binary(max_size=300))
def test_random_bytes_in_a_content_file(game, stem, data):
    restore(game)
    (game / f"{stem}.yaml").write_bytes(data)
    assert not validate(game).ok


@settings(max_examples=40, **SETTINGS)
@given(stem=st.sampled_from(FILES), tree=trees, whole=st.booleans(), where=st.lists(st.integers(0, 50), max_size=4))
def test_random_yaml_trees_in_a_content_file(game, stem, tree, whole, where):
    """A whole file replaced by a random tree, or one value deep inside the real file replaced by it."""
    restore(game)
    if not whole:
        original = yaml.safe_load((DEFAULT_CONTENT / f"{stem}.yaml").read_text(encoding="utf-8"))
        tree = replaced(original, where, tree)
    (game / f"{stem}.yaml").write_text(dump(tree), encoding="utf-8")
    validated(game)


def replaced(node, where: list[int], value):
    """``node`` with the value reached by following ``where`` (each step picks a key or an item) set to ``value``."""
    if not where or not isinstance(node, (dict, list)) or not node:
        return value
    if isinstance(node, dict):
        key = list(node)[where[0] % len(node)]
        return {**node, key: replaced(node[key], where[1:], value)}
    index = where[0] % len(node)
    return [*node[:index], replaced(node[index], where[1:], value), *node[index + 1:]]


#: What a random pack's ``base:`` says besides the pack under it: a bundled id, another pack of the chain, or
#: something it may not name.
ODD_BASES = ["onsen-line", "../p0", "../p2", "../game", "../../../../etc", "/etc", "../nowhere", "p1", ".", "..",
             "~", "packs", "", "a\x00b", "../" * 40]
#: Overlay operations a designer writes, on real ids: they merge, so the checks after the merge run too.
ids = st.sampled_from(["S1-S2", "S3-S6", "swap", "express", "fallen_leaves", "rainstorm", "S7", "nope"])
entries = st.fixed_dictionaries({"id": ids}, optional={"copies": st.integers(-2, 30) | leaves, "value": leaves,
                                                        "text": st.dictionaries(st.sampled_from(["zh", "en"]), leaves)})
operations = st.dictionaries(st.sampled_from(["add", "change", "remove"]),
                             st.lists(entries, max_size=3) | st.lists(ids, max_size=2), min_size=1)
overlays = st.dictionaries(st.sampled_from(["kinds", "totals", "track", "stations"]), operations | trees, max_size=2)
packs = st.lists(st.tuples(st.none() | st.sampled_from(ODD_BASES),
                           st.dictionaries(st.sampled_from([*FILES, "tickets.YAML", "notes"]),
                                           overlays | trees | st.binary(max_size=80), max_size=3),
                           st.sampled_from(["p", "p", "rail-journey", "onsen-line"])),
                 min_size=1, max_size=3)


def write_chain(root: Path, chain) -> Path:
    """Packs p0, p1, ... beside a copy of the game; each with a base, random overlay files and an id; the last."""
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    shutil.copytree(DEFAULT_CONTENT, root / "game")
    for number, (base, files, pack_id) in enumerate(chain):
        folder = root / f"p{number}"
        folder.mkdir()
        under = f"../p{number - 1}" if number else "rail-journey"  # None: the pack under it, as packs stack
        (folder / "pack.yaml").write_text(dump({"id": f"{pack_id}{number}" if pack_id == "p" else pack_id,
                                                "name": {"zh": "包", "en": "Pack"}, "version": 1,
                                                "base": under if base is None else base, "mark": "P"}),
                                          encoding="utf-8")
        for name, content in files.items():
            path = folder / (name if name in ("tickets.YAML", "notes") else f"{name}.yaml")
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(dump(content), encoding="utf-8")
    return root / f"p{len(chain) - 1}"


@settings(max_examples=30, **SETTINGS)
@given(chain=packs)
def test_random_pack_chains_validate(tmp_path_factory, chain):
    validated(write_chain(tmp_path_factory.getbasetemp() / "chains", chain))


@settings(max_examples=10, **SETTINGS)
@given(chain=packs, kind=st.sampled_from(["train_token", "ticket", "event", "nothing"]))
def test_random_pack_chains_build_only(tmp_path_factory, chain, kind):
    """``build --only``: a located error (exit 1 or 2) or a built set (exit 0), never a traceback."""
    top = write_chain(tmp_path_factory.getbasetemp() / "builds", chain)
    out = top.parent / "out"
    result = cli("build", top, "--only", kind, "--lang", "en", "--out", out)
    assert result.exit_code in (0, 1, 2), result.output
    assert (result.exit_code == 0) == out.is_dir()
