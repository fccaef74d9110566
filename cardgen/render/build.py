"""The print pipeline: content -> faces -> face PDFs -> imposed sheets, PNGs, TTS sheets, manifest.

``build`` is what ``cardgen build`` runs. ``write_set`` takes already designed
faces, so the pipeline can be exercised with any list of faces. Everything is
written into a staging folder and swapped in at the end (cardgen.render.output),
so a failure at any step leaves the previous output untouched.
"""

from __future__ import annotations

import io
import json
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Protocol

from PIL import Image

from cardgen.errors import BuildError, UsageError
from cardgen.render import impose, tts
from cardgen.render.face_cache import FaceCache, fonts_fingerprint, write_atomically
from cardgen.render.layout import DUPLEX_MODES, PAPERS_MM, paper_size
from cardgen.render.manifest import Manifest
from cardgen.render.output import atomic_folder
from cardgen.render.pdf import FaceLike, FaceRenderer
from cardgen.render.raster import PNG_DPI, face_image, png_bytes

LANGUAGES = ("zh", "en")
CARD_BACK = "card_back"
MAX_BLEED_MM = 5.0  # more would push crop marks off the printable part of the paper
TEMPLATES = Path(__file__).resolve().parent / "templates"



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


@dataclass
class BuildReport:
    out: Path
    files: list[str]
    faces: int
    rendered: list[str]
    sheets: int
    seconds: float
    counts: dict[str, int] = field(default_factory=dict)


def default_out(game_id: str) -> Path:
    return Path("output") / game_id


def default_cache(out: Path) -> Path:
    """Outside the output folder, so the atomic swap never throws the cache away."""
    return out.parent / ".cache" / out.name


def check_options(content, options: BuildOptions) -> None:
    """Refuse options the content cannot honour, before anything is rendered."""
    if options.paper not in PAPERS_MM:
        raise UsageError(f"--paper {options.paper!r}: choose one of {', '.join(PAPERS_MM)}")
    if options.lang not in LANGUAGES:
        raise UsageError(f"--lang {options.lang!r}: choose one of {', '.join(LANGUAGES)}")
    if options.duplex not in DUPLEX_MODES:
        raise UsageError(f"--duplex {options.duplex!r}: choose one of {', '.join(DUPLEX_MODES)}")
    counts = sorted(content.printing.by_players)
    if options.players not in content.printing.by_players:
        raise UsageError(f"--players {options.players}: printing.yaml lists {', '.join(map(str, counts))}")
    if not 0 <= options.bleed_mm <= MAX_BLEED_MM:
        raise UsageError(f"--bleed {options.bleed_mm:g}: must be between 0 and {MAX_BLEED_MM:g} mm")


def check_only(faces: Sequence[FaceLike], only: Sequence[str]) -> None:
    kinds = list(dict.fromkeys(f.kind for f in faces if f.kind != CARD_BACK))
    unknown = [k for k in only if k not in kinds]
    if unknown:
        hint = " (card backs are printed with their deck)" if CARD_BACK in unknown else ""
        raise UsageError(f"--only {','.join(unknown)}: unknown kind{hint}; choose from {', '.join(kinds)}")


def build(content_dir: Path | None, options: BuildOptions, *, out: Path | None = None,
          cache_dir: Path | None = None, progress: Progress | None = None) -> BuildReport:
    """Load and validate the content, design its faces, and write the whole print set to ``out``."""
    from cardgen.model import load
    from cardgen.render import faces as faces_module
    from cardgen.render import fit, fonts

    content = load(content_dir)
    check_options(content, options)
    faces = faces_module.build_faces(content, lang=options.lang, players=options.players, bleed_mm=options.bleed_mm)
    check_only(faces, options.only)
    out = Path(out) if out is not None else default_out(content.game.id)
    font_files = [Path(p) for p in fonts.font_files()]
    renderer = FaceRenderer(
        roots=[Path(content.folder), TEMPLATES],
        fonts=font_files,
        cache=FaceCache(cache_dir or default_cache(out), fonts_fingerprint(font_files)),
        check_layout=fit.check_layout,
        check_glyphs=fit.check_glyphs,
    )
    preview = faces_module.preview_html(content, list(faces), lang=options.lang)
    if progress is not None:
        progress.start(progress_total(faces, options.only))
    return write_set(content.game.id, faces, options, out, renderer,
                     preview=preview, font_files=font_files, progress=progress)


