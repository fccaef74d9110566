"""A real Dask cluster on localhost for tests: one ``dask scheduler`` and N ``dask worker`` processes.

Random ports (``--port 0``; the address is read from the scheduler file), no
dashboards, one thread per worker (the games hold the GIL). Every process is
stopped, and its files removed, when the context ends, whatever happened.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

DASK = Path(sys.executable).with_name("dask")
START_TIMEOUT = 60


@contextlib.contextmanager
def local_cluster(folder: Path, workers: int = 2) -> Iterator[str]:
    """Start the cluster; yields the scheduler's tcp:// address."""
    sched_file = folder / "scheduler.json"
    procs: list[subprocess.Popen] = []
    logs = []

    def start(*args: str) -> None:
        log = open(folder / f"dask-{len(procs)}.log", "wb")
        logs.append(log)
        procs.append(subprocess.Popen([str(DASK), *args], stdout=log, stderr=subprocess.STDOUT,
                                      stdin=subprocess.DEVNULL, cwd=folder))
    try:
        start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(sched_file))
        address = _wait_for_address(sched_file, procs[0])
        for _ in range(workers):
            start("worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1",
                  "--death-timeout", "60")
        _wait_for_workers(address, workers)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in reversed(procs):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for log in logs:
            log.close()


def _wait_for_address(sched_file: Path, proc: subprocess.Popen) -> str:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"dask scheduler exited with code {proc.returncode}")
        try:
            return json.loads(sched_file.read_text())["address"]
        except (FileNotFoundError, ValueError, KeyError):
            time.sleep(0.1)
    raise RuntimeError("dask scheduler did not write its address in time")


def _wait_for_workers(address: str, count: int) -> None:
    from distributed import Client
    with Client(address, timeout=START_TIMEOUT, set_as_default=False) as client:
        client.wait_for_workers(count, timeout=START_TIMEOUT)
