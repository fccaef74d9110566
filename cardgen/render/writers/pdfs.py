"""The PDFs: one imposed file per component kind, the home-print pair (cards duplex, boards single-sided)
and the print-shop files by trim size, as planned by cardgen.render.sheets.files."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from cardgen.render.cache.store import font_digest
from cardgen.render.faces.facekit import Face
from cardgen.render.pdf import formsheets, pdfx
from cardgen.render.pdf.face import FacePdf
from cardgen.render.sheets import impose
from cardgen.render.sheets.files import PdfFile
from cardgen.render.fonts.stack import font_stack
from cardgen.render.sheets.marks import furniture_pdf, label_characters, label_font
from cardgen.render.writers.stage import Stage


def write_pdfs(stage: Stage, files: Sequence[PdfFile], sheets_by_kind: dict[str, list[impose.Sheet]],
               groups: dict[str, list[Face]], order: Sequence[Face], pdfs: dict[str, FacePdf]) -> None:
    """Every planned file, and ``manifest.json``'s "printing" row for each (file, pages, sides)."""
    by_id = {f.id: f for f in order}
    digests = {face_id: pdf.digest for face_id, pdf in pdfs.items()}  # what each face's bytes depend on
    # one label font for the whole build: made once, and the joined files hold one copy of it
    characters = label_characters([sheet.furniture for sheets in sheets_by_kind.values() for sheet in sheets])
    kind_data: dict[str, bytes] = {}
    with formsheets.opened():
        for file in files:
            _write_file(stage, file, sheets_by_kind, groups, pdfs, by_id, digests, characters, kind_data)


def _write_file(stage: Stage, file: PdfFile, sheets_by_kind: dict[str, list[impose.Sheet]],
                groups: dict[str, list[Face]], pdfs: dict[str, FacePdf], by_id: dict[str, Face],
                digests: dict[str, str], characters: str, kind_data: dict[str, bytes]) -> None:
    """One planned file (a kind's sheets, a home-print pair file or a print-shop file), and its printing row."""
    if file.role == "kind":
        kind = file.kinds[0]
        sheets = sheets_by_kind[kind]
        data = stage.memo("kind-sheets", _sheets_material(sheets, digests, characters),
                          lambda: impose.assemble(sheets, pdfs, _furniture(stage, sheets, characters)))
        kind_data[kind] = data
        _record(stage, kind, file.name, groups[kind], sheets, by_id)
    elif file.role in ("cards", "boards"):
        parts = [kind_data[k] for k in file.kinds]
        data = stage.memo("combined", b"".join(hashlib.sha256(d).digest() for d in parts),
                          lambda: impose.concatenate(parts))  # one subset per font across the kinds
    else:
        ids, title = list(file.faces), file.name.removesuffix(".pdf")
        data = stage.memo("shop", repr([title, pdfx.declaration_key()] + [(i, digests[i]) for i in ids]).encode(),
                          lambda: impose.face_pages(ids, pdfs, title))
    stage.write(file.name, data)
    stage.manifest.printing.append(file.entry())
    stage.tick(1, file.name)


#: Bumped when the way label fonts are made changes (a kept furniture PDF embeds one).
LABEL_FONT_FORMAT = 4


def _label_font_key(characters: str) -> str:
    """What the build's label font is made from: the way it is made, the card font file, the characters."""
    return f"{LABEL_FONT_FORMAT}-{font_digest(font_stack()[0].path)}-{characters}"


def _sheets_material(sheets: Sequence[impose.Sheet], digests: dict[str, str], characters: str) -> bytes:
    """Everything a kind's PDF depends on: its sheets' layout, the bytes of the faces on them and the
    label font."""
    used = sorted({p.face_id for sheet in sheets for p in sheet.placements})
    return repr((list(sheets), [(i, digests[i]) for i in used], _label_font_key(characters))).encode()


def _furniture(stage: Stage, sheets: Sequence[impose.Sheet], characters: str) -> bytes:
    """The crop marks and labels of ``sheets``, kept: editing a card does not move them.

    ``characters`` are every label character of the build (:func:`label_characters`): every kind
    embeds the same label font, made once and kept by the font file's hash and the characters, so
    only a build printing new label characters makes it, and a joined PDF stores it once.
    """
    furniture = [sheet.furniture for sheet in sheets]
    key = _label_font_key(characters)

    def draw() -> bytes:
        if characters.isascii():
            return furniture_pdf(furniture)
        font = stage.memo("label-font", key.encode(), lambda: label_font(characters))
        return furniture_pdf(furniture, font)

    return stage.memo("furniture", f"{key}-{furniture!r}".encode(), draw)


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
