"""Showing located problems as every command does: ``file:line:col: path: message``, the source line, a caret.

Why here, beside :mod:`cardgen.errors`: content, packs, replay scripts and sweep specs of every game report
their problems in this one shape (mkdocs-style: all at once, each located).
"""

from __future__ import annotations

from cardgen.errors import Problem
from cardgen.printable import printable


def format_problem(problem: Problem, lines: list[str]) -> str:
    """``file:line:col: path: message`` then the source line with a caret under the column."""
    shown = source_with_caret(problem.line, problem.col, lines)
    return "\n".join([problem.headline(), *(f"    {line}" for line in shown or ())])


def source_with_caret(line: int, col: int, lines: list[str]) -> tuple[str, str] | None:
    """Line ``line`` of ``lines`` (escaped, cut at 200 characters) and a line with a caret under column ``col``,
    or None when there is no such line.

    >>> source_with_caret(1, 5, ["a: 五x"])  # a wide character takes two columns
    ('a: 五x', '     ^')
    """
    if not 1 <= line <= len(lines):
        return None
    src = lines[line - 1].rstrip("\r")
    if len(src) > 200:
        src = src[:200] + "…"
    caret_col = min(col, len(src) + 1)
    # Wide (CJK) characters take two terminal columns, an escaped control character
    # four; keep the caret under the value.
    pad = sum(2 if ord(ch) > 0x2E80 else 1 for ch in printable(src[: caret_col - 1]))
    return printable(src), " " * pad + "^"


#: Problems printed in full; the rest are counted (a generated folder can hold hundreds of thousands).
SHOWN_PROBLEMS = 50


def format_problems(problems: list[Problem], sources: dict[str, list[str]], limit: int = SHOWN_PROBLEMS) -> str:
    """The first ``limit`` problems with their source lines, then how many more there are.

    >>> print(format_problems([Problem("f.yaml", i, 1, "", "bad") for i in (1, 2, 3)], {}, limit=2))
    f.yaml:1:1: bad
    f.yaml:2:1: bad
    ... and 1 more problem(s); `cardgen validate --json` lists them all
    """
    body = [format_problem(p, sources.get(p.file, [])) for p in problems[:limit]]
    if len(problems) > limit:
        body.append(f"... and {len(problems) - limit} more problem(s); `cardgen validate --json` lists them all")
    return "\n".join(body)
