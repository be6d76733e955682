"""Grundy sequences of any take-and-break code (:mod:`cgtkit.heap.codes`).

Codes that the native kernels cover run there (:func:`engine_for`): every code whose
moves leave at most two heaps, free, unequal or equal in any mix (``0.77``, ``4!.0``,
``4!.6``, ``0.4=``, and with a repeating part ``0.[3]``, ``4.[3]``), and the plain codes
that leave up to three (``0.8F``).  :class:`CodeEngine` computes every other code, heap by
heap, from sets of nim-sums:

* leaving ``j`` heaps with no modifier: ``X_j(m)``, the nim-sums of the ways to
  split ``m`` tokens into ``j`` heaps, is ``G(a) xor X_{j-1}(m - a)`` over the first
  heap ``a``; ``X_{>=j}`` (``j`` heaps or more, for ``*`` and ``{j+}``) likewise, with
  ``X_{>=1}(m) = {G(m)} | X_{>=2}(m)``: tables of bit rows, O(m W) numpy work a row
  (``W``: a power of two above the values);
* all heaps equal: ``m / j`` heaps of one size, whose nim-sum is ``G(m/j)`` or 0;
* two unequal heaps: every split but the halves;
* unequal or not-all-equal heaps past two, and moves that add tokens: every split
  listed by :func:`~cgtkit.heap.codes.partitions` (exponential in the heap; such
  codes are computed to a few dozen heaps, or a few hundred).

Its slow twin in the tests is the plain mex over :meth:`TakeBreakCode.options`.

>>> from cgtkit.heap.codes import TakeBreakCode
>>> e = CodeEngine(TakeBreakCode.parse("{2+}!.0")); e.extend(17); e.values[:17].tolist()
[0, 0, 0, 1, 0, 2, 3, 4, 0, 5, 6, 7, 8, 9, 10, 11, 12]
"""

from __future__ import annotations

from typing import Callable, Iterator

from .._lazy import np

from .codes import EQUAL, FREE, SOME_UNEQUAL, UNEQUAL, Digit, TakeBreakCode, partitions
from .sequences import SplitEngine, TripleEngine

__all__ = ["CodeEngine", "ExpandingSplitEngine", "engine_for", "split_lists", "split_shape"]


def split_shape(code: TakeBreakCode) -> tuple[list[list[int]], bool] | None:
    """``([zero_k, single_k, split_k, halves_k], distinct)`` when the split kernel
    computes the code: no adding digit, at most two heaps left.  The lists are the
    digits (``take``) that allow 0 heaps, 1 heap, 2 heaps and 2 equal heaps, by index
    (:func:`split_lists`).

    >>> split_shape(TakeBreakCode.parse("4!.0")), split_shape(TakeBreakCode.parse("0.4="))
    (([[], [], [0], []], True), ([[], [], [], [1]], False))
    """
    if code.add or any(d.more or len(d.counts) > 3 for d in code.take):
        return None
    return split_lists(code, len(code.take))


def split_lists(code: TakeBreakCode, cap: int) -> tuple[list[list[int]], bool]:
    """The split kernel's takes below ``cap`` and its ``distinct`` flag.  Two heaps
    left may be any two (a digit with no modifier), unequal (``!``, and ``?``, the
    same on two heaps) or equal (``=``: only the halves).  When some digit asks for
    unequal heaps the kernel skips the halves of every split (``distinct``), and the
    digits that allow them list them in ``halves_k`` (value ``G(a) ^ G(a) = 0``);
    otherwise only the ``=`` digits are there.

    >>> split_lists(TakeBreakCode.parse("4!.6"), 2)   # Grundy's game, plus a free split
    ([[], [1], [0, 1], [1]], True)
    """
    digits = [code.digit(k) for k in range(cap)]
    two = [d.constraint(2) for d in digits]
    distinct = any(c in (UNEQUAL, SOME_UNEQUAL) for c in two)
    halves = (FREE, EQUAL) if distinct else (EQUAL,)
    return [
        [k for k, d in enumerate(digits) if d.constraint(0) is not None],
        [k for k, d in enumerate(digits) if d.constraint(1) is not None],
        [k for k, c in enumerate(two) if c is not None and c != EQUAL],
        [k for k, c in enumerate(two) if c in halves],
    ], distinct


