"""Play a scripted game through the checked path and record the state after every round.

Scripted decisions come from the file; anything it leaves out is decided by
the player's bot, and anything random by the script's seed, so a replay is
reproducible byte for byte. Every scripted value that the rules refuse is
reported at its ``file:line:col``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from cardgen.engine.rules.actions import IllegalAction, SetupRefused
from cardgen.engine.bots.archetypes import Bot
from cardgen.engine.play.playable import check_playable, check_variant_players
from cardgen.engine.play.games import make_bots, rules_for, run_checked
from cardgen.engine.rules.compiled import AFTER_MOVE, AT_STOP, WITH_REVEAL, DispatchEffect, Rules
from cardgen.engine.replay.content import script_content
from cardgen.engine.replay.expect import check_expect
from cardgen.engine.replay.record import Recorder, place_name
from cardgen.engine.replay.script import (
    WINDOW_NAMES, Script, ScriptError, card_path, check_ids, dispatch_entries, read_script, train_labels,
)
from cardgen.engine.rules.state import GameState
from cardgen.engine.rules.view import PlayerView
from cardgen.errors import UsageError
from cardgen.model.messages import suggest


class ScriptedBot:
    """Answers from the script where it speaks, from the fallback bot elsewhere. It answers every question
    the checked path asks a :class:`Bot` (replays run there only), without being one: bots are compiled."""

    def __init__(self, rules: Rules, fallback: Bot, script: Script, labels: list[str], asked: set[tuple]):
        self.rules, self.seed = rules, fallback.seed
        self.fallback, self.script, self.labels = fallback, script, labels
        self.name = fallback.name
        self.asked = asked  # (round, label, key...) of every scripted decision the game asked for, shared by all bots

    def _decision(self, view: PlayerView, t: int, key: str):
        by_train = self.script.rounds.get(view.round, {})
        decision = by_train.get(self.labels[t]) or {}
        where = ("rounds", view.round, self.labels[t], key)
        if key in decision:
            self.asked.add(where[1:])
        return decision.get(key, None) if key in decision else _MISSING, where

    def _dispatch(self, view: PlayerView, t: int, window: int):
        """The card the script plays for train ``t`` at ``window`` this round: (None, ...) when the script leaves
        the round's dispatch cards to the bot, ({}, ...) when it plays none at this window, else (entry, path).
        A scripted card is marked as asked for here, so it is never reported as unused."""
        by_train = self.script.rounds.get(view.round, {})
        decision = by_train.get(self.labels[t]) or {}
        where = ("rounds", view.round, self.labels[t])
        if "dispatch" not in decision:
            return None, where + ("dispatch",)
        for path, entry, _ in dispatch_entries(decision):
            k = self.rules.dispatch_ids.index(entry["card"])
            if self.rules.dispatch[k].window == window:
                self.asked.add((view.round, self.labels[t]) + path)
                return entry, where + path
        return {}, where + ("dispatch",)

    def _card(self, view: PlayerView, t: int, window: int, offered: list[int], entry: dict, path) -> int:
        """The scripted card's kind, refused at ``path`` when it is not among those ``offered``."""
        k = self.rules.dispatch_ids.index(entry["card"])
        if k not in offered:
            raise self.script.fail(path, _cannot(entry["card"], view.round, window, self.rules.dispatch[k]))
        return k

    def operation(self, view, t):
        slot, card = self.fallback.operation(view, t)
        choice, path = self._decision(view, t, "card")
        if choice is not _MISSING:
            hand = view.hand(t)
            kinds = [self.rules.op_ids[k] for k in hand]
            if view.options.hand_size == 1 or choice not in kinds:
                raise self.script.fail(path, f"card '{choice}' is not in hand (hand: {', '.join(kinds) or 'none'}; "
                                             "choosing needs options.hand_size > 1)")
            slot = kinds.index(choice)
        entry, path = self._dispatch(view, t, WITH_REVEAL)
        if entry is not None:
            held = [k for k in view.dispatch() if self.rules.dispatch[k].window == WITH_REVEAL]
            card = self._card(view, t, WITH_REVEAL, held, entry, path) if entry else -1
        return slot, card

    def move(self, view, t, r):
        cells, path = self._decision(view, t, "move")
        if cells is _MISSING:
            return self.fallback.move(view, t, r)
        if not 0 <= cells <= r:
            raise self.script.fail(path, f"move must be a whole number from 0 to R = {r}")
        return cells

    def siding(self, view, t):
        """Ruling R25: the script's `siding:` (asked only when the train's move ended beside a siding with room)."""
        enter, _ = self._decision(view, t, "siding")
        return self.fallback.siding(view, t) if enter is _MISSING else bool(enter)

    def after_move(self, view, t, cards, targets):
        entry, path = self._dispatch(view, t, AFTER_MOVE)
        if entry is None:
            return self.fallback.after_move(view, t, cards, targets)
        if not entry:
            return -1, -1
        k = self._card(view, t, AFTER_MOVE, cards, entry, path)
        fx = self.rules.dispatch[k]
        if fx.pick_section:
            return k, self._section(view, t, k, entry, path)
        if not fx.pick_train:
            return k, -1
        legal = {self.labels[u]: u for u in (targets if fx.swap else view.card_choices(t, k))}
        if entry["with"] not in legal:
            raise self.script.fail(path + ("with",), f"cannot swap with '{entry['with']}'; adjacent trains: "
                                                     f"{', '.join(legal) or 'none'}" if fx.swap else
                                   f"cannot choose '{entry['with']}'; trains within {fx.wait_range} cells: "
                                   f"{', '.join(legal) or 'none'}" if fx.wait_range else
                                   f"cannot choose '{entry['with']}'; trains the card may name: "
                                   f"{', '.join(legal) or 'none'}")
        return k, legal[entry["with"]]

    def _section(self, view, t, k: int, entry: dict, path) -> int:
        """The cell of the section the script names for card ``k``, which names one, refused unless within its
        range."""
        ids, fx = self.rules.section_ids, self.rules.dispatch[k]
        legal = {ids[c]: c for c in view.card_choices(t, k)}
        name = entry["section"]   # script.check_ids refused a card that needs one without it
        if name not in legal:
            raise self.script.fail(path + ("section",), f"cannot choose section '{name}'; sections within "
                                                        f"{fx.section_range} cells: {', '.join(legal) or 'none'}")
        return legal[name]

    def at_stop(self, view, t, cards):
        entry, path = self._dispatch(view, t, AT_STOP)
        if entry is None:
            return self.fallback.at_stop(view, t, cards)
        if not entry:
            return -1, -1
        k = self._card(view, t, AT_STOP, cards, entry, path)
        if not self.rules.dispatch[k].pick_pile:
            return k, -1
        name = entry["pile"]
        if name not in self.rules.station_ids:
            raise self.script.fail(path + ("pile",), f"unknown station '{name}'{suggest(name, self.rules.station_ids)}")
        s = self.rules.station_ids.index(name)
        if not view.pile_size(s):
            raise self.script.fail(path + ("pile",), f"the {name} pile is empty")
        if s not in view.card_choices(t, k):
            named = ", ".join(self.rules.station_ids[c] for c in view.card_choices(t, k)) or "none"
            raise self.script.fail(path + ("pile",), f"the card cannot name the {name} pile; it may name: {named}")
        return k, s

    def booking_platform(self, view, t):
        spec, path = self._dispatch(view, t, AT_STOP)
        if not spec or "platform" not in spec:
            return self.fallback.booking_platform(view, t)
        name = spec["platform"]
        if name not in self.rules.station_ids:
            raise self.script.fail(path + ("platform",), f"unknown station '{name}'"
                                                         f"{suggest(name, self.rules.station_ids)}")
        if view.options.booking_platform != "any":
            raise self.script.fail(path + ("platform",), "a booked ticket goes onto its origin platform; naming "
                                                         "a platform needs options: {booking_platform: any} (R7)")
        return self.rules.station_ids.index(name)

    def keep(self, view, t, drawn, keep):
        spec, path = self._dispatch(view, t, AT_STOP)
        if not spec or "keep" not in spec:
            return self.fallback.keep(view, t, drawn, keep)
        names = [self.rules.ticket_ids[self.rules.card_kind[c]] for c in drawn]
        picks: list[int] = []
        for kind in spec["keep"] or []:
            free = [i for i, n in enumerate(names) if n == kind and i not in picks]
            if not free:
                raise self.script.fail(path + ("keep",), f"'{kind}' was not drawn (drawn: {', '.join(names)})")
            picks.append(free[0])
        need = min(keep, len(drawn))
        if len(picks) != need:
            raise self.script.fail(path + ("keep",), f"keep {need} of the tickets drawn ({', '.join(names)}), "
                                                     f"not {len(picks)}")
        return tuple(sorted(picks))

    def board(self, view, t, eligible, room, limit):
        kinds, path = self._decision(view, t, "board")
        if kinds is _MISSING:
            return self.fallback.board(view, t, eligible, room, limit)
        rules = self.rules
        out: list[int] = []
        for j, kind in enumerate(kinds or []):
            free = [c for c in eligible if rules.ticket_ids[rules.card_kind[c]] == kind and c not in out]
            if not free:
                here = ", ".join(rules.ticket_ids[rules.card_kind[c]] for c in eligible) or "none"
                raise self.script.fail(path + (j,), f"no '{kind}' ticket waits here for a train going this way "
                                                     f"(boardable: {here})")
            out.append(free[0])
        return out


