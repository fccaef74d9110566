"""Build step beyond pyproject.toml: compile the engine's rules, bots and fast loop with mypyc, in place.

mypyc compiles the modules listed in cardgen/engine/native.py themselves (no copy):
each gets a C extension beside its source. The SHA-256 of the sources compiled is
written to cardgen/engine/_native_build.py; at import, cardgen.engine.native uses
the extensions only while the sources still match it, so a stale build never plays
old rules. The extensions are optional: with no C compiler, or with
CARDGEN_PURE_PYTHON=1, the install goes on and the same Python code runs.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent


def _native():
    """cardgen/engine/native.py loaded on its own (the package's dependencies may not be installed yet)."""
    spec = importlib.util.spec_from_file_location("_cardgen_native", HERE / "cardgen/engine/native.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module            # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def say(message: str) -> None:
    """Tell the person installing: pip hides a build's output, so write to the terminal when there is one."""
    print(f"cardgen: {message}", file=sys.stderr, flush=True)
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(f"cardgen: {message}\n")
    except OSError:
        pass


def write_record(native) -> None:
    record = HERE / "cardgen/engine/_native_build.py"
    body = ('"""Written by setup.py when it compiled the engine with mypyc; never edit (cardgen/engine/native.py)."""\n'
            f'SOURCE_DIGEST = "{native.source_digest(HERE)}"\n')
    tmp = record.with_suffix(".tmp")
    tmp.write_text(body)
    tmp.replace(record)


#: setup.py commands that build extensions (pip also runs setup.py for metadata, where compiling is wasted)
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def extensions() -> list:
    if not BUILDS & set(sys.argv[1:]):
        return []
    if os.environ.get("CARDGEN_PURE_PYTHON"):
        say("CARDGEN_PURE_PYTHON is set: the rules engine is not compiled and runs as plain Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not installed; the rules engine runs as plain Python")
        return []
    native = _native()
    paths = [str(native.source_path(m, Path(".")).as_posix()) for m in native.MODULES]
    say(f"compiling the rules engine with mypyc ({len(paths)} modules; about a minute, then the C compiler)")
    os.chdir(HERE)  # mypyc names modules by their path from here
    try:
        modules = mypycify(["--follow-imports=silent", *paths], opt_level="3", debug_level="0",
                           group_name=native.GROUP)
    except (Exception, SystemExit) as exc:  # a type error in the engine: build without it, loudly
        say(f"the rules engine was not compiled ({exc}); it runs as plain Python")
        return []
    write_record(native)
    for module in modules:
        module.optional = True  # no C compiler: warn and install the Python code
    return modules


setup(ext_modules=extensions())