def engine_for(code: TakeBreakCode):
    """The fastest engine that computes ``code`` (a split or triple kernel of the
    backend's active side, else a :class:`CodeEngine`)."""
    shape = split_shape(code)
    if shape is not None:
        ks, distinct = shape
        if code.period:
            return ExpandingSplitEngine(code)
        zero, single, split, halves = ks
        return SplitEngine(zero, single, split, distinct=distinct, halves_k=halves)
    if code.is_plain and code.max_parts is not None and code.max_parts <= 3:
        return TripleEngine(code.takes(0), code.takes(1), code.takes(2), code.takes(3))
    return CodeEngine(code)


class ExpandingSplitEngine:
    """The split kernel for a code with a repeating part: its removals, infinitely
    many, are listed up to a bound, and the kernel computes heaps below that bound;
    past it the bound doubles and the kernel starts again (so the work is at most
    twice a single run)."""

    def __init__(self, code: TakeBreakCode) -> None:
        self.code = code
        self.reset()

    def reset(self) -> None:
        """Forget every value."""
        self._inner: SplitEngine | None = None
        self._cap = 0
        self.values = None
        self.n = 1

    def extend(self, n: int, progress: Callable[[int], None] | None = None) -> None:
        """Make sure heaps ``0 .. n-1`` are computed."""
        if n <= self.n:
            return
        try:
            if self._inner is None or n > self._cap:
                cap = max(n, 2 * self._cap, 256)
                (zero, single, split, halves), distinct = split_lists(self.code, cap)
                self._inner = SplitEngine(zero, single, split, distinct=distinct, halves_k=halves)
                self._cap = cap
            self._inner.extend(n, progress)
            self.values, self.n = self._inner.values, self._inner.n
        except BaseException:
            self.reset()
            raise


