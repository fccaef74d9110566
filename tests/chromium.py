"""The Debian Chromium for the browser tests: found on PATH, driven headless over the DevTools protocol.

Where CI sets ``CARDGEN_REQUIRE_CHROMIUM=1`` a missing Chromium fails the test
instead of skipping it. The protocol is spoken over a WebSocket with tornado's
client (locked already, through distributed): no browser download, no driver.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

#: Flags for a quiet, offline, throw-away headless browser.
QUIET_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
               "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    """Chromium's path; skips the test, or fails it where CARDGEN_REQUIRE_CHROMIUM=1, when there is none."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if os.environ.get("CARDGEN_REQUIRE_CHROMIUM") == "1":
        pytest.fail("CARDGEN_REQUIRE_CHROMIUM=1 but no chromium on PATH")
    pytest.skip("chromium is not installed (set CARDGEN_REQUIRE_CHROMIUM=1 to make this a failure)")


class PageGone(AssertionError):
    """The page's document was replaced while an expression ran (it was still loading): ask again."""


class Browser:
    """A headless Chromium showing ``url``, whose page runs JavaScript for the test (:meth:`evaluate`)."""

    def __init__(self, url: str, profile: Path) -> None:
        self.process = subprocess.Popen(
            [chromium(), *QUIET_FLAGS, "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
             f"--user-data-dir={profile}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.loop = asyncio.new_event_loop()
        self.socket = None
        self.number = 0
        endpoint = self._endpoint()
        page = self._page(endpoint)
        from tornado.websocket import websocket_connect

        async def connect():  # in the loop: tornado makes its future in the running loop
            return await websocket_connect(page, max_message_size=64 << 20)

        self.socket = self.loop.run_until_complete(connect())

    def _endpoint(self, timeout: float = 60.0) -> str:
        """``127.0.0.1:PORT`` of the DevTools server, from the line Chromium prints when it listens."""
        deadline = time.monotonic() + timeout
        seen = []
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                break
            seen.append(line)
            found = re.search(r"DevTools listening on ws://([^/]+)/", line)
            if found:
                return found[1]
        raise AssertionError("Chromium never said where DevTools listens:\n" + "".join(seen[-20:]))

    def _page(self, endpoint: str, timeout: float = 30.0) -> str:
        """The WebSocket URL of the page's target (the tab the URL opened in)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with urllib.request.urlopen(f"http://{endpoint}/json/list", timeout=10) as answer:
                targets = [t for t in json.load(answer) if t.get("type") == "page"]
            if targets:
                return targets[0]["webSocketDebuggerUrl"]
            time.sleep(0.1)
        raise AssertionError("Chromium opened no page")

    def evaluate(self, expression: str, timeout: float = 30.0):
        """The value of a JavaScript expression in the page (JSON-like values; a promise is waited for)."""
        self.number += 1
        number = self.number
        request = {"id": number, "method": "Runtime.evaluate",
                   "params": {"expression": expression, "returnByValue": True, "awaitPromise": True}}

        async def ask():
            await self.socket.write_message(json.dumps(request))
            while True:
                text = await self.socket.read_message()
                if text is None:
                    raise AssertionError("Chromium closed the DevTools connection")
                answer = json.loads(text)
                if answer.get("id") == number:
                    return answer

        answer = self.loop.run_until_complete(asyncio.wait_for(ask(), timeout))
        if "error" in answer:
            gone = "context" in str(answer["error"].get("message", "")).lower()
            raise (PageGone if gone else AssertionError)(f"{expression}: {answer['error']}")
        result = answer["result"]
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float):
        """(the value of ``expression`` once it is truthy, the seconds that took); fails after ``timeout``.

        The page checks it after every change to its document (a MutationObserver), so the time is the
        page's own, not a polling interval's, and the test adds no load while it waits.
        """
        started = time.monotonic()
        while True:
            try:
                return self._when_true(expression, timeout), time.monotonic() - started
            except PageGone:
                if time.monotonic() - started > timeout:
                    raise

    def _when_true(self, expression: str, timeout: float):
        return self.evaluate(f"""new Promise((resolve, reject) => {{
            const check = () => {{ const value = ({expression}); if (value) {{ resolve(value); }} return value; }};
            if (check()) {{ return; }}
            const watcher = new MutationObserver(() => {{ if (check()) {{ watcher.disconnect(); }} }});
            watcher.observe(document, {{subtree: true, childList: true, characterData: true, attributes: true}});
            setTimeout(() => {{ watcher.disconnect(); reject(new Error("not true after {timeout} s")); }},
                       {timeout * 1000});
        }})""", timeout + 30)

    def close(self) -> None:
        if self.socket is not None:
            async def close_socket():  # in the loop, as every call on the socket: tornado makes its future in
                self.socket.close()    # the running loop, and a test before may have left none current

            self.loop.run_until_complete(close_socket())
        self.loop.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
