"""The "Packs" chapter of docs/content-format.md (generated with the rest by ``cardgen validate --schema``).

Why here: the pack format's numbers (the layer cap, the mark's length) and the pack.yaml
fields are read from cardgen.model.pack, so the chapter cannot drift from the code.
"""

from __future__ import annotations

from typing import Callable

from cardgen.model.layers import OPERATIONS
from cardgen.model.pack import MAX_LAYERS, PACK_FILE, PackFile


def pack_reference(table: Callable, doc: Callable) -> list[str]:
    ops = ", ".join(f"`{op}`" for op in OPERATIONS)
    return [
        "## Packs", "",
        f"A pack is a folder with `{PACK_FILE}` and overlay files named like the base files above. It",
        "holds only what it adds, changes or removes; cardgen merges it over its base and validates the",
        "result exactly like a content folder (every check, every variant). Every command that takes a",
        "content folder takes a pack (`validate`, `build`, `simulate`, `replay`, `tables`, `sweep`), and",
        "`--variant` applies on top of the merged set. `cardgen pack new DIR --base BASE` writes an empty,",
        "commented pack that validates.", "",
        f"### {PACK_FILE}", "", doc(PackFile), "", *table(PackFile), "",
        "`base` is the id of a bundled game (`cardgen/content/<id>`) or pack (`cardgen/content/packs/<id>`),",
        "or a folder relative to the pack. It may itself be a pack: packs stack, base game first, up to",
        f"{MAX_LAYERS} packs deep. A base that is missing, or a chain that leads back to a pack already in it, is",
        "an error at the `base:` line.", "",
        "### Overlay files", "",
        "Each overlay file is merged over the base file of the same name:", "",
        "- a **mapping** merges key by key: a key written replaces or merges into the base's, a key not",
        "  written keeps the base's value, and `null` removes a key (at the top of a file or in a mapping",
        "  keyed by number, like `events.track` or `printing.by_players`, the key must exist; inside an",
        "  entry, `null` clears a field whether or not the entry has it, e.g. a new event card's target);",
        "- a **list of entries with ids** (every entry a mapping with an `id`) is never written whole: the",
        f"  overlay gives {ops} under it. `add` appends new entries (an id the base already has is an",
        "  error); `change` names entries by `id` and changes only the fields written (nested mappings",
        "  merge the same way); `remove` lists ids. An unknown id is an error, with the nearest id",
        "  suggested, and so is an id named twice under one operation or both changed and removed;",
        "- anything else (a number, a text, a list without ids such as `terminals` or `seats`) replaces",
        "  the base value.", "",
        "```yaml",
        "# my-pack/tickets.yaml",
        "kinds:",
        "  change:",
        "    - {id: S1-S2, copies: 3}",
        "  add:",
        "    - {id: S1-S7, origin: S1, destination: S7, copies: 1}",
        "```", "",
        "A YAML file in the pack whose name is not a base file's (`ticket.yaml`) is an error. **Totals**",
        "need not be written: the ticket, dispatch and event totals, the operation set's `set_totals`,",
        "the printing table's counts, and the totals a base variant states (beginner: its events) are",
        "recounted over the merged decks, unless the pack writes them, in which case they are checked.", "",
        "**Where problems point.** Every value keeps the file, line and column it was written at through",
        "the merge. A problem with a value the pack wrote points into the pack's file; one with a value",
        "the base wrote points into the base's file (shown as `rail-journey/game.yaml`); a problem with a",
        "whole list or mapping the pack changed (`no ticket kind for S6->S1` after a `remove`) points at",
        "the pack's line that changed it. Files are named `FOLDER/file.yaml` after the layer's folder.",
        "The dotted path names the value as that file writes it: `kinds.change.0.copies` for the first",
        "entry under the pack's `change:`, `kinds.add.1.text` under its `add:`, and a base entry by its",
        "place in the base file (not in the merged list, where a `remove` may have moved it).", "",
        "### Printing, diffing and comparing a pack", "",
        "- `cardgen build PACK` prints only the faces the pack adds or changes, each with the pack's",
        "  `mark` in a 4 mm circle in its bottom-right corner, on the base game's backs (so they shuffle",
        "  in unseen). A face whose only change is its number of copies prints the extra copies; cards",
        "  the pack removes, replaces or has fewer of are listed as *take out of the box* (on screen, in",
        "  `take-out-of-the-box.txt` and in `manifest.json`). A card the pack does not change but whose",
        "  face prints what it changed is reprinted when the old card now says something untrue (every",
        "  ticket and event naming a renamed station, and the pile's back once its whole pile is new);",
        "  one that only shows more (a route strip with a new station) is not. `manifest.json` gains",
        "  `\"pack\": {\"id\", \"version\", \"mark\", \"base\", \"added\", \"changed\", \"removed\", \"restyled\"}`:",
        "  the first three lists map face kind to face ids, `restyled` lists the cards that only show more.",
        "  The default output folder is `output/<pack id>`, never the base game's.",
        "- `cardgen build PACK --with-base` prints the whole merged set (`output/<pack id>-with-base`),",
        "  the mark on the pack's faces only.",
        "- `cardgen diff OLD NEW` (any two content folders or packs) lists every face added, changed or",
        "  removed, per kind, with the fields that changed (`copies 4 -> 5`, `name.en`; `face` when only",
        "  something the face derives changed and it still prints all it did, `printed text` when a text",
        "  it printed changed); `--json` for scripts; exit 0 when it ran.",
        "  `cardgen build NEW --changed-since OLD` prints only those faces.",
        "- `cardgen simulate PACK --compare` plays the same games (same seeds, same bots in the same",
        "  seats) on the base and on the merged set and reports each bot's win-rate difference with a 95%",
        "  interval of the paired per-game difference; `--compare OTHER` compares with any content",
        "  folder. `--json` gains `\"compared_with\"`, `\"baseline\"` (the other set's summary) and",
        "  `\"delta\": {bot: {\"win_rate\", \"low\", \"high\"}}`; `--report` shows both sets side by side.", "",
        "### New ticket kinds", "",
        "One ride-ticket kind per ordered pair of stations is a rule (5.2: 30 kinds for 6 stations; F and U",
        "follow the span k, \"数值须一致\"): a ticket carries only its pair, fare and slack, so two kinds on",
        "one pair would print the same card. A pack adds ticket kinds by adding stations (every new pair",
        "needs its kind; the sample `onsen-line` adds S7 and 12 kinds) or copies of a pair.",
        "",
    ]
