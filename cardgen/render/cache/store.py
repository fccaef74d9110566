"""Content-hash cache of rendered faces and derived files, so a rebuild only redoes what changed.

A face's PDF depends on its HTML, its sizes, the renderer versions, the font
files and any local file it pulled in (an image under the content folder). The
key (:func:`face_key`; a batch's key hashes its faces' keys) covers the first
four; the files a batch actually read are recorded beside the entry and
re-checked on every lookup. Sheets, PNGs and TTS cells are kept by the hash of
what they are made from (:meth:`FaceCache.memo`).

Nothing read back is trusted: a disk, a copy or a hand can damage an entry, and a
damaged face PDF or sheet would be copied into the output. Each entry carries the
CRC-32 of its bytes, taken when it was written (a face's in its ``.deps.json``, a
memo's as its first 4 bytes), and is checked on every read; an entry that fails
is deleted, named in :attr:`FaceCache.dropped`, and made again. CRC-32 and not a
cryptographic hash: it catches damage, which is what can happen to a cache only
cardgen writes, at twice SHA-256's speed (a warm build reads some 30 MB back; see
benchmarks/bench_cache_check.py).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
import zlib
from collections.abc import Callable
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from cardgen.render.cache.cachedir import touch, write_atomically

#: ``memo(namespace, material, produce)``: bytes derived only from ``material``, produced once and kept.
Memo = Callable[[str, bytes, Callable[[], bytes]], bytes]

#: Bump when the way faces are rendered changes, so old entries are ignored; and when the
#: checks a face must pass get stricter, since a face taken from the cache is not checked again.
RENDERER_VERSION = "24"


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
        self.dropped: list[str] = []  # damaged entries deleted and made again, relative to the folder
        self.checking = 0.0  # CPU seconds spent checking what was read (benchmarks/bench_cache_check.py prints it)

    def _store(self, path: Path, data: bytes) -> None:
        """Keep ``data``; a cache that cannot be written only makes the next build slower, never fails this one."""
        try:
            write_atomically(path, data, record=self.folder)
            with self._counting:
                self.written += len(data)
        except OSError as exc:
            self.unwritable = f"{exc.filename or path}: {exc.strerror or exc}"

    def _intact(self, data: bytes, checksum: object) -> bool:
        """Whether ``data`` still has the CRC-32 taken when it was written."""
        started = time.thread_time()  # CPU time: a busy machine does not inflate it
        whole = zlib.crc32(data) == checksum
        with self._counting:
            self.checking += time.thread_time() - started
        return whole

    def _drop(self, *paths: Path) -> None:
        """Delete a damaged entry (its files) and say so; it is made again by the caller."""
        for path in paths:
            try:
                path.unlink(missing_ok=True)
            except OSError:
                pass  # a read-only cache: the entry is still not used
        with self._counting:
            self.dropped.append(paths[0].relative_to(self.folder).as_posix())

    def _paths(self, key: str) -> tuple[Path, Path]:
        base = self.folder / key[:2] / key
        return base.with_suffix(".pdf"), base.with_suffix(".deps.json")

    def get(self, key: str) -> bytes | None:
        """The face PDF kept under ``key``, or None: not kept, a file it read has changed since, or damaged
        (then dropped)."""
        pdf_path, deps_path = self._paths(key)
        try:
            record = deps_path.read_bytes()
        except OSError:
            return None  # not kept, or not readable: laid out again
        try:
            deps = json.loads(record)
            pdf_digest, files = deps["pdf"], deps["files"]
            changed = any(not Path(p).is_file() or file_digest(Path(p)) != digest for p, digest in files.items())
        except (ValueError, KeyError, TypeError, AttributeError, OSError):
            self._drop(pdf_path, deps_path)
            return None
        if changed:
            return None  # an image the face read was edited: laid out again, nothing is damaged
        try:
            data = pdf_path.read_bytes()
        except OSError:
            return None
        if not self._intact(data, pdf_digest):
            self._drop(pdf_path, deps_path)
            return None
        touch(pdf_path)  # recency for the size bound (cardgen.render.cache.cachedir.prune)
        touch(deps_path)
        return data

    def put(self, key: str, pdf: bytes, used_files: set[Path]) -> None:
        pdf_path, deps_path = self._paths(key)
        deps = {"pdf": zlib.crc32(pdf),
                "files": {str(p): file_digest(p) for p in sorted(used_files)}}
        self._store(pdf_path, pdf)
        self._store(deps_path, json.dumps(deps, sort_keys=True).encode())

    def memo(self, namespace: str, material: bytes, produce: Callable[[], bytes]) -> bytes:
        """Bytes derived only from ``material`` (e.g. sheets from face PDFs), produced once and kept.

        Kept as the CRC-32 of the bytes (4 bytes, big-endian), then the bytes: a kept entry that does not
        match is dropped.
        """
        digest = hashlib.sha256(RENDERER_VERSION.encode() + b"\0" + material).hexdigest()
        path = self.folder / namespace / digest[:2] / digest
        try:
            kept = path.read_bytes()
        except OSError:
            kept = None
        if kept is not None:
            data = kept[_CHECKSUM:]
            if len(kept) >= _CHECKSUM and self._intact(data, int.from_bytes(kept[:_CHECKSUM], "big")):
                touch(path)
                return data
            self._drop(path)
        data = produce()
        self._store(path, zlib.crc32(data).to_bytes(_CHECKSUM, "big") + data)
        return data


#: Bytes of the CRC-32 that starts every memo entry.
_CHECKSUM = 4
