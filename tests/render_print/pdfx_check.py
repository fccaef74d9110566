"""What a PDF/X-4 preflight asks of a written file (ISO 15930-7), read back with pikepdf: each
problem found as one line, so a test can show both that a print-shop file has none and that a
file not declared PDF/X has the ones it should. Also what a page draws with transparency, which
X-4 allows but a RIP must flatten (and X-1a and X-3 forbid)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pikepdf
from PIL import ImageCms
from pikepdf import Name

#: The blend modes of ISO 32000-1 11.3.5, the only ones PDF/X-4 allows.
BLEND_MODES = {"/Normal", "/Compatible", "/Multiply", "/Screen", "/Overlay", "/Darken", "/Lighten", "/ColorDodge",
               "/ColorBurn", "/HardLight", "/SoftLight", "/Difference", "/Exclusion", "/Hue", "/Saturation",
               "/Color", "/Luminosity"}
#: ICC colour space of the output profile -> the device colour space page content may use with it.
DEVICE_SPACE = {"RGB": "/DeviceRGB", "CMYK": "/DeviceCMYK", "GRAY": "/DeviceGray"}
#: Content operators that set a colour in a device space of their own.
DEVICE_OPERATORS = {"rg": "/DeviceRGB", "RG": "/DeviceRGB", "k": "/DeviceCMYK", "K": "/DeviceCMYK"}


def problems(path: Path) -> list[str]:
    """Every PDF/X-4 requirement ``path`` does not meet (an empty list for a conforming file)."""
    found: list[str] = []
    header = path.read_bytes()[:8]
    if header > b"%PDF-1.6":
        found.append(f"header {header.decode()} is newer than PDF 1.6")
    with pikepdf.open(path) as pdf:
        if pdf.is_encrypted:
            found.append("encrypted")
        found += _declarations(pdf)
        space = _output_space(pdf, found)
        for number, page in enumerate(pdf.pages, start=1):
            found += [f"page {number}: {p}" for p in _boxes(page.obj)]
            for where, holder in _holders(page.obj):
                found += [f"page {number} {where}: {p}" for p in _resources(holder, space)]
    return found


def _declarations(pdf: pikepdf.Pdf) -> list[str]:
    """The Info dictionary and XMP metadata declare PDF/X-4, trapping, a title and dates, and agree."""
    found = []
    info = pdf.trailer.get("/Info")
    if info is None:
        return ["no Info dictionary", "no XMP metadata"] if "/Metadata" not in pdf.Root else ["no Info dictionary"]
    if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-4":
        found.append(f"Info GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/Trapped") not in (Name("/True"), Name("/False")):
        found.append(f"Info Trapped is {info.get('/Trapped')!r}, not True or False")
    found += [f"Info has no {key}" for key in ("/Title", "/CreationDate", "/ModDate") if key not in info]
    if "/Metadata" not in pdf.Root:
        return found + ["no XMP metadata"]
    xmp = pdf.open_metadata()
    expected = {"pdfxid:GTS_PDFXVersion": "PDF/X-4", "pdf:Trapped": str(info.get("/Trapped", ""))[1:],
                "dc:title": str(info.get("/Title", ""))}
    for key, value in expected.items():
        if xmp.get(key) != value:
            found.append(f"XMP {key} is {xmp.get(key)!r}, Info says {value!r}")
    found += [f"XMP has no {key}" for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmpMM:DocumentID",
                                              "xmpMM:VersionID", "xmpMM:RenditionClass") if not xmp.get(key)]
    return found


def _output_space(pdf: pikepdf.Pdf, found: list[str]) -> str | None:
    """The device colour space of the one GTS_PDFX output intent, whose ICC profile is embedded."""
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == Name.GTS_PDFX]
    if len(intents) != 1:
        found.append(f"{len(intents)} GTS_PDFX output intents")
        return None
    intent = intents[0]
    if not str(intent.get("/OutputConditionIdentifier", "")):
        found.append("output intent without OutputConditionIdentifier")
    stream = intent.get("/DestOutputProfile")
    if not isinstance(stream, pikepdf.Stream):
        found.append("output intent without an embedded DestOutputProfile")
        return None
    profile = ImageCms.getOpenProfile(io.BytesIO(stream.read_bytes())).profile
    space = profile.xcolor_space.strip()
    if int(stream.get("/N", 0)) != {"RGB": 3, "CMYK": 4, "GRAY": 1}.get(space):
        found.append(f"output profile has N {stream.get('/N')} for a {space} profile")
    return DEVICE_SPACE.get(space)


def _boxes(page: pikepdf.Dictionary) -> list[str]:
    """TrimBox inside BleedBox inside MediaBox, and no ArtBox beside the TrimBox."""
    if "/TrimBox" not in page or "/BleedBox" not in page:
        return ["no TrimBox or no BleedBox"]
    media, bleed, trim = (pikepdf.Rectangle(page[k]) for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
    found = []
    if "/ArtBox" in page:
        found.append("both TrimBox and ArtBox")
    for inner, outer, what in ((bleed, media, "BleedBox outside MediaBox"), (trim, bleed, "TrimBox outside BleedBox")):
        if inner.llx < outer.llx or inner.lly < outer.lly or inner.urx > outer.urx or inner.ury > outer.ury:
            found.append(what)
    return found


def _holders(page: pikepdf.Dictionary) -> Iterator[tuple[str, pikepdf.Object]]:
    """The page and every form, tiling pattern, soft-mask group and Type 3 glyph procedure it draws
    with, each once: whatever has resources and content of its own."""
    seen: set[tuple[int, int]] = set()
    pending: list[tuple[str, pikepdf.Object]] = [("page", page)]
    while pending:
        where, holder = pending.pop()
        if holder.is_indirect:
            if holder.objgen in seen:
                continue
            seen.add(holder.objgen)
        yield where, holder
        resources = holder.get("/Resources", pikepdf.Dictionary())
        for category in ("/XObject", "/Pattern", "/Font"):
            for name, item in resources.get(category, pikepdf.Dictionary()).items():
                if item.get("/Subtype") == Name.Form or item.get("/PatternType") == 1 or item.get(
                        "/Subtype") == Name.Type3:
                    pending.append((f"{category[1:]} {name}", item))
        for name, state in resources.get("/ExtGState", pikepdf.Dictionary()).items():
            mask = state.get("/SMask")
            if isinstance(mask, pikepdf.Dictionary) and "/G" in mask:
                pending.append((f"soft mask of {name}", mask.G))


def transparency(page: pikepdf.Dictionary) -> list[str]:
    """Everything ``page`` draws with transparency, one line each: transparency groups (a form's, a soft
    mask's), soft masks and constant alpha below 1 in graphics states, blend modes other than Normal and
    images with a soft mask; an empty list for a page a RIP need not flatten."""
    found = []
    for where, holder in _holders(page):
        group = holder.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and group.get("/S") == Name.Transparency:
            found.append(f"{where}: a transparency group")
        resources = holder.get("/Resources", pikepdf.Dictionary())
        for name, state in resources.get("/ExtGState", pikepdf.Dictionary()).items():
            if state.get("/SMask", Name("/None")) != Name("/None"):
                found.append(f"{where} ExtGState {name}: a soft mask")
            found += [f"{where} ExtGState {name}: {key[1:]} {state[key]}" for key in ("/CA", "/ca")
                      if key in state and float(state[key]) < 1]
            if state.get("/BM", Name.Normal) not in (Name.Normal, Name.Compatible):
                found.append(f"{where} ExtGState {name}: blend mode {state.BM}")
        for name, item in resources.get("/XObject", pikepdf.Dictionary()).items():
            if item.get("/Subtype") == Name.Image and ("/SMask" in item or int(item.get("/SMaskInData", 0))):
                found.append(f"{where} image {name}: a soft mask")
    return found


def _resources(holder: pikepdf.Object, space: str | None) -> list[str]:
    """Fonts embedded; blend modes standard, no transfer functions; device colour only in the
    output intent's space (and gray)."""
    found = []
    resources = holder.get("/Resources", pikepdf.Dictionary())
    for name, font in resources.get("/Font", pikepdf.Dictionary()).items():
        if font.get("/Subtype") == Name.Type3:
            continue  # glyphs drawn by content streams, walked as holders
        described = font.DescendantFonts[0] if font.get("/Subtype") == Name.Type0 else font
        descriptor = described.get("/FontDescriptor", pikepdf.Dictionary())
        if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            found.append(f"font {name} ({font.get('/BaseFont')}) is not embedded")
    for name, state in resources.get("/ExtGState", pikepdf.Dictionary()).items():
        modes = state.get("/BM", Name.Normal)
        for mode in (modes if isinstance(modes, pikepdf.Array) else [modes]):
            if str(mode) not in BLEND_MODES:
                found.append(f"ExtGState {name} blend mode {mode}")
        for key in ("/TR", "/TR2"):
            if key in state and state[key] != Name.Default:
                found.append(f"ExtGState {name} has a transfer function {key}")
    used = {str(v) for v in resources.get("/ColorSpace", pikepdf.Dictionary()).values()
            if isinstance(v, Name)}
    group = holder.get("/Group")
    if isinstance(group, pikepdf.Dictionary) and isinstance(group.get("/CS"), Name):
        used.add(str(group.CS))
    if "/Contents" in holder or isinstance(holder, pikepdf.Stream):
        used |= {DEVICE_OPERATORS[str(i.operator)] for i in pikepdf.parse_content_stream(holder)
                 if str(i.operator) in DEVICE_OPERATORS}
    for device in sorted(used & {"/DeviceRGB", "/DeviceCMYK"}):
        if device != space:
            found.append(f"{device} colour with a {space} output intent")
    return found
