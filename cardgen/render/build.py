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
from typing import Protocol

from cardgen.errors import BuildError, UsageError
from cardgen.games.game import Unsupported
from cardgen.languages import LANGS
from cardgen.render.edition import BuildOptions, Edition, SetWords
from cardgen.render.cache import cachedir
from cardgen.render.cache.store import FaceCache, Memo
from cardgen.render.cache.cachedir import default_cache
from cardgen.render.faces import fit
from cardgen.render.faces.facekit import Face
from cardgen.render.faces.renderer import FaceRenderer, face_rare_han
from cardgen.render.fonts import instances as font_instances
from cardgen.render.fonts import stack as fonts
from cardgen.render.output import atomic_folder, check_target
from cardgen.render.pdf import fontmerge
from cardgen.render.pdf.face import FacePdf
from cardgen.render.images.memory import give_freed_memory_back
from cardgen.render.images.raster import closing_kept_document
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


def check_plain_options(options: BuildOptions) -> None:
    """Refuse the options that are wrong whatever the content (``serve`` asks before it starts serving)."""
    if options.paper not in PAPERS_MM:
        raise UsageError(f"--paper {options.paper!r}: choose one of {', '.join(PAPERS_MM)}")
    if options.lang not in LANGS:
        raise UsageError(f"--lang {options.lang!r}: choose one of {', '.join(LANGS)}")
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
    words: SetWords
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
    edition = open_edition(content_dir, options)
    options = edition.options
    designed = edition.design(options)
    faces = designed.faces
    name = edition.name
    protected = protected_folders(edition)
    out = check_target(Path(out) if out is not None else default_out(name, options.variant), protected)
    font_files = [Path(p) for p in fonts.font_files()]
    cache_dir = cache_dir or default_cache()
    unprinted = edition.unprinted(options, designed)
    renderer = face_renderer(edition, cache_dir, [*faces, *unprinted])
    face_cache = renderer.cache
    assert face_cache is not None
    renderer.render_batch(unprinted)  # checked (and cached), not printed
    words = edition.words(options.lang)
    files = plan_files_for(name, faces, options, plan_sheets(name, faces, options, words))
    shown, groups = _selected(faces, options.only)  # the printed faces: what the preview shows
    preview = edition.preview(shown, lang=options.lang, files=files,
                              quantities=quantities(groups, {f.id: f for f in faces}))
    return PlannedBuild(name, options, faces, shown, out, renderer, face_cache, preview, font_files, protected,
                        words, designed.manifest, designed.take_out, cache_dir, cache_limit, started)


def open_edition(content_dir: Path | None, options: BuildOptions) -> Edition:
    """The content folder's game, asked to load it for this build (and to refuse options it cannot honour)."""
    from cardgen.games import game_of
    from cardgen.model.places import content_folder

    folder = content_folder(content_dir)
    game = game_of(folder)
    if game.edition is None:
        raise Unsupported(f"{game.id} has nothing to print")
    return game.edition(folder, options)


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


def protected_folders(edition: Edition) -> list[Path]:
    """The content folders in play (a pack's layers too) and the templates: never written over. The main
    content folder comes first: the renderer resolves a face's relative links from it."""
    first, *layers = edition.folders
    return [Path(first), *map(Path, edition.templates), *map(Path, layers)]


def face_renderer(edition: Edition, cache_dir: Path, faces: Sequence[Face]) -> FaceRenderer:
    """The renderer ``faces`` of ``edition`` are laid out with: the print fonts (their instances with the rare
    Han characters the faces set), the face cache in ``cache_dir``, and the layout and glyph checks naming
    the file, line and column a problem's text is written at."""
    cache = FaceCache(cache_dir)
    rare = face_rare_han(faces)
    printed = font_instances.print_fonts(fonts.font_faces(), cache_dir / cachedir.FONTS_FOLDER, record=cache_dir,
                                         dropped=cache.dropped, rare=rare)  # a damaged instance is noted
    written_in = list(map(Path, edition.folders))  # where a problem's text is written
    return FaceRenderer(
        roots=protected_folders(edition),
        fonts=list(dict.fromkeys(printed.values())),
        substitutes={face.url: used for face, used in printed.items() if face.path != used},
        cache=cache,
        check_layout=fit.located_check(written_in),
        check_glyphs=fit.located_glyph_check(written_in),
        rare=rare,
    )


def _selected(faces: Sequence[Face], only: Sequence[str]) -> tuple[list[Face], dict[str, list[Face]]]:
    """Faces to render (chosen fronts/boards plus their backs) and the printed groups by kind, in face order."""
    by_id = {f.id: f for f in faces}
    backs = {f.back for f in faces if f.back}  # a back prints with its fronts, never as a front of its own
    groups: dict[str, list[Face]] = {}
    for face in faces:
        if face.kind != CARD_BACK and face.id not in backs and (not only or face.kind in only):
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


def plan_sheets(game_id: str, faces: Sequence[Face], options: BuildOptions,
                words: SetWords | None = None) -> dict[str, list[impose.Sheet]]:
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
              words: SetWords | None = None, extra: dict | None = None,
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
            closing_kept_document(), worker_threads() as workers:  # the workers stop before the document closes
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
