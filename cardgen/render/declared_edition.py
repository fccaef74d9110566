"""The print edition of a game whose printed kinds are all declared in its ``components.yaml``.

Why: such a game draws and words nothing in Python (its templates and strings.yaml do), so its edition
(cardgen.render.edition.Edition) is the same for every such game: the kit's faces of its declarations, its
sheet labels and preview words from its strings. A game hands the kit a :class:`DeclaredGame` (its content
loaded as a :class:`cardgen.render.components.declared.DeclaredSet`, and why it takes no variant options).
A pack over such a game prints only the faces it changes, with its mark.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from cardgen.errors import UsageError
from cardgen.render.build import check_plain_options
from cardgen.render.components.declared import DeclaredSet, changed_faces, kind_names, preview_kinds
from cardgen.render.components.schema import load_components
from cardgen.render.components.words import LabelWords
from cardgen.render.edition import BuildOptions, Designed, SetWords
from cardgen.render.faces.facekit import Face, Frame
from cardgen.render.preview import render_preview
from cardgen.render.sheets import impose
from cardgen.resources import TEMPLATES_DIR

#: Build options that select a Rail Journey pack's or variant's faces: refused by name, not ignored
#: (``--with-base`` too, unless the folder is a pack).
UNUSED = {"variant": "--variant", "changed_since": "--changed-since"}
WITH_BASE = "--with-base"


@dataclass(frozen=True)
class DeclaredGame:
    """What the kit needs of a game to print it from its declarations alone."""

    id: str                              #: the game's registry id, named when an option is refused
    load: Callable[[Path], DeclaredSet]  #: a content folder loaded (bad content: a located ContentError)
    refused: str                         #: why the options in :data:`UNUSED` mean nothing to this game

    def open(self, folder: Path, options: BuildOptions) -> DeclaredEdition:
        """The game's content in ``folder`` loaded for one build of ``options`` (``players`` filled in)."""
        check_plain_options(options)
        for name, flag in UNUSED.items():
            if getattr(options, name):
                raise UsageError(f"{flag} is not for {self.id} ({self.refused})")
        printed = self.load(folder)
        if options.with_base and printed.pack is None:
            raise UsageError(f"{WITH_BASE} is not for {self.id} ({self.refused})")
        low, high = printed.players
        players = options.player_count(high)  # none given: the full set, for the most players the game takes
        if not low <= players <= high:
            raise UsageError(f"--players {players}: game.yaml players is {low} to {high}")
        return DeclaredEdition(printed, replace(options, players=players), self.load)


@dataclass
class DeclaredEdition:
    """A declared game's content loaded for one build."""

    printed: DeclaredSet
    options: BuildOptions
    load: Callable[[Path], DeclaredSet]  #: the game's loader: a pack's base is read to see what the pack changes

    @property
    def name(self) -> str:
        return self.printed.id

    @property
    def folders(self) -> list[Path]:
        return self.printed.folders

    @property
    def templates(self) -> list[Path]:
        return [self.printed.templates, TEMPLATES_DIR]

    def design(self, options: BuildOptions) -> Designed:
        """Every declared face; for a pack, only the faces it prints otherwise than its base (new, changed, or in
        other numbers: :func:`changed_faces`), each with the pack's mark, listed in manifest.json; with
        ``--with-base``, the whole merged set (a box of its own), those faces marked the same."""
        made = partial(DeclaredSet.faces, lang=options.lang, players=options.player_count(self.printed.players[1]),
                       bleed_mm=options.bleed_mm)
        pack = self.printed.pack
        if pack is None:
            return Designed(made(self.printed))
        changed = changed_faces(made(self.printed), made(self.load(pack.base)))
        printed = [face for face in made(self.printed, mark=pack.mark, marked=changed)
                   if options.with_base or face.id in changed]
        return Designed(printed, manifest={"pack": {"id": pack.id, "version": pack.version, "mark": pack.mark,
                                                    "changed": sorted(changed)}})

    def unprinted(self, options: BuildOptions, designed: Designed) -> list[Face]:
        return []

    def labels(self, lang: str) -> LabelWords:
        return LabelWords(self.printed.strings, lang, name=self.printed.name)

    def words(self, lang: str) -> SetWords:
        """The game's name, the sheet labels and each kind's name, from strings.yaml."""
        w = self.labels(lang)
        declared = load_components(self.printed.folder)
        names = kind_names(declared, self.printed.strings, lang) if declared is not None else {}
        return w.box_name, impose.SheetWords(
            front=w.label("front"), back=w.label("back"), fold=w.label("fold_note"), tile=w.label("tile"),
            row=w.label("row"), column=w.label("column"), assembly=w.label("assembly")), names

    def preview(self, shown: Sequence[Face], *, lang: str, files: Sequence, quantities: Sequence[dict]) -> str:
        """The offline preview, grouped as components.yaml groups the kinds."""
        w = self.labels(lang)
        declared = load_components(self.printed.folder)
        labels, group_of = preview_kinds(declared, self.printed.strings, lang) if declared else ({}, {})
        return render_preview(shown, words=w, kinds=labels, group_of=group_of, tagline=w.label("tagline"),
                              card_css=frames_css, files=files, quantities=quantities)


def frames_css(faces: Sequence[Face]) -> str:
    """The frame rules of the ganged faces shown (cards, tiles and die nets take their geometry from their
    frame's class)."""
    return "\n".join(dict.fromkeys(Frame(f.width_mm, f.height_mm, f.bleed_mm).css for f in faces
                                    if f.layout == "card"))
