"""Declare a print-shop PDF as PDF/X-4 (ISO 15930-7) with pikepdf, reproducibly.

Print shops ask for PDF/X. What a face PDF already meets (every font embedded
and subset, TrimBox and BleedBox on every page, no encryption, live
transparency, which X-4 allows) is kept; this adds what X-4 declares:

- an output intent (``/OutputIntents``, subtype ``GTS_PDFX``) with its ICC
  profile embedded: sRGB, because every colour the faces draw is DeviceRGB.
  The profile is the ICC's own sRGB v2 profile that WeasyPrint ships
  (``weasyprint/pdf/sRGB2014.icc``, freely redistributable): nothing is
  fetched at run time, and being version 2 it is read by every PDF 1.6 reader;
- ``GTS_PDFXVersion`` and ``Trapped`` in the Info dictionary, and the same
  values in XMP metadata (``pdfxid:GTS_PDFXVersion``, ``pdf:Trapped``) with
  the title, dates and document ids X-4 asks for;
- the PDF 1.6 header X-4 is based on.

The dates are a fixed instant and the ids are made from what the pages draw,
so the same set gives the same bytes on every run.
"""

from __future__ import annotations

import hashlib
import uuid
from functools import cache
from importlib import metadata
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from cardgen.render.pdf.save import written

#: What the files claim, in the Info dictionary and in XMP.
PDFX_VERSION = "PDF/X-4"
#: PDF/X-4 is based on PDF 1.6.
PDF_VERSION = "1.6"
#: Where the output profile comes from: a file of a locked PyPI package, found without importing it.
PROFILE_PACKAGE, PROFILE_FILE = "weasyprint", "weasyprint/pdf/sRGB2014.icc"
OUTPUT_CONDITION = "sRGB IEC61966-2.1"
#: A fixed creation and modification date: the file's bytes do not depend on the day it was built.
FIXED_DATE = "2000-01-01T00:00:00+00:00"


@cache
def output_profile() -> bytes:
    """The ICC profile of the output intent, read from the package that ships it."""
    return Path(str(metadata.distribution(PROFILE_PACKAGE).locate_file(PROFILE_FILE))).read_bytes()


def declaration_key() -> str:
    """Everything :func:`declare` adds that is not made from the file's parts (a kept file's cache key)."""
    return f"{PDFX_VERSION} {OUTPUT_CONDITION} {FIXED_DATE} {hashlib.sha256(output_profile()).hexdigest()}"


def declare(pdf: pikepdf.Pdf, title: str) -> None:
    """Make ``pdf`` declare PDF/X-4 under ``title``: output intent, Info and XMP. Its document id is
    made from what its pages draw (:func:`drawn_digest`): the same on every run, another for other pages."""
    profile = pdf.make_stream(output_profile())
    profile.N = 3
    profile.Alternate = Name.DeviceRGB
    pdf.Root.OutputIntents = Array([Dictionary(
        Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputCondition=String(OUTPUT_CONDITION),
        OutputConditionIdentifier=String(OUTPUT_CONDITION), RegistryName=String("http://www.color.org"),
        Info=String(OUTPUT_CONDITION), DestOutputProfile=profile)])
    document = uuid.UUID(bytes=drawn_digest(pdf)[:16], version=4)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=True) as xmp:
        xmp["dc:title"] = title
        xmp["xmp:CreatorTool"] = "cardgen"
        for date in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"):
            xmp[date] = FIXED_DATE
        xmp["pdf:Trapped"] = "False"
        xmp["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
        xmp["xmpMM:DocumentID"] = f"uuid:{document}"
        xmp["xmpMM:InstanceID"] = f"uuid:{document}"
        xmp["xmpMM:VersionID"] = "1"
        xmp["xmpMM:RenditionClass"] = "default"
    pdf.docinfo[Name.GTS_PDFXVersion] = String(PDFX_VERSION)
    pdf.docinfo[Name.Trapped] = Name("/False")


def drawn_digest(pdf: pikepdf.Pdf) -> bytes:
    """SHA-256 of what the pages draw, in order: each page's content and the forms it draws, each
    stream hashed once. Unlike the bytes of the faces joined, it does not depend on which faces
    each one was laid out with (their font subsets)."""
    seen: dict[tuple[int, int], bytes] = {}

    def digest(holder: pikepdf.Object) -> bytes:
        key = holder.objgen
        if key != (0, 0) and key in seen:
            return seen[key]
        parts = [hashlib.sha256(_own_content(holder)).digest()]
        for name, form in sorted(holder.get("/Resources", Dictionary()).get("/XObject", Dictionary()).items()):
            if form.get("/Subtype") == Name.Form:
                parts.append(name.encode() + digest(form))
        seen[key] = hashlib.sha256(b"".join(parts)).digest()
        return seen[key]

    return hashlib.sha256(b"".join(digest(page.obj) for page in pdf.pages)).digest()


def _own_content(holder: pikepdf.Object) -> bytes:
    """A form's content, or a page's (one stream or an array of them)."""
    if isinstance(holder, pikepdf.Stream):
        return holder.read_bytes()
    contents = holder.get("/Contents", Array())
    return b"".join(c.read_bytes() for c in (contents if isinstance(contents, Array) else [contents]))


def pdfx_bytes(pdf: pikepdf.Pdf) -> bytes:
    """``pdf`` written like every output PDF, its Info and XMP kept, with the PDF/X-4 header."""
    return written(pdf, force_version=PDF_VERSION)
