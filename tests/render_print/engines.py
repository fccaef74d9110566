"""The four PDF engines print shops and viewers use, driven the same way: a page to pixels, a page to text.

PDFium (pypdfium2: cardgen's own PNGs, Chrome), Poppler (``pdftoppm``, ``pdftotext``: Evince, many
RIP front ends), Ghostscript (``gs``: CUPS filters, many print-shop RIPs) and MuPDF (``mutool``:
SumatraPDF and many viewers). The Debian packages come from ``scripts/install-system-packages --test``:
a missing engine fails the test that needs it, it is never skipped.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageFilter, ImageStat

#: Resolution of the comparison: a character of 6 pt text is a dozen pixels high.
DPI = 150
#: A character "differs" when the mean grey difference over its box (both images slightly blurred, so a
#: stroke edge moved by a fraction of a pixel counts little) exceeds this, out of 255.
CHARACTER_TOLERANCE = 25
#: Share of a page's characters that may differ (6 pt text at other sub-pixel offsets: at most 1.1% seen
#: with correct fonts; Ghostscript's crossed boxes and MuPDF's blanks gave 64% and 76%).
MAX_DIFFERING_CHARACTERS = 0.05

ENGINES = ("pdfium", "poppler", "ghostscript", "mupdf")
_TOOLS = {"poppler": "pdftoppm", "ghostscript": "gs", "mupdf": "mutool"}


def tool(engine: str) -> str:
    """The engine's command, or a failure that says how to install it."""
    path = shutil.which(_TOOLS[engine])
    assert path, f"{_TOOLS[engine]} ({engine}) is missing: run scripts/install-system-packages --test"
    return path


def render(pdf: Path, page: int, engine: str, dpi: int = DPI) -> Image.Image:
    """Page ``page`` (1-based) of ``pdf`` as an RGB image, drawn by ``engine``."""
    if engine == "pdfium":
        document = pdfium.PdfDocument(pdf)
        try:
            return document[page - 1].render(scale=dpi / 72).to_pil().convert("RGB")
        finally:
            document.close()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "page.png"
        if engine == "poppler":
            command = [tool(engine), "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", "-singlefile",
                       str(pdf), str(out.with_suffix(""))]
        elif engine == "ghostscript":
            command = [tool(engine), "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m",
                       "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", f"-r{dpi}", f"-dFirstPage={page}",
                       f"-dLastPage={page}", f"-sOutputFile={out}", str(pdf)]
        else:
            command = [tool(engine), "draw", "-q", "-r", str(dpi), "-o", str(out), str(pdf), str(page)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{engine} failed on {pdf.name} page {page}: {done.stderr[-500:]}"
        warnings = [line for line in (done.stdout + done.stderr).splitlines()
                    if "glyph" in line.lower() or "font" in line.lower()]
        assert not warnings, f"{engine} warns on {pdf.name} page {page}: {warnings[:3]}"
        return Image.open(io.BytesIO(out.read_bytes())).convert("RGB")


def differing_characters(pdf: Path, page: int, image: Image.Image, reference: Image.Image) -> tuple[int, str]:
    """(how many characters of the page were compared, those that ``image`` draws unlike ``reference``).

    Each character's box (PDFium's, at DPI) is compared as a mean grey difference, at the best of
    the shifts by up to a pixel: engines anti-alias edges, round the page to whole pixels and phase
    a striped background differently, which moves a stroke by a pixel at most; a glyph drawn as
    another glyph, a crossed box or nothing differs at every shift.
    """
    blur = ImageFilter.GaussianBlur(1)
    drawn, expected = image.convert("L").filter(blur), reference.convert("L").filter(blur)
    document = pdfium.PdfDocument(pdf)
    try:
        pdf_page = document[page - 1]
        height, scale = pdf_page.get_height(), DPI / 72
        characters = pdf_page.get_textpage()
        compared, differing = 0, []
        for index in range(characters.count_chars()):
            character = characters.get_text_range(index, 1)
            left, bottom, right, top = characters.get_charbox(index)
            box = (int(left * scale) - 1, int((height - top) * scale) - 1,
                   int(right * scale) + 2, int((height - bottom) * scale) + 2)
            if not character.strip() or box[2] - box[0] < 3 or box[3] - box[1] < 3:
                continue
            compared += 1
            wanted = expected.crop(box)
            if min(ImageStat.Stat(ImageChops.difference(drawn.crop(_moved(box, dx, dy)), wanted)).mean[0]
                   for dx, dy in _SHIFTS) > CHARACTER_TOLERANCE:
                differing.append(character)
        return compared, "".join(differing)
    finally:
        document.close()


#: The offsets (pixels) a character's box is compared at.
_SHIFTS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


def _moved(box: tuple[int, int, int, int], dx: int, dy: int) -> tuple[int, int, int, int]:
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def text(pdf: Path, page: int, engine: str) -> str:
    """The text of page ``page`` as ``engine`` extracts it."""
    if engine == "pdfium":
        document = pdfium.PdfDocument(pdf)
        try:
            return document[page - 1].get_textpage().get_text_range()
        finally:
            document.close()
    if engine == "poppler":
        command = [shutil.which("pdftotext") or tool("poppler"), "-f", str(page), "-l", str(page), str(pdf), "-"]
    elif engine == "ghostscript":
        command = [tool(engine), "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=txtwrite", f"-dFirstPage={page}",
                   f"-dLastPage={page}", "-sOutputFile=-", str(pdf)]
    else:
        command = [tool(engine), "draw", "-q", "-F", "text", "-o", "-", str(pdf), str(page)]
    done = subprocess.run(command, capture_output=True, timeout=120)
    assert done.returncode == 0, f"{engine} could not extract text from {pdf.name}: {done.stderr[-300:]!r}"
    # Ghostscript writes a character beyond the BMP (an emoji icon) as UTF-8 encoded surrogates, paired or not
    return done.stdout.decode("utf-8", "surrogatepass").encode("utf-16", "surrogatepass").decode("utf-16", "replace")
