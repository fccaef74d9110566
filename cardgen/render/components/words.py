"""A game's strings in one language, as component templates read them (``w.label("exits")``, ``w(name)``).

Why not Rail Journey's :class:`cardgen.games.rail_journey.faces.words.Words`: that one reads Rail
Journey's content; this one reads any game's ``strings`` (id -> {zh, en}), so a
template of any game says every word through it and holds none of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cardgen.errors import BuildError
from cardgen.languages import html_lang
from cardgen.render.faces.breaks import kept_whole

#: A placeholder of a string: ``{name}``, filled by :meth:`LabelWords.fill`.
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def in_lang(text: Any, lang: str) -> str:
    """A text in ``lang``: a mapping {zh, en}, or an object called with the language (a content Text)."""
    if isinstance(text, Mapping):
        return str(text[lang])
    if callable(text):
        return str(text(lang))
    return str(getattr(text, lang))


@dataclass(frozen=True)
class LabelWords:
    """``strings`` (id -> text in each language) in ``lang``, and the title a page of the game shows."""

    strings: Mapping[str, Any]
    lang: str
    #: the strings file they come from, named when one a template needs is missing
    file: str = "strings.yaml"
    #: the game's name ({zh, en}): the title of its pages (:attr:`box_name`)
    name: Any = None

    def __call__(self, text: Any) -> str:
        """A text the content holds itself (a die's name, an expansion's)."""
        return in_lang(text, self.lang)

    def label(self, key: str) -> str:
        try:
            return in_lang(self.strings[key], self.lang)
        except KeyError:
            raise BuildError(f"{self.file}: {key} is missing (a template needs it)") from None

    def fill(self, key: str, **values: object) -> str:
        """The string ``key`` with its ``{name}`` placeholders filled from ``values`` (numbers of the rules)."""
        text = self.label(key)

        def value(match: re.Match[str]) -> str:
            if match.group(1) not in values:
                raise BuildError(f"{self.file}: {key} names {{{match.group(1)}}}, which its template does not give")
            return str(values[match.group(1)])

        return PLACEHOLDER.sub(value, text)

    @property
    def box_name(self) -> str:
        """What the printed pages are: the game's name."""
        return in_lang(self.name, self.lang) if self.name is not None else ""

    @property
    def html_lang(self) -> str:
        return html_lang(self.lang)

    @cached_property
    def terms(self) -> tuple[str, ...]:
        """The strings a Chinese line never breaks inside (the ``wrap`` filter reads them)."""
        return kept_whole(in_lang(t, self.lang) for t in self.strings.values())
