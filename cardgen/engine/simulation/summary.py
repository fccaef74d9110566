"""Turn a run's :class:`Tally` into the plain, JSON-ready summary that text, JSON and HTML share.

Win rates: a k-way tie for first gives each tied winner 1/k of a win, so the win
rates of all seats in a game add up to exactly 1 and "win rate by bot" sums to 100%
like the rules' table 10.16. A bot that sits in several seats (the 5-player default
lineup) is reported both as an archetype (all its seats together, comparable with
10.16) and per copy (divided by its number of seats).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from cardgen.engine.simulation.playability import balance_warnings, playability_notes, playability_problems
from cardgen.engine.simulation.stats import summarize, wilson
from cardgen.engine.simulation.runner import PLAYER_FIELDS, RunSpec, Tally


def options_dict(options) -> dict:
    if options is None:
        return {}
    if dataclasses.is_dataclass(options):
        return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    return dict(vars(options))


def build_summary(content, spec: RunSpec, tally: Tally) -> dict:
    """Everything a run measured, keyed for ``--json`` (wall-clock figures are added by the caller)."""
    n = tally.games
    copies = Counter(spec.lineup)
    bots = list(dict.fromkeys(spec.lineup))
    seat_share, bot_share = tally.seat_share, tally.bot_share
    seats = {seat + 1: wilson(seat_share.get(seat, 0), n) for seat in range(spec.players)}
    player_stats, seat_scores, pile_dry = tally.player_stats, tally.seat_scores, tally.pile_dry
    played, used, effective = tally.cards_played, tally.dispatch_used, tally.events_effective
    mattered = tally.dispatch_effective
    win = {bot: wilson(bot_share.get(bot, 0), n) for bot in bots}
    per_copy = {bot: wilson(bot_share.get(bot, 0) / copies[bot], n) for bot in bots}
    return {
        "game": content.game.id,
        "pack": ({"id": content.pack.id, "version": content.pack.version} if content.pack is not None else None),
        "variant": spec.variant,
        "players": spec.players,
        "lineup": list(spec.lineup),
        "games": n,
        "seed": spec.seed,
        "options": options_dict(spec.options),
        "rounds": summarize(tally.rounds),
        "final_clock": summarize(tally.final_clock),
        "win_rate": {bot: round(win[bot].rate, 6) for bot in bots},
        "win_interval": {bot: win[bot].as_dict() for bot in bots},
        "copies": {bot: copies[bot] for bot in bots},
        "win_rate_per_copy": {bot: per_copy[bot].as_dict() for bot in bots},
        "fair_share": {bot: round(copies[bot] / spec.players, 6) for bot in bots},
        "seat_win_rate": {str(seat): iv.as_dict() for seat, iv in seats.items()},
        "seat_scores": {str(seat + 1): summarize(seat_scores.get(seat, Counter()))
                        for seat in range(spec.players)},
        "ties": tally.ties,
        "bots": {bot: {name: summarize(player_stats.get(bot, {}).get(name, Counter()))
                       for name in PLAYER_FIELDS} for bot in bots},
        "score_histogram": {bot: _hist(player_stats.get(bot, {}).get("score", Counter())) for bot in bots},
        "blocks_per_game": summarize(tally.blocks),
        "pile_dry_round": {pile: _pile(pile_dry[pile]) for pile in [st.id for st in content.map.stations]
                           if pile in pile_dry},
        "cards_played": {k.id: played.get(k.id, 0) for k in content.operations.kinds},
        "dispatch_used": {k.id: used.get(k.id, 0) for k in content.dispatch.kinds},
        "dispatch_effective": {k.id: mattered.get(k.id, 0) for k in content.dispatch.kinds},
        "events_effective": {k: effective.get(k, 0)
                             for k in dict.fromkeys(card.kind for _, card in content.event_track)},
        "siding_pulls": {sd.id: tally.siding_pulls.get(sd.id, 0) for sd in content.map.sidings},
        # cards of an optional module that is off (ruling R23): in the box, not played, so their counts are 0
        "out_of_play": [f"{k.id} ({k.module})" for k in (*content.dispatch.kinds, *content.events.kinds)
                        if content.out_of_play(k)],
        "problems": playability_problems(content, spec, tally),
        "warnings": balance_warnings(spec, tally),
        "notes": playability_notes(content, tally),
    }


def _hist(hist: Counter) -> dict[str, int]:
    return {str(v): hist[v] for v in sorted(hist)}


def _pile(hist: Counter) -> dict:
    """When one origin pile runs dry: histogram of rounds, plus how many games it never did."""
    dry = Counter({r: c for r, c in hist.items() if r is not None})
    return {"never": hist.get(None, 0), "rounds": _hist(dry), "summary": summarize(dry)}
