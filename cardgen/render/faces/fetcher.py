"""The only way WeasyPrint may read anything: files under allowed folders, exact font files, data: URLs.

Card text comes from content files a designer (or anyone sending a pack) wrote;
the renderer must not become a way to read ``/etc/passwd`` or to reach the
network. Every refused URL is remembered so the build can fail naming it.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from weasyprint.urls import URLFetcher


class RestrictedFetcher(URLFetcher):
    """A URL fetcher that allows ``data:`` and ``file:`` URLs inside ``roots`` or in ``files``."""

    def __init__(self, roots: list[Path], files: list[Path]):
        super().__init__(allowed_protocols={"file", "data"}, allow_redirects=False, timeout=1)
        self.roots = [Path(r).resolve() for r in roots]
        self.files = {Path(f).resolve() for f in files}
        self.refused: list[str] = []
        self.used: set[Path] = set()

    def allows(self, url: str) -> Path | bool:
        """The local path a URL may be read from, True for data: URLs, False if refused."""
        parts = urlsplit(url)
        if parts.scheme == "data":
            return True
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            return False
        path = Path(url2pathname(unquote(parts.path))).resolve()
        if path in self.files or any(path.is_relative_to(root) for root in self.roots):
            return path if path.is_file() else False
        return False

    def fetch(self, url, headers=None):  # noqa: D102 - WeasyPrint's interface
        verdict = self.allows(url)
        if verdict is False:
            self.refused.append(url)
            raise ValueError(f"cardgen refuses to fetch {url!r}")
        if isinstance(verdict, Path):
            self.used.add(verdict)
        return super().fetch(url, headers)
