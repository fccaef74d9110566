"""Rail Journey's print edition: its content loaded for one build, as the print kit asks of a game.

The kit (cardgen.render.build) calls :class:`RailJourneyEdition`; everything here knows Rail Journey's files:
the six face families (cardgen.games.rail_journey.faces.design), a pack's changes and take-out list
(cardgen.games.rail_journey.reprint), and the strings.yaml labels sheets and the preview print.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardgen.errors import UsageError
from cardgen.model.content import Content
from cardgen.model.load import has_variant, load
from cardgen.render.build import BuildOptions, check_plain_options
from cardgen.render.components.declared import kind_names, preview_kinds
from cardgen.render.components.schema import load_components
from cardgen.render.edition import Designed, SetWords
from cardgen.games.rail_journey.faces import design
from cardgen.games.rail_journey.faces.palette import shared_card_css
from cardgen.render.faces.facekit import Face
from cardgen.games.rail_journey.faces.words import Words
from cardgen.render.preview import render_preview
from cardgen.render.sheets import impose
from cardgen.resources import TEMPLATES_DIR

#: Group order on the preview page and the strings.yaml label naming each face kind.
KIND_LABELS = {
    "ticket": "ticket", "operation": "operation", "dispatch": "dispatch", "event": "event",
    "card_back": "card_back", "track_map": "track_map", "timetable_track": "timetable",
    "wait_track": "wait_value", "station_mat": "station_mat", "train_token": "train_token",
    "train_mat": "train_mat", "marker": "marker", "quick_reference": "quick_reference",
    "score_sheet": "score_sheet", "take_out": "take_out",
}


@dataclass
class RailJourneyEdition:
    """Rail Journey content (a game folder or a pack over one) loaded for one build."""

    content: Content
    options: BuildOptions

    @classmethod
    def open(cls, folder: Path, options: BuildOptions) -> RailJourneyEdition:
        content = load(folder, variant=options.variant)
        options = settled(content, options)
        check_options(content, options)
        return cls(content, options)

    @property
    def name(self) -> str:
        return set_id(self.content, self.options)

    @property
    def folders(self) -> list[Path]:
        return [Path(self.content.folder), *content_layers(self.content)]

    @property
    def templates(self) -> list[Path]:
        return [TEMPLATES_DIR]

    def design(self, options: BuildOptions) -> Designed:
        faces, doc, take_out = design_faces(self.content, options)
        return Designed(faces, doc, take_out)

    def unprinted(self, options: BuildOptions, designed: Designed) -> list[Face]:
        return unprinted_changes(self.content, options, designed.manifest)

    def words(self, lang: str) -> SetWords:
        return sheet_words(self.content, lang)

    def preview(self, shown: Sequence[Face], *, lang: str, files: Sequence, quantities: Sequence[dict]) -> str:
        return preview_page(self.content, shown, lang=lang, files=files, quantities=quantities)


def preview_page(content: Content, faces: Sequence[Face], *, lang: str, files: Sequence = (),
                 quantities: Sequence[dict] = ()) -> str:
    """The offline preview of ``faces``, grouped by kind in :data:`KIND_LABELS` order."""
    words = Words(content, lang)
    kinds = {k: words.label(v) for k, v in KIND_LABELS.items()}
    group_of: dict[str, str] = {}
    declared = load_components(Path(content.folder))
    if declared is not None:  # the kinds components.yaml declares, beside the six families
        labels, group_of = preview_kinds(declared, content.strings.labels, lang)
        kinds.update(labels)
    return render_preview(faces, words=words, kinds=kinds, group_of=group_of,
                          tagline=words(content.game.tagline), card_css=lambda shown: shared_card_css(content, shown),
                          files=files, quantities=quantities)


def content_layers(content) -> list[Path]:
    """Content folders under the main one (a pack's layers), where an overflowing text may have been written."""
    return [Path(p) for p in content.pack.layers] if content.pack is not None else []


def set_id(content, options: BuildOptions) -> str:
    """What names the output folder and the sheets: the pack's id for a pack (never its base game's)."""
    if content.pack is None:
        return content.game.id
    return f"{content.pack.id}-with-base" if options.with_base else content.pack.id


def settled(content: Content, options: BuildOptions) -> BuildOptions:
    """``options`` with Rail Journey's default player count (the most players: the full set) when none is given."""
    return replace(options, players=options.player_count(content.game.players.max))


def check_options(content: Content, options: BuildOptions) -> None:
    """Refuse options the content cannot honour, before anything is rendered."""
    check_plain_options(options)
    counts = sorted(content.printing.by_players)
    if options.players not in content.printing.by_players:
        raise UsageError(f"--players {options.players}: printing.yaml lists {', '.join(map(str, counts))}")
    variant = content.variant
    if variant is not None and variant.players and options.players not in variant.players:
        allowed = ", ".join(map(str, variant.players))
        raise UsageError(f"--players {options.players}: variant '{variant.id}' is for {allowed} players")




def design_faces(content, options: BuildOptions) -> tuple[list[Face], dict, list[tuple[str, int, str]]]:
    """The faces to print, the manifest's pack/reprint entries, and the cards to take out of the box.

    A plain set prints every face. A pack prints only the faces it adds or changes (with its mark, on
    the base game's backs, so they shuffle in unseen); ``--with-base`` prints the whole merged set with
    the mark on the pack's faces; ``--changed-since OLD`` prints only the faces that differ from OLD.
    """
    from cardgen.games.rail_journey import reprint

    options = settled(content, options)
    pack = content.pack
    args: dict[str, Any] = dict(lang=options.lang, players=options.players, bleed_mm=options.bleed_mm)
    if pack is None and options.changed_since is None:
        if options.with_base:
            raise UsageError("--with-base is for a pack (a folder with pack.yaml)")
        return design.build_faces(content, **args), {}, []
    old, old_faces = _old_set(content, options)
    plain_faces = design.build_faces(content, **args)
    changes = reprint.compare(old, content, langs=(options.lang,), players=options.players,
                              bleed_mm=options.bleed_mm, old_faces={options.lang: old_faces},
                              new_faces={options.lang: plain_faces})
    mark = pack.mark if pack is not None else ""
    doc: dict = {}
    # a card the pack did not change whose face only shows what it changed (the route strip): not the pack's
    cards = {f.id for f in plain_faces if f.layout == "card"}
    restyled = {ch.id for ch in changes if ch.restyled and ch.id in cards} if options.changed_since is None else set()
    if pack is not None:
        kept = [ch for ch in changes if ch.id not in restyled]
        doc["pack"] = {"id": pack.id, "version": pack.version, "mark": pack.mark, "base": pack.base.name,
                       **_pack_lists(reprint.by_kind(kept)), "restyled": sorted(restyled)}
    if options.changed_since is not None:
        doc["changed_since"] = {"old": str(options.changed_since), **_pack_lists(reprint.by_kind(changes))}
    if options.with_base and options.changed_since is None:
        ids = frozenset(ch.id for ch in changes if ch.change != reprint.REMOVED and ch.id not in restyled)
        faces = design.build_faces(content, **args, mark=mark, marked=ids) if mark else plain_faces
        return with_base_html(faces, old_faces), doc, []
    marked = design.build_faces(content, **args, mark=mark) if mark else plain_faces
    plan = reprint.reprint_plan(changes, marked, old_faces, same_backs=pack is not None)
    printed = with_base_html(plan.faces, old_faces)
    if options.only and "take_out" not in options.only:
        # a card replaced by a face this build does not print stays in the box until it is printed (the take-out
        # page printed on its own lists the whole pack's)
        kinds = {ch.old_label or ch.label: ch.kind for ch in changes}
        plan.take_out[:] = [row for row in plan.take_out
                            if not row[2].startswith("replaced") or kinds.get(row[0]) in options.only]
    if not plan.take_out:
        return printed, doc, plan.take_out
    doc["take_out_of_the_box"] = [{"card": label, "copies": n, "why": why} for label, n, why in plan.take_out]
    pages = design.take_out_faces(content, plan.take_out, old_faces, lang=options.lang, bleed_mm=options.bleed_mm,
                                  mark=mark)
    return [*printed, *pages], doc, plan.take_out


def _old_set(content, options: BuildOptions) -> tuple[Content, list[Face]]:
    """The set a pack (or ``--changed-since OLD``) is compared with, and its faces in the build's language."""
    old_folder = options.changed_since if options.changed_since is not None else content.pack.base
    old = load(old_folder, variant=options.variant if has_variant(old_folder, options.variant) else None)
    old_players = options.players if options.players in old.printing.by_players else old.game.players.max
    return old, design.build_faces(old, lang=options.lang, players=old_players, bleed_mm=options.bleed_mm)


def with_base_html(faces: Sequence[Face], old_faces: Sequence[Face]) -> list[Face]:
    """``faces``, each that the old set prints differently carrying that face's html (:attr:`Face.base_html`):
    an overflow of a base text then names the pack's line among what the change made the face print."""
    old = {f.id: f.html for f in old_faces}
    return [replace(f, base_html=old[f.id]) if old.get(f.id, f.html) != f.html else f for f in faces]


def unprinted_changes(content, options: BuildOptions, pack_doc: dict) -> list[Face]:
    """The base faces a pack's change alters that a pack-only build does not print (``restyled``: a route strip
    with a new station, the Crowded Train listing a new exempt card): laid out all the same, so a text the
    change makes overflow is found here and not first by ``--with-base``."""
    options = settled(content, options)
    ids = set(pack_doc.get("pack", {}).get("restyled", ())) if not options.with_base else set()
    if not ids:
        return []
    faces = design.build_faces(content, lang=options.lang, players=options.player_count(content.game.players.max),
                               bleed_mm=options.bleed_mm)
    found = [f for f in faces if f.id in ids and (not options.only or f.kind in options.only)]
    return with_base_html(found, _old_set(content, options)[1]) if found else []


def _pack_lists(kinds: dict[str, dict[str, list[str]]]) -> dict:
    """``{"added": {kind: [ids]}, "changed": {...}, "removed": {...}}`` (kinds with none left out)."""
    out: dict = {"added": {}, "changed": {}, "removed": {}}
    for kind, lists in kinds.items():
        for change, ids in lists.items():
            if ids:
                out[change][kind] = ids
    return out


def sheet_words(content: Content, lang: str) -> SetWords:
    """The game's name (and a pack's), the sheet labels' words and each kind's name, in the edition's language."""
    words = Words(content, lang)
    names = {kind: words.label(key) for kind, key in KIND_LABELS.items()}
    declared = load_components(Path(content.folder))
    if declared is not None:
        names.update(kind_names(declared, content.strings.labels, lang))
    return words.box_name, impose.SheetWords(
        front=words.label("front"), back=words.label("back"), fold=words.label("fold_note"),
        tile=words.label("tile"), row=words.label("row"), column=words.label("column"),
        assembly=words.label("assembly")), names


