"""The print pipeline: content -> faces -> face PDFs -> imposed sheets, PNGs, TTS sheets, manifest.

``build`` is what ``cardgen build`` runs. ``write_set`` takes already designed
faces, so the pipeline can be exercised with any list of faces. Everything is
written into a staging folder and swapped in at the end (cardgen.render.output),
so a failure at any step leaves the previous output untouched.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from cardgen.errors import BuildError, UsageError
from cardgen.model import load
from cardgen.render import faces as faces_module
from cardgen.render import fit, font_instances, fontmerge, fonts
from cardgen.render import impose, pngwrite, tts
from cardgen.render.face_cache import FaceCache, Memo
from cardgen.render.layout import DUPLEX_MODES, PAPERS_MM, paper_size
from cardgen.render.manifest import Manifest
from cardgen.render.marks import furniture_pdf
from cardgen.render.output import atomic_folder, check_target
from cardgen.render.facekit import Face
from cardgen.render.pdf import FacePdf, FaceRenderer
from cardgen.render.raster import PNG_DPI, face_cell_pixels, face_png
from cardgen.resources import TEMPLATES_DIR

CARD_BACK = "card_back"
MAX_BLEED_MM = 5.0  # more would push crop marks off the printable part of the paper


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
    duplex: str = "long"
    only: tuple[str, ...] = ()
    variant: str | None = None  # a variants.yaml id: its patched rules are printed (e.g. the 9.7 freight tickets)


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


def default_out_root() -> Path:
    """The folder every default output goes in."""
    return Path("output")


def default_out(game_id: str, variant: str | None = None) -> Path:
    """``output/GAME-ID``, or ``output/GAME-ID-VARIANT`` for a variant's set."""
    return default_out_root() / (f"{game_id}-{variant}" if variant else game_id)


def default_cache() -> Path:
    """``$XDG_CACHE_HOME/cardgen`` (``~/.cache/cardgen``): one predictable place for every build.

    Outside the output folder, so the atomic swap never throws the cache away,
    and never beside an arbitrary ``--out`` target. Entries are keyed by content
    hash, so builds of different games, options or output folders share it safely.
    """
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardgen"


def check_options(content, options: BuildOptions) -> None:
    """Refuse options the content cannot honour, before anything is rendered."""
    if options.paper not in PAPERS_MM:
        raise UsageError(f"--paper {options.paper!r}: choose one of {', '.join(PAPERS_MM)}")
    if options.lang not in faces_module.LANGS:
        raise UsageError(f"--lang {options.lang!r}: choose one of {', '.join(faces_module.LANGS)}")
    if options.duplex not in DUPLEX_MODES:
        raise UsageError(f"--duplex {options.duplex!r}: choose one of {', '.join(DUPLEX_MODES)}")
    counts = sorted(content.printing.by_players)
    if options.players not in content.printing.by_players:
        raise UsageError(f"--players {options.players}: printing.yaml lists {', '.join(map(str, counts))}")
    variant = content.variant
    if variant is not None and variant.players and options.players not in variant.players:
        allowed = ", ".join(map(str, variant.players))
        raise UsageError(f"--players {options.players}: variant '{variant.id}' is for {allowed} players")
    if not 0 <= options.bleed_mm <= MAX_BLEED_MM:
        raise UsageError(f"--bleed {options.bleed_mm:g}: must be between 0 and {MAX_BLEED_MM:g} mm")


def check_only(faces: Sequence[Face], only: Sequence[str]) -> None:
    kinds = list(dict.fromkeys(f.kind for f in faces if f.kind != CARD_BACK))
    unknown = [k for k in only if k not in kinds]
    if unknown:
        hint = " (card backs are printed with their deck)" if CARD_BACK in unknown else ""
        raise UsageError(f"--only {','.join(unknown)}: unknown kind{hint}; choose from {', '.join(kinds)}")


