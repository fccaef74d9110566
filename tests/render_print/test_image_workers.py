"""Images are made on worker threads: files still come in the order asked, errors still stop the build,
and pdfium (one call at a time per process) renders the same pixels from any thread."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardgen.render.images.raster import face_cell_pixels, face_png
from cardgen.render.writers.manifest import Manifest
from cardgen.render.images.memory import give_freed_memory_back
from cardgen.render.writers.stage import IMAGE_LANES, Stage, worker_threads


def stage_in(folder, workers=None) -> tuple[Stage, list[str]]:
    ticks: list[str] = []
    stage = Stage(folder, Manifest("g", {}), lambda namespace, material, produce: produce(),
                  lambda n, label: ticks.append(label), workers)
    return stage, ticks


def test_files_asked_later_are_written_in_the_order_asked_whatever_finishes_first(tmp_path):
    slow_started = threading.Event()
    release = threading.Event()

    def slow() -> bytes:
        slow_started.set()
        assert release.wait(10)
        return b"slow"

    with worker_threads(["test"]) as workers:
        stage, ticks = stage_in(tmp_path, workers)
        stage.write_later("a.bin", stage.later("test", slow), tick="a")
        stage.write_later("b.bin", stage.later("test", lambda: b"fast"), tick="b")
        stage.write_later("c.json", b"now")
        assert slow_started.wait(10)
        assert not (tmp_path / "a.bin").exists()  # nothing is written before flush
        release.set()
        stage.flush()
    assert [(p, (tmp_path / p).read_bytes()) for p in stage.manifest.files] == [
        ("a.bin", b"slow"), ("b.bin", b"fast"), ("c.json", b"now")]
    assert ticks == ["a", "b"]
    assert set(stage.worker_cpu) == {"test"}


def test_a_jobs_error_is_raised_by_flush_and_nothing_after_it_is_written(tmp_path):
    def broken() -> bytes:
        raise ValueError("bad pixels")

    with worker_threads(["test"]) as workers:
        stage, _ = stage_in(tmp_path, workers)
        stage.write_later("a.bin", stage.later("test", lambda: b"a"))
        stage.write_later("b.bin", stage.later("test", broken))
        stage.write_later("c.bin", stage.later("test", lambda: b"c"))
        with pytest.raises(ValueError, match="bad pixels"):
            stage.flush()
    assert stage.manifest.files == ["a.bin"]


@pytest.mark.parametrize("lanes", [None, ["other"]])
def test_a_job_without_a_worker_runs_at_once_on_the_calling_thread(tmp_path, lanes):
    with worker_threads(lanes or []) as workers:
        stage, _ = stage_in(tmp_path, workers if lanes else None)
        where = []
        future = stage.later("test", lambda: where.append(threading.current_thread()) or b"x")
        assert future.done() and future.result() == b"x" and where == [threading.current_thread()]


def test_a_job_with_a_worker_runs_on_it(tmp_path):
    with worker_threads(["test"]) as workers:
        stage, _ = stage_in(tmp_path, workers)
        assert stage.later("test", lambda: threading.current_thread().name.encode()).result().startswith(
            b"cardgen-images")


def test_an_error_inside_the_workers_block_drops_the_jobs_not_started():
    started, ran = threading.Event(), []
    release = threading.Event()
    with pytest.raises(KeyboardInterrupt):
        with worker_threads(["test"]) as workers:
            workers["test"].submit(lambda: (started.set(), release.wait(10)))
            queued = workers["test"].submit(lambda: ran.append(1))
            assert started.wait(10)
            release.set()
            raise KeyboardInterrupt
    assert queued.cancelled() or ran  # cancelled unless a worker took it before the interrupt
    assert not [t for t in threading.enumerate() if t.name.startswith("cardgen-images")]


def test_a_build_makes_its_face_pngs_on_a_worker_and_counts_their_cpu(monkeypatch, tmp_path):
    from cardgen.render.build import BuildOptions, build
    from cardgen.render.writers import pngs

    real, threads = pngs.face_png, set()

    def recording(*args, **kwargs):
        threads.add(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(pngs, "face_png", recording)
    report = build(None, BuildOptions(only=("train_token",), exports=("png",)), out=tmp_path / "out", cache_dir=tmp_path / "cache")
    assert threads and all(name.startswith("cardgen-images") for name in threads)
    assert set(IMAGE_LANES) <= set(report.stages) and report.stages["PNG faces"] > 0


def test_giving_freed_memory_back_is_harmless():
    give_freed_memory_back()


def test_faces_rendered_on_many_threads_at_once_have_the_pixels_of_one_at_a_time(full_build):
    out, _ = full_build
    pdfs = [(out / name).read_bytes() for name in ("dispatch.pdf", "event.pdf")]
    jobs = [(pdf, page) for pdf in pdfs for page in range(3)] * 3
    alone = [face_png(pdf, page, 72) for pdf, page in jobs]
    cells = [face_cell_pixels(pdf, page, (60, 84)) for pdf, page in jobs]
    with ThreadPoolExecutor(max_workers=6) as pool:
        together = list(pool.map(lambda job: face_png(job[0], job[1], 72), jobs))
        cells_together = list(pool.map(lambda job: face_cell_pixels(job[0], job[1], (60, 84)), jobs))
    assert together == alone and cells_together == cells


def test_face_pngs_from_the_batch_document_are_the_bytes_of_those_from_each_faces_own_pdf(monkeypatch, tmp_path):
    """A cold build renders its PNGs from the one document each batch of faces was written as (keeping it open);
    a build whose faces come from the cache renders them from each face's own PDF: the same bytes."""
    from cardgen.render.build import BuildOptions, build
    from cardgen.render.images import raster
    from cardgen.render.writers import pngs

    kept, real = [], pngs.face_png

    def recording(pdf, index=0, dpi=raster.PNG_DPI, keep=False):
        kept.append(keep)
        return real(pdf, index, dpi, keep)

    monkeypatch.setattr(pngs, "face_png", recording)
    kinds = ("dispatch", "station_mat", "track_map")
    build(None, BuildOptions(only=kinds, exports=("png",)), out=tmp_path / "batch", cache_dir=tmp_path / "cold")
    assert kept and all(kept) and raster._kept is None  # every face from its batch, the document closed after
    kept.clear()
    build(None, BuildOptions(only=kinds), out=tmp_path / "faces-only", cache_dir=tmp_path / "warm")
    build(None, BuildOptions(only=kinds, exports=("png",)), out=tmp_path / "own", cache_dir=tmp_path / "warm")
    assert kept and not any(kept)  # every face from its own (cached) PDF
    batch, own = sorted((tmp_path / "batch" / "png").iterdir()), sorted((tmp_path / "own" / "png").iterdir())
    assert [p.name for p in batch] == [p.name for p in own] and len(batch) > 10
    assert [p.read_bytes() for p in batch] == [p.read_bytes() for p in own]


def test_a_kept_document_serves_only_the_bytes_it_was_opened_from(full_build):
    """Two documents asked for in turn, each kept: each page comes from its own document, never the other."""
    from cardgen.render.images.raster import closing_kept_document

    out, _ = full_build
    dispatch, event = (out / "dispatch.pdf").read_bytes(), (out / "event.pdf").read_bytes()
    alone = [face_png(pdf, 0, 72) for pdf in (dispatch, event, dispatch)]
    with closing_kept_document():
        kept = [face_png(pdf, 0, 72, keep=True) for pdf in (dispatch, event, dispatch)]
    assert kept == alone and alone[0] != alone[1]
