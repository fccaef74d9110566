"""The naive way to print the same sheets, for the benchmark only: one big WeasyPrint HTML.

Every card copy is laid out anew on every sheet: each sheet is an HTML page
with one absolutely placed box per placement holding that face's body, and the
whole set is a single document. The imposed pipeline (cardgen.render.sheets.impose)
lays out each distinct face once instead; this module exists to measure that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from weasyprint import HTML

from cardgen.render.sheets.impose import Sheet

_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S)
_PAGE_RULE = re.compile(r"@page\s*\{[^}]*\}")


def naive_html(sheets: Sequence[Sheet], faces: dict) -> str:
    styles: list[str] = []
    pages: list[str] = []
    for face in faces.values():
        for css in _STYLE.findall(face.html):
            css = _PAGE_RULE.sub("", css)
            if css not in styles:
                styles.append(css)
    for sheet in sheets:
        boxes = []
        for p in sheet.placements:
            face = faces[p.face_id]
            body = _BODY.search(face.html).group(1)
            s = p.source
            turn = "transform: rotate(180deg);" if p.rotate180 else ""
            # the box shows the source part of the face; inside it, the face's own origin sits at -source
            boxes.append(
                f'<div style="position:absolute; overflow:hidden; left:{p.at[0]}mm; '
                f'bottom:{p.at[1]}mm; width:{s.w}mm; height:{s.h}mm; {turn}">'
                f'<div style="position:absolute; left:{-s.x}mm; top:{s.y + s.h - face.height_mm}mm; '
                f'width:{face.width_mm}mm; height:{face.height_mm}mm">{body}</div></div>'
            )
        pages.append(
            f'<section style="page: s{len(pages)}; position:relative; width:{sheet.page[0]}mm; '
            f'height:{sheet.page[1]}mm; page-break-after:always">{"".join(boxes)}</section>'
        )
    page_rules = "".join(
        f"@page s{i} {{ size: {s.page[0]}mm {s.page[1]}mm; margin: 0 }}" for i, s in enumerate(sheets)
    )
    return (
        '<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8"><style>'
        + page_rules + "\n".join(styles)
        + "</style></head><body>" + "".join(pages) + "</body></html>"
    )


def naive_pdf(sheets: Sequence[Sheet], faces: dict) -> bytes:
    """All sheets in one WeasyPrint document (no face reuse)."""
    return HTML(string=naive_html(sheets, faces)).write_pdf()
