"""Small hand-written faces for pipeline tests that must not depend on the real designs.

Used for injected failures (a face that tries to fetch /etc/passwd and the
network) and for PDF post-processing tests; the real designs come from
cardgen.games.rail_journey.faces.design.
"""

from __future__ import annotations

from html import escape

from cardgen.render.faces.facekit import Face


def page_html(width: float, height: float, bleed: float, body: str, colour: str = "#dde") -> str:
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><style>"
        f"@page {{ size: {width}mm {height}mm; bleed: {bleed}mm; margin: 0 }}"
        f"html {{ background: {colour} }} body {{ margin: 4mm; font-size: 9pt }}"
        f"</style></head><body>{body}</body></html>"
    )


def face(kind: str, face_id: str, text: str, *, size=(63.0, 88.0), bleed=3.0, copies=1, back=None,
         layout="card", colour="#dde", raw_body: str | None = None) -> Face:
    body = raw_body if raw_body is not None else f"<p>{escape(text)}</p>"
    return Face(kind, face_id, page_html(size[0], size[1], bleed, body, colour), size[0], size[1],
                           bleed, copies, back, layout, f"{kind} {text}")
