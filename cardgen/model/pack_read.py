"""Rail Journey's packs: its content files read through a pack's layers, and what Rail Journey adds to the merge.

Why: what a pack is (pack.yaml, its chain of bases) and how an overlay merges are any game's
(:mod:`cardgen.model.pack`, :mod:`cardgen.model.layered`); Rail Journey adds its own around the merge: ids for
its track cards (a pack inserts and removes them by id, ``track_edit``), the totals a pack does not state
recounted, and a mark that may not be an icon its cards print.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgen.errors import Problem
from cardgen.model.layered import merge_layers
from cardgen.model.layers import GameMerge, Loc, get, plain, put
from cardgen.model.pack import PACK_FILE, Layer, chain, check_ids
from cardgen.model.schema import FILES, MAX_COPIES
from cardgen.model.source import PathKey, SourceMap
from cardgen.model.track import TRACK_EDIT, dropped_rounds, edit_track, stamp_track_ids


def read(folder: Path, read_base) -> tuple[dict[str, Any], dict[str, SourceMap], list[Problem], dict[str, list[str]]]:
    """Read the pack in ``folder`` merged over its bases: raw values, their source maps, problems, source lines.

    ``read_base(folder, label)`` reads a plain content folder (cardgen.model.load), naming its files
    ``label/file.yaml``.
    """
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
