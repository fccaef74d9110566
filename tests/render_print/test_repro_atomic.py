"""Same inputs give the same bytes; a failed build leaves the previous output untouched."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
import yaml

from cardgen.errors import BuildError
from cardgen.model import DEFAULT_CONTENT
from cardgen.render.sheets import impose
from cardgen.render.build import BuildOptions, build

SMALL = BuildOptions(only=("dispatch", "train_token"), exports=("png", "tts"))


def snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_cold_builds_are_byte_identical(tmp_path):
    first = tmp_path / "a" / "rail-journey"
    second = tmp_path / "b" / "rail-journey"
    build(None, SMALL, out=first, cache_dir=tmp_path / "cache-a")
    build(None, SMALL, out=second, cache_dir=tmp_path / "cache-b")
    one, two = snapshot(first), snapshot(second)
    assert any(name.endswith(".pdf") for name in one) and any(name.endswith(".png") for name in one)
    assert one == two


def test_a_cached_rebuild_gives_the_same_bytes(tmp_path, face_cache_dir):
    out = tmp_path / "rail-journey"
    build(None, SMALL, out=out, cache_dir=tmp_path / "cache")
    cold = snapshot(out)
    report = build(None, SMALL, out=out, cache_dir=tmp_path / "cache")
    assert report.rendered == []  # every face came from the cache
    assert snapshot(out) == cold


@pytest.fixture
def previous_output(tmp_path, face_cache_dir) -> Path:
    out = tmp_path / "out" / "rail-journey"
    build(None, SMALL, out=out, cache_dir=face_cache_dir)
    return out


def test_overflowing_text_fails_naming_the_card_and_leaves_the_output(previous_output, tmp_path, face_cache_dir):
    before = snapshot(previous_output)
    folder = tmp_path / "pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    dispatch = yaml.safe_load((folder / "dispatch.yaml").read_text(encoding="utf-8"))
    dispatch["kinds"][0]["name"]["zh"] = "超长的名字" * 12
    (folder / "dispatch.yaml").write_text(yaml.safe_dump(dispatch, allow_unicode=True), encoding="utf-8")
    with pytest.raises(BuildError) as caught:
        build(folder, SMALL, out=previous_output, cache_dir=face_cache_dir)
    kind_id = dispatch["kinds"][0]["id"]
    assert f"dispatch-{kind_id}" in str(caught.value) and "overflow" in str(caught.value)
    assert snapshot(previous_output) == before
    assert [p.name for p in previous_output.parent.iterdir()] == ["rail-journey"]  # no staging left behind


def _crash_on(module, name: str, call: int, message: str, monkeypatch) -> None:
    """Make ``module.name`` raise ``RuntimeError(message)`` on its ``call``-th call."""
    real = getattr(module, name)
    calls = []

    def crashing(*args, **kwargs):
        calls.append(1)
        if len(calls) == call:
            raise RuntimeError(message)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, crashing)


@pytest.mark.parametrize("where", ["imposing a sheet", "in an image worker"])
def test_a_crash_midway_leaves_the_output_and_no_worker_running(previous_output, monkeypatch, tmp_path, where):
    import threading

    from cardgen.render.writers import pngs

    before = snapshot(previous_output)
    if where == "imposing a sheet":
        _crash_on(impose, "assemble", 2, "disk on fire", monkeypatch)
    else:
        _crash_on(pngs, "face_png", 3, "disk on fire", monkeypatch)
    with pytest.raises(RuntimeError, match="disk on fire"):
        build(None, SMALL, out=previous_output, cache_dir=tmp_path / "fresh-cache")
    assert snapshot(previous_output) == before
    assert [p.name for p in previous_output.parent.iterdir()] == ["rail-journey"]
    assert not [t for t in threading.enumerate() if t.name.startswith("cardgen-images")]
