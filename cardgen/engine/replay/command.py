"""``cardgen replay GAME.yaml``: play a scripted game and print the state after every round."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import typer

from cardgen.games.dispatch import for_every_game, folder_named_in

from cardgen.engine.replay.scripted import Replay, replay_file
from cardgen.engine.replay.script import ScriptError
from cardgen.errors import CardgenError, ContentError, error_line
from cardgen.problems import format_problems
from cardgen.printable import printable


def _pad(text: str, width: int) -> str:
    """Left-align for a terminal: wide (CJK) characters take two columns; names from the script are escaped."""
    text = printable(text)
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - used)


def _platforms(queues: dict[str, list[str]]) -> str:
    return "  platforms: " + "  ".join(f"{s} [{' '.join(q)}]" for s, q in queues.items())


def format_replay(replay: Replay) -> str:
    """A table per round for people: card, R, cells moved, place, direction, load, W, L, score."""
    out = [printable(replay.title), ""]
    if replay.start:
        out.append("Start  " + ", ".join(f"{printable(t['train'])} {t['place']} "
                                         f"{'->' if t['direction'] == 'right' else '<-'}"
                                         for t in replay.start["trains"]))
        out.append(_platforms(replay.start["platforms"]))
        out.append("")
    head = (f"  {'train':<10} {'card':<16} {'R':>2} {'mv':>2}  {'cell':<6} {'dir':<3} "
            f"{'load':>4} {'W':>3} {'L':>3} {'score':>5}")
    for row in replay.rounds:
        out.append(f"Round {row['round']}  clock {row['clock']}  event {row['event'] or '-'}")
        out.append(head)
        for t in row["trains"]:
            arrow = "->" if t["direction"] == "right" else "<-"
            out.append(f"  {_pad(t['train'], 10)} {t['card']:<16} {t['r']:>2} {t['moved']:>2}  "
                       f"{t['cell']:>2} {t['place']:<3}  {arrow:<3} {t['load']:>4} {t['wait']:>3} "
                       f"{t['delays']:>3} {t['score']:>5}")
        if row.get("deliveries"):
            out.append("  delivered: " + "; ".join(
                f"{d['player']} {d['ticket']} {'on time' if d['on_time'] else 'late'} {d['points']}"
                for d in row["deliveries"]))
        for player, used in (row.get("dispatch_used") or {}).items():
            out.append(f"  dispatch: {player} {', '.join(used)}")
        if "platforms" in row:
            out.append(_platforms(row["platforms"]))
        out.append("")
    out.append("Final")
    out.append(f"  {'player':<10} {'bot':<10} {'delivered':>9} {'L':>3} {'bonus':>5} {'penalty':>7} {'score':>5}")
    for f in replay.final:
        mark = "  winner" if f["winner"] else ""
        out.append(f"  {_pad(f['player'], 10)} {f['bot']:<10} {f['delivered']:>9} {f['delays']:>3} {f['bonus']:>5} "
                   f"{f['penalty']:>7} {f['score']:>5}{mark}")
    return "\n".join(out)


def replay_cmd(
    game: Path = typer.Argument(..., help="Scripted game YAML (see docs/replay-format.md)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document instead of tables."),
) -> None:
    """Replay a scripted game: scripted choices where given, each player's bot and the seed elsewhere.

    Prints the state after every round. Exit 1 with located errors for a bad script.

    Example: cardgen replay games/sample-4p.yaml --json
    """
    try:
        replay = replay_file(game)
    except ScriptError as exc:
        typer.echo(format_problems(exc.problems, {p.file: exc.lines for p in exc.problems}), err=True)
        raise typer.Exit(1) from None
    except ContentError as exc:
        typer.echo(format_problems(exc.problems, exc.sources), err=True)
        raise typer.Exit(exc.exit_code) from None
    except CardgenError as exc:
        typer.echo(error_line("replay", exc), err=True)
        raise typer.Exit(exc.exit_code) from None
    if as_json:
        typer.echo(json.dumps(replay.to_dict(), ensure_ascii=False, indent=1))
        return
    typer.echo(format_replay(replay))


def register(app: typer.Typer) -> None:
    app.command("replay")(for_every_game("replay", replay_cmd, folder_named_in("game", file_is="script")))
