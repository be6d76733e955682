"""Nodes a second of the compact certificate's writers and of its checker, on Clobber
2xN checkerboards (docs/rulesets.md, "The compact form, for big searches").

Each board in one process: the outcome search first (so the writer finds the outcome
table as ``cgtkit solve`` leaves it), then the writer (the native one, or with
``--python`` the Python twin), then the check of the bytes written; CPU seconds
(``time.process_time``) of each step.

    python bench/certificate_rates.py 10 11 12
    python bench/certificate_rates.py --python 10
"""

from __future__ import annotations

import argparse
import io
import time

from cgtkit import search
from cgtkit.replay.compact import check_compact
from cgtkit.rulesets import Clobber


def board(n: int) -> Clobber:
    """The 2xN checkerboard, Black (x) in the top left corner."""
    top = "".join("xo"[j % 2] for j in range(n))
    return Clobber(top + "|" + "".join("ox"[j % 2] for j in range(n)))


def rates(n: int, native: bool) -> str:
    b = board(n)
    t = time.process_time()
    search.outcome(b)
    searched = time.process_time() - t
    buf = io.BytesIO()
    t = time.process_time()
    c = search.compact_certificate(b, "LR", buf, native=native)
    written = time.process_time() - t
    t = time.process_time()
    checked = check_compact(buf.getvalue())
    checking = time.process_time() - t
    assert checked.sha256 == c.sha256 and checked.claims == c.claims
    writer = "native" if native else "python"
    return (
        f"Clobber 2x{n}: search {searched:.2f} s; {c.nodes:,} nodes, {len(buf.getvalue()):,} bytes, "
        f"written ({writer}) in {written:.2f} s ({c.nodes / max(written, 1e-9):,.0f}/s), "
        f"checked in {checking:.2f} s ({c.nodes / max(checking, 1e-9):,.0f}/s); SHA-256 {c.sha256}"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("n", type=int, nargs="+", help="the boards' widths")
    p.add_argument("--python", action="store_true", help="the Python writer (the native one's twin)")
    args = p.parse_args()
    for n in args.n:
        print(rates(n, not args.python), flush=True)


if __name__ == "__main__":
    main()
