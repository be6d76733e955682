"""Benchmark: the short-game engine against its slow, obviously-right reference.

Run ``python bench/bench_engine.py`` (or ``--quick``).  Every row times the fast engine
(:mod:`cgtkit.short.game`) and the reference twin (:mod:`cgtkit.short.reference`:
textbook recursion, no caches, no number/NUS shortcuts) on the same inputs in this
same run, and prints the median of the repeats and the ratio reference / fast.  Before
each fast repeat the engine's caches of sums, comparisons and canonical forms are
cleared (:func:`cgtkit.short.game.clear_caches`), so it is timed cold; interned games
stay.  Inputs are converted to reference games before the clock starts, and both sides'
answers are checked equal after it stops.

Workloads:

* sums of random pairs of games born by day 3;
* comparisons (both ``<=`` directions, i.e. ``compare``) of random day-3 pairs;
* canonicalising {A | B} for every pair of antichains A, B of day-2 games: 9604 raw
  option lists whose canonical forms are exactly the 1474 games born by day 3;
* the example game (Left n -> n-2, Right n -> n-1) for n = 1..N: the engine through
  :class:`cgtkit.PartizanSolver` asked for n = N first (cold); the reference bottom-up,
  ``canonical({v(n-2) | v(n-1)})``.

The script writes only to stdout and exits 0 when every answer agreed.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cgtkit.partizan import PartizanSolver  # noqa: E402
from cgtkit.short import reference as ref  # noqa: E402
from cgtkit.short.census import antichains, born_by  # noqa: E402
from cgtkit.short.game import Game, clear_caches  # noqa: E402

from _timing import alternating  # noqa: E402


def example_game(n: int) -> tuple[list[int], list[int]]:
    """Seed 000: Left moves n -> n-2, Right n -> n-1, only to positions > 0."""
    return ([n - 2] if n - 2 > 0 else []), ([n - 1] if n - 1 > 0 else [])


def example_fast(n: int) -> list[Game]:
    p = PartizanSolver(example_game)
    p.value(n)  # cold: the deepest position first
    return [p.value(k) for k in range(1, n + 1)]


def example_reference(n: int) -> list[ref.RGame]:
    values: list[ref.RGame] = []
    for k in range(1, n + 1):
        left = [values[k - 3]] if k - 2 > 0 else []
        right = [values[k - 2]] if k - 1 > 0 else []
        values.append(ref.canonical(ref.make(left, right)))
    return values


def workloads(quick: bool) -> list[tuple[str, Callable[[], object], Callable[[], object], Callable[[object], object]]]:
    """(name, fast, reference, fast answer -> reference form) for each row."""
    day2, day3 = born_by(2), born_by(3)
    rng = random.Random(2026)
    n_pairs = 60 if quick else 300
    pairs = [(rng.choice(day3), rng.choice(day3)) for _ in range(n_pairs)]
    rpairs = [(ref.from_game(g), ref.from_game(h)) for g, h in pairs]
    cmp_pairs = [(rng.choice(day3), rng.choice(day3)) for _ in range(2000 if quick else 20000)]
    rcmp = [(ref.from_game(g), ref.from_game(h)) for g, h in cmp_pairs]
    sides = antichains(day2)
    rsides = [[ref.from_game(g) for g in a] for a in sides]
    n_example = 10**4 if quick else 10**5

    def to_ref(games):
        return [ref.from_game(g) for g in games]

    def le_pairs(answer):
        return answer

    return [
        (
            f"sum of {n_pairs} random day-3 pairs",
            lambda: [g + h for g, h in pairs],
            lambda: [ref.add(a, b) for a, b in rpairs],
            to_ref,
        ),
        (
            f"compare {len(cmp_pairs)} random day-3 pairs",
            lambda: [(g <= h, h <= g) for g, h in cmp_pairs],
            lambda: [(ref.le(a, b), ref.le(b, a)) for a, b in rcmp],
            le_pairs,
        ),
        (
            f"canonicalise {len(sides) ** 2} raw {{A|B}} -> 1474 day-3 games",
            lambda: [Game.from_options(a, b) for a in sides for b in sides],
            lambda: [ref.canonical(ref.make(a, b)) for a in rsides for b in rsides],
            to_ref,
        ),
        (
            f"example game, n = 1..{n_example}",
            lambda: example_fast(n_example),
            lambda: example_reference(n_example),
            to_ref,
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table; 0 when engine and reference agreed everywhere."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller inputs (seconds, not minutes)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per side (default 3)")
    args = parser.parse_args(argv)
    rows = workloads(args.quick)
    print(f"short-game engine vs reference: median of {args.repeat} alternating runs, engine cold each run")
    print(f"{'workload':<52} {'engine s (cpu)':>18} {'reference s (cpu)':>20} {'ref/engine cpu':>15}")
    agree = True
    for name, fast, slow, convert in rows:
        t = alternating({"fast": fast, "slow": slow}, args.repeat, before=clear_caches)
        f, s = t["fast"], t["slow"]
        same = convert(f.answer) == s.answer
        agree &= same
        print(
            f"{name:<52} {f.wall:>8.4f} ({f.cpu:.4f}) {s.wall:>9.4f} ({s.cpu:.4f}) {s.cpu / max(f.cpu, 1e-9):>14.1f}x"
            + ("" if same else "  DISAGREE")
        )
    print("all answers agree" if agree else "ANSWERS DISAGREE")
    return 0 if agree else 1


if __name__ == "__main__":
    raise SystemExit(main())
