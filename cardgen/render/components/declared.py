"""Faces from declared component kinds: one declaration -> its faces, ids, labels, copies, back and group.

A game hands :func:`declared_faces` its ``components.yaml`` (read by
:func:`cardgen.render.components.schema.load_components`) and a :class:`GameContext`:
the collections ``copies: {each: ...}`` may name (its dice, its expansions), its
strings, and the values its templates read. Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import ContentError, Problem, UsageError
from cardgen.languages import LANGS
from cardgen.model.messages import suggest
from cardgen.render.components.geometry import die_net, net_size, sticker_grid
from cardgen.render.components.schema import GANGED, KIT_SIZES, NO_BACK, Component, Declared, load_components
from cardgen.render.components.words import LabelWords, in_lang
from cardgen.render.faces.colour import Palette
from cardgen.render.faces.facekit import SAFE_MARGIN_MM, Face, FaceMaker
from cardgen.render.sheets.layout import board_room

#: Room between two stickers on a sheet (one cut between them leaves each its own edge).
STICKER_GAP_MM = 3.0
#: The bleed a declared face may take, in mm (the kit's sheets allow 0 to 10).
MAX_BLEED_MM = 10.0


@dataclass(frozen=True)
class GameContext:
    """What a game hands the kit: its strings (id -> {zh, en}), its collections by name, and values every
    template of the game is given by name (its content model)."""

    strings: Mapping[str, Any]
    collections: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    values: Mapping[str, Any] = field(default_factory=dict)
    palette: Palette = field(default_factory=lambda: Palette((), ()))


def item_field(item: Any, name: str, default: Any = None) -> Any:
    """``item.name`` or ``item[name]``: collections may hold models or plain mappings."""
    if isinstance(item, Mapping):
        return item.get(name, default)
    return getattr(item, name, default)


def declared_faces(declared: Declared, context: GameContext, maker: FaceMaker, *, players: int,
                   templates: Path) -> list[Face]:
    """Every face the declarations print for ``players`` players, fronts in declaration order, then backs.

    A problem the file alone cannot show (a string, a collection or a template it names that the game does
    not have) is a located :class:`cardgen.errors.ContentError`.
    """
    problems = _game_problems(declared, context, templates)
    if problems:
        raise declared.fail(problems)
    backs = {c.back for c in declared.components if c.back not in (None, NO_BACK)}
    faces = [face for c in declared.components if c.id not in backs
             for face in _faces_of(c, declared, context, maker, players)]
    for c in declared.components:
        if c.id in backs:
            copies = sum(f.copies for f in faces if f.back == c.id)
            faces += _faces_of(c, declared, context, maker, players, back_copies=copies)
    _check_unique(declared, faces)
    return faces


def _check_unique(declared: Declared, faces: list[Face]) -> None:
    """Two faces of one id (``token-x`` of an item x, and a kind named ``token-x``) would print one for both."""
    kinds: dict[str, str] = {}
    for face in faces:
        if face.id in kinds:
            raise declared.fail([declared.problem(face.kind, "id", f"its face {face.id!r} has the id of a face of "
                                                                   f"{kinds[face.id]!r}; rename one of them")])
        kinds[face.id] = face.kind


def declaration_problems(folder: Path, context: GameContext, templates: Path) -> list[Problem]:
    """Every problem of a folder's ``components.yaml``, located, as a validator lists them beside its own
    checks (none when the folder declares nothing): what a build would refuse, found without rendering."""
    try:
        declared = load_components(folder)
    except ContentError as exc:
        return list(exc.problems)
    return [] if declared is None else _game_problems(declared, context, templates)


def component_faces(folder: Path, context: GameContext, *, templates: Path, lang: str, players: int,
                    bleed_mm: float, mark: str = "", marked: frozenset[str] | None = None) -> list[Face]:
    """The faces of a content folder's ``components.yaml`` in ``lang``, its words read from ``context``;
    [] when the folder declares none. ``mark``: a pack's set mark, on the faces ``marked`` names (None: every
    front)."""
    declared = load_components(folder)
    if declared is None:
        return []
    maker = FaceMaker(LabelWords(context.strings, lang), bleed_mm, palette=context.palette, templates=templates,
                      shared=context.values, mark=mark, marked=marked)
    return declared_faces(declared, context, maker, players=players, templates=templates)


def changed_faces(faces: Sequence[Face], base: Sequence[Face]) -> frozenset[str]:
    """The ids of ``faces`` (a pack's set, unmarked) that print otherwise than ``base`` (its base's set): new
    faces, and faces whose page or copies differ from the base's face of the same id. A pack's build prints
    these only: a player adds them to the base set they already have."""
    before = {face.id: face for face in base}
    return frozenset(face.id for face in faces if face.id not in before or before[face.id].html != face.html
                     or before[face.id].copies != face.copies)


@dataclass(frozen=True)
class DeclaredSet:
    """A game's loaded content as the kit prints it when every printed kind is declared in its
    ``components.yaml``: the game fills this in from its own model, the kit reads nothing else of it."""

    id: str                      #: the set's id (game.yaml ``id``, a pack's own): it names the output folder
    name: Any                    #: the game's name ({zh, en}): the title of its pages
    folder: Path                 #: the folder of the game's own files (components.yaml): a pack's base game's
    players: tuple[int, int]     #: fewest and most players (game.yaml ``players``)
    strings: Mapping[str, Any]   #: strings.yaml: id -> {zh, en}
    templates: Path              #: the game's own templates folder (its components.yaml names them)
    context: Callable[[int], GameContext]  #: what the templates read, for a player count
    #: the pack this set is (cardgen.model.pack.PackInfo: id, version, mark, base, layers), or None
    pack: Any = None

    @property
    def folders(self) -> list[Path]:
        """The folders whose files make up the set: a pack's every layer, base game first."""
        return list(self.pack.layers) if self.pack is not None else [self.folder]

    @classmethod
    def of(cls, content: Any, *, strings: Mapping[str, Any], templates: Path,
           context: Callable[[int], GameContext]) -> DeclaredSet:
        """A content model holding its ``folder``, its game.yaml as ``game`` (id, name, players.min/max) and its
        ``pack`` (None for a plain folder)."""
        game, pack = content.game, getattr(content, "pack", None)
        folder = Path(pack.layers[0] if pack is not None else content.folder)
        return cls(pack.id if pack is not None else game.id, game.name, folder,
                   (game.players.min, game.players.max), strings, templates, context, pack)

    def faces(self, *, lang: str, players: int, bleed_mm: float, mark: str = "",
              marked: frozenset[str] | None = None) -> list[Face]:
        """Every declared face for ``players`` players in ``lang`` (``mark`` on the faces ``marked`` names); an
        option out of range is a UsageError."""
        if lang not in LANGS:
            raise UsageError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
        low, high = self.players
        if not low <= players <= high:
            raise UsageError(f"--players must be between {low} and {high} (game.yaml players), not {players}")
        if not 0 <= bleed_mm <= MAX_BLEED_MM:
            raise UsageError(f"bleed must be between 0 and {MAX_BLEED_MM:g} mm, not {bleed_mm}")
        return component_faces(self.folder, self.context(players), templates=self.templates, lang=lang,
                               players=players, bleed_mm=bleed_mm, mark=mark, marked=marked)


