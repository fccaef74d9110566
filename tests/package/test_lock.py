"""requirements.lock agrees with pyproject.toml, and the README, .ci/run and scripts/update-lock use it.

Why: other changes add dependencies to pyproject.toml; a lock that misses one, or pins a
version its bound excludes, installs something other than what was declared and tested.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")

#: The dependencies whose majors the issue asks to bound by name.
BOUNDED_BY_NAME = ("weasyprint", "pypdfium2", "pikepdf", "uharfbuzz")


def read_lock(text: str) -> dict[str, tuple[Version, int]]:
    """Each pinned name -> (version, number of hashes), from a `pip --require-hashes` file.

    >>> read_lock("a-b==1.0 \\\\\\n    --hash=sha256:00 \\\\\\n    --hash=sha256:11\\n    # via x\\n")
    {'a-b': (<Version('1.0')>, 2)}
    """
    pins: dict[str, tuple[Version, int]] = {}
    current = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith((" ", "\t")):
            if current is not None and line.strip().startswith("--hash=sha256:"):
                version, hashes = pins[current]
                pins[current] = (version, hashes + 1)
            continue
        match = PIN.match(line)
        assert match, f"requirements.lock: not a pin: {line!r}"
        current = canonicalize_name(match.group(1))
        pins[current] = (Version(match.group(2)), 0)
    return pins


def declared() -> list[tuple[str, Requirement]]:
    """Every requirement of pyproject.toml: build system, runtime and each extra, with where it is declared."""
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text())
    found = [("build-system.requires", Requirement(r)) for r in doc["build-system"]["requires"]]
    found += [("project.dependencies", Requirement(r)) for r in doc["project"]["dependencies"]]
    for extra, reqs in doc["project"]["optional-dependencies"].items():
        found += [(f"optional-dependencies.{extra}", Requirement(r)) for r in reqs]
    return found


def lock_problems(pins: dict[str, tuple[Version, int]], requirements: list[tuple[str, Requirement]]) -> list[str]:
    """What is wrong between a lock and the declared requirements, one sentence each."""
    problems = []
    for where, req in requirements:
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = canonicalize_name(req.name)
        if name not in pins:
            problems.append(f"{req.name} ({where}) is not in requirements.lock; run scripts/update-lock")
        elif not req.specifier.contains(pins[name][0], prereleases=True):
            problems.append(f"{req.name}=={pins[name][0]} in requirements.lock violates {req} ({where}); "
                            "run scripts/update-lock")
        if not any(s.operator in ("<", "<=", "==", "~=") for s in req.specifier):
            problems.append(f"{req} ({where}) has no upper bound on its major version")
    problems += [f"{name}=={version} in requirements.lock has no hash" for name, (version, hashes) in pins.items()
                 if hashes == 0]
    return problems


def test_the_lock_pins_every_declared_dependency_within_its_bounds():
    pins = read_lock((ROOT / "requirements.lock").read_text())
    assert lock_problems(pins, declared()) == []


def test_a_missing_or_out_of_bounds_pin_is_reported():
    pins = {"weasyprint": (Version("71.0"), 3), "pytest": (Version("9.2.0"), 0)}
    requirements = [("project.dependencies", Requirement("weasyprint>=62,<71")),
                    ("project.dependencies", Requirement("pikepdf>=9.0,<11")),
                    ("optional-dependencies.test", Requirement("pytest>=8"))]
    assert lock_problems(pins, requirements) == [
        "weasyprint==71.0 in requirements.lock violates weasyprint<71,>=62 (project.dependencies); "
        "run scripts/update-lock",
        "pikepdf (project.dependencies) is not in requirements.lock; run scripts/update-lock",
        "pytest>=8 (optional-dependencies.test) has no upper bound on its major version",
        "pytest==9.2.0 in requirements.lock has no hash",
    ]


def test_the_named_libraries_are_declared_with_an_upper_bound():
    runtime = {canonicalize_name(req.name): req for where, req in declared() if where == "project.dependencies"}
    for name in BOUNDED_BY_NAME:
        assert name in runtime, f"{name} is not a dependency"
        assert any(s.operator == "<" for s in runtime[name].specifier), f"{runtime[name]} has no upper bound"


def test_the_build_system_is_in_the_lock_so_no_build_isolation_builds_with_pinned_tools():
    pins = read_lock((ROOT / "requirements.lock").read_text())
    assert {"setuptools", "mypy"} <= set(pins)


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n\s*(.+?)\n\s*```", section)


def test_the_readme_quick_start_is_two_commands_installing_from_the_lock():
    build, tests = quick_start_commands()
    for command in (build, tests):
        assert "pip install --require-hashes -r requirements.lock && " in command
        assert ".venv/bin/pip install --no-deps --no-build-isolation -e . && " in command
    assert build.endswith(".venv/bin/cardgen build")
    assert tests.endswith(".venv/bin/python -m pytest -q")


def test_ci_runs_the_readmes_test_command():
    tests = quick_start_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert tests in ci_lines


def test_update_lock_resolves_from_plain_pypi_with_hashes_and_gates_on_the_tests():
    script = (ROOT / "scripts" / "update-lock").read_text()
    assert "--index-url https://pypi.org/simple" in script and "--no-config" in script
    assert "PIP_CONFIG_FILE=/dev/null" in script
    assert "--generate-hashes --extra test" in script
    assert ".venv/bin/python -m pytest -q" in script
