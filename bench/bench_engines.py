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
(a replay whose every call is a native no-op, ``NullEngine``), i.e. the ratio of the
work done inside the engines.

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
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from _timing import alternating  # noqa: E402

RECORD = r'''
import pickle, random, sys
import cgtkit
import cgtkit.short.game as facade
from cgtkit.backend.python.short import PyEngine

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
    def wrap_info(self, a): return self.inner.wrap_info(a)
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
    out = subprocess.run(
        [sys.executable, "-c", RECORD, which, "1" if quick else "0"], env=env, capture_output=True, check=True
    )
    return pickle.loads(out.stdout)


def compile_calls(calls: list) -> list:
    """The calls as (opcode, args, result index) with every handle an index into one
    list, so that a replay does as little Python work as possible per call."""
    from cgtkit.numbers import Dyadic

    codes = {"nus": 0, "from_options": 1, "add": 2, "neg": 3, "le": 4, "info": 5, "options": 6}
    out = []
    for op, args, result in calls:
        if op == "nus":
            args = (Dyadic.from_exponent(args[0], args[1]), args[2], args[3])
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
        engine.nus,
        engine.from_options,
        engine.add,
        engine.neg,
        engine.le,
        engine.info,
        engine.options,
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
            answers.append(info(H[a[0]]))
        else:
            left, right = options(H[a[0]])
            for i, x in zip(r[0], left):
                H[i] = x
            for i, x in zip(r[1], right):
                H[i] = x
    return [H, answers]


class NullEngine:
    """Does nothing, at the cost of a call into the extension (``_native.noop``):
    replaying with it costs what the harness costs (the loop, argument lists, one
    call per engine call), the floor under both engines' times."""

    name = "null"

    def __init__(self) -> None:
        from cgtkit import _native

        self.zero = None
        self.nus = self.from_options = self.add = self.neg = self.le = self.info = _native.noop

    @staticmethod
    def options(h: object) -> tuple:
        return (), ()

    def clear_caches(self) -> None:
        pass


MEMORY = r"""
import gc, json, sys, tracemalloc
which = sys.argv[1]
if which == "python":
    tracemalloc.start()
import cgtkit
from cgtkit.short.engine import ENGINE
from cgtkit.short.census import born_by
from cgtkit.short.game import clear_caches
from cgtkit.rulesets import Domineering
if which == "python":
    gc.collect()
    base = tracemalloc.get_traced_memory()[0]
games = len(born_by(3))
Domineering(".....|.....|.....|.....|.....").value
stats = ENGINE.stats()
if which == "python":
    gc.collect()
    total = tracemalloc.get_traced_memory()[0] - base
    clear_caches()
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - base
    stats["game_bytes"] = kept  # the interned nodes and what they hold
    stats["memo_bytes"] = total - kept
print(json.dumps(stats))
"""


def memory() -> dict:
    out = {}
    for which in ("native", "python"):
        env = dict(os.environ, CGTKIT_ENGINE=which, PYTHONPATH=str(ROOT / "src"))
        res = subprocess.run([sys.executable, "-c", MEMORY, which], env=env, capture_output=True, text=True, check=True)
        out[which] = json.loads(res.stdout.strip().splitlines()[-1])
    return out


COUNTED = r"""
import pickle, sys
sys.path.insert(0, sys.argv[1])
import bench_engines as B
calls = B.compile_calls(pickle.load(open(sys.argv[2], "rb")))
if sys.argv[3] == "null":
    engine = B.NullEngine()
else:
    from cgtkit.short.engine import select_engine
    engine = select_engine(sys.argv[3])
engine.clear_caches()
if sys.argv[4] == "run":
    B.replay(engine, calls)
"""


def instructions(calls: list, engine: str) -> int:
    """Instructions (valgrind's callgrind) of one replay on ``engine``, from clear memos:
    a process that replays less one that only sets up.  Repeatable on a loaded machine."""
    import re
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "calls.pickle"
        path.write_bytes(pickle.dumps(calls))
        counts = []
        for mode in ("setup", "run"):
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", COUNTED]
                + [str(Path(__file__).parent), str(path), engine, mode],
                env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
                capture_output=True,
                text=True,
                check=True,
            )
            counts.append(int(re.search(r"Collected : (\d+)", out.stderr).group(1)))
    return counts[1] - counts[0]


def count_instructions(quick: bool) -> int:
    """``--instructions``: the replays counted in instructions instead of timed."""
    print(
        f"{'workload':<44} {'calls':>6} {'python':>12} {'native':>12} {'harness':>12} {'ratio':>6} {'engine ratio':>13}"
    )
    for which, label in (
        ("domineering", "Domineering 4x4" if quick else "Domineering 4x5"),
        ("sums", "300 sums + comparisons (parse included)"),
    ):
        raw = record(which, quick)
        ip, i_n, i0 = (instructions(raw, e) for e in ("python", "native", "null"))
        print(
            f"{label:<44} {len(raw):>6} {ip:>12,} {i_n:>12,} {i0:>12,} {ip / i_n:>5.1f}x {(ip - i0) / (i_n - i0):>12.1f}x"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller workloads, fewer repeats")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions (valgrind) instead of timing: for a loaded machine",
    )
    args = parser.parse_args(argv)
    if args.instructions:
        return count_instructions(args.quick)

    from cgtkit.backend import extension
    from engines import NATIVE, PYTHON, export

    if extension() is None:
        print("the native engine is not built: nothing to compare")
        return 1
    repeat = 3 if args.quick else 5
    print(
        f"{'workload':<44} {'calls':>6} {'python':>9} {'native':>9} {'harness':>9} {'ratio':>6} {'cpu ratio':>9}"
        f" {'engine ratio':>13}"
    )
    ok = True
    for which, label in (
        ("domineering", "Domineering 4x4" if args.quick else "Domineering 4x5"),
        ("sums", "300 sums + comparisons (parse included)"),
    ):
        calls = compile_calls(record(which, args.quick))
        # alternate the engines, medians of each, every run on cleared caches
        null = NullEngine()
        t = alternating(
            {
                "python": lambda: replay(PYTHON, calls),
                "native": lambda: replay(NATIVE, calls),
                "null": lambda: replay(null, calls),
            },
            repeat,
            before=lambda: (PYTHON.clear_caches(), NATIVE.clear_caches()),
        )
        tp, tn, t0 = t["python"].wall, t["native"].wall, t["null"].wall
        outp, outn = t["python"].answer, t["native"].answer
        cpu_ratio = t["python"].cpu / max(t["native"].cpu, 1e-9)
        same = outp[1] == outn[1] and all(
            export(PYTHON, p) == export(NATIVE, n) for p, n in list(zip(outp[0], outn[0]))[-50:] if p is not None
        )
        ok &= same
        engine_ratio = (tp - t0) / max(tn - t0, 1e-9)
        print(
            f"{label:<44} {len(calls):>6} {tp:>8.4f}s {tn:>8.4f}s {t0:>8.4f}s {tp / tn:>5.1f}x {cpu_ratio:>8.1f}x"
            f" {engine_ratio:>12.1f}x" + ("" if same else "  DISAGREE")
        )
    if not args.quick:
        mem = memory()
        print()
        print("memory after the day-3 census and Domineering 5x5 (python search; native: its own accounting,")
        print("python: tracemalloc, games = what stays after clearing the memos):")
        for which in ("native", "python"):
            m = mem[which]
            entries = m["le_entries"] + m["add_entries"] + m["canonical_entries"]
            print(
                f"  {which:<7} {m['games']:>6} games, {m['game_bytes'] / m['games']:>5.0f} bytes per game; "
                f"{entries:>7} memo entries, {m['memo_bytes'] / max(1, entries):>5.0f} bytes per entry"
            )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
