"""Benchmark: misère quotients of heap games and misère canonical forms.

Run ``python bench/bench_misere.py`` (or ``--quick``).  Each row is measured in a fresh
process (the quotient and canonical-form tables are process-wide caches), as the median
of the runs asked for:

* the misère quotient of Dawson's Kayles (0.07) to heap 30 (order 360, as Siegel's
  MisereSolver finds), of Kayles (0.77) to heap 170 (where its period 12 is proved) and
  of 4.7 to heap 16, by the native construction and by its python twin (the baseline:
  the same algorithm, step for step, so the ratio measures the language);
* the misère canonical form of Grundy's game at heap 22 (from the canonical forms of
  its options, heap by heap).

The python twin is not run on Dawson's Kayles: its candidates reach some 12 000
elements, past the twin's limit of 4 000 (list tables of that size take gigabytes).
``--quick`` runs each row once.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

QUOTIENT = """
import time
from cgtkit.heap import OctalGame
from cgtkit.misere.construct import construct
g = OctalGame({code!r})
options = [g.moves(h) for h in range({heaps} + 1)]
t = time.perf_counter()
c = construct(options, engine={engine!r})
print(time.perf_counter() - t, c.m)
"""

CANONICAL = """
import time
from cgtkit.heap import GrundysGame
from cgtkit.misere import canonical_form
t = time.perf_counter()
g = canonical_form(GrundysGame(), {heap})
text = str(g)
print(time.perf_counter() - t, text)
"""


def _run(code: str, repeat: int) -> tuple[float, str]:
    times, out = [], ""
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
        seconds, out = done.stdout.split(maxsplit=1)
        times.append(float(seconds))
    return statistics.median(times), out.strip()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="one run of each row")
    args = ap.parse_args(argv)
    repeat = 1 if args.quick else 3

    print(f"{'misère quotient':<32} {'order':>6} {'native s':>10} {'python s':>10} {'ratio':>7}")
    for code, heaps, name in [("0.07", 30, "Dawson's Kayles"), ("0.77", 170, "Kayles"), ("4.7", 16, "4.7")]:
        fast, order = _run(QUOTIENT.format(code=code, heaps=heaps, engine="native"), repeat)
        if code == "0.07":
            print(f"{f'{name} ({code}) to heap {heaps}':<32} {order:>6} {fast:>10.3f} {'refused':>10} {'':>7}")
            continue
        slow, order2 = _run(QUOTIENT.format(code=code, heaps=heaps, engine="python"), 1)
        assert order == order2, (order, order2)
        print(f"{f'{name} ({code}) to heap {heaps}':<32} {order:>6} {fast:>10.3f} {slow:>10.3f} {slow / fast:>6.1f}x")

    seconds, text = _run(CANONICAL.format(heap=22), repeat)
    print(f"\nmisère canonical form of Grundy's game heap 22: {seconds:.3f} s")
    print(f"  {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
