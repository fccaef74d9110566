"""The preview server answers with the live page, its news and the output folder's files, and nothing else."""

from __future__ import annotations

import http.client
import json
import os
import threading

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.errors import BuildError, ContentError, Problem
from cardgen.render.serve.files import served_file
from cardgen.render.serve.http import PreviewServer, Site
from cardgen.render.serve.problems import error_message
from cardgen.render.serve_command import STOP_POLL


@pytest.fixture
def served(tmp_path):
    """A server on a free port of 127.0.0.1 serving ``tmp_path/out`` (a file, a folder), next to a secret."""
    out = tmp_path / "out"
    (out / "png").mkdir(parents=True)
    (out / "png" / "face.png").write_bytes(b"\x89PNG face")
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", out / "link.txt")
    site = Site()
    server = PreviewServer(("127.0.0.1", 0), site)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": STOP_POLL}, daemon=True).start()
    site.show(out, "<html><body><main>faces</main></body></html>", {"type": "faces", "ids": None})
    yield server, site
    server.stop()


def _get(server, path: str, host: str | None = None) -> tuple[int, bytes, str]:
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    connection.putrequest("GET", path, skip_host=host is not None)
    if host is not None:
        connection.putheader("Host", host)
    connection.endheaders()
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, body, answer.getheader("Content-Type", "")


def test_the_page_is_the_preview_with_the_live_script(served):
    server, _ = served
    status, body, kind = _get(server, "/")
    assert (status, kind) == (200, "text/html; charset=utf-8")
    assert body.startswith(b'<html><body><main>faces</main><script data-seen="1" data-events="/__cardgen/events">')
    assert _get(server, "/index.html")[1] == body


def test_a_file_of_the_output_folder_is_served(served):
    server, _ = served
    assert _get(server, "/png/face.png?v=3") == (200, b"\x89PNG face", "image/png")


@pytest.mark.parametrize("path", ["/png/", "/png", "/../secret.txt", "/%2e%2e/secret.txt", "/png/..%2f..%2fsecret.txt",
                                  "/link.txt", "/missing.pdf", "/png%5cface.png", "//etc/passwd"])
def test_nothing_outside_the_output_folder_nor_a_folder_listing(served, path):
    server, _ = served
    assert _get(server, path)[:2] == (404, b"not found\n")


def test_another_host_name_is_refused(served):
    """A page elsewhere whose name resolves to 127.0.0.1 must not read the preview (DNS rebinding)."""
    server, _ = served
    port = server.server_address[1]
    assert _get(server, "/", host=f"evil.example:{port}")[:2] == (403, b"forbidden: unknown host\n")
    assert _get(server, "/", host=f"localhost:{port}")[0] == 200


def test_served_file_refuses_a_link_out_of_the_folder(served, tmp_path):
    assert served_file(tmp_path / "out", "/link.txt") is None
    assert served_file(tmp_path / "out", "/png/face.png") == (tmp_path / "out" / "png" / "face.png").resolve()


def test_the_news_stream_sends_the_current_error_then_each_message(served):
    server, site = served
    site.publish({"type": "error", "problems": [], "more": 0})
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    connection.request("GET", "/__cardgen/events?seen=2")
    answer = connection.getresponse()
    assert answer.getheader("Content-Type") == "text/event-stream"
    assert answer.readline() == b'data: {"type": "error", "problems": [], "more": 0}\n'
    assert answer.readline() == b"\n"
    site.publish({"type": "faces", "ids": ["ticket-S1-S2"]})
    assert [answer.readline() for _ in range(3)] == [b"id: 3\n", b'data: {"type": "faces", "ids": ["ticket-S1-S2"]}\n',
                                                     b"\n"]
    connection.close()


def test_a_content_error_shows_each_place_with_its_line_and_caret():
    problem = Problem("dispatch.yaml", 2, 13, "kinds.0.copies", "expected a whole number, got text 'five'")
    message = error_message(ContentError([problem], {"dispatch.yaml": ["kinds:", "      copies: five"]}), [])
    assert message == {"type": "error", "more": 0, "problems": [{
        "where": "dispatch.yaml:2:13", "message": "kinds.0.copies: expected a whole number, got text 'five'",
        "source": "      copies: five", "caret": "            ^"}]}


def test_a_face_that_does_not_fit_shows_the_line_it_names(tmp_path):
    (tmp_path / "dispatch.yaml").write_text("kinds:\n  - name: {en: Passing Swap Passing Swap}\n", encoding="utf-8")
    error = BuildError("dispatch swap (dispatch-swap): dispatch.yaml:2:20: dispatch swap: text overflows its box "
                       "'name' by 2.0 mm at the right (face dispatch-swap): 'Passing Swap Passing Swap'")
    assert json.loads(json.dumps(error_message(error, [tmp_path]))) == {"type": "error", "more": 0, "problems": [{
        "where": "dispatch.yaml:2:20",
        "message": "dispatch swap (dispatch-swap): dispatch swap: text overflows its box 'name' by 2.0 mm at the "
                   "right (face dispatch-swap): 'Passing Swap Passing Swap'",
        "source": "  - name: {en: Passing Swap Passing Swap}", "caret": "                   ^"}]}


def test_a_port_in_use_or_out_of_range_is_one_line_and_nothing_served(served, tmp_path):
    server, _ = served
    busy = CliRunner().invoke(app, ["serve", "--port", str(server.port), "--out", str(tmp_path / "o")])
    assert (busy.exit_code, busy.output) == (1, f"cardgen serve: error: cannot serve on 127.0.0.1:{server.port} "
                                                "([Errno 98] Address already in use); choose another --port\n")
    wrong = CliRunner().invoke(app, ["serve", "--port", "70000", "--out", str(tmp_path / "o")])
    assert (wrong.exit_code, wrong.output) == (2, "cardgen serve: usage: --port 70000: choose a port from 0 to 65535\n")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("args, line", [
    (["--gutter", "99"], "cardgen serve: usage: --gutter 99: must be between 0 and 10 mm"),
    (["--bleed", "9"], "cardgen serve: usage: --bleed 9: must be between 0 and 5 mm"),
    (["--export", "pdf"], "cardgen serve: usage: --export pdf: choose from png, tts"),
])
def test_an_option_wrong_for_any_content_is_refused_before_anything_is_served(args, line, tmp_path):
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--out", str(tmp_path / "out"), *args])
    assert (result.exit_code, result.output) == (2, line + "\n")
    assert not (tmp_path / "out").exists()


def test_an_overflow_in_a_file_two_layers_hold_shows_its_place_without_a_line(tmp_path):
    """The message names dispatch.yaml without its folder: with a base's and a pack's, no line is guessed."""
    for layer in ("base", "pack"):
        (tmp_path / layer).mkdir()
        (tmp_path / layer / "dispatch.yaml").write_text(f"# {layer}\nkinds: []\n", encoding="utf-8")
    error = BuildError("dispatch swap (dispatch-swap): dispatch.yaml:2:3: dispatch swap: text overflows its box")
    assert error_message(error, [tmp_path / "base", tmp_path / "pack"])["problems"] == [{
        "where": "dispatch.yaml:2:3", "message": "dispatch swap (dispatch-swap): dispatch swap: text overflows its box",
        "source": "", "caret": ""}]
