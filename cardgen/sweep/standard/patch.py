"""Content values addressed ``FILE.PATH`` (``scoring.exits.table.12``), and a content folder with some of them
changed, as a temporary copy the game's own loader reads.

Why text, not a re-dumped file: each new value is written over the old one's characters in the file's own
text, so every other line (and every comment) stays where it was, and a problem the game finds at a line of
the copy is at that line of the original; the value written sits exactly where the old one was, so a
problem in it is moved to where the sweep spec wrote it (points.py).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

from cardgen.model.messages import suggest
from cardgen.model.source import PathKey, Position, YamlSourceError, dotted, load_file

#: the content files a FILE.PATH may name: YAML files at the top of the content folder
SUFFIX = ".yaml"


@dataclass(frozen=True)
class Address:
    """An existing value of a content file: the file's name and the keys and positions down to it."""

    file: str
    path: PathKey


def content_files(folder: Path) -> list[str]:
    """The YAML files at the top of ``folder``, by name."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith("."))


def resolve(folder: Path, name: str) -> Address:
    """The value ``FILE.PATH`` names in ``folder``; ValueError says why there is none.

    Keys are matched as written (``exits.table.12`` finds the key 12 of ``{2: 4, ..., 12: 45}``), list items
    by their position from 0.
    """
    stem, _, rest = name.partition(".")
    files = content_files(folder)
    file = stem + SUFFIX
    if file not in files:
        raise ValueError(f"no content file {file}; files: {', '.join(files)}{suggest(file, files)}")
    try:
        data, _ = load_file(folder / file, file)
    except YamlSourceError as exc:
        raise ValueError(f"{file} cannot be read: {exc.problem.message}") from None
    path: list[str | int] = []
    for part in rest.split("."):
        where = f"at {dotted(tuple(path))}" if path else "at its top"
        if isinstance(data, dict):
            keys = [str(k) for k in data]
            if part not in keys:
                raise ValueError(f"{file} has no key {part!r} {where}; known: {', '.join(keys)}{suggest(part, keys)}")
            key = list(data)[keys.index(part)]
            path.append(key)
            data = data[key]
        elif isinstance(data, list):
            if not part.isdigit() or int(part) >= len(data):
                raise ValueError(f"{file} {where} is a list of {len(data)}: name an item from 0 to {len(data) - 1}, "
                                 f"not {part!r}")
            path.append(int(part))
            data = data[int(part)]
        else:
            raise ValueError(f"{file} {where} is one value; it has no {part!r}")
    return Address(file, tuple(path))


def written(value: Any) -> str:
    """A value as YAML text on one line (JSON's form of it is YAML's flow form).

    >>> written("a: b"), written(3), written([1, True])
    ('"a: b"', '3', '[1, true]')
    """
    return json.dumps(value, ensure_ascii=False)


def patch_text(text: str, name: str, changes: list[tuple[PathKey, Any]]) -> tuple[str, list[Position]]:
    """``text`` with the value at each path written over, and where each new value starts in the result."""
    spans = [(_span(text, path), value) for path, value in changes]
    out, positions = text, [Position(name, 0, 0)] * len(changes)
    # the last in the text first, so the earlier spans' offsets still hold
    for i in sorted(range(len(spans)), key=lambda i: spans[i][0][0], reverse=True):
        (start, end), value = spans[i]
        out = out[:start] + written(value) + out[end:]
    for i, ((start, _), _) in enumerate(spans):
        before = sum(len(written(v)) - (e - s) for (s, e), v in spans if s < start)
        offset = start + before
        line = out.count("\n", 0, offset) + 1
        positions[i] = Position(name, line, offset - (out.rfind("\n", 0, offset) + 1) + 1)
    return out, positions


def _span(text: str, path: PathKey) -> tuple[int, int]:
    """The characters ``[start, end)`` of the value at ``path`` (one a :func:`resolve` found)."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    for part in path:
        if isinstance(node, yaml.MappingNode):
            node = next(v for k, v in node.value if k.value == str(part))
        else:
            node = node.value[int(part)]
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    return (starts[node.start_mark.line] + node.start_mark.column, starts[node.end_mark.line] + node.end_mark.column)


@contextlib.contextmanager
def patched_copy(folder: Path, texts: dict[str, str]) -> Iterator[Path]:
    """``folder`` itself when nothing changes, else a temporary copy with ``texts`` (file -> text) written
    over its files; the copy is removed when the block ends."""
    if not texts:
        yield folder
        return
    with tempfile.TemporaryDirectory(prefix="cardgen-sweep-") as tmp:
        copy = Path(tmp) / folder.name
        shutil.copytree(folder, copy, symlinks=True)
        for file, text in texts.items():
            target = copy / file
            target.unlink()  # a link is replaced by the file, never written through
            target.write_text(text, encoding="utf-8")
        yield copy