def preview_kinds(declared: Declared, strings: Mapping[str, Any], lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """What the preview page (cardgen.render.preview.render_preview) shows of the declared kinds: each kind's
    label in ``lang`` in the file's order, and each kind's group (``group``, or its own id).

    A group is named by the game's string of its id when there is one, else by its first kind's label.
    """
    labels: dict[str, str] = {}
    named: dict[str, str] = {}
    for c in declared.components:
        group = c.group or c.id
        if group not in named:
            text = strings[group] if group in strings else strings[c.label] if isinstance(c.label, str) else c.label
            named[group] = in_lang(text, lang)
        labels[c.id] = named[group]
    return labels, {c.id: c.group or c.id for c in declared.components}


def kind_names(declared: Declared, strings: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Each declared kind's own label in ``lang`` (the sheets name a kind's pages with it)."""
    return {c.id: in_lang(strings[c.label] if isinstance(c.label, str) else c.label, lang)
            for c in declared.components}


def _game_problems(declared: Declared, context: GameContext, templates: Path) -> list[Problem]:
    out = []
    for c in declared.components:
        if isinstance(c.label, str) and c.label not in context.strings:
            out.append(declared.problem(c.id, "label", f"no string {c.label!r} in the game's strings"
                                                       f"{suggest(c.label, context.strings)}"))
        if c.copies is not None and c.copies.each is not None and c.copies.each not in context.collections:
            names = ", ".join(sorted(context.collections)) or "none"
            out.append(declared.smap.problem(("components", declared.index(c.id), "copies", "each"),
                                             f"the game has no collection {c.copies.each!r}"
                                             f"{suggest(c.copies.each, context.collections)} (it has: {names})"))
        if not (templates / c.template).is_file():
            out.append(declared.problem(c.id, "template", f"no template {c.template!r} in the game's templates "
                                                          f"folder"))
    return out


def _size(c: Component, declared: Declared, bleed: float) -> tuple[float, float]:
    if c.layout == "die_net" and c.die is not None:
        return net_size(c.die.edge_mm, c.die.tab_mm)
    if isinstance(c.size, str):
        if c.size in declared.model.sizes:
            named = declared.model.sizes[c.size]
            return (named.width, named.height)
        room = board_room(bleed)
        return room if c.size == KIT_SIZES[0] else (room[1], room[0])
    assert c.size is not None  # the file's check: only a die_net may leave it out
    return (c.size.width, c.size.height)


def _faces_of(c: Component, declared: Declared, context: GameContext, maker: FaceMaker, players: int,
              back_copies: int | None = None) -> list[Face]:
    words = maker.words
    label_en = in_lang(c.label, "en") if not isinstance(c.label, str) else in_lang(context.strings[c.label], "en")
    caption = words.label(c.label) if isinstance(c.label, str) else in_lang(c.label, words.lang)
    size = _size(c, declared, maker.bleed)
    extra: dict[str, Any] = {}
    if c.die is not None:
        die = c.die
        if c.layout == "die_net":
            extra["net"] = die_net(die.edge_mm, die.tab_mm)
        else:
            width = size[0] - 2 * SAFE_MARGIN_MM
            extra["stickers"] = lambda count: sticker_grid(count, die.edge_mm, die.tolerance_mm, width, STICKER_GAP_MM)
    copies = c.copies
    items: list[Any] = [None] if copies is None or copies.each is None else list(context.collections[copies.each])
    faces = []
    for item in items:
        if back_copies is not None:
            count = back_copies
        elif copies is not None and copies.fixed is not None:
            count = copies.fixed
        elif copies is not None and copies.per_player is not None:
            count = copies.per_player * players
        else:
            count = int(item_field(item, "copies", 1))
        suffix = "" if item is None else str(item_field(item, "id"))
        name = item_field(item, "name")
        faces.append(maker.make(
            kind=c.id, id=f"{c.id}-{suffix}" if suffix else c.id, label=f"{label_en} {suffix}".strip(),
            caption=f"{caption} · {in_lang(name, words.lang) if name is not None else suffix}" if suffix else caption,
            template=c.template, size=size, copies=count, back=c.back if c.back != NO_BACK else None,
            layout="card" if c.layout in GANGED else c.layout,
            component=c, item=item, players=players, **extra))
    return faces

