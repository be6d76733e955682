"""The driver of a sweep: tasks to Dask, results into the database, as they finish.

The driver is the only process that writes the database.  It lists the work, leaves
out what the database already holds (so a rerun resumes), submits one Dask task per
heap game (per batch of positions), and commits each result in its own transaction as
it arrives; a worker never holds the only copy of anything finished.

* A worker killed mid-task: Dask's scheduler gives its tasks to another worker; a task
  that raises is retried ``retries`` times (Dask's ``retries=``).  A task whose worker
  died on every try (Dask's ``KilledWorker``: e.g. over the worker's memory limit) is
  recorded as ``killed`` and the sweep goes on.
* The driver killed: every committed row stays; the next run with the same database
  computes only the rest.
* A task over its time or memory budget records ``timeout`` or ``memory`` itself.

Dask is imported here only, when a sweep starts (``cgtkit --help`` does not load it).
A cluster is a :class:`distributed.LocalCluster` of worker *processes* on this machine,
or the scheduler at ``scheduler`` (``tcp://host:8786``) whose workers have cgtkit
installed.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from ..errors import SweepError
from .database import ResultsDB, check_ours

__all__ = ["Sweep", "SweepReport", "run", "need_dask"]

CONNECT_TIMEOUT = 10  # seconds to reach a --scheduler before giving up
FLUSH_SECONDS = 0.5  # the longest a finished result waits for its commit
_MISSING = object()


def need_dask():  # type: ignore[no-untyped-def]
    """``distributed``, or the one-line :class:`SweepError` that says how to get it."""
    try:
        import distributed
    except ImportError:
        raise SweepError(
            "sweeps need Dask's distributed scheduler, which is not installed: pip install 'cgtkit[sweep]'"
        ) from None
    return distributed


@dataclass
class Sweep:
    """What to run: ``total`` units of work (games, positions), of which ``pending(db)`` lists those the
    database does not hold yet, one task each (the arguments of ``func``; ``weight(item)`` units); how a
    result is recorded (``record(db, result)``, and ``failed(db, item, status,
    message)`` for a task that Dask gave up on), each returning the rows written."""

    what: str
    func: Callable[..., Any]
    total: int
    pending: Callable[[ResultsDB], list[tuple]]
    record: Callable[[ResultsDB, Any], int]
    failed: Callable[[ResultsDB, tuple, str, str], int]
    unit: str = "game"
    weight: Callable[[tuple], int] = lambda item: 1  # how many units (games, positions) one item holds


@dataclass
class SweepReport:
    """What a run did: counts and times."""

    total: int
    skipped: int
    done: int = 0
    rows: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    task_seconds: float = 0.0
    dashboard: str | None = None
    workers: int = 0
    unit: str = "game"

    def lines(self) -> list[str]:
        """The summary printed at the end of a sweep."""
        out = [
            f"{self.unit}s: {self.total} ({self.skipped} already in the database, {self.done} run now, "
            f"{self.rows} rows written)",
        ]
        if self.statuses:
            out.append("results: " + ", ".join(f"{k} {v}" for k, v in sorted(self.statuses.items())))
        rate = self.done / self.seconds if self.seconds > 0 else 0.0
        out.append(
            f"time: {self.seconds:.1f} s wall on {self.workers} worker(s), {self.task_seconds:.1f} s in tasks, "
            f"{rate:.1f} {self.unit}s/s"
        )
        return out


def _client(scheduler: str | None, workers: int, memory_limit: str | int | None, timeout: float):  # type: ignore[no-untyped-def]
    distributed = need_dask()
    import logging

    if scheduler is not None:
        try:
            return distributed.Client(scheduler, timeout=timeout), None
        except (OSError, TimeoutError, ValueError) as exc:
            raise SweepError(f"cannot reach the Dask scheduler at {scheduler}: {exc}".splitlines()[0]) from None
    cluster = distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        memory_limit=memory_limit if memory_limit is not None else "auto",
        silence_logs=logging.ERROR,
    )
    return distributed.Client(cluster), cluster


def _dashboard(client) -> str | None:  # type: ignore[no-untyped-def]
    try:
        if "dashboard" in client.scheduler_info().get("services", {}):
            return str(client.dashboard_link)
    except Exception:  # pragma: no cover - informative only
        return None
    return None


def run(
    sweep: Sweep,
    db_path: str,
    workers: int = 2,
    scheduler: str | None = None,
    retries: int = 2,
    progress: bool = False,
    memory_limit: str | int | None = None,
    out: Callable[[str], None] | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> SweepReport:
    """Run ``sweep`` into the database at ``db_path``.

    The database is written only once the cluster is reached, so a failure to reach
    it leaves the file untouched.  ``progress``: a progress bar (tqdm) on stderr.  ``out``: where informative lines
    go (the dashboard address).  ``connect_timeout``: seconds to reach ``scheduler``."""
    if workers < 1:
        raise SweepError(f"--workers must be at least 1, got {workers}")
    check_ours(db_path)  # refuse a file that is not ours before anything else
    distributed = need_dask()
    client, cluster = _client(scheduler, workers, memory_limit, connect_timeout)
    start = time.perf_counter()
    try:
        db = ResultsDB.create(db_path)
        try:
            items = sweep.pending(db)
            todo = sum(sweep.weight(item) for item in items)
            report = SweepReport(total=sweep.total, skipped=sweep.total - todo, unit=sweep.unit)
            report.dashboard = _dashboard(client)
            report.workers = len(client.scheduler_info().get("workers", {}))
            if report.dashboard and out is not None:
                out(f"dashboard: {report.dashboard}")
            _gather(client, distributed, sweep, items, db, retries, progress, report)
        finally:
            db.close()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    report.seconds = time.perf_counter() - start
    return report


def _gather(client, distributed, sweep: Sweep, items, db, retries, progress, report):  # type: ignore[no-untyped-def]
    keys = [f"cgtkit-{sweep.what}-{_token(item)}" for item in items]
    futures = client.map(sweep.func, *zip(*items), key=keys, retries=retries, pure=False) if items else []
    item_of = {f.key: item for f, item in zip(futures, items)}
    bar = _bar(sum(sweep.weight(item) for item in items), sweep.unit, progress)
    try:
        # results are committed in batches, one transaction (one disk sync, tens of
        # milliseconds) at most every FLUSH_SECONDS: a killed driver loses at most that
        # much finished work, which the next run computes again
        pending: list = []
        last = time.monotonic()
        ac = distributed.as_completed(futures)
        while not ac.is_empty() or pending:
            batch = ac.next_batch(block=False) if not ac.is_empty() else []
            pending += batch
            if pending and (ac.is_empty() or time.monotonic() - last >= FLUSH_SECONDS):
                # a result lost with its worker after it finished is being computed again:
                # wait for it once more rather than record it
                ready = [f for f in pending if f.status in ("finished", "error", "cancelled")]
                for f in pending:
                    if f.status not in ("finished", "error", "cancelled"):
                        ac.add(f)
                _flush(client, ready, item_of, distributed, sweep, db, report)
                if bar is not None:
                    bar.update(sum(sweep.weight(item_of[f.key]) for f in ready))
                pending, last = [], time.monotonic()
            elif not batch:
                time.sleep(0.02)
    finally:
        if bar is not None:
            bar.close()


def _flush(client, futures, item_of, distributed, sweep: Sweep, db: ResultsDB, report: SweepReport) -> None:  # type: ignore[no-untyped-def]
    """Fetch the results of ``futures`` (one round trip) and write them in one transaction."""
    finished = [f for f in futures if f.status == "finished"]
    results = dict(zip((f.key for f in finished), client.gather(finished)))
    with db.batch():
        for future in futures:
            result = results.get(future.key, _MISSING)
            _record(future, result, item_of[future.key], distributed, sweep, db, report)
    for future in futures:
        future.release()


def _record(future, result, item, distributed, sweep: Sweep, db: ResultsDB, report: SweepReport) -> None:  # type: ignore[no-untyped-def]
    """Write one finished task's rows: its ``result``, or the failure Dask gave up with."""
    if result is not _MISSING:
        report.rows += sweep.record(db, result)
        for status, count in _statuses(result).items():
            report.statuses[status] = report.statuses.get(status, 0) + count
        report.task_seconds += _seconds(result)
    else:
        exc = future.exception() if future.status == "error" else None
        status = "killed" if isinstance(exc, distributed.KilledWorker) else "error"
        message = f"{type(exc).__name__}: {exc}".splitlines()[0][:500] if exc is not None else "cancelled by Dask"
        report.rows += sweep.failed(db, item, status, message)
        report.statuses[status] = report.statuses.get(status, 0) + 1
    report.done += sweep.weight(item)


def _token(item: tuple) -> str:
    import hashlib

    return hashlib.sha1(repr(item).encode()).hexdigest()[:12]


def _statuses(result: Any) -> dict[str, int]:
    rows = result if isinstance(result, list) else [result]
    out: dict[str, int] = {}
    for r in rows:
        out[r["status"]] = out.get(r["status"], 0) + 1
    return out


def _seconds(result: Any) -> float:
    rows = result if isinstance(result, list) else [result]
    return float(sum(r.get("seconds") or 0.0 for r in rows))


def _bar(total: int, unit: str, enabled: bool):  # type: ignore[no-untyped-def]
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm comes with cgtkit[sweep]; without it, no bar
        return None
    return tqdm(total=total, unit=unit, file=sys.stderr, dynamic_ncols=True, smoothing=0.1)


def chunked(items: Sequence[Any], size: int) -> Iterable[list[Any]]:
    """``items`` in consecutive lists of at most ``size``.

    >>> list(chunked([1, 2, 3, 4, 5], 2))
    [[1, 2], [3, 4], [5]]
    """
    for i in range(0, len(items), size):
        yield list(items[i : i + size])
