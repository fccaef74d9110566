"""Work kept between outputs and between builds (in-process caches, the cache's subsets) changes no byte."""

from __future__ import annotations

import gc
import shutil
from dataclasses import replace
from pathlib import Path

from cardgen.render.cache.store import font_digest
from cardgen.render.pdf import fontmerge

from cardgen.render.fonts import stack as fonts

from cardgen.render.fonts import harfbuzz

from cardgen.render.faces import renderer as pdf

from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.build import build

from tests.render_print import placeholder_faces
from tests.render_print.test_repro_atomic import SMALL, snapshot

#: What the print pipeline keeps in-process: glyph scans, subsets, tags.
IN_PROCESS = (fontmerge._RUNS, fontmerge._program, font_digest, fontmerge._tag_of)
#: Cache namespaces of the output PDFs: without them every PDF is assembled again from the faces.
OUTPUT_PDFS = ("kind-sheets", "combined", "shop")


def _forget_in_process_work() -> None:
    for kept in IN_PROCESS:
        kept.clear() if isinstance(kept, dict) else kept.cache_clear()


def test_outputs_are_the_same_bytes_with_or_without_kept_work(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    _forget_in_process_work()
    build(None, SMALL, out=tmp_path / "a" / "rail-journey", cache_dir=cache)  # nothing kept yet
    first = snapshot(tmp_path / "a" / "rail-journey")
    assert list((cache / "font-subset").rglob("*")), "the subsets made were not kept"

    build(None, SMALL, out=tmp_path / "b" / "rail-journey", cache_dir=tmp_path / "cache-b")  # in-process work warm
    assert snapshot(tmp_path / "b" / "rail-journey") == first

    _forget_in_process_work()
    for namespace in OUTPUT_PDFS:
        shutil.rmtree(cache / namespace)

    def no_harfbuzz(*args, **kwargs):
        raise AssertionError("a subset was made again instead of being taken from the cache")

    monkeypatch.setattr(harfbuzz, "subset", no_harfbuzz)
    build(None, SMALL, out=tmp_path / "c" / "rail-journey", cache_dir=cache)  # subsets from the cache only
    assert snapshot(tmp_path / "c" / "rail-journey") == first


def test_a_kept_subset_is_keyed_by_the_glyphs_asked_for():
    kept: dict[str, list[bytes]] = {}

    def memo(namespace: str, material: bytes, produce):
        kept.setdefault(namespace, []).append(material)
        return produce()

    path = fonts.font_stack()[0].path
    with fontmerge.sources({"Card-Sans": path}, memo):
        fontmerge._program.cache_clear()
        one = fontmerge._program(path, frozenset({3, 4}))[0]
        two = fontmerge._program(path, frozenset({3, 5}))[0]
    assert one != two and len(kept["font-subset"]) == 2 and kept["font-subset"][0] != kept["font-subset"][1]
    assert one == harfbuzz.subset(path, {3, 4})


def test_forgetting_the_shared_parsing_removes_its_font_copies(tmp_path):
    """Renderers of a process share a font configuration; at exit it is let go, and with it the
    temporary folder where WeasyPrint copied the @font-face files (megabytes per process)."""
    symbols = fonts.font_stack()[1]
    css = f'@font-face {{ font-family: "{symbols.family}"; src: url("{symbols.path.resolve().as_uri()}"); }}'
    html = placeholder_faces.page_html(63.0, 88.0, 3.0, f'<p style="font-family: {symbols.family}">⌊x⌋</p>')
    face = replace(placeholder_faces.face("dispatch", "dispatch-x", "x"), html=html.replace("<style>", f"<style>{css}"))
    renderer = FaceRenderer(roots=[tmp_path], fonts=[symbols.path])
    renderer.render(face)
    copies = Path(renderer.font_config._folder)
    assert copies.is_dir() and any(copies.iterdir())
    del renderer
    gc.collect()
    assert copies.is_dir()  # still shared: the next renderer of the process uses it
    pdf._forget_parsing()  # what the interpreter runs at exit
    gc.collect()
    assert not copies.exists()
