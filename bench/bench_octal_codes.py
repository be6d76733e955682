"""Benchmark: the heap kernel's CPU time per octal code, by class (issue 16).

Run ``python bench/bench_octal_codes.py`` (every three-digit code to 2**14 heaps, about
10 s) or ``--heaps 65536 --codes 0.766,0.344`` for chosen codes.  For each code,
``OctalGame(code).periodicity(limit=heaps)`` in this process, timed by
``time.process_time()`` (CPU, so a loaded machine inflates it least); the codes are then
grouped as certified, open with few rare heaps (< 200), open with many.  ``--json FILE``
writes one line per code (CPU, wall, heaps, certificate, final mask, rare heaps, largest
value).  For a before/after ratio run it on two builds side by side; the figures are in
docs/benchmarks.md, "The heap kernel on the 512 three-digit codes".
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit.heap import OctalGame  # noqa: E402
from cgtkit.sweep.heap_tasks import octal_codes  # noqa: E402


def measure(code: str, heaps: int) -> dict:
    game = OctalGame(code)
    cpu, wall = time.process_time(), time.perf_counter()
    found = game.periodicity(limit=heaps)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    values, engine = game.grundy_values(min(heaps, len(game._values))), game._engine
    return {
        "code": code,
        "cpu": round(cpu, 4),
        "wall": round(wall, 4),
        "heaps": len(values),
        "certified": None if found is None or not found.certified else [found.preperiod, found.period],
        "mask": int(getattr(engine, "mask", -1)),
        "rare": int(getattr(engine, "_nrare", -1)),
        "top": int(values.max()) if len(values) else 0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heaps", type=int, default=1 << 14)
    ap.add_argument("--codes", default=None, help="comma-separated codes (default: every 0.ddd)")
    ap.add_argument("--json", default=None, help="write one JSON line per code here")
    args = ap.parse_args(argv)
    codes = args.codes.split(",") if args.codes else octal_codes(3)
    OctalGame("0.77").periodicity()  # warm up: imports and the native extension's loading
    rows = [measure(code, args.heaps) for code in codes]
    if args.json:
        Path(args.json).write_text("".join(json.dumps(r) + "\n" for r in rows))
    classes: dict[str, list[dict]] = {k: [] for k in ("certified", "open, few rare", "open, many rare")}
    for r in rows:
        kind = "certified" if r["certified"] else "open, few rare" if r["rare"] < 200 else "open, many rare"
        classes[kind].append(r)
    print(f"{len(codes)} codes to {args.heaps:,} heaps (or a certified period); CPU seconds")
    for kind, group in classes.items():
        if not group:
            continue
        slow = max(group, key=lambda r: r["cpu"])
        total = sum(r["cpu"] for r in group)
        print(f"  {kind:16} {len(group):4} codes  {total:8.2f} s  slowest {slow['code']} {slow['cpu']:.2f} s")
    print(f"  {'all':16} {len(rows):4} codes  {sum(r['cpu'] for r in rows):8.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
