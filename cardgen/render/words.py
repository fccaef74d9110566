"""Player-visible words for one language, all read from the content.

Templates never hold a word of their own: labels come from ``strings.yaml``,
names and texts from the component files, and the ``{placeholders}`` in rule
summaries are filled from the rules data here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.errors import BuildError
from cardgen.model.content import Content
from cardgen.model.schema import Text

_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
MINUS = "\u2212"


def signed(n: int) -> str:
    """A number as printed: a typographic minus for negatives (−3, not -3)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


@dataclass(frozen=True)
class Words:
    """The content's strings in one language (``"zh"`` or ``"en"``)."""

    content: Content
    lang: str

    def __call__(self, text: Text) -> str:
        return text(self.lang)

    def label(self, key: str) -> str:
        try:
            return self.content.strings.labels[key](self.lang)
        except KeyError:
            raise BuildError(f"strings.yaml: labels.{key} is missing (a template needs it)") from None

    def fill(self, group: str, key: str, **values: int | str) -> str:
        """``strings.yaml`` ``group.key`` with its ``{name}`` placeholders filled."""
        table = getattr(self.content.strings, group)
        if key not in table:
            raise BuildError(f"strings.yaml: {group}.{key} is missing (a template needs it)")
        text = table[key](self.lang)
        for name, value in values.items():
            text = text.replace("{" + name + "}", signed(value) if isinstance(value, int) else value)
        left = _PLACEHOLDER.findall(text)
        if left:
            raise BuildError(f"strings.yaml: {group}.{key} has unfilled placeholder(s) {', '.join(left)}")
        return text

    @property
    def html_lang(self) -> str:
        return "zh-Hans" if self.lang == "zh" else "en"
