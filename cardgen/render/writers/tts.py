"""tts/: Tabletop Simulator deck sheets (JPEG) per card kind, their backs, and decks.json describing them."""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from concurrent.futures import Future
from functools import lru_cache, partial

from cardgen.render.faces.facekit import Face
from cardgen.render.pdf.face import FacePdf
from cardgen.render.images import tts
from cardgen.render.images.raster import JPEG_ENCODING, face_cell_pixels
from cardgen.render.writers.stage import Stage


@lru_cache(maxsize=32)
def _unpacked_cell(packed: bytes) -> bytes:
    """A TTS cell's raw pixels, kept in-process (about 0.7 MB each, so only a few dozen: memory):
    editing a card again re-encodes the same sheet from the same neighbours."""
    return zlib.decompress(packed)


def _cell(stage: Stage, pdf: FacePdf, cell: tuple[int, int]) -> bytes:
    """A face's TTS cell, raw RGB pixels, kept zlib-packed (level 1: under a tenth of the size, unpacked in 2 ms);
    a cell rendered now is used as rendered, not unpacked again."""
    material = f"{pdf.batch}-{cell}".encode()
    rendered: list[bytes] = []

    def render() -> bytes:
        rendered.append(face_cell_pixels(pdf.pdf, pdf.index, cell))
        return zlib.compress(rendered[0], 1)

    packed = stage.memo("tts-cell-rgb", material, render)
    return rendered[0] if rendered else _unpacked_cell(packed)


def _sheet(stage: Stage, material: bytes, cells: list[FacePdf], hidden: FacePdf, cell: tuple[int, int]) -> bytes:
    """A TTS sheet of these faces' cells and the hidden card, kept by what they show."""
    return stage.memo("tts-sheet", JPEG_ENCODING.encode() + material, lambda: tts.sheet_jpeg(
        cells, hidden, cell, lambda pdf: _cell(stage, pdf, cell)))


def write_tts(stage: Stage, groups: dict[str, list[Face]], pdfs: dict[str, FacePdf],
              png_of: Callable[[str], Future[bytes]], by_id: dict[str, Face]) -> None:
    """Deck sheets per card kind, one cell per printed copy (several sheets past 69), their backs, and decks.json.

    Cells are kept by what their face looks like and sheets by what their
    cells show, so a changed card re-renders one cell and re-encodes its sheets.
    Each sheet is made on the stage's workers, its cells rendered there.
    """
    looks = {face_id: pdf.batch for face_id, pdf in pdfs.items()}  # what each face looks like (its key)
    decks: dict[str, dict] = {}
    for kind, group in groups.items():
        if group[0].layout != "card":
            continue
        cell = tts.cell_size(group[0].width_mm, group[0].height_mm)
        backs = [f.back for f in group]
        hidden_id = backs[0] or group[0].id
        entry: dict = {"sheets": []}
        unique_backs = len(set(backs)) > 1 and all(backs)
        cards = [f.id for f in group for _ in range(f.copies)]  # TTS deals cells: one per printed copy
        for number, ids in enumerate(tts.chunks(cards), start=1):
            suffix = "" if len(cards) <= tts.TTS_FACES_PER_SHEET else f"-{number}"
            layers = [("", ids)] + ([("-backs", [b for i in ids if (b := by_id[i].back)])] if unique_backs else [])
            for tag, cell_ids in layers:
                material = repr((cell, tts.grid(len(cell_ids)), [looks[i] for i in cell_ids], looks[hidden_id])).encode()
                data = stage.later("TTS sheets", partial(_sheet, stage, material, [pdfs[i] for i in cell_ids],
                                                         pdfs[hidden_id], cell))
                stage.write_later(f"tts/{kind}{tag}{suffix}.jpg", data)
            columns, rows = tts.grid(len(ids))
            entry["sheets"].append({"file": f"tts/{kind}{suffix}.jpg", "columns": columns, "rows": rows,
                                    "cards": len(ids), "faces": ids,
                                    **({"backs": f"tts/{kind}-backs{suffix}.jpg"} if unique_backs else {})})
        if backs[0] and not unique_backs:
            stage.write_later(f"tts/{kind}-back.png", png_of(backs[0]))
            entry["back"] = f"tts/{kind}-back.png"
        decks[kind] = entry
    if decks:
        stage.write_later("tts/decks.json", (json.dumps(decks, ensure_ascii=False, indent=2) + "\n").encode(),
                          tick="Tabletop Simulator sheets")
    else:
        stage.tick(1, "Tabletop Simulator sheets")
