"""A ``cardgen serve`` process for a test: started on a free port, stopped with Ctrl-C (which must exit 0)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.lines import Lines


@contextmanager
def serving(folder: Path, out: Path, *options: str) -> Iterator[tuple[str, Lines]]:
    """(the preview's URL, the command's output lines) once it watches; ``options`` go to the command."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "serve", str(folder), "--out", str(out), "--port", "0", *options],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=os.environ.copy())
    lines = Lines(process.stdout)
    try:
        lines.wait_for("watching")
        url = next(re.search(r"serving the preview at (http://127\.0\.0\.1:\d+/)$", line)[1]
                   for line in lines.lines if "serving the preview at" in line)
        yield url, lines
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