def build(content_dir: Path | None, options: BuildOptions, *, out: Path | None = None,
          cache_dir: Path | None = None, progress: Progress | None = None) -> BuildReport:
    """Load and validate the content, design its faces, and write the whole print set to ``out``."""
    content = load(content_dir, variant=options.variant)
    check_options(content, options)
    faces = faces_module.build_faces(content, lang=options.lang, players=options.players, bleed_mm=options.bleed_mm)
    check_only(faces, options.only)
    protected = [Path(content.folder), TEMPLATES_DIR]  # the content folders in play, never written over
    out = check_target(Path(out) if out is not None else default_out(content.game.id, options.variant), protected)
    font_files = [Path(p) for p in fonts.font_files()]
    cache_dir = cache_dir or default_cache()
    printed = font_instances.print_fonts(font_files, cache_dir / "fonts")
    renderer = FaceRenderer(
        roots=protected,
        fonts=list(printed.values()),
        substitutes={source: used for source, used in printed.items() if source != used},
        cache=FaceCache(cache_dir),
        check_layout=fit.check_layout,
        check_glyphs=fit.check_glyphs,
    )
    preview = faces_module.preview_html(content, list(faces), lang=options.lang)
    if progress is not None:
        progress.start(progress_total(faces, options.only))
    return write_set(content.game.id, faces, options, out, renderer,
                     preview=preview, font_files=font_files, progress=progress, protected=protected)


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


def plan_sheets(game_id: str, faces: Sequence[Face], options: BuildOptions) -> dict[str, list[impose.Sheet]]:
    """Every printed sheet, by component kind, in face order (no rendering: pure layout)."""
    _, groups = _selected(faces, options.only)
    by_id = {f.id: f for f in faces}
    paper = paper_size(options.paper)
    sheets: dict[str, list[impose.Sheet]] = {}
    for kind, group in groups.items():
        label = f"{game_id}  {kind}"
        if group[0].layout == "card":
            _deck_size(group)
            sheets[kind] = impose.card_sheets(group, by_id, paper=paper, duplex=options.duplex, label=label)
        else:
            sheets[kind] = impose.board_sheets(group, paper=paper, label=label)
    return sheets


def write_set(game_id: str, faces: Sequence[Face], options: BuildOptions, out: Path,
              renderer: FaceRenderer, *, preview: str | None, font_files: Sequence[Path],
              progress: Progress | None = None, protected: Sequence[Path] = ()) -> BuildReport:
    """Render, impose and write every output file for ``faces`` into ``out``, atomically.

    ``protected`` are the content folders in play, which the output may never be, hold or lie in.
    """
    started = time.perf_counter()
    tick = (progress or NoProgress()).step
    ids = [f.id for f in faces]
    if len(set(ids)) != len(ids):
        raise BuildError("face ids are not unique: " + ", ".join(sorted({i for i in ids if ids.count(i) > 1})))
    check_only(faces, options.only)
    order, groups = _selected(faces, options.only)
    by_id = {f.id: f for f in faces}
    sheets_by_kind = plan_sheets(game_id, faces, options)  # layout errors fail before any rendering

    stages: dict[str, float] = {}
    lap = _stopwatch(stages)
    # Every face missing from the cache is written in ONE PDF (then cut per face): the bytes
    # do not depend on the grouping, and each WeasyPrint document has a fixed cost.
    pdfs = dict(zip((f.id for f in order), renderer.render_batch(order, done=lambda face: tick(1, face.label))))
    lap("faces laid out")

    manifest = Manifest(game_id, {**asdict(options), "only": list(options.only)})
    memo = _memo(renderer.cache)
    digests = {face_id: pdf.digest for face_id, pdf in pdfs.items()}  # what each face's bytes depend on
    looks = {face_id: pdf.batch for face_id, pdf in pdfs.items()}  # what each face looks like (its key)
    with atomic_folder(out, protected) as stage, fontmerge.sources(merge_sources(renderer), memo):
        kind_files: list[bytes] = []
        for kind, sheets in sheets_by_kind.items():
            name = f"{kind}.pdf"
            data = memo("kind-sheets", _sheets_material(sheets, digests),
                        lambda sheets=sheets: impose.assemble(sheets, pdfs, _furniture(sheets, memo)))
            _write(stage, name, data, manifest)
            kind_files.append(data)
            _record(manifest, kind, name, groups[kind], sheets, by_id)
            tick(1, name)
        everything = [s for sheets in sheets_by_kind.values() for s in sheets]
        combined = memo("combined", b"".join(hashlib.sha256(d).digest() for d in kind_files),
                        lambda: impose.concatenate(kind_files))  # one subset per font across the kinds
        _write(stage, f"{game_id}-print.pdf", combined, manifest)
        tick(1, "combined print PDF")
        shop_ids = [f.id for f in order]
        shop = memo("shop", repr([(i, digests[i]) for i in shop_ids]).encode(),
                    lambda: impose.face_pages(shop_ids, pdfs))
        _write(stage, f"{game_id}-print-shop.pdf", shop, manifest)
        tick(1, "print-shop PDF")
        lap("sheets imposed")

        pngs: dict[str, bytes] = {}
        for face in order:
            pdf = pdfs[face.id]
            pngs[face.id] = memo("png", f"{looks[face.id]}-{PNG_DPI}-{pngwrite.ENCODING}".encode(),
                                 lambda pdf=pdf: face_png(pdf.pdf, pdf.index, PNG_DPI))
            _write(stage, f"png/{face.id}.png", pngs[face.id], manifest)
            tick(1, f"png/{face.id}.png")
        lap("PNG faces")
        _write_tts(stage, groups, looks, pdfs, pngs, manifest, memo, by_id)
        tick(1, "Tabletop Simulator sheets")
        lap("TTS sheets")

        if preview is not None:
            _write(stage, "index.html", preview.encode("utf-8"), manifest)
            (stage / "fonts").mkdir(exist_ok=True)
            for font in font_files:
                shutil.copyfile(font, stage / "fonts" / Path(font).name)
                manifest.files.append(f"fonts/{Path(font).name}")
            for name, text in sorted(fonts.font_licences().items()):
                _write(stage, f"fonts/{name}", text, manifest)
        manifest.files.append("manifest.json")
        (stage / "manifest.json").write_text(manifest.to_json(), encoding="utf-8")
        tick(1, "manifest.json")
    lap("preview, manifest and swap")
    return BuildReport(out, sorted(manifest.files), len(order), list(renderer.rendered),
                       len(everything), time.perf_counter() - started, dict(manifest.counts), stages,
                       renderer.cache.unwritable if renderer.cache is not None else None)


