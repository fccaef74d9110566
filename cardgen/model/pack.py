"""Packs: a folder with ``pack.yaml`` whose overlay files change a base game (or another pack) by id.

Why: an expansion holds only what it adds, changes or removes, so it stays a few
lines per card, survives edits to its base, and prints alone. Reading a pack
resolves its chain of bases (a bundled game id or a path relative to the pack;
missing and cyclic bases are located errors), reads the base content folder
like any other, merges each pack's overlay files over it in order
(:mod:`cardgen.model.layers`), recomputes the totals a pack does not state, and
hands :mod:`cardgen.model.load` plain values plus positions that may name any
layer's file. Everything after that (schema, cross-checks, variants) is the
same code that validates a plain content folder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError

from cardgen.errors import Problem
from cardgen.model.layers import GameMerge, Loc, get, plain, put
from cardgen.model import places
from cardgen.model.messages import friendly, suggest
from cardgen.model.schema import FILES, MAX_COPIES, Bounds, Id, Model, Text
from cardgen.model.source import PathKey, Position, SourceMap, YamlSourceError, dotted, load_file
from cardgen.model.track import TRACK_EDIT, dropped_rounds, edit_track, stamp_track_ids

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
    return places.bundled(base) or places.inside(base, pack_dir, places.tree(pack_dir), "base")


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


def read(folder: Path, read_base) -> tuple[dict[str, Any], dict[str, SourceMap], list[Problem], dict[str, list[str]]]:
    """Read the pack in ``folder`` merged over its bases: raw values, their source maps, problems, source lines.

    ``read_base(folder, label)`` reads a plain content folder (cardgen.model.load), naming its files
    ``label/file.yaml``.
    """
    from cardgen.model.layered import merge_layers  # the game-agnostic merge; it reads this module's chain

    stack = chain(folder)
    if stack.problems:
        return {}, {}, stack.problems, stack.sources
    base = stack.layers[0]
    raw, smaps, problems, sources = read_base(base.folder, base.label)
    stack.problems.extend(problems)
    stack.sources.update(sources)
    check_ids(stack, raw.get("game"), raw.get("variants"))
    # an overlay's problems do not stop the merged set from being checked
    out_raw, out_smaps = merge_layers(stack, raw, smaps, FILES, RAIL_JOURNEY_MERGE)
    stack.problems.extend(_mark_problems(stack.layers[-1], out_raw))
    return out_raw, out_smaps, stack.problems, stack.sources


#: Where the merged game names the icons its cards and boards print: (file stem, list key, what it is).
ICONS = (("map", "stations", "station"), ("operations", "kinds", "operation card"),
         ("dispatch", "kinds", "dispatch card"), ("events", "kinds", "event"))


def _bare(glyph: Any) -> str:
    """An icon or mark without its presentation selectors: "♨️" and "♨" print the same glyph."""
    return "".join(ch for ch in str(glyph) if ch not in "\ufe0e\ufe0f").strip()


def _mark_problems(top: Layer, raw: dict[str, Any]) -> list[Problem]:
    """The pack's mark may not be an icon its cards print (the sample's ♨ was also station S7's icon, on the
    same tickets): it would no longer say which cards are the pack's."""
    if top.pack is None or top.mark_at is None:
        return []
    mark = _bare(top.pack.mark)
    for stem, key, what in ICONS:
        entries = raw.get(stem, {}).get(key, []) if isinstance(raw.get(stem), dict) else []
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict) and _bare(entry.get("icon", "")) == mark:
                return [Problem(f"{top.label}/{PACK_FILE}", top.mark_at.line, top.mark_at.col, "mark",
                                f"mark '{top.pack.mark}' is also the icon of {what} {entry.get('id')}, printed on "
                                "the pack's cards: choose a mark no card or board prints")]
    return []


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


def _track_edit(stem: str, over: Loc) -> Callable[[dict[str, Loc]], list[Problem]] | None:
    """A pack's ``track_edit`` in its events.yaml, taken out before the merge and applied to the merged trees."""
    edit = over.value.pop(TRACK_EDIT, None) if stem == "events" and isinstance(over.value, dict) else None
    return None if edit is None else (lambda trees: edit_track(trees, edit))


