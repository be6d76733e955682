"""Benchmark: the ruleset workloads, the native search against its twin, the Python
search (and the slow reference twins of cgtkit.rulesets.reference where they finish),
all in one run.

    python bench/bench_rulesets.py               # every case (minutes)
    python bench/bench_rulesets.py --quick       # the small cases only (seconds)
    python bench/bench_rulesets.py --workers 2   # the native search on 2 threads
    python bench/bench_rulesets.py --speedup     # native on 1 thread, then on 2

Each timing starts from empty tables: the ruleset's (native and Python) and the
engine's remembered sums, comparisons and canonical forms (``clear_caches``), so each
is a solve from scratch; imports are not timed.  Wall clock and CPU time are the
medians of ``--repeat`` runs.  The cgt-py column repeats cgt-py's times from
docs/benchmarks.md (``make bench-peers`` on this machine; context, not this run).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from cgtkit.rulesets import Amazons, Clobber, Domineering, Konane, ToadsAndFrogs  # noqa: E402
from cgtkit.rulesets import native  # noqa: E402
from cgtkit.rulesets.graphs import ArcKayles, Col, Snort  # noqa: E402
from cgtkit.rulesets import reference as ref  # noqa: E402
from cgtkit.rulesets import toads as toads_module  # noqa: E402
from cgtkit.short.game import clear_caches  # noqa: E402

from _timing import alternating, timed  # noqa: E402


def rect(h: int, w: int) -> str:
    return "|".join(["." * w] * h)


def stones(text: str):
    cells = ref.cells_of(text, ".") | ref.cells_of(text, "x") | ref.cells_of(text, "o")
    return cells, ref.cells_of(text, "x"), ref.cells_of(text, "o")


@dataclass
class Case:
    name: str
    position: object
    slow: Optional[Callable[[], object]] = None  # the slow reference twin
    quick: bool = False
    python: bool = True  # time the Python search too
    cgt_py: Optional[float] = None  # seconds, make bench-peers on this machine


def _reset() -> None:
    """Empty every table: the rulesets' (native and Python), the slow twins', the engine's."""
    for cls in (Domineering, Clobber, Amazons, Konane):
        cls.ruleset.clear()
    toads_module.TOADS_TABLE.clear()
    for graph_game in (Col, Snort, ArcKayles):
        graph_game.table.clear()
    native.clear_all()
    for f in (ref.slow_domineering, ref.slow_clobber, ref.slow_toads, ref.slow_amazons, ref.slow_konane):
        f.cache_clear()
    clear_caches()


def grid_graph(h: int, w: int) -> str:
    """The h x w grid graph in graph notation (Col, Snort, Arc Kayles on graphs)."""
    right = [f"{i}_{j}-{i}_{j + 1}" for i in range(h) for j in range(w - 1)]
    down = [f"{i}_{j}-{i + 1}_{j}" for i in range(h - 1) for j in range(w)]
    return " ".join(right + down)


PETERSEN = "1-2-3-4-5-1 1-6 2-7 3-8 4-9 5-10 6-8-10-7-9-6"


def _dom(h: int, w: int, **kw) -> Case:
    slow = (lambda: ref.slow_domineering(ref.cells_of(rect(h, w)))) if h * w <= 20 else None
    return Case(f"Domineering {h}x{w}", Domineering(rect(h, w)), slow, **kw)


CASES = [
    _dom(4, 4, quick=True, cgt_py=0.012),
    _dom(4, 5, quick=True, cgt_py=0.158),
    _dom(2, 12, quick=True, cgt_py=0.175),
    _dom(4, 6, cgt_py=2.961),
    _dom(5, 5, cgt_py=4.699),
    _dom(5, 6, python=False),
    Case("Clobber xox|oxo|xox", Clobber("xox|oxo|xox"), lambda: ref.slow_clobber(*stones("xox|oxo|xox")[1:]), True),
    Case("Clobber xoxo|oxox|xoxo|oxox", Clobber("xoxo|oxox|xoxo|oxox")),
    Case("Amazons x....|o....", Amazons("x....|o...."), lambda: ref.slow_amazons(*stones("x....|o....")), True),
    Case("Amazons x......|o......", Amazons("x......|o......"), cgt_py=23.041),
    Case(
        "Konane xoxo|oxox|xoxo|oxo.",
        Konane("xoxo|oxox|xoxo|oxo."),
        lambda: ref.slow_konane(*stones("xoxo|oxox|xoxo|oxo.")),
        True,
    ),
    Case("Konane xoxox|oxoxo|xoxox|oxox.", Konane("xoxox|oxoxo|xoxox|oxox.")),
    Case("Toads and Frogs ttttt..fffff", ToadsAndFrogs("ttttt..fffff"), lambda: ref.slow_toads("TTTTT..FFFFF"), True),
    Case("Snort on the Petersen graph", Snort(PETERSEN), quick=True),
    Case("Arc Kayles on the 3x4 grid graph", ArcKayles(grid_graph(3, 4)), quick=True),
    Case("Snort on the 4x4 grid graph", Snort(grid_graph(4, 4))),
    Case("Col on the 4x4 grid graph", Col(grid_graph(4, 4))),
    Case("Arc Kayles on the 4x5 grid graph", ArcKayles(grid_graph(4, 5))),
]


