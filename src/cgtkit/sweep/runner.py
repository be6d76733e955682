"""The driver of a sweep: tasks to Dask, results into the database, as they finish.

The driver is the only process that writes the database.  It lists the work, leaves
out what the database already holds (so a rerun resumes), submits one Dask task per
heap game (per batch of positions), fetches each result as its task finishes, and
commits the fetched results together every few seconds (one transaction: small ones
cost several times the work of their rows); a worker never holds the only copy of
anything committed.  At most ``window`` tasks are in flight (submitted, their results
not yet fetched): the next are taken from the sweep's listing as results are
fetched, so the driver's and the scheduler's memory hold a window of tasks, not the
whole sweep (a 16-cell Domineering sweep is 26 million positions).

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

Ctrl-C: the terminal sends it to every process of the command, the local workers
too, which would each print a traceback; they are started with SIGINT blocked, and
the driver, which alone takes Ctrl-C, closes them.  A local cluster's workers start
by importing the script that runs the sweep again (Python's ``spawn``): a sweep
started at the top level of a script, outside ``if __name__ == "__main__":``, would
start again in every worker, so it is refused at once with a one-line
:class:`SweepError` saying so.

A test hook stops a run at a known point, whatever the machine's speed: with
``CGTKIT_SWEEP_PAUSE=K:PATH`` in its environment (:class:`Pause`) a run commits its
first ``K`` results, then commits and submits nothing more until the file ``PATH``
exists.  The fault tests (tests/sweep) kill a worker or the driver there, with exactly
``K`` rows committed and the rest held by the workers.
"""

from __future__ import annotations

import itertools
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from ..errors import SweepError
from .database import ResultsDB, check_ours

__all__ = ["Sweep", "SweepReport", "Pause", "run", "need_dask", "refuse_unguarded_script"]

CONNECT_TIMEOUT = 10  # seconds to reach a --scheduler before giving up
FLUSH_SECONDS = 5.0  # the longest a fetched result waits for its commit
FLUSH_UNITS = 1 << 17  # units (positions, games) fetched that start a commit sooner
WINDOW = 64  # tasks in flight at most, by default (at least 4 a worker)
PAUSE_ENV = "CGTKIT_SWEEP_PAUSE"
_MISSING = object()


