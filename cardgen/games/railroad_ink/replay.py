"""Replay a scripted Railroad Ink game (one player's board) through the checked rules and compare its scores.

Why: a script is a test a designer can write by hand: each round's dice (or a seed that rolls them) and
each move, then the scores expected. The script is untrusted, so it is read like content (located YAML,
a strict model); every bad value and every move the rules refuse is a located problem
(``file:line:col``) naming its round and why; a score that differs from the expected one is reported and
makes the exit non-zero.

Script::

    game: railroad-ink
    seed: 7                          # rolls the dice of every round that does not list them
    rounds:
      - dice: [road-straight, road-curve, rail-t, overpass]   # one face per die, in dice.yaml's order
        moves:
          - {face: road-curve, cell: [0, 1], orientation: 0}   # orientation: quarter turns clockwise, +4 mirrored
          - {special: road-cross, cell: [1, 1], orientation: 0}
          - {discard: rail-t}                                  # only a die no placement can use
    expected: {exits: 4, longest_road: 3, longest_rail: 0, centre: 0, errors: -2, total: 5}

With an expansion (``expansion: lava``...) a round may also hold ``{volcano: [row, column]}`` (lava),
``{meteor: fall}``, ``{meteor: w}`` when the direction die shows the cross, or
``{meteor: fall, ignore: road-cross}`` (meteor), and ``meteor: {distance: 2, direction: any}`` gives the
round's meteor dice. :func:`record` writes a played game in this form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import Field, model_validator

from cardgen.errors import ContentError, Problem
from cardgen.games.railroad_ink import rules
from cardgen.games.railroad_ink.model import EXPANSIONS, Cell, RailroadInk
from cardgen.games.railroad_ink.scoring import row_names
from cardgen.model.messages import suggest
from cardgen.model.located import checked
from cardgen.model.basic import Id, Key, Model
from cardgen.model.source import PathKey, SourceMap, YamlSourceError, load_file

#: Largest script read: a 12-round game of many moves is under 20 kB.
MAX_SCRIPT_BYTES = 262_144


class Move(Model):
    face: Id | None = Field(default=None, description="Draw a die of this face rolled this round.")
    special: Id | None = Field(default=None, description="Draw this special route.")
    discard: Id | None = Field(default=None, description="Discard a die of this face (no legal placement, or an "
                                                          "expansion die the rules let go).")
    volcano: Cell | None = Field(default=None, description="Lava: draw a new volcano on this [row, column].")
    meteor: Literal["fall", "n", "e", "s", "w"] | None = Field(
        default=None, description="Meteor: let it fall as the direction die says (fall), or towards the direction "
                                  "chosen when the die shows the cross.")
    ignore: Id | None = Field(default=None, description="With meteor: the special route crossed out to ignore it.")
    cell: Cell | None = Field(default=None, description="[row, column] drawn on (face and special).")
    orientation: Annotated[int, Field(ge=0, le=7)] = Field(default=0, description="Quarter turns clockwise (0-3), "
                                                                                  "plus 4 when mirrored first.")

    @model_validator(mode="after")
    def _one_kind(self) -> Move:
        kinds = [k for k in MOVES if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"a move is one of {', '.join(MOVES)}")
        if kinds[0] in ("face", "special") and self.cell is None:
            raise ValueError(f"a {kinds[0]} move names its cell")
        if self.ignore is not None and kinds[0] != "meteor":
            raise ValueError("ignore goes with a meteor move")
        return self


MOVES = ("face", "special", "discard", "volcano", "meteor")


class MeteorDice(Model):
    distance: Annotated[int, Field(ge=1, le=15)] = Field(description="The distance die's face.")
    direction: Literal["n", "e", "s", "w", "any"] = Field(description="The direction die's face.")


class Round(Model):
    dice: list[Id] | None = Field(default=None, max_length=32, description="The face rolled on each die, in "
                                                                          "dice.yaml's order; rolled from seed "
                                                                          "when left out.")
    meteor: MeteorDice | None = Field(default=None, description="Meteor: the round's meteor dice; rolled from seed "
                                                                "when left out.")
    moves: list[Move] = Field(default_factory=list, max_length=64, description="The round's moves, in order.")


class Script(Model):
    game: Literal["railroad-ink"] = Field(description="The game the script is for.")
    expansion: Literal["river", "lake", "lava", "meteor"] | None = Field(default=None, description="Expansion played.")
    seed: Annotated[int, Field(ge=0, le=2**63)] | None = Field(default=None, description="Seed rolling dice not listed.")
    rounds: list[Round] = Field(min_length=1, max_length=20, description="Every round of the game.")
    expected: dict[Key, int] = Field(default_factory=dict, max_length=20,
                                     description="Scores expected at the end, by scoring row (and total).")


@dataclass
class ReplayReport:
    script: str
    rounds: int
    scores: dict[str, int]
    expected: dict[str, int]
    mismatches: list[tuple[str, int, int]] = field(default_factory=list)  #: (row, expected, got)

    @property
    def ok(self) -> bool:
        return not self.mismatches

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def lines(self) -> list[str]:
        out = [f"{self.script}: {self.rounds} rounds replayed; "
               + ", ".join(f"{row} {value}" for row, value in self.scores.items())]
        out += [f"{self.script}: {row}: expected {want}, got {got}" for row, want, got in self.mismatches]
        out.append("scores match" if self.ok else f"{len(self.mismatches)} score(s) differ from the script")
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"script": self.script, "rounds": self.rounds, "scores": self.scores, "expected": self.expected,
                "mismatches": [{"row": r, "expected": e, "got": g} for r, e, g in self.mismatches], "ok": self.ok}


def _read(script: Path) -> tuple[Script, SourceMap]:
    name = script.name
    try:
        data, smap = load_file(script, name, max_bytes=MAX_SCRIPT_BYTES, folder=script.parent)
    except YamlSourceError as exc:
        raise ContentError([exc.problem], {name: exc.lines}) from None
    problems = list(smap.problems)
    parsed = None
    if not isinstance(data, dict):
        problems.append(smap.problem((), "top level must be a mapping of keys"))
    else:
        parsed, found = checked(Script, data, smap)
        problems += found
    if problems or parsed is None:
        raise ContentError(problems, {name: smap.lines})
    return parsed, smap


def _dice_problem(tab: rules.Tables, dice: list[str]) -> tuple[int, str] | None:
    """(index, why) of the first listed face that is not a face of the die at its place, or None."""
    slots = [die for die, _ in tab.dice for _ in range(die.count)]
    if len(dice) != len(slots):
        return -1, f"lists {len(dice)} dice; {len(slots)} are rolled each round ({', '.join(d.id for d in slots)})"
    for i, (face, die) in enumerate(zip(dice, slots)):
        if face not in {f.id for f in die.faces}:
            return i, f"'{face}' is not a face of the {die.id} die (die {i + 1})"
    return None


def replay(content: RailroadInk, script: Path) -> ReplayReport:
    """Play ``script`` through the checked rules; a :class:`ContentError` for any bad value or refused move."""
    script = Path(script)
    parsed, smap = _read(script)
    problems: list[Problem] = []
    rounds = content.rounds(parsed.expansion)
    if parsed.expansion is not None and parsed.expansion not in EXPANSIONS:
        problems.append(smap.problem(("expansion",), f"unknown expansion '{parsed.expansion}'"))
    if len(parsed.rounds) != rounds:
        problems.append(smap.problem(("rounds",), f"the script plays {len(parsed.rounds)} rounds; the game has "
                                                  f"{rounds}"))
    if parsed.seed is None:
        for r, rnd in enumerate(parsed.rounds):
            if rnd.dice is None:
                problems.append(smap.problem(("rounds", r), f"round {r + 1} lists no dice and the script has no "
                                                            "seed to roll them"))
            if rnd.meteor is None and parsed.expansion == "meteor":
                problems.append(smap.problem(("rounds", r), f"round {r + 1} lists no meteor dice and the script "
                                                            "has no seed to roll them"))
    known = row_names(parsed.expansion) + ("total",)
    for row in parsed.expected:
        if row not in known:
            problems.append(smap.problem(("expected", row), f"unknown scoring row '{row}'{suggest(row, known)} "
                                                            f"(rows: {', '.join(known)})", key=True))
    tab = rules.tables(content, parsed.expansion)
    for r, rnd in enumerate(parsed.rounds):
        found = _dice_problem(tab, rnd.dice) if rnd.dice is not None else None
        if found is not None:
            at: PathKey = ("rounds", r, "dice") + ((found[0],) if found[0] >= 0 else ())
            problems.append(smap.problem(at, f"round {r + 1}: {found[1]}"))
    if problems:
        raise ContentError(problems, {script.name: smap.lines})
    state = rules.new_game(content, parsed.expansion, seed=parsed.seed or 0, dice=parsed.rounds[0].dice)
    for r, rnd in enumerate(parsed.rounds):
        if rnd.meteor is not None and parsed.expansion == "meteor":
            state.ext_roll.update(distance=rnd.meteor.distance, direction=rnd.meteor.direction)
        for m, move in enumerate(rnd.moves):
            try:
                _play(state, move)
            except rules.IllegalMove as exc:
                raise ContentError([smap.problem(("rounds", r, "moves", m), f"round {r + 1}: {exc}")],
                                   {script.name: smap.lines}) from None
        nxt = parsed.rounds[r + 1].dice if r + 1 < len(parsed.rounds) else None
        try:
            rules.end_turn(state, 0, nxt)
        except rules.IllegalMove as exc:
            raise ContentError([smap.problem(("rounds", r, "moves"), f"round {r + 1}: {exc}")],
                               {script.name: smap.lines}) from None
    scores = rules.scores(state)[0]
    mismatches = [(row, want, scores.get(row, 0)) for row, want in parsed.expected.items()
                  if scores.get(row, 0) != want]
    return ReplayReport(script.name, len(parsed.rounds), scores, dict(parsed.expected), mismatches)


def _play(state: rules.State, move: Move) -> None:
    p = state.players[0]
    geo = state.tables.geo
    cell = -1
    where = move.cell if move.cell is not None else move.volcano
    if where is not None:
        row, col = where
        if not (0 <= row < geo.size and 0 <= col < geo.size):
            raise rules.IllegalMove(f"cell [{row}, {col}] is off the {geo.size}x{geo.size} board")
        cell = geo.cell(row, col)
    if move.special is not None:
        rules.place(state, 0, move.special, cell, move.orientation)
        return
    if move.volcano is not None or move.meteor is not None:
        _expansion_move(state, move, cell)
        return
    face = move.face if move.face is not None else move.discard
    left = [k for k in p.pending if state.rolled[k] == face]
    if not left:
        rolled = ", ".join(state.rolled[k] for k in p.pending) or "none"
        raise rules.IllegalMove(f"'{face}' is not among the dice left to draw this round ({rolled})")
    if move.discard is not None:
        rules.discard(state, 0, left[0])
    else:
        rules.place(state, 0, left[0], cell, move.orientation)


def _expansion_move(state: rules.State, move: Move, cell: int) -> None:
    from cardgen.games.railroad_ink.expansions import lava, meteor

    expansion = state.tables.expansion
    if move.volcano is not None:
        if expansion != "lava":
            raise rules.IllegalMove("a volcano is drawn only with the lava expansion")
        lava.draw_volcano(state, 0, cell)
    else:
        if expansion != "meteor":
            raise rules.IllegalMove("a meteor falls only with the meteor expansion")
        meteor.strike(state, 0, None if move.meteor == "fall" else move.meteor, ignore=move.ignore)


def record(state: rules.State, player: int = 0) -> str:
    """A finished game of ``player`` as a replay script (YAML text) with its scores as expected: what
    :func:`replay` plays back to the same scores."""
    tab = state.tables
    p = state.players[player]
    per_round = len(state.rolled)
    head: dict[str, Any] = {"game": "railroad-ink"}
    if tab.expansion is not None:
        head["expansion"] = tab.expansion
    lines = [yaml.safe_dump(head, sort_keys=False).rstrip(), "rounds:"]
    for r in range(state.round):
        lines.append(f"  - dice: [{', '.join(state.history[r * per_round:(r + 1) * per_round])}]")
        if tab.expansion == "meteor":
            roll = state.ext_history[r]
            lines.append(f"    meteor: {{distance: {roll['distance']}, direction: {roll['direction']}}}")
        moves = [_move(tab, entry[1:]) for entry in p.log if entry[0] == r + 1]
        lines.append("    moves:" + ("" if moves else " []"))
        lines += [f"      - {yaml.safe_dump(m, default_flow_style=True, sort_keys=False).strip()}" for m in moves]
    expected = rules.scores(state)[player]
    lines.append(f"expected: {yaml.safe_dump(expected, default_flow_style=True, sort_keys=False).strip()}")
    return "\n".join(lines) + "\n"


def _move(tab: rules.Tables, entry: tuple) -> dict[str, Any]:
    kind = entry[0]
    geo = tab.geo
    if kind in ("face", "special"):
        ident, cell, shape = entry[1:]
        orientation = next(o for o, i in tab.faces[ident].orients if i == shape)
        return {kind: ident, "cell": [cell // geo.size, cell % geo.size], "orientation": orientation}
    if kind == "discard":
        return {"discard": entry[1]}
    if kind == "volcano":
        return {"volcano": [entry[1] // geo.size, entry[1] % geo.size]}
    move: dict[str, Any] = {"meteor": entry[1] or "fall"}
    if entry[2] is not None:
        move["ignore"] = entry[2]
    return move
