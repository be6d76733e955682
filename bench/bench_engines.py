"""Benchmark: the native engine against the python engine on the same engine calls.

Run ``python bench/bench_engines.py`` (``--quick`` for a short run).  Two workloads are
*recorded* as the list of calls they make to the engine interface
(:class:`cgtkit.short.engine.Engine`: ``nus``, ``from_options``, ``add``, ``neg``,
``le``, ``options``, ``info``, ...), in a subprocess running the python engine (so
that parsing, too, is made of engine calls):

* Domineering 4x5, solved by the Python ruleset search;
* 300 random pairs of day-3 games (the ``make bench-peers`` workload): parse both,
  add them, compare each with the other and the sum with 0.

Each call list is then *replayed* on both engines in this process, handles mapped
call by call, and the answers checked equal (the python engine's and the native
engine's results are compared as structures).  Before each timed replay every memo
is cleared; interned games stay.  The table shows the median time of the repeats,
the ratio python / native, and the *engine ratio*: both times less the harness's own
(a replay that answers each call with its recorded result, ``NullEngine``), i.e. the
ratio of the work done inside the engines.

Then the memory: bytes per interned game and per memo entry after building the
census of games born by day 3 and solving Domineering 5x5, for the native engine
(its own accounting, ``_native.stats()``) and the python engine (tracemalloc, in a
fresh process, divided by the number of games).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

RECORD = r'''
import pickle, random, sys
import cgtkit
import cgtkit.short.game as facade
from cgtkit.short.pyengine import PyEngine

class Recorder:
    """The python engine, with every call written down (handles as indices)."""
    name = "python"
    def __init__(self, inner):
        self.inner = inner
        self.index = {}
        self.calls = []
        self.zero = inner.zero
        self._id(inner.zero)
    def _id(self, h):
        i = self.index.get(h)
        if i is None:
            i = self.index[h] = len(self.index)
        return i
    def _arg(self, h):
        """The index of a handle, defining it first if it was made before recording
        began (packed constants such as star and up)."""
        i = self.index.get(h)
        if i is None:
            kind, nus = self.inner.info(h)
            if nus is not None:
                self.nus(*nus)
            else:
                left, right = self.inner.options(h)
                self.from_options(list(left), list(right))
            i = self.index[h]
        return i
    def _record(self, op, args, result, kind):
        if kind == "handle":
            self.calls.append((op, args, self._id(result)))
        elif kind == "pair":
            self.calls.append((op, args, ([self._id(h) for h in result[0]], [self._id(h) for h in result[1]])))
        else:
            self.calls.append((op, args, result))
        return result
    def nus(self, x, n, m):
        return self._record("nus", (x._p, x._q, n, m), self.inner.nus(x, n, m), "handle")
    def from_options(self, left, right):
        args = ([self._arg(h) for h in left], [self._arg(h) for h in right])
        return self._record("from_options", args, self.inner.from_options(left, right), "handle")
    def add(self, a, b):
        return self._record("add", (self._arg(a), self._arg(b)), self.inner.add(a, b), "handle")
    def neg(self, a):
        return self._record("neg", (self._arg(a),), self.inner.neg(a), "handle")
    def le(self, a, b):
        return self._record("le", (self._arg(a), self._arg(b)), self.inner.le(a, b), "value")
    def options(self, a):
        return self._record("options", (self._arg(a),), self.inner.options(a), "pair")
    def info(self, a):
        return self._record("info", (self._arg(a),), self.inner.info(a), "value")
    def add_many(self, hs):
        total = self.zero
        for h in hs:
            total = self.add(total, h)
        return total
    def birthday(self, a): return self.inner.birthday(a)
    def stops(self, a): return self.inner.stops(a)
    def shape(self, a): return self.inner.shape(a)
    def ident(self, a): return self.inner.ident(a)
    def clear_caches(self): self.inner.clear_caches()
    def stats(self): return self.inner.stats()

rec = Recorder(PyEngine)
facade._E = rec  # every Game operation now goes through the recorder
cg = cgtkit
which, quick = sys.argv[1], sys.argv[2] == "1"
if which == "domineering":
    from cgtkit.rulesets import placement
    board = "....|....|....|...." if quick else ".....|.....|.....|....."
    placement.Domineering(board).value
else:
    DAY2 = ['0','*','1','-1','2','-2','1/2','-1/2','{0|*}','{*|0}','{0,*|0}','{0|0,*}','{0,*|0,*}',
            '{1|-1}','{1|1}','{-1|-1}','{1|*}','{*|-1}','{1|0}','{0|-1}','{1|0,*}','{0,*|-1}']
    rng = random.Random(2026)
    def pick():
        k = rng.randint(0, 3); m = rng.randint(0, 3)
        return '{' + ','.join(rng.sample(DAY2, k)) + '|' + ','.join(rng.sample(DAY2, m)) + '}'
    texts = [(pick(), pick()) for _ in range(60 if quick else 300)]
    zero = cg.game('0')
    for a, b in texts:
        g, h = cg.game(a), cg.game(b)
        s = g + h
        for x, y in ((g, h), (h, g), (s, zero), (zero, s)):
            x <= y
sys.stdout.buffer.write(pickle.dumps(rec.calls))
'''


def record(which: str, quick: bool) -> list:
    env = dict(os.environ, CGTKIT_ENGINE="python", PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run([sys.executable, "-c", RECORD, which, "1" if quick else "0"], env=env, capture_output=True, check=True)
    return pickle.loads(out.stdout)


def compile_calls(calls: list) -> list:
    """The calls as (opcode, args, result index) with every handle an index into one
    list, so that a replay does as little Python work as possible per call."""
    from cgtkit.numbers import Dyadic

    codes = {"nus": 0, "from_options": 1, "add": 2, "neg": 3, "le": 4, "info": 5, "options": 6}
    out = []
    for op, args, result in calls:
        if op == "nus":
            args = (Dyadic._make(args[0], args[1]), args[2], args[3])
        out.append((codes[op], args, result))
    return out


def replay(engine, program: list) -> list:
    """Run a compiled call list on ``engine``: the handle of every index, and the
    answers of the comparisons and queries, in order."""
    size = 1 + max(
        max([r for c, _, r in program if c < 4] or [0]),
        max([max(r[0] + r[1] + [0]) for c, _, r in program if c == 6] or [0]),
    )
    H: list = [None] * size
    H[0] = engine.zero
    answers = []
    nus, from_options, add, neg, le, info, options = (
        engine.nus, engine.from_options, engine.add, engine.neg, engine.le, engine.info, engine.options,
    )
    for code, a, r in program:
        if code == 2:
            H[r] = add(H[a[0]], H[a[1]])
        elif code == 4:
            answers.append(le(H[a[0]], H[a[1]]))
        elif code == 1:
            H[r] = from_options([H[i] for i in a[0]], [H[i] for i in a[1]])
        elif code == 3:
            H[r] = neg(H[a[0]])
        elif code == 0:
            H[r] = nus(*a)
        elif code == 5:
            answers.append(info(H[a[0]])[0])
        else:
            left, right = options(H[a[0]])
            for i, x in zip(r[0], left):
                H[i] = x
            for i, x in zip(r[1], right):
                H[i] = x
    return [H, answers]


class NullEngine:
    """Answers every call with the result another engine gave, in order: replaying
    with it costs what the harness costs (the loop, argument lists, one Python call
    per engine call), the floor under both engines' times."""

    name = "null"

    def __init__(self, program: list, handles: list, answers: list) -> None:
        self.zero = handles[0]
        results = []
        it = iter(answers)
        for code, _a, r in program:
            if code in (4, 5):
                results.append(next(it) if code == 4 else (next(it), None))
            elif code == 6:
                results.append(([handles[i] for i in r[0]], [handles[i] for i in r[1]]))
            else:
                results.append(handles[r])
        self._results = results
        self.reset()

    def reset(self) -> None:
        step = iter(self._results).__next__
        self.nus = lambda *a: step()
        self.from_options = lambda a, b: step()
        self.add = lambda a, b: step()
        self.neg = lambda a: step()
        self.le = lambda a, b: step()
        self.info = lambda a: step()
        self.options = lambda a: step()

    def clear_caches(self) -> None:
        self.reset()


