"""Player-visible words for one language, all read from the content.

Templates never hold a word of their own: labels come from ``strings.yaml``,
names and texts from the component files. Numbers inside texts are filled by
:mod:`cardgen.model.text` (the one place that knows which placeholder each
text may use, and which the validator checks), never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cardgen.errors import BuildError
from cardgen.model import text as texts
from cardgen.model.content import Content
from cardgen.model.phrases import card_text
from cardgen.model.schema import EventCard, Text
from cardgen.languages import html_lang
from cardgen.render.faces.breaks import kept_whole


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
        """``owner.text`` (an operation, dispatch or event kind) with its numbers filled from ``owner``, or the
        text generated from its effects when it writes none."""
        return card_text(self.content, owner, self.lang, card)

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
    def box_name(self) -> str:
        """What the printed pages are: the game's name, and a pack's after it ("铁旅：接续时刻表 · 温泉延伸线")."""
        pack = self.content.pack
        game = self(self.content.game.name)
        return f"{game} · {self(pack.name)}" if pack is not None else game

    @cached_property
    def terms(self) -> tuple[str, ...]:
        """The words the game names in this language (card, station and phase names, the labels of
        ``strings.yaml``): a Chinese line never breaks inside one (see :mod:`cardgen.render.faces.breaks`)."""
        c = self.content
        named: list[Any] = [*c.operations.kinds, *c.dispatch.kinds, *c.events.kinds, *c.map.stations,
                            *c.strings.phases]
        texts = [*(n.name for n in named), *c.strings.labels.values()]
        return kept_whole(t(self.lang) for t in texts)

    @property
    def html_lang(self) -> str:
        return html_lang(self.lang)
