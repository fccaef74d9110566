"""The content a scripted game plays: its folder, one or several variants, and its own event track.

A script may combine variants (``variant: [beginner, no_dispatch]``, patches
applied in order) and override single rounds of the event track
(``events: {5: none, 8: rainstorm, 10: {kind: festival, station: S3}}``). Each
result is validated like a content folder, so a combination or an override that
breaks the game is a located error, not a strange replay.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.model import apply_variant, load, places
from cardgen.model.edit import edited, with_variants
from cardgen.model.messages import suggest


def script_folder(script) -> Path | None:
    """The content folder the script names: a bundled id, or a folder relative to the script under the folder
    that holds the script's folder, as for a pack's base (cardgen.model.places); a located error otherwise."""
    if script.content is None:
        return None
    home = script.path.parent
    try:
        folder = places.named_from(script.content, home, "content")
    except places.Refused as exc:
        raise script.fail(("content",), str(exc)) from None
    if folder is None:
        raise script.fail(("content",), f"content folder '{script.content}' not found (relative to the script)")
    return folder


def variant_ids(script) -> list[str]:
    v = script.variant
    return [] if v is None else [v] if isinstance(v, str) else list(v)


def script_content(script, content=None):
    """Load, apply the script's variants and event overrides; every mistake located in the script."""
    folder = script_folder(script)
    content = content if content is not None else load(folder)
    ids = variant_ids(script)
    known = [v.id for v in content.variants.variants]
    for i, vid in enumerate(ids):
        if vid not in known:
            where = ("variant",) if isinstance(script.variant, str) else ("variant", i)
            raise script.fail(where, f"unknown variant '{vid}'{suggest(vid, known)} "
                                     f"(known variants: {', '.join(known) or 'none'})")
    if len(ids) == 1:
        content = apply_variant(content, ids[0])
    elif ids:
        content = with_variants(folder, content, ids, f"with variants {' + '.join(ids)}: ")
    if script.events:
        content = _override_events(script, content)
    return content


def _override_events(script, content):
    """The track with the script's rounds replaced; each card checked where the script writes it. The
    printed set is not re-checked (a script's track is not printed), so removing a card is allowed."""
    kinds = {k.id: k for k in content.events.kinds}
    targets = {"station": [st.id for st in content.map.stations], "section": list(content.sections)}
    regular = content.regular_rounds
    track = dict(content.raw["events"]["track"])
    for rnd, card in script.events.items():
        where = ("events", rnd)
        if rnd > regular:
            raise script.fail(where, f"round {rnd} is after the track's last round ({regular})", key=True)
        if card in (None, "none"):
            track.pop(rnd, None)
            continue
        card = {"kind": card} if isinstance(card, str) else dict(card)
        kind = kinds.get(card["kind"])
        if kind is None:
            raise script.fail(where, f"unknown event kind '{card['kind']}'{suggest(card['kind'], kinds)}")
        extra = set(card) - {"kind", kind.target}
        if extra:
            raise script.fail(where, f"'{card['kind']}' takes {kind.target or 'no target'}, not {', '.join(extra)}")
        if kind.target and card.get(kind.target) not in targets[kind.target]:
            raise script.fail(where, f"'{card['kind']}' needs {kind.target}: one of {', '.join(targets[kind.target])}")
        track[rnd] = card
    return edited(content, [("events", ("track",), track)])