def timed_replay(engine, calls: list, repeat: int) -> tuple[float, list]:
    times, out = [], None
    for _ in range(repeat):
        engine.clear_caches()
        t = time.perf_counter()
        out = replay(engine, calls)
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


MEMORY = r'''
import json, sys, tracemalloc
which = sys.argv[1]
if which == "python":
    tracemalloc.start()
import cgtkit
from cgtkit.short.engine import ENGINE
from cgtkit.short.census import born_by
from cgtkit.rulesets import Domineering
import gc
if which == "python":
    base = tracemalloc.get_traced_memory()[0]
games = len(born_by(3))
Domineering(".....|.....|.....|.....|.....").value
stats = ENGINE.stats()
if which == "python":
    gc.collect()
    stats["bytes"] = tracemalloc.get_traced_memory()[0] - base
print(json.dumps(stats))
'''


def memory() -> dict:
    out = {}
    for which in ("native", "python"):
        env = dict(os.environ, CGTKIT_ENGINE=which, PYTHONPATH=str(ROOT / "src"))
        res = subprocess.run([sys.executable, "-c", MEMORY, which], env=env, capture_output=True, text=True, check=True)
        out[which] = json.loads(res.stdout.strip().splitlines()[-1])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller workloads, fewer repeats")
    args = parser.parse_args(argv)

    from cgtkit.short.engine import native_module
    from engines import NATIVE, PYTHON, export

    if native_module() is None:
        print("the native engine is not built: nothing to compare")
        return 1
    repeat = 3 if args.quick else 5
    print(f"{'workload':<44} {'calls':>6} {'python':>9} {'native':>9} {'harness':>9} {'ratio':>6} {'engine ratio':>13}")
    ok = True
    for which, label in (("domineering", "Domineering 4x4" if args.quick else "Domineering 4x5"), ("sums", "300 sums + comparisons (parse included)")):
        calls = compile_calls(record(which, args.quick))
        # alternate the engines, medians of each
        tp, outp = timed_replay(PYTHON, calls, repeat)
        tn, outn = timed_replay(NATIVE, calls, repeat)
        t0, _ = timed_replay(NullEngine(calls, outn[0], outn[1]), calls, repeat)
        same = outp[1] == outn[1] and all(
            export(PYTHON, p) == export(NATIVE, n) for p, n in list(zip(outp[0], outn[0]))[-50:] if p is not None
        )
        ok &= same
        engine_ratio = (tp - t0) / max(tn - t0, 1e-9)
        print(
            f"{label:<44} {len(calls):>6} {tp:>8.4f}s {tn:>8.4f}s {t0:>8.4f}s {tp / tn:>5.1f}x {engine_ratio:>12.1f}x"
            + ("" if same else "  DISAGREE")
        )
    if not args.quick:
        mem = memory()
        n, p = mem["native"], mem["python"]
        print()
        print("memory after the day-3 census and Domineering 5x5 (python search):")
        print(f"  native: {n['games']} games, {n['game_bytes'] / n['games']:.0f} bytes per game; "
              f"{n['le_entries'] + n['add_entries'] + n['canonical_entries']} memo entries, "
              f"{n['memo_bytes'] / max(1, n['le_entries'] + n['add_entries'] + n['canonical_entries']):.0f} bytes per entry")
        entries = p['le_entries'] + p['add_entries'] + p['canonical_entries']
        print(f"  python: {p['games']} games and {entries} memo entries in {p['bytes'] / 2**20:.0f} MiB: "
              f"{p['bytes'] / (p['games'] + entries):.0f} bytes per game or entry (all Python objects held)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
