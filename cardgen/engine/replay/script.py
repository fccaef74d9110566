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

from cardgen.engine.bots.registry import BOTS
from cardgen.engine.rules.options import Options, option_problem
from cardgen.engine.rules.compiled import Rules
from cardgen.errors import CardgenError, Problem
from cardgen.model.source import PathKey, SourceMap, YamlSourceError, load_file
from cardgen.model.messages import shown

TOP_KEYS = {"title", "content", "variant", "seed", "options", "players", "piles", "rounds", "expect", "events"}
PLAYER_KEYS = {"name", "bot", "cards", "dispatch"}
DECISION_KEYS = {"board", "dispatch", "move", "card"}
#: what a dispatch card entry may say besides its id: a swap's train, a booking's pile, picks and platform
DISPATCH_KEYS = {"card", "with", "pile", "keep", "platform"}


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _dispatch_entry(value) -> bool:
    if isinstance(value, str):
        return True
    return (isinstance(value, dict) and set(value) <= DISPATCH_KEYS and isinstance(value.get("card"), str)
            and isinstance(value.get("with", ""), str) and isinstance(value.get("pile", ""), str)
            and _texts(value.get("keep", [])) and isinstance(value.get("platform", ""), str))


def _dispatch(value) -> bool:
    return value is None or _dispatch_entry(value) or (isinstance(value, list) and all(map(_dispatch_entry, value)))


#: decision -> (check, what it must be), so a wrong shape is reported where it is written
_DECISION_SHAPES = {
    "board": (_texts, "a list of ticket kinds, e.g. [S1-S3]"),
    "move": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0, "a whole number of cells"),
    "dispatch": (_dispatch, "none, a dispatch card id, {card: ID, with: TRAIN} (a swap), "
                            "{card: ID, pile: STATION, keep: [TICKET], platform: STATION} (a booking), or a list "
                            "of them"),
    "card": (lambda v: isinstance(v, str), "an operation kind id"),
}


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
    problems: list[Problem] = list(smap.problems)

    def bad(p: PathKey, message: str) -> None:
        problems.append(smap.problem(p, message))

    if not isinstance(data, dict):
        raise ScriptError([Problem(str(path), 1, 1, "", "a scripted game is a mapping of keys")], smap.lines)
    for key in data:
        if key not in TOP_KEYS:
            bad((key,), f"unknown key '{key}'; known: {', '.join(sorted(TOP_KEYS))}")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        bad(("seed",), "seed must be a whole number")
        seed = 0
    options = Options()
    raw_opts = data.get("options", {}) or {}
    if not isinstance(raw_opts, dict):
        bad(("options",), "options must be a mapping")
    else:
        options = _read_options(raw_opts, bad)
    players: list[ScriptedPlayer] = []
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        bad(("players",), "players must be a non-empty list")
        raw_players = []
    for i, p in enumerate(raw_players):
        if not isinstance(p, dict):
            bad(("players", i), "each player is a mapping with name and bot")
            continue
        for key in p:
            if key not in PLAYER_KEYS:
                bad(("players", i, key), f"unknown key '{key}'; known: {', '.join(sorted(PLAYER_KEYS))}")
        name = p.get("name")
        if not isinstance(name, str) or not name:
            bad(("players", i), "player needs a name")
            name = f"player {i + 1}"
        if name in {q.name for q in players}:
            bad(("players", i, "name"), f"duplicate player name '{name}'")
        bot = p.get("bot", "balanced")
        if bot not in BOTS:
            bad(("players", i, "bot"), f"unknown bot '{bot}'; known: {', '.join(BOTS)}")
        cards = p.get("cards", []) or []
        per_train = isinstance(cards, dict) and all(isinstance(k, int) and not isinstance(k, bool) and k >= 1
                                                    and _texts(v) for k, v in cards.items())
        if not (_texts(cards) or per_train):
            bad(("players", i, "cards"), "cards must be a list of operation kind ids, or {TRAIN: [ids]} per "
                                         "train number for a player with several trains")
            cards = []
        dispatch = p.get("dispatch")
        if dispatch is not None and (not isinstance(dispatch, list) or not all(isinstance(c, str) for c in dispatch)):
            bad(("players", i, "dispatch"), "dispatch must be a list of dispatch kind ids")
            dispatch = None
        players.append(ScriptedPlayer(name, bot, cards, dispatch))
    piles = data.get("piles", {}) or {}
    if not isinstance(piles, dict) or not all(_texts(v) for v in piles.values()):
        bad(("piles",), "piles maps a station id to the ticket kinds on top of its pile, top first")
        piles = {}
    rounds = data.get("rounds", {}) or {}
    if not isinstance(rounds, dict):
        bad(("rounds",), "rounds maps a round number to the decisions scripted in it")
        rounds = {}
    names = {p.name for p in players}
    for rnd, by_train in rounds.items():
        if not isinstance(rnd, int) or rnd < 1:
            bad(("rounds", rnd), "round keys are whole numbers from 1")
        if not isinstance(by_train, dict):
            bad(("rounds", rnd), "each round maps a train label to its decisions")
            continue
        for label, decision in by_train.items():
            if not isinstance(label, str):
                bad(("rounds", rnd, label), f"a train label is a player's name (or NAME/N), not {shown(label)}")
                continue
            if label.split("/")[0] not in names:
                bad(("rounds", rnd, label), f"unknown train '{label}'; players are {', '.join(sorted(names))}")
            if not isinstance(decision, dict):
                bad(("rounds", rnd, label), "decisions are a mapping (board, dispatch, move, card)")
                continue
            for key, value in decision.items():
                shape = _DECISION_SHAPES.get(key)
                if shape is not None and not shape[0](value):
                    bad(("rounds", rnd, label, key), f"{key} must be {shape[1]}")
                if key not in DECISION_KEYS:
                    known = ", ".join(sorted(DECISION_KEYS))
                    bad(("rounds", rnd, label, key), f"unknown decision '{key}'; known: {known}")
    for key in ("title", "content"):
        if key in data and not isinstance(data[key], str):
            bad((key,), f"{key} must be text")
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str) and not (_texts(variant) and variant):
        bad(("variant",), "variant must be a variant id or a list of them (applied in order)")
    events = data.get("events", {}) or {}
    if not isinstance(events, dict):
        bad(("events",), "events maps a round number to an event kind id, {kind: ID, ...} or none")
        events = {}
    for rnd, card in events.items():
        if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < 1:
            bad(("events", rnd), "event rounds are whole numbers from 1")
        if not (card is None or isinstance(card, str) or (isinstance(card, dict) and isinstance(card.get("kind"), str))):
            bad(("events", rnd), "an event is a kind id, {kind: ID, station: S / section: T} or none")
    expect = data.get("expect", {}) or {}
    if problems:
        raise ScriptError(problems, smap.lines)
    return Script(path=path, smap=smap, title=str(data.get("title", path.stem)), content=data.get("content"),
                  variant=variant, seed=seed, options=options, players=players,
                  piles=piles, rounds=rounds, expect=expect, events=events)


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
        for key, takes, meaning in (("with", fx.swap, "the train a swap is made with"),
                                    ("pile", fx.draw, "the station whose pile a Group Booking draws from"),
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
