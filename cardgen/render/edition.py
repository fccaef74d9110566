"""What the print kit asks of a game: its content, loaded for one build (an *edition*).

Why: the kit (imposition, PDF, fonts, images, cache, writers, preview) names no game. A game's
:class:`cardgen.games.Game` makes an :class:`Edition` from a content folder and the build's options;
the kit's pipeline (cardgen.render.build) asks it for the faces, the words printed on sheets and the
preview page, and writes the rest itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from cardgen.render.faces.facekit import Face
from cardgen.render.sheets.impose import SheetWords


@dataclass(frozen=True)
class BuildOptions:
    """What ``cardgen build`` is asked for: paper, language, player count, bleed, and a pack's or reprint's selection."""

    paper: str = "a4"
    lang: str = "zh"
    players: int | None = None  # None: the game's own default (each game's edition says which; the manifest records it)
    bleed_mm: float = 3.0
    gutter_mm: float = 0.0  # space between the cards on a home-print sheet; 0: butted, one cut between neighbours
    duplex: str = "long"
    only: tuple[str, ...] = ()
    variant: str | None = None  # a variants.yaml id: its patched rules are printed (e.g. the 9.7 freight tickets)
    with_base: bool = False     # a pack: print the whole merged set, not only the pack's faces
    changed_since: str | None = None  # a content folder or pack: print only the faces that differ from it
    exports: tuple[str, ...] = ()  # extra files beyond the print set (EXPORTS): 300 dpi PNGs, Tabletop Simulator

    def player_count(self, default: int) -> int:
        """The player count asked for, or the game's ``default`` when none was."""
        return self.players if self.players is not None else default


@dataclass
class Designed:
    """The faces a build prints, what it adds to manifest.json, and the cards it tells a player to take out."""

    faces: list[Face]
    manifest: dict = field(default_factory=dict)
    take_out: list[tuple[str, int, str]] = field(default_factory=list)


#: The words the kit prints on sheets, in the edition's language: the set's name, the sheet labels, and each
#: face kind's name.
SetWords = tuple[str, SheetWords, dict[str, str]]


class Edition(Protocol):
    """A game's content loaded for one build."""

    @property
    def name(self) -> str:
        """The set's id: it names the output folder and the sheets."""
        ...

    @property
    def options(self) -> BuildOptions:
        """The build's options with the game's defaults filled in (``players`` when none was given)."""
        ...

    @property
    def folders(self) -> Sequence[Path]:
        """The content folders in play (a pack's layers too), main folder first: never written over, and where a
        face's text may be written (an overflow is reported at its file, line and column there)."""
        ...

    @property
    def templates(self) -> Sequence[Path]:
        """Folders the faces' templates are read from (the renderer reads files inside these and ``folders`` only)."""
        ...

    def design(self, options: BuildOptions) -> Designed:
        """The faces to print for ``options`` (language, players, bleed, a pack's or a reprint's selection)."""
        ...

    def unprinted(self, options: BuildOptions, designed: Designed) -> list[Face]:
        """Faces a build lays out to check them but does not print (a base face a pack's change alters)."""
        ...

    def words(self, lang: str) -> SetWords:
        ...

    def preview(self, shown: Sequence[Face], *, lang: str, files: Sequence, quantities: Sequence[dict]) -> str:
        """The offline preview page of the printed faces (cardgen.render.preview.render_preview)."""
        ...