def _selected(faces: Sequence[FaceLike], only: Sequence[str]) -> tuple[list[FaceLike], dict[str, list[FaceLike]]]:
    """Faces to render (chosen fronts/boards plus their backs) and the printed groups by kind, in face order."""
    by_id = {f.id: f for f in faces}
    groups: dict[str, list[FaceLike]] = {}
    for face in faces:
        if face.kind != CARD_BACK and (not only or face.kind in only):
            groups.setdefault(face.kind, []).append(face)
    needed: dict[str, FaceLike] = {}
    for group in groups.values():
        for face in group:
            needed[face.id] = face
            if face.back:
                if face.back not in by_id:
                    raise BuildError(f"{face.label} ({face.id}): its back {face.back!r} is not among the faces")
                needed[face.back] = by_id[face.back]
    order = [f for f in faces if f.id in needed]
    return order, groups


def _deck_size(group: Sequence[FaceLike]) -> None:
    sizes = {(f.width_mm, f.height_mm) for f in group}
    if len(sizes) > 1:
        raise BuildError(f"{group[0].kind} cards come in several sizes {sorted(sizes)}; a deck needs one size")


def write_set(game_id: str, faces: Sequence[FaceLike], options: BuildOptions, out: Path,
              renderer: FaceRenderer, *, preview: str | None, font_files: Sequence[Path],
              progress: Progress | None = None) -> BuildReport:
    """Render, impose and write every output file for ``faces`` into ``out``, atomically."""
    started = time.perf_counter()
    tick = (progress or NoProgress()).step
    ids = [f.id for f in faces]
    if len(set(ids)) != len(ids):
        raise BuildError("face ids are not unique: " + ", ".join(sorted({i for i in ids if ids.count(i) > 1})))
    check_only(faces, options.only)
    order, groups = _selected(faces, options.only)
    by_id = {f.id: f for f in faces}
    paper = paper_size(options.paper)

    pdfs: dict[str, bytes] = {}
    for face in order:
        tick(0, face.label)
        pdfs[face.id] = renderer.render(face)
        tick(1, face.label)

    sheets_by_kind: dict[str, list[impose.Sheet]] = {}
    for kind, group in groups.items():
        label = f"{game_id}  {kind}"
        if group[0].layout == "card":
            _deck_size(group)
            sheets_by_kind[kind] = impose.card_sheets(group, by_id, paper=paper, duplex=options.duplex, label=label)
        else:
            sheets_by_kind[kind] = [s for face in group for s in impose.board_sheets(face, paper=paper, label=label)]

    manifest = Manifest(game_id, {**asdict(options), "only": list(options.only)})
    with atomic_folder(out) as stage:
        for kind, sheets in sheets_by_kind.items():
            name = f"{kind}.pdf"
            _write(stage, name, impose.assemble(sheets, pdfs), manifest)
            _record(manifest, kind, name, groups[kind], sheets, by_id)
            tick(1, name)
        everything = [s for sheets in sheets_by_kind.values() for s in sheets]
        _write(stage, f"{game_id}-print.pdf", impose.assemble(everything, pdfs), manifest)
        tick(1, "combined print PDF")
        _write(stage, f"{game_id}-print-shop.pdf", impose.face_pages([f.id for f in order], pdfs), manifest)
        tick(1, "print-shop PDF")

        images: dict[str, Image.Image] = {}
        for face in order:
            data = _png_of(renderer.cache, pdfs[face.id])
            _write(stage, f"png/{face.id}.png", data, manifest)
            images[face.id] = Image.open(io.BytesIO(data))
            tick(1, f"png/{face.id}.png")
        _write_tts(stage, groups, by_id, images, manifest)
        tick(1, "Tabletop Simulator sheets")

        if preview is not None:
            _write(stage, "index.html", preview.encode("utf-8"), manifest)
            for font in font_files:
                (stage / "fonts").mkdir(exist_ok=True)
                shutil.copyfile(font, stage / "fonts" / Path(font).name)
                manifest.files.append(f"fonts/{Path(font).name}")
        (stage / "manifest.json").write_text(manifest.to_json(), encoding="utf-8")
        manifest.files.append("manifest.json")
        tick(1, "manifest.json")
    return BuildReport(out, sorted(manifest.files), len(order), list(renderer.rendered),
                       len(everything), time.perf_counter() - started, dict(manifest.counts))


