"""Which file a URL names: a regular file inside the served folder, or nothing.

Why a module of its own: the server must never answer with a file outside the
build's output folder (``..``, an encoded ``%2e%2e``, a symbolic link pointing
out) nor list a folder. Every way to name something else ends here as None,
which the server answers with 404.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit


def served_file(root: Path, url: str) -> Path | None:
    """The file under ``root`` the request path ``url`` names, or None (outside ``root``, a folder, missing).

    >>> import tempfile; root = Path(tempfile.mkdtemp()); (root / "png").mkdir()
    >>> _ = (root / "png" / "a.png").write_bytes(b"")
    >>> served_file(root, "/png/a.png?v=2") == (root / "png" / "a.png").resolve()
    True
    >>> [served_file(root, u) for u in ("/png/", "/png", "/../etc/passwd", "/png/%2e%2e/png/a.png", "/png\\\\a.png")]
    [None, None, None, None, None]
    """
    path = unquote(urlsplit(url).path)
    parts = path.split("/")
    if parts[0] != "" or any(part in (".", "..") or "\\" in part or "\0" in part for part in parts):
        return None
    base = Path(root).resolve()
    try:
        found = base.joinpath(*[part for part in parts if part]).resolve(strict=True)
    except (OSError, RuntimeError):  # missing, or a loop of links
        return None
    if not found.is_relative_to(base) or not found.is_file():
        return None
    return found
