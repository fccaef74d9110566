"""A laid-out face's PDF and the key of what its bytes depend on."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class WrittenIn:
    """Page ``index`` of ``pdf``, the one document a batch of faces was written as before it was cut up.

    The same drawing as the face's own PDF, with the fonts of every face of the batch in one place: a PNG
    rendered from it has the same pixels, and pdfium parses those fonts once for the whole batch.
    """

    pdf: bytes
    index: int


@dataclass(frozen=True)
class FacePdf:
    """A laid-out face: page ``index`` of ``pdf`` (a face's own one-page PDF: index 0)."""

    pdf: bytes
    index: int
    batch: str  # content hash of what the bytes depend on (the face's key)
    #: where the face was written, when this build wrote it (a face from the cache has no batch document)
    written_in: WrittenIn | None = field(default=None, compare=False, repr=False)

    @property
    def digest(self) -> str:
        return f"{self.batch}:{self.index}"
