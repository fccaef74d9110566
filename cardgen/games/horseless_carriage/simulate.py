"""Whole games played by bots, summed up: game length, wealth by strategy and seat, playability checks.

Why: a designer changing the time-card table, a track or a deck wants to know at once whether games
still last, who wins from which seat, and whether some component can never be used: a demand card whose
year no factory reaches, a window size no dealership can ever lay, or a clock that ends most games
before year 3.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict, dataclass, field

from cardgen.errors import UsageError
from cardgen.games.standard import SimulateRequest
from cardgen.games.horseless_carriage import market as mk
from cardgen.games.horseless_carriage.bots import BOTS
from cardgen.games.horseless_carriage.model import HorselessContent
from cardgen.games.horseless_carriage.rules import Rules, compile_rules
from cardgen.games.horseless_carriage.state import State

#: a game ending before this year is "early"; most games ending early is a playability failure
EARLY_YEAR = 3


@dataclass
class SimulationReport:
    players: int
    games: int
    seed: int
    bots: list[str]                                   #: the strategy of each player, by player index
    years: dict[int, int]                             #: game length in years -> games
    mean_years: float
    wealth_by_seat: list[float]                       #: mean wealth by starting turn-order position
    wealth_by_strategy: dict[str, float]
    wins_by_strategy: dict[str, float]                #: share of the games each strategy won
    early_share: float                                #: share of games the clock ended before EARLY_YEAR
    unplaceable_cards: list[str]                      #: demand cards whose year no factory reaches
    never_legal_windows: list[str]                    #: window sizes no dealership can ever lay
    windows_laid: dict[str, int]
    #: window size -> [years a dealership entitled to it had a legal place for it, years one was entitled]
    windows_placeable: dict[str, list[int]]
    cards_played: int
    cards_never_played: int
    flags: list[str] = field(default_factory=list)   #: the playability checks that failed

    @property
    def ok(self) -> bool:
        """Whether every playability check passed (what ``cardgen simulate`` exits by)."""
        return not self.flags

    def to_dict(self) -> dict:
        out = asdict(self)
        out["years"] = {str(k): v for k, v in self.years.items()}
        out["ok"] = self.ok
        return out

    def lines(self) -> list[str]:
        years = ", ".join(f"{y}: {n}" for y, n in sorted(self.years.items()))
        out = [
            f"{self.games} games of {self.players} players, seed {self.seed}, bots by player: {', '.join(self.bots)}",
            f"game length: {self.mean_years:.2f} years on average ({years})",
            "wealth by seat: " + ", ".join(f"{i + 1}: {w:.1f}" for i, w in enumerate(self.wealth_by_seat)),
            "wealth by strategy: " + ", ".join(f"{b}: {w:.1f}" for b, w in self.wealth_by_strategy.items()),
            "wins by strategy: " + ", ".join(f"{b}: {w:.0%}" for b, w in self.wins_by_strategy.items()),
            "windows laid: " + ", ".join(f"{k}: {v}" for k, v in self.windows_laid.items()),
            "windows with a legal place when due: " + ", ".join(f"{k}: {p}/{n}"
                                                                 for k, (p, n) in self.windows_placeable.items()),
            f"demand cards played: {self.cards_played} ({self.cards_never_played} never played in any game)",
            f"games ended by the clock before year {EARLY_YEAR}: {self.early_share:.0%}",
        ]
        out += [f"PLAYABILITY: {flag}" for flag in self.flags] or ["playability: every check passed"]
        return out


def unplaceable_cards(rules: Rules) -> list[str]:
    """Demand cards asking for more floor extensions than a player has."""
    most = len(rules.extensions)
    return [f"{rules.industrialists[i]} card {j + 1} (year {card.year}; {most} extensions at most)"
            for i, deck in enumerate(rules.decks) for j, card in enumerate(deck) if card.year > most]


def never_legal_windows(rules: Rules) -> list[str]:
    """Window sizes with no legal place even for a dealership holding every indicator of the supply."""
    best = [rules.indicator_copies * len(rules.steps)] * len(rules.dims)
    board = mk.Market.empty(rules)
    out = []
    for marketing, (wid, _, _) in enumerate(rules.windows):
        if not any(mk.window_legal(rules, board, best, x, y, w, h)
                   for w, h in mk.window_shapes(rules, marketing) for x, y in mk.window_anchors(rules, w, h)):
            out.append(wid)
    return out


@dataclass
class WindowWatch:
    """Each year, for every dealership allowed to sell: the window size it is entitled to, and whether that
    window had any legal place on the board (a size entitled but never placeable can never be legal)."""

    entitled: Counter[str] = field(default_factory=Counter)
    placeable: Counter[str] = field(default_factory=Counter)

    def __call__(self, state: State) -> None:
        rules = state.rules
        for p, dealers in enumerate(state.dealers):
            for dealer, ok in zip(dealers, state.eligible[p]):
                if not ok:
                    continue
                wid = rules.windows[min(dealer.marketing, len(rules.windows) - 1)][0]
                self.entitled[wid] += 1
                if any(mk.window_legal(rules, state.market, dealer.spec, x, y, w, h)
                       for w, h in mk.window_shapes(rules, dealer.marketing) for x, y in mk.window_anchors(rules, w, h)):
                    self.placeable[wid] += 1


def play(rules: Rules, players: int, bots: list[str], seed: int, watch: WindowWatch | None = None) -> State:
    """One whole game, each player moved by its bot."""
    state = State(rules, players, seed)
    state.on_brochure = watch
    rng = random.Random(seed)
    moves = [BOTS[bots[p % len(bots)]] for p in range(players)]
    while not state.is_terminal():
        state.apply(moves[state.current_player()](state, rng))
    return state


def simulate(content: HorselessContent, *, players: int, bot: str, games: int, seed: int) -> SimulationReport:
    """Play ``games`` games; ``bot`` names a bot, or several separated by commas, given to players in turn."""
    rules = compile_rules(content)
    if not rules.players[0] <= players <= rules.players[1]:
        raise UsageError(f"--players {players}: this game takes {rules.players[0]}-{rules.players[1]}")
    names = [b.strip() for b in bot.split(",")]
    for name in names:
        if name not in BOTS:
            raise UsageError(f"no bot {name!r}; bots: {', '.join(BOTS)}")
    if games < 1:
        raise UsageError(f"--games {games}: play at least one game")
    bots = [names[p % len(names)] for p in range(players)]
    years: Counter[int] = Counter()
    seat_wealth = [0.0] * players
    strategy_wealth: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    laid: Counter[str] = Counter()
    played: set[tuple[int, int]] = set()
    cards = 0
    sizes = {}
    for marketing, (wid, _, _) in enumerate(rules.windows):
        for w, h in mk.window_shapes(rules, marketing):
            sizes[(w, h)] = wid
    watch = WindowWatch()
    for g in range(games):
        state = play(rules, players, bots, seed + g, watch)
        years[state.year] += 1
        for p, player in enumerate(state.players):
            seat_wealth[player_seat(state, p)] += player.wealth
            strategy_wealth[bots[p]] += player.wealth
        wins[bots[state.winner()]] += 1
        for action in state.history_log:
            if action[0] == "window":
                laid[sizes[(action[4], action[5])]] += 1
        for p, c, _ in state.card_log:
            played.add((state.players[p].industrialist, c))
            cards += 1
    per_strategy = Counter(bots)
    early = sum(n for y, n in years.items() if y < EARLY_YEAR) / games
    report = SimulationReport(
        players=players, games=games, seed=seed, bots=bots, years=dict(sorted(years.items())),
        mean_years=sum(y * n for y, n in years.items()) / games,
        wealth_by_seat=[w / games for w in seat_wealth],
        wealth_by_strategy={b: strategy_wealth[b] / (games * per_strategy[b]) for b in per_strategy},
        wins_by_strategy={b: wins[b] / games for b in per_strategy},
        early_share=early, unplaceable_cards=unplaceable_cards(rules), never_legal_windows=never_legal_windows(rules),
        windows_laid={wid: laid[wid] for wid, _, _ in rules.windows},
        windows_placeable={wid: [watch.placeable[wid], watch.entitled[wid]] for wid, _, _ in rules.windows},
        cards_played=cards,
        cards_never_played=sum(len(d) for d in rules.decks) - len(played))
    if early > 0.5:
        report.flags.append(f"the clock ends {early:.0%} of games before year {EARLY_YEAR}")
    report.flags += [f"a demand card can never be placed: {c}" for c in report.unplaceable_cards]
    report.flags += [f"the {w} window can never be legal" for w in report.never_legal_windows]
    report.flags += [f"the {w} window had no legal place in any of its {n} chances"
                     for w, (placed, n) in report.windows_placeable.items() if n and not placed
                     and w not in report.never_legal_windows]
    return report


#: the players and bots ``cardgen simulate`` uses when the command line names none
DEFAULT_PLAYERS = 3
DEFAULT_BOTS = ("greedy",)


def simulate_request(content: HorselessContent, request: SimulateRequest) -> SimulationReport:
    """:func:`simulate` as the game seam's standard simulate command calls it (``--lineup`` names the bots)."""
    if request.variant is not None:
        raise UsageError(f"--variant {request.variant}: Horseless Carriage has no variants")
    players = DEFAULT_PLAYERS if request.players is None else request.players
    return simulate(content, players=players, bot=",".join(request.bots or DEFAULT_BOTS),
                    games=request.games, seed=request.seed)


def player_seat(state: State, p: int) -> int:
    """A player's seat: their place in the starting turn order, from 0."""
    return state.seats[p]
