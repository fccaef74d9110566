"""Ctrl-C during ``cardgen simulate --workers 2`` (and ``sweep``): one line, exit 130, no worker left running.

A terminal sends SIGINT to every process of its foreground group, workers included; the
test does the same (the command runs in its own session, and the signal goes to the group).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

CARDGEN = Path(sys.executable).with_name("cardgen")


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="--workers 2 starts a pool only on two CPUs or more")
@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_ctrl_c_prints_one_line_and_leaves_no_worker(command, tmp_path):
    spec = tmp_path / "spec.yaml"
    spec.write_text("games: 10000000\naxes:\n  players: [4]\n", encoding="utf-8")
    args = ["simulate", "--games", "10000000"] if command == "simulate" else ["sweep", str(spec)]
    proc = subprocess.Popen([str(CARDGEN), *args, "--workers", "2", "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        workers = _children(proc.pid, 2)
        time.sleep(0.5)  # the workers are playing
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert err.decode() == f"cardgen {command}: interrupted\n"
    assert proc.returncode == 130
    assert out == b""
    _, alive = psutil.wait_procs(workers, timeout=5)
    assert alive == []


def _children(pid: int, count: int, timeout: float = 60) -> list[psutil.Process]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = psutil.Process(pid).children()
        if len(found) >= count:
            return found
        time.sleep(0.1)
    raise AssertionError(f"cardgen simulate did not start {count} workers in {timeout} s")
