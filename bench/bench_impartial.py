"""Benchmark: the cost of ``ImpartialSolver``'s search loop around a user's move function.

Run ``python bench/bench_impartial.py`` (or ``--quick``).  For each workload, in one
run on the same positions:

* **floor**: ``moves(p)`` called once on every position the search needs, nothing
  else (no solver can do with less: it has to ask for every position's options);
* **plain loop**: a 20-line dict-and-stack loop in plain Python (no loop detection,
  no checks), what a user would write by hand;
* **solver**: ``ImpartialSolver(moves).grundy(root)`` on a fresh solver (the native
  search loop), and the plain-Python twin (``cgtkit.backend.python.impartial``, made
  within ``backend.use("python")``).

Each time is the median of five runs, wall clock and (after the slash) CPU time of
the process; the ratios are against the floor's.  On a loaded machine the CPU times
are the fairer measure.  The goal (issue 13) is solver / floor <= 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit import ImpartialSolver, backend  # noqa: E402

from _timing import Timing, alternating  # noqa: E402


def twin(moves: Callable) -> ImpartialSolver:
    """A solver on the plain-Python search loop."""
    with backend.use("python"):
        return ImpartialSolver(moves)


def plain_loop(moves: Callable, root) -> int:
    """The hand-written baseline: a dict, an explicit stack, a mex."""
    memo: dict = {}
    stack = [(root, None)]
    while stack:
        pos, opts = stack[-1]
        if opts is None:
            if pos in memo:
                stack.pop()
                continue
            opts = [o if type(o) is tuple else (o,) for o in moves(pos)]
            stack[-1] = (pos, opts)
        missing = [c for o in opts for c in o if c not in memo]
        if missing:
            stack.extend((c, None) for c in missing)
            continue
        stack.pop()
        seen = {0 ^ memo[o[0]] if len(o) == 1 else _xor(memo, o) for o in opts}
        g = 0
        while g in seen:
            g += 1
        memo[pos] = g
    return memo[root]


def _xor(memo: dict, comps: tuple) -> int:
    v = 0
    for c in comps:
        v ^= memo[c]
    return v


def subtraction_134(n: int) -> list[int]:
    return [n - k for k in (1, 3, 4) if k <= n]


def kayles_splits(n: int) -> list:
    """Kayles as a user writes it: knock down 1 or 2 pins, leaving a sum of two rows."""
    out = []
    for k in (1, 2):
        for a in range(0, (n - k) // 2 + 1):
            b = n - k - a
            out.append((a, b) if a else b)
    return out


def remove_a_letter(word: str) -> list[str]:
    return [word[:i] + word[i + 1 :] for i in range(len(word)) if i == 0 or word[i] != word[i - 1]]


WORKLOADS = [
    ("subtraction {1,3,4}, heap 200,000 (3 options each)", subtraction_134, 200_000, 40_000),
    ("Kayles by splits, row of 400 (sums of two rows)", kayles_splits, 400, 200),
    ("remove a letter, 'abcdefghijklmn' (string positions)", remove_a_letter, "abcdefghijklmn", "abcdefghijkl"),
]


def reachable(moves: Callable, root) -> list:
    """Every position the search needs (computed once, outside the timings)."""
    seen = {root}
    order = [root]
    i = 0
    while i < len(order):
        for o in moves(order[i]):
            for c in o if type(o) is tuple else (o,):
                if c not in seen:
                    seen.add(c)
                    order.append(c)
        i += 1
    return order


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    args = parser.parse_args(argv)
    print(
        "| workload | positions | floor: moves() once each | plain loop | solver (native loop) | solver (Python twin) |"
    )
    print("|---|---|---|---|---|---|")
    for name, moves, root, quick_root in WORKLOADS:
        if args.quick:
            root = quick_root
        positions = reachable(moves, root)
        want = plain_loop(moves, root)
        assert ImpartialSolver(moves).grundy(root) == want == twin(moves).grundy(root)

        def floor() -> None:
            for p in positions:
                moves(p)

        t = alternating(
            {
                "floor": floor,
                "plain": lambda: plain_loop(moves, root),
                "native": lambda: ImpartialSolver(moves).grundy(root),
                "twin": lambda: twin(moves).grundy(root),
            },
            repeat=5,
        )
        t_floor = t["floor"]

        def cell(x: Timing) -> str:
            return f"{x.wall:.3f} / {x.cpu:.3f} s ({x.wall / t_floor.wall:.2f}x / {x.cpu / t_floor.cpu:.2f}x)"

        print(
            f"| {name} | {len(positions):,} | {t_floor.wall:.3f} / {t_floor.cpu:.3f} s | {cell(t['plain'])}"
            f" | {cell(t['native'])} | {cell(t['twin'])} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
