"""tts/: Tabletop Simulator deck sheets (JPEG) per card kind, their backs, and decks.json describing them."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial

from cardgen.render.faces.facekit import Face
from cardgen.render.pdf.face import FacePdf
from cardgen.render.images import tts
from cardgen.render.images.raster import JPEG_ENCODING, face_cell_pixels
from cardgen.render.writers.stage import Stage


class _Cells:
    """Each face's TTS cell, rendered as its sheet is made. Cells are not kept between builds: keeping them
    (zlib level 1, in the cache) cost a cold build 0.16 s of the export's 1.3 s, to spare a sheet made again
    after an edit the rendering of its other faces (5 ms each, 15-25 faces). The cells of faces on several
    sheets (a deck's back in the last cell of each, a back on both halves of a deck) are kept until the
    export is written, so each is rendered once."""

    def __init__(self, shared: set[str]) -> None:
        self.shared = shared
        self.kept: dict[tuple[str, tuple[int, int]], bytes] = {}

    def __call__(self, pdf: FacePdf, cell: tuple[int, int]) -> bytes:
        if pdf.digest not in self.shared:
            return face_cell_pixels(pdf.pdf, pdf.index, cell)
        if (pdf.digest, cell) not in self.kept:
            self.kept[pdf.digest, cell] = face_cell_pixels(pdf.pdf, pdf.index, cell)
        return self.kept[pdf.digest, cell]


def _sheet(stage: Stage, material: bytes, faces: list[FacePdf], hidden: FacePdf, cell: tuple[int, int],
           cells: _Cells) -> bytes:
    """A TTS sheet of these faces' cells and the hidden card, kept by what they show."""
    return stage.memo("tts-sheet", JPEG_ENCODING.encode() + material, lambda: tts.sheet_jpeg(
        faces, hidden, cell, lambda pdf: cells(pdf, cell)))


def write_tts(stage: Stage, groups: dict[str, list[Face]], pdfs: dict[str, FacePdf],
              png_of: Callable[[str], Future[bytes]], by_id: dict[str, Face]) -> None:
    """Deck sheets per card kind, one cell per printed copy (several sheets past 69), their backs, and decks.json.

    Sheets are kept by what their cells show, so a changed card makes again only the sheets it is on.
    Each sheet is made on the stage's workers, its cells rendered there.
    """
    looks = {face_id: pdf.batch for face_id, pdf in pdfs.items()}  # what each face looks like (its key)
    decks: dict[str, dict] = {}
    files: list[tuple[str, Callable[[], Future[bytes]]]] = []  # in the order they are written
    shown: Counter[str] = Counter()  # how many sheets show each face
    cells = _Cells(set())
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
                shown.update({pdfs[i].digest for i in [*cell_ids, hidden_id]})
                files.append((f"tts/{kind}{tag}{suffix}.jpg", partial(
                    stage.later, "TTS sheets", partial(_sheet, stage, material, [pdfs[i] for i in cell_ids],
                                                       pdfs[hidden_id], cell, cells))))
            columns, rows = tts.grid(len(ids))
            entry["sheets"].append({"file": f"tts/{kind}{suffix}.jpg", "columns": columns, "rows": rows,
                                    "cards": len(ids), "faces": ids,
                                    **({"backs": f"tts/{kind}-backs{suffix}.jpg"} if unique_backs else {})})
        if backs[0] and not unique_backs:
            files.append((f"tts/{kind}-back.png", partial(png_of, backs[0])))
            entry["back"] = f"tts/{kind}-back.png"
        decks[kind] = entry
    cells.shared.update(digest for digest, sheets in shown.items() if sheets > 1)
    for relative, data in files:
        stage.write_later(relative, data())
    if decks:
        stage.write_later("tts/decks.json", (json.dumps(decks, ensure_ascii=False, indent=2) + "\n").encode(),
                          tick="Tabletop Simulator sheets")
    else:
        stage.tick(1, "Tabletop Simulator sheets")
