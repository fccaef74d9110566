"""The named cross-checks of a Railroad Ink folder: what a schema cannot say.

Why: a face that no placement can ever use, an exit on an inner cell or a scoring row no board can
reach is valid YAML of the right types and still a broken game; each check names the value and where
it is written. Each check is ``(content, smaps) -> list[Problem]``; :data:`CHECKS` lists them in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from cardgen.errors import Problem
from cardgen.games.railroad_ink.model import Die, RailroadInk, Tile
from cardgen.games.railroad_ink.tiles import LAKE, LAVA, RIVER, ROUTES, SIDES, TYPES
from cardgen.model.source import PathKey, SourceMap

Smaps = dict[str, SourceMap]

#: which edge types each family of tiles may use: the base game's routes, and each expansion's own
ALLOWED = {
    "base": ("none", "road", "rail"),
    "river": ("none", "road", "rail", "river"),
    "lake": ("none", "road", "rail", "lake"),
    "lava": ("none", "lava"),
}
#: the edge type a tile of each family must carry for any placement to use it (its joining type)
NEEDED = {"base": ROUTES, "river": (RIVER,), "lake": (LAKE,), "lava": (LAVA,)}


def _tiles(content: RailroadInk) -> Iterator[tuple[str, PathKey, str, Tile]]:
    """Every tile of the folder: (file stem, path, family, tile)."""
    for i, die in enumerate(content.dice.dice):
        for j, face in enumerate(die.faces):
            yield "dice", ("dice", i, "faces", j), "base", face
    for i, tile in enumerate(content.specials.specials):
        yield "specials", ("specials", i), "base", tile
    for name in ("river", "lake", "lava"):
        dice: list[Die] = getattr(content.expansions, name).dice
        for i, die in enumerate(dice):
            for j, face in enumerate(die.faces):
                yield "expansions", (name, "dice", i, "faces", j), name, face
    yield "expansions", ("lake", "fill"), "lake", content.expansions.lake.fill
    yield "expansions", ("lava", "volcano"), "lava", content.expansions.lava.volcano


def tile_joins(content: RailroadInk, smaps: Smaps) -> list[Problem]:
    """Each side with a route is in exactly one group; no blank side is; road meets rail only in a station."""
    out = []
    for stem, path, _, tile in _tiles(content):
        smap = smaps[stem]
        counts = {s: 0 for s in SIDES}
        for g, group in enumerate(tile.joins):
            for s in group:
                counts[s] += 1
                if getattr(tile.edges, s) == "none":
                    out.append(smap.problem(path + ("joins", g), f"side {s} has no route to join"))
            kinds = {getattr(tile.edges, s) for s in group} - {"none"}
            if "road" in kinds and "rail" in kinds and not tile.station:
                out.append(smap.problem(path + ("joins", g), f"joins road to rail; only a station does "
                                                             f"(write station: true on '{tile.id}')"))
            if len(kinds & {"river", "lava"}) and len(kinds) > 1:
                out.append(smap.problem(path + ("joins", g), f"joins {' and '.join(sorted(kinds))}; "
                                                             "a river or lava joins nothing else"))
        for side, n in counts.items():
            if n == 0 and getattr(tile.edges, side) != "none":
                out.append(smap.problem(path + ("joins",), f"side {side} has a {getattr(tile.edges, side)} "
                                                           "but is in no group"))
            if n > 1:
                out.append(smap.problem(path + ("joins",), f"side {side} is in {n} groups; a side is in one"))
        if tile.station and not any({getattr(tile.edges, s) for s in g} >= {"road", "rail"} for g in tile.joins):
            out.append(smap.problem(path + ("station",), "a station joins road to rail in one group; "
                                                         "this tile joins none"))
    return out


def edge_types(content: RailroadInk, smaps: Smaps) -> list[Problem]:
    """A tile uses only its family's edge types and carries the one it joins with (else it is never placeable)."""
    out = []
    for stem, path, family, tile in _tiles(content):
        edges = [getattr(tile.edges, s) for s in SIDES]
        for s, kind in zip(SIDES, edges):
            if kind not in ALLOWED[family]:
                where = "the base game" if family == "base" else f"the {family} expansion"
                out.append(smaps[stem].problem(path + ("edges", s), f"{kind} is not an edge of {where} "
                                                                    f"(allowed: {', '.join(ALLOWED[family])})"))
        if not any(TYPES.index(k) in NEEDED[family] for k in edges):
            needed = " or ".join(TYPES[t] for t in NEEDED[family])
            out.append(smaps[stem].problem(path + ("edges",), f"'{tile.id}' has no {needed} side, so no "
                                                              "placement can ever use it"))
    return out


