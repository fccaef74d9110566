"""A running command's output, line by line, for tests that wait for what it says (build --watch, serve)."""

from __future__ import annotations

import threading
import time


class Lines:
    """Collects a pipe's lines in the background so the test can wait for one."""

    def __init__(self, stream) -> None:
        self.lines: list[str] = []
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, text: str, after: int = 0, timeout: float = 120.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, line in enumerate(self.lines[after:], start=after):
                if text in line:
                    return i + 1
            time.sleep(0.1)
        raise AssertionError(f"no line with {text!r} in {timeout} s; got:\n" + "\n".join(self.lines))