#: What Rail Journey does around the game-agnostic merge: its track cards get ids first (a pack inserts and
#: removes cards by id), an events.yaml's track_edit is applied to the merged track, and the totals a pack does
#: not state are recounted after each pack.
RAIL_JOURNEY_MERGE = GameMerge(prepare=lambda trees: stamp_track_ids(trees.get("events")), edit=_track_edit,
                               after=lambda trees, written: recompute_totals(trees, written))


# ---------------------------------------------------------------- totals a pack need not state

def _count(node: Loc | None) -> int | None:
    value = plain(node)
    return len(value) if isinstance(value, (list, dict)) else None


def _copies(kinds: Any, times: str | None = None) -> int | None:
    """The copies of ``kinds`` added up (each times its ``times`` field), or None where a count is not a
    whole number the schema accepts: that entry is reported where it is written, and the totals it would
    make wrong are not recounted (copies: 1000 was one error and six recounted totals)."""
    if not isinstance(kinds, list):
        return None
    total = 0
    for kind in kinds:
        copies = kind.get("copies") if isinstance(kind, dict) else None
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
            return None
        factor = kind.get(times, 0) if times else 1
        if not isinstance(factor, int):
            return None
        total += kind["copies"] * factor
    return total


def _set(trees: dict[str, Loc], written: dict[str, Loc], stem: str, path: PathKey, value: Any,
         at: PathKey) -> None:
    """Put a computed total unless the pack wrote it; its position is the pack's line that made it necessary."""
    if value is None or stem not in trees:
        return
    over = written.get(stem)
    if over is not None and get(over, *path) is not None:
        return  # stated by the pack: checked, not recomputed
    source = written.get(str(at[0]))
    node = get(source, *at[1:]) if source is not None else None
    if node is not None:
        pos = node.key or node.pos
    else:
        old = get(trees[stem], *path)
        pos = old.pos if old is not None else trees[stem].pos
    put(trees[stem], path, value, pos)


def recompute_totals(trees: dict[str, Loc], written: dict[str, Loc]) -> None:
    """Totals of every deck the pack touched, and the printing table's counts, unless the pack states them.

    The printing rows count what the checks count (cardgen.model.checks.printing_table): tickets,
    events, dispatch cards, station mats; rows per player count follow the player count.
    """
    touched = set(written)
    if "tickets" in touched:
        kinds = plain(get(trees["tickets"], "kinds"))
        _set(trees, written, "tickets", ("totals", "kinds"), len(kinds) if isinstance(kinds, list) else None,
             ("tickets", "kinds"))
        _set(trees, written, "tickets", ("totals", "cards"), _copies(kinds), ("tickets", "kinds"))
    if "dispatch" in touched:
        kinds = plain(get(trees["dispatch"], "kinds"))
        _set(trees, written, "dispatch", ("totals", "kinds"), len(kinds) if isinstance(kinds, list) else None,
             ("dispatch", "kinds"))
        _set(trees, written, "dispatch", ("totals", "cards"), _copies(kinds), ("dispatch", "kinds"))
    if "events" in touched:
        track = plain(get(trees["events"], "track"))
        if isinstance(track, dict):
            used = {card.get("kind") for card in track.values() if isinstance(card, dict)}
            _set(trees, written, "events", ("totals", "kinds"), len(used), ("events", "track"))
            _set(trees, written, "events", ("totals", "cards"), len(track), ("events", "track"))
    if "operations" in touched:
        kinds = plain(get(trees["operations"], "kinds"))
        _set(trees, written, "operations", ("set_totals", "cards"), _copies(kinds), ("operations", "kinds"))
        _set(trees, written, "operations", ("set_totals", "propulsion"), _copies(kinds, "value"),
             ("operations", "kinds"))
    if touched & {"tickets", "dispatch", "events", "map", "game"} and "printing" in trees:
        _printing(trees, written)
    if touched & set(DECK_TOTALS) and "variants" in trees:
        _variant_totals(trees, written)


