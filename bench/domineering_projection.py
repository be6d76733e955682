"""What a Domineering positions sweep of more cells would cost, from a sample: the
positions of each size asked for, every ``n // sample``-th of the listing (so the sample
spreads over the whole listing, not its first chunks), valued here in one process by
the sweep's own task (:func:`cgtkit.sweep.positions.position_task`), the sizes in turns
so that a change of the machine's load touches each alike.

    python bench/domineering_projection.py --cells 13 15 16 --sample 2000

prints, per size, the positions, the sample, the task time per position (the median
of the turns, after an untimed warm-up on smaller positions) and its ratio to the
first size's.  A sweep of the size measured on this machine gives the
wall time per position with its workers and driver; times the ratio and the count
it projects the larger sweep.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit.sweep.positions import position_chunks, position_count, position_task  # noqa: E402


def sample(k: int, size: int) -> tuple[int, list[str]]:
    """(the positions of ``k`` cells, every ``n // size``-th of them in listing order)."""
    n = position_count(k)
    step = max(1, n // size)
    picked, seen = [], 0
    for chunk in position_chunks(k):
        first = (-seen) % step  # the index in this chunk of the next multiple of step
        picked += chunk[first::step]
        seen += len(chunk)
    return n, picked[:size]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cells", type=int, nargs="+", default=[13, 15, 16])
    ap.add_argument("--sample", type=int, default=2000, help="positions per size (default 2000)")
    ap.add_argument("--rounds", type=int, default=4, help="the sample is valued in this many turns per size")
    args = ap.parse_args(argv)
    samples = {}
    for k in args.cells:
        t = time.perf_counter()
        samples[k] = sample(k, args.sample)
        print(f"{k} cells: {samples[k][0]} positions, sampled {len(samples[k][1])} in {time.perf_counter() - t:.1f} s")
    # untimed: the first positions valued in a process pay for its start (imports, tables);
    # positions of one cell fewer than the smallest size, which the sample does not hold
    warm = min(args.cells) - 1
    if warm >= 1:
        position_task("domineering", next(position_chunks(warm, 300)))
    times: dict[int, list[float]] = {k: [] for k in args.cells}
    for r in range(args.rounds):
        for k in args.cells:
            part = samples[k][1][r :: args.rounds]
            t = time.perf_counter()
            rows = position_task("domineering", part)
            times[k].append((time.perf_counter() - t) / len(part))
            assert all(row["status"] == "done" for row in rows)
    base = statistics.median(times[args.cells[0]])
    for k in args.cells:
        median = statistics.median(times[k])
        spread = ", ".join(f"{x * 1e3:.3f}" for x in times[k])
        print(
            f"{k} cells: {median * 1e3:.3f} ms a position, the median of the turns ({spread}), "
            f"x{median / base:.2f} of {args.cells[0]} cells"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
