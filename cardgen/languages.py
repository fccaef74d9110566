"""The languages cardgen prints: every player-visible text of every game comes in each (what ``--lang`` offers).

A game's bilingual text model has one field per language here (Rail Journey's ``Text``; a test checks it).
"""

from __future__ import annotations

LANGS: tuple[str, ...] = ("zh", "en")
