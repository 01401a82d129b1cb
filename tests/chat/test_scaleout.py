"""The scale-out bench, short: two replicas behind nginx on one PostgreSQL, one killed mid-burst;
nothing lost, no result stored twice (bench/scaleout.py)."""

from __future__ import annotations

import runpy
import shutil
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "scaleout.py"


@pytest.mark.skipif(shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
                    reason="nginx is not installed (make test installs it)")
def test_a_killed_replica_loses_nothing_and_doubles_nothing(pg_server):  # (skips without PostgreSQL)
    bench = runpy.run_path(str(BENCH))
    figures = bench["run"](replicas=2, kill=1, groups=4, per_group=8)
    assert figures["killed"] == 1
    assert figures["answered"] == figures["updates"] == 4 * 10
    assert figures["results_stored"] == figures["results_expected"] == 4 * 6
    assert (figures["lost"], figures["duplicates"]) == (0, 0)
