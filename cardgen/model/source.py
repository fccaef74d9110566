"""Read one YAML content file safely and remember where every value came from.

Content files are untrusted data: only regular files are opened, they are
size-capped before parsing, decoded as strict UTF-8, composed by PyYAML's safe
loader (LibYAML's C parser when present, for speed), and turned into plain
Python values by a walk that refuses duplicate keys, anchors/aliases (so an
alias bomb costs nothing), merge keys and absurd nesting. Each value's line
and column is kept in a :class:`SourceMap` keyed by its path, so a schema
error found much later still points at ``file:line:col``.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardgen.errors import Problem
from cardgen.printable import control_character

#: Largest content file read, in bytes. The whole Rail Journey set is ~22 kB and
#: its largest file ~5 kB, so an expansion has ten times room; the cap keeps the
#: worst case (a file packed with tiny values) well under a second.
MAX_FILE_BYTES = 65_536
#: Deepest nesting accepted; real content is under 8 levels.
MAX_DEPTH = 48
#: Most values in one file (the whole set has ~2,000); a runaway generated file stops here.
MAX_NODES = 20_000

PathKey = tuple[str | int, ...]
MISSING = "file is missing"
_INT = "tag:yaml.org,2002:int"
#: How a whole number is written in content: digits, an optional sign, no leading zero.
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_STR = "tag:yaml.org,2002:str"
_PLAIN_COLLECTIONS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}

#: LibYAML's C parser when PyYAML was built with it (about 10x faster); its
#: marks count characters like the pure-Python one, so positions are identical.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Position:
    """1-based line and column of a node in a named file."""

    file: str
    line: int
    col: int


@dataclass
class SourceMap:
    """Where each value (and each mapping key) of one file was written."""

    file: str
    lines: list[str]
    values: dict[PathKey, Position] = field(default_factory=dict)
    keys: dict[PathKey, Position] = field(default_factory=dict)
    #: text values or keys holding a control character (reported, not fatal, so all are listed)
    problems: list[Problem] = field(default_factory=list)
    #: a pack's merged file: the path each value is written at in its own file, where it differs
    #: (an entry under ``change:`` or ``add:``, a base entry moved by a ``remove:``)
    written: dict[PathKey, PathKey] = field(default_factory=dict)
    #: a pack's merged file: the ids of the entries a layer removed from the list or mapping at each path, and
    #: where it removes each (``track_edit: {remove: [crowded_train.1]}``)
    removed: dict[PathKey, dict[Any, Position]] = field(default_factory=dict)

    def written_path(self, path: PathKey) -> PathKey:
        """``path`` as the file that wrote it names it: its nearest written ancestor's path there, plus the rest.

        >>> sm = SourceMap("f.yaml", [], written={("kinds", 3): ("kinds", "change", 0)})
        >>> sm.written_path(("kinds", 3, "copies")), sm.written_path(("totals",))
        (('kinds', 'change', 0, 'copies'), ('totals',))
        """
        path = tuple(path)
        for cut in range(len(path), 0, -1):
            head = self.written.get(path[:cut])
            if head is not None:
                return head + path[cut:]
        return path

    def problem(self, path: PathKey, message: str, *, key: bool = False) -> Problem:
        """A problem about the value at ``path`` (its key, with ``key``), located where the file wrote it and
        named as that file names it (a pack's ``specials.add.1.edges``, not the merged list's ``specials.7``)."""
        pos = self.locate(path, key=key)
        return Problem(pos.file, pos.line, pos.col, dotted(self.written_path(path)), message)

    def locate(self, path: PathKey, *, key: bool = False) -> Position:
        """Position of ``path``, or of its nearest written ancestor.

        >>> sm = SourceMap("f.yaml", [], {(): Position("f.yaml", 1, 1)})
        >>> sm.locate(("kinds", 3, "copies")).line
        1
        """
        path = tuple(path)
        if key and path in self.keys:
            return self.keys[path]
        while path:
            if path in self.values:
                return self.values[path]
            path = path[:-1]
        return self.values.get((), Position(self.file, 1, 1))


class YamlSourceError(Exception):
    """A file could not be read into values; carries one located problem."""

    def __init__(self, problem: Problem, lines: list[str]):
        super().__init__(problem.message)
        self.problem = problem
        self.lines = lines


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width] + "…"


def dotted(path: PathKey) -> str:
    """``("kinds", 3, "copies")`` -> ``"kinds.3.copies"`` (absurdly deep paths are elided in the middle)."""
    parts = [str(p) for p in path]
    if len(parts) > 12:
        parts = parts[:6] + ["…"] + parts[-3:]
    return ".".join(parts)


def _fail(name: str, line: int, col: int, message: str, lines: list[str], path: PathKey = ()) -> None:
    raise YamlSourceError(Problem(name, line, col, dotted(path), message), lines)


def _decode(name: str, raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8")) + 1  # characters, not bytes
        lines = before.decode("utf-8", errors="replace").split("\n")
        _fail(name, line, col, f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})", lines)
    raise AssertionError("unreachable")


class _Walker:
    """Turns a composed YAML node tree into plain values plus positions."""

    def __init__(self, name: str, lines: list[str]):
        self.name = name
        self.lines = lines
        self.smap = SourceMap(name, lines)
        self.seen: set[int] = set()
        self.count = 0
        self.constructor = yaml.constructor.SafeConstructor()

    def pos(self, node: yaml.Node) -> Position:
        return Position(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def walk(self, node: yaml.Node, path: PathKey, depth: int, parent: Position | None = None) -> Any:
        where = self.pos(node)
        if id(node) in self.seen:
            # An alias yields the anchored node itself, whose marks are the anchor's:
            # point at the reusing parent instead and say where the anchor is.
            here = parent or where
            _fail(self.name, here.line, here.col, f"reuses the value anchored at line {where.line}; "
                  "anchors and aliases are not allowed in content files", self.lines, path)
        self.seen.add(id(node))
        self.count += 1
        if self.count > MAX_NODES:
            _fail(self.name, where.line, where.col, f"file has more than {MAX_NODES} values", self.lines, path)
        if depth > MAX_DEPTH:
            _fail(self.name, where.line, where.col, f"nesting deeper than {MAX_DEPTH} levels", self.lines, path)
        self.smap.values[path] = where
        if not isinstance(node, yaml.ScalarNode) and node.tag not in _PLAIN_COLLECTIONS:
            _fail(self.name, where.line, where.col, f"tag {node.tag!r} is not allowed in content files", self.lines, path)
        if isinstance(node, yaml.MappingNode):
            return self.walk_mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.walk(item, path + (i,), depth + 1, where) for i, item in enumerate(node.value)]
        if node.tag == _STR:
            self.check_text(node.value, where, path)
            return node.value  # the common case, without the constructor's dispatch
        if node.tag == "tag:yaml.org,2002:timestamp":
            return node.value  # dates stay text; nothing in content is a date
        self.check_number(node, where, path)
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            _fail(self.name, where.line, where.col, f"cannot read value: {getattr(exc, 'problem', exc)}", self.lines, path)
        except ValueError:  # e.g. an integer of more digits than Python converts
            _fail(self.name, where.line, where.col, f"cannot read value {_clip(node.value)!r}", self.lines, path)

    def check_number(self, node: yaml.ScalarNode, where: Position, path: PathKey) -> None:
        """A whole number (a value or a key) not written in plain decimal is refused where it is written:
        YAML 1.1 reads 0x10 as 16, 010 as 8, 1_0 as 10 and 1:30 as 90, and a designer means none of them."""
        if node.tag == _INT and not _DECIMAL.fullmatch(node.value):
            self.smap.problems.append(Problem(self.name, where.line, where.col, dotted(path),
                                              f"write a whole number in plain decimal digits, not {_clip(node.value)!r}"))

    def check_text(self, text: str, where: Position, path: PathKey) -> None:
        """A control character in any text (a value or a key) is refused where it is written."""
        found = control_character(text)
        if found is not None:
            self.smap.problems.append(Problem(self.name, where.line, where.col, dotted(path),
                                              f"text holds the control character {found}; "
                                              "only printable characters, tabs and newlines are allowed"))

    def walk_mapping(self, node: yaml.MappingNode, path: PathKey, depth: int) -> dict:
        out: dict = {}
        for key_node, value_node in node.value:
            kpos = self.pos(key_node)
            if key_node.tag == "tag:yaml.org,2002:merge":
                _fail(self.name, kpos.line, kpos.col, "merge keys (<<) are not allowed in content files", self.lines, path)
            if not isinstance(key_node, yaml.ScalarNode):
                _fail(self.name, kpos.line, kpos.col, "mapping keys must be plain scalars", self.lines, path)
            # a plain text key (the common case) needs no constructor; numbers and the rest do
            key = key_node.value if key_node.tag == _STR else self.constructor.construct_object(key_node)
            self.check_number(key_node, kpos, path + (key,))
            if isinstance(key, str):
                self.check_text(key, kpos, path + (key,))
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                _fail(self.name, kpos.line, kpos.col, f"mapping key {key_node.value!r} must be text or a whole number", self.lines, path)
            if key in out:
                first = self.smap.keys[path + (key,)]
                _fail(self.name, kpos.line, kpos.col,
                    f"duplicate key {key!r} (first written at line {first.line})", self.lines, path + (key,))
            self.smap.keys[path + (key,)] = kpos
            out[key] = self.walk(value_node, path + (key,), depth + 1, kpos)
        return out


#: ``key: text: more`` on one line: a colon and a space inside an unquoted text after a key.
_COLON_IN_TEXT = re.compile(r"^\s*(- )?[^\s:#][^:#]*:\s+[^\s\"'].*:(\s|$)")


def _yaml_reason(exc: yaml.MarkedYAMLError, at: str, line: str = "") -> str:
    """What the YAML reader found wrong, said for a designer: a tab named as one, and the line where an
    unclosed bracket or quote starts when that is another line.

    >>> try:
    ...     yaml.safe_load("a: {b: 1,\\n  c: 2\\nd: 3\\n")
    ... except yaml.MarkedYAMLError as exc:
    ...     print(_yaml_reason(exc, "d").split(" (")[1])
    while parsing a flow mapping that starts at line 1)
    """
    if at == "\t":
        return "a tab character; YAML indents with spaces only"
    reason = exc.problem or exc.context or "invalid YAML"
    start, problem = exc.context_mark, exc.problem_mark
    unclosed = exc.context is not None and ("flow" in exc.context or "quoted" in exc.context)  # a bracket or quote
    if exc.problem and unclosed and start is not None and (problem is None or start.line != problem.line):
        context = exc.context.replace(" started", "")
        return f"{reason} ({context} that starts at line {start.line + 1})"
    if (reason.startswith("mapping values are not allowed") or at == ":") and (at == ":" and "{" in line
                                                                                or _COLON_IN_TEXT.match(line)):
        return f"{reason}: a text holding ': ' must be quoted, as in en: \"Bonus: one more\""
    return reason


def parse_text(name: str, text: str) -> tuple[Any, SourceMap]:
    """Parse YAML text into plain values and their source map.

    >>> data, smap = parse_text("t.yaml", "a:\\n  b: [1, 2]\\n")
    >>> data, smap.values[("a", "b", 1)].line
    ({'a': {'b': [1, 2]}}, 2)
    """
    lines = text.split("\n")
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        # The end of a file without a final newline is reported one line past it.
        line = min(line, len(lines))
        col = min(col, len(lines[line - 1]) + 1)
        _fail(name, line, col, f"invalid YAML: {_yaml_reason(exc, lines[line - 1][col - 1:col], lines[line - 1])}",
              lines)
    except yaml.reader.ReaderError as exc:
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        # LibYAML reports a byte offset into the UTF-8 text, the pure-Python reader a character offset.
        before = text.encode("utf-8")[: exc.position].decode("utf-8", "ignore") if _LOADER is not yaml.SafeLoader \
            else text[: exc.position]
        line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        _fail(name, line, col, f"invalid YAML: control character U+{code:04X} is not allowed", lines)
    except yaml.YAMLError as exc:
        _fail(name, 1, 1, f"invalid YAML: {exc}", lines)
    except RecursionError:
        _fail(name, 1, 1, "invalid YAML: nesting too deep to read", lines)
    if node is None:
        _fail(name, 1, 1, "file is empty", lines)
    walker = _Walker(name, lines)
    try:
        data = walker.walk(node, (), 0)
    except RecursionError:
        _fail(name, 1, 1, "nesting too deep to read", lines)
    return data, walker.smap


#: Kernel pseudo file systems: their "regular files" are live process or device state.
_PSEUDO = tuple(Path(p) for p in ("/proc", "/sys", "/dev"))
_OUTSIDE = ("is a link to a file outside its folder; content and script files must be regular files "
            "inside their folder")


def _read_inside(path: Path, folder: Path, name: str, max_bytes: int) -> bytes:
    """The first ``max_bytes + 1`` bytes of ``path``, if it is a regular file inside ``folder``.

    Links are resolved first and the real file must still lie inside the
    (resolved) folder, so a shared pack cannot point a content file at
    ``~/.ssh/id_rsa`` or ``/proc/self/environ``; the file is opened without
    blocking and checked on its open descriptor, so a FIFO or device is refused
    without being read. Nothing read from a refused file is kept or shown.
    """
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        _fail(name, 1, 1, MISSING, [])
    except (OSError, RuntimeError) as exc:  # a link loop, a permission problem
        _fail(name, 1, 1, f"cannot read file: {getattr(exc, 'strerror', None) or 'link loop'}", [])
    home = folder.resolve()
    if not real.is_relative_to(home):
        _fail(name, 1, 1, _OUTSIDE, [])
    if any(real.is_relative_to(p) for p in _PSEUDO):
        _fail(name, 1, 1, "is on a kernel pseudo file system (/proc, /sys, /dev); content files must be "
                          "regular files", [])
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        _fail(name, 1, 1, f"cannot read file: {exc.strerror}", [])
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            _fail(name, 1, 1, "expected a file, found a folder", [])
        if not stat.S_ISREG(mode):
            # A named pipe or device would block or never end; only regular files are read.
            _fail(name, 1, 1, "expected a regular file (found a pipe, socket or device)", [])
        with open(fd, "rb", buffering=0, closefd=False) as fh:  # unbuffered: no second copy held
            return fh.read(max_bytes + 1)
    except OSError as exc:
        _fail(name, 1, 1, f"cannot read file: {exc.strerror}", [])
    finally:
        os.close(fd)
    raise AssertionError("unreachable")


def load_file(path: Path, name: str | None = None, max_bytes: int = MAX_FILE_BYTES,
              folder: Path | None = None) -> tuple[Any, SourceMap]:
    """Read, bound-check, decode and parse one content file.

    ``name`` is how the file is shown in errors (relative to the content folder);
    ``max_bytes`` lets other YAML inputs (scripted games) choose their own cap;
    ``folder`` is the folder the file must lie in once links are resolved (its
    own parent folder if not given). Raises :class:`YamlSourceError` with a
    located problem on any failure; control characters in text are listed in
    the returned map's ``problems``.
    """
    name = name or path.name
    raw = _read_inside(path, Path(folder) if folder is not None else path.parent, name, max_bytes)
    if len(raw) > max_bytes:
        size = path.stat().st_size
        _fail(name, 1, 1, f"file is {size:,} bytes; content files may be at most {max_bytes:,} bytes", [])
    text = _decode(name, raw)
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        _fail(name, 1, 1, "file is empty", text.split("\n"))
    return parse_text(name, text)
