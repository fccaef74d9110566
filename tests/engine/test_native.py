"""The mypyc build compiles the rules themselves, plays exactly the games of their source, and is used
only while it was built from that very source."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardgen
from cardgen.engine import GameState, native
from cardgen.engine.play.games import make_bots, run_fast
from tests.engine.conftest import variant_rules
from tests.engine.test_fast_path import OPTIONS, _lineup

PACKAGE = Path(cardgen.__file__).resolve().parent

#: games played in this process and, from the Python source, in a child process
GAMES = """
import json, sys
from cardgen.engine import GameState, native
from cardgen.engine.play.games import make_bots, run_fast
from cardgen.engine.rules.compiled import compile_rules
from cardgen.model import load
from tests.engine.test_fast_path import OPTIONS, _lineup
out = {"kernel": native.KERNEL.name, "games": []}
for variant in (None, "two_locomotives", "single_line"):
    rules = compile_rules(load(variant=variant))
    for seed in range(6):
        counts = [p for p in range(rules.players_min, rules.players_max + 1)
                  if p * rules.trains_per_player <= len(rules.seats)]
        players = counts[seed % len(counts)]
        state = GameState(rules, players, seed, OPTIONS[seed % len(OPTIONS)])
        lineup = _lineup(seed, players)[:-1] + ["lookahead" if seed % 3 == 0 else "random"]
        run_fast(state, make_bots(rules, lineup, seed))
        out["games"].append(state.to_dict())
print(json.dumps(out))
"""


def _require_compiled() -> None:
    if native.KERNEL.name == "compiled":
        return
    if os.environ.get("CARDGEN_REQUIRE_COMPILED") == "1":
        pytest.fail(f"CARDGEN_REQUIRE_COMPILED=1 but the engine runs as Python: {native.KERNEL.reason}")
    pytest.skip(f"not compiled: {native.KERNEL.reason} (set CARDGEN_REQUIRE_COMPILED=1 to make this a failure)")


def _games(env: dict) -> dict:
    done = subprocess.run([sys.executable, "-c", GAMES], capture_output=True, text=True, check=True,
                          env=env, cwd=PACKAGE.parent)
    return json.loads(done.stdout)


def test_the_rules_modules_themselves_are_the_compiled_ones():
    _require_compiled()
    import types

    from cardgen.engine.play import fast
    from cardgen.engine.rules import core
    for module in native.MODULES:
        source = native.source_path(module)
        assert list(source.parent.glob(source.stem + ".cpython-*.so")), module     # built beside its own source
        assert type(sys.modules[module].__loader__).__name__ == "ExtensionFileLoader", module
    assert not isinstance(core.Core.move, types.FunctionType) and not isinstance(fast.run_fast, types.FunctionType)


def test_compiled_build_plays_the_games_of_the_python_source():
    _require_compiled()
    compiled = _games(dict(os.environ))
    python = _games({**os.environ, "CARDGEN_PURE_PYTHON": "1"})
    assert (compiled["kernel"], python["kernel"]) == ("compiled", "python")
    assert compiled["games"] == python["games"]


def test_an_edited_source_is_never_played_by_the_old_build(tmp_path):
    """A copy of the installed package with one rules module edited: the old extensions stay beside it,
    and every compiled module must then load from its source."""
    _require_compiled()
    copy = tmp_path / "cardgen"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "fonts", "templates"))
    core = copy / "engine" / "rules" / "core.py"
    core.write_text(core.read_text() + "\nEDITED = True\n")
    probe = ("from cardgen.engine import native\n"
             "from cardgen.engine.rules import core, state\n"
             "print(native.KERNEL.name, native.KERNEL.reason, core.EDITED, state.__file__.endswith('.py'), sep='|')")
    env = {k: v for k, v in os.environ.items() if k != "CARDGEN_PURE_PYTHON"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={**env, "PYTHONPATH": str(tmp_path)}, cwd=tmp_path)
    assert done.stdout.strip() == ("python|the engine's source changed since it was compiled (reinstall to rebuild)"
                                   "|True|True")


def test_a_missing_extension_or_a_wrong_record_means_python(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDGEN_PURE_PYTHON", raising=False)
    empty = tmp_path / "cardgen" / "engine"
    for module in native.MODULES:
        native.source_path(module, tmp_path).parent.mkdir(parents=True, exist_ok=True)
        native.source_path(module, tmp_path).write_text("")
    assert native.choose(tmp_path, recorded=native.source_digest(tmp_path)) == native.Kernel(
        "python", f"the compiled extension of {native.MODULES[0]} is missing")
    assert empty.is_dir()
    if native.extension_missing() is None:   # a real build is installed: only the digest can be wrong
        assert native.choose(recorded="not the digest").reason == \
            "the engine's source changed since it was compiled (reinstall to rebuild)"


def test_pure_python_can_be_forced(monkeypatch):
    monkeypatch.setenv("CARDGEN_PURE_PYTHON", "1")
    assert native.choose() == native.Kernel("python", "CARDGEN_PURE_PYTHON is set")


def test_games_play_under_either_build():
    rules = variant_rules(None)
    state = GameState(rules, 4, 3, OPTIONS[0])
    run_fast(state, make_bots(rules, _lineup(3, 4), 3), check_invariants=True)
    assert state.over
