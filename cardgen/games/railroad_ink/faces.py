"""Railroad Ink's printables, through the component kit: the content's collections and the board's geometry.

Why: every printable kind (boards, die nets, sticker sheets, the quick reference) is declared in the
content's ``components.yaml`` and drawn by a template of ``templates/``; this module only hands the kit
what the templates read (the dice, the dice sets, the expansions, the words) and computes the geometry
a template cannot (where the grid, the exits and the rows of a board lie on the page it is given).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from cardgen.errors import Problem
from cardgen.games.railroad_ink import drawing
from cardgen.games.railroad_ink.model import Die, Meteor, RailroadInk, Tile
from cardgen.games.railroad_ink.plugin import TEMPLATES  # the game's own (its components.yaml names them)
from cardgen.render.components.declared import DeclaredSet, GameContext, declaration_problems
from cardgen.render.faces.facekit import Face, Frame
from cardgen.render.fonts.stack import font_family_css


# Board layout, mm: design choices of the sheet, not rules of the game.
HEADER_MM = 10.0     #: title row
EXIT_MM = 7.0        #: room around the grid for the exits' arrows
SPECIALS_MM = 30.0   #: the special routes row: tiles and their use boxes
ROUNDS_MM = 11.0     #: the round boxes
SCORE_MM = 27.0      #: the scoring row
TABLE_MM = 14.0      #: the exit table
GAP_MM = 3.0         #: between two rows
SPECIAL_TILE_MM = 16.0
SPECIAL_PITCH_MM = 24.0  #: from one special route to the next, when the row has room
USE_BOX_MM = 5.0
LABEL_MM = 30.0      #: the left column naming a row
LEFT_MM = LABEL_MM + 2  #: where the boxes of a row begin
ROUND_PITCH_MM = 11.0  #: from one round box to the next, when the row has room
NAME_FIELD_MM = 60.0  #: the line a player writes their name on, right of the title


@dataclass(frozen=True)
class DieFace:
    """One face of a printed die: a tile (a route, river, lake or lava die), a number or a heading."""

    id: str
    tile: Tile | None = None
    number: int | None = None
    heading: str | None = None


@dataclass(frozen=True)
class PrintDie:
    """A die as printed: its name, how many are rolled (copies of its net) and its six faces."""

    id: str
    name: Any
    copies: int
    faces: tuple[DieFace, ...]


@dataclass(frozen=True)
class DiceSet:
    """The dice of the base game or of one expansion: one sticker sheet."""

    id: str
    name: Any
    dice: tuple[PrintDie, ...]

    @property
    def sticker_faces(self) -> tuple[DieFace, ...]:
        """Every face of every die rolled, in print order: one sticker each."""
        return tuple(f for d in self.dice for _ in range(d.copies) for f in d.faces)

    @property
    def stickers(self) -> int:
        return len(self.sticker_faces)


@dataclass(frozen=True)
class Note:
    """A scoring row as the board prints it: its name and its points, signed (``×1``, ``−1``, ``+3``)."""

    name: Any
    points: tuple[str, ...]


@dataclass(frozen=True)
class ExpansionPrint:
    """One expansion as its board variant and the quick reference print it."""

    id: str
    name: Any
    rounds: int
    dice: tuple[PrintDie, ...]
    row: Note
    #: the tile pre-drawn on ``start`` (the lava's volcano), or the mark drawn there (the meteor's crater)
    start: tuple[int, int] | None = None
    start_mark: str = ""
    values: dict[str, int] = field(default_factory=dict)


def signed(points: int) -> str:
    """A number of points with its sign, as the score row prints it (a true minus sign)."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def times(points: int) -> str:
    return f"×{points}" if points >= 0 else f"×{signed(points)}"


def _tile_die(die: Die) -> PrintDie:
    return PrintDie(die.id, die.name, die.count, tuple(DieFace(f.id, tile=f) for f in die.faces))


