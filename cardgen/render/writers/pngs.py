"""png/FACE.png: every face rasterised at print resolution, for screens and print-on-demand sites."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from functools import partial

from cardgen.render.faces.facekit import Face
from cardgen.render.pdf.face import FacePdf
from cardgen.render.images.raster import ENCODING, PNG_DPI, face_png
from cardgen.render.writers.stage import Stage


def write_pngs(stage: Stage, order: Sequence[Face], pdfs: dict[str, FacePdf]) -> dict[str, Future[bytes]]:
    """Each face's PNG, kept by what the face looks like, made on the stage's workers; returned for the TTS
    writer (its backs)."""
    pngs: dict[str, Future[bytes]] = {}
    for face in order:
        pdf = pdfs[face.id]
        material = f"{pdf.batch}-{PNG_DPI}-{ENCODING}".encode()
        pngs[face.id] = stage.later("PNG faces", partial(_png, stage, pdf, material))
        stage.write_later(f"png/{face.id}.png", pngs[face.id], tick=f"png/{face.id}.png")
    return pngs


def _png(stage: Stage, pdf: FacePdf, material: bytes) -> bytes:
    """A face's PNG from the cache, or rasterised now (on a worker)."""
    return stage.memo("png", material, lambda: face_png(pdf.pdf, pdf.index, PNG_DPI))
