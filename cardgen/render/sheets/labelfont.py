"""A small static TrueType font for the sheet labels, cut from the card font.

reportlab embeds TrueType (glyf) fonts only, and static ones: the card font
(Noto Sans SC) is a variable TrueType font. The labels use a few dozen
characters: HarfBuzz cuts the font to them and pins its weight axis in one
call (milliseconds, where fontTools.subset took a second on the Chinese font).
"""

from __future__ import annotations

import io
from hashlib import sha256
from pathlib import Path

from fontTools.ttLib import TTFont

from cardgen.render.fonts import harfbuzz
from cardgen.render.fonts.stack import REGULAR


def _subset(path: Path, characters: str) -> TTFont:
    # the source's date is kept (no recalculated timestamp): same bytes every build
    data = harfbuzz.subset_characters(path, characters, {"wght": REGULAR} if harfbuzz.axes(path) else None)
    return TTFont(io.BytesIO(data), recalcTimestamp=False)


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
    """The bytes of a static TrueType font holding ``characters`` of the TrueType font at ``path``, at the
    regular weight."""
    font = _subset(path, characters)
    if "glyf" not in font:
        raise harfbuzz.SubsetError(f"{path}: the label font must be TrueType (glyf); reportlab embeds no other")
    _rename(font, f"{FAMILY}-{sha256(characters.encode()).hexdigest()[:10]}")
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()
