"""A small TrueType font for the sheet labels, cut from the CFF-flavoured card font.

reportlab embeds TrueType (glyf) fonts only, and the card font (Noto Sans SC)
is CFF. The labels use a few dozen characters: HarfBuzz cuts the font to them
(milliseconds, where fontTools.subset took a second on the 8 MB font), then
fontTools redraws each glyph's cubic outline as quadratic curves (cu2qu,
1 font unit of error), the conversion fontTools' own otf2ttf example does.
"""

from __future__ import annotations

import io
from hashlib import sha256
from pathlib import Path

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

from cardgen.render.fonts import harfbuzz

MAX_ERROR_UNITS = 1.0  # cu2qu's allowed distance from the cubic outline, in font units


def _subset(path: Path, characters: str) -> TTFont:
    # the source's date is kept (no recalculated timestamp): same bytes every build
    return TTFont(io.BytesIO(harfbuzz.subset_characters(path, characters)), recalcTimestamp=False)


def _to_glyf(font: TTFont) -> None:
    """Replace the CFF table by glyf/loca with the same glyphs, and the tables that go with them."""
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR_UNITS, reverse_direction=True))
        glyphs[name] = pen.glyph()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxPoints",
                  "maxContours", "maxCompositePoints", "maxCompositeContours", "maxComponentDepth"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    maxp.numGlyphs = len(order)
    font["maxp"] = maxp
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\0\1\0\0"


#: The label fonts' name, followed by a hash of their characters: reportlab keeps typefaces by name, so
#: two subsets may never share one, and none may be taken for the card font itself.
FAMILY = "CardgenLabel"


def _rename(font: TTFont, family: str) -> None:
    name = font["name"]
    for record in list(name.names):
        if record.nameID in (1, 3, 4, 6, 16, 17, 18, 21, 22):
            name.removeNames(nameID=record.nameID)
    for name_id in (1, 3, 4, 6):
        name.setName(family, name_id, 3, 1, 0x409)
        name.setName(family, name_id, 1, 0, 0)


def truetype_subset(path: Path, characters: str) -> bytes:
    """The bytes of a TrueType font holding ``characters`` of the font at ``path`` (CFF or TrueType)."""
    font = _subset(path, characters)
    if "CFF " in font:
        _to_glyf(font)
    _rename(font, f"{FAMILY}-{sha256(characters.encode()).hexdigest()[:10]}")
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()
