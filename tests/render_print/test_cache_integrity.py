"""Issue 27: the build cache does not trust its own files. A damaged entry is dropped with a note and made again;
the output is the same as from an intact cache."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from cardgen.render.build import BuildOptions, build
from cardgen.render.cache import cachedir
from tests.untrusted.conftest import cli

SMALL = BuildOptions(only=("train_token",), exports=("png",))


def snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def warm(tmp_path) -> tuple[Path, Path, dict[str, str]]:
    """A cache one build filled, and that build's output."""
    cache, out = tmp_path / "xdg" / "cardgen", tmp_path / "first"  # where `cardgen build` looks, with XDG_CACHE_HOME
    build(None, SMALL, out=out, cache_dir=cache)
    return cache, out, snapshot(out)


def entries(cache: Path, pattern: str) -> list[Path]:
    return sorted(p for p in cache.glob(pattern) if p.is_file())


def rebuild(cache: Path, tmp_path: Path, monkeypatch) -> tuple[object, Path]:
    """``cardgen build`` with ``cache`` as the default cache; its result and its output folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache.parent))
    out = tmp_path / "again"
    return cli("build", "--only", "train_token", "--export", "png", "--out", out), out


def test_a_corrupt_face_pdf_is_laid_out_again(warm, tmp_path, monkeypatch):
    """A face PDF damaged in the cache gave a pikepdf traceback."""
    cache, _, first = warm
    face = entries(cache, "??/*.pdf")[0]
    face.write_bytes(b"%PDF-1.7\nnot a pdf at all")
    result, out = rebuild(cache, tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    relative = face.relative_to(cache).as_posix()
    assert f"note: 1 damaged cache entries ({relative}) were deleted and made again" in result.output
    assert "(1 laid out, " in result.output
    assert snapshot(out) == first


@pytest.mark.parametrize("namespace", ["kind-sheets", "png"])
def test_an_empty_or_corrupt_memo_is_made_again(warm, tmp_path, monkeypatch, namespace):
    """An empty sheet memo gave a traceback; corrupt PNG memos were copied into the output, exit 0."""
    cache, _, first = warm
    damaged = entries(cache, f"{namespace}/??/*")
    for path in damaged:
        path.write_bytes(b"" if namespace == "kind-sheets" else b"\x89PNG garbage")
    result, out = rebuild(cache, tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert f"note: {len(damaged)} damaged cache entries ({namespace}/" in result.output
    assert snapshot(out) == first
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in out.rglob("*.png"))


def test_an_intact_cache_gives_no_note(warm, tmp_path, monkeypatch):
    cache, _, first = warm
    result, out = rebuild(cache, tmp_path, monkeypatch)
    assert result.exit_code == 0 and "note:" not in result.output
    assert snapshot(out) == first


def test_every_file_the_build_wrote_into_the_cache_is_recorded(warm):
    cache, _, _ = warm
    held = cachedir.usage(cache)
    assert held.foreign == 0 and held.files > 0


def test_a_damaged_font_instance_is_made_again(warm, tmp_path, monkeypatch):
    """A font instance cut in half was used as it was: the build printed from a broken font, exit 0, no word."""
    cache, _, first = warm
    font = sorted((cache / "fonts").glob("NotoSansSC-wght400-*.ttf"))[0]
    font.write_bytes(font.read_bytes()[: font.stat().st_size // 2])
    monkeypatch.setattr("cardgen.render.fonts.instances._CHECKED", set(), raising=False)  # as a new process would
    result, out = rebuild(cache, tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert f"note: 1 damaged cache entries (fonts/{font.name}) were deleted and made again" in result.output
    assert snapshot(out) == first
