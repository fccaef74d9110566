"""Where in the content a printed text was written: ``file:line:col`` for an overflow report.

A face's text is the content's text with its placeholders filled, so each
string value of the content files becomes a pattern (its literal parts, any
text for a placeholder, any run of white space for any other) and the longest
value found inside the printed text names the place to edit. The files are re-read through cardgen.model.source,
the same safe reader (and so the same positions) the validator uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path

from cardgen.model.source import Position, YamlSourceError, load_file
from cardgen.placeholders import PLACEHOLDER

#: Shortest literal text worth matching (a one-character value would match anywhere).
MIN_LITERAL = 2


def _strings(value, path=()) -> Iterator[tuple[tuple, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, path + (index,))


def _loose(literal: str) -> str:
    """A pattern for ``literal`` as printed: a face's text has each run of white space laid out (and read
    back) as one space, and the wrap filter joins words with no-break spaces, so any run matches any run.

    >>> bool(re.fullmatch(_loose("rises by  2.   Then"), "rises by 2.\\xa0Then"))
    True
    """
    words = literal.split()
    body = r"\s+".join(re.escape(w) for w in words)
    if not words:
        return r"\s*"
    return (r"\s*" if literal[:1].isspace() else "") + body + (r"\s*" if literal[-1:].isspace() else "")


#: How a base's file is named in a problem, before its name (cardgen.render.faces.fit adds the pack's line).
BASE_FILE = "base "


def file_names(folders: Sequence[Path]) -> list[tuple[Path, str]]:
    """Each folder once, with the prefix its files are named with in a problem: ``base NAME: `` for a base
    under the first folder (``base rail-journey: events.yaml:51:48``), and then the first's own name
    (``my-pack/operations.yaml``, as validate names a pack's files); nothing for a lone folder."""
    unique = list(dict.fromkeys(Path(folder).resolve() for folder in folders))
    if len(unique) == 1:
        return [(unique[0], "")]
    return [(unique[0], f"{unique[0].name}/"), *((f, f"{BASE_FILE}{f.name}: ") for f in unique[1:])]


@lru_cache(maxsize=8)
def _texts(folders: tuple[Path, ...]) -> tuple[tuple[str, Position, str], ...]:
    """Every text value of the content files in these folders, with where it is written and that line."""
    found = []
    for folder, prefix in file_names(folders):
        for path in sorted(Path(folder).glob("*.yaml")):
            try:
                data, smap = load_file(path, prefix + path.name)
            except YamlSourceError:  # a file the validator already reported: nothing to point at here
                continue
            for key, text in _strings(data):
                at = smap.locate(key)
                found.append((text, at, smap.lines[at.line - 1] if 0 < at.line <= len(smap.lines) else ""))
    return tuple(found)


@lru_cache(maxsize=8)
def _patterns(folders: tuple[Path, ...]) -> tuple[tuple[re.Pattern, int, Position], ...]:
    """(pattern, literal length, position) of every text value in the content files, longest first."""
    found = []
    for text, position, _ in _texts(folders):
        parts = PLACEHOLDER.split(text)
        literal = "".join(parts[::3])
        if len(literal.strip()) < MIN_LITERAL:
            continue
        pattern = ".*?".join(_loose(p) for p in parts[::3])
        found.append((re.compile(pattern, re.S), len(literal), position))
    return tuple(sorted(found, key=lambda f: -f[1]))


@lru_cache(maxsize=8)
def _base_wordings(folders: tuple[Path, ...]) -> frozenset[str]:
    return frozenset(" ".join(text.split()) for text, position, _ in _texts(folders)
                     if position.file.startswith(BASE_FILE) and not PLACEHOLDER.search(text))


def base_wording(text: str, folders: Sequence[Path]) -> bool:
    """Whether ``text`` is, word for word, a text a base (a folder after the first) writes with no placeholder:
    printed as the base wrote it, whatever a pack made the face print it for (the siding rule once a pack adds
    a siding), so no pack line is to be found in it."""
    return " ".join(text.split()) in _base_wordings(tuple(Path(f) for f in folders))


def locate_character(ch: str, folders: Sequence[Path]) -> Position | None:
    """Where the content first writes ``ch`` (a character no font can print): the character itself when it
    stands in the text's line as written, else the start of the text holding it (written as an escape,
    ``\\U00013000``, or on a later line of a block); None when no text holds it."""
    for text, position, line in _texts(tuple(Path(f) for f in folders)):
        if ch in text:
            col = line.find(ch, position.col - 1)
            return Position(position.file, position.line, col + 1) if col >= 0 else position
    return None


def locate_text(text: str, folders: Sequence[Path], own: bool = False) -> Position | None:
    """The position of the longest content text printed inside ``text``, or None; with ``own``, only among
    the first folder's texts (a pack's, not its bases')."""
    for pattern, _, position in _patterns(tuple(Path(f) for f in folders)):
        if (not own or not position.file.startswith(BASE_FILE)) and pattern.search(text):
            return position
    return None
