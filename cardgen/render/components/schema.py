"""``components.yaml``: each component kind of a game declared once, as data.

Why: a face family used to be a Python function, a template, a preview label and a
print count typed in four places. Here a kind is one entry: its template (in the
game's templates folder), its size, its paper treatment, its back and how many
copies are printed; faces, face ids, labels, preview groups and print counts all
follow from it (:mod:`cardgen.render.components.declared`). Adding a kind to a game
is a template and a few lines of YAML.

The file is untrusted content like every content file: read by
:mod:`cardgen.model.source` (located values), every number bounded, every problem
reported at ``components.yaml:line:col``.
"""

from __future__ import annotations

from pathlib import Path
import re
from typing import Annotated, Literal

from pydantic import Field, Tag, field_validator, model_validator

from cardgen.errors import ContentError, Problem
from cardgen.model.located import Shape, by_kind, checked
from cardgen.model.messages import describe, suggest
from cardgen.model.basic import Id, Text
from cardgen.model.source import MISSING, SourceMap, YamlSourceError, load_file

#: The file a content folder declares its component kinds in.
COMPONENTS_FILE = "components.yaml"

# ---------------------------------------------------------------- bounds (untrusted content)

MIN_SIDE_MM = 5.0        #: smallest side of a printed piece (a sticker for a small die)
MAX_SIDE_MM = 1200.0     #: largest side of a board (A0's long side is 1189 mm; larger boards are tiled)
MAX_COPIES = 500         #: copies of one face printed for a whole table
MAX_PER_PLAYER = 20      #: copies of one face printed for each player
MAX_KINDS = 100          #: component kinds of one game
MAX_SIZES = 50           #: named sizes of one file
MIN_DIE_MM = 8.0         #: smallest die edge a net or sticker is drawn for
MAX_DIE_MM = 60.0
MAX_TAB_MM = 15.0        #: widest glue tab of a die net
MAX_TOLERANCE_MM = 3.0   #: most a sticker is made smaller than its die's face

#: A template's file name: a plain name in the game's templates folder (no folder part, so none outside it).
MAX_TEMPLATE_NAME = 80
TEMPLATE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.html\.j2")
Side = Annotated[float, Field(ge=MIN_SIDE_MM, le=MAX_SIDE_MM)]
Layout = Literal["card", "board", "tile", "sheet", "die_net"]
#: Layouts gang-imposed like cards (many to a sheet, cut apart: a die net is cut out of its box); every other one
#: prints a page of its own.
GANGED = ("card", "tile", "die_net")
#: ``back: none`` says a component has no back (as leaving ``back`` out does).
NO_BACK = "none"


class Size(Shape):
    """A trim size in millimetres."""

    width: Side = Field(description="Trim width in mm.")
    height: Side = Field(description="Trim height in mm.")


class Copies(Shape):
    """How many copies are printed: a fixed number, a number per player, or one face per item of a collection
    the game provides (each item printed its own ``copies`` times, or ``fixed``/``per_player`` times)."""

    fixed: Annotated[int, Field(ge=0, le=MAX_COPIES)] | None = Field(default=None, description="Copies for the whole table.")
    per_player: Annotated[int, Field(ge=0, le=MAX_PER_PLAYER)] | None = Field(
        default=None, description="Copies for each player (times --players).")
    each: Id | None = Field(default=None, description="One face per item of this collection of the game "
                                                      "(its dice, its expansions...).")

    @model_validator(mode="after")
    def _one_count(self) -> Copies:
        if self.fixed is not None and self.per_player is not None:
            raise ValueError("say fixed or per_player, not both")
        if self.fixed is None and self.per_player is None and self.each is None:
            raise ValueError("say fixed, per_player or each")
        return self


class Die(Shape):
    """The die a net folds into or a sticker is stuck on."""

    edge_mm: Annotated[float, Field(ge=MIN_DIE_MM, le=MAX_DIE_MM)] = Field(description="Edge of the cube in mm.")
    tab_mm: Annotated[float, Field(ge=0, le=MAX_TAB_MM)] = Field(default=5.0, description="Glue tab width of a net.")
    tolerance_mm: Annotated[float, Field(ge=0, le=MAX_TOLERANCE_MM)] = Field(
        default=1.0, description="A sticker's side is the die's edge less this (room for the die's rounded edges).")


class Component(Shape):
    """One component kind."""

    id: Id = Field(description="The kind's id: its faces' kind, and their ids' first part.")
    label: Annotated[Annotated[Text, Tag("<mapping>")] | Annotated[Id, Tag("<text>")],
                     by_kind("{zh, en} or the id of a string")] = Field(
        description="What a player calls it: {zh, en}, or the id of a string of the game.")
    template: str = Field(max_length=MAX_TEMPLATE_NAME, description="Its template, a file of the game's templates "
                                                                     "folder.")
    size: Annotated[Annotated[Size, Tag("<mapping>")] | Annotated[Id, Tag("<text>")],
                    by_kind("{width, height} or a size's name")] | None = Field(
        default=None, description="Trim size: {width, height} in mm, or a named size "
                                                             "(this file's sizes, or page / page_landscape: the "
                                                             "room every paper prints). A die_net's follows "
                                                             "from its die.")
    layout: Layout = Field(description="Paper treatment: card or tile (many to a sheet), board, sheet, die_net.")
    back: Id | None = Field(default=None, description="The component printed on its back, or none.")
    copies: Copies | None = Field(default=None, description="How many are printed (a back's: its fronts').")
    group: Id | None = Field(default=None, description="The preview group it is shown in (default: its own).")
    die: Die | None = Field(default=None, description="die_net: the cube it folds into; sheet: stickers for it.")

    @field_validator("template")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        if not TEMPLATE_NAME.fullmatch(value):
            raise ValueError(f"expected a template's file name (name.html.j2, no folder), got {describe(value)}")
        return value


