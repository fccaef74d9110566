"""Read a scripted game (``games/*.yaml``) into checked, located instructions.

The format is documented in docs/replay-format.md. Every id in the script is
checked against the content (players, bots, operation kinds, ticket kinds,
stations, rounds), and every problem points at ``file:line:col`` through the
same positional YAML reader the content uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any

from cardgen.engine.rules.options import Options, option_problem
from cardgen.engine.rules.compiled import Rules
from cardgen.errors import CardgenError, Problem
from cardgen.model.source import PathKey, SourceMap, YamlSourceError, load_file
from cardgen.model.located import checked
from cardgen.engine.replay.schema import ScriptFile


def dispatch_entries(decision: dict) -> list[tuple[tuple, dict, tuple]]:
    """A train's scripted dispatch cards for one round in the order written (``dispatch: ID``, ``{card: ID,
    ...}`` or a list of them; none for ``none`` or no key), each as (its path below the decision, its mapping
    ``{card: ID, ...}``, the path of its id)."""
    value = decision.get("dispatch")
    if value in (None, "none"):
        return []
    paths = [("dispatch", j) for j in range(len(value))] if isinstance(value, list) else [("dispatch",)]
    out = []
    for path, entry in zip(paths, value if isinstance(value, list) else [value]):
        if isinstance(entry, dict):
            out.append((path, entry, path + ("card",)))
        else:
            out.append((path, {"card": entry}, path))
    return out


class ScriptError(CardgenError):
    """A scripted game that cannot be played as written; carries located problems."""

    exit_code = 1

    def __init__(self, problems: list[Problem], lines: list[str] | None = None):
        self.problems = problems
        self.lines = lines or []
        super().__init__("; ".join(p.headline() for p in problems))


@dataclass
class ScriptedPlayer:
    name: str
    bot: str
    cards: list[str] | dict[int, list[str]]    # a list, or per train number (two locomotives)
    dispatch: list[str] | None

    def card_lists(self) -> dict[int, list[str]]:
        """Scripted cards by train number (1 = the player's first train)."""
        return dict(self.cards) if isinstance(self.cards, dict) else ({1: self.cards} if self.cards else {})


def card_path(player: int, script_player: ScriptedPlayer, train: int, j: int) -> PathKey:
    """Where card ``j`` of the player's ``train``-th train is written."""
    if isinstance(script_player.cards, dict):
        return ("players", player, "cards", train, j)
    return ("players", player, "cards", j)


@dataclass
class Script:
    """A parsed scripted game; ``where(path)`` turns a path in the file into ``file:line:col``."""

    path: Path
    smap: SourceMap
    title: str
    content: str | None
    variant: str | list[str] | None
    seed: int
    options: Options
    players: list[ScriptedPlayer]
    piles: dict[str, list[str]]
    rounds: dict[int, dict[str, dict[str, Any]]]
    expect: dict[str, Any] = field(default_factory=dict)
    events: dict[int, Any] = field(default_factory=dict)

    def problem(self, path: PathKey, message: str, key: bool = False) -> Problem:
        return self.smap.problem(path, message, key=key)

    def fail(self, path: PathKey, message: str, key: bool = False) -> ScriptError:
        """A located error; ``key`` points at the mapping key instead of its value."""
        return ScriptError([self.problem(path, message, key)], self.smap.lines)


def read_script(path: Path) -> Script:
    """Parse and shape-check a script file (ids are checked later against the compiled rules)."""
    try:
        data, smap = load_file(path, str(path))
    except YamlSourceError as exc:
        raise ScriptError([exc.problem], exc.lines) from None
    shaped, problems = checked(ScriptFile, data, smap)
    problems = smap.problems + problems

    def bad(p: PathKey, message: str) -> None:
        problems.append(smap.problem(p, message))

    raw_options = data.get("options") if isinstance(data, dict) else None
    options = _read_options(raw_options if isinstance(raw_options, dict) else {}, bad)
    if shaped is None:
        raise ScriptError(sorted(problems), smap.lines)
    names = [p.name for p in shaped.players]
    for i, name in enumerate(names):
        if name in names[:i]:
            bad(("players", i, "name"), f"duplicate player name '{name}'")
    rounds = data.get("rounds") or {}
    for rnd, by_train in rounds.items():
        for label in by_train:
            if label.split("/")[0] not in names:
                bad(("rounds", rnd, label), f"unknown train '{label}'; players are {', '.join(sorted(names))}")
    if problems:
        raise ScriptError(sorted(problems), smap.lines)
    players = [ScriptedPlayer(p.name, p.bot, data["players"][i].get("cards") or [], p.dispatch)
               for i, p in enumerate(shaped.players)]
    return Script(path=path, smap=smap, title=shaped.title or path.stem, content=shaped.content,
                  variant=data.get("variant"), seed=shaped.seed, options=options, players=players,
                  piles=data.get("piles") or {}, rounds=rounds, expect=data.get("expect") or {},
                  events=data.get("events") or {})


def _read_options(raw: dict, bad) -> Options:
    """The script's options, each name and value checked where it is written (defaults if any is wrong)."""
    known = [f.name for f in dataclass_fields(Options)]
    ok = True
    for name, value in raw.items():
        if name not in known:
            bad(("options", name), f"unknown option '{name}'; known: {', '.join(known)}")
            ok = False
        elif (problem := option_problem(name, value)) is not None:
            bad(("options", name), problem)
            ok = False
    return Options(**raw) if ok else Options()


def train_labels(script: Script, owner: list[int]) -> list[str]:
    """A train's label: the player's name, or ``name/1``, ``name/2`` when a player runs several trains."""
    counts = [owner.count(p) for p in range(len(script.players))]
    seen = [0] * len(script.players)
    out = []
    for p in owner:
        seen[p] += 1
        name = script.players[p].name
        out.append(name if counts[p] == 1 else f"{name}/{seen[p]}")
    return out


def _dispatch_deal_problems(script: Script, rules: Rules) -> list[Problem]:
    """A scripted deal holds at most ``dispatch_per_player`` cards each, and no kind beyond its printed copies."""
    problems: list[Problem] = []
    limit = rules.dispatch_per_player
    printed = {k: rules.dispatch_deck.count(i) for i, k in enumerate(rules.dispatch_ids)}
    dealt: dict[str, int] = {}
    for i, p in enumerate(script.players):
        hand = p.dispatch or []
        if len(hand) > limit:
            problems.append(script.problem(("players", i, "dispatch"), f"{len(hand)} dispatch cards dealt; "
                                           f"each player is dealt {limit} (game.setup.dispatch_per_player)"))
        for j, kind in enumerate(hand):
            dealt[kind] = dealt.get(kind, 0) + 1
            if kind in printed and dealt[kind] == printed[kind] + 1:
                problems.append(script.problem(("players", i, "dispatch", j), f"more '{kind}' cards dealt than "
                                               f"the {printed[kind]} in the dispatch deck"))
    return problems


#: a dispatch kind's window, as a replay names it
WINDOW_NAMES = ("with the operation card", "after the move", "as the stop begins")


def _dispatch_problems(script: Script, rules: Rules, where: tuple, decision: dict) -> list[Problem]:
    """Each scripted dispatch card exists, says only what its kind takes, and is the train's only card at its
    timing that round (one card per window)."""
    problems: list[Problem] = []
    windows: dict[int, str] = {}
    for path, entry, card_path in dispatch_entries(decision):
        name = entry["card"]
        if name not in rules.dispatch_ids:
            problems.append(script.problem(where + card_path, f"unknown dispatch card '{name}'; known: "
                                           f"{', '.join(rules.dispatch_ids)}"))
            continue
        k = rules.dispatch_ids.index(name)
        fx = rules.dispatch[k]
        for key, takes, meaning in (("with", fx.pick_train, "the train a swap is made with" if fx.swap else
                                     "the train the card's effect goes to"),
                                    ("pile", fx.pick_pile, "the station whose pile a Group Booking draws from"
                                     if fx.draw else "the station whose platform the tickets go onto"),
                                    ("section", fx.pick_section, "the section the card closes" if fx.section_closed
                                     else "the section whose trains the card's effect goes to"),
                                    ("keep", fx.draw, ""), ("platform", fx.draw, "")):
            if key in entry and not takes:
                problems.append(script.problem(where + path + (key,), f"'{name}' takes no '{key}'"))
            elif takes and meaning and key not in entry:
                problems.append(script.problem(where + path, f"'{name}' needs '{key}': {meaning}"))
        if fx.window in windows:
            problems.append(script.problem(where + path, f"'{name}' and '{windows[fx.window]}' are both played "
                                           f"{WINDOW_NAMES[fx.window]}: one dispatch card per timing and round"))
        windows.setdefault(fx.window, name)
    return problems


def check_ids(script: Script, rules: Rules) -> None:
    """Every id in the script exists in the content; every count is possible."""
    problems: list[Problem] = []
    ops, tickets, stations = set(rules.op_ids), set(rules.ticket_ids), set(rules.station_ids)
    for i, p in enumerate(script.players):
        for train, cards in p.card_lists().items():
            for j, card in enumerate(cards):
                if card not in ops:
                    problems.append(script.problem(card_path(i, p, train, j), f"unknown operation card '{card}'; "
                                                   f"known: {', '.join(rules.op_ids)}"))
        for j, card in enumerate(p.dispatch or []):
            if card not in rules.dispatch_ids:
                known = ", ".join(rules.dispatch_ids)
                problems.append(script.problem(("players", i, "dispatch", j),
                                                f"unknown dispatch card '{card}'; known: {known}"))
    problems += _dispatch_deal_problems(script, rules)
    for station, top in script.piles.items():
        if station not in stations:
            problems.append(script.problem(("piles", station), f"unknown station '{station}'"))
            continue
        s = rules.station_ids.index(station)
        for j, kind in enumerate(top):
            if kind not in tickets:
                problems.append(script.problem(("piles", station, j), f"unknown ticket kind '{kind}'"))
            elif rules.station_ids[rules.ticket_origin[rules.ticket_ids.index(kind)]] != station:
                problems.append(script.problem(("piles", station, j), f"ticket '{kind}' is not in the {station} pile"))
        counts: dict[str, int] = {}
        for kind in top:
            counts[kind] = counts.get(kind, 0) + 1
        for kind, n in counts.items():
            if kind in tickets:
                have = sum(1 for c in rules.piles[s] if rules.ticket_ids[rules.card_kind[c]] == kind)
                if n > have:
                    problems.append(script.problem(("piles", station), f"{n} x '{kind}' asked, only {have} printed"))
    for rnd, by_train in script.rounds.items():
        for label, decision in by_train.items():
            for j, kind in enumerate(decision.get("board", []) or []):
                if kind not in tickets:
                    problems.append(script.problem(("rounds", rnd, label, "board", j), f"unknown ticket kind '{kind}'"))
            problems += _dispatch_problems(script, rules, ("rounds", rnd, label), decision)
    if problems:
        raise ScriptError(problems, script.smap.lines)
