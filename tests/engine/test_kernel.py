"""The compiled kernel plays exactly the games of its source, and is used only while it matches that source."""

from __future__ import annotations

import os

import pytest

from cardgen.engine import GameState
from cardgen.engine.play import fast
from cardgen.engine.play.kernel import KERNEL, SOURCE, Kernel, choose
from cardgen.engine.play.games import make_bots
from tests.engine.conftest import VARIANTS, variant_rules
from tests.engine.test_fast_path import KERNEL_OPTIONS, _lineup, _player_counts


def _require_compiled() -> None:
    if KERNEL.name == "compiled":
        return
    if os.environ.get("CARDGEN_REQUIRE_COMPILED") == "1":
        pytest.fail(f"CARDGEN_REQUIRE_COMPILED=1 but the Python kernel runs: {KERNEL.reason}")
    pytest.skip(f"no compiled kernel: {KERNEL.reason} (set CARDGEN_REQUIRE_COMPILED=1 to make this a failure)")


@pytest.mark.parametrize("variant", VARIANTS)
def test_compiled_kernel_plays_the_games_of_fast_py(variant):
    _require_compiled()
    assert KERNEL.module is not fast
    rules = variant_rules(variant)
    for players in _player_counts(rules):
        for seed in range(8):
            lineup, options = _lineup(seed, players), KERNEL_OPTIONS[seed % len(KERNEL_OPTIONS)]
            python, compiled = GameState(rules, players, seed, options), GameState(rules, players, seed, options)
            fast.run_kernel(python, make_bots(rules, lineup, seed))
            KERNEL.module.run_kernel(compiled, make_bots(rules, lineup, seed), check_invariants=seed % 2 == 0)
            assert compiled.to_dict() == python.to_dict(), (variant, players, seed, options)


def test_an_edited_source_runs_as_python(tmp_path):
    """After an edit to fast.py the old compiled copy must not play: the source's digest no longer matches."""
    edited = tmp_path / "fast.py"
    edited.write_bytes(SOURCE.read_bytes() + b"\n# an edit\n")
    kernel = choose(edited)
    assert (kernel.name, kernel.module) == ("python", fast)
    assert kernel.reason in {"fast.py changed since the kernel was compiled (reinstall to rebuild)",
                             "no compiled kernel was built (needs a C compiler at install)",
                             "the compiled kernel's extension is missing"}


def test_pure_python_can_be_forced(monkeypatch):
    monkeypatch.setenv("CARDGEN_PURE_PYTHON", "1")
    assert choose() == Kernel(fast, "python", "CARDGEN_PURE_PYTHON is set")