class ComponentsFile(Shape):
    """``components.yaml``."""

    sizes: dict[Id, Size] = Field(default_factory=dict, max_length=MAX_SIZES, description="Named sizes.")
    components: list[Component] = Field(min_length=1, max_length=MAX_KINDS, description="The component kinds.")


#: Sizes every game may name: the largest board printing on one page of every paper, either way up.
KIT_SIZES = ("page", "page_landscape")


class Declared:
    """A read ``components.yaml``: its kinds, where each value was written, and its lines for messages."""

    def __init__(self, model: ComponentsFile, smap: SourceMap):
        self.model = model
        self.smap = smap

    @property
    def components(self) -> list[Component]:
        return self.model.components

    def index(self, component_id: str) -> int:
        return next(i for i, c in enumerate(self.components) if c.id == component_id)

    def problem(self, component_id: str, key: str, message: str) -> Problem:
        """A problem about ``key`` of one component, located where the file wrote it."""
        return self.smap.problem(("components", self.index(component_id), key), message)

    def fail(self, problems: list[Problem]) -> ContentError:
        return ContentError(problems, {COMPONENTS_FILE: self.smap.lines})


def load_components(folder: Path) -> Declared | None:
    """The component kinds a content folder declares, checked; None when it has no ``components.yaml``.

    Raises :class:`ContentError` listing every problem, each at ``components.yaml:line:col``.
    """
    path = Path(folder) / COMPONENTS_FILE
    if not path.exists() and not path.is_symlink():
        return None
    try:
        data, smap = load_file(path, COMPONENTS_FILE, folder=Path(folder))
    except YamlSourceError as exc:
        if exc.problem.message == MISSING:
            return None
        raise ContentError([exc.problem], {COMPONENTS_FILE: exc.lines}) from None
    model, problems = checked(ComponentsFile, data, smap)
    problems = list(smap.problems) + problems
    if model is None:
        raise ContentError(problems, {COMPONENTS_FILE: smap.lines})
    declared = Declared(model, smap)
    problems += _cross_problems(declared)
    if problems:
        raise declared.fail(problems)
    return declared


def declaration_sources(folder: Path) -> dict[str, list[str]]:
    """The lines of a folder's ``components.yaml`` by the name its problems give, so that a validator that
    lists them beside its own shows each with its source line and caret; {} when it has none."""
    try:
        _, smap = load_file(Path(folder) / COMPONENTS_FILE, COMPONENTS_FILE, folder=Path(folder))
    except YamlSourceError as exc:
        return {COMPONENTS_FILE: exc.lines} if exc.lines else {}
    return {COMPONENTS_FILE: smap.lines}


def _cross_problems(declared: Declared) -> list[Problem]:
    """What the schema alone cannot see: ids twice, a back or a size that names nothing, a die net without its die."""
    out: list[Problem] = []
    seen: dict[str, int] = {}
    ids = [c.id for c in declared.components]
    sizes = [*declared.model.sizes, *KIT_SIZES]
    for i, c in enumerate(declared.components):
        if c.id in seen:
            first = declared.smap.locate(("components", seen[c.id], "id"))
            out.append(declared.smap.problem(("components", i, "id"),
                                             f"component id {c.id!r} is declared twice (first at line {first.line})"))
        seen.setdefault(c.id, i)
        if c.back not in (None, NO_BACK) and c.back not in ids:
            out.append(declared.smap.problem(("components", i, "back"),
                                             f"back names no component: {c.back!r}{suggest(c.back, ids)}"))
        elif c.back == c.id:
            out.append(declared.smap.problem(("components", i, "back"), "a component cannot be its own back"))
        if isinstance(c.size, str) and c.size not in sizes:
            out.append(declared.smap.problem(("components", i, "size"), f"no size named {c.size!r}"
                                             f"{suggest(c.size, sizes)} (sizes: {', '.join(sizes)})"))
        if c.size is None and c.layout != "die_net":
            out.append(declared.smap.problem(("components", i), "missing required key 'size' (only a die_net's "
                                                                "size follows from its die)"))
        if c.layout == "die_net" and c.die is None:
            out.append(declared.smap.problem(("components", i), "missing required key 'die' (a die_net folds into "
                                                                "a die of that edge)"))
    backs = {c.back for c in declared.components}
    for i, c in enumerate(declared.components):
        if c.copies is None and c.id not in backs:
            out.append(declared.smap.problem(("components", i), "missing required key 'copies' (only a back's "
                                                                "copies follow from its fronts)"))
        if c.id in backs and c.copies is not None and c.copies.each is not None:
            out.append(declared.smap.problem(("components", i, "copies", "each"),
                                             "a back is one face: it cannot be printed for each item"))
    return out
