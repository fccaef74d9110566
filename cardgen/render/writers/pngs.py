"""png/FACE.png: every face rasterised at print resolution, for screens and print-on-demand sites."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from functools import partial

from cardgen.render.faces.facekit import Face
from cardgen.render.pdf.face import FacePdf
from cardgen.render.images.raster import ENCODING, PNG_DPI, face_png
from cardgen.render.writers.stage import Stage


class FacePngs:
    """Each face's PNG, asked for once and made on the stage's workers (kept by what the face looks like):
    the PNG export writes them all, the TTS export only the backs it shows."""

    def __init__(self, stage: Stage, pdfs: dict[str, FacePdf]) -> None:
        self.stage, self.pdfs = stage, pdfs
        self.asked: dict[str, Future[bytes]] = {}

    def __call__(self, face_id: str) -> Future[bytes]:
        if face_id not in self.asked:
            pdf = self.pdfs[face_id]
            material = f"{pdf.batch}-{PNG_DPI}-{ENCODING}".encode()
            self.asked[face_id] = self.stage.later("PNG faces", partial(_png, self.stage, pdf, material))
        return self.asked[face_id]


def write_pngs(stage: Stage, order: Sequence[Face], png_of: FacePngs) -> None:
    """png/FACE.png for every face."""
    for face in order:
        stage.write_later(f"png/{face.id}.png", png_of(face.id), tick=f"png/{face.id}.png")


def _png(stage: Stage, pdf: FacePdf, material: bytes) -> bytes:
    """A face's PNG from the cache, or rasterised now (on a worker): from the document its batch was written
    as, when this build wrote it (the same pixels, tested; 0.30 s against 0.44 s per 100 faces to open and
    render, its fonts parsed once), else from its own PDF."""
    where = pdf.written_in
    if where is None:
        return stage.memo("png", material, lambda: face_png(pdf.pdf, pdf.index, PNG_DPI))
    return stage.memo("png", material, lambda: face_png(where.pdf, where.index, PNG_DPI, keep=True))
