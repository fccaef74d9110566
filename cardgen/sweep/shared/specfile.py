"""Read a sweep spec file, any game's: safe, size-capped YAML with every value located, and its ``content:``.

Why: a spec is untrusted input like a content file, so a mistake points at ``spec.yaml:line:col`` with a
caret; Rail Journey's sweep and every other game's read their spec, and find the content it names, here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from cardgen.errors import ContentError, Problem
from cardgen.model import places
from cardgen.model.located import checked
from cardgen.model.source import SourceMap, YamlSourceError, load_file

#: largest spec file read; a spec is a few dozen lines
MAX_SPEC_BYTES = 65_536


class SpecError(ContentError):
    """A sweep spec, or the content one of its points produces, is not valid (exit 1, every problem located)."""

    def __init__(self, problems: list[Problem], sources: dict[str, list[str]] | None = None):
        super().__init__(problems, sources)
        self.args = (f"{len(self.problems)} problem(s) in the sweep",)


def read_yaml(path: Path, max_bytes: int = MAX_SPEC_BYTES) -> tuple[Any, SourceMap]:
    """A sweep's YAML input read like a content file (safe, capped, located), or a :class:`SpecError`."""
    try:
        data, smap = load_file(path, str(path), max_bytes)
    except YamlSourceError as exc:
        raise SpecError([exc.problem], {str(path): exc.lines}) from None
    if smap.problems:  # control characters in a text: refused where written, like content
        raise SpecError(smap.problems, {str(path): smap.lines})
    return data, smap


M = TypeVar("M", bound=BaseModel)


def read_shaped(path: Path, model: type[M]) -> tuple[M, SourceMap, list[Problem]]:
    """The spec read into ``model``, its source map, and an empty list for the problems found next; a
    :class:`SpecError` with every located problem when its shape is wrong."""
    data, smap = read_yaml(path)
    shaped, problems = checked(model, data, smap)
    if shaped is None:
        raise SpecError(sorted(problems), {str(path): smap.lines})
    return shaped, smap, problems


def content_named(written: str, spec: Path, smap: SourceMap, problems: list[Problem]) -> Path | None:
    """The folder the spec's ``content:`` names (a bundled id, or a folder in the spec's tree); a problem
    at ``content:`` and None when it names none."""
    try:
        folder = places.named_from(written, spec.parent, "content")
    except places.Refused as exc:
        problems.append(smap.problem(("content",), str(exc)))
        return None
    if folder is None:
        problems.append(smap.problem(("content",), f"content folder {written!r} not found (relative to the spec)"))
    return folder
