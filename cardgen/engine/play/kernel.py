"""Which copy of the fast kernel plays: the compiled one when it was built from this very source, else fast.py.

Why: ``setup.py`` compiles a copy of :mod:`cardgen.engine.play.fast` with mypyc
(``cardgen/engine/play/_fast_compiled.py``, the source plus its SHA-256), which
plays the same games in a third fewer instructions. The compiled copy is trusted only
while that digest matches ``fast.py``: after an edit to the kernel (an
editable install is not rebuilt by editing) the Python source runs, so a
stale build can never play old rules. ``CARDGEN_PURE_PYTHON=1`` forces the
source.

>>> KERNEL.name in {"compiled", "python"}
True
"""

from __future__ import annotations

import hashlib
import importlib
import os
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from cardgen.engine.play import fast

SOURCE = Path(fast.__file__).with_name("fast.py")
COMPILED_MODULE = "cardgen.engine.play._fast_compiled"
DIGEST_NAME = "SOURCE_DIGEST"


def source_digest(path: Path = SOURCE) -> str:
    """SHA-256 of the kernel's source file: what the compiled copy must have been built from."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Kernel:
    """The kernel module in use, and why (for the benchmark, ``cardgen simulate --json`` and tests)."""

    module: ModuleType
    name: str          # "compiled" or "python"
    reason: str


def choose(source: Path = SOURCE) -> Kernel:
    """The compiled kernel if it is built, importable and made from ``source``; otherwise fast.py, with the reason."""
    if os.environ.get("CARDGEN_PURE_PYTHON"):
        return Kernel(fast, "python", "CARDGEN_PURE_PYTHON is set")
    try:
        compiled = importlib.import_module(COMPILED_MODULE)
    except ImportError:
        return Kernel(fast, "python", "no compiled kernel was built (needs a C compiler at install)")
    if Path(compiled.__file__ or "").suffix == ".py":
        return Kernel(fast, "python", "the compiled kernel's extension is missing")
    if getattr(compiled, DIGEST_NAME, None) != source_digest(source):
        return Kernel(fast, "python", "fast.py changed since the kernel was compiled (reinstall to rebuild)")
    return Kernel(compiled, "compiled", "built by mypyc from the current fast.py")


KERNEL = choose()
run_kernel = KERNEL.module.run_kernel
kernel_plays = KERNEL.module.kernel_plays
