"""A laid-out face's PDF and the key of what its bytes depend on."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FacePdf:
    """A laid-out face: page ``index`` of ``pdf`` (a face's own one-page PDF: index 0)."""

    pdf: bytes
    index: int
    batch: str  # content hash of what the bytes depend on (the face's key)

    @property
    def digest(self) -> str:
        return f"{self.batch}:{self.index}"
