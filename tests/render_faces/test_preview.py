"""The offline preview page: every face shown in a real headless Chromium, fonts loaded, no errors."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from cardgen.errors import BuildError
from cardgen.games.rail_journey.printing import preview_page
from cardgen.render.fonts.stack import font_files
from tests.chromium import QUIET_FLAGS, chromium

CHROMIUM_FLAGS = [
    *QUIET_FLAGS, "--enable-logging=stderr", "--v=0",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # any network request would fail, visibly
    "--virtual-time-budget=15000", "--dump-dom",
]


def test_preview_lists_every_face_with_copies_and_no_network(content, faces_zh):
    html = preview_page(content, faces_zh, lang="zh")
    assert '<html lang="zh-Hans">' in html
    assert not re.search(r"(src|href)=\"https?:", html) and "url(\"http" not in html
    for face in faces_zh:
        assert f'data-face-id="{face.id}" data-copies="{face.copies}"' in html


def test_preview_refuses_faces_without_a_body(content, faces_zh):
    from dataclasses import replace

    with pytest.raises(BuildError, match="ticket-S1-S2"):
        preview_page(content, [replace(faces_zh[0], body="")], lang="zh")


def test_preview_in_headless_chromium(content, faces_en, tmp_path):
    browser = chromium()
    (tmp_path / "fonts").mkdir()
    for path in font_files():
        shutil.copy(path, tmp_path / "fonts" / path.name)
    page = tmp_path / "index.html"
    page.write_text(preview_page(content, faces_en, lang="en"), encoding="utf-8")
    run = subprocess.run(
        [browser, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", page.as_uri()],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    body = re.search(r"<body([^>]*)>", run.stdout)
    assert body, run.stdout[:500]
    attrs = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', body[1]))
    assert attrs.get("ready") == "1", "the page's load check never finished"
    assert attrs["fonts-failed"] == ""
    assert attrs["empty-tiles"] == ""
    assert int(attrs["tiles"]) == len(faces_en)
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line]
    assert console == []
    for face in faces_en:
        assert f'data-face-id="{face.id}"' in run.stdout
