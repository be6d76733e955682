"""Sweeps: many games computed on a Dask cluster, the results kept in a database.

One Dask task per heap game (per batch of positions); the driver commits each result
to one SQLite file as it arrives, so a sweep can be stopped and resumed, and a rerun
computes only what is missing.  The functions mirror ``cgtkit sweep``:

* :func:`octal`, :func:`hexadecimal`, :func:`subtraction`: every code of ``digits``
  digits (every subtraction set within ``{1..max_set}``), each computed until its
  period is certified or ``heaps`` values are computed;
* :func:`positions`: every Domineering position of up to ``cells`` cells (see
  :mod:`cgtkit.sweep.positions` for what a position is), its value, stops and
  temperature;
* :func:`solve`: who wins a sum, the search split into subtrees run as tasks (see
  :mod:`cgtkit.sweep.split_search`), each answer and its certificate kept, so a rerun resumes;
* :func:`open_db`: the database, for queries (``hottest``, ``values``, ``sql``) and
  export.

Each returns a :class:`~cgtkit.sweep.database.Table` (``columns``, ``rows``,
``to_pandas()``).  Sweeps need Dask (``pip install 'cgtkit[sweep]'``); the database
does not.  Layout: ``database`` (SQLite), ``heap_tasks`` and ``positions`` (the work,
run on workers, no Dask), ``runner`` (the driver, the only part that imports Dask).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "r.db")
>>> with open_db(path, create=True) as db:
...     db.summary()
[]
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from ..errors import SweepError
from . import heap_tasks
from . import positions as _positions
from .database import ResultsDB, Table, check_ours
from .runner import Sweep, SweepReport, run

__all__ = [
    "solve",
    "octal",
    "hexadecimal",
    "subtraction",
    "heap_games",
    "positions",
    "open_db",
    "heap_sweep",
    "positions_sweep",
    "Table",
]

DEFAULT_HEAPS = 1 << 20
DEFAULT_CHUNK = 256


def open_db(path: str, create: bool = False, readonly: bool = False) -> ResultsDB:
    """The results database at ``path`` (``create=True``: made if missing);
    :class:`~cgtkit.errors.SweepError` if the file is not a cgtkit results database."""
    return ResultsDB.create(path) if create else ResultsDB.open(path, readonly=readonly)


def heap_sweep(
    family: str,
    codes: Sequence[str],
    heaps: int,
    time_budget: float | None = None,
    memory_budget: int | None = None,
    retry: bool = False,
) -> Sweep:
    """The sweep of the heap games ``codes`` of ``family`` (canonical spellings)."""
    if isinstance(heaps, bool) or not isinstance(heaps, int) or heaps < 1:
        raise SweepError(f"the heap limit must be an int >= 1, got {heaps!r}")
    if time_budget is not None and time_budget <= 0:
        raise SweepError(f"the time budget must be positive, got {time_budget}")
    if memory_budget is not None and memory_budget <= 0:
        raise SweepError(f"the memory budget must be positive, got {memory_budget}")
    codes = list(dict.fromkeys(codes))

    def pending(db: ResultsDB) -> list[tuple[Any, ...]]:
        done = db.finished_heaps(family, heaps, retry=retry)
        return [(family, c, heaps, time_budget, memory_budget) for c in codes if c not in done]

    def record(db: ResultsDB, row: dict[str, Any]) -> int:
        db.record_heap(row)
        return 1

    def failed(db: ResultsDB, item: tuple[Any, ...], status: str, message: str) -> int:
        fam, code, limit = item[:3]
        db.record_heap(
            {"family": fam, "code": code, "heaps_limit": limit, "heaps": 0, "status": status, "message": message}
        )
        return 1

    return Sweep(family, heap_tasks.heap_task, len(codes), pending, record, failed, unit="game")


def positions_sweep(
    ruleset: str, cells: int, chunk: int = DEFAULT_CHUNK, time_budget: float | None = None, retry: bool = False
) -> Sweep:
    """The sweep of every position of ``ruleset`` of ``1 .. cells`` cells, in batches
    of ``chunk`` positions of one size."""
    if ruleset not in _positions.RULESETS:
        raise SweepError(f"no positions sweep for {ruleset!r}; there is: {', '.join(_positions.RULESETS)}")
    if isinstance(cells, bool) or not isinstance(cells, int) or not 1 <= cells <= _positions.MAX_CELLS:
        raise SweepError(f"--cells must be an int from 1 to {_positions.MAX_CELLS}, got {cells!r}")
    counts = {k: _positions.position_count(k) for k in range(1, cells + 1)}

    def pending(db: ResultsDB) -> Iterator[tuple[Any, ...]]:
        # the positions come from the listing chunk by chunk, as the runner takes tasks:
        # a size with a row for every position is skipped whole, a size with none needs
        # no look-up, and otherwise each chunk asks the database which it holds
        have = db.position_counts(ruleset, retry=retry)
        for k, count in counts.items():
            if have.get(k, 0) >= count:
                continue
            for part in _positions.position_chunks(k, chunk):
                todo = db.unknown_positions(ruleset, part, retry=retry) if have.get(k, 0) else part
                if todo:
                    yield (ruleset, todo, time_budget)

    def todo(db: ResultsDB) -> int:
        have = db.position_counts(ruleset, retry=retry)
        return sum(max(0, count - have.get(k, 0)) for k, count in counts.items())

    def record(db: ResultsDB, rows: list[dict[str, Any]]) -> int:
        db.record_positions(rows)
        return len(rows)

    def failed(db: ResultsDB, item: tuple[Any, ...], status: str, message: str) -> int:
        rows = [{"ruleset": ruleset, "position": p, "cells": p.count("."), "status": status} for p in item[1]]
        db.record_positions(rows)
        return len(rows)

    return Sweep(
        ruleset,
        _positions.position_task,
        sum(counts.values()),
        pending,
        record,
        failed,
        "position",
        lambda item: len(item[1]),
        todo,
    )


def solve(
    terms: Sequence[str],
    first: str = "L",
    db: str = "results.db",
    depth: int = 1,
    workers: int = 2,
    *,
    scheduler: str | None = None,
    retries: int = 2,
    certify: bool = True,
    progress: bool = False,
) -> tuple[bool | None, list[tuple[int, str]]]:
    """Whether ``first`` wins the sum ``terms`` (``ruleset:position`` or values, as
    ``cgtkit solve`` reads them) moving first, by a search split at ``depth`` into
    subtrees run on ``workers`` local worker processes or the Dask ``scheduler``, each
    answer (and, if ``certify``, its certificate) committed to the database ``db`` as it
    finishes.  Returns (the answer, None if the subtrees that finished do not decide it;
    the winning first moves the database proves: (term from 1, the term after))."""
    from . import split_search as _solve

    sweep = _solve.solve_sweep(terms, first, depth, certify)
    run(sweep, db, workers=workers, scheduler=scheduler, retries=retries, progress=progress)
    return _solve.result(db, terms, first, depth)


def heap_games(
    family: str,
    codes: Sequence[str],
    heaps: int = DEFAULT_HEAPS,
    db: str = "results.db",
    workers: int = 2,
    *,
    scheduler: str | None = None,
    retries: int = 2,
    time_budget: float | None = None,
    memory_budget: int | None = None,
    retry: bool = False,
    progress: bool = False,
    window: int | None = None,
) -> Table:
    """Sweep the heap games ``codes`` of ``family`` (``octal``, ``hex``, ``subtraction``):
    each computed to a certified period or ``heaps`` values, on ``workers`` local
    worker processes or the Dask ``scheduler`` given, into the database ``db``; a
    task that fails is retried ``retries`` times; ``retry=True`` recomputes rows that
    failed before (timeout, memory, killed, error); ``window``: tasks in flight at most
    (:func:`cgtkit.sweep.runner.run`).  Returns the rows of ``codes``:
    columns ``code``, ``heaps``, ``status``, ``preperiod``, ``period`` (None while open)."""
    family_codes = [heap_tasks.canonical_code(c, family) for c in codes]
    sweep = heap_sweep(family, family_codes, heaps, time_budget, memory_budget, retry)
    run(sweep, db, workers=workers, scheduler=scheduler, retries=retries, progress=progress, window=window)
    with ResultsDB.open(db, readonly=True) as results:
        return results.heap_table(family, codes=family_codes)


def octal(
    digits: int = 2, heaps: int = DEFAULT_HEAPS, db: str = "results.db", workers: int = 2, **options: Any
) -> Table:
    """Every octal code ``0.d1..d_digits`` (8**digits of them); ``options`` as for
    :func:`heap_games`."""
    return heap_games("octal", heap_tasks.octal_codes(digits), heaps, db, workers, **options)


def hexadecimal(
    digits: int = 2, heaps: int = DEFAULT_HEAPS, db: str = "results.db", workers: int = 2, **options: Any
) -> Table:
    """Every hexadecimal code ``0.h1..h_digits`` (16**digits of them); ``options`` as for
    :func:`heap_games`."""
    return heap_games("hex", heap_tasks.hex_codes(digits), heaps, db, workers, **options)


def subtraction(
    max_set: int = 4, heaps: int = DEFAULT_HEAPS, db: str = "results.db", workers: int = 2, **options: Any
) -> Table:
    """Every subtraction set within ``{1 .. max_set}`` (codes such as ``1,3,4``);
    ``options`` as for :func:`heap_games`."""
    return heap_games("subtraction", heap_tasks.subtraction_sets(max_set), heaps, db, workers, **options)


def positions(
    ruleset: str = "domineering",
    cells: int = 8,
    db: str = "results.db",
    workers: int = 2,
    *,
    scheduler: str | None = None,
    retries: int = 2,
    chunk: int = DEFAULT_CHUNK,
    time_budget: float | None = None,
    retry: bool = False,
    progress: bool = False,
    window: int | None = None,
) -> Table:
    """Every position of ``ruleset`` of up to ``cells`` cells: value, stops, temperature;
    returns the 20 hottest (``open_db(db).values()`` lists every value that occurs).
    The listing is taken chunk by chunk as the ``window`` of tasks in flight allows."""
    sweep = positions_sweep(ruleset, cells, chunk, time_budget, retry)
    run(sweep, db, workers=workers, scheduler=scheduler, retries=retries, progress=progress, window=window)
    with ResultsDB.open(db, readonly=True) as results:
        return results.hottest(20, ruleset)


__all__ += ["SweepReport", "check_ours"]
