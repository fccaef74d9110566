"""The renderer reads only content, template and font files: no file:// elsewhere, no network."""

from __future__ import annotations

import shutil
import socket
import threading
from pathlib import Path

import pytest
import yaml

from cardgen.errors import BuildError
from cardgen.render.build import BuildOptions, build
from cardgen.render.faces.fetcher import RestrictedFetcher
from cardgen.render.fonts.stack import font_files
from cardgen.render.faces.renderer import FaceRenderer

from .placeholder_faces import face


class Listener:
    """A TCP port that counts connection attempts (nothing should ever connect)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(5)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self.stop = True
        self.thread.join()
        self.sock.close()


@pytest.fixture
def listener():
    server = Listener()
    yield server
    server.close()


@pytest.fixture(scope="module")
def content_root() -> Path:
    from cardgen.model import DEFAULT_CONTENT

    return Path(DEFAULT_CONTENT).resolve()


def test_fetcher_allows_only_roots_fonts_and_data(content_root, tmp_path):
    fetcher = RestrictedFetcher([content_root], font_files())
    assert fetcher.allows((content_root / "game.yaml").as_uri())
    assert fetcher.allows(Path(font_files()[0]).as_uri())
    assert fetcher.allows("data:text/plain,hi") is True
    for url in ("file:///etc/passwd", "http://127.0.0.1:9/x.png", "https://example.com/a.css",
                (content_root / ".." / ".." / "pyproject.toml").as_uri(), "ftp://127.0.0.1/x",
                "file://otherhost/etc/passwd", (Path(font_files()[0]).parent / "nope.ttf").as_uri()):
        assert fetcher.allows(url) is False, url
    root = tmp_path / "pack"
    root.mkdir()
    (root / "secret.png").symlink_to("/etc/passwd")  # a link inside a root that leads out of it
    (root / "card.png").write_bytes(b"png")
    fenced = RestrictedFetcher([root], [])
    assert fenced.allows((root / "secret.png").as_uri()) is False
    assert fenced.allows((root / "card.png").as_uri()) == (root / "card.png").resolve()


def test_a_face_that_tries_file_and_network_fails_the_build_and_fetches_nothing(listener, content_root):
    body = (
        '<img src="file:///etc/passwd">'
        f'<img src="http://127.0.0.1:{listener.port}/x.png">'
        f'<div style="background: url(http://127.0.0.1:{listener.port}/bg.png); height: 5mm"></div>'
        f'<style>@import url("http://127.0.0.1:{listener.port}/x.css"); '
        'p { background: url("file:///etc/hostname") }</style><p>text</p>'
    )
    evil = face("ticket", "ticket-evil", "evil", raw_body=body)
    renderer = FaceRenderer(roots=[content_root], fonts=font_files())
    with pytest.raises(BuildError) as caught:
        renderer.render(evil)
    message = str(caught.value)
    assert "ticket evil (ticket-evil)" in message
    assert "file:///etc/passwd" in message and f"127.0.0.1:{listener.port}/x.png" in message
    assert f"127.0.0.1:{listener.port}/bg.png" in message and "file:///etc/hostname" in message
    assert listener.connections == 0


def test_card_text_with_markup_is_printed_as_text_and_fetches_nothing(listener, tmp_path, face_cache_dir):
    """Content that tries to inject markup: escaped by the templates, so nothing is fetched at all."""
    from cardgen.model import DEFAULT_CONTENT

    folder = tmp_path / "evil-pack"
    shutil.copytree(DEFAULT_CONTENT, folder)
    dispatch = yaml.safe_load((folder / "dispatch.yaml").read_text(encoding="utf-8"))
    payload = (f'<img src="file:///etc/passwd"><img src="http://127.0.0.1:{listener.port}/x.png">'
               f'<span style="background:url(http://127.0.0.1:{listener.port}/y.png)">x</span>')
    dispatch["kinds"][0]["text"]["en"] = payload
    (folder / "dispatch.yaml").write_text(yaml.safe_dump(dispatch, allow_unicode=True), encoding="utf-8")
    out = tmp_path / "out" / "rail-journey"
    try:
        build(folder, BuildOptions(lang="en", only=("dispatch",)), out=out, cache_dir=face_cache_dir)
    except BuildError as exc:  # the literal text may not fit its box: that is a layout error, not a fetch
        assert "refused to fetch" not in str(exc)
    else:
        from .pdfcheck import page_text

        assert "<img" in " ".join(page_text(out / "dispatch.pdf", 0).split())
    assert listener.connections == 0
