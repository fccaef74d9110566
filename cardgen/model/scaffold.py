"""``cardgen pack new DIR --base BASE``: write a valid, commented, empty pack.

Why: the first step of an expansion should be one command whose result already
validates, builds (nothing to print yet) and explains the overlay format where
the designer will type. The folder is written atomically: a sibling temporary
folder renamed into place, and an existing non-empty folder is refused.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
from pathlib import Path

from cardgen.errors import UsageError
from cardgen.model import places
from cardgen.model.pack import PACK_FILE, Stack, chain, read_pack_file, resolve_base
from cardgen.printable import printable

TEMPLATE = """\
# A pack for cardgen: this folder changes a base game by id, never by copying it.
# Docs: docs/content-format.md, "Packs". Check it: cardgen validate {folder}
id: {id}
name: {{zh: {id}, en: {id}}}
version: 1
# The game (or pack) this one changes: a bundled id, or a folder relative to this one.
base: {base}
# Printed in the same corner of every face of the pack (1-4 characters).
mark: {mark}
#
# Beside this file, an overlay file named like a base file (tickets.yaml,
# events.yaml, dispatch.yaml, operations.yaml, map.yaml, fares.yaml, game.yaml,
# printing.yaml, strings.yaml, variants.yaml) holds only what the pack adds,
# changes or removes. A list of entries with ids takes add / change / remove:
#
#   # tickets.yaml
#   kinds:
#     change:
#       - {{id: S1-S2, copies: 3}}        # only the fields written change
#
#   # dispatch.yaml
#   kinds:
#     remove: [swap]
#
# add: takes whole new entries; a new ticket kind needs its stations on the map
# (every ordered pair of stations has one kind): the bundled sample pack,
# cardgen/content/packs/onsen-line, adds a station and its twelve tickets.
#
# A mapping merges key by key (null removes a key), any other value replaces the
# base's. Totals (tickets/dispatch/events totals, operation set_totals and the
# printing table's counts) are recomputed unless the pack writes them.
#
# Then: cardgen build {folder}              # prints only the pack's new and changed faces
#       cardgen simulate {folder} --compare # balance against the base, paired games
"""

#: The pack.yaml of a pack over any other game (cardgen.games): its files, and one of its lists of entries with
#: ids as the overlay's example.
OTHER_TEMPLATE = """\
# A pack for cardgen: this folder changes a base game by id, never by copying it.
# Docs: docs/games.md, "Packs over any game". Check it: cardgen validate {folder}
id: {id}
name: {{zh: {id}, en: {id}}}
version: 1
# The game (or pack) this one changes: a bundled id, or a folder relative to this one.
base: {base}
# Printed in the same corner of every face the pack changes (1-4 characters).
mark: {mark}
#
# Beside this file, an overlay file named like a file of the base game ({files})
# holds only what the pack adds, changes or removes. A list of entries with ids
# takes add / change / remove:
{example}#
# A mapping merges key by key (null removes a key), any other value replaces the
# base's.
#
# Then: cardgen build {folder}       # prints only the faces the pack changes
#       cardgen simulate {folder}
"""


#: Longest file name most file systems take, in bytes (ext4, btrfs, tmpfs, APFS, NTFS in characters).
MAX_NAME_BYTES = 255


def pack_id(folder: Path) -> str:
    """A valid id from the folder name (``My Pack!`` -> ``My-Pack``)."""
    text = re.sub(r"[^A-Za-z0-9_.-]+", "-", folder.name).strip("-._") or "my-pack"
    return text[:40]


def new_pack(folder: Path, base: str, mark: str = "+") -> Path:
    """Write the scaffold into ``folder``; :class:`UsageError` if it exists with files or ``base`` is not found."""
    folder = Path(folder)
    if len(f".{folder.name}.12345678".encode()) > MAX_NAME_BYTES:  # the staging folder's name is longer
        raise UsageError(f"{printable(folder.name[:40])}...: a folder name of {len(folder.name.encode())} bytes is "
                         f"too long (at most {MAX_NAME_BYTES - 10}); nothing written")
    try:
        taken = folder.exists() and (not folder.is_dir() or any(folder.iterdir()))
        parent = folder.absolute().parent
        missing = not parent.is_dir()
    except OSError as exc:  # a name too long for the file system, a folder that cannot be read
        raise UsageError(f"{printable(str(folder))}: {exc.strerror or exc}; nothing written") from None
    if taken:
        raise UsageError(f"{printable(str(folder))} already exists and is not an empty folder; "
                         "nothing written")
    if missing:
        raise UsageError(f"{printable(str(parent))} does not exist; nothing written")
    as_path = Path(base)
    bundled = places.bundled(base)
    if bundled is None and _is_dir(as_path):  # a folder, from here (a bundled id of the same name wins)
        base_text = os.path.relpath(as_path.resolve(), folder.absolute())  # base: is read relative to the pack
        try:  # where validate allows a base (cardgen.model.places), or nothing is written
            target = resolve_base(folder.absolute(), base_text)
        except places.Refused as exc:
            raise UsageError(f"--base {printable(base)}: {exc}; nothing written") from None
    else:
        target, base_text = bundled, base
    if target is None:
        raise UsageError(f"--base {printable(base)}: no bundled game or pack of that id and no such folder; "
                         "nothing written")
    text = _template(target).format(id=json.dumps(pack_id(folder)), base=json.dumps(base_text, ensure_ascii=False),
                                    mark=json.dumps(mark, ensure_ascii=False), folder=printable(str(folder)))
    staging = _staging(parent, folder.name)
    try:
        (staging / PACK_FILE).write_text(text, encoding="utf-8")
        _check_written(staging, mark, folder.name)
        if folder.exists():
            folder.rmdir()  # empty, checked above
        staging.rename(folder)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise UsageError(f"cannot write {printable(str(folder))}: {exc.strerror}; nothing written") from exc
    except UsageError:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return folder


def _template(base: Path) -> str:
    """The scaffold's text for a pack over ``base``: Rail Journey's own, or one naming the base game's files."""
    from cardgen.games import game_of
    from cardgen.render.components.schema import COMPONENTS_FILE  # the kit's: read from the base game only

    if game_of(base).id == "rail-journey":
        return TEMPLATE
    layers = chain(base).layers
    home = layers[0].folder if layers else base
    files = sorted(p.name for p in home.glob("*.yaml") if p.name != COMPONENTS_FILE)
    return OTHER_TEMPLATE.replace("{files}", ", ".join(files)).replace("{example}", _example(home, files))


