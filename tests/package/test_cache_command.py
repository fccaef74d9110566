"""``cardgen cache info|clear`` and the cache's size bound: exact messages, only cardgen's files touched."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.render.cache import cachedir

runner = CliRunner()
DIGEST = "ab" + "0" * 62


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(cachedir.LIMIT_ENV, raising=False)
    return tmp_path / "cardgen"


def write(path: Path, size: int, mtime: float | None = None, cache: Path | None = None) -> Path:
    """A file of ``size`` bytes; with ``cache``, written as cardgen writes into that cache (recorded)."""
    if cache is not None:
        cachedir.write_atomically(path, b"x" * size, record=cache)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * size)
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def digest(n: int) -> str:
    return f"{n:02x}" + f"{n:062x}"


def fill(cache: Path) -> list[Path]:
    """A face entry, a memo entry, a font instance, a leftover temporary write: all cardgen's."""
    leftover = cache / "ab" / ".tmp-k2j3h4"
    cache.mkdir(parents=True, exist_ok=True)
    cachedir._append_record(cache, [leftover])  # a write cut short: recorded, then killed before its rename
    return [
        write(cache / DIGEST[:2] / f"{DIGEST}.pdf", 1_500_000, cache=cache),
        write(cache / DIGEST[:2] / f"{DIGEST}.deps.json", 500_000, cache=cache),
        write(cache / "png" / "cd" / digest(0xCD), 250_000, cache=cache),
        write(cache / "fonts" / "NotoEmoji-wght400-de6c18832938afc99caf-fonttools4.68.0-m2.ttf", 700_000, cache=cache),
        write(leftover, 50_000),
    ]


def test_info_shows_the_folder_the_size_and_the_bound(cache):
    fill(cache)
    result = runner.invoke(app, ["cache", "info"])
    assert result.exit_code == 0
    assert result.output == (f"cache: {cache}\n"
                             "  5 files, 3.0 MB (bound 1000.0 MB, set with CARDGEN_CACHE_MAX_MB)\n")


def test_info_on_a_cache_not_made_yet(cache):
    result = runner.invoke(app, ["cache", "info"])
    assert result.exit_code == 0
    assert result.output == f"cache: {cache}\n  0 files, 0.0 MB (bound 1000.0 MB, set with CARDGEN_CACHE_MAX_MB)\n"


def test_a_bad_bound_is_a_usage_error(cache, monkeypatch):
    monkeypatch.setenv(cachedir.LIMIT_ENV, "-5")
    result = runner.invoke(app, ["cache", "info"])
    assert result.exit_code == 2
    assert result.output == ("cardgen cache: usage: CARDGEN_CACHE_MAX_MB='-5': must be a whole number of megabytes, "
                             "0 or more\n")


def test_clear_deletes_only_what_cardgen_wrote(cache):
    fill(cache)
    mine = write(cache / "notes.txt", 10)
    odd = write(cache / "ab" / "ab12", 10)  # a short name in a shard folder: not a digest cardgen writes
    target = write(cache.parent / "elsewhere" / DIGEST, 10)
    (cache / "png" / "link").symlink_to(target)
    result = runner.invoke(app, ["cache", "clear"])
    assert result.exit_code == 0
    assert result.output == (f"removed 5 files (3.0 MB) from {cache}\n"
                             "kept 3 other files, not written by cardgen\n")
    left = sorted(str(p.relative_to(cache)) for p in cache.rglob("*"))
    assert left == ["ab", "ab/ab12", "notes.txt", "png", "png/link"]
    assert mine.read_bytes() == b"x" * 10 and odd.exists() and target.exists()


def test_clear_on_an_empty_cache(cache):
    result = runner.invoke(app, ["cache", "clear"])
    assert result.exit_code == 0
    assert result.output == f"removed 0 files (0.0 MB) from {cache}\n"