def _native(position: object, workers: int) -> Callable[[], object]:
    def run() -> object:
        native.set_workers(workers)
        try:
            return position.value
        finally:
            native.set_workers(1)

    return run


def _python(position: object) -> Callable[[], object]:
    def run() -> object:
        with native.python_search():
            return position.value

    return run


def _fmt(x: Optional[float]) -> str:
    return "-" if x is None else f"{x:.3f}"


def _ratio(a: Optional[float], b: Optional[float]) -> str:
    return "-" if a is None or b is None or not b else f"{a / b:.1f}x"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the small cases only")
    parser.add_argument("--repeat", type=int, default=1, help="runs per case (median reported)")
    parser.add_argument("--workers", type=int, default=1, help="threads of the native search")
    parser.add_argument("--speedup", action="store_true", help="time the native search on 1 and on 2 threads")
    parser.add_argument("--no-python", action="store_true", help="skip the Python search and the slow twins")
    parser.add_argument("--only", default="", help="run only cases whose name contains this text")
    args = parser.parse_args(argv)
    if not native.active():
        print("the native search is not available (CGTKIT_ENGINE=python or no cgtkit._native)")
        return 1
    cases = [c for c in CASES if (c.quick or not args.quick) and args.only.lower() in c.name.lower()]
    if args.speedup:
        head = f"{'case':32} {'1 thread s':>10} {'cpu s':>8} {'2 threads s':>11} {'cpu s':>8} {'speedup':>8}"
    else:
        head = (
            f"{'case':32} {'native s':>9} {'cpu s':>8} {'python s':>9} {'py/nat':>7} "
            f"{'slow s':>8} {'slow/nat':>8} {'cgt-py*':>8} {'cgt-py/nat':>10}"
        )
    print(head)
    print("-" * len(head))
    ok = True
    for case in cases:
        if args.speedup:  # one thread and two, taking turns
            t = alternating(
                {"1": _native(case.position, args.workers), "2": _native(case.position, 2)}, args.repeat, before=_reset
            )
            one, two = t["1"], t["2"]
            ok &= two.answer == one.answer
            print(
                f"{case.name:32} {one.wall:10.3f} {one.cpu:8.3f} {two.wall:11.3f} {two.cpu:8.3f}"
                f" {_ratio(one.wall, two.wall):>8}"
            )
            sys.stdout.flush()
            continue
        t1 = timed(_native(case.position, args.workers), args.repeat, before=_reset)
        wall, cpu, answer = t1.wall, t1.cpu, t1.answer
        py = slow = None
        for label, run, wanted in (
            ("python", _python(case.position), case.python),
            ("slow", case.slow, case.slow is not None),
        ):
            if not wanted or args.no_python:
                continue
            tp = timed(run, 1, before=_reset)
            t, other = tp.wall, tp.answer
            if other != answer:
                ok = False
                print(f"  MISMATCH: {case.name}: native {answer} != {label} {other}")
            if label == "python":
                py = t
            else:
                slow = t
        print(
            f"{case.name:32} {wall:9.3f} {cpu:8.3f} {_fmt(py):>9} {_ratio(py, wall):>7} {_fmt(slow):>8} "
            f"{_ratio(slow, wall):>8} {_fmt(case.cgt_py):>8} {_ratio(case.cgt_py, wall):>10}"
        )
        sys.stdout.flush()
    if not args.speedup:
        print("* cgt-py's times from make bench-peers on this machine (docs/benchmarks.md), not this run")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
