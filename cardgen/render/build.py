"""The print pipeline: content -> faces -> face PDFs -> imposed sheets, PNGs, TTS sheets, manifest.

``build`` is what ``cardgen build`` runs. ``write_set`` takes already designed
faces, so the pipeline can be exercised with any list of faces. Everything is
written into a staging folder and swapped in at the end (cardgen.render.output),
so a failure at any step leaves the previous output untouched.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cardgen.errors import BuildError, UsageError
from cardgen.model import load
from cardgen.model.load import has_variant
from cardgen.render.cache import cachedir
from cardgen.render.cache.store import FaceCache, Memo
from cardgen.render.cache.cachedir import default_cache
from cardgen.render.faces import fit
from cardgen.render.faces import design
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.fonts import instances as font_instances
from cardgen.render.fonts import stack as fonts
from cardgen.render.output import atomic_folder, check_target
from cardgen.render.pdf import fontmerge
from cardgen.render.pdf.face import FacePdf
from cardgen.render.faces.words import Words
from cardgen.render.images.memory import give_freed_memory_back
from cardgen.render.preview import KIND_LABELS, render_preview
from cardgen.render.sheets import impose
from cardgen.render.sheets.files import PdfFile, plan_files, quantities
from cardgen.render.sheets.layout import DUPLEX_MODES, PAPERS_MM, paper_size
from cardgen.render.writers.manifest import Manifest, write_manifest
from cardgen.render.writers.pdfs import write_pdfs
from cardgen.render.writers.take_out import write_take_out
from cardgen.render.writers import EXPORTS
from cardgen.render.writers.pngs import FacePngs, write_pngs
from cardgen.render.writers.preview import write_preview
from cardgen.render.writers.stage import Stage, worker_threads
from cardgen.render.writers.tts import write_tts
from cardgen.resources import TEMPLATES_DIR

CARD_BACK = "card_back"
MAX_BLEED_MM = 5.0  # more would push crop marks off the printable part of the paper
MAX_GUTTER_MM = 10.0  # room for a bleed of 5 mm on each side of it; more only loses cards per sheet


class Progress(Protocol):
    """Where the pipeline reports how far it got (a progress bar, or nothing)."""

    def start(self, total: int) -> None: ...

    def step(self, advance: int, label: str) -> None: ...


class NoProgress:
    def start(self, total: int) -> None:
        return None

    def step(self, advance: int, label: str) -> None:
        return None


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    lang: str = "zh"
    players: int = 5
    bleed_mm: float = 3.0
    gutter_mm: float = 0.0  # space between the cards on a home-print sheet; 0: butted, one cut between neighbours
    duplex: str = "long"
    only: tuple[str, ...] = ()
    variant: str | None = None  # a variants.yaml id: its patched rules are printed (e.g. the 9.7 freight tickets)
    with_base: bool = False     # a pack: print the whole merged set, not only the pack's faces
    changed_since: str | None = None  # a content folder or pack: print only the faces that differ from it
    exports: tuple[str, ...] = ()  # extra files beyond the print set (EXPORTS): 300 dpi PNGs, Tabletop Simulator


@dataclass
class BuildReport:
    out: Path
    files: list[str]
    faces: int
    rendered: list[str]
    sheets: int
    seconds: float
    counts: dict[str, int] = field(default_factory=dict)
    stages: dict[str, float] = field(default_factory=dict)  # CPU seconds per pipeline stage
    cache_problem: str | None = None  # the face cache could not be written (the build is still complete)
    take_out: list[tuple[str, int, str]] = field(default_factory=list)  # cards a pack or reprint retires
    cache_dropped: list[str] = field(default_factory=list)  # damaged cache entries deleted and made again
    cache_checking: float = 0.0  # CPU seconds spent checking what was read from the cache


def default_out_root() -> Path:
    """The folder every default output goes in."""
    return Path("output")


def default_out(game_id: str, variant: str | None = None) -> Path:
    """``output/GAME-ID``, or ``output/GAME-ID-VARIANT`` for a variant's set (a pack's id for a pack)."""
    return default_out_root() / (f"{game_id}-{variant}" if variant else game_id)


def content_layers(content) -> list[Path]:
    """Content folders under the main one (a pack's layers), where an overflowing text may have been written."""
    return [Path(p) for p in content.pack.layers] if content.pack is not None else []


def set_id(content, options: BuildOptions) -> str:
    """What names the output folder and the sheets: the pack's id for a pack (never its base game's)."""
    if content.pack is None:
        return content.game.id
    return f"{content.pack.id}-with-base" if options.with_base else content.pack.id


def check_options(content, options: BuildOptions) -> None:
    """Refuse options the content cannot honour, before anything is rendered."""
    check_plain_options(options)
    counts = sorted(content.printing.by_players)
    if options.players not in content.printing.by_players:
        raise UsageError(f"--players {options.players}: printing.yaml lists {', '.join(map(str, counts))}")
    variant = content.variant
    if variant is not None and variant.players and options.players not in variant.players:
        allowed = ", ".join(map(str, variant.players))
        raise UsageError(f"--players {options.players}: variant '{variant.id}' is for {allowed} players")


def check_plain_options(options: BuildOptions) -> None:
    """Refuse the options that are wrong whatever the content (``serve`` asks before it starts serving)."""
    if options.paper not in PAPERS_MM:
        raise UsageError(f"--paper {options.paper!r}: choose one of {', '.join(PAPERS_MM)}")
    if options.lang not in design.LANGS:
        raise UsageError(f"--lang {options.lang!r}: choose one of {', '.join(design.LANGS)}")
    if options.duplex not in DUPLEX_MODES:
        raise UsageError(f"--duplex {options.duplex!r}: choose one of {', '.join(DUPLEX_MODES)}")
    unknown = [e for e in options.exports if e not in EXPORTS]
    if unknown:
        raise UsageError(f"--export {','.join(unknown)}: choose from {', '.join(EXPORTS)}")
    if not 0 <= options.bleed_mm <= MAX_BLEED_MM:
        raise UsageError(f"--bleed {options.bleed_mm:g}: must be between 0 and {MAX_BLEED_MM:g} mm")
    if not 0 <= options.gutter_mm <= MAX_GUTTER_MM:
        raise UsageError(f"--gutter {options.gutter_mm:g}: must be between 0 and {MAX_GUTTER_MM:g} mm")


def check_only(faces: Sequence[Face], only: Sequence[str]) -> None:
    kinds = list(dict.fromkeys(f.kind for f in faces if f.kind != CARD_BACK))
    unknown = [k for k in only if k not in kinds]
    if unknown:
        hint = " (card backs are printed with their deck)" if CARD_BACK in unknown else ""
        if not kinds:  # a pack that changes nothing a face prints
            raise UsageError(f"--only {','.join(unknown)}: this set prints no face, so no kind can be chosen")
        raise UsageError(f"--only {','.join(unknown)}: unknown kind{hint}; choose from {', '.join(kinds)}")


@dataclass
class PlannedBuild:
    """A build up to its first laid-out face: the content loaded and checked, the faces designed, the
    output folder checked, the preview page made. ``cardgen serve`` shows the page before the set is
    written; :func:`write_planned` writes the set."""

    name: str
    options: BuildOptions
    faces: list[Face]
    shown: list[Face]  # the printed faces, in print order: what the preview shows and the renderer lays out
    out: Path
    renderer: FaceRenderer
    face_cache: FaceCache
    preview: str
    font_files: list[Path]
    protected: list[Path]
    words: tuple[str, impose.SheetWords, dict[str, str]]
    pack_doc: dict
    take_out: list[tuple[str, int, str]]
    cache_dir: Path
    cache_limit: int
    started: float


def build(content_dir: Path | None, options: BuildOptions, *, out: Path | None = None,
          cache_dir: Path | None = None, progress: Progress | None = None) -> BuildReport:
    """Load and validate the content, design its faces, and write the whole print set to ``out``."""
    return write_planned(plan_build(content_dir, options, out=out, cache_dir=cache_dir), progress)


def plan_build(content_dir: Path | None, options: BuildOptions, *, out: Path | None = None,
               cache_dir: Path | None = None) -> PlannedBuild:
    """Everything :func:`build` does before it lays out a face (no output file is written)."""
    started = time.time()
    cache_limit = cachedir.limit_bytes()  # a bad $CARDGEN_CACHE_MAX_MB is refused before anything is done
    content = load(content_dir, variant=options.variant)
    check_options(content, options)
    faces, pack_doc, take_out = design_faces(content, options)
    name = set_id(content, options)
    protected = protected_folders(content)
    out = check_target(Path(out) if out is not None else default_out(name, options.variant), protected)
    font_files = [Path(p) for p in fonts.font_files()]
    cache_dir = cache_dir or default_cache()
    renderer = face_renderer(content, cache_dir)
    face_cache = renderer.cache
    assert face_cache is not None
    renderer.render_batch(unprinted_changes(content, options, pack_doc))  # checked (and cached), not printed
    words = sheet_words(content, options.lang)
    files = plan_files_for(name, faces, options, plan_sheets(name, faces, options, words))
    shown, groups = _selected(faces, options.only)  # the printed faces: what the preview shows
    preview = render_preview(content, shown, lang=options.lang, files=files,
                             quantities=quantities(groups, {f.id: f for f in faces}))
    return PlannedBuild(name, options, faces, shown, out, renderer, face_cache, preview, font_files, protected,
                        words, pack_doc, take_out, cache_dir, cache_limit, started)


def write_planned(plan: PlannedBuild, progress: Progress | None = None,
                  laid_out: Sequence[FacePdf] | None = None) -> BuildReport:
    """Lay out the planned faces (unless ``laid_out`` holds them already, in ``plan.shown``'s order) and write
    the whole print set, then bound the cache."""
    if progress is not None:
        progress.start(progress_total(plan.faces, plan.options.only, plan.options.exports))
    report = write_set(plan.name, plan.faces, plan.options, plan.out, plan.renderer, preview=plan.preview,
                       font_files=plan.font_files, progress=progress, protected=plan.protected, words=plan.words,
                       extra=plan.pack_doc, take_out=plan.take_out, laid_out=laid_out)
    # The least recently used entries beyond the bound go; this build's (touched or written since it began) stay.
    cachedir.prune(plan.cache_dir, plan.cache_limit, keep_since=plan.started - 1, added=plan.face_cache.written)
    return report


def protected_folders(content) -> list[Path]:
    """The content folders in play (a pack's layers too) and the templates: never written over."""
    protected = [Path(content.folder), TEMPLATES_DIR]
    if content.pack is not None:
        protected += [Path(p) for p in content.pack.layers]
    return protected


def face_renderer(content, cache_dir: Path) -> FaceRenderer:
    """The renderer faces of ``content`` are laid out with: the print fonts, the face cache in ``cache_dir``,
    and the layout and glyph checks naming the file, line and column a problem's text is written at."""
    cache = FaceCache(cache_dir)
    printed = font_instances.print_fonts(fonts.font_faces(), cache_dir / cachedir.FONTS_FOLDER, record=cache_dir,
                                         dropped=cache.dropped)  # a damaged instance is noted with the rest
    written_in = [Path(content.folder), *content_layers(content)]  # where a problem's text is written
    return FaceRenderer(
        roots=protected_folders(content),
        fonts=list(dict.fromkeys(printed.values())),
        substitutes={face.url: used for face, used in printed.items() if face.path != used},
        cache=cache,
        check_layout=fit.located_check(written_in),
        check_glyphs=fit.located_glyph_check(written_in),
    )


def design_faces(content, options: BuildOptions) -> tuple[list[Face], dict, list[tuple[str, int, str]]]:
    """The faces to print, the manifest's pack/reprint entries, and the cards to take out of the box.

    A plain set prints every face. A pack prints only the faces it adds or changes (with its mark, on
    the base game's backs, so they shuffle in unseen); ``--with-base`` prints the whole merged set with
    the mark on the pack's faces; ``--changed-since OLD`` prints only the faces that differ from OLD.
    """
    from cardgen.render import reprint

    pack = content.pack
    args: dict[str, Any] = dict(lang=options.lang, players=options.players, bleed_mm=options.bleed_mm)
    if pack is None and options.changed_since is None:
        if options.with_base:
            raise UsageError("--with-base is for a pack (a folder with pack.yaml)")
        return design.build_faces(content, **args), {}, []
    old_folder = options.changed_since if options.changed_since is not None else pack.base
    old = load(old_folder, variant=options.variant if has_variant(old_folder, options.variant) else None)
    old_players = options.players if options.players in old.printing.by_players else old.game.players.max
    old_faces = design.build_faces(old, lang=options.lang, players=old_players, bleed_mm=options.bleed_mm)
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
        return faces, doc, []
    marked = design.build_faces(content, **args, mark=mark) if mark else plain_faces
    plan = reprint.reprint_plan(changes, marked, old_faces, same_backs=pack is not None)
    if not plan.take_out:
        return plan.faces, doc, plan.take_out
    doc["take_out_of_the_box"] = [{"card": label, "copies": n, "why": why} for label, n, why in plan.take_out]
    pages = design.take_out_faces(content, plan.take_out, old_faces, lang=options.lang, bleed_mm=options.bleed_mm,
                                  mark=mark)
    return [*plan.faces, *pages], doc, plan.take_out


def unprinted_changes(content, options: BuildOptions, pack_doc: dict) -> list[Face]:
    """The base faces a pack's change alters that a pack-only build does not print (``restyled``: a route strip
    with a new station, the Crowded Train listing a new exempt card): laid out all the same, so a text the
    change makes overflow is found here and not first by ``--with-base``."""
    ids = set(pack_doc.get("pack", {}).get("restyled", ())) if not options.with_base else set()
    if not ids:
        return []
    faces = design.build_faces(content, lang=options.lang, players=options.players, bleed_mm=options.bleed_mm)
    return [f for f in faces if f.id in ids and (not options.only or f.kind in options.only)]


def _pack_lists(kinds: dict[str, dict[str, list[str]]]) -> dict:
    """``{"added": {kind: [ids]}, "changed": {...}, "removed": {...}}`` (kinds with none left out)."""
    out: dict = {"added": {}, "changed": {}, "removed": {}}
    for kind, lists in kinds.items():
        for change, ids in lists.items():
            if ids:
                out[change][kind] = ids
    return out


def _selected(faces: Sequence[Face], only: Sequence[str]) -> tuple[list[Face], dict[str, list[Face]]]:
    """Faces to render (chosen fronts/boards plus their backs) and the printed groups by kind, in face order."""
    by_id = {f.id: f for f in faces}
    groups: dict[str, list[Face]] = {}
    for face in faces:
        if face.kind != CARD_BACK and (not only or face.kind in only):
            groups.setdefault(face.kind, []).append(face)
    needed: dict[str, Face] = {}
    for group in groups.values():
        for face in group:
            needed[face.id] = face
            if face.back:
                if face.back not in by_id:
                    raise BuildError(f"{face.label} ({face.id}): its back {face.back!r} is not among the faces")
                needed[face.back] = by_id[face.back]
    order = [f for f in faces if f.id in needed]
    return order, groups


def _deck_size(group: Sequence[Face]) -> None:
    sizes = {(f.width_mm, f.height_mm) for f in group}
    if len(sizes) > 1:
        raise BuildError(f"{group[0].kind} cards come in several sizes {sorted(sizes)}; a deck needs one size")


def sheet_words(content, lang: str) -> tuple[str, impose.SheetWords, dict[str, str]]:
    """The game's name (and a pack's), the sheet labels' words and each kind's name, in the edition's language."""
    words = Words(content, lang)
    names = {kind: words.label(key) for kind, key in KIND_LABELS.items()}
    return words.box_name, impose.SheetWords(
        front=words.label("front"), back=words.label("back"), fold=words.label("fold_note"),
        tile=words.label("tile"), row=words.label("row"), column=words.label("column"),
        assembly=words.label("assembly")), names


def plan_sheets(game_id: str, faces: Sequence[Face], options: BuildOptions,
                words: tuple[str, impose.SheetWords, dict[str, str]] | None = None) -> dict[str, list[impose.Sheet]]:
    """Every printed sheet, by component kind, in face order (no rendering: pure layout).

    ``words`` (:func:`sheet_words`) puts the labels in the edition's language;
    without it they name the game and kinds by id.
    """
    _, groups = _selected(faces, options.only)
    by_id = {f.id: f for f in faces}
    paper = paper_size(options.paper)
    game, say, names = words if words is not None else (game_id, impose.SheetWords(), {})
    sheets: dict[str, list[impose.Sheet]] = {}
    for kind, group in groups.items():
        label = f"{game} · {names.get(kind, kind)}"
        if group[0].layout == "card":
            _deck_size(group)
            sheets[kind] = impose.card_sheets(group, by_id, paper=paper, duplex=options.duplex, label=label, words=say,
                                              gutter=options.gutter_mm)
        else:
            sheets[kind] = impose.board_sheets(group, paper=paper, label=label, words=say)
    return sheets


def plan_files_for(game_id: str, faces: Sequence[Face], options: BuildOptions,
                   sheets_by_kind: dict[str, list[impose.Sheet]] | None = None) -> list[PdfFile]:
    """The PDFs a build of ``faces`` writes, with pages and print sides (cardgen.render.sheets.files)."""
    _, groups = _selected(faces, options.only)
    sheets_by_kind = sheets_by_kind if sheets_by_kind is not None else plan_sheets(game_id, faces, options)
    counts = {kind: len(sheets) for kind, sheets in sheets_by_kind.items()}
    return plan_files(game_id, groups, counts, {f.id: f for f in faces}, options.duplex)


def write_set(game_id: str, faces: Sequence[Face], options: BuildOptions, out: Path,
              renderer: FaceRenderer, *, preview: str | None, font_files: Sequence[Path],
              progress: Progress | None = None, protected: Sequence[Path] = (),
              words: tuple[str, impose.SheetWords, dict[str, str]] | None = None, extra: dict | None = None,
              take_out: Sequence[tuple[str, int, str]] = (),
              laid_out: Sequence[FacePdf] | None = None) -> BuildReport:
    """Render, impose and write every output file for ``faces`` into ``out``, atomically.

    ``laid_out`` are the printed faces' PDFs when the caller laid them out already (``cardgen serve`` does,
    to show an overflow before anything is written), in print order.
    The pipeline, in order: plan the sheets (pure layout, so layout errors come
    before any rendering), lay the faces out, then each writer of
    cardgen.render.writers writes its files into the staging folder.
    ``protected`` are the content folders in play, which the output may never be, hold or lie in.
    ``extra`` adds entries to manifest.json (a pack's added/changed/removed faces); ``take_out`` lists
    the cards to take out of the box (written as take-out-of-the-box.txt).
    """
    started = time.perf_counter()
    ids = [f.id for f in faces]
    if len(set(ids)) != len(ids):
        raise BuildError("face ids are not unique: " + ", ".join(sorted({i for i in ids if ids.count(i) > 1})))
    check_only(faces, options.only)
    order, groups = _selected(faces, options.only)
    by_id = {f.id: f for f in faces}
    sheets_by_kind = plan_sheets(game_id, faces, options, words)

    stages: dict[str, float] = {}
    lap = _stopwatch(stages)
    tick = (progress or NoProgress()).step
    # Every face missing from the cache is written in ONE PDF (then cut per face): the bytes
    # do not depend on the grouping, and each WeasyPrint document has a fixed cost.
    batch = laid_out if laid_out is not None else renderer.render_batch(order, done=lambda face: tick(1, face.label))
    pdfs = dict(zip((f.id for f in order), batch))
    lap("faces laid out")

    recorded = {**asdict(options), "only": list(options.only), "exports": list(options.exports)}
    unset_values: tuple[tuple[str, object], ...] = (("with_base", False), ("changed_since", None), ("exports", []),
                                                    ("gutter_mm", 0.0))
    for name, unset in unset_values:  # only when given
        if recorded[name] == unset:
            del recorded[name]
    manifest = Manifest(game_id, recorded, extra=dict(extra or {}))
    memo = _memo(renderer.cache)
    with atomic_folder(out, protected) as folder, fontmerge.sources(merge_sources(renderer), memo), \
            worker_threads() as workers:
        stage = Stage(folder, manifest, memo, tick, workers)
        write_take_out(stage, take_out)
        png_of = FacePngs(stage, pdfs)
        if "png" in options.exports:  # asked for first: a worker makes them while this thread imposes the sheets
            write_pngs(stage, order, png_of)
        write_pdfs(stage, plan_files_for(game_id, faces, options, sheets_by_kind), sheets_by_kind, groups, order, pdfs)
        give_freed_memory_back()  # the face PDFs opened to impose the sheets are let go by now
        lap("sheets imposed")
        if "tts" in options.exports:
            write_tts(stage, groups, pdfs, png_of, by_id)
            lap("TTS sheets")
        stage.flush()
        lap("waiting for images")
        if preview is not None:
            write_preview(stage, preview, font_files)
        write_manifest(folder, manifest)
        tick(1, "manifest.json")
    lap("preview, manifest and swap")
    stages.update(stage.worker_cpu)
    sheets = sum(len(s) for s in sheets_by_kind.values())
    return BuildReport(out, sorted(manifest.files), len(order), list(renderer.rendered),
                       sheets, time.perf_counter() - started, dict(manifest.counts), stages,
                       renderer.cache.unwritable if renderer.cache is not None else None, list(take_out),
                       list(renderer.cache.dropped) if renderer.cache is not None else [],
                       renderer.cache.checking if renderer.cache is not None else 0.0)


def merge_sources(renderer: FaceRenderer) -> dict[str, Path]:
    """Font name in the PDF -> the file its faces were set in, for the stack fonts cardgen.render.pdf.fontmerge
    may re-subset.

    Only files WeasyPrint was given and that are static: a variable font's
    subset would carry its variation tables into the print PDF.
    """
    allowed = {Path(f).resolve() for f in renderer.fonts}
    out: dict[str, Path] = {}
    for face in fonts.font_faces():
        used = Path(renderer.substitutes.get(face.url, face.path))
        if used.resolve() in allowed and not font_instances.is_variable(used):
            out[face.pdf_name] = used
    return out


def _stopwatch(stages: dict[str, float]) -> Callable[[str], None]:
    """``lap(name)`` records this thread's CPU seconds since the previous lap (for the benchmark's breakdown).

    CPU time, not wall time: on a shared machine wall time measures the
    neighbours as much as the build. This thread's only: the images are made
    on worker threads meanwhile, and counted apart (``Stage.worker_cpu``).
    """
    last = [time.thread_time()]

    def lap(name: str) -> None:
        now = time.thread_time()
        stages[name] = now - last[0]
        last[0] = now

    return lap


def _memo(cache: FaceCache | None) -> Memo:
    """The cache's memo, or plain computation when building without a cache."""
    if cache is None:
        return lambda namespace, material, produce: produce()
    return cache.memo


def progress_total(faces: Sequence[Face], only: Sequence[str], exports: Sequence[str] = ()) -> int:
    """Steps ``write_set`` reports, for a progress bar: render (and PNG) per face, a step per PDF, TTS, manifest."""
    order, groups = _selected(faces, only)
    cards = any(g[0].layout == "card" for g in groups.values())
    boards = any(g[0].layout != "card" for g in groups.values())
    shop_sizes = {(f.layout == "card", f.width_mm, f.height_mm) for g in groups.values() for f in g}
    return (len(order) * (1 + ("png" in exports)) + len(groups) + cards + boards + len(shop_sizes)
            + ("tts" in exports) + 1)