def expansion_prints(content: RailroadInk) -> list[ExpansionPrint]:
    """Each expansion with the numbers its scoring row and its rules print, read from expansions.yaml."""
    ex = content.expansions
    meteor: Meteor = ex.meteor
    distance = PrintDie(meteor.distance.id, meteor.distance.name, 1,
                        tuple(DieFace(f"{meteor.distance.id}-{i}", number=n) for i, n in enumerate(meteor.distance.faces, 1)))
    direction = PrintDie(meteor.direction.id, meteor.direction.name, 1,
                         tuple(DieFace(f"{meteor.direction.id}-{i}", heading=h)
                               for i, h in enumerate(meteor.direction.faces, 1)))
    river, lake, lava = ex.river.scoring, ex.lake.scoring, ex.lava.scoring
    return [
        ExpansionPrint("river", ex.river.name, ex.river.rounds, tuple(map(_tile_die, ex.river.dice)),
                       Note(river.name, (times(river.points_per_cell), signed(river.points_per_open_end),
                                         signed(river.both_ends_on_edge))),
                       values={"dice": sum(d.count for d in ex.river.dice), "cell": river.points_per_cell,
                               "open": river.points_per_open_end, "edge": river.both_ends_on_edge}),
        ExpansionPrint("lake", ex.lake.name, ex.lake.rounds, tuple(map(_tile_die, ex.lake.dice)),
                       Note(lake.name, (times(lake.points_per_cell),)),
                       values={"dice": sum(d.count for d in ex.lake.dice), "cell": lake.points_per_cell,
                               "fill": ex.lake.placement.fill_at}),
        ExpansionPrint("lava", ex.lava.name, ex.lava.rounds, tuple(map(_tile_die, ex.lava.dice)),
                       Note(lava.name, (signed(lava.points_per_open_edge), signed(lava.closed_lake),
                                        times(lava.points_per_cell))),
                       start=(ex.lava.start[0], ex.lava.start[1]), start_mark="volcano",
                       values={"dice": sum(d.count for d in ex.lava.dice), "open": lava.points_per_open_edge,
                               "closed": lava.closed_lake, "cell": lava.points_per_cell,
                               "least": ex.lava.placement.min_per_round}),
        ExpansionPrint("meteor", ex.meteor.name, ex.meteor.rounds, (distance, direction),
                       Note(meteor.scoring.name, (signed(meteor.scoring.points_per_crater_end),)),
                       start=(meteor.start[0], meteor.start[1]), start_mark="crater",
                       values={"end": meteor.scoring.points_per_crater_end}),
    ]


def dice_sets(content: RailroadInk, expansions: list[ExpansionPrint]) -> list[DiceSet]:
    """The base game's dice and each expansion's: what one sticker sheet holds."""
    base = DiceSet("base", content.strings.root["base_game"], tuple(map(_tile_die, content.dice.dice)))
    return [base, *(DiceSet(e.id, e.name, e.dice) for e in expansions)]


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


