"""The languages cardgen prints: every player-visible text of every game comes in each (what ``--lang`` offers).

A game's bilingual text model has one field per language here (Rail Journey's ``Text``; a test checks it).
"""

from __future__ import annotations

LANGS: tuple[str, ...] = ("zh", "en")


def html_lang(lang: str) -> str:
    """The ``lang`` attribute of a page in ``lang`` (Chinese is printed in simplified characters).

    >>> html_lang("zh"), html_lang("en")
    ('zh-Hans', 'en')
    """
    return "zh-Hans" if lang == "zh" else "en"
