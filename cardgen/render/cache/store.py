"""Content-hash cache of rendered faces and derived files, so a rebuild only redoes what changed.

A face's PDF depends on its HTML, its sizes, the renderer versions, the font
files and any local file it pulled in (an image under the content folder). The
key (:func:`face_key`; a batch's key hashes its faces' keys) covers the first
four; the files a batch actually read are recorded beside the entry and
re-checked on every lookup. Sheets, PNGs and TTS cells are kept by the hash of
what they are made from (:meth:`FaceCache.memo`).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from cardgen.render.cache.cachedir import touch, write_atomically

#: ``memo(namespace, material, produce)``: bytes derived only from ``material``, produced once and kept.
Memo = Callable[[str, bytes, Callable[[], bytes]], bytes]

#: Bump when the way faces are rendered changes, so old entries are ignored; and when the
#: checks a face must pass get stricter, since a face taken from the cache is not checked again.
RENDERER_VERSION = "22"


def file_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@lru_cache(maxsize=16)
def font_digest(path: Path) -> str:
    """A font file's content hash, once per process: the Chinese font is megabytes, and the font files
    a build reads (installed packages, instances in the cache) do not change under it."""
    return file_digest(path)


def fonts_fingerprint(font_files: list[Path]) -> str:
    """Cheap identity of the font files (path, size, mtime): they are large and rarely change."""
    parts = []
    for path in sorted(Path(f).resolve() for f in font_files):
        st = path.stat()
        parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


@lru_cache(maxsize=1)
def _library_versions() -> dict[str, str]:
    """The versions of the libraries a face's PDF depends on (read from their metadata: no import needed)."""
    return {name: version(name) for name in ("weasyprint", "pydyf", "pikepdf")}  # pikepdf: qpdf cuts faces


def face_key(html: str, width_mm: float, height_mm: float, bleed_mm: float, fonts: str) -> str:
    """Content hash of what a face looks like: its HTML, size, fonts and the renderer versions."""
    ident = {
        "renderer": RENDERER_VERSION,
        **_library_versions(),
        "fonts": fonts,
        "size": [width_mm, height_mm, bleed_mm],
        "html": html,
    }
    return hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()


class FaceCache:
    """Rendered face batches and derived bytes by content hash, in a folder outside the output."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.written = 0  # bytes stored by this process (cardgen.render.cache.cachedir.prune adds them to its ledger)
        self._counting = threading.Lock()  # the build's image worker stores too
        self.unwritable: str | None = None  # why the cache could not be written, if it could not

    def _store(self, path: Path, data: bytes) -> None:
        """Keep ``data``; a cache that cannot be written only makes the next build slower, never fails this one."""
        try:
            write_atomically(path, data)
            with self._counting:
                self.written += len(data)
        except OSError as exc:
            self.unwritable = f"{exc.filename or path}: {exc.strerror or exc}"

    def _paths(self, key: str) -> tuple[Path, Path]:
        base = self.folder / key[:2] / key
        return base.with_suffix(".pdf"), base.with_suffix(".deps.json")

    def get(self, key: str) -> bytes | None:
        pdf_path, deps_path = self._paths(key)
        try:
            deps = json.loads(deps_path.read_text())
            if any(not Path(p).is_file() or file_digest(Path(p)) != digest for p, digest in deps.items()):
                raise FileNotFoundError
            data = pdf_path.read_bytes()
        except (OSError, ValueError):
            return None
        touch(pdf_path)  # recency for the size bound (cardgen.render.cache.cachedir.prune)
        touch(deps_path)
        return data

    def put(self, key: str, pdf: bytes, used_files: set[Path]) -> None:
        pdf_path, deps_path = self._paths(key)
        deps = {str(p): file_digest(p) for p in sorted(used_files)}
        self._store(pdf_path, pdf)
        self._store(deps_path, json.dumps(deps, sort_keys=True).encode())

    def memo(self, namespace: str, material: bytes, produce: Callable[[], bytes]) -> bytes:
        """Bytes derived only from ``material`` (e.g. sheets from face PDFs), produced once and kept."""
        digest = hashlib.sha256(RENDERER_VERSION.encode() + b"\0" + material).hexdigest()
        path = self.folder / namespace / digest[:2] / digest
        try:
            data = path.read_bytes()
        except OSError:
            data = produce()
            self._store(path, data)
        else:
            touch(path)
        return data
