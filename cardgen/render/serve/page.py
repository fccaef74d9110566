"""The preview page as served: the built index.html with the live script before ``</body>``.

The script goes only into what is served, never into the index.html on disk,
which stays the offline preview a build writes. Until a build succeeds there
is no page: a placeholder carries the script, so the overlay still shows why.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

#: Where the page listens for news (cardgen.render.serve.events), and what the script asks for.
EVENTS_PATH = "/__cardgen/events"

PLACEHOLDER = ("<!DOCTYPE html>\n<html lang=\"en\">\n"
               "<head><meta charset=\"utf-8\"><title>cardgen serve</title></head>\n"
               "<body data-placeholder=\"1\"><main><p>No preview yet: the content does not build.</p></main>\n"
               "</body>\n</html>\n")


@lru_cache(maxsize=1)
def live_script() -> str:
    return files("cardgen.render.serve").joinpath("live.js").read_text(encoding="utf-8")


def served_page(preview: str | None, seen: int) -> bytes:
    """``preview`` (or the placeholder) with the live script; ``seen`` is the last news the page already shows.

    >>> page = served_page("<html><body><p>x</p></body></html>", 3).decode()
    >>> page.startswith("<html><body><p>x</p><script data-seen=\\"3\\" data-events=\\"/__cardgen/events\\">")
    True
    """
    html = preview if preview is not None else PLACEHOLDER
    script = f'<script data-seen="{seen}" data-events="{EVENTS_PATH}">\n{live_script()}</script>\n'
    end = html.rfind("</body>")
    at = end if end >= 0 else len(html)
    return (html[:at] + script + html[at:]).encode("utf-8")
