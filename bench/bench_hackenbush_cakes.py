"""Native search against its Python twin on one sizeable position each of Hackenbush
trees, Hackenbush graphs and Eatcake (issue 13), in one run: each value computed in a
fresh process (so neither search finds the other's canonical forms in the engine),
wall and CPU seconds printed, the two values checked equal.

    python bench/bench_hackenbush_cakes.py
"""

from __future__ import annotations

import subprocess
import sys
import time

from cgtkit.rulesets import native
from cgtkit.rulesets.cakes import Eatcake
from cgtkit.rulesets.hackenbush import HackenbushGraph, HackenbushTree

CASES = [
    ("HackenbushTree", lambda: HackenbushTree("L(RG(L,R,G),GL(R,G,L),RRL(G,L(R,R)),LG(R,RL,GG),R(LG,GR))"), None),
    (
        "HackenbushGraph",
        lambda: HackenbushGraph("g-a:L a-b:R b-c:G c-a:L c-d:R d-g:G a-e:L e-f:R f-g:L b-f:G d-e:R e-h:L h-i:R i-b:G"),
        None,
    ),
    ("Eatcake", lambda: Eatcake("16x14"), None),
]


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    v = fn()
    return v, time.perf_counter() - w, time.process_time() - c


def one(name: str, engine: str) -> None:
    """Time one case in this process and print: value, wall, CPU."""
    make = dict((n, m) for n, m, _ in CASES)[name]
    if engine == "python":
        with native.python_search():
            v, w, c = timed(lambda: make().value)
    else:
        v, w, c = timed(lambda: make().value)
    print(f"{v}\t{w}\t{c}")


def main() -> None:
    if len(sys.argv) == 3:
        return one(sys.argv[1], sys.argv[2])
    for name, make, _ in CASES:
        got = {}
        for engine in ("native", "python"):
            out = subprocess.run([sys.executable, __file__, name, engine], capture_output=True, text=True, check=True)
            v, w, c = out.stdout.strip().split("\t")
            got[engine] = (v, float(w), float(c))
        (fast, fw, fc), (slow, sw, sc) = got["native"], got["python"]
        assert fast == slow, (name, fast, slow)
        print(
            f"{name} {make()}: native {fw:.3f} s wall / {fc:.3f} s CPU, python {sw:.3f} / {sc:.3f} s: "
            f"{sc / max(fc, 1e-9):.1f}x CPU"
        )


if __name__ == "__main__":
    main()
