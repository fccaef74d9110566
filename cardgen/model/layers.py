"""Merge a pack's overlay file over its base file by id, keeping where every value was written.

Why: a pack holds only what it adds, changes or removes; the merged set must be
validated exactly like a content folder, and a problem must point at the file,
line and column the offending value came from (the pack's file, or the base's).
So each file is turned into a tree of :class:`Loc` nodes (value + position + the path it
is written at in its own file), merged node by node, and flattened back into plain values
and a :class:`SourceMap` whose positions may name several files, and whose ``written``
paths name a value as its file writes it (``kinds.change.0.copies``, not the merged
list's ``kinds.3.copies``).

Overlay rules (docs/content-format.md, "Packs"):

- a mapping merges key by key; ``null`` removes a key (it must exist);
- a list of entries with ids (every entry a mapping with an ``id``) is never
  written whole: the overlay gives ``add`` (new entries, appended), ``change``
  (entries named by id; only the fields written change) and ``remove`` (ids);
- anything else (a number, a text, a list without ids) replaces the base value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Iterator

from cardgen.errors import Problem
from cardgen.model.messages import suggest
from cardgen.model.source import PathKey, Position, SourceMap, dotted

#: The operations an overlay may apply to a list of entries with ids.
OPERATIONS = ("add", "change", "remove")
ID = "id"


class Loc:
    """A value with the position it was written at (and its key's, inside a mapping), its path in the
    file that wrote it (None: where it ends up; a total the merge computed), and, for a list or mapping, the ids
    of the entries a layer removed from it with where it removes each (a variant naming one is told where)."""

    __slots__ = ("value", "pos", "key", "path", "gone")

    def __init__(self, value: Any, pos: Position, key: Position | None = None, path: PathKey | None = None,
                 gone: dict[Any, Position] | None = None):
        self.value = value
        self.pos = pos
        self.key = key
        self.path = path
        self.gone = gone


def located(data: Any, smap: SourceMap, path: PathKey = ()) -> Loc:
    """The tree of ``data`` with each node's position from ``smap``."""
    pos = smap.values.get(path) or smap.locate(path)
    if isinstance(data, dict):
        value: Any = {k: located(v, smap, path + (k,)) for k, v in data.items()}
        node = Loc(value, pos, path=path)
        for k, child in value.items():
            child.key = smap.keys.get(path + (k,))
        return node
    if isinstance(data, list):
        return Loc([located(v, smap, path + (i,)) for i, v in enumerate(data)], pos, path=path)
    return Loc(data, pos, path=path)


def flatten(node: Loc, smap: SourceMap, path: PathKey = (), named: PathKey | None = None) -> Any:
    """Plain values of ``node``, recording every position (and key position) in ``smap``, and the path the
    value is written at wherever it is not what its parent's gives (``named``: the parent's path plus the key;
    :meth:`SourceMap.written_path` reads them back)."""
    smap.values[path] = node.pos
    if node.gone:
        smap.removed[path] = dict(node.gone)
    named = path if named is None else named
    if node.path is not None and node.path != named:
        smap.written[path] = named = node.path
    if isinstance(node.value, dict):
        out = {}
        for k, child in node.value.items():
            if child.key is not None:
                smap.keys[path + (k,)] = child.key
            out[k] = flatten(child, smap, path + (k,), named + (k,))
        return out
    if isinstance(node.value, list):
        return [flatten(child, smap, path + (i,), named + (i,)) for i, child in enumerate(node.value)]
    return node.value


def plain(node: Loc | None) -> Any:
    """Plain values of ``node`` without positions."""
    if node is None:
        return None
    if isinstance(node.value, dict):
        return {k: plain(v) for k, v in node.value.items()}
    if isinstance(node.value, list):
        return [plain(v) for v in node.value]
    return node.value


def is_id_list(node: Loc | None) -> bool:
    """A non-empty list whose every entry is a mapping with an id: it is changed by add/change/remove."""
    return (node is not None and isinstance(node.value, list) and bool(node.value)
            and all(isinstance(e.value, dict) and ID in e.value for e in node.value))


def is_id_operations(node: Loc) -> bool:
    """An overlay value written as operations on a list of entries with ids (every key add, change or remove,
    each a list): how a pack adds entries to a list the base does not have, e.g. a map's `sidings`."""
    return (isinstance(node.value, dict) and bool(node.value)
            and all(key in OPERATIONS and isinstance(v.value, list) for key, v in node.value.items()))


def entry_id(entry: Loc) -> Any:
    return plain(entry.value.get(ID)) if isinstance(entry.value, dict) else None


@dataclass
class Merge:
    """One overlay file merged over its base; collects the overlay's own problems."""

    problems: list[Problem] = field(default_factory=list)
    #: what the overlay did, per id list path: {"added": [...], "changed": [...], "removed": [...]}
    done: dict[PathKey, dict[str, list[str]]] = field(default_factory=dict)

    def problem(self, pos: Position, path: PathKey, message: str) -> None:
        self.problems.append(Problem(pos.file, pos.line, pos.col, dotted(path), message))

    def node(self, base: Loc | None, over: Loc, path: PathKey) -> Loc:
        """``over`` merged over ``base`` (either may be a whole file)."""
        if not isinstance(over.value, dict) or base is None or not isinstance(base.value, dict):
            return over  # a value, a list without ids or a new mapping: written as the overlay says
        merged = dict(base.value)
        for key, child in over.value.items():
            here = path + (key,)
            at = child.key or child.pos
            old = merged.get(key)
            if child.value is None:
                if key in merged:
                    del merged[key]
                elif path and isinstance(key, str):
                    continue  # a field inside an entry that it does not have: already absent (clears a target)
                else:
                    hint = suggest(key, merged) if isinstance(key, str) else ""  # no near miss among round numbers
                    self.problem(at, here, f"removes '{key}', which the base does not have{hint}")
                continue
            if (old is None or old.value == []) and is_id_operations(child):   # a list the base lacks or leaves
                merged[key] = self.id_list(Loc([], child.pos, child.key, here), child, here)   # empty takes add too
                continue
            if old is not None and is_id_list(old):
                if isinstance(child.value, dict):
                    merged[key] = self.id_list(old, child, here)
                else:
                    self.problem(child.pos, here, f"'{key}' is a list of entries with ids: write add, change or "
                                                  "remove under it, never the whole list")
                continue
            new = self.node(old, child, here)
            if new.key is None:
                new.key = child.key
            merged[key] = new
        # a mapping the overlay changed is the overlay's: a problem with it as a whole points there
        return Loc(merged, over.pos, over.key or base.key, over.path, base.gone)

    def id_list(self, base: Loc, over: Loc, path: PathKey) -> Loc:
        """Apply ``remove``, then ``change``, then ``add`` to a list of entries with ids."""
        entries = list(base.value)
        record = self.done.setdefault(path, {"added": [], "changed": [], "removed": []})
        ops = over.value
        for key, child in ops.items():
            if key not in OPERATIONS:
                self.problem(child.key or child.pos, path + (key,),
                             f"unknown operation '{key}'{suggest(key, OPERATIONS)}; a list of entries with ids "
                             "takes add, change or remove")
        removed: dict[object, Position] = {}  # what this overlay removes, changes, adds: where it first says so
        changed: dict[object, Position] = {}
        added: dict[object, Position] = {}
        for item, at, index in self._items(ops.get("remove"), path + ("remove",)):
            ids = [entry_id(e) for e in entries]
            name = plain(item)
            if not isinstance(name, (str, int)) or isinstance(name, bool):
                self.problem(at, path + ("remove", index), "expected the id of an entry to remove")
            elif name in removed:
                self.problem(at, path + ("remove", index), f"removes '{name}' a second time "
                                                           f"(first at line {removed[name].line})")
            elif name not in ids:
                self.problem(at, path + ("remove", index), f"removes '{name}', which the base does not have"
                                                           f"{suggest(name, ids)}")
            else:
                del entries[ids.index(name)]
                record["removed"].append(str(name))
                removed[name] = at
        for item, at, index in self._items(ops.get("change"), path + ("change",)):
            where = path + ("change", index)
            if not isinstance(item.value, dict) or ID not in item.value:
                self.problem(at, where, "an entry to change names its id: {id: ..., field: new value}")
                continue
            name = entry_id(item)
            ids = [entry_id(e) for e in entries]
            said = item.value[ID].pos
            keyed = _is_key(name)  # an id written as a list or mapping is reported by the schema, not here
            if keyed and name in changed:
                self.problem(said, where + (ID,), f"changes '{name}' a second time (first at line "
                                                  f"{changed[name].line}); write its changes in one entry")
                continue
            if keyed and name in removed:
                self.problem(said, where + (ID,), f"changes '{name}', which this pack removes "
                                                  f"(at line {removed[name].line})")
                continue
            if name not in ids:
                self.problem(said, where + (ID,), f"changes '{name}', which the base does not have "
                                                  f"(new entries go under add){suggest(name, ids)}")
                continue
            if keyed:
                changed[name] = said
            i = ids.index(name)
            fields = Loc({k: v for k, v in item.value.items() if k != ID}, item.pos, path=item.path)
            entries[i] = self.node(entries[i], fields, where)
            record["changed"].append(str(name))
        for item, _at, index in self._items(ops.get("add"), path + ("add",)):
            name = entry_id(item)
            ids = [entry_id(e) for e in entries]
            if _is_key(name) and name in added:
                self.problem(item.value[ID].pos, path + ("add", index, ID),
                             f"adds '{name}' a second time (first at line {added[name].line})")
                continue
            if name is not None and name in ids:
                self.problem(item.value[ID].pos, path + ("add", index, ID),
                             f"adds '{name}', which the base already has; write it under change")
                continue
            entries.append(item)
            if name is not None:
                record["added"].append(str(name))
            if _is_key(name):
                added[name] = item.value[ID].pos
        gone = {**(base.gone or {}), **removed} or None
        return Loc(entries, over.pos, over.key or base.key, over.path, gone)

    def _items(self, node: Loc | None, path: PathKey) -> Iterator[tuple[Loc, Position, int]]:
        if node is None:
            return
        if not isinstance(node.value, list):
            self.problem(node.pos, path, f"expected a list under '{path[-1]}'")
            return
        for i, item in enumerate(node.value):
            yield item, item.pos, i


@dataclass(frozen=True)
class GameMerge:
    """What a game does around the game-agnostic merge of a pack (cardgen.model.layered.merge_layers); each
    part optional (Rail Journey's: cardgen.model.pack_read.RAIL_JOURNEY_MERGE)."""

    #: ``prepare(trees)``: once, over the base's files before any pack merges (ids the overlays name entries by)
    prepare: Callable[[dict[str, Loc]], None] | None = None
    #: ``edit(stem, over)``: what the game applies itself from one overlay file (taken out of ``over`` before the
    #: merge), as a function of the merged files returning its problems; None when the file has none
    edit: Callable[[str, Loc], Callable[[dict[str, Loc]], list[Problem]] | None] | None = None
    #: ``after(trees, written)``: once a pack's files are merged (``written``: what the pack's files wrote)
    after: Callable[[dict[str, Loc], dict[str, Loc]], None] | None = None


def get(node: Loc | None, *path: Any) -> Loc | None:
    """The node at ``path`` under ``node``, or None."""
    for part in path:
        if node is None:
            return None
        if isinstance(node.value, dict):
            node = node.value.get(part)
        elif isinstance(node.value, list) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
        else:
            return None
    return node


def put(node: Loc, path: PathKey, value: Any, pos: Position) -> None:
    """Write a computed value at ``path`` (the containers on the way must exist as mappings)."""
    for part in path[:-1]:
        child = node.value.get(part) if isinstance(node.value, dict) else None
        if child is None or not isinstance(child.value, dict):
            return
        node = child
    if isinstance(node.value, dict):
        old = node.value.get(path[-1])
        node.value[path[-1]] = Loc(value, pos, old.key if old is not None else None)


def _is_key(name: object) -> bool:
    """An id as it can be written: text or a whole number (a list or a mapping is the schema's to report)."""
    return isinstance(name, (str, int)) and not isinstance(name, bool)