_MISSING = object()


@dataclass(frozen=True)
class Replay:
    """What a replay shows: a row per round and the final table."""

    title: str
    labels: list[str]
    rounds: list[dict]
    final: list[dict]
    start: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"title": self.title, "trains": self.labels, "start": self.start, "rounds": self.rounds,
                "final": self.final}


def _arrange(script: Script, rules: Rules):
    """Put scripted cards where the script says, before the platforms are filled."""

    def arrange(state: GameState) -> None:
        for station, top in script.piles.items():
            pile = state.piles[rules.station_ids.index(station)]
            chosen: list[int] = []
            for kind in top:
                k = rules.ticket_ids.index(kind)
                chosen.append(next(c for c in pile if rules.card_kind[c] == k and c not in chosen))
            for c in chosen:
                pile.remove(c)
            pile.extend(reversed(chosen))  # the top of a pile is the end of its list
        for p, player in enumerate(script.players):
            trains = state.trains_of[p]
            for number, cards in player.card_lists().items():
                if isinstance(player.cards, list) and len(trains) != 1:
                    raise script.fail(("players", p, "cards"), f"this player runs {len(trains)} trains: give "
                                      "cards per train, {1: [...], 2: [...]}")
                if number > len(trains):
                    raise script.fail(("players", p, "cards", number), f"train {number} does not exist: "
                                      f"this player runs {len(trains)} train(s)", key=True)
                state.forced[trains[number - 1]] = [rules.op_ids.index(c) for c in cards]
            if player.dispatch is not None:
                state.dispatch_deck.extend(state.dispatch[p])
                state.dispatch[p] = []
                for j, kind in enumerate(player.dispatch):
                    k = rules.dispatch_ids.index(kind)
                    if k not in state.dispatch_deck:
                        raise script.fail(("players", p, "dispatch", j), f"no '{kind}' card left to deal")
                    state.dispatch_deck.remove(k)
                    state.dispatch[p].append(k)

    return arrange