def test_prune_evicts_least_recently_used_entries_first_and_keeps_this_builds(cache):
    now = 2_000_000_000.0
    old_face = [write(cache / "11" / f"{digest(0x11)}.pdf", 400, now - 300, cache),
                write(cache / "11" / f"{digest(0x11)}.deps.json", 100, now - 300, cache)]
    used_recently = write(cache / "png" / "22" / digest(0x22), 500, now - 200, cache)
    font = write(cache / "fonts" / "NotoEmoji-wght400-de6c18832938afc99caf-fonttools4.68.0-m2.ttf", 500, now - 900,
                 cache)
    this_build = write(cache / "33" / digest(0x33), 500, now, cache)
    freed = cachedir.prune(cache, 1600, keep_since=now - 1)
    assert freed == 500
    assert not any(p.exists() for p in old_face) and not (cache / "11").exists()
    assert used_recently.exists() and font.exists() and this_build.exists()
    # Below the bound nothing goes; at bound 0 everything but this build's entries and the fonts goes.
    assert cachedir.prune(cache, 1500, keep_since=now - 1) == 0
    assert cachedir.prune(cache, 0, keep_since=now - 1) == 500
    assert not used_recently.exists() and font.exists() and this_build.exists()


def test_a_cache_hit_counts_as_a_use(cache):
    from cardgen.render.cache.store import FaceCache

    faces = FaceCache(cache)
    faces.put(DIGEST, b"%PDF", set())
    for path in (cache / "ab").iterdir():
        os.utime(path, (1_000_000_000, 1_000_000_000))
    assert faces.get(DIGEST) == b"%PDF"
    assert all(path.stat().st_mtime > 1_500_000_000 for path in (cache / "ab").iterdir())


def test_a_build_within_the_bound_only_updates_the_ledger_and_a_stale_ledger_is_recounted(cache):
    now = 2_000_000_000.0
    write(cache / "11" / digest(0x11), 400, now - 300, cache)
    assert cachedir.prune(cache, 1000, keep_since=now) == 0  # counted: 400 bytes, ledger written
    untold = write(cache / "22" / digest(0x22), 900, now - 200, cache)  # stored without telling the ledger
    assert cachedir.prune(cache, 1000, keep_since=now, added=100) == 0  # 400 + 100 is within: no count
    ledger = json.loads((cache / cachedir.LEDGER).read_text())
    assert ledger["bytes"] == 500
    ledger["counted"] -= cachedir.LEDGER_SECONDS + 1
    (cache / cachedir.LEDGER).write_text(json.dumps(ledger))
    assert cachedir.prune(cache, 1000, keep_since=now, added=0) == 400  # recounted: 1300 > 1000, oldest goes
    assert untold.exists() and not (cache / "11").exists()
    assert json.loads((cache / cachedir.LEDGER).read_text())["bytes"] == 900
    assert runner.invoke(app, ["cache", "clear"]).output == f"removed 1 files (0.0 MB) from {cache}\n"
    assert sorted(cache.iterdir()) == []


def test_clear_keeps_user_files_whose_names_look_like_entries(cache):
    """cache clear deleted notes/plan-<hex>-final.txt and .tmp-mine: a name is no proof cardgen wrote a file."""
    fill(cache)
    plan = write(cache / "notes" / f"plan-{'0' * 20}-final.txt", 10)
    tmp = write(cache / ".tmp-mine", 10)
    named_like_a_face = write(cache / "cd" / f"{digest(0xCD)}.pdf", 10)
    result = runner.invoke(app, ["cache", "clear"])
    assert result.output == (f"removed 5 files (3.0 MB) from {cache}\n"
                             "kept 3 other files, not written by cardgen\n")
    assert plan.exists() and tmp.exists() and named_like_a_face.exists()
    assert not (cache / cachedir.RECORD).exists()


def test_prune_compacts_the_record_to_what_is_left(cache):
    now = 2_000_000_000.0
    gone = write(cache / "11" / digest(0x11), 400, now - 300, cache)
    kept = write(cache / "22" / digest(0x22), 400, now, cache)
    assert cachedir.prune(cache, 500, keep_since=now - 1) == 400
    assert not gone.exists()
    assert cachedir.recorded(cache) == {kept.relative_to(cache).as_posix()}
