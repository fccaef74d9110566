"""``--scheduler`` on a cluster that fails: each case is one error line, exit 2, in bounded time and memory.

The servers here are small fakes on 127.0.0.1 (a port that accepts and never answers, an HTTP
server, one that announces a 3 GiB message) and a real Dask scheduler without workers. The
timeouts are shortened so the tests take seconds; each command runs in a thread the test
stops waiting for after ``BOUND`` seconds, so a hang fails the test instead of stalling it.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
from typing import Callable, Iterator

import psutil
import pytest

from cardgen.sweep.shared import cluster

distributed = pytest.importorskip("distributed")

SHORT = cluster.Timeouts(connect=2, worker=1.5, first_result=2, idle=1, close=2)
#: seconds within which every failure here must be reported
BOUND = 20
SPEC = "games: 5\naxes:\n  players: [2, 3]\n"


@pytest.fixture(autouse=True)
def short_timeouts(monkeypatch):
    monkeypatch.setattr(cluster, "TIMEOUTS", SHORT)


@pytest.fixture
def fake_server() -> Iterator[Callable[[Callable[[socket.socket], None]], str]]:
    """Start a TCP server whose every connection is handed to ``answer``; yields its tcp:// address."""
    listeners: list[socket.socket] = []
    conns: list[socket.socket] = []

    def start(answer: Callable[[socket.socket], None]) -> str:
        sock = socket.create_server(("127.0.0.1", 0))
        listeners.append(sock)

        def serve() -> None:
            while True:
                try:
                    conn, _ = sock.accept()
                except OSError:
                    return
                conns.append(conn)
                threading.Thread(target=answer, args=(conn,), daemon=True).start()
        threading.Thread(target=serve, daemon=True).start()
        return f"tcp://127.0.0.1:{sock.getsockname()[1]}"
    yield start
    for s in listeners + conns:
        s.close()


def never_answer(conn: socket.socket) -> None:
    """Accept, then say nothing."""


def http_400(conn: socket.socket) -> None:
    """What a web server says to Dask's handshake."""
    try:
        conn.recv(65536)
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    except OSError:
        pass


def announce_3_gib(conn: socket.socket) -> None:
    """A Dask frame-length header (8 bytes, as distributed's TCP comm reads it) for a 3 GiB message,
    then nothing: the client must not allocate it."""
    try:
        conn.sendall(struct.pack("Q", 3 * 2**30))
    except OSError:
        pass


def bounded(sweep, *args):
    """Run ``cardgen sweep`` in a thread; fail if it has not ended within BOUND seconds."""
    box: dict = {}
    worker = threading.Thread(target=lambda: box.setdefault("result", sweep(*args)), daemon=True)
    start = time.monotonic()
    worker.start()
    worker.join(BOUND)
    assert not worker.is_alive(), f"cardgen sweep {' '.join(map(str, args))} still running after {BOUND} s"
    return box["result"], time.monotonic() - start


def test_a_port_that_never_answers_is_reported_at_the_connect_timeout(sweep, spec, fake_server):
    address = fake_server(never_answer)
    res, seconds = bounded(sweep, spec(SPEC), "--scheduler", address)
    assert res.exit_code == 2
    assert res.stderr == f"cardgen sweep: error: --scheduler {address}: cannot reach the Dask scheduler " \
                         "(no Dask answer within 2 s)\n"
    assert seconds < SHORT.connect + 3


@pytest.mark.parametrize("answer", [http_400, announce_3_gib], ids=["http-400", "3-GiB-message"])
def test_an_oversized_or_foreign_answer_is_refused_without_allocating_it(sweep, spec, fake_server, answer):
    """An HTTP server's answer read as a length was a MemoryError after 30 s; a 3 GiB announcement took 3.2 GB."""
    address = fake_server(answer)
    before = psutil.Process().memory_info().rss
    res, seconds = bounded(sweep, spec(SPEC), "--scheduler", address)
    assert res.exit_code == 2
    assert res.stderr == f"cardgen sweep: error: --scheduler {address}: the server announced a message larger " \
                         "than the 256 MiB the client accepts (is it a Dask scheduler?)\n"
    assert psutil.Process().memory_info().rss - before < 100 * 2**20
    assert seconds < SHORT.connect + 3


def test_the_memory_cap_bounds_each_step_and_ends_with_the_cluster_run():
    """Growth is bounded between two renewals (one message), not over the run: a long sweep's tallies
    (about 1 MB a point of 1,000 games) may add up to more than the cap."""
    import resource
    before = resource.getrlimit(resource.RLIMIT_DATA)
    kept = []
    with cluster._memory_cap(16 * 2**20) as renew:
        with pytest.raises(MemoryError):
            bytearray(64 * 2**20)
        for _ in range(3):
            kept.append(bytearray(12 * 2**20))  # 36 MiB in all, 12 between renewals
            renew()
    assert resource.getrlimit(resource.RLIMIT_DATA) == before
    bytearray(64 * 2**20)