def snapshot(state: GameState, labels: list[str]) -> dict:
    """The facts a round table shows, for every train."""
    rules = state.rules
    ev = state.event
    trains = []
    for t in range(state.n):
        p = state.owner[t]
        trains.append({
            "train": labels[t], "card": rules.op_ids[state.card[t]], "r": state.r[t], "moved": state.moved[t],
            "cell": state.cell[t], "place": place_name(rules, state.cell[t], state.siding[t]),
            "direction": "right" if state.dir[t] > 0 else "left",
            "load": state.places[t], "aboard": [rules.ticket_ids[rules.card_kind[c]] for c in state.aboard[t]],
            "wait": state.wait[t], "delays": state.late[p], "score": state.score[p], "delivered": state.delivered[p],
        })
    return {"round": state.round, "clock": state.clock, "event": rules.event_ids[ev.kind] if ev else None,
            "trains": trains}


def run_script(script: Script, content=None) -> Replay:
    """Play ``script`` and return every round's snapshot and the final table."""
    content = script_content(script, content)
    check_playable(content)
    rules = rules_for(content)
    check_ids(script, rules)
    players = len(script.players)
    if not rules.players_min <= players <= rules.players_max:
        raise script.fail(("players",), f"{players} players; this game takes {rules.players_min}-{rules.players_max}")
    try:
        check_variant_players(content, players)
    except UsageError as exc:
        raise script.fail(("variant",) if script.variant else ("players",), str(exc)) from None
    try:
        state = GameState(rules, players, script.seed, script.options, arrange=_arrange(script, rules))
    except SetupRefused as exc:
        raise script.fail(("options", exc.option) if exc.option else ("players",), str(exc)) from None
    labels = train_labels(script, state.owner)
    if problems := _train_problems(script, labels):
        raise ScriptError(problems, script.smap.lines)
    rows: list[dict] = []
    recorder = Recorder(state, labels, [player.name for player in script.players])
    start = recorder.start(state)
    state.on_round_end = lambda _: rows.append({**snapshot(state, labels), **recorder.extras(state)})
    fallbacks = make_bots(rules, [player.bot for player in script.players], script.seed)
    asked: set[tuple] = set()
    bots = [ScriptedBot(rules, fallback, script, labels, asked) for fallback in fallbacks]
    try:
        run_checked(state, cast(list[Bot], bots))  # it answers as a Bot does; the compiled Bot takes no subclass
    except IllegalAction as exc:
        t = state.current_train()
        train = getattr(exc, "train", None)
        if train is not None:
            where = _card_path(script, state, train)
        elif t is not None:
            where = ("rounds", state.round, labels[t])
        else:
            where = ("rounds", state.round)
        raise script.fail(where, str(exc)) from None
    late = sorted(r for r in script.rounds if r > state.round)
    if late:
        raise script.fail(("rounds", late[0]), f"round {late[0]} is never played: the game ended after "
                                                f"round {state.round}", key=True)
    if problems := _unapplied(script, rules, asked, state.round):
        raise ScriptError(problems, script.smap.lines)
    final = []
    for p, player in enumerate(script.players):
        final.append({"player": player.name, "bot": player.bot, "score": state.score[p],
                      "delivered": state.delivered[p], "delays": state.late[p], "bonus": state.bonus[p],
                      "penalty": state.penalty[p], "wait": sum(state.wait[t] for t in state.trains_of[p]),
                      "blocked": sum(state.blocked[t] for t in state.trains_of[p]),
                      "blocked_by_train": sum(state.blocked_by_train[t] for t in state.trains_of[p]),
                      "winner": p in state.winners()})
    replay = Replay(script.title, labels, rows, final, start)
    check_expect(script, replay)
    return replay


