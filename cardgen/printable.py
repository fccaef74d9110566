"""Show untrusted text on a terminal as inert characters.

Content folders, packs and replay scripts come from other people. Any text a
message quotes from them (a value, a source line, a file name, a player name)
goes through :func:`printable`, so an escape sequence in a YAML file is shown
as ``\\x1b`` instead of recolouring the terminal, retitling the window or
hiding the rest of the line, whether the output is a terminal or a pipe.
"""

from __future__ import annotations

import re

#: C0 controls (tab and newline excepted), DEL, C1 controls, bidirectional marks, overrides and isolates,
#: the Unicode line/paragraph separators, and the characters that take no width (zero-width space, joiners,
#: word joiner, invisible operators, byte order mark, Mongolian vowel separator, soft hyphen): two names that
#: differ only by one of them must not look the same.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
                     "\u2066-\u2069\u2028\u2029\ufeff]")
#: Characters content text may not hold at all: C0 controls other than tab and newline, DEL and C1.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, multiline: bool = False) -> str:
    """``text`` with every control, direction-changing or invisible character written as an escape.

    Tabs are kept; newlines are kept only with ``multiline`` (a one-line field
    such as a source line or a name must stay one line).

    >>> printable("\\x1b[31mRED\\x1b]0;PWNED\\x07")
    '\\\\x1b[31mRED\\\\x1b]0;PWNED\\\\x07'
    >>> printable("a\\nb"), printable("a\\nb", multiline=True)
    ('a\\\\x0ab', 'a\\nb')
    >>> printable("阿\\u200b重"), printable("\\u200fRules\\u061c")
    ('阿\\\\u200b重', '\\\\u200fRules\\\\u061c')
    """
    text = _UNSAFE.sub(_escape, text)
    return text if multiline else text.replace("\n", "\\x0a")


def control_character(text: str) -> str | None:
    """The first control character ``text`` holds, spelt as an escape, or None.

    >>> control_character("ok\\tand\\nmore"), control_character("bad\\x9b")
    (None, '\\\\x9b')
    """
    found = CONTROL.search(text)
    return None if found is None else _escape(found)