@pytest.fixture
def no_worker_scheduler() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def test_a_scheduler_without_workers_is_reported(sweep, spec, no_worker_scheduler):
    res, seconds = bounded(sweep, spec(SPEC), "--scheduler", no_worker_scheduler)
    assert res.exit_code == 2
    assert res.stderr == f"cardgen sweep: error: --scheduler {no_worker_scheduler}: no worker joined the " \
                         "scheduler within 1.5 s\n"
    assert seconds < SHORT.connect + SHORT.worker + 3


def _slow_after_first(job: int) -> int:
    """A task that answers at once for job 0 and late for the others."""
    if job:
        time.sleep(4)
    return job


@pytest.mark.parametrize("jobs, message", [
    ([1, 2], "no result from the cluster within 2 s (0 of 2 tasks done)"),   # first-result timeout
    ([0, 1], "no result from the cluster within 1 s (1 of 2 tasks done)"),   # idle timeout
])
def test_results_that_stop_coming_are_reported(jobs, message):
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as local:
        address = local.scheduler_address
        got: list = []
        start = time.monotonic()
        with pytest.raises(cluster.ClusterError) as caught:
            cluster.run_on_cluster(address, _slow_after_first, jobs, lambda i, r: got.append(r))
        seconds = time.monotonic() - start
    assert str(caught.value) == f"--scheduler {address}: {message}"
    assert got == jobs[:1] if jobs[0] == 0 else got == []
    assert seconds < 4


def test_the_docs_state_the_limits_the_code_uses():
    from pathlib import Path
    docs = (Path(__file__).parents[2] / "docs" / "sweeps.md").read_text(encoding="utf-8")
    t = cluster.Timeouts()
    for seconds in (t.connect, t.worker, t.first_result, t.idle):
        assert f"| {seconds:g} s |" in docs
    assert f"the {cluster.MAX_MESSAGE // 2**20} MiB the client accepts" in docs


def test_a_scheduler_lost_mid_run_is_reported(capfd, monkeypatch):
    """The scheduler stops while a task runs: the tasks come back cancelled (it was an AttributeError
    traceback, after Dask's own logged traceback)."""
    monkeypatch.setattr(cluster, "TIMEOUTS", cluster.Timeouts(connect=2, worker=2, first_result=10, idle=10))
    local = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                     host="127.0.0.1", dashboard_address=None)
    try:
        address = local.scheduler_address
        got: list = []
        stop = threading.Timer(1.0, local.close)
        stop.start()
        start = time.monotonic()
        with pytest.raises(cluster.ClusterError) as caught:
            cluster.run_on_cluster(address, _slow_after_first, [0, 1], lambda i, r: got.append(r))
        seconds = time.monotonic() - start
        stop.join()
    finally:
        local.close()
    assert str(caught.value).startswith(f"--scheduler {address}: the cluster dropped a task (")
    assert "\n" not in str(caught.value)
    assert got == [0]
    assert seconds < 10
    assert "distributed" not in capfd.readouterr().err


def _fails(job: int) -> int:
    raise ValueError(f"job {job}\ncannot run here")


def test_a_task_that_raises_on_a_worker_is_one_line():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as local:
        with pytest.raises(cluster.ClusterError) as caught:
            cluster.run_on_cluster(local.scheduler_address, _fails, [0], lambda i, r: None)
    assert str(caught.value) == f"--scheduler {local.scheduler_address}: the cluster failed a task: " \
                                "ValueError: job 0 cannot run here"


def test_ctrl_c_while_on_the_cluster_is_one_line_and_closes_the_client(tmp_path, no_worker_scheduler):
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path
    scheduler = distributed.Client(no_worker_scheduler, set_as_default=False)
    try:
        def clients() -> set:
            return set(scheduler.run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.clients)))
        baseline = clients()
        (tmp_path / "spec.yaml").write_text(SPEC, encoding="utf-8")
        proc = subprocess.Popen([str(Path(sys.executable).with_name("cardgen")), "sweep", str(tmp_path / "spec.yaml"),
                                 "--scheduler", no_worker_scheduler], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        deadline = time.monotonic() + BOUND
        while clients() == baseline and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)  # until the sweep's client has connected (it then waits for a worker)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=BOUND)
        assert (err.decode(), proc.returncode, out) == ("cardgen sweep: interrupted\n", 130, b"")
        while clients() != baseline and time.monotonic() < deadline:
            time.sleep(0.1)
        assert clients() == baseline
    finally:
        scheduler.close()
