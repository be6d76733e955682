"""Benchmark: heap Grundy sequences, certified periods and nim products.

Run ``python bench/bench_heap.py`` (or ``--quick``).  Each row is a ratio against a
plain per-value mex baseline run in this same process on the same input: the baseline
computes every heap's value by marking every option's value and taking the mex, O(n)
per heap (native, like the fast path, so the ratio measures the algorithm, not the
language).  Where the quadratic baseline would take many minutes it is measured on a
prefix and extrapolated by n^2; such rows say so.  Fast timings are medians of three
runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

from cgtkit.heap.subtraction import subtraction_sequence  # noqa: E402
from cgtkit import backend  # noqa: E402
from cgtkit.heap import GrundysGame, OctalGame, TakeBreakCode  # noqa: E402
from cgtkit.nimbers import mex, nim_product, nim_product_array  # noqa: E402
from cgtkit.heap import PartizanSubtractionGame  # noqa: E402
from cgtkit.partizan import PartizanSolver  # noqa: E402
from cgtkit.rulesets.kayles import Kayles  # noqa: E402

from _timing import timed  # noqa: E402


def plain_mex(code: str, n: int) -> np.ndarray:
    """The baseline: values of heaps 0..n-1 by a plain mex over every option."""
    c = TakeBreakCode.parse(code)
    arr = lambda ks: np.array(ks, dtype=np.int64)  # noqa: E731
    G = np.zeros(n, dtype=np.int64)
    seen = np.zeros(n + 2, dtype=np.int64)
    backend.heap_kernels().fill_plain(G, 1, n, arr(c.takes(0)), arr(c.takes(1)), arr(c.takes(2)), False, seen, arr(()))
    return G


def plain_split_distinct(n: int) -> np.ndarray:
    """The baseline for Grundy's game: a plain mex over every split into unequal heaps."""
    G = np.zeros(n, dtype=np.int64)
    seen = np.zeros(n + 2, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    backend.heap_kernels().fill_plain(G, 1, n, none, none, np.array([0], dtype=np.int64), True, seen, none)
    return G


def window_repeat_period(take: Sequence[int]) -> tuple[int, int]:
    """The coin game's old method, the baseline: values one by one, each window of
    max(take) values kept as a tuple in a dict until one repeats (time and memory
    quadratic in max(take))."""
    m = max(take)
    values: list[int] = []
    seen: dict = {}
    for n in range(10**9):
        values.append(mex(values[n - s] for s in take if s <= n))
        if n + 1 >= m:
            window = tuple(values[n + 1 - m : n + 1])
            if window in seen:
                return seen[window], n + 1 - m - seen[window]
            seen[window] = n + 1 - m
    raise AssertionError("no period")


def coin_period(take: Sequence[int]) -> tuple[int, int]:
    seq = subtraction_sequence(take)
    seq.game.release()  # no values kept: each run times the whole computation
    return seq.preperiod, seq.period


def kayles_runs_old_loop(n: int) -> list[int]:
    """The Kayles ruleset's former run table, the baseline: a set and a mex per run."""
    runs = [0]
    while len(runs) <= n:
        m = len(runs)
        seen = {runs[a] ^ runs[m - k - a] for k in (1, 2) for a in range(0, (m - k) // 2 + 1)}
        g = 0
        while g in seen:
            g += 1
        runs.append(g)
    return runs


def kayles_row(n: int) -> int:
    Kayles._game.release()  # from scratch each run
    return Kayles("x" * n).grundy  # (.value is the game *g; the baseline gives the int g)


def example_game_subtraction(n: int):
    return PartizanSubtractionGame(left=[2], right=[1]).value(n - 1)


def example_game_solver(n: int):
    def moves(m: int):
        return ([m - 2] if m > 2 else []), ([m - 1] if m > 1 else [])

    return PartizanSolver(moves).value(n)


def fast(code: str, n: int) -> np.ndarray:
    return OctalGame(code).grundy_values(n)


def row(name: str, fast_s: float, base_s: float, note: str = "") -> str:
    return f"| {name} | {fast_s:.3f} s | {base_s:.2f} s{note} | {base_s / fast_s:,.0f}x |"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 0.16 certification and shrink the baselines")
    args = parser.parse_args(argv)

    print(f"heap kernels: {backend.heap_kernels().name}")
    fast("0.77", 2000)  # warm up (first-touch costs out of the timings)
    plain_mex("0.77", 2000)
    nim_product_array(np.arange(4, dtype=np.uint64), np.arange(4, dtype=np.uint64))

    print("| workload | cgtkit | plain mex baseline | ratio |")
    print("|---|---|---|---|")

    # Kayles to 40,000: both measured
    n = 40_000
    base_n = n if not args.quick else 20_000
    t_base = timed(lambda: plain_mex("0.77", base_n), 1).wall * (n / base_n) ** 2
    t_fast = timed(lambda: fast("0.77", n)).wall
    assert (fast("0.77", 5000) == plain_mex("0.77", 5000)).all()
    print(
        row("Kayles (0.77), 40,000 heaps", t_fast, t_base, "" if base_n == n else f" (measured to {base_n:,}, x n^2)"),
        flush=True,
    )

    # Kayles to 10^6: baseline extrapolated from 10^5 (quick: from 40,000)
    n = 1_000_000
    base_n = 100_000 if not args.quick else 40_000
    t_base = timed(lambda: plain_mex("0.77", base_n), 1).wall * (n / base_n) ** 2
    t_fast = timed(lambda: fast("0.77", n)).wall
    print(row("Kayles (0.77), 1,000,000 heaps", t_fast, t_base, f" (measured to {base_n:,}, x n^2)"), flush=True)

    # Kayles to 10^7 and Grundy's game to 2^20 (no baseline: reported for the record)
    t_fast = timed(lambda: fast("0.77", 10_000_000), 1).wall
    print(f"| Kayles (0.77), 10,000,000 heaps | {t_fast:.3f} s | | |", flush=True)
    n = 1 << (20 if not args.quick else 16)
    t_fast = timed(lambda: GrundysGame().grundy_values(n), 1).wall
    base_n = 20_000
    t_base = timed(lambda: plain_split_distinct(base_n), 1).wall * (n / base_n) ** 2
    print(row(f"Grundy's game, {n:,} heaps", t_fast, t_base, f" (measured to {base_n:,}, x n^2)"), flush=True)

    # 0.16 to certification of (105351, 149459)
    if not args.quick:
        found: list = []
        t_fast = timed(lambda: found.append(OctalGame("0.16").periodicity(limit=4_000_000)), 1).wall
        p = found[-1]
        assert p is not None and p.certified and (p.preperiod, p.period) == (105351, 149459), p
        base_n = 100_000
        t_base = timed(lambda: plain_mex("0.16", base_n), 1).wall * (p.needed / base_n) ** 2
        print(
            row(
                f"0.16 certified: ({p.preperiod}, {p.period}), {p.checked:,} heaps computed, {p.needed:,} checked",
                t_fast,
                t_base,
                f" (plain mex to {p.needed:,} heaps: measured to {base_n:,}, x n^2)",
            ),
            flush=True,
        )

    # the coin game's proved period: one engine (numpy values, period by the Z-function)
    # against the old window-repeat method
    for take, base_take in (((1999, 2000), (1999, 2000)), ((19999, 20000), (1999, 2000))):
        t_fast = timed(lambda: coin_period(take)).wall
        t_base = timed(lambda: window_repeat_period(base_take), 1).wall * (max(take) / max(base_take)) ** 2
        assert coin_period(base_take) == window_repeat_period(base_take)
        note = "" if take == base_take else f" (measured on {base_take}, x max(take)^2)"
        print(row(f"coin game, take {take}: period {coin_period(take)[1]:,} proved", t_fast, t_base, note), flush=True)

    # a Kayles row: the heap engine and its proved period against the old run table
    n, base_n = 100_000, 3_000 if not args.quick else 1_500
    t_fast = timed(lambda: kayles_row(n)).wall
    t_base = timed(lambda: kayles_runs_old_loop(base_n), 1).wall * (n / base_n) ** 2
    assert kayles_row(base_n) == kayles_runs_old_loop(base_n)[base_n]
    print(
        row(f"Kayles row of {n:,} pins (ruleset)", t_fast, t_base, f" (old run table to {base_n:,}, x n^2)"), flush=True
    )

    # the example game (Left n -> n-2, Right n -> n-1) far out: bottom up with a proved period against PartizanSolver
    n = 100_000 if not args.quick else 20_000
    t_fast = timed(lambda: example_game_subtraction(n)).wall
    t_base = timed(lambda: example_game_solver(n), 1).wall
    assert example_game_subtraction(n) == example_game_solver(n)
    print(row(f"the example game, position {n:,}", t_fast, t_base, " (PartizanSolver)"), flush=True)

    # a million 64-bit nim products: vectorised vs scalar nim_product in a Python loop
    rng = np.random.default_rng(0)
    a = rng.integers(0, 2**64, size=1_000_000, dtype=np.uint64)
    b = rng.integers(0, 2**64, size=1_000_000, dtype=np.uint64)
    t_fast = timed(lambda: nim_product_array(a, b)).wall
    sample = 20_000 if not args.quick else 5_000
    pairs = list(zip(a[:sample].tolist(), b[:sample].tolist()))
    t_base = timed(lambda: [nim_product(x, y) for x, y in pairs], 1).wall * (len(a) / sample)
    got = nim_product_array(a[:200], b[:200])
    assert [int(v) for v in got] == [nim_product(x, y) for x, y in pairs[:200]]
    print(row("1,000,000 nim products (64-bit)", t_fast, t_base, f" (scalar loop, measured on {sample:,})"), flush=True)
    with backend.use("python"):
        t_np = timed(lambda: nim_product_array(a, b), 1).wall
    print(f"| (the numpy twin of the nim-product kernel) | {t_np:.3f} s | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
