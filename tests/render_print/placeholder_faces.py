"""Small stand-in faces for pipeline tests that must not depend on the real designs.

Used for injected failures (a face that fetches /etc/passwd, one that fails a
check) and for fast geometry tests; the real designs come from
cardgen.render.faces.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class PlaceholderFace:
    kind: str
    id: str
    html: str
    width_mm: float
    height_mm: float
    bleed_mm: float
    copies: int
    back: str | None
    layout: str
    label: str


def page_html(width: float, height: float, bleed: float, body: str, colour: str = "#dde") -> str:
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><style>"
        f"@page {{ size: {width}mm {height}mm; bleed: {bleed}mm; margin: 0 }}"
        f"html {{ background: {colour} }} body {{ margin: 4mm; font-size: 9pt }}"
        f"</style></head><body>{body}</body></html>"
    )


def face(kind: str, face_id: str, text: str, *, size=(63.0, 88.0), bleed=3.0, copies=1, back=None,
         layout="card", colour="#dde", raw_body: str | None = None) -> PlaceholderFace:
    body = raw_body if raw_body is not None else f"<p>{escape(text)}</p>"
    return PlaceholderFace(kind, face_id, page_html(size[0], size[1], bleed, body, colour), size[0], size[1],
                           bleed, copies, back, layout, f"{kind} {text}")


def deck(kind: str, count: int, copies: int = 1, back_colour: str = "#888") -> list[PlaceholderFace]:
    """``count`` numbered fronts of ``kind`` sharing one back."""
    back = face("card_back", f"back-{kind}", f"{kind} back", colour=back_colour)
    fronts = [face(kind, f"{kind}-{i}", f"{kind} {i}", copies=copies, back=back.id) for i in range(1, count + 1)]
    return fronts + [back]