#: why a scripted decision was never asked for, by decision
_NEVER_ASKED = {
    "board": "the train did not stop at a station where a ticket could board",
    "move": "the move is chosen only with options.stop_short: true, on a train with R > 0",
    "card": "the card is chosen only with options.hand_size > 1",
    "siding": "the train's move did not end in a section beside a siding with room (ruling R25)",
}
#: why a dispatch card could not be played at its window, by window
_UNPLAYABLE = ("the player did not hold it",
               "the player did not hold it",
               "the player did not hold it, or a Group Booking found every pile empty")


#: why a card that names a train could not be played after the move, by whether it is a swap
_NO_TRAIN = {True: "a swap found no train adjacent", False: "no other train stood within its range"}


def _cannot(name: str, rnd: int, window: int, fx: DispatchEffect) -> str:
    why = _UNPLAYABLE[window]
    if window == AFTER_MOVE and fx.pick_train:
        why = f"the player did not hold it, or {_NO_TRAIN[fx.swap]}"
    elif window == AT_STOP and fx.move_count:
        why = "the player did not hold it, or its train made no stop with tickets aboard"
    elif window == AT_STOP and fx.pick_pile and not fx.draw:
        why = "the player did not hold it, or every ticket pile was empty"
    return f"'{name}' cannot be played {WINDOW_NAMES[window]} in round {rnd}: {why}"


def _scripted_noop(key: str, value) -> bool:
    """A decision that asks for nothing (board nothing, no dispatch card) fits any round."""
    return (value in (None, "none", []) and key != "move") or (key == "siding" and value is False)


def _train_problems(script: Script, labels: list[str]) -> list:
    """Every scripted decision is for a train that exists (``A/7`` or ``A/1`` passed on the player's name
    alone), and every scripted swap names another train that exists."""
    problems = []
    for rnd, by_train in script.rounds.items():
        for label, decision in by_train.items():
            if label not in labels:
                problems.append(script.problem(("rounds", rnd, label), f"unknown train '{label}'; trains are "
                                               f"{', '.join(labels)}", key=True))
                continue
            for path, entry, _ in dispatch_entries(decision):
                target = entry.get("with")
                where = ("rounds", rnd, label) + path + ("with",)
                if target is None:
                    continue
                if target == label:
                    problems.append(script.problem(where, "a train cannot swap with itself"))
                elif target not in labels:
                    problems.append(script.problem(where, f"unknown train '{target}'; trains are {', '.join(labels)}"))
    return problems


def _unapplied(script: Script, rules: Rules, asked: set[tuple], last_round: int) -> list:
    """Scripted decisions of played rounds that the game never asked for: each is a located problem."""
    problems = []
    for rnd, by_train in script.rounds.items():
        if rnd > last_round:
            continue  # a round never played is reported on its own
        for label, decision in by_train.items():
            for key, value in decision.items():
                if key in _NEVER_ASKED and (rnd, label, key) not in asked and not _scripted_noop(key, value):
                    problems.append(script.problem(("rounds", rnd, label, key),
                                                   f"{key} cannot apply in round {rnd}: {_NEVER_ASKED[key]}"))
            for path, entry, _ in dispatch_entries(decision):
                if (rnd, label) + path not in asked:
                    fx = rules.dispatch[rules.dispatch_ids.index(entry["card"])]
                    problems.append(script.problem(("rounds", rnd, label) + path,
                                                   _cannot(entry["card"], rnd, fx.window, fx)))
    return problems


def _card_path(script: Script, state: GameState, t: int) -> tuple:
    """Point a refused scripted draw at the card in the player's list."""
    p = state.owner[t]
    number = state.trains_of[p].index(t) + 1
    player = script.players[p]
    used = len(player.card_lists().get(number, [])) - len(state.forced[t])
    return card_path(p, player, number, used - 1)


def replay_file(path: Path | str) -> Replay:
    return run_script(read_script(Path(path)))


__all__ = ["Replay", "ScriptError", "ScriptedBot", "read_script", "replay_file", "run_script", "snapshot"]
