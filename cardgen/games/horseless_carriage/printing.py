"""Horseless Carriage's print edition: its content loaded for one build, as the print kit asks of a game.

Why: the kit (cardgen.render.build) imposes, marks, writes and previews faces of any game; a game hands it
an edition (cardgen.render.edition.Edition). Horseless Carriage's faces all come from its
``components.yaml`` (:func:`cardgen.games.horseless_carriage.faces.faces`), its sheet labels and preview
words from its ``strings.yaml``: nothing here is drawn or worded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from cardgen.errors import UsageError
from cardgen.games.horseless_carriage.faces import TEMPLATES, faces
from cardgen.games.horseless_carriage.model import HorselessContent, load_content
from cardgen.render.build import BuildOptions, check_plain_options
from cardgen.render.components.declared import kind_names, preview_kinds
from cardgen.render.components.schema import load_components
from cardgen.render.components.words import LabelWords
from cardgen.render.edition import Designed, SetWords
from cardgen.render.faces.facekit import Face, Frame
from cardgen.render.preview import render_preview
from cardgen.render.sheets import impose
from cardgen.resources import TEMPLATES_DIR

#: Build options that select a Rail Journey pack's or variant's faces: refused by name, not ignored.
UNUSED = {"variant": "--variant", "with_base": "--with-base", "changed_since": "--changed-since"}


@dataclass
class HorselessEdition:
    """Horseless Carriage content loaded for one build."""

    content: HorselessContent
    options: BuildOptions

    @classmethod
    def open(cls, folder: Path, options: BuildOptions) -> HorselessEdition:
        check_plain_options(options)
        for name, flag in UNUSED.items():
            if getattr(options, name):
                raise UsageError(f"{flag} is not for horseless-carriage (it has no packs or variants)")
        content = load_content(folder)
        low, high = content.game.players.min, content.game.players.max
        players = options.player_count(high)  # none given: the full set, for the most players the game takes
        if not low <= players <= high:
            raise UsageError(f"--players {players}: game.yaml players is {low} to {high}")
        return cls(content, replace(options, players=players))

    @property
    def name(self) -> str:
        return self.content.game.id

    @property
    def folders(self) -> list[Path]:
        return [Path(self.content.folder)]

    @property
    def templates(self) -> list[Path]:
        return [TEMPLATES, TEMPLATES_DIR]

    def design(self, options: BuildOptions) -> Designed:
        return Designed(faces(self.content, lang=options.lang, players=options.player_count(self.content.game.players.max),
                              bleed_mm=options.bleed_mm))

    def unprinted(self, options: BuildOptions, designed: Designed) -> list[Face]:
        return []

    def labels(self, lang: str) -> LabelWords:
        return LabelWords(self.content.strings, lang, name=self.content.game.name)

    def words(self, lang: str) -> SetWords:
        """The game's name, the sheet labels and each kind's name, from strings.yaml."""
        w = self.labels(lang)
        declared = load_components(Path(self.content.folder))
        names = kind_names(declared, self.content.strings, lang) if declared is not None else {}
        return w.box_name, impose.SheetWords(
            front=w.label("front"), back=w.label("back"), fold=w.label("fold_note"),
            tile=w.label("tile"), row=w.label("row"), column=w.label("column"),
            assembly=w.label("assembly")), names

    def preview(self, shown: Sequence[Face], *, lang: str, files: Sequence, quantities: Sequence[dict]) -> str:
        """The offline preview, grouped as components.yaml groups the kinds."""
        w = self.labels(lang)
        declared = load_components(Path(self.content.folder))
        labels, group_of = preview_kinds(declared, self.content.strings, lang) if declared else ({}, {})
        return render_preview(shown, words=w, kinds=labels, group_of=group_of, tagline=w.label("tagline"),
                              card_css=frames_css, files=files, quantities=quantities)


def frames_css(faces: Sequence[Face]) -> str:
    """The frame rules of the ganged faces shown (cards and tiles take their geometry from their frame's class)."""
    return "\n".join(dict.fromkeys(Frame(f.width_mm, f.height_mm, f.bleed_mm).css for f in faces
                                    if f.layout == "card"))
