"""Where a printed text may break: the one filter (``wrap``) every face template sets its texts with.

Pango breaks Chinese between any two characters and English at any space, so
left alone a card prints "其余 2 / 张弃掉", "不 / 能", "wait value W / rises by 2".
:func:`wrap` marks what must stay on one line, the same way for every text of
every face, so no content string carries line-breaking marks of its own:

- Chinese: a number with its measure word ("2 张", "第 21–22 轮"), a word the
  game itself names (a card, a station, a label of ``strings.yaml``, all read
  from the content, see :meth:`Words.terms`), and a negation or superlative with the
  character it qualifies ("不能", "最多") each go in a no-wrap span; ASCII
  punctuation inside a Chinese sentence is printed full width ("?" -> "？").
- Both languages: a short formula token (a variable "W", a number, a sign,
  "+2") is joined by no-break spaces to what it leads to (and a number to the
  variable or sign before it), so "W +2", "R ⇒ W +1" and "W rises" never split.
- The end of a text never stands alone on its last line (:func:`keep_end`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from markupsafe import Markup, escape

NBSP = "\u00a0"
#: Measure words a Chinese number is never split from (the longer ones first).
MEASURE_WORDS = ("区间", "小时", *"张名格分时趟轮次节条枚个套人站位组堆页倍份座")
#: Characters that qualify the one after them and stay with it ("不能", "最多").
QUALIFIERS = "不最"
#: ASCII punctuation printed full width inside a Chinese sentence.
FULL_WIDTH = {"?": "？", "!": "！", ",": "，", ";": "；", ":": "："}
#: Characters a Chinese line may not be left with alone: the end of a sentence stays together.
KEPT_TOGETHER = 4
#: The longest pair of last words (with their punctuation) kept on one line in a text in words:
#: any such pair fits the narrowest line a face has ("Extended Service)." is 18).
LAST_WORDS_TOGETHER = 20
#: Signs that lead to the word after them: one standing alone before a text's last two words joins them.
LEADING_SIGNS = frozenset("⇒→=≥≤<>+−×÷")
#: A variable of the rules (one Latin capital: W, R, N, C, U, F, L) and a sign (⇒, =, ≤) never end a line:
#: each stays with what follows it; a number ("+2", "3", "0).") stays with the variable or sign before it.
_VARIABLE = re.compile(r"[A-Z]")
_SIGN = re.compile("[" + re.escape("".join(sorted(LEADING_SIGNS))) + "]")


def _joins(before: str, after: str) -> bool:
    """Whether the space between ``before`` and ``after`` may not break: "W rises", "⇒ W +1", "R = 3" (a
    variable or a sign stays with whatever follows it, a number included)."""
    return bool(_VARIABLE.fullmatch(before) or _SIGN.fullmatch(before))


def is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


@lru_cache(maxsize=8)
def _atoms(terms: tuple[str, ...]) -> re.Pattern:
    """Kept-together pieces of a Chinese text, tried in this order; anything else is one character."""
    number = r"(?:第\s?)?[+−-]?\d+(?:[–-]\d+)?"
    measure = "|".join(MEASURE_WORDS)
    words = "|".join(re.escape(t) for t in sorted(set(terms), key=len, reverse=True))
    return re.compile("|".join(filter(None, [
        rf"{number}\s?(?:{measure})",
        words,
        rf"[{QUALIFIERS}][\u4e00-\u9fff]",
        r"[^\s\u3000-\u9fff\uff00-\uffef]+",
        r"\s+",
        r".",
    ])), re.S)


def _glue(pieces: list[str]) -> list[str]:
    """Spaces next to a formula token (:func:`_joins`) become no-break spaces, while the joined run stays within
    LAST_WORDS_TOGETHER characters (a narrow table column still has a place to break it)."""
    out = list(pieces)
    run = 0
    for i, piece in enumerate(out):
        if piece.isspace() and 0 < i < len(out) - 1:
            before, after = out[i - 1], out[i + 1]
            if _joins(before, after) and run + 1 + len(after) <= LAST_WORDS_TOGETHER:
                out[i] = NBSP
                run += 1
            else:
                run = 0
        else:
            run += len(piece)
    return out


def _full_width(text: str) -> str:
    """ASCII punctuation that follows a Chinese character printed full width ("…吗?" -> "…吗？")."""
    return re.sub(r"(?<=[\u4e00-\u9fff\uff09\u300d])\s?([?!,;:])", lambda m: FULL_WIDTH[m.group(1)], text)


def wrap(text: str, terms: Iterable[str] = ()) -> Markup:
    """``text`` as HTML whose lines break only where a reader expects (see the module's docstring).

    >>> wrap("选 1 张，其余 2 张弃掉。")
    Markup('选 <span class="nowrap">1 张</span>，其余 <span class="nowrap">2 张弃掉。</span>')
    >>> wrap("上下行都不能进。", terms=["上下行"])
    Markup('<span class="nowrap">上下行</span>都<span class="nowrap">不能进。</span>')
    >>> wrap("Advance 0, but your wait value W rises by 2.").replace(NBSP, "_")
    Markup('Advance 0, but your wait value W_rises by_2.')
    """
    text = str(text)
    if not any(is_cjk(ch) for ch in text):
        return keep_end(text, _glue([p for p in re.split(r"( +)", text) if p]))
    return keep_end(text, _glue(_atoms(tuple(terms)).findall(_full_width(text))))


def keep_end(text: str, pieces: list[str] | None = None) -> Markup:
    """``text`` (cut into ``pieces`` that each stay whole) whose end cannot be left alone on its last line.

    Chinese breaks between any two characters, so the pieces holding the last
    KEPT_TOGETHER characters (closing punctuation included) go in one no-wrap
    span. A text in words breaks between words: its last two words are joined
    by no-break spaces when together they are at most LAST_WORDS_TOGETHER
    characters, and so is a sign standing alone before them ("⇒ W +1" stays whole).

    >>> str(keep_end("discard the other 2."))
    'discard the other\xa02.'
    >>> str(keep_end("fewer cells than R ⇒ W +1"))
    'fewer cells than R ⇒\xa0W\xa0+1'
    >>> str(keep_end("车站关门，乘客掉。"))
    '车站关门，<span class="nowrap">乘客掉。</span>'
    """
    if pieces is None:
        pieces = list(text)
        if not any(is_cjk(ch) for ch in text[-KEPT_TOGETHER:]):
            pieces = [p for p in re.split(r"( +)", text) if p]
    if any(is_cjk(ch) for ch in "".join(pieces)[-KEPT_TOGETHER:]):
        return _cjk_end(pieces)
    return _words_end("".join(pieces))


def _cjk_end(pieces: list[str]) -> Markup:
    cut, tail = len(pieces), 0
    while cut > 0 and tail < KEPT_TOGETHER:
        cut -= 1
        tail += len(pieces[cut])
    spans = [*pieces[:cut], "".join(pieces[cut:])]
    return Markup("").join(Markup('<span class="nowrap">{}</span>').format(p) if len(p.strip()) > 1 else escape(p)
                           for p in spans)


def _words_end(text: str) -> Markup:
    words = text.rstrip().split(" ")
    start = len(words) - 2
    if start < 0 or not words[-2] or len(words[-2]) + 1 + len(words[-1]) > LAST_WORDS_TOGETHER:
        return Markup(escape(text))
    sign = words[start - 1] if start > 0 else ""
    if sign and set(sign) <= LEADING_SIGNS and len(" ".join(words[start - 1:])) <= LAST_WORDS_TOGETHER:
        start -= 1  # "⇒ W +1": the sign goes with what it leads to
    return Markup("{}{}").format(escape(" ".join(words[:start]) + " " if start else ""),
                                 escape(NBSP.join(words[start:])))


#: The longest name kept whole on a line (a longer one, a sentence-like label, breaks where Chinese does).
MAX_TERM = 6


def kept_whole(names: Iterable[str]) -> tuple[str, ...]:
    """The names a Chinese line never breaks inside: short, all CJK.

    >>> kept_whole(["快速", "一个很长很长的句子标签", "S1"])
    ('快速',)
    """
    return tuple(sorted({n for n in names if 1 < len(n) <= MAX_TERM and all(is_cjk(ch) for ch in n)}))