#: The deck files whose totals a pack recomputes, and the key that holds them.
DECK_TOTALS = {"tickets": "totals", "dispatch": "totals", "events": "totals", "operations": "set_totals"}


def deck_totals(stem: str, data: Any) -> dict[str, int] | None:
    """What the validator counts for one deck file's totals (cardgen.model.checks), from raw values."""
    if not isinstance(data, dict):
        return None
    if stem == "events":
        track = data.get("track")
        if not isinstance(track, dict):
            return None
        return {"kinds": len({c.get("kind") for c in track.values() if isinstance(c, dict)}), "cards": len(track)}
    kinds = data.get("kinds")
    if stem == "operations":
        cards, propulsion = _copies(kinds), _copies(kinds, "value")
        return None if cards is None or propulsion is None else {"cards": cards, "propulsion": propulsion}
    cards = _copies(kinds)
    return None if cards is None or kinds is None else {"kinds": len(kinds), "cards": cards}


def _variant_totals(trees: dict[str, Loc], written: dict[str, Loc]) -> None:
    """A base variant that states a deck's totals (beginner: 8 events over 6 kinds) gets them recounted
    over the pack's deck, unless the pack's own variants.yaml writes them."""
    from cardgen.model.overlay import merge_patch
    variants = get(trees["variants"], "variants")
    if variants is None or not isinstance(variants.value, list):
        return
    for variant in variants.value:
        patch = get(variant, "patch")
        for stem, key in DECK_TOTALS.items():
            stated = get(patch, stem, key)
            if stem not in written or stem not in trees or stated is None or not isinstance(stated.value, dict):
                continue
            patched = merge_patch(plain(trees[stem]), plain(get(patch, stem)))
            if stem == "events":   # the cards the variant drops by id are out too
                gone, _ = dropped_rounds(plain(get(trees[stem], "track")) or {}, plain(get(variant, "drop")) or [],
                                         plain(get(variant, "drop_after")))
                patched["track"] = {r: c for r, c in (patched.get("track") or {}).items() if r not in gone}
            counted = deck_totals(stem, patched)
            if counted is None:
                continue
            mine = written.get("variants")
            for name, value in counted.items():
                if name in stated.value and not _written_by(mine, variant, stem, key, name):
                    put(stated, (name,), value, stated.value[name].pos)


def _written_by(over: Loc | None, variant: Loc, stem: str, key: str, name: str) -> bool:
    """Whether this pack's variants.yaml writes this variant's ``stem.key.name`` itself."""
    if over is None:
        return False
    vid = plain(get(variant, "id"))
    ops = get(over, "variants")
    for op in ("add", "change"):
        node = get(ops, op)
        for entry in (node.value if node is not None and isinstance(node.value, list) else []):
            if plain(get(entry, "id")) == vid and get(entry, "patch", stem, key, name) is not None:
                return True
    return False


def _printing(trees: dict[str, Loc], written: dict[str, Loc]) -> None:
    tickets = _copies(plain(get(trees.get("tickets"), "kinds")))
    dispatch = _copies(plain(get(trees.get("dispatch"), "kinds")))
    events = _count(get(trees.get("events"), "track"))
    mats = _count(get(trees.get("map"), "stations"))
    per_player = plain(get(trees.get("game"), "setup", "dispatch_per_player"))
    rows = plain(get(trees["printing"], "by_players"))
    cause = next((stem for stem in ("tickets", "events", "dispatch", "map", "game") if stem in written), "printing")
    at = (cause,)
    for n in rows if isinstance(rows, dict) else {}:
        row = ("by_players", n)
        _set(trees, written, "printing", row + ("tickets",), tickets, at)
        _set(trees, written, "printing", row + ("events",), events, at)
        _set(trees, written, "printing", row + ("station_mats",), mats, at)
        if isinstance(per_player, int) and isinstance(n, int):
            _set(trees, written, "printing", row + ("dispatch",), n * per_player, at)
    for name, value in (("tickets", tickets), ("dispatch", dispatch), ("events", events), ("station_mats", mats)):
        _set(trees, written, "printing", ("full_set", name), value, at)
