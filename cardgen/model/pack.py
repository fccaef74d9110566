"""Packs: a folder with ``pack.yaml`` whose overlay files change a base game (or another pack) by id.

Why: an expansion holds only what it adds, changes or removes, so it stays a few
lines per card, survives edits to its base, and prints alone. What a pack is does
not depend on its game: this module reads ``pack.yaml`` and resolves the chain of
bases (a bundled game id or a path relative to the pack; missing and cyclic bases
are located errors, at most :data:`MAX_LAYERS` packs), and says what output folder
a pack's id may not take. :mod:`cardgen.model.layered` merges the overlay files of
any game over its base's; :mod:`cardgen.model.pack_read` is Rail Journey's reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError

from cardgen.errors import Problem
from cardgen.model import places
from cardgen.model.messages import friendly, suggest
from cardgen.model.basic import Id, Model, Text
from cardgen.model.effects import Bounds
from cardgen.model.source import Position, SourceMap, YamlSourceError, dotted, load_file

PACK_FILE = "pack.yaml"
#: Most packs stacked on one base game (a deeper chain is almost surely a mistake).
MAX_LAYERS = 8


class PackFile(Model):
    """pack.yaml: who the pack is and what it is laid over."""

    id: Id = Field(description="Pack id; names the pack's output folder.")
    name: Text = Field(description="Pack name.")
    version: Annotated[int, Bounds(1, 1_000_000)] = Field(description="Pack version.")
    base: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="The game or pack this one changes: a bundled id (rail-journey) or a folder relative to the pack.")
    mark: Annotated[str, Field(min_length=1, max_length=4)] = Field(
        description="A short symbol or text printed in the same place on every face of the pack; not an icon "
                    "the game prints (a station's, a card kind's).")


@dataclass(frozen=True)
class PackInfo:
    """A valid pack's identity and its chain of folders (base game first, this pack last)."""

    id: str
    name: Text
    version: int
    mark: str
    folder: Path
    base: Path            #: the folder ``base`` names (a game or a pack)
    layers: tuple[Path, ...]  #: the base game, then every pack over it, this one last
    label: str = ""           #: how this pack's files are named in messages (``my-pack/tickets.yaml``)


def is_pack(folder: Path) -> bool:
    try:
        return (Path(folder) / PACK_FILE).is_file()
    except OSError:  # a folder that cannot be searched: read as a content folder, whose files say why
        return False


def resolve_base(pack_dir: Path, base: str) -> Path | None:
    """The folder ``base`` names: a bundled game or pack id first, then a folder relative to the pack that
    lies under the pack's parent folder (:mod:`cardgen.model.places`; :class:`places.Refused` if not)."""
    return places.named_from(base, pack_dir, "base")


@dataclass
class Layer:
    folder: Path
    label: str             #: how the folder's files are named in messages (``my-pack/tickets.yaml``)
    pack: PackFile | None  #: None for the base game
    id_at: Position | None = None  #: where pack.yaml writes the pack's id
    mark_at: Position | None = None  #: where pack.yaml writes the pack's mark


@dataclass
class Stack:
    """What reading a pack found: its layers (base first) and every problem on the way."""

    layers: list[Layer] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)


def _label(folder: Path, taken: set[str]) -> str:
    label = folder.name or folder.resolve().name or str(folder)  # "." is named after the folder it is
    return label if label not in taken else str(folder)


def read_pack_file(folder: Path, label: str, stack: Stack) -> tuple[PackFile | None, SourceMap | None]:
    name = f"{label}/{PACK_FILE}"
    try:
        data, smap = load_file(folder / PACK_FILE, name, folder=folder)
    except YamlSourceError as exc:
        stack.problems.append(exc.problem)
        stack.sources[name] = exc.lines
        return None, None
    stack.sources[name] = smap.lines
    stack.problems.extend(smap.problems)
    if not isinstance(data, dict):
        pos = smap.locate(())
        stack.problems.append(Problem(name, pos.line, pos.col, "", "top level must be a mapping of keys"))
        return None, smap
    try:
        return PackFile.model_validate(data), smap
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            path = tuple(err["loc"])
            pos = smap.locate(path if err["type"] != "missing" else path[:-1],
                              key=err["type"] == "extra_forbidden")
            stack.problems.append(Problem(name, pos.line, pos.col, dotted(path), friendly(err, PackFile, path)))
        return None, smap