def unique_ids(content: RailroadInk, smaps: Smaps) -> list[Problem]:
    """Tile and die ids are unique across the folder (replay scripts and printables name them)."""
    out = []
    seen: dict[str, PathKey] = {}
    dice: list[tuple[str, PathKey, str]] = [("dice", ("dice", i), d.id) for i, d in enumerate(content.dice.dice)]
    for name in ("river", "lake", "lava"):
        dice += [("expansions", (name, "dice", i), d.id) for i, d in enumerate(getattr(content.expansions, name).dice)]
    meteor = content.expansions.meteor
    dice += [("expansions", ("meteor", "distance"), meteor.distance.id),
             ("expansions", ("meteor", "direction"), meteor.direction.id)]
    items = [(stem, path, tile.id) for stem, path, _, tile in _tiles(content)] + dice
    for stem, path, ident in items:
        if ident in seen:
            first = seen[ident]
            out.append(smaps[stem].problem(path + ("id",), f"id '{ident}' is used twice (first at "
                                                           f"{'.'.join(map(str, first))})"))
        else:
            seen[ident] = path
    return out


def _on_board(content: RailroadInk, cell: list[int]) -> bool:
    return all(0 <= v < content.game.board.size for v in cell)


def board_cells(content: RailroadInk, smaps: Smaps) -> list[Problem]:
    """Exits sit on the outer side of an edge cell, once each; centre and start cells are on the board."""
    out = []
    board = content.game.board
    last = board.size - 1
    smap = smaps["game"]
    seen: set[tuple[int, int, str]] = set()
    for i, ex in enumerate(board.exits):
        path: PathKey = ("board", "exits", i)
        row, col = ex.cell
        if not _on_board(content, ex.cell):
            out.append(smap.problem(path + ("cell",), f"cell [{row}, {col}] is off the {board.size}x{board.size} board"))
            continue
        outer = {"n": row == 0, "s": row == last, "w": col == 0, "e": col == last}[ex.side]
        if not outer:
            out.append(smap.problem(path + ("side",), f"side {ex.side} of cell [{row}, {col}] is not on the "
                                                      "board's outer edge, so no exit can be there"))
        key = (row, col, ex.side)
        if key in seen:
            out.append(smap.problem(path, f"two exits on side {ex.side} of cell [{row}, {col}]"))
        seen.add(key)
    cells: set[tuple[int, int]] = set()
    for i, cell in enumerate(board.centre):
        if not _on_board(content, cell):
            out.append(smap.problem(("board", "centre", i), f"cell {cell} is off the {board.size}x{board.size} board"))
        elif tuple(cell) in cells:
            out.append(smap.problem(("board", "centre", i), f"cell {cell} is listed twice"))
        cells.add((cell[0], cell[1]))
    exp = content.expansions
    for name, start in (("lava", exp.lava.start), ("meteor", exp.meteor.start)):
        if not _on_board(content, start):
            out.append(smaps["expansions"].problem((name, "start"), f"cell {start} is off the "
                                                                    f"{board.size}x{board.size} board"))
    return out


def exit_table(content: RailroadInk, smaps: Smaps) -> list[Problem]:
    """Each row of the exit table can be reached (2 up to the number of exits) and more exits never score less."""
    out = []
    exits = len(content.game.board.exits)
    table = content.scoring.exits.table
    smap = smaps["scoring"]
    for count in table:
        if count < 2:
            out.append(smap.problem(("exits", "table", count), f"a network scores for 2 or more exits; the row for "
                                                               f"{count} can never be scored", key=True))
        elif count > exits:
            out.append(smap.problem(("exits", "table", count), f"the board has {exits} exits, so no network "
                                                               f"connects {count}: this row can never be scored",
                                    key=True))
    ordered = sorted(table)
    for low, high in zip(ordered, ordered[1:]):
        if table[high] < table[low]:
            out.append(smap.problem(("exits", "table", high), f"{high} exits score {table[high]}, less than "
                                                              f"{low} exits ({table[low]})"))
    return out


def limits(content: RailroadInk, smaps: Smaps) -> list[Problem]:
    """Player range in order; special-route limits that the printed specials can meet."""
    out = []
    game = content.game
    smap = smaps["game"]
    if game.players.min > game.players.max:
        out.append(smap.problem(("players", "min"), f"min {game.players.min} is more than max {game.players.max}"))
    specials = len(content.specials.specials)
    if game.specials.per_game > specials:
        out.append(smap.problem(("specials", "per_game"), f"{game.specials.per_game} special routes a game, but "
                                                          f"specials.yaml has only {specials}"))
    if game.specials.per_round > game.specials.per_game:
        out.append(smap.problem(("specials", "per_round"), f"{game.specials.per_round} a round is more than "
                                                           f"{game.specials.per_game} a game"))
    lava = content.expansions.lava
    dice = sum(d.count for d in lava.dice)
    if lava.placement.min_per_round > dice:
        out.append(smaps["expansions"].problem(("lava", "placement", "min_per_round"),
                                               f"{lava.placement.min_per_round} lava dice a round, but only "
                                               f"{dice} are rolled"))
    return out


def _printables(content: RailroadInk, smaps: Smaps) -> list[Problem]:
    """components.yaml names only strings, collections and templates the game has (cardgen.render.components)."""
    from cardgen.games.railroad_ink.faces import printables  # the print kit, only when a folder is checked

    return printables(content, smaps)


CHECKS: list[tuple[str, Callable[[RailroadInk, Smaps], list[Problem]]]] = [
    ("tile-joins", tile_joins),
    ("edge-types", edge_types),
    ("unique-ids", unique_ids),
    ("board-cells", board_cells),
    ("exit-table", exit_table),
    ("limits", limits),
    ("printables", _printables),
]
