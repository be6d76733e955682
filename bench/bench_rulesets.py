"""Benchmark: issue 6's ruleset workloads, timed in cgtkit, side by side with the slow
reference twins (cgtkit.rulesets.reference) where those finish in reasonable time.

    python bench/bench_rulesets.py            # every case (minutes)
    python bench/bench_rulesets.py --quick    # the small cases only (seconds)

Each case starts from an empty transposition table (``ruleset.clear()``, and the slow
twins' caches cleared), so the times are for solving from scratch; the import is not
timed.  The median of ``--repeat`` runs is reported, wall clock and CPU.  The peers'
columns repeat the times measured in issue 6 (another run, another machine: context,
not a same-machine comparison; ``make bench-peers`` does that).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from cgtkit.rulesets import Amazons, Clobber, Domineering, Konane, ToadsAndFrogs  # noqa: E402
from cgtkit.rulesets import reference as ref  # noqa: E402
from cgtkit.rulesets import toads as toads_module  # noqa: E402


def rect(h: int, w: int) -> str:
    return "|".join(["." * w] * h)


def stones(text: str):
    cells = ref.cells_of(text, ".") | ref.cells_of(text, "x") | ref.cells_of(text, "o")
    return cells, ref.cells_of(text, "x"), ref.cells_of(text, "o")


@dataclass
class Case:
    name: str
    run: Callable[[], object]
    reset: Callable[[], None]
    slow: Optional[Callable[[], object]] = None
    quick: bool = False
    cgt_py: Optional[float] = None  # seconds, as measured in issue 6
    pycgt: Optional[float] = None


def _dom(h: int, w: int) -> Callable[[], object]:
    return lambda: Domineering(rect(h, w)).value


def _slow_reset() -> None:
    for f in (ref.slow_domineering, ref.slow_clobber, ref.slow_toads, ref.slow_amazons, ref.slow_konane):
        f.cache_clear()


CASES = [
    Case("Domineering 4x4", _dom(4, 4), Domineering.ruleset.clear,
         lambda: ref.slow_domineering(ref.cells_of(rect(4, 4))), True, 0.015, 0.33),
    Case("Domineering 4x5", _dom(4, 5), Domineering.ruleset.clear,
         lambda: ref.slow_domineering(ref.cells_of(rect(4, 5))), True, 0.24, 3.0),
    Case("Domineering 4x6", _dom(4, 6), Domineering.ruleset.clear, None, False, 3.2, 33.0),
    Case("Domineering 5x5", _dom(5, 5), Domineering.ruleset.clear, None, False, 6.4, None),
    Case("Clobber xox|oxo|xox", lambda: Clobber("xox|oxo|xox").value, Clobber.ruleset.clear,
         lambda: ref.slow_clobber(*stones("xox|oxo|xox")[1:]), True),
    Case("Clobber xoxo|oxox|xoxo|oxox", lambda: Clobber("xoxo|oxox|xoxo|oxox").value, Clobber.ruleset.clear,
         None, False, None, 203.0),
    Case("Amazons x....|o....", lambda: Amazons("x....|o....").value, Amazons.ruleset.clear,
         lambda: ref.slow_amazons(*stones("x....|o....")), True),
    Case("Amazons x......|o......", lambda: Amazons("x......|o......").value, Amazons.ruleset.clear,
         None, False, 28.0, None),
    Case("Konane xoxo|oxox|xoxo|oxo.", lambda: Konane("xoxo|oxox|xoxo|oxo.").value, Konane.ruleset.clear,
         lambda: ref.slow_konane(*stones("xoxo|oxox|xoxo|oxo.")), True),
    Case("Konane xoxox|oxoxo|xoxox|oxox.", lambda: Konane("xoxox|oxoxo|xoxox|oxox.").value, Konane.ruleset.clear),
    Case("Toads and Frogs ttttt..fffff", lambda: ToadsAndFrogs("ttttt..fffff").value,
         toads_module.TOADS_TABLE.clear, lambda: ref.slow_toads("TTTTT..FFFFF"), True),
]


def _time(run: Callable[[], object], reset: Callable[[], None], repeat: int) -> tuple[float, float, object]:
    walls, cpus = [], []
    answer = None
    for _ in range(repeat):
        reset()
        w0, c0 = time.perf_counter(), time.process_time()
        answer = run()
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return statistics.median(walls), statistics.median(cpus), answer


def _fmt(x: Optional[float]) -> str:
    return "-" if x is None else f"{x:.3f}"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the small cases only")
    parser.add_argument("--repeat", type=int, default=1, help="runs per case (median reported)")
    parser.add_argument("--no-slow", action="store_true", help="skip the slow reference twins")
    parser.add_argument("--only", default="", help="run only cases whose name contains this text")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if (c.quick or not args.quick) and args.only.lower() in c.name.lower()]
    head = f"{'case':32} {'cgtkit s':>9} {'cpu s':>8} {'slow s':>8} {'slow/fast':>9} {'cgt-py*':>8} {'pycgt*':>8}"
    print(head)
    print("-" * len(head))
    ok = True
    for case in cases:
        wall, cpu, answer = _time(case.run, case.reset, args.repeat)
        slow = ratio = None
        if case.slow is not None and not args.no_slow:
            slow, _, slow_answer = _time(case.slow, _slow_reset, 1)
            ratio = slow / wall if wall else None
            if slow_answer != answer:
                ok = False
                print(f"  MISMATCH: {case.name}: fast {answer} != slow {slow_answer}")
        r = "-" if ratio is None else f"{ratio:.1f}x"
        print(f"{case.name:32} {wall:9.3f} {cpu:8.3f} {_fmt(slow):>8} {r:>9} {_fmt(case.cgt_py):>8} {_fmt(case.pycgt):>8}")
        sys.stdout.flush()
    print("* the peers' times as measured in issue 6 (not this run, not this machine)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
