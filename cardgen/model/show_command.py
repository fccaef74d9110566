"""``cardgen show [GAME|PACK] [KIND]``: look up a game's or a pack's ids, icons, effects, track and print counts
(the data is cardgen.model.catalogue's; this module reads the arguments and prints it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from cardgen.games.dispatch import for_every_game, folder_argument, refuse_unused
from cardgen.games.game import game_named
from cardgen.errors import UsageError
from cardgen.model.catalogue import ADDED, CHANGED, KINDS, REMOVED, Entry, catalogue, counts
from cardgen.model.messages import suggest
from cardgen.printable import printable

#: how each change a pack makes is marked in front of a row
MARKS = {ADDED: "+", CHANGED: "~", REMOVED: "-", "": " "}


def show_cmd(
    target: Optional[str] = typer.Argument(None, metavar="[GAME|PACK]",
                                           help="Content folder, pack, or a game's id (rail-journey, onsen-line, "
                                                "railroad-ink); the bundled Rail Journey set if omitted."),
    kind: Optional[str] = typer.Argument(None, metavar="[KIND]", help=f"Only this kind: {', '.join(KINDS)}."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Show the set with this variant applied."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Captions in this language only (zh or en; another "
                                                            "game's option: Rail Journey shows both)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    texts: bool = typer.Option(False, "--text", help="Each operation, dispatch and event kind's card text: the "
                                                     "designer's (if written) and the one its effects generate."),
) -> None:
    """List what a game or pack holds: ids, icons, effects with their parameters, the event track
    (round -> card) and print counts, per kind. For a pack, the merged set, each row marked + added,
    ~ changed or - removed against its base. Another game: its summary, its bots and variants, and each
    printed kind's faces (ids, copies, backs, captions; --lang for one language).

    Examples: cardgen show; cardgen show event; cardgen show onsen-line track --json
    """
    from cardgen.model import load
    from cardgen.command_errors import reported
    from cardgen.model.load import has_variant

    refuse_unused("show", game_named("rail-journey"), frozenset({"lang"} if lang is not None else ()), frozenset())
    if texts:
        return _show_texts(target, kind, variant, as_json)
    with reported("show", "nothing shown"):
        target, kinds = _arguments(target, kind)
        content = load(target, variant=variant)
        base = None
        if content.pack is not None:
            base = load(content.pack.base, variant=variant if has_variant(content.pack.base, variant) else None)
        rows = catalogue(content, kinds, base)
    heading = counts(content)
    if as_json:
        doc: dict[str, Any] = {"game": content.game.id, "version": content.game.version,
                               "variant": variant, "kinds": {k: [e.as_dict() for e in v] for k, v in rows.items()},
                               "counts": {k: heading[k] for k in rows}}
        if content.pack is not None:
            doc["pack"] = {"id": content.pack.id, "version": content.pack.version, "base": content.pack.base.name}
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        return
    for line in _text(content, rows, heading, variant):
        typer.echo(printable(line))


#: the kinds whose cards print a rules text, and where a content keeps them
TEXT_KINDS = {"operation": "operations", "dispatch": "dispatch", "event": "events"}


def _show_texts(target: str | None, kind: str | None, variant: str | None, as_json: bool) -> None:
    """``--text``: each kind's written text (or none) and the text generated from its effects, zh and en."""
    from cardgen.command_errors import reported
    from cardgen.model import load
    from cardgen.model.phrases import generated

    with reported("show", "nothing shown"):
        target, kinds = _arguments(target, kind)
        wanted = [k for k in TEXT_KINDS if kinds is None or k in kinds]
        if not wanted:
            raise UsageError(f"--text shows the kinds that print a text: {', '.join(TEXT_KINDS)}")
        content = load(target, variant=variant)
    rows = {name: [{"id": k.id, "text": k.text.model_dump() if k.text else None,
                    "generated": {lang: generated(content, k, lang) for lang in ("zh", "en")}}
                   for k in getattr(content, TEXT_KINDS[name]).kinds] for name in wanted}
    if as_json:
        typer.echo(json.dumps({"game": content.game.id, "texts": rows}, ensure_ascii=False, indent=2))
        return
    for name, entries in rows.items():
        typer.echo(f"{name}:")
        for entry in entries:
            typer.echo(printable(f"  {entry['id']}" + ("" if entry["text"] else "  (no text: prints the generated one)")))
            for lang in ("zh", "en"):
                if entry["text"]:
                    typer.echo(printable(f"    written {lang}:   {entry['text'][lang]}"))
                typer.echo(printable(f"    generated {lang}: {entry['generated'][lang]}"))


