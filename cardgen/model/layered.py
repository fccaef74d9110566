"""Any game's content files read through a pack's layers: each file's merged values and where each was written.

Why: a pack (a folder with ``pack.yaml``) layers over any game, not only Rail Journey. What a pack is does not
depend on the game: its ``pack.yaml``, its chain of bases (located errors for a missing or looping base, at
most :data:`cardgen.model.pack.MAX_LAYERS` packs), and each overlay file merged over the base file of its name
by id (:mod:`cardgen.model.layers`), every value keeping the file, line and column it was written at. A game's
loader calls :func:`read_layered` with the stems of its files and validates what it gets exactly as it
validates a plain folder; a problem in a pack's value then names the pack's file and line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import Problem
from cardgen.model import pack
from cardgen.model.layers import GameMerge, Loc, Merge, flatten, located
from cardgen.model.messages import suggest
from cardgen.model.source import SourceMap, YamlSourceError, load_file


@dataclass
class Layered:
    """A content folder's files as its game reads them: plain values by stem, their source maps, every problem
    found reading them (located), each file's lines by the name problems give it, and the pack (None: a plain
    folder)."""

    data: dict[str, Any] = field(default_factory=dict)
    smaps: dict[str, SourceMap] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)
    pack: pack.PackInfo | None = None


def read_plain(folder: Path, stems: Iterable[str], label: str | None = None) -> Layered:
    """Each ``stem.yaml`` of a plain content folder, named ``label/stem.yaml`` in problems when a label is given."""
    out = Layered()
    if not folder.is_dir():
        reason = "is a file, not a content folder" if folder.exists() else "content folder not found"
        out.problems.append(Problem(str(folder), 1, 1, "", reason))
        return out
    for stem in stems:
        name = f"{label}/{stem}.yaml" if label else f"{stem}.yaml"
        try:
            data, smap = load_file(folder / f"{stem}.yaml", name, folder=folder)
        except YamlSourceError as exc:
            out.problems.append(exc.problem)
            out.sources[name] = exc.lines
            continue
        out.sources[name] = smap.lines
        out.problems.extend(smap.problems)
        if not isinstance(data, dict):
            out.problems.append(smap.problem((), "top level must be a mapping of keys"))
            continue
        out.data[stem] = data
        out.smaps[stem] = smap
    return out


def read_layered(folder: Path, stems: Iterable[str]) -> Layered:
    """The files ``stems`` of the content in ``folder``: a plain folder's, or a pack's merged over its bases.

    A pack's chain that does not resolve (a bad ``pack.yaml``, a missing or looping base) is its located
    problems and no data; a pack's problems (an overlay file the base lacks, a change naming no entry) come with
    the merged data, so the merged set is still validated and every problem shown at once.
    """
    folder = Path(folder)
    stems = tuple(stems)
    if not (folder.is_dir() and pack.is_pack(folder)):
        return read_plain(folder, stems)
    stack = pack.chain(folder)
    if stack.problems:
        return Layered(problems=stack.problems, sources=stack.sources)
    base = stack.layers[0]
    read = read_plain(base.folder, stems, base.label)
    pack.check_ids(stack, read.data.get("game"), read.data.get("variants"))
    data, smaps = merge_layers(stack, read.data, read.smaps, stems)
    return Layered(data, smaps, [*read.problems, *stack.problems], {**read.sources, **stack.sources},
                   pack.pack_info(folder))


def merge_layers(stack: pack.Stack, raw: dict[str, Any], smaps: dict[str, SourceMap], stems: Iterable[str],
                 game: GameMerge = GameMerge()) -> tuple[dict[str, Any], dict[str, SourceMap]]:
    """The base's files (``raw``, ``smaps``) with every pack of ``stack`` merged over them in order, ``game``
    doing its own work around the merge; the packs' problems and lines go to ``stack``. Each merged value keeps
    the position of the file that wrote it."""
    stems = tuple(stems)
    trees = {stem: located(raw[stem], smaps[stem]) for stem in raw}
    if game.prepare is not None:
        game.prepare(trees)
    for layer in stack.layers[1:]:
        written = merge_pack(layer, trees, stack, stems, game)
        if written and game.after is not None:
            game.after(trees, written)
    out_raw: dict[str, Any] = {}
    out_smaps: dict[str, SourceMap] = {}
    for stem, tree in trees.items():
        first = smaps[stem]
        smap = SourceMap(first.file, first.lines)
        out_raw[stem] = flatten(tree, smap)
        out_smaps[stem] = smap
    return out_raw, out_smaps


def merge_pack(layer: pack.Layer, trees: dict[str, Loc], stack: pack.Stack, stems: tuple[str, ...],
               game: GameMerge = GameMerge()) -> dict[str, Loc]:
    """Merge one pack's overlay files over ``trees`` (an overlay file is named like one of ``stems``' files);
    what each overlay file wrote, by stem."""
    written: dict[str, Loc] = {}
    for path in pack.overlay_names(layer.folder):
        name = f"{layer.label}/{path.name}"
        stem = path.stem
        base = stack.layers[0]
        if path.suffix == ".yaml" and stem not in stems and (base.folder / path.name).is_file():
            stack.problems.append(Problem(name, 1, 1, "", f"{path.name} is the base game's own (read from "
                                                          f"{base.label}); a pack cannot change it"))
            continue
        if path.suffix != ".yaml" or stem not in stems:
            stack.problems.append(Problem(name, 1, 1, "", f"the base has no file {path.name}; an overlay file is named "
                                                          f"like a base file{suggest(path.name, [f'{s}.yaml' for s in stems])}"))
            continue
        try:
            data, smap = load_file(path, name, folder=layer.folder)
        except YamlSourceError as exc:
            stack.problems.append(exc.problem)
            stack.sources[name] = exc.lines
            trees.pop(stem, None)  # what the pack makes of this file is unknown: checks that need it are skipped
            continue
        stack.sources[name] = smap.lines
        stack.problems.extend(smap.problems)
        if not isinstance(data, dict):
            pos = smap.locate(())
            stack.problems.append(Problem(name, pos.line, pos.col, "", "top level must be a mapping of keys"))
            trees.pop(stem, None)
            continue
        if stem not in trees:
            continue  # the base file itself could not be read; its problem is reported
        over = located(data, smap)
        edit = game.edit(stem, over) if game.edit is not None else None
        merge = Merge()
        trees[stem] = merge.node(trees[stem], over, ())
        stack.problems.extend(merge.problems)
        written[stem] = over
        if edit is not None:
            stack.problems.extend(edit(trees))
    return written


def layer_folders(folder: Path) -> list[Path]:
    """The folders whose files make up the content in ``folder`` (what ``serve`` watches): for a pack, every
    layer (the base game, each pack between, the pack itself); else the folder alone. A pack whose chain does
    not resolve is its own folder only: mending its pack.yaml is a change seen there."""
    folder = Path(folder)
    if not pack.is_pack(folder):
        return [folder]
    return [layer.folder for layer in pack.chain(folder).layers] or [folder]


def pack_lines(info: pack.PackInfo | None) -> list[str]:
    """What ``cardgen validate`` says first of a pack (nothing for a plain folder): who it is and what it is over."""
    if info is None:
        return []
    return [f"pack {info.id} v{info.version} ({info.name.en}), mark {info.mark}, over "
            f"{' -> '.join(folder.name for folder in info.layers[:-1])}"]