def _example(home: Path, files: list[str]) -> str:
    """The overlay of the base game's first list of entries with ids, commented (nothing when it has none)."""
    from cardgen.model.layers import is_id_list, located
    from cardgen.model.source import YamlSourceError, load_file

    for name in files:
        try:
            data, smap = load_file(home / name, name, folder=home)
        except YamlSourceError:
            continue
        for key, value in (data.items() if isinstance(data, dict) else ()):
            if isinstance(key, str) and is_id_list(located(value, smap)):
                first, last = value[0]["id"], value[-1]["id"]
                lines = [f"# {name}", f"{key}:", "  change:",
                         f"    - {'{id: ' + str(first) + '}':<20} # then only the fields that change",
                         f"  remove: [{last}]", "  add:",
                         f"    - {'{id: new-id}':<20} # a whole new entry, every field written"]
                return "".join(f"#   {line}\n" for line in lines).replace("{", "{{").replace("}", "}}")
    return ""


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # under a folder that cannot be searched: no folder to name
        return False


def _staging(parent: Path, name: str) -> Path:
    """A new hidden folder beside the pack, made as ``mkdir`` makes any folder (0o777 less the umask: the
    pack is the designer's to share, not private like a ``mkdtemp`` folder); renamed into place when written."""
    for _ in range(100):
        staging = parent / f".{name}.{secrets.token_hex(4)}"
        try:
            staging.mkdir()
            return staging
        except FileExistsError:
            continue
        except OSError as exc:
            raise UsageError(f"cannot write {printable(str(parent / name))}: {exc.strerror}; nothing written") from exc
    raise UsageError(f"cannot make a staging folder in {printable(str(parent))}; nothing written")


def _check_written(staging: Path, mark: str, name: str) -> None:
    """Read the written pack.yaml back as ``validate`` reads it, before anything is written where the
    designer asked: a mark it refuses, or a base whose chain it refuses (too many packs deep), is refused
    here (the scaffold's other values are valid by making)."""
    stack = Stack()
    read_pack_file(staging, "pack", stack)
    for problem in stack.problems:  # the other values are quoted text made here: only the mark can be refused
        where = f"--mark '{printable(mark)}'" if problem.path == "mark" else f"pack.yaml {problem.path}"
        raise UsageError(f"{where}: {problem.message}; nothing written")
    for problem in chain(staging).problems:  # the base found, but its chain refused (too many packs deep)
        message = problem.message.replace(staging.name, name)  # the chain names the pack as it will be called
        raise UsageError(f"--base: {message}; nothing written")
    from cardgen.games import game_of
    from cardgen.model.load import validate  # the merged game, to compare the mark with every icon it prints

    if game_of(staging).id != "rail-journey":
        return  # the mark is compared with the icons Rail Journey's cards print (cardgen.model.pack)

    for problem in validate(staging).problems:
        if problem.path == "mark":
            raise UsageError(f"--mark '{printable(mark)}': {problem.message}; nothing written")
