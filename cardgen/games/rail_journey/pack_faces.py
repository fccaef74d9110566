"""The base faces a pack changes, laid out for ``cardgen validate PACK``.

Why: a pack can change what a base card prints without touching the card (a second exempt
operation card lengthens the base's Crowded Train); if nothing lays that face out, its overflow
shows only when the whole set is printed (``build --with-base``). Validating a pack lays out, in
every language, each base face the pack changes or restyles, as a build would (from the face cache
when it was laid out before), and reports what would keep it from printing.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.errors import BuildError
from cardgen.games.rail_journey.printing import RailJourneyEdition, design_faces, unprinted_changes
from cardgen.render.build import BuildOptions, face_renderer
from cardgen.render.cache.cachedir import default_cache
from cardgen.games.rail_journey.faces import design


def check_base_faces(content) -> Iterator[tuple[str, int, str]]:
    """(language, faces laid out, the build error or '') for the base faces the pack ``content`` changes
    (printed by its build) or restyles (not printed); nothing for a plain content folder."""
    if content.pack is None:
        return
    by_lang = {}
    for lang in design.LANGS:
        options = BuildOptions(lang=lang, players=content.game.players.max)
        faces, doc, _ = design_faces(content, options)
        changed = {face_id for ids in doc["pack"]["changed"].values() for face_id in ids}
        by_lang[lang] = [f for f in faces if f.id in changed] + unprinted_changes(content, options, doc)
    renderer = face_renderer(RailJourneyEdition(content, BuildOptions()), default_cache(),
                             [face for base in by_lang.values() for face in base])
    for lang, base in by_lang.items():
        try:
            renderer.render_batch(base)
        except BuildError as exc:
            yield lang, len(base), str(exc)
        else:
            yield lang, len(base), ""
