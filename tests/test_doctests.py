"""Every docstring example in cardgen, its benchmarks and its tests, one test per module, compiled modules included.

pytest's ``--doctest-modules`` cannot collect the engine's mypyc-built modules
(their ``__file__`` is the extension, so the import check fails), and running
it on the pure-Python engine would test code CI does not ship. So the
examples are read from each module's source with ``ast`` and run against the
module as imported, compiled or not.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

import cardgen

PACKAGE = Path(cardgen.__file__).resolve().parent
#: the folders whose modules are searched for examples, beside the package in the source tree
FOLDERS = [PACKAGE, *(PACKAGE.parent / name for name in ("benchmarks", "tests") if (PACKAGE.parent / name).is_dir())]


def _modules() -> list[str]:
    names = []
    for path in sorted(p for folder in FOLDERS for p in folder.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def _docstrings(tree: ast.Module, module: str) -> list[tuple[str, str, int]]:
    """(name, docstring, line) of the module and of every class and function in it, nested ones too."""
    found = []
    stack: list[tuple[str, ast.AST]] = [(module, tree)]
    while stack:
        name, node = stack.pop()
        doc = ast.get_docstring(node, clean=False)
        if doc and ">>>" in doc:
            found.append((name, doc, node.body[0].lineno if hasattr(node, "body") and node.body else 1))
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                stack.append((f"{name}.{child.name}", child))
    return found


def _source(module: str) -> Path:
    """The module's Python source (beside its compiled build, for the engine's mypyc modules)."""
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _examples(module: str) -> list[doctest.DocTest]:
    path = _source(module)
    imported = importlib.import_module(module)
    parser = doctest.DocTestParser()
    return [parser.get_doctest(doc, dict(vars(imported)), name, str(path), line)
            for name, doc, line in _docstrings(ast.parse(path.read_text(encoding="utf-8")), module)]


MODULES = [m for m in _modules() if _docstrings(ast.parse(_source(m).read_text(encoding="utf-8")), m)]


def test_the_examples_are_found_across_the_package():
    """The collection itself: every stage of the pipeline has examples (the test can fail)."""
    stages = {m.split(".")[1] for m in MODULES if m.startswith("cardgen.")}
    assert {"model", "engine", "render", "sweep"} <= stages, stages
    assert any(m.startswith("benchmarks.") for m in MODULES) and any(m.startswith("tests.") for m in MODULES)
    assert len(MODULES) >= 30


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = _examples(module)
    assert tests
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {module} (printed above)"
