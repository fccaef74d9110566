"""Faces are written many to a PDF but kept one per face; the output bytes do not depend on the grouping."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pikepdf
import pytest

from cardgen.games.rail_journey.faces import design as faces_module
from cardgen.render.faces import fit
from cardgen.render.fonts import instances as font_instances
from cardgen.render.pdf import fontmerge
from cardgen.render.fonts import stack as fonts
from cardgen.render.sheets import impose
from cardgen.render.build import BuildOptions, build, merge_sources
from cardgen.render.faces.renderer import FaceRenderer
from cardgen.render.faces.templating import TEMPLATES_DIR

from .test_repro_atomic import snapshot

SMALL = BuildOptions(only=("dispatch", "event"), exports=("png",))
EDITED = "event-round-05"


def _renderer(content, cache_dir: Path) -> FaceRenderer:
    printed = font_instances.print_fonts(fonts.font_faces(), cache_dir / "fonts")
    return FaceRenderer(roots=[Path(content.folder), TEMPLATES_DIR], fonts=list(printed.values()),
                        substitutes={f.url: u for f, u in printed.items() if f.path != u},
                        check_layout=fit.check_layout, check_glyphs=fit.check_glyphs)


def _page(unit: bytes) -> tuple[dict, bytes]:
    """A face PDF's page (its boxes and the names of its resources) and its decoded content stream."""
    pdf = pikepdf.open(io.BytesIO(unit))
    assert len(pdf.pages) == 1
    page = pdf.pages[0]
    names = {str(category): sorted(entries.keys()) for category, entries in page.Resources.items()}
    boxes = {key: [float(v) for v in page.obj[key]] for key in ("/MediaBox", "/TrimBox", "/BleedBox") if key in page.obj}
    return {"resources": names, "boxes": boxes}, page.Contents.read_bytes()


def test_a_face_draws_the_same_alone_or_with_others(content, face_cache_dir):
    """The page (names of its groups, patterns, fonts; every operator) is byte-identical either way,
    and so is the face's PDF once its fonts are merged as every output PDF's are."""
    faces = faces_module.build_faces(content)
    by_kind: dict[str, list] = {}
    for face in faces:
        by_kind.setdefault(face.kind, []).append(face)
    # Faces that draw groups, patterns and soft masks (backs, dispatch), several kinds, boards with
    # their own stylesheet, and the symbol font only some faces use.
    chosen = [by_kind["event"][3], by_kind["card_back"][0], by_kind["ticket"][7], by_kind["card_back"][-1],
              by_kind["operation"][4], by_kind["dispatch"][0], by_kind["ticket"][0], by_kind["train_token"][0],
              by_kind["train_token"][1], by_kind["quick_reference"][0]]
    renderer = _renderer(content, face_cache_dir)
    together = renderer.render_batch(chosen)
    with fontmerge.sources(merge_sources(renderer)):
        for face, pdf in zip(chosen, together):
            alone = _renderer(content, face_cache_dir).render_batch([face])[0]
            assert _page(alone.pdf) == _page(pdf.pdf), face.id
            assert impose.concatenate([alone.pdf]) == impose.concatenate([pdf.pdf]), face.id


def test_faces_of_a_kind_are_laid_out_as_one_document(content, face_cache_dir, monkeypatch):
    """Laying faces out one by one is the fallback for a shared document with a problem (a third slower):
    faces without one never take it (a WeasyPrint warning about the wrappers once made every face do so)."""
    events = [f for f in faces_module.build_faces(content) if f.kind == "event"][:4]

    def alone(*args):
        raise AssertionError("a face was laid out alone")

    monkeypatch.setattr(FaceRenderer, "_layout", alone)
    assert len(_renderer(content, face_cache_dir).render_batch(events)) == 4


