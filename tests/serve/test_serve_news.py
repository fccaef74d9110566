"""``cardgen serve``'s news, read as the page reads them: on a pack, an edit to the base game names the pack's
changed face, a broken base value is an error naming the base file's line, mending it clears the error; a set
broken from the start is served as a placeholder with its error."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import urllib.request

from cardgen.model import DEFAULT_CONTENT
from tests.content_copy import copy_with, edit
from tests.serve.serving import serving


class News:
    """The page's news stream of a running ``cardgen serve``, read message by message."""

    def __init__(self, url: str) -> None:
        host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()
        self.connection = http.client.HTTPConnection(host, int(port), timeout=120)
        self.connection.request("GET", "/__cardgen/events?seen=1")
        self.answer = self.connection.getresponse()

    def next(self, kind: str) -> dict:
        """The next message of type ``kind`` (those of other types are passed over)."""
        while True:
            line = self.answer.readline().decode("utf-8")
            assert line, "the news stream ended"
            if line.startswith("data: "):
                message = json.loads(line[len("data: "):])
                if message["type"] == kind:
                    return message


def test_an_edit_to_the_base_game_reaches_the_served_pack(tmp_path):
    game, pack = tmp_path / "mygame", tmp_path / "mypack"
    shutil.copytree(DEFAULT_CONTENT, game)
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: mypack\nname: {zh: 包, en: Pack}\nversion: 1\nbase: ../mygame\nmark: P\n",
                                    encoding="utf-8")
    (pack / "dispatch.yaml").write_text("kinds: {change: [{id: swap, name: {zh: 会让交换, en: Passing Trade}}]}\n",
                                        encoding="utf-8")
    with serving(pack, tmp_path / "out", "--only", "dispatch", "--lang", "en") as (url, lines):
        watching = next(line for line in lines.lines if line.startswith("watching"))
        assert str(game) in watching and str(pack) in watching
        news = News(url)

        edit(game / "dispatch.yaml", "en: After your move, swap cells", "en: Once you have moved, swap cells")
        assert news.next("faces") == {"type": "faces", "ids": ["dispatch-swap"]}
        assert news.next("ok") == {"type": "ok"}

        line = edit(game / "dispatch.yaml", "copies: 5", "copies: five", once=False)
        problem = news.next("error")["problems"][0]
        assert (problem["where"], problem["source"]) == (f"mygame/dispatch.yaml:{line}:13", "    copies: five")

        edit(game / "dispatch.yaml", "copies: five", "copies: 5", once=False)
        assert news.next("ok") == {"type": "ok"}
        news.connection.close()


def test_a_set_broken_from_the_start_is_served_as_its_error_until_mended(tmp_path):
    """No preview yet: the page is a placeholder that shows the error, and the first good build fills it."""
    content = tmp_path / "content"
    line = copy_with(content, "dispatch.yaml", "copies: 5\n    timing: after_movement", "copies: five\n"
                                                                                      "    timing: after_movement")
    with serving(content, tmp_path / "out", "--only", "dispatch", "--lang", "en") as (url, lines):
        lines.wait_for("problem(s) in the content; nothing written.")
        page = urllib.request.urlopen(url, timeout=30).read().decode("utf-8")
        assert '<body data-placeholder="1">' in page and "<script data-seen=" in page
        news = News(url)
        assert news.next("error")["problems"][0]["where"] == f"dispatch.yaml:{line}:13"
        edit(content / "dispatch.yaml", "copies: five", "copies: 5")
        assert news.next("faces") == {"type": "faces", "ids": None}
        assert news.next("ok") == {"type": "ok"}

        line = edit(content / "dispatch.yaml", "en: Passing Swap}", "en: Passing Swap" + " and Swap" * 12 + "}")
        assert news.next("faces") == {"type": "faces", "ids": ["dispatch-swap"]}  # the page shows it overflow
        problem = news.next("error")["problems"][0]
        assert (problem["where"], problem["source"], problem["caret"]) == (
            f"dispatch.yaml:{line}:26", (content / "dispatch.yaml").read_text().splitlines()[line - 1],
            " " * 29 + "^")  # under the 'P' of the English name, after four wide characters
        assert problem["message"].startswith("dispatch swap (dispatch-swap): dispatch swap: text overflows its box "
                                             "'name' by ")
        news.connection.close()