def merge_sources(renderer: FaceRenderer) -> dict[str, Path]:
    """Family name -> the file its faces were set in, for the stack fonts cardgen.render.fontmerge may re-subset.

    Only files WeasyPrint was given and that are static: a variable font's
    subset would carry its variation tables into the print PDF.
    """
    allowed = {Path(f).resolve() for f in renderer.fonts}
    out: dict[str, Path] = {}
    for font in fonts.font_stack():
        used = Path(renderer.substitutes.get(font.path, font.path))
        if used.resolve() in allowed and not font_instances.is_variable(used):
            out[font.family] = used
    return out


def _stopwatch(stages: dict[str, float]) -> Callable[[str], None]:
    """``lap(name)`` records the CPU seconds since the previous lap (for the benchmark's breakdown).

    CPU time, not wall time: the build is single-threaded, and on a shared
    machine wall time measures the neighbours as much as the build.
    """
    last = [time.process_time()]

    def lap(name: str) -> None:
        now = time.process_time()
        stages[name] = now - last[0]
        last[0] = now

    return lap


def _sheets_material(sheets: Sequence[impose.Sheet], digests: dict[str, str]) -> bytes:
    """Everything a kind's PDF depends on: its sheets' layout and the bytes of the faces on them."""
    used = sorted({p.face_id for sheet in sheets for p in sheet.placements})
    return repr((list(sheets), [(i, digests[i]) for i in used])).encode()


def _furniture(sheets: Sequence[impose.Sheet], memo: Memo) -> bytes:
    """The crop marks and labels of ``sheets``, kept: editing a card does not move them."""
    furniture = [sheet.furniture for sheet in sheets]
    return memo("furniture", repr(furniture).encode(), lambda: furniture_pdf(furniture))


def _memo(cache: FaceCache | None) -> Memo:
    """The cache's memo, or plain computation when building without a cache."""
    if cache is None:
        return lambda namespace, material, produce: produce()
    return cache.memo


def progress_total(faces: Sequence[Face], only: Sequence[str]) -> int:
    """Steps ``write_set`` reports, for a progress bar: render + PNG per face, a file per kind, 5 more."""
    order, groups = _selected(faces, only)
    return 2 * len(order) + len(groups) + 5


def _write(stage: Path, relative: str, data: bytes, manifest: Manifest) -> None:
    path = stage / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    manifest.files.append(relative)


