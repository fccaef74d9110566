"""``--scheduler``: the same chunks on a real Dask cluster (a scheduler and two worker processes) give the
very numbers of the local run, and the report's bytes."""

from __future__ import annotations

import json

from cardgen.sweep.shared import cluster
from tests.sweep.dask_cluster import local_cluster

SPEC = """\
games: 450
seed: 5
axes:
  players: [2, 4]
  content.fares.spans.3.fare: [8, 10]
  bots.heavy.target: [8, 7]
"""


def test_dask_cluster_gives_the_local_results(sweep, spec, tmp_path):
    path = spec(SPEC)
    local = sweep(path, "--json", "--workers", "2", "--report", tmp_path / "local.html")
    assert local.exit_code == 0, local.output
    with local_cluster(tmp_path, workers=2) as address:
        remote = sweep(path, "--json", "--scheduler", address, "--report", tmp_path / "dask.html")
    assert remote.exit_code == 0, remote.output
    a, b = json.loads(local.stdout), json.loads(remote.stdout)
    assert len(a["points"]) == 8
    assert a["points"] == b["points"]
    assert b["executor"] == address
    assert (tmp_path / "local.html").read_bytes() == (tmp_path / "dask.html").read_bytes()


def test_an_unreachable_scheduler_is_a_usage_error(sweep, spec, monkeypatch):
    monkeypatch.setattr("cardgen.sweep.shared.cluster.TIMEOUTS", cluster.Timeouts(connect=2))
    res = sweep(spec("games: 5\naxes:\n  players: [2]\n"), "--scheduler", "tcp://127.0.0.1:9")
    assert res.exit_code == 2
    assert "--scheduler tcp://127.0.0.1:9: cannot reach the Dask scheduler" in res.stderr
