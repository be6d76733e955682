"""The Dask cluster the sweep tests share within a module."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of 2 worker processes and a client on it; closed after the module
    (the command-line runs reach it with ``--scheduler``, so a test can kill a worker or
    the driver without taking the cluster down)."""
    import logging

    distributed = pytest.importorskip("distributed")
    lc = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
    )
    client = distributed.Client(lc)
    try:
        yield lc.scheduler_address, client
    finally:
        client.close()
        lc.close()