@dataclass(frozen=True)
class Pause:
    """Where a run stops and waits (a test hook): once ``after`` results are committed
    (the first commits hold no more than that), nothing more is committed or submitted
    until the file ``gate`` exists.

    >>> Pause.parse("3:/tmp/go")
    Pause(after=3, gate='/tmp/go')
    """

    after: int
    gate: str

    @classmethod
    def parse(cls, text: str) -> "Pause":
        """``K:PATH``, as the environment variable ``CGTKIT_SWEEP_PAUSE`` gives it."""
        count, sep, gate = text.partition(":")
        if not sep or not count.isdigit() or not gate:
            raise SweepError(f"{PAUSE_ENV} is COUNT:PATH (a number of results, then a file), not {text!r}")
        return cls(int(count), gate)

    @classmethod
    def from_env(cls) -> "Pause | None":
        """The pause that ``CGTKIT_SWEEP_PAUSE`` asks for, if any."""
        text = os.environ.get(PAUSE_ENV)
        return cls.parse(text) if text else None

    def wait(self) -> None:
        """Until the file ``gate`` exists."""
        while not os.path.exists(self.gate):
            time.sleep(0.02)


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
    message)`` for a task that Dask gave up on), each returning the rows written.
    ``pending`` may be a generator, taken as the window allows, if ``todo(db)`` counts
    its units without listing them; without ``todo`` it is listed at the start."""

    what: str
    func: Callable[..., Any]
    total: int
    pending: Callable[[ResultsDB], Iterable[tuple]]
    record: Callable[[ResultsDB, Any], int]
    failed: Callable[[ResultsDB, tuple, str, str], int]
    unit: str = "game"
    weight: Callable[[tuple], int] = lambda item: 1  # how many units (games, positions) one item holds
    todo: Callable[[ResultsDB], int] | None = None  # the units pending(db) will give


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
    window: int = 0  # tasks in flight at most
    peak_in_flight: int = 0  # tasks in flight at most, as it happened

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
    import dask

    # a worker's tables (the values it found) are memory Dask does not manage: pausing
    # a worker at 80% of its limit would never free it and would stall the sweep, so
    # local workers do not pause; their nanny restarts one that passes 95%, and Dask
    # runs its task again on the fresh worker
    with dask.config.set({"distributed.worker.memory.pause": False}):
        cluster = _quiet_on_ctrl_c(
            lambda: distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                memory_limit=memory_limit if memory_limit is not None else "auto",
                # a worker whose scheduler closes (Ctrl-C, the end of a sweep) logs ERRORs with
                # tracebacks; what a sweep's user needs is in the database and the summary
                silence_logs=logging.CRITICAL,
            )
        )
    return distributed.Client(cluster), cluster


def _quiet_on_ctrl_c(start: Callable[[], Any]) -> Any:
    """``start()`` (a local cluster), whose worker processes never see SIGINT: it runs
    on a thread that blocks SIGINT, so the cluster's threads, and the processes they
    spawn, block it too (a process keeps its signal mask when it starts another
    program; multiprocessing's resource tracker, which unblocks it in the thread that
    starts it, is started first).  This thread does not block it: a Ctrl-C while the
    workers start closes the cluster once it is up, then raises KeyboardInterrupt.
    Without ``pthread_sigmask`` (Windows), ``start()`` as it is."""
    if not hasattr(signal, "pthread_sigmask"):
        return start()
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    done: dict[str, Any] = {}

    def build() -> None:
        try:
            done["cluster"] = start()
        except BaseException as exc:  # handed to the calling thread
            done["error"] = exc

    thread = threading.Thread(target=build, name="cgtkit-cluster-start", daemon=True)
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        thread.start()  # a thread starts with the mask of the thread that starts it
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    try:
        while thread.is_alive():
            thread.join(0.1)
    except KeyboardInterrupt:
        while True:  # one Ctrl-C is enough: more of them do not leave the workers behind
            try:
                thread.join()
                if "cluster" in done:
                    done.pop("cluster").close()
                break
            except KeyboardInterrupt:
                continue
        raise
    if "error" in done:
        raise done["error"]
    return done["cluster"]


def refuse_unguarded_script(what: str = "a sweep") -> None:
    """A :class:`SweepError` when called, through any functions, from the top level of
    the script this process runs, outside ``if __name__ == "__main__":``: the workers
    of a local cluster import that script again and would start ``what`` again, each
    failing to start (Python's multiprocessing "spawn").  Nothing when the script is
    not a file (a notebook, ``python -c``) or is a package's ``__main__``.

    >>> refuse_unguarded_script()  # a doctest runs no script
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    name = getattr(getattr(main, "__spec__", None), "name", None) or ""
    if main is None or not path or name == "__main__" or name.endswith(".__main__"):
        return
    import inspect

    here = inspect.currentframe()
    frame, top = (here.f_back if here is not None else None), None
    while frame is not None:
        if frame.f_globals is vars(main) and frame.f_code.co_name == "<module>":
            top = frame
        frame = frame.f_back
    if top is None or top.f_lineno is None or _guarded(path, top.f_lineno):
        return
    raise SweepError(
        f"{os.path.basename(path)}, line {top.f_lineno}, starts {what} at the top level of the script: Dask's "
        'worker processes import the script again and would start it again; put it under if __name__ == "__main__":'
    )


def _guarded(path: str, line: int) -> bool:
    """Whether ``line`` of the script at ``path`` lies within an ``if __name__ ==
    "__main__":`` block at its top level (True when the script cannot be read)."""
    import ast

    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return True
    for node in tree.body:
        test = node.test if isinstance(node, ast.If) else None
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
            sides = sorted(ast.unparse(side) for side in (test.left, test.comparators[0]))
            if sides == ["'__main__'", "__name__"] and node.body[0].lineno <= line <= (node.body[-1].end_lineno or 0):
                return True
    return False


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
    pause: Pause | None = None,
    window: int | None = None,
) -> SweepReport:
    """Run ``sweep`` into the database at ``db_path``.

    The database is written only once the cluster is reached, so a failure to reach
    it leaves the file untouched.  ``progress``: a progress bar (tqdm) on stderr.  ``out``: where informative lines
    go (the dashboard address).  ``connect_timeout``: seconds to reach ``scheduler``.
    ``pause``: a test hook (:class:`Pause`; by default ``CGTKIT_SWEEP_PAUSE``'s).
    ``window``: tasks in flight at most (default :data:`WINDOW`, or 4 a worker if more)."""
    if workers < 1:
        raise SweepError(f"--workers must be at least 1, got {workers}")
    if window is not None and (isinstance(window, bool) or not isinstance(window, int) or window < 1):
        raise SweepError(f"--window must be at least 1, got {window!r}")
    pause = pause if pause is not None else Pause.from_env()
    check_ours(db_path)  # refuse a file that is not ours before anything else
    distributed = need_dask()
    if scheduler is None and distributed.utils.get_mp_context().get_start_method() == "spawn":
        refuse_unguarded_script()
    client, cluster = _client(scheduler, workers, memory_limit, connect_timeout)
    start = time.perf_counter()
    try:
        db = ResultsDB.create(db_path)
        try:
            items: Iterable[tuple] = sweep.pending(db)
            if sweep.todo is not None:
                todo = sweep.todo(db)
            else:
                items = list(items)
                todo = sum(sweep.weight(item) for item in items)
            report = SweepReport(total=sweep.total, skipped=sweep.total - todo, unit=sweep.unit)
            report.dashboard = _dashboard(client)
            report.workers = len(client.scheduler_info().get("workers", {}))
            report.window = window if window is not None else max(WINDOW, 4 * report.workers)
            if report.dashboard and out is not None:
                out(f"dashboard: {report.dashboard}")
            _gather(client, distributed, sweep, items, db, retries, progress, report, pause)
        finally:
            db.close()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    report.seconds = time.perf_counter() - start
    return report