class CodeEngine:
    """Grundy values of any take-and-break code, grown on demand (module docstring)."""

    def __init__(self, code: TakeBreakCode) -> None:
        self.code = code
        # the tables the code needs: exact counts j >= 3 with no modifier, and the
        # least count J of a free "j heaps or more" tail
        self._exact = max([0] + [j for d in code.take for j in _explicit(d) if j >= 3 and d.constraint(j) == FREE])
        tails = [len(d.counts) - 1 for d in code.take if d.more and d.counts[-1] == FREE]
        self._atleast = max([0] + [max(t, 2) for t in tails])
        self.reset()

    def reset(self) -> None:
        """Forget every value (called after any failure inside :meth:`extend`)."""
        self.values = None
        self.n = 1
        self._width = 2
        self._tables: dict[tuple[int, bool], np.ndarray] = {}
        self._memo: dict[tuple[int, int, str], list[int]] = {}

    def extend(self, n: int, progress: Callable[[int], None] | None = None) -> None:
        """Make sure heaps ``0 .. n-1`` are computed; a failure forgets every value."""
        if self.values is not None and n <= self.n:
            return
        try:
            if self.values is None or len(self.values) < n:
                self._room(n)
            self._grow_tables(len(self.values))
            for h in range(self.n, n):
                self._rows_before(h)
                g = self.values[h] = self._mex(h)
                if g >= self._width:
                    self._widen(g)
                self._rows_after(h)
                self.n = h + 1
        except BaseException:
            self.reset()
            raise
        if progress is not None:
            progress(n)

    def _room(self, n: int) -> None:
        """Arrays for at least ``n`` heaps (doubling), the values known kept."""
        size = max(n, 2 * (0 if self.values is None else len(self.values)))
        values = np.zeros(size, dtype=np.int64)
        if self.values is not None:
            values[: self.n] = self.values[: self.n]
        self.values = values

    # --- the tables of nim-sums ------------------------------------------------------
    def _grow_tables(self, rows: int) -> None:
        keys = [(j, False) for j in range(1, self._exact + 1)] if self._exact else []
        keys += [(j, True) for j in range(1, self._atleast + 1)]
        for key in keys:
            old = self._tables.get(key)
            if old is None or len(old) < rows:
                new = np.zeros((rows, self._width), dtype=bool)
                if old is not None:
                    new[: len(old)] = old
                self._tables[key] = new

    def _widen(self, g: int) -> None:
        width = self._width
        while width <= g:
            width *= 2
        for key, old in self._tables.items():
            new = np.zeros((len(old), width), dtype=bool)
            new[:, : self._width] = old
            self._tables[key] = new
        self._width = width

    def _shifted(self, table: np.ndarray, m: int) -> np.ndarray:
        """``OR over a = 1 .. m-1`` of row ``m - a`` of ``table`` with every entry's index
        xored by ``G(a)``: the nim-sums of one more heap in front."""
        if m < 2:
            return np.zeros(self._width, dtype=bool)
        G = self.values
        src = table[m - 1 : 0 : -1]  # row m - a for a = 1 .. m - 1
        cols = np.arange(self._width)[None, :] ^ G[1:m][:, None]
        return src[np.arange(m - 1)[:, None], cols].any(axis=0)

    def _rows_before(self, h: int) -> None:
        """Rows ``h`` of the tables of two heaps or more (they need heaps below ``h`` only)."""
        for j in range(2, self._exact + 1):
            t = self._tables[(j, False)]
            t[h] = self._shifted(self._tables[(j - 1, False)], h)
        for j in range(2, self._atleast + 1):
            t = self._tables[(j, True)]
            t[h] = self._shifted(self._tables[(j - 1, True)], h)

    def _rows_after(self, h: int) -> None:
        g = int(self.values[h])
        if self._exact:
            self._tables[(1, False)][h, g] = True
        if self._atleast:
            row = self._tables[(1, True)][h]
            row[:] = self._tables[(2, True)][h]
            row[g] = True

    # --- one heap ----------------------------------------------------------------------
    def _mex(self, h: int) -> int:
        seen = np.zeros(self._width + 1, dtype=bool)
        for digit, ks in self._removals(h):
            for k in ks:
                r = h - int(k)
                if r < 0:
                    continue
                explicit = len(digit.counts) - 1 if digit.more else len(digit.counts)
                for j in range(min(explicit, r + 1)):
                    c = digit.counts[j]
                    if c is not None:
                        self._count(seen, h, r, j, c, k < 0)
                if digit.more:
                    self._tail(seen, h, r, len(digit.counts) - 1, digit.counts[-1], k < 0)
        return int(np.argmin(seen)) if not seen.all() else len(seen)

    def _removals(self, h: int) -> Iterator[tuple[Digit, np.ndarray]]:
        """Each non-zero digit with the removals ``k <= h`` that use it."""
        code = self.code
        for i, d in enumerate(code.add):
            if not d.is_zero:
                yield d, np.array([-1 - i])
        fixed = len(code.take) - code.period
        for k in range(min(fixed, h + 1)):
            if not code.take[k].is_zero:
                yield code.take[k], np.array([k])
        for i in range(code.period):
            d = code.take[fixed + i]
            if not d.is_zero and fixed + i <= h:
                yield d, np.arange(fixed + i, h + 1, code.period)

    def _count(self, seen: np.ndarray, h: int, r: int, j: int, c: str, adds: bool) -> None:
        """Mark the nim-sums of leaving ``r`` tokens as ``j`` heaps under modifier ``c``."""
        G = self.values
        if j == 0:
            if r == 0:
                seen[0] = True
        elif j == 1:
            seen[G[r]] = True
        elif c == EQUAL:
            if r % j == 0:
                seen[G[r // j] if j % 2 else 0] = True
        elif adds:
            seen[self._enumerated(r, j, c)] = True
        elif j == 2:
            a = np.arange(1, r // 2 + 1)
            if c != FREE and r % 2 == 0:
                a = a[:-1]
            seen[G[a] ^ G[r - a]] = True
        elif c == FREE:
            seen[: self._width] |= self._tables[(j, False)][r]
        else:
            seen[self._enumerated(r, j, c)] = True

    def _tail(self, seen: np.ndarray, h: int, r: int, least: int, c: str, adds: bool) -> None:
        """Mark the nim-sums of leaving ``r`` tokens as ``least`` heaps or more."""
        if c == FREE and not adds:
            if least == 0 and r == 0:
                seen[0] = True
            seen[: self._width] |= self._tables[(max(least, 1), True)][r]
            return
        for j in range(least, r + 1):
            self._count(seen, h, r, j, c, adds)

    def _enumerated(self, r: int, j: int, c: str) -> list[int]:
        """The nim-sums of every split of ``r`` into ``j`` heaps under ``c``, listed one by one
        (kept: every heap in them is already computed, so they never change)."""
        key = (r, j, c)
        got = self._memo.get(key)
        if got is None:
            G = self.values
            out = set()
            for parts in partitions(r, j, c):
                x = 0
                for p in parts:
                    x ^= int(G[p])
                out.add(x)
            got = self._memo[key] = sorted(out)
        return got


def _explicit(d: Digit) -> range:
    """The heap counts a digit lists one by one (its "more" tail not included)."""
    return range(len(d.counts) - 1 if d.more else len(d.counts))
