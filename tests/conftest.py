"""Marks the slow tests in one place, so that ``pytest -m "not slow"`` is a quick loop (README, "Tests").

Why here: what is slow is a property of the whole suite's budget (the quick loop stays
under 30 s on a 2-core machine), not of one file, and one list keeps the budget
visible. CI and a plain ``pytest`` still run everything. A test may also carry
``@pytest.mark.slow`` itself. Paths are relative to ``tests/``; a folder entry
covers every module in it, new ones included, except those listed as quick.
Figures: seconds per module on a loaded machine (load 6 on 2 cores), 2026-12-01.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

#: Folders whose tests design every face, build a print set or render with WeasyPrint (about 320 s in all).
SLOW_FOLDERS = ("render_print/", "render_faces/")
#: Modules in those folders that render nothing and stay in the quick loop.
QUICK_IN_SLOW_FOLDERS = ("render_print/test_layout.py",
                         "render_faces/test_templating.py",
                         "render_faces/test_colour.py", "render_faces/test_textwidth.py")
#: Whole modules elsewhere.
SLOW_MODULES = (
    "sweep/test_dask.py",                   # starts a Dask scheduler and workers (40 s)
    "sweep/test_sweep.py",                  # plays grids of configurations (8 s)
    "sweep/test_fit.py",                    # plays and ranks grids
    "engine/test_replay_record.py",         # whole replayed games, round by round (4 s)
    "engine/test_statistics_pinned.py",     # thousands of games against pinned figures (3 s)
    "packs/test_pack_print.py",             # builds packs (6 s)
    "packs/test_sample_expansion.py",       # validates, builds and plays the sample expansion
    "packs/test_compare.py",                # plays base and pack side by side
    "model/test_mutations.py",              # Hypothesis over the content (24 s)
    "model/test_bad_input.py",              # every command on 32 bad files (30 s)
    "untrusted/test_extreme_content.py",    # games and builds at the schema's bounds
    "untrusted/test_output_folder.py",      # real builds, SIGTERM to a build
    "serve/test_serve_browser.py",          # cardgen serve and a headless Chromium (10 s)
    "untrusted/test_property.py",           # Hypothesis: random files and pack chains to validate and build (40 s)
    "serve/test_serve_news.py",             # cardgen serve on a pack and on a broken set, a few rebuilds (20 s)
)
#: Single tests (every parameter) elsewhere.
SLOW_TESTS = (
    "engine/test_invariants.py::test_random_games_keep_every_invariant",
    "engine/test_invariants.py::test_every_option_keeps_invariants",
    "engine/test_fast_path.py::test_kernel_equals_generic_loop_for_many_seeds",
    "model/test_validate_cli.py::test_real_process_on_a_copied_pack",
    "simulate/test_runner.py::test_any_chunking_merges_to_the_same_tally",
    "simulate/test_runner.py::test_two_workers_equal_one_worker_real_engine",
    "simulate/test_report.py::test_report_is_deterministic",
    "untrusted/test_control_chars.py::test_build_reports_an_output_path_with_escapes_escaped",
    "packs/test_places.py::test_only_on_a_pack_that_prints_nothing_says_so",
)


def is_slow(module: str, test: str) -> bool:
    """Whether ``tests/<module>::<test>`` is in the lists above (``test`` without its parameters).

    >>> is_slow("render_print/test_cli.py", "test_x"), is_slow("render_faces/test_colour.py", "test_x")
    (True, False)
    >>> is_slow("engine/test_invariants.py", "test_random_games_keep_every_invariant")
    True
    """
    if module.startswith(SLOW_FOLDERS) and module not in QUICK_IN_SLOW_FOLDERS:
        return True
    return module in SLOW_MODULES or f"{module}::{test}" in SLOW_TESTS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).resolve()
        if not path.is_relative_to(HERE):
            continue
        test = getattr(item, "originalname", None) or item.name.split("[", 1)[0]
        if is_slow(path.relative_to(HERE).as_posix(), test):
            item.add_marker(pytest.mark.slow)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With exactly ``-m "not slow"``, whole slow modules are not even imported (their imports cost seconds)."""
    if config.option.markexpr != "not slow" or collection_path.suffix != ".py":
        return None
    path = collection_path.resolve()
    if not path.is_relative_to(HERE) or not path.name.startswith("test_"):
        return None
    module = path.relative_to(HERE).as_posix()
    whole = module in SLOW_MODULES or (module.startswith(SLOW_FOLDERS) and module not in QUICK_IN_SLOW_FOLDERS)
    return True if whole else None
