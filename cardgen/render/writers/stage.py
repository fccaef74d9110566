"""The staging folder every writer writes into, and the worker threads that make its images."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.render.cache import Memo
from cardgen.render.writers.manifest import Manifest

#: Most worker threads a build encodes images on: each holds one image (a 300 dpi board is about 50 MB).
MAX_IMAGE_THREADS = 4


@dataclass
class Stage:
    """The staging folder a build writes into, its manifest, the cache memo and the progress callback.

    Images are made on ``workers`` while the build goes on: Pillow lets go of
    the GIL while it filters and deflates a PNG (most of what an image costs)
    and pdfium while it renders, so the PNGs and TTS sheets of a build are
    encoded on every core while the sheet PDFs are imposed. Their files are
    written, in the order they were asked for, by :meth:`flush`.
    """

    folder: Path
    manifest: Manifest
    memo: Memo
    tick: Callable[[int, str], None]
    #: runs :meth:`later`'s jobs; None runs each at once, on the calling thread
    workers: Executor | None = None
    #: CPU seconds the worker threads spent, by what they made
    worker_cpu: dict[str, float] = field(default_factory=dict)
    _pending: list[tuple[str, Future[bytes], str | None]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def write(self, relative: str, data: bytes) -> None:
        """Write ``data`` at ``relative`` and list it in the manifest."""
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.manifest.files.append(relative)

    def later(self, what: str, produce: Callable[[], bytes]) -> Future[bytes]:
        """``produce()`` on a worker thread (its CPU time counted under ``what``), or at once without workers."""

        def job() -> bytes:
            started = time.thread_time()
            try:
                return produce()
            finally:
                spent = time.thread_time() - started
                with self._lock:
                    self.worker_cpu[what] = self.worker_cpu.get(what, 0.0) + spent

        if self.workers is not None:
            return self.workers.submit(job)
        future: Future[bytes] = Future()
        future.set_result(job())
        return future

    def write_later(self, relative: str, data: Future[bytes] | bytes, tick: str | None = None) -> None:
        """Write ``data`` at ``relative`` when :meth:`flush` comes, after what was asked before it;
        then report ``tick`` as a progress step."""
        if isinstance(data, bytes):
            done: Future[bytes] = Future()
            done.set_result(data)
            data = done
        self._pending.append((relative, data, tick))

    def flush(self) -> None:
        """Wait for every file asked of :meth:`write_later` and write them in order (a job's error is raised here)."""
        pending, self._pending = self._pending, []
        for relative, future, tick in pending:
            self.write(relative, future.result())
            if tick is not None:
                self.tick(1, tick)


def image_threads() -> int:
    """Worker threads for images: one per core this process may use, at most MAX_IMAGE_THREADS."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(MAX_IMAGE_THREADS, cores))


@contextmanager
def worker_threads() -> Iterator[Executor]:
    """The build's image workers; on an error, the jobs not started are dropped and the running ones
    finish before the error goes on (so nothing runs once the staging folder is gone)."""
    pool = ThreadPoolExecutor(max_workers=image_threads(), thread_name_prefix="cardgen-images")
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
