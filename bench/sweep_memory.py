"""The peak memory of a sweep's processes: the driver (with a local cluster, the Dask
scheduler runs inside it too) and each worker, sampled while the command runs.

    python bench/sweep_memory.py -- cgtkit sweep positions domineering --cells 13 --db dom.db

runs the command after ``--`` and samples, every ``--every`` seconds, the resident set
size of the command's process and of each process it starts (psutil); at the end it
prints the command's wall time, the driver's peak, each worker's peak (a worker is a
child started by multiprocessing's ``spawn``; a worker restarted by its nanny is a new
process) and the peak of the whole tree at one moment.  ``/usr/bin/time -v`` gives
only the largest single process; this tells the driver from the workers.  A sample
misses a peak shorter than the interval.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time


def main(argv: list[str] | None = None) -> int:
    import psutil

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=float, default=0.5, help="seconds between samples (default 0.5)")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    args = ap.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("no command given (after --)")
    start = time.perf_counter()
    proc = subprocess.Popen(command)
    root = psutil.Process(proc.pid)
    driver, tree = 0, 0
    workers: dict[int, int] = {}
    while proc.poll() is None:
        try:
            rss = root.memory_info().rss
            children = root.children(recursive=True)
        except psutil.Error:
            break
        total = rss
        driver = max(driver, rss)
        for child in children:
            try:
                child_rss = child.memory_info().rss
                is_worker = "spawn_main" in " ".join(child.cmdline())
            except psutil.Error:
                continue
            total += child_rss
            if is_worker:
                workers[child.pid] = max(workers.get(child.pid, 0), child_rss)
        tree = max(tree, total)
        time.sleep(args.every)
    status = proc.wait()
    wall = time.perf_counter() - start
    mb = 1 << 20
    print(f"wall: {wall:.1f} s, exit status {status}", file=sys.stderr)
    print(f"peak RSS: driver {driver / mb:.0f} MB", file=sys.stderr)
    for pid, peak in sorted(workers.items()):
        print(f"peak RSS: worker pid {pid} {peak / mb:.0f} MB", file=sys.stderr)
    print(f"peak RSS of the whole tree at one sample: {tree / mb:.0f} MB", file=sys.stderr)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
