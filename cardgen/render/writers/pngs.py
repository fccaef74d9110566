"""png/FACE.png: every face rasterised at print resolution, for screens and print-on-demand sites."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.render.faces.facekit import Face
from cardgen.render.pdf.face import FacePdf
from cardgen.render.images.raster import ENCODING, PNG_DPI, face_png
from cardgen.render.writers.stage import Stage


def write_pngs(stage: Stage, order: Sequence[Face], pdfs: dict[str, FacePdf]) -> dict[str, bytes]:
    """Each face's PNG, kept by what the face looks like; returned for the TTS writer (its backs)."""
    pngs: dict[str, bytes] = {}
    for face in order:
        pdf = pdfs[face.id]
        pngs[face.id] = stage.memo("png", f"{pdf.batch}-{PNG_DPI}-{ENCODING}".encode(),
                                   lambda pdf=pdf: face_png(pdf.pdf, pdf.index, PNG_DPI))
        stage.write(f"png/{face.id}.png", pngs[face.id])
        stage.tick(1, f"png/{face.id}.png")
    return pngs
