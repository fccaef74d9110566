"""Play a sweep's jobs on a Dask cluster; every failure is a one-line error in bounded time and memory.

Why the asynchronous client on our own event loop: Dask's blocking ``Client(address,
timeout=...)`` does not bound every wait (the handshake read in ``distributed.comm.connect``
has no timeout, so a port that accepts and never answers hangs; a scheduler without workers
never returns a result). Here the public asynchronous API (``Client(asynchronous=True)``,
``as_completed``) runs under ``asyncio.wait_for`` deadlines: to connect, for the first
result (a worker imports cardgen and loads a point's content), and between two results;
a scheduler without workers is told apart by a wait for a worker.

Why a memory cap: a Dask TCP message starts with its length, and ``distributed`` allocates
that many bytes before reading them (``distributed.comm.tcp``); the remote end chooses it, and
no Dask setting bounds it (``distributed.comm`` has send-side ``shard`` and ``offload`` sizes
and timeouts only). So while the client runs, this process may grow by at most
``MAX_MESSAGE`` between two results (``RLIMIT_DATA``, Linux): a larger announced message
fails to allocate at once, as a MemoryError, and is reported instead of taking gigabytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import resource
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from cardgen.errors import CardgenError, UsageError

#: the most the client may grow between two results: a result (one task's tally) is about 150 kB pickled
MAX_MESSAGE = 256 * 2**20


@dataclass(frozen=True)
class Timeouts:
    """Seconds each wait on the cluster may last (docs/sweeps.md states them)."""

    #: reach the scheduler and complete Dask's handshake
    connect: float = 15
    #: at least one worker is in the cluster, or joins it
    worker: float = 30
    #: a worker imports cardgen, loads a point's content and plays its first 1,000 games
    first_result: float = 120
    #: between two results: a task is 1,000 games, a few seconds at most
    idle: float = 60
    #: to close the client once done or failed
    close: float = 5


TIMEOUTS = Timeouts()
SCHEDULER_ADDRESS = re.compile(r"^(tcp|tls)://[A-Za-z0-9.\-\[\]:]+:\d{1,5}$")


class ClusterError(CardgenError):
    """The Dask cluster could not be used or stopped answering (exit 2, one line)."""

    exit_code = 2


def check_address(address: str) -> None:
    """``--scheduler`` must be a Dask TCP address (tcp:// or tls://HOST:PORT)."""
    if not SCHEDULER_ADDRESS.match(address):
        raise UsageError(f"--scheduler {address!r}: expected tcp://HOST:PORT")


def run_on_cluster(address: str, work: Callable, jobs: Sequence[Any], on_result: Callable[[int, Any], None],
                   timeouts: Timeouts | None = None) -> None:
    """Run ``work(job)`` for every job on the cluster at ``address``; ``on_result(i, result)`` in job order.

    ``timeouts`` (module TIMEOUTS when None, looked up at the call so tests may shorten them) bound each wait."""
    try:
        import distributed  # noqa: F401  (the optional extra)
    except ImportError:
        raise ClusterError("--scheduler needs Dask distributed: pip install 'cardgen[cluster]'") from None
    with _quiet(), _memory_cap(MAX_MESSAGE) as renew:
        def take(i: int, result: Any) -> None:
            on_result(i, result)
            renew()
        try:
            asyncio.run(_run(address, work, list(jobs), take, timeouts or TIMEOUTS))
        except MemoryError:
            raise ClusterError(f"--scheduler {address}: the server announced a message larger than the "
                               f"{MAX_MESSAGE // 2**20} MiB the client accepts (is it a Dask scheduler?)") from None


async def _run(address: str, work: Callable, jobs: list, on_result: Callable, t: Timeouts) -> None:
    from distributed import Client
    client = Client(address, asynchronous=True, timeout=t.connect, set_as_default=False)
    try:
        try:
            await asyncio.wait_for(client, t.connect)
        except MemoryError:
            raise
        except Exception as exc:  # refused, timed out, closed, or an answer that is not Dask's
            reason = (_text(exc) if isinstance(exc, OSError) else f"{type(exc).__name__}: {_text(exc)}") \
                if str(exc) else f"no Dask answer within {t.connect:g} s"
            raise ClusterError(f"--scheduler {address}: cannot reach the Dask scheduler ({reason})") from None
        await _wait_for_a_worker(client, address, t)
        # pure=False: equal jobs of different points are still separate tasks (Dask would merge equal keys)
        futures = client.map(work, jobs, pure=False)
        await _collect(client, futures, address, on_result, t)
    finally:
        with contextlib.suppress(Exception, asyncio.TimeoutError):
            await asyncio.wait_for(client.close(), t.close)


async def _wait_for_a_worker(client, address: str, t: Timeouts) -> None:
    try:
        await asyncio.wait_for(client.wait_for_workers(1), t.worker)
    except asyncio.TimeoutError:
        raise ClusterError(f"--scheduler {address}: no worker joined the scheduler within {t.worker:g} s") from None


async def _collect(client, futures: list, address: str, on_result: Callable, t: Timeouts) -> None:
    """Results as they come, handed on in job order; a wait longer than the timeouts is an error."""
    from distributed import as_completed
    index = {future.key: i for i, future in enumerate(futures)}
    pending: dict[int, Any] = {}
    done = 0
    ready = as_completed(futures, loop=client.loop, with_results=True)
    while done < len(futures):
        wait = t.idle if done or pending else t.first_result
        try:
            future, result = await asyncio.wait_for(ready.__anext__(), wait)
        except asyncio.TimeoutError:
            raise ClusterError(f"--scheduler {address}: no result from the cluster within {wait:g} s "
                               f"({done + len(pending)} of {len(futures)} tasks done)") from None
        except MemoryError:  # an oversized message: reported by run_on_cluster
            raise
        except Exception as exc:  # a task failed on a worker, or the connection broke: reported, not raised
            raise ClusterError(f"--scheduler {address}: the cluster failed a task: "
                               f"{type(exc).__name__}: {_text(exc)}") from None
        if isinstance(result, BaseException):  # cancelled: the scheduler was lost, or dropped the task
            raise ClusterError(f"--scheduler {address}: the cluster dropped a task ({type(result).__name__}: "
                               f"{_text(result)})")
        pending[index[future.key]] = result
        while done in pending:
            on_result(done, pending.pop(done))
            done += 1


def _text(exc: BaseException) -> str:
    """An exception's message on one line (Dask's run over several)."""
    return " ".join(str(exc).split())


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """No log lines while the client runs (Dask's loggers set their own levels and handlers, and asyncio
    reports abandoned tasks): a failure is reported once, as cardgen's error line."""
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)


@contextlib.contextmanager
def _memory_cap(headroom: int) -> Iterator[Callable[[], None]]:
    """Let this process's data grow by at most ``headroom`` bytes beyond its size when the cap was last
    renewed (Linux; never looser than a limit already set); yields ``renew``, called after each result,
    since a long sweep's tallies may add up to more than one message may take."""
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)

    def renew() -> None:
        size = _data_size()
        if size is None:
            return
        cap = min(limit for limit in (size + headroom, soft, hard) if limit != resource.RLIM_INFINITY)
        resource.setrlimit(resource.RLIMIT_DATA, (cap, hard))
    renew()
    try:
        yield renew
    finally:
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))


def _data_size() -> int | None:
    """This process's data segment in bytes (``VmData``), or None where /proc does not say."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None
