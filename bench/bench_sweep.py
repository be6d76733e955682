"""Benchmark: sweeps on a local Dask cluster, 1 worker against 2, on the same work.

Run ``python bench/bench_sweep.py`` (``--quick`` for a short run; ``--heaps``,
``--digits``, ``--cells`` to choose the work).  Each sweep starts from an empty
database, on a fresh LocalCluster of worker processes, so both runs do the same work;
the ratio is wall(1 worker) / wall(2 workers), taken in the same run.  CPU time is
the sum of the tasks' own CPU seconds (as recorded in the database) plus the
driver's.  The second part values every Domineering position of up to ``--cells``
cells with 2 workers: wall time and positions per second.

Needs ``pip install 'cgtkit[sweep]'``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit.sweep import heap_sweep, heap_tasks, positions_sweep  # noqa: E402
from cgtkit.sweep.runner import run  # noqa: E402

from _timing import timed  # noqa: E402


def _task_cpu(path: str, table: str, column: str) -> float:
    conn = sqlite3.connect(path)
    try:
        return float(conn.execute(f"SELECT COALESCE(SUM({column}), 0) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def _timed(make, workers: int, table: str, column: str) -> tuple[float, float, float, float, object]:
    path = os.path.join(tempfile.mkdtemp(prefix="cgtkit-bench-"), "r.db")
    t = timed(lambda: run(make(), path, workers=workers), repeat=1)  # one run: a sweep resumes from its database
    return t.wall, _task_cpu(path, table, column), _task_cpu(path, table, "seconds"), t.cpu, t.answer


def _load() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:  # not Linux
        return "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a short run: 2**12 heaps, Domineering to 8 cells")
    ap.add_argument("--digits", type=int, default=3)
    ap.add_argument("--heaps", type=int, default=None, help="heap limit (default 2**14; --quick 2**12)")
    ap.add_argument("--cells", type=int, default=None, help="Domineering cells (default 10; --quick 8)")
    args = ap.parse_args(argv)
    heaps = args.heaps or (1 << 12 if args.quick else 1 << 14)
    cells = args.cells or (8 if args.quick else 10)
    codes = heap_tasks.octal_codes(args.digits)
    print(f"octal sweep: {len(codes)} codes 0.{'d' * args.digits}, to {heaps:,} heaps (or a certified period)")
    walls = {}
    for workers in (1, 2):
        load = _load()
        wall, task_cpu, task_wall, driver_cpu, report = _timed(
            lambda: heap_sweep("octal", codes, heaps), workers, "heap_games", "cpu_seconds"
        )
        walls[workers] = wall
        print(
            f"  {workers} worker(s): wall {wall:7.1f} s (including cluster start), tasks' CPU {task_cpu:7.1f} s "
            f"(their wall {task_wall:.1f} s), driver CPU {driver_cpu:5.1f} s, load average {load} -> {_load()}; "
            f"{report.statuses}"
        )
    print(f"  speedup, 2 workers over 1: {walls[1] / walls[2]:.2f}")
    wall, _, task_wall, driver_cpu, report = _timed(
        lambda: positions_sweep("domineering", cells), 2, "positions", "seconds"
    )
    total = report.total
    print(
        f"Domineering positions up to {cells} cells: {total:,} positions, 2 workers: wall {wall:.1f} s, "
        f"{total / wall:,.0f} positions/s (tasks' wall {task_wall:.1f} s, driver CPU {driver_cpu:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
