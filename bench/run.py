"""``make bench``: run every cgtkit benchmark script in ``bench/`` and show its table.

Each ``bench/bench_*.py`` is a standalone script that times a fast path against its
slow, obviously-right baseline on the same input, in the same run, and prints the
medians and their ratio.  This driver runs them one after another, each in its own
process (so one script's caches cannot help another), passes its arguments through
(``--quick`` for a short run) and exits non-zero if any script failed.

    python bench/run.py              # everything (minutes)
    python bench/run.py --quick      # a short run of each
    python bench/run.py engine heap  # only bench_engine.py and bench_heap.py

Comparisons with other libraries live in ``bench/peers.py`` (``make bench-peers``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def scripts(names: list[str]) -> list[Path]:
    """The benchmark scripts to run: all of them, or those whose name contains a word."""
    found = sorted(HERE.glob("bench_*.py"))
    if names:
        found = [p for p in found if any(n in p.stem for n in names)]
    return found


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    options = [a for a in argv if a.startswith("-")]
    names = [a for a in argv if not a.startswith("-")]
    failed = []
    for script in scripts(names):
        print(f"\n=== {script.name} {' '.join(options)}".rstrip(), flush=True)
        start = time.perf_counter()
        code = subprocess.run([sys.executable, str(script), *options], cwd=HERE.parent).returncode
        print(
            f"=== {script.name}: {'ok' if code == 0 else f'FAILED ({code})'} in {time.perf_counter() - start:.1f} s",
            flush=True,
        )
        if code != 0:
            failed.append(script.name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