def _gather(client, distributed, sweep: Sweep, items, db, retries, progress, report, pause):  # type: ignore[no-untyped-def]
    feed = iter(items)
    item_of: dict[str, tuple] = {}  # the tasks in flight (submitted, results not yet fetched), by key
    ac = distributed.as_completed()

    def refill() -> None:
        """Submit the next tasks of the listing, up to the window."""
        more = list(itertools.islice(feed, report.window - len(item_of)))
        if not more:
            return
        keys = [f"cgtkit-{sweep.what}-{_token(item)}" for item in more]
        for future, item in zip(client.map(sweep.func, *zip(*more), key=keys, retries=retries, pure=False), more):
            item_of[future.key] = item
            ac.add(future)
        report.peak_in_flight = max(report.peak_in_flight, len(item_of))

    bar = _bar(report.total - report.skipped, sweep.unit, progress)
    try:
        # a finished task's result is fetched at once (its future released, the next
        # task submitted), and the results are committed together, one transaction
        # every FLUSH_SECONDS (or FLUSH_UNITS units, or when nothing is in flight): a
        # transaction rewrites every index page it touches, so many small ones cost
        # several times the work of their rows (a 16-cell sweep writes 26 million); a
        # killed driver loses at most that much finished work, computed again next run
        refill()
        fetched: list[tuple[tuple, Any]] = []  # (item, result), fetched and not committed
        units = 0
        last = time.monotonic()
        committed = 0
        while item_of or fetched:
            batch = ac.next_batch(block=False) if not ac.is_empty() else []
            if batch:
                # a result lost with its worker after it finished is being computed again:
                # wait for it once more rather than record it
                ready = [f for f in batch if f.status in ("finished", "error", "cancelled")]
                for f in batch:
                    if f.status not in ("finished", "error", "cancelled"):
                        ac.add(f)
                got = _fetch(client, ready, item_of, distributed)
                fetched += got
                units += sum(sweep.weight(item) for item, _ in got)
            due = not item_of or time.monotonic() - last >= FLUSH_SECONDS or units >= FLUSH_UNITS
            if fetched and (due or pause is not None):
                # before a pause, no more than its count: the rest waits
                cut = len(fetched) if pause is None else pause.after - committed
                now, fetched = fetched[:cut], fetched[cut:]
                _commit(now, sweep, db, report)
                committed += len(now)
                done = sum(sweep.weight(item) for item, _ in now)
                units -= done
                if bar is not None:
                    bar.update(done)
                if pause is not None and committed >= pause.after:
                    pause.wait()
                    pause = None
                last = time.monotonic()
            if batch:
                refill()
            else:
                time.sleep(0.02)
    finally:
        if bar is not None:
            bar.close()


def _fetch(client, futures, item_of, distributed) -> list[tuple[tuple, Any]]:  # type: ignore[no-untyped-def]
    """The results of ``futures`` (one round trip), each ``(item, result)``, a task
    Dask gave up on as ``(item, _Failed(status, message))``; their futures released."""
    finished = [f for f in futures if f.status == "finished"]
    results = dict(zip((f.key for f in finished), client.gather(finished)))
    out = []
    for f in futures:
        result = results.get(f.key, _MISSING)
        if result is _MISSING:
            exc = f.exception() if f.status == "error" else None
            status = "killed" if isinstance(exc, distributed.KilledWorker) else "error"
            message = f"{type(exc).__name__}: {exc}".splitlines()[0][:500] if exc is not None else "cancelled by Dask"
            result = _Failed(status, message)
        out.append((item_of.pop(f.key), result))
        f.release()
    return out


@dataclass(frozen=True)
class _Failed:
    """A task Dask gave up on: the row's status and why."""

    status: str
    message: str


def _commit(fetched: list[tuple[tuple, Any]], sweep: Sweep, db: ResultsDB, report: SweepReport) -> None:
    """Write the rows of fetched results in one transaction."""
    with db.batch():
        for item, result in fetched:
            _record(result, item, sweep, db, report)


def _record(result: Any, item: tuple, sweep: Sweep, db: ResultsDB, report: SweepReport) -> None:
    """Write one finished task's rows: its ``result``, or the failure Dask gave up with."""
    if isinstance(result, _Failed):
        report.rows += sweep.failed(db, item, result.status, result.message)
        report.statuses[result.status] = report.statuses.get(result.status, 0) + 1
    else:
        report.rows += sweep.record(db, result)
        for status, count in _statuses(result).items():
            report.statuses[status] = report.statuses.get(status, 0) + count
        report.task_seconds += _seconds(result)
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
