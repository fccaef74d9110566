"""What a variant names that the content does not hold, said so the designer knows which line of theirs to edit.

Why: a variant is a patch over the merged content, checked like it. Two of its mistakes read badly as the
merged content's: a track card it drops that a pack's ``track_edit`` removed (the nearest id would drop another
card; the line to name is the pack's ``remove``, the mend a ``change:`` of the variant in the pack's
variants.yaml), and a module it enables under a misspelt id (the patch makes a new module, which then lacks its
``name``).
"""

from __future__ import annotations

from typing import Any, Iterator

from cardgen.errors import Problem
from cardgen.model.messages import suggest
from cardgen.model.source import PathKey, Position, SourceMap

#: where a merged events.yaml keeps the ids of the track cards a layer removed (SourceMap.removed)
TRACK = ("track",)


def removed_cards(variant: Any, index: int, vsmap: SourceMap, events: SourceMap | None) -> dict[str, str]:
    """What to say of each track card ``variant`` (``variants.INDEX``) drops that a layer removed: where it was
    removed and how to mend the variant (its own line when the removing pack wrote it, else a ``change:`` in
    that pack's variants.yaml, the drop list without the removed cards)."""
    gone: dict[Any, Position] = events.removed.get(TRACK, {}) if events is not None else {}
    named: list[tuple[str, int | None, str]] = [("drop", j, name) for j, name in enumerate(variant.drop)]
    if variant.drop_after is not None:
        named.append(("drop_after", None, variant.drop_after))
    out: dict[str, str] = {}
    for key, j, name in named:
        at = gone.get(name)
        if at is None:
            continue
        label = at.file.rpartition("/")[0]
        mine = f"{label}/variants.yaml" if label else "variants.yaml"
        written = vsmap.locate(("variants", index, key) + ((j,) if j is not None else ()))
        if written.file == mine:
            mend = "take it out of drop" if key == "drop" else "name another card in drop_after"
        else:
            kept = ", ".join(d for d in variant.drop if d not in gone)
            new = f"drop: [{kept}]" if key == "drop" else "drop_after: ANOTHER_ID"
            mend = f"write in {mine}: variants: {{change: [{{id: {variant.id}, {new}}}]}}"
        out[name] = f"track card '{name}' is removed by the pack at {at.file}:{at.line}:{at.col}; {mend}"
    return out


def unknown_modules(patch: dict[str, Any], defined: Any, vpath: PathKey, vsmap: SourceMap,
                    note: str) -> Iterator[Problem]:
    """A module the variant's patch switches on or off under an id game.yaml does not define (and does not
    define itself, with a name): located at the id, naming the modules defined."""
    game = patch.get("game")
    modules = game.get("modules") if isinstance(game, dict) else None
    known = list(defined) if isinstance(defined, dict) else []
    for mid, body in (modules.items() if isinstance(modules, dict) else ()):
        if mid in known or (isinstance(body, dict) and "name" in body):
            continue  # a module of the game's, or one the variant defines
        yield vsmap.problem(vpath + ("game", "modules", mid), f"{note}unknown module '{mid}'{suggest(mid, known)} "
                            f"(game.yaml modules: {', '.join(map(str, known)) or 'none'})", key=True)