def test_a_face_keeps_no_link_of_the_layout_check(content, face_cache_dir):
    """The renderer wraps each face in a link so that the layout check finds its boxes; a printed face
    carries no link annotation, nor any named destination."""
    face = faces_module.build_faces(content)[0]
    unit = pikepdf.open(io.BytesIO(_renderer(content, face_cache_dir).render_batch([face])[0].pdf))
    assert "/Annots" not in unit.pages[0].obj
    assert "/Names" not in unit.Root and "/Dests" not in unit.Root


def _edit_one_face(monkeypatch) -> None:
    real = faces_module.build_faces

    def edited(*args, **kwargs):
        faces = real(*args, **kwargs)
        index = next(i for i, f in enumerate(faces) if f.id == EDITED)
        face = faces[index]
        mark = '<div style="position: absolute; left: 10mm; top: 10mm; width: 5mm; height: 5mm; background: red"></div>'
        faces[index] = dataclasses.replace(face, html=face.html.replace("</body>", mark + "</body>"))
        return faces

    monkeypatch.setattr(faces_module, "build_faces", edited)


def test_output_bytes_do_not_depend_on_what_the_cache_held(tmp_path, monkeypatch):
    """Cold, warm, and partly warm builds (one face edited, then reverted) write the same files."""
    out = tmp_path / "out" / "rail-journey"
    build(None, SMALL, out=out, cache_dir=tmp_path / "cache")
    cold = snapshot(out)
    assert build(None, SMALL, out=out, cache_dir=tmp_path / "cache").rendered == []
    assert snapshot(out) == cold

    with monkeypatch.context() as patch:
        _edit_one_face(patch)
        partly_warm = build(None, SMALL, out=out, cache_dir=tmp_path / "cache")
        assert partly_warm.rendered == [EDITED]  # only the edited face is laid out again
        edited_warm = snapshot(out)
        edited_cold_out = tmp_path / "edited-cold" / "rail-journey"
        build(None, SMALL, out=edited_cold_out, cache_dir=tmp_path / "fresh-cache")
        assert snapshot(edited_cold_out) == edited_warm  # the same bytes as if nothing had been cached
    changed = {name for name in cold if cold[name] != edited_warm.get(name)}
    assert "event.pdf" in changed and f"png/{EDITED}.png" in changed and "dispatch.pdf" not in changed

    reverted = build(None, SMALL, out=out, cache_dir=tmp_path / "cache")
    assert reverted.rendered == []
    assert snapshot(out) == cold


@pytest.mark.parametrize("which", ["content", "page count"])
def test_a_problem_in_a_shared_document_is_still_named_by_its_face(content, tmp_path, which):
    """Faces laid out together fall back to one by one when something is wrong, so the error names the face."""
    from cardgen.errors import BuildError

    faces = [f for f in faces_module.build_faces(content) if f.kind == "event"][:4]
    bad = faces[2]
    if which == "content":
        html = bad.html.replace("</body>", '<img src="file:///etc/passwd"></body>')
    else:
        html = bad.html.replace("</body>", '<div>x</div><div style="break-before: page">y</div></body>')
    faces[2] = dataclasses.replace(bad, html=html)
    with pytest.raises(BuildError, match=re.escape(bad.id)) as caught:
        _renderer(content, tmp_path).render_batch(faces)
    assert not any(f.id in str(caught.value) for f in faces if f.id != bad.id)


def test_faces_written_one_by_one_give_the_same_files(tmp_path, monkeypatch):
    """The grouping of a cold build (all faces in one PDF, or one PDF each) changes no output byte."""
    together = tmp_path / "together" / "rail-journey"
    build(None, SMALL, out=together, cache_dir=tmp_path / "cache-together")
    real = FaceRenderer.render_batch

    def one_by_one(self, faces, done=None):
        return [real(self, [face], done)[0] for face in faces]

    monkeypatch.setattr(FaceRenderer, "render_batch", one_by_one)
    alone = tmp_path / "alone" / "rail-journey"
    build(None, SMALL, out=alone, cache_dir=tmp_path / "cache-alone")
    assert snapshot(alone) == snapshot(together)
