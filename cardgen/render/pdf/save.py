"""Reproducible PDF bytes from a pikepdf document: no clock, no random /ID, no producer stamp.

qpdf numbers the objects in the order it reaches them from the trailer and
writes dictionary keys in sorted order; with the /ID computed from the
content (``deterministic_id``) and the Info dictionary and XMP metadata left
out, the same document gives the same bytes on every run.
"""

from __future__ import annotations

import io
from typing import Any

import pikepdf


def pdf_bytes(pdf: pikepdf.Pdf) -> bytes:
    """``pdf`` written by qpdf: deterministic /ID, no dates, streams compressed, objects in object streams."""
    if "/Info" in pdf.trailer:
        del pdf.trailer["/Info"]
    if "/Metadata" in pdf.Root:
        del pdf.Root["/Metadata"]
    return written(pdf, min_version="1.7")


def written(pdf: pikepdf.Pdf, **version: Any) -> bytes:
    """``pdf`` as it stands (Info and XMP included) written reproducibly; ``version`` is pikepdf's
    ``min_version`` or ``force_version``."""
    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True, compress_streams=True, **version,
             object_stream_mode=pikepdf.ObjectStreamMode.generate, fix_metadata_version=False)
    return buffer.getvalue()


def open_pdf(data: bytes) -> pikepdf.Pdf:
    """A PDF in memory, opened by qpdf (keep it open while objects copied from it are written)."""
    return pikepdf.Pdf.open(io.BytesIO(data))
