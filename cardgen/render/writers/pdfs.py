"""The PDFs: one imposed file per component kind, all of them combined, and the print-shop file of single faces."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from cardgen.render.faces.facekit import Face
from cardgen.render.pdf.face import FacePdf
from cardgen.render.sheets import impose
from cardgen.render.sheets.marks import furniture_pdf
from cardgen.render.writers.stage import Stage


def write_pdfs(stage: Stage, game_id: str, sheets_by_kind: dict[str, list[impose.Sheet]],
               groups: dict[str, list[Face]], order: Sequence[Face], pdfs: dict[str, FacePdf]) -> None:
    """``KIND.pdf`` per kind, ``GAME-print.pdf`` (every kind) and ``GAME-print-shop.pdf`` (each face once)."""
    by_id = {f.id: f for f in order}
    digests = {face_id: pdf.digest for face_id, pdf in pdfs.items()}  # what each face's bytes depend on
    kind_files: list[bytes] = []
    for kind, sheets in sheets_by_kind.items():
        name = f"{kind}.pdf"
        data = stage.memo("kind-sheets", _sheets_material(sheets, digests),
                          lambda sheets=sheets: impose.assemble(sheets, pdfs, _furniture(stage, sheets)))
        stage.write(name, data)
        kind_files.append(data)
        _record(stage, kind, name, groups[kind], sheets, by_id)
        stage.tick(1, name)
    combined = stage.memo("combined", b"".join(hashlib.sha256(d).digest() for d in kind_files),
                          lambda: impose.concatenate(kind_files))  # one subset per font across the kinds
    stage.write(f"{game_id}-print.pdf", combined)
    stage.tick(1, "combined print PDF")
    shop_ids = [f.id for f in order]
    shop = stage.memo("shop", repr([(i, digests[i]) for i in shop_ids]).encode(),
                      lambda: impose.face_pages(shop_ids, pdfs))
    stage.write(f"{game_id}-print-shop.pdf", shop)
    stage.tick(1, "print-shop PDF")


def _sheets_material(sheets: Sequence[impose.Sheet], digests: dict[str, str]) -> bytes:
    """Everything a kind's PDF depends on: its sheets' layout and the bytes of the faces on them."""
    used = sorted({p.face_id for sheet in sheets for p in sheet.placements})
    return repr((list(sheets), [(i, digests[i]) for i in used])).encode()


def _furniture(stage: Stage, sheets: Sequence[impose.Sheet]) -> bytes:
    """The crop marks and labels of ``sheets``, kept: editing a card does not move them."""
    furniture = [sheet.furniture for sheet in sheets]
    return stage.memo("furniture", repr(furniture).encode(), lambda: furniture_pdf(furniture))


def _record(stage: Stage, kind: str, file: str, group: Sequence[Face], sheets: Sequence[impose.Sheet],
            by_id: dict[str, Face]) -> None:
    """Manifest rows for a kind's faces and the backs printed with them (page = first appearance)."""
    first: dict[str, int] = {}
    for number, sheet in enumerate(sheets, start=1):
        for placement in sheet.placements:
            first.setdefault(placement.face_id, number)
    back_copies: dict[str, int] = {}
    for face in group:
        if face.id in first:
            stage.manifest.add_component(face.kind, face.id, face.copies, file, first[face.id])
        if face.back and face.back in first:
            back_copies[face.back] = back_copies.get(face.back, 0) + face.copies
    for back_id, copies in back_copies.items():
        stage.manifest.add_component(by_id[back_id].kind, back_id, copies, file, first[back_id])