def progress_total(faces: Sequence[FaceLike], only: Sequence[str]) -> int:
    """Steps ``write_set`` reports, for a progress bar: render + PNG per face, a file per kind, 5 more."""
    order, groups = _selected(faces, only)
    return 2 * len(order) + len(groups) + 5


def _png_of(cache: FaceCache | None, pdf: bytes) -> bytes:
    """The face's 300 dpi PNG, from the face cache when these exact PDF bytes were rasterised before."""
    if cache is None:
        return png_bytes(face_image(pdf, PNG_DPI), PNG_DPI)
    path = cache.raster_path(pdf, PNG_DPI)
    if path.is_file():
        return path.read_bytes()
    data = png_bytes(face_image(pdf, PNG_DPI), PNG_DPI)
    write_atomically(path, data)
    return data


def _write(stage: Path, relative: str, data: bytes, manifest: Manifest) -> None:
    path = stage / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    manifest.files.append(relative)


def _record(manifest: Manifest, kind: str, file: str, group: Sequence[FaceLike], sheets: Sequence[impose.Sheet],
            by_id: dict[str, FaceLike]) -> None:
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


def _write_tts(stage: Path, groups: dict[str, list[FaceLike]], by_id: dict[str, FaceLike],
               images: dict[str, Image.Image], manifest: Manifest) -> None:
    """One deck sheet (or several past 69 faces) per card kind, plus decks.json describing them."""
    decks: dict[str, dict] = {}
    for kind, group in groups.items():
        if group[0].layout != "card":
            continue
        w, h = group[0].width_mm, group[0].height_mm
        backs = [f.back for f in group]
        hidden = images[backs[0]] if backs[0] else Image.new("RGB", (10, 14), "white")
        sheets = tts.deck_sheets(kind, [(f.id, images[f.id]) for f in group], hidden, w, h)
        entry: dict = {"sheets": [], "columns": tts.TTS_COLUMNS, "rows": tts.TTS_ROWS}
        for sheet in sheets:
            _write(stage, f"tts/{sheet.name}.png", sheet.png, manifest)
            entry["sheets"].append({"file": f"tts/{sheet.name}.png", "cards": len(sheet.face_ids),
                                    "faces": sheet.face_ids, "copies": [by_id[i].copies for i in sheet.face_ids]})
        if len(set(backs)) == 1 and backs[0]:
            _write(stage, f"tts/{kind}-back.png", png_bytes(images[backs[0]]), manifest)
            entry["back"] = f"tts/{kind}-back.png"
        elif all(backs):
            back_sheets = tts.deck_sheets(f"{kind}-backs", [(f.id, images[f.back]) for f in group], hidden, w, h)
            for sheet in back_sheets:
                _write(stage, f"tts/{sheet.name}.png", sheet.png, manifest)
            entry["unique_backs"] = [f"tts/{s.name}.png" for s in back_sheets]
        decks[kind] = entry
    if decks:
        _write(stage, "tts/decks.json", (json.dumps(decks, ensure_ascii=False, indent=2) + "\n").encode(), manifest)
