"""The plain-text rendering of a simulation summary (what ``cardgen simulate`` prints)."""

from __future__ import annotations

from cardgen.engine.simulation.runner import CHUNK_GAMES


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def ci(iv: dict) -> str:
    return f"{pct(iv['rate'])}  [{pct(iv['low'])} - {pct(iv['high'])}]"


def _dist(d: dict) -> str:
    if not d.get("n"):
        return "-"
    q = d["quantiles"]
    return f"{d['mean']:6.1f} ±{d['sd']:5.1f}  p05 {q['p05']:>3}  p50 {q['p50']:>3}  p95 {q['p95']:>3}"


def format_summary(s: dict) -> str:
    """A compact human report: setup, win rates with CI, seats, scores, supply, card usage."""
    variant = f"variant {s['variant']}" if s["variant"] else "rules as written"
    opts = ", ".join(f"{k}={v}" for k, v in s["options"].items())
    played = f"{s['pack']['id']} v{s['pack']['version']} over {s['game']}" if s.get("pack") else s["game"]
    lines = [
        f"{played}: {s['games']} games, {s['players']} players, seed {s['seed']}, {variant}",
        f"  options: {opts or '-'}",
        f"  lineup (rotated one seat per game): {', '.join(s['lineup'])}",
        f"  rounds {s['rounds']['min']}-{s['rounds']['max']}, final clock {s['final_clock']['min']}-"
        f"{s['final_clock']['max']}, shared wins {s['ties']}",
    ]
    if s.get("games_per_second"):
        kernel = f", {s['kernel']} kernel" if s.get("kernel") else ""
        asked = s.get("workers_asked", s["workers"])
        fewer = (f" ({asked} asked: the games are played in chunks of {CHUNK_GAMES}, one worker a chunk)"
                 if asked > s["workers"] else "")
        lines.append(f"  speed: {s['games_per_second']:,.0f} games/s on {s['workers']} worker(s){kernel}{fewer}")
    lines += ["", "Win rate by bot (ties split; 95% Wilson CI; archetype total over its seats)"]
    for bot, iv in s["win_interval"].items():
        copies = s["copies"][bot]
        lines.append(f"  {bot:<10} {ci(iv)}   fair share {pct(s['fair_share'][bot])}"
                     + (f"  ({copies} seats)" if copies > 1 else ""))
    lines += ["", "Win rate by seat (whoever sits there)"]
    for seat, iv in s["seat_win_rate"].items():
        lines.append(f"  seat {seat:<5} {ci(iv)}")
    lines += ["", "Per bot (mean ±sd, quantiles)"]
    for bot, stats in s["bots"].items():
        lines.append(f"  {bot:<10} score     {_dist(stats['score'])}")
        for name in ("delivered", "delays", "blocked", "award"):
            if name != "award" or stats[name]["max"] > 0:   # an award line only where the content has awards
                lines.append(f"  {'':<10} {name:<9} {_dist(stats[name])}")
    lines += ["", f"Blocks per game  {_dist(s['blocks_per_game'])}", "",
              "Round each ticket pile runs dry"]
    for pile, p in s["pile_dry_round"].items():
        never = p["never"] / s["games"]
        lines.append(f"  {pile:<4} {_dist(p['summary'])}   never dry in {pct(never)} of games")
    lines += ["", "Operation cards played   " + _counts(s["cards_played"]),
              "Dispatch cards used      " + _counts(s["dispatch_used"]),
              "... of which mattered    " + _counts(s["dispatch_effective"]),
              "Rounds an event mattered " + _counts(s["events_effective"])]
    if s.get("out_of_play"):
        lines.append("Out of play (module off) " + ", ".join(s["out_of_play"]))
    if s.get("siding_pulls"):
        lines.append("Pulls into a siding      " + _counts(s["siding_pulls"]))
    return "\n".join(lines)


def _counts(d: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items()) or "-"
