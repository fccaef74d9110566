"""The staging folder every writer writes into, and the worker threads that make its images."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.render.cache.store import Memo
from cardgen.render.writers.manifest import Manifest

#: What the build's worker threads make, one thread each (each holding one image at a time): the face PNGs,
#: the longest image work (about 1 s CPU of a cold ``--export png,tts`` build, 2026-12). The TTS sheets (0.7 s)
#: are made by the build's own thread once it has imposed the sheet PDFs (0.5 s). Measured (when PNGs took
#: 3.5 s and the TTS sheets 2.6 s) with
#: the TTS sheets on a second worker too, on 2 cores: a cold build 0.3 s slower (7.1-7.4 s against
#: 6.8-7.0 s) and 15 MB more at its peak, a one-card rebuild 0.08 s faster (median of 10 each, alternated).
IMAGE_LANES = ("PNG faces",)


@dataclass
class Stage:
    """The staging folder a build writes into, its manifest, the cache memo and the progress callback.

    Images may be made on ``workers`` while the build goes on: Pillow lets go
    of the GIL while it filters and deflates a PNG (most of what an image
    costs) and pdfium while it renders, so the face PNGs are encoded on
    another core while the sheet PDFs and TTS sheets are made. Files asked of
    :meth:`write_later` are written in the order they were asked for, by
    :meth:`flush`.
    """

    folder: Path
    manifest: Manifest
    memo: Memo
    tick: Callable[[int, str], None]
    #: run :meth:`later`'s jobs by what they make (IMAGE_LANES); what has no worker runs at once, on the calling thread
    workers: Mapping[str, Executor] | None = None
    #: CPU seconds the worker threads themselves spent, by what they made (not libvips's own threads, which
    #: encode the face PNGs: benchmarks/bench_build.py measures an export by the whole process's CPU)
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
        """``produce()`` on the worker for ``what``, or at once if there is none; its CPU time is counted under ``what``."""

        def job() -> bytes:
            started = time.thread_time()
            try:
                return produce()
            finally:
                spent = time.thread_time() - started
                with self._lock:
                    self.worker_cpu[what] = self.worker_cpu.get(what, 0.0) + spent

        if self.workers is not None and what in self.workers:
            return self.workers[what].submit(job)
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


@contextmanager
def worker_threads(lanes: Sequence[str] = IMAGE_LANES) -> Iterator[dict[str, Executor]]:
    """One worker thread per lane; on an error, the jobs not started are dropped and the running ones
    finish before the error goes on (so nothing runs once the staging folder is gone)."""
    pools = {lane: ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardgen-images")
             for lane in lanes}
    try:
        yield dict(pools)
    except BaseException:
        for pool in pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        for pool in pools.values():
            pool.shutdown(wait=True)
        raise
    for pool in pools.values():
        pool.shutdown(wait=True)