class Printables:
    """What the templates read of the content: its pictures and the geometry of a board on a page."""

    def __init__(self, content: RailroadInk):
        self.content = content
        self.game = content.game
        self.scoring = content.scoring
        self.specials = content.specials.specials
        self.font_family = font_family_css()

    # ------------------------------------------------------------ pictures

    def tile(self, tile: Tile, x: float, y: float, s: float, frame: bool = True) -> Markup:
        """A tile of the content drawn at ``x``, ``y`` with side ``s`` (inside an ``<svg>`` in mm)."""
        return drawing.placed(drawing.tile_body(tile, s), x, y, s, frame)

    def face(self, face: DieFace, x: float, y: float, s: float) -> Markup:
        """A die face: its tile, its number or its heading."""
        if face.tile is not None:
            return self.tile(face.tile, x, y, s)
        if face.number is not None:
            return drawing.placed(drawing.numeral(face.number, s, self.font_family), x, y, s)
        return drawing.placed(drawing.arrow(face.heading or "any", s), x, y, s)

    def start_mark(self, expansion: ExpansionPrint | None, x: float, y: float, s: float) -> Markup:
        """What an expansion's board pre-draws on its start cell: the volcano or the first crater."""
        if expansion is None or expansion.start is None:
            return Markup("")
        if expansion.start_mark == "volcano":
            lava = self.content.expansions.lava.volcano
            return drawing.placed(drawing.tile_body(lava, s) + drawing.volcano(s), x, y, s)
        return drawing.placed(drawing.crater(s), x, y, s)

    # ------------------------------------------------------------ the board

    def board(self, g: Frame, expansion: ExpansionPrint | None = None) -> dict[str, Any]:
        """The board's geometry on a page of safe zone ``g``: the grid's cell and corner, each row's top,
        the exits' stubs and arrows, the centre's outline, and the pitch of the special routes and the
        round boxes (narrower when the content has more of them than the row holds at its usual pitch)."""
        size = self.game.board.size
        rounds = expansion.rounds if expansion is not None else self.game.rounds
        room = g.safe_width - LEFT_MM
        special_pitch = round(min(SPECIAL_PITCH_MM, room / max(1, len(self.specials))), 2)
        round_pitch = round(min(ROUND_PITCH_MM, room / rounds), 2)
        rows = HEADER_MM + SPECIALS_MM + ROUNDS_MM + SCORE_MM + TABLE_MM + 5 * GAP_MM
        cell = round(min((g.safe_height - rows - 2 * EXIT_MM) / size, (g.safe_width - 2 * EXIT_MM) / size), 2)
        span = size * cell + 2 * EXIT_MM
        grid_x = round((g.safe_width - size * cell) / 2, 2)
        grid_y = HEADER_MM + GAP_MM + EXIT_MM
        specials_y = HEADER_MM + GAP_MM + span + GAP_MM
        rounds_y = specials_y + SPECIALS_MM + GAP_MM
        score_y = rounds_y + ROUNDS_MM + GAP_MM
        table_y = score_y + SCORE_MM + GAP_MM
        return {
            "size": size, "cell": cell, "x": grid_x, "y": grid_y, "width": g.safe_width, "height": g.safe_height,
            "specials_y": specials_y, "rounds_y": rounds_y, "score_y": score_y, "table_y": table_y,
            "label": LABEL_MM, "left": LEFT_MM, "rounds": rounds, "name_field": NAME_FIELD_MM, "special_pitch": special_pitch,
            "special_side": min(SPECIAL_TILE_MM, special_pitch - 2), "use_box": USE_BOX_MM,
            "round_pitch": round_pitch, "round_box": round(round_pitch - 2, 2),
            "exits": [self._exit(e, grid_x, grid_y, cell) for e in self.game.board.exits],
            "centre": self._outline(grid_x, grid_y, cell),
        }

    def _exit(self, e: Any, x0: float, y0: float, cell: float) -> dict[str, Any]:
        """An exit's stub (its route drawn from the grid's edge outward) and its red arrow."""
        r, c = e.cell
        mx, my = drawing.side_mid(e.side, cell)
        x, y = x0 + c * cell + mx, y0 + r * cell + my
        dx, dy = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}[e.side]
        end = (x + dx * EXIT_MM * 0.55, y + dy * EXIT_MM * 0.55)
        path = f"M{x:.3f} {y:.3f}L{end[0]:.3f} {end[1]:.3f}"
        tip = (x + dx * EXIT_MM, y + dy * EXIT_MM)
        half = EXIT_MM * 0.4
        px, py = -dy, dx  # across the arrow
        arrow = [(end[0] + px * half, end[1] + py * half), tip, (end[0] - px * half, end[1] - py * half)]
        return {"route": Markup(drawing.route(e.route, path, cell)),
                "arrow": " ".join(f"{ax:.3f},{ay:.3f}" for ax, ay in arrow), "colour": drawing.EXIT}

    def _outline(self, x0: float, y0: float, cell: float) -> list[Segment]:
        """The centre's outline: each side of a centre cell that no other centre cell shares."""
        centre = {(r, c) for r, c in self.game.board.centre}
        out = []
        for r, c in sorted(centre):
            x, y = x0 + c * cell, y0 + r * cell
            if (r - 1, c) not in centre:
                out.append(Segment(x, y, x + cell, y))
            if (r + 1, c) not in centre:
                out.append(Segment(x, y + cell, x + cell, y + cell))
            if (r, c - 1) not in centre:
                out.append(Segment(x, y, x, y + cell))
            if (r, c + 1) not in centre:
                out.append(Segment(x + cell, y, x + cell, y + cell))
        return out

    def rows(self, expansion: ExpansionPrint | None) -> list[Note]:
        """The scoring row, left to right as the seed names it: exits, longest road, longest rail, centre,
        errors, then the expansion's own."""
        s = self.scoring
        notes = [Note(s.exits.name, ()), Note(s.longest_road.name, (times(s.longest_road.points_per_cell),)),
                 Note(s.longest_rail.name, (times(s.longest_rail.points_per_cell),)),
                 Note(s.centre.name, (times(s.centre.points_per_cell),)),
                 Note(s.errors.name, (signed(s.errors.points_per_open_end),))]
        return notes + ([expansion.row] if expansion is not None else [])

    def exit_table(self) -> list[tuple[int, int]]:
        return sorted(self.scoring.exits.table.items())


def game_context(content: RailroadInk) -> GameContext:
    """What Railroad Ink hands the component kit: its strings, its collections and its pictures."""
    expansions = expansion_prints(content)
    sets = dice_sets(content, expansions)
    dice = [d for s in sets for d in s.dice]
    return GameContext(strings=content.strings.root,
                       collections={"dice": dice, "dice_sets": sets, "expansions": expansions},
                       values={"ri": Printables(content), "expansions": expansions, "dice_sets": sets})


def printables(content: RailroadInk, smaps: Any = None) -> list[Problem]:
    """The validator's check of components.yaml: what it names (strings, collections, templates) exists."""
    return declaration_problems(content.game_folder, game_context(content), TEMPLATES)


def declared_set(content: RailroadInk) -> DeclaredSet:
    """Railroad Ink as the component kit prints it (its context is the same for every player count)."""
    return DeclaredSet.of(content, strings=content.strings.root, templates=TEMPLATES,
                          context=lambda players: game_context(content))


def faces(content: RailroadInk, *, lang: str, players: int, bleed_mm: float) -> list[Face]:
    """Every printable of Railroad Ink for ``players`` players in ``lang``, as its components.yaml declares."""
    return declared_set(content).faces(lang=lang, players=players, bleed_mm=bleed_mm)
