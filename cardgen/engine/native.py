"""Which build of the engine runs: the mypyc-compiled modules, or the very same Python source.

Why: ``setup.py`` compiles the rules, the bots and the fast loop (:data:`MODULES`)
with mypyc, in place: each ``module.py`` gets a ``module.*.so`` beside it, which
Python would import in preference to the source. An edited source is not rebuilt
by an editable install, so a stale extension could play old rules. ``setup.py``
therefore records the SHA-256 of the sources it compiled in ``_native_build.py``;
at import (this module runs first, from ``cardgen/engine/__init__.py``), the
record is compared with the sources on disk, and unless every module is built
from exactly those sources, a finder placed first on ``sys.meta_path`` loads all
of them from their ``.py`` files (all or none: compiled modules call each other
natively). ``CARDGEN_PURE_PYTHON=1`` forces the source. Only the standard
library is used here, because ``setup.py`` loads this file on its own.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path

#: the modules mypyc compiles, in one group (their shared library is GROUP + "__mypyc")
MODULES = (
    "cardgen.engine.rules.runs",
    "cardgen.engine.rules.compiled",
    "cardgen.engine.rules.core",
    "cardgen.engine.rules.checked",
    "cardgen.engine.rules.state",
    "cardgen.engine.rules.view",
    "cardgen.engine.bots.archetypes",
    "cardgen.engine.bots.lookahead",
    "cardgen.engine.play.fast",
)
GROUP = "cardgen.engine.kernel"
RECORD = "cardgen.engine._native_build"
#: the folder that holds the ``cardgen`` package
ROOT = Path(__file__).resolve().parents[2]


def source_path(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_digest(root: Path = ROOT) -> str:
    """SHA-256 over every compiled module's name and source: what the build must have been made from."""
    digest = hashlib.sha256()
    for module in MODULES:
        digest.update(module.encode() + b"\0" + source_path(module, root).read_bytes() + b"\0")
    return digest.hexdigest()


def extension_missing(root: Path = ROOT) -> str | None:
    """The first compiled module with no extension file beside its source, or None."""
    for module in (*MODULES, GROUP + "__mypyc"):
        base = source_path(module, root).with_suffix("")
        if not any(base.with_name(base.name + suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            return module
    return None


@dataclass(frozen=True)
class Kernel:
    """The build in use and why (shown by the benchmark, ``cardgen simulate --json`` and tests)."""

    name: str          # "compiled" or "python"
    reason: str


def choose(root: Path = ROOT, recorded: str | None = None) -> Kernel:
    """Compiled when every module's extension exists and was built from the sources under ``root``
    (``recorded``: the digest ``setup.py`` wrote; read from the build record when None)."""
    if os.environ.get("CARDGEN_PURE_PYTHON"):
        return Kernel("python", "CARDGEN_PURE_PYTHON is set")
    if recorded is None:
        try:
            recorded = importlib.import_module(RECORD).SOURCE_DIGEST
        except (ImportError, AttributeError):
            return Kernel("python", "the engine was not compiled at install (needs mypy and a C compiler)")
    missing = extension_missing(root)
    if missing:
        return Kernel("python", f"the compiled extension of {missing} is missing")
    if recorded != source_digest(root):
        return Kernel("python", "the engine's source changed since it was compiled (reinstall to rebuild)")
    return Kernel("compiled", "built by mypyc from the current source")


class SourceFinder(importlib.abc.MetaPathFinder):
    """Loads the compiled modules from their ``.py`` source, never from an extension beside it."""

    def __init__(self, root: Path = ROOT) -> None:
        self.root = root

    def find_spec(self, fullname, path=None, target=None):
        if fullname in MODULES:
            return importlib.util.spec_from_file_location(fullname, source_path(fullname, self.root))
        return None


def _activate() -> Kernel:
    kernel = choose()
    if kernel.name == "python" and not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        loaded = [m for m in MODULES if m in sys.modules]
        if loaded:  # pragma: no cover - cardgen/engine/__init__.py imports this module first
            raise ImportError(f"{', '.join(loaded)} imported before cardgen.engine.native could choose a build")
        sys.meta_path.insert(0, SourceFinder())
    return kernel


#: the build in use; setup.py, which loads this file under another name, activates nothing
KERNEL = _activate() if __name__ == "cardgen.engine.native" else Kernel("python", "not imported as cardgen.engine.native")