def _record(manifest: Manifest, kind: str, file: str, group: Sequence[Face], sheets: Sequence[impose.Sheet],
            by_id: dict[str, Face]) -> None:
    """Manifest rows for a kind's faces and the backs printed with them (page = first appearance)."""
    first: dict[str, int] = {}
    for number, sheet in enumerate(sheets, start=1):
        for placement in sheet.placements:
            first.setdefault(placement.face_id, number)
    back_copies: dict[str, int] = {}
    for face in group:
        if face.id in first:
            manifest.add_component(face.kind, face.id, face.copies, file, first[face.id])
        if face.back and face.back in first:
            back_copies[face.back] = back_copies.get(face.back, 0) + face.copies
    for back_id, copies in back_copies.items():
        manifest.add_component(by_id[back_id].kind, back_id, copies, file, first[back_id])


@lru_cache(maxsize=32)
def _unpacked_cell(packed: bytes) -> bytes:
    """A TTS cell's raw pixels, kept in-process (about 0.7 MB each, so only a few bands' worth):
    editing a card again re-encodes the same bands from the same neighbours."""
    return zlib.decompress(packed)


def _write_tts(stage: Path, groups: dict[str, list[Face]], looks: dict[str, str], pdfs: dict[str, FacePdf],
               pngs: dict[str, bytes], manifest: Manifest, memo: Memo, by_id: dict[str, Face]) -> None:
    """Deck sheets per card kind, one cell per printed copy (several sheets past 69), their backs, and decks.json.

    Sheets are joined from bands of one row of cells, each kept by what its
    cells show, so a changed card re-encodes only the bands it appears in.
    """
    decks: dict[str, dict] = {}
    for kind, group in groups.items():
        if group[0].layout != "card":
            continue
        cell = tts.cell_size(group[0].width_mm, group[0].height_mm)

        def cell_of(face_id: str) -> bytes:
            """The cell's raw RGB pixels, kept zlib-packed (level 1: under a tenth of the size, unpacked in 2 ms)."""
            material = f"{looks[face_id]}-{cell}".encode()
            face = pdfs[face_id]
            packed = memo("tts-cell-rgb", material,
                          lambda: zlib.compress(face_cell_pixels(face.pdf, face.index, cell), 1))
            return _unpacked_cell(packed)

        def band_of(row_ids: list[str | None]) -> bytes:
            material = repr((cell, [looks[i] if i else None for i in row_ids])).encode()
            return memo("tts-band", material, lambda: tts.band([cell_of(i) if i else None for i in row_ids], cell))

        backs = [f.back for f in group]
        hidden_id = backs[0] or group[0].id
        entry: dict = {"columns": tts.TTS_COLUMNS, "rows": tts.TTS_ROWS, "sheets": []}
        unique_backs = len(set(backs)) > 1 and all(backs)
        cards = [f.id for f in group for _ in range(f.copies)]  # TTS deals cells: one per printed copy
        for number, ids in enumerate(tts.chunks(cards), start=1):
            suffix = "" if len(cards) <= tts.TTS_FACES_PER_SHEET else f"-{number}"
            layers = [("", ids)] + ([("-backs", [by_id[i].back for i in ids])] if unique_backs else [])
            for tag, cell_ids in layers:
                material = repr((cell, [looks[i] for i in cell_ids], looks[hidden_id])).encode()
                data = memo("tts-sheet", material,
                            lambda cell_ids=cell_ids: tts.join_bands(
                                [band_of(row) for row in tts.band_slots(cell_ids, hidden_id)], cell))
                _write(stage, f"tts/{kind}{tag}{suffix}.png", data, manifest)
            entry["sheets"].append({"file": f"tts/{kind}{suffix}.png", "cards": len(ids), "faces": ids,
                                    **({"backs": f"tts/{kind}-backs{suffix}.png"} if unique_backs else {})})
        if backs[0] and not unique_backs:
            _write(stage, f"tts/{kind}-back.png", pngs[backs[0]], manifest)
            entry["back"] = f"tts/{kind}-back.png"
        decks[kind] = entry
    if decks:
        _write(stage, "tts/decks.json", (json.dumps(decks, ensure_ascii=False, indent=2) + "\n").encode(), manifest)
