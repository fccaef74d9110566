"""A game's printed faces as its edition designs them, in each language: what ``diff`` and ``show`` read.

Why: every game hands the seam an edition (cardgen.render.edition); its ``design`` makes each face's page
(HTML), kind, copies and back without laying anything out, so comparing or listing a game's faces needs
nothing of the game but that, and no WeasyPrint layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import UsageError
from cardgen.games.game import Game
from cardgen.languages import LANGS
from cardgen.model.pack import is_pack
from cardgen.render.edition import BuildOptions, Edition
from cardgen.render.faces.facekit import Face


@dataclass(frozen=True)
class Printed:
    """A content folder's faces in each language asked (the first language's order), and each kind's name."""

    faces: dict[str, list[Face]]
    kind_names: dict[str, dict[str, str]]  #: by language: kind -> what the sheets call it
    players: int | None                    #: the player count the faces are made for (the game's default)


def printed(game: Game, folder: Path, langs: tuple[str, ...] = LANGS) -> Printed:
    """``game``'s faces of the content in ``folder``, for its default player count, in each of ``langs``; a
    pack's whole merged set (``with_base``: its own build prints only what it changes)."""
    if game.edition is None:
        raise UsageError(f"{game.id} prints nothing (it has no edition)")
    faces: dict[str, list[Face]] = {}
    names: dict[str, dict[str, str]] = {}
    players = None
    for lang in langs:
        edition: Edition = game.edition(folder, BuildOptions(lang=lang, with_base=is_pack(folder)))
        faces[lang] = list(edition.design(edition.options).faces)
        names[lang] = dict(edition.words(lang)[2])
        players = edition.options.players
    return Printed(faces, names, players)