def _arguments(target: str | None, kind: str | None) -> tuple[str | None, list[str] | None]:
    """(the content to load, the kinds to list): ``cardgen show event`` names a kind, unless a folder ``event``
    is here."""
    if kind is None and target in KINDS and not Path(target).exists():
        target, kind = None, target
    if kind is not None and kind not in KINDS:
        raise UsageError(f"KIND '{kind}' is not a kind{suggest(kind, KINDS)} (kinds: {', '.join(KINDS)})")
    return target, [kind] if kind else None


def _text(content, rows: dict[str, list[Entry]], heading: dict[str, str], variant: str | None) -> list[str]:
    game = content.game
    lines = [f"{game.name.en} / {game.name.zh} ({game.id}), version {game.version}"
             + (f", variant {variant}" if variant else "")]
    if content.pack is not None:
        pack = content.pack
        lines.append(f"pack {pack.name.en} / {pack.name.zh} ({pack.id}), version {pack.version}, over "
                     f"{pack.base.name}: + added, ~ changed, - removed")
    for kind, entries in rows.items():
        lines += ["", f"{kind}: {heading[kind]}"]
        width = max((len(e.id) for e in entries), default=0)
        lines += [f"  {MARKS[e.change]} {e.id:<{width}}  {_fields(e.fields)}{_was(e.was)}".rstrip() for e in entries]
    return lines


def _fields(fields: dict[str, Any]) -> str:
    """A row's fields on one line: the icon and the name first, then ``key value`` pairs."""
    head = []
    if "icon" in fields:
        head.append(fields["icon"] or "")
    if "name" in fields:
        head.append(f"{fields['name']['en']} / {fields['name']['zh']}")
    rest = [_pair(k, v) for k, v in fields.items() if k not in ("icon", "name")]
    return "  ".join([*head, ", ".join(p for p in rest if p)])


def _was(was: dict[str, Any] | None) -> str:
    """`` (was kind rainstorm)``: what a pack changed, as the base has it."""
    if not was:
        return ""
    return f"  (was {', '.join(p for p in (_pair(k, v) for k, v in was.items()) if p) or 'without them'})"


def _pair(key: str, value: Any) -> str:
    if key == "effects":
        return "effects: " + ("; ".join(_effect(e) for e in value) if value else "none")
    if isinstance(value, bool):
        return key if value else ""
    if isinstance(value, dict):
        return f"{key} ({_params(value)})"
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return f"{key} " + "; ".join(f"({_params(v)})" for v in value)
    if isinstance(value, list):
        return f"{key} {'-'.join(str(v) for v in value)}"
    return f"{key} {value}"


def _params(values: dict[str, Any]) -> str:
    """``amount=-3, min_load=4``."""
    return ", ".join(f"{k}={v}" for k, v in values.items())


def _effect(effect: dict[str, Any]) -> str:
    """``propulsion(amount=-2, min_load=5)``; a primitive without parameters is its name."""
    params = _params({k: v for k, v in effect.items() if k != "type"})
    return f"{effect['type']}({params})" if params else effect["type"]


def register(app: typer.Typer) -> None:
    app.command("show")(for_every_game("show", show_cmd, folder_argument("target")))