def chain(folder: Path) -> Stack:
    """The layers of the pack in ``folder``, base game first; problems for a missing or cyclic base."""
    stack = Stack()
    seen: list[Path] = []
    taken: set[str] = set()
    packs: list[Layer] = []
    first: tuple[str, Position] | None = None  # the top pack's base: where a chain too deep is reported
    here = Path(folder)
    while True:
        label = _label(here, taken)
        taken.add(label)
        if not is_pack(here):
            stack.layers = [Layer(here, label, None), *reversed(packs)]
            return stack
        pack, smap = read_pack_file(here, label, stack)
        if pack is None or smap is None:
            return stack
        seen.append(here.resolve())
        packs.append(Layer(here, label, pack, smap.locate(("id",)), smap.locate(("mark",))))
        pos = smap.locate(("base",))
        name = f"{label}/{PACK_FILE}"
        first = first or (name, pos)
        if Path(pack.base).is_absolute() or pack.base.startswith("~"):
            stack.problems.append(Problem(name, pos.line, pos.col, "base",
                                          f"base '{pack.base}' is an absolute path; name a bundled game or "
                                          "pack by id, or a folder relative to the pack (packs are shared)"))
            return stack
        try:
            base = resolve_base(here, pack.base)
        except places.Refused as exc:
            stack.problems.append(Problem(name, pos.line, pos.col, "base", str(exc)))
            return stack
        if base is None:
            known = places.bundled_ids()
            beside = here.resolve().parent / pack.base  # resolved: a pack validated as "." has a parent too
            hint = (f"; the folder {pack.base} beside the pack is ../{pack.base} from it"
                    if beside.is_dir() and not pack.base.startswith("..") else "")
            stack.problems.append(Problem(name, pos.line, pos.col, "base",
                                          f"base '{pack.base}' not found: no folder {label}/{pack.base} (a base "
                                          f"folder is relative to the pack's own folder){hint}, and no bundled "
                                          f"game or pack of that id{suggest(pack.base, known)} "
                                          f"(bundled: {', '.join(known)})"))
            return stack
        if base in seen:
            loop = " -> ".join([*(p.name for p in seen[seen.index(base):]), base.name])
            stack.problems.append(Problem(name, pos.line, pos.col, "base",
                                          f"base '{pack.base}' leads back to a pack already in the chain ({loop})"))
            return stack
        if len(packs) >= MAX_LAYERS and is_pack(base):  # reported at the top pack's base: the one validated
            assert first is not None  # set by the first pack read
            names = " -> ".join(layer.label for layer in packs)
            stack.problems.append(Problem(first[0], first[1].line, first[1].col, "base",
                                          f"more than {MAX_LAYERS} packs stacked on one game ({names} -> ...)"))
            return stack
        here = base


def pack_info(folder: Path) -> PackInfo | None:
    """The identity of the (already validated) pack in ``folder``, or None for a plain content folder."""
    return _pack_info(Path(folder).resolve()) if is_pack(folder) else None


@lru_cache(maxsize=64)
def _pack_info(folder: Path) -> PackInfo | None:
    stack = chain(folder)
    if stack.problems or not stack.layers or stack.layers[-1].pack is None:
        return None
    pack = stack.layers[-1].pack
    return PackInfo(pack.id, pack.name, pack.version, pack.mark, folder, resolve_base(folder, pack.base) or folder,
                    tuple(layer.folder.resolve() for layer in stack.layers), stack.layers[-1].label)


def overlay_names(folder: Path) -> list[Path]:
    """The YAML files of a pack folder besides pack.yaml (each must be named like a base file)."""
    return sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.name != PACK_FILE)


def unread_files(folder: Path) -> list[str]:
    """What the packs of the chain in ``folder`` hold but do not read, named ``label/name`` (``label/name/`` for
    a folder): a pack reads only pack.yaml and its overlay files, so a designer's ``notes.txt`` or a folder of
    images changes nothing, and is said so. Hidden files are left out; YAML files it does not read are errors."""
    found = []
    for layer in chain(Path(folder)).layers[1:]:
        read = {PACK_FILE, *(path.name for path in overlay_names(layer.folder))}
        try:
            entries = sorted(layer.folder.iterdir())
        except OSError:
            continue  # the pack's own files report it
        for entry in entries:
            if entry.name not in read and not entry.name.startswith("."):
                found.append(f"{layer.label}/{entry.name}{'/' if entry.is_dir() else ''}")
    return found


def check_ids(stack: Stack, game: Any, variants: Any) -> None:
    """A pack's id names its output folder: one that a bundled set, or a layer under the pack, prints into
    (its id, ``ID-VARIANT`` for a variant, ``ID-with-base``) would replace what was there."""
    game_id = game.get("id") if isinstance(game, dict) else None
    mine = _outputs(game_id, "the game under this pack", _variant_ids(variants)) if isinstance(game_id, str) else {}
    taken = {**mine, **dict(_bundled_outputs())}  # a bundled set is named as such
    for layer in stack.layers[1:]:
        assert layer.pack is not None and layer.id_at is not None  # every layer over the base game is a pack
        pack_id = layer.pack.id
        who = taken.get(pack_id)
        if who is not None and places.bundled(pack_id) != layer.folder.resolve():  # a bundled pack is itself
            stack.problems.append(Problem(f"{layer.label}/{PACK_FILE}", layer.id_at.line, layer.id_at.col, "id",
                                          f"id '{pack_id}' names the output folder output/{pack_id}, which {who} "
                                          "prints into; give the pack an id of its own"))
        taken.update(_outputs(pack_id, f"the pack {pack_id} under this pack", [], packed=True))


def _outputs(set_id: str, who: str, variants: list[str], packed: bool = False) -> dict[str, str]:
    """The output folders a set prints into (cardgen.render.build.default_out), each with who prints there."""
    found = {set_id: who, **{f"{set_id}-{v}": f"{who} with --variant {v}" for v in variants}}
    if packed:
        found[f"{set_id}-with-base"] = f"{who} with --with-base"
    return found


def _variant_ids(variants: Any) -> list[str]:
    listed = variants.get("variants") if isinstance(variants, dict) else None
    return [v["id"] for v in listed if isinstance(v, dict) and isinstance(v.get("id"), str)] \
        if isinstance(listed, list) else []


@lru_cache(maxsize=1)
def _bundled_outputs() -> tuple[tuple[str, str], ...]:
    """The output folders the bundled games and packs print into (their files are ours: read plainly, once)."""
    import yaml
    found: dict[str, str] = {}
    for set_id in places.bundled_ids():
        folder = places.bundled(set_id)
        assert folder is not None
        if is_pack(folder):
            found.update(_outputs(set_id, f"the bundled pack {set_id}", [], packed=True))
        else:
            listed = folder / "variants.yaml"    # a game may have none (Railroad Ink, Horseless Carriage)
            variants = yaml.safe_load(listed.read_text(encoding="utf-8")) if listed.is_file() else None
            found.update(_outputs(set_id, f"the bundled game {set_id}", _variant_ids(variants)))
    return tuple(found.items())
