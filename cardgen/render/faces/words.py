"""Player-visible words for one language, all read from the content.

Templates never hold a word of their own: labels come from ``strings.yaml``,
names and texts from the component files. Numbers inside texts are filled by
:mod:`cardgen.model.text` (the one place that knows which placeholder each
text may use, and which the validator checks), never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from cardgen.errors import BuildError
from cardgen.model import text as texts
from cardgen.model.content import Content
from cardgen.model.schema import EventCard, Text

signed = texts.signed  # re-exported: templates and boards print numbers the same way


@dataclass(frozen=True)
class Words:
    """The content's strings in one language (``"zh"`` or ``"en"``)."""

    content: Content
    lang: str

    def __call__(self, text: Text) -> str:
        """A text that holds no placeholder (names, labels, timing lines)."""
        return text(self.lang)

    def text(self, owner: Any, card: EventCard | None = None) -> str:
        """``owner.text`` (an operation, dispatch or event kind) with its numbers filled from ``owner``."""
        return texts.render(self.content, owner, owner.text, self.lang, card)

    def label(self, key: str) -> str:
        try:
            return self.content.strings.labels[key](self.lang)
        except KeyError:
            raise BuildError(f"strings.yaml: labels.{key} is missing (a template needs it)") from None

    def fill(self, group: str, key: str) -> str:
        """``strings.yaml`` ``group.key`` with its placeholders filled from the rules data."""
        try:
            return texts.string(self.content, group, key, self.lang)
        except KeyError:
            raise BuildError(f"strings.yaml: {group}.{key} is missing (a template needs it)") from None

    @property
    def html_lang(self) -> str:
        return "zh-Hans" if self.lang == "zh" else "en"


#: Characters a line may not be left with alone: the end of a Chinese sentence stays together.
KEPT_TOGETHER = 4
#: The longest pair of last words (with their punctuation) that :func:`keep_end` keeps on one line in a text
#: in words: any such pair fits the narrowest line a face has ("Extended Service)." is 18).
LAST_WORDS_TOGETHER = 20
#: Signs that lead to the word after them: one standing alone before a text's last two words joins them.
LEADING_SIGNS = frozenset("⇒→=≥≤<>+−×÷")


def _is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def keep_end(text: str) -> Markup:
    """``text`` whose end cannot be left alone on its last line (no widow: "掉。" or "2." alone).

    Chinese breaks between any two characters, so the last KEPT_TOGETHER
    (closing punctuation included) go in a no-wrap span. A text in words
    breaks between words: its last two words are joined by no-break spaces
    when together they are at most LAST_WORDS_TOGETHER characters, and so is
    a sign standing alone before them (a rule's result, "⇒ W +1", stays whole).

    >>> str(keep_end("discard the other 2."))
    'discard the other\xa02.'
    >>> str(keep_end("fewer cells than R ⇒ W +1"))
    'fewer cells than R ⇒\xa0W\xa0+1'
    >>> str(keep_end("车站关门，乘客掉。"))
    '车站关门，<span class="nowrap">乘客掉。</span>'
    """
    text = str(text)
    if any(_is_cjk(ch) for ch in text[-KEPT_TOGETHER:]):
        cut = max(0, len(text) - KEPT_TOGETHER)
        return Markup("{}<span class=\"nowrap\">{}</span>").format(escape(text[:cut]), escape(text[cut:]))
    words = text.rstrip().split(" ")
    start = len(words) - 2
    if start < 0 or not words[-2] or len(words[-2]) + 1 + len(words[-1]) > LAST_WORDS_TOGETHER:
        return Markup(escape(text))
    sign = words[start - 1] if start > 0 else ""
    if sign and set(sign) <= LEADING_SIGNS and len(" ".join(words[start - 1:])) <= LAST_WORDS_TOGETHER:
        start -= 1  # "⇒ W +1": the sign goes with what it leads to
    return Markup("{}{}").format(escape(" ".join(words[:start]) + " " if start else ""),
                                 escape("\u00a0".join(words[start:])))
