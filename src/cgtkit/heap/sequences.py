"""Engines that grow Grundy sequences of heap games in numpy arrays.

An engine holds the values of heaps ``0 .. n-1`` and extends them on demand, never
recomputing: ``engine.extend(n)`` then ``engine.values[:n]``.  Every engine has a
slow, obviously right twin in the tests (a plain mex over the game's ``moves``).

* :class:`SplitEngine`: moves that take ``k`` tokens and leave 0, 1 or 2 heaps (all
  octal games, subtraction games, Grundy's game), via the rare/common kernel of
  :func:`cgtkit.backend.heap_kernels` (native; ``backend.use("python")`` runs the
  plain-Python twins).
* :class:`AllButEngine`: "subtract anything except a finite set", O(|E|^2) per heap.
* :class:`TripleEngine`: take-and-break codes whose moves may leave three heaps
  (hexadecimal bit 8), native, grown on demand;
* :func:`grundy_values_vectorised`: any take-and-break rule including leaving three
  heaps, O(n^2) numpy work: the triple engine's twin, and an independent check.

The native kernels release the GIL and answer Ctrl-C themselves, so each round of
heaps is one call.

>>> e = SplitEngine(zero_k=[1, 2], single_k=[1, 2], split_k=[1, 2])   # Kayles
>>> e.extend(12); e.values[:12].tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> grundy_values_vectorised(12, [1, 2], [1, 2], [1, 2]).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any, Callable, Iterator, Sequence

from .. import backend
from .._lazy import np
from ..backend.python.heap import grundy_values_vectorised

__all__ = [
    "SplitEngine",
    "AllButEngine",
    "TripleEngine",
    "grundy_values_vectorised",
    "choose_mask",
    "parity",
    "failing_on_call",
]

_FIRST_CHUNK = 256
# with a progress callback, a round is computed in steps of at least this many heaps
# (and a 16th of the heaps so far), each reported when done
_PROGRESS_STEP = 1 << 16
# the mask is chosen from at most this many of the latest values (it only steers speed)
_MASK_WINDOW = 1 << 16
# the native kernel drops the mask (plain mex over every split, each split set once)
# when more than this share of the window would still be rare: the masks that pay
# leave no rare heap at all in the window (0.77, 0.16, 0.417); with a few (0.766 at
# 2^18: 0.9%) every heap's long scan hunts many rare values, 2.8x slower than the
# plain path (docs/benchmarks.md)
_PLAIN_ABOVE = 0.005


#: the steps of the engines that :func:`failing_on_call` can make fail, besides the kernels
_STEPS = {"grow": "_grown", "parity": "parity"}


@contextlib.contextmanager
def failing_on_call(step: str, call: int, exc: type[BaseException] = MemoryError) -> Iterator[None]:
    """Within it, the ``call``-th call (from 1) of one step of the heap engines raises
    ``exc("simulated")`` instead of running; the other calls run as usual.  ``step`` is
    a kernel of the active side's :func:`~cgtkit.backend.heap_kernels` (``"fill_split"``,
    ``"fill_all_but"``, ...), ``"grow"`` (an array grown to hold more heaps) or
    ``"parity"`` (a parity table rebuilt for a new mask).  The seam through which the
    tests check that a failure in the middle of a computation (out of memory, Ctrl-C)
    leaves nothing half-updated.  A setting for the process: use it from one thread.

    >>> from cgtkit.heap import OctalGame
    >>> g = OctalGame("0.77")
    >>> with failing_on_call("fill_split", 1):
    ...     g.grundy_values(50)
    Traceback (most recent call last):
    ...
    MemoryError: simulated
    >>> g.grundy_values(12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    if step in _STEPS:
        owner: Any = sys.modules[__name__]
        name = _STEPS[step]
    elif step in ("fill_split", "fill_plain", "fill_all_but", "last_mismatch", "z_function"):
        owner, name = backend.heap_kernels(), step
    else:
        raise ValueError(f"failing_on_call: no step {step!r} (a heap kernel such as 'fill_split', 'grow' or 'parity')")
    real = getattr(owner, name)
    calls = 0

    def failing(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == call:
            raise exc("simulated")
        return real(*args)

    setattr(owner, name, failing)
    try:
        yield
    finally:
        if step in _STEPS:
            setattr(owner, name, real)
        else:  # the kernel was a class attribute: uncover it
            delattr(owner, name)


def _step_end(done: int) -> int:
    """Where a step that reports progress ends, from ``done`` heaps computed."""
    return done + max(_PROGRESS_STEP, done // 16)


def _grown(a: np.ndarray, size: int) -> np.ndarray:
    """``a`` followed by zeros up to ``size`` entries.  The zeros come from the system
    untouched (np.zeros), so the part no kernel ever writes (most of a rare-heap list)
    costs no memory."""
    out = np.zeros(size, dtype=a.dtype)
    out[: len(a)] = a
    return out


def parity(values: np.ndarray) -> np.ndarray:
    """Bit parity (popcount mod 2) of each non-negative int64, vectorised.

    >>> parity(np.array([0, 1, 3, 7, 8])).tolist()
    [0, 1, 0, 1, 1]
    """
    v = np.asarray(values, dtype=np.int64).copy()
    for shift in (32, 16, 8, 4, 2, 1):
        v ^= v >> shift
    return (v & 1).astype(np.int8)


def choose_mask(values: np.ndarray, bits: int) -> int:
    """The non-zero mask below ``2**bits`` that makes the fewest of ``values`` rare.

    A value is rare when ``v & mask`` has even parity.  The count of rare values for
    every mask at once is a Walsh-Hadamard transform of the values' histogram.

    >>> choose_mask(np.array([1, 2, 4, 7, 8, 1, 2, 4]), 4)   # Kayles' period: all odd
    15
    """
    bits = max(1, min(bits, 16))
    size = 1 << bits
    h = np.bincount(np.asarray(values, dtype=np.int64) & (size - 1), minlength=size)
    w = h.astype(np.int64)
    step = 1
    while step < size:
        w = w.reshape(-1, 2, step)
        a, b = w[:, 0, :].copy(), w[:, 1, :].copy()
        w[:, 0, :], w[:, 1, :] = a + b, a - b
        w = w.reshape(size)
        step *= 2
    # rare count for mask M is (total + w[M]) / 2: minimise w over M >= 1
    return int(np.argmin(w[1:]) + 1)


class SplitEngine:
    """Grundy values of a heap game whose moves take ``k`` and leave 0, 1 or 2 heaps.

    ``zero_k``: takes allowed only from a heap of exactly ``k`` (leaving nothing);
    ``single_k``: takes leaving one non-empty heap; ``split_k``: takes leaving two
    non-empty heaps (unequal only, if ``distinct``); ``halves_k``: takes that may
    leave two equal heaps (all the same when not ``distinct``; a code mixing ``!``
    with free digits, or with ``=`` digits, lists them here).  It runs the heap kernels of the
    side active when it is made (:func:`cgtkit.backend.use`).
    """

    def __init__(
        self,
        zero_k: Sequence[int] = (),
        single_k: Sequence[int] = (),
        split_k: Sequence[int] = (),
        distinct: bool = False,
        halves_k: Sequence[int] = (),
    ) -> None:
        lists = (zero_k, single_k, split_k, halves_k)
        self._takes = tuple(tuple(sorted(set(int(k) for k in ks))) for ks in lists)
        self.distinct = bool(distinct)
        self._kernels = backend.heap_kernels()
        self.reset()

    def reset(self) -> None:
        """Forget every value (and free their memory): back to heap 0 only.  Called
        after any failure inside :meth:`extend`, so a half-updated state is never used.
        The arrays are made by the next :meth:`extend` (no numpy before it is needed)."""
        self.values = None
        self.n = 1
        self.mask = 0
        self._bits = 1
        self._nrare = 0

    def _setup(self) -> None:
        if not hasattr(self, "split_k"):
            self.zero_k, self.single_k, self.split_k, self.halves_k = (
                np.array(ks, dtype=np.int64) for ks in self._takes
            )
        self.values = np.zeros(1, dtype=np.int64)  # heap 0 has no move: value 0
        self._rare = np.zeros(1, dtype=np.int64)
        self._reset_tables()

    # --- state -----------------------------------------------------------------
    def _reset_tables(self) -> None:
        size = 2 << self._bits
        self._seen = np.zeros(size, dtype=np.int64)
        self._par = (
            parity(np.arange(size, dtype=np.int64) & self.mask) if self.mask else (np.zeros(size, dtype=np.int8))
        )

    def _set_mask(self, mask: int) -> None:
        self.mask = mask
        self._reset_tables()
        known = self.values[1 : self.n]
        rare = np.flatnonzero(self._par[known] == 0).astype(np.int64) + 1
        self._rare[: len(rare)] = rare
        self._nrare = len(rare)

    def _grow(self, n: int) -> None:
        if len(self.values) < n:
            cap = max(n, 2 * len(self.values))
            self.values = _grown(self.values, cap)
            if len(self.split_k):  # only splits read the rare heaps
                self._rare = _grown(self._rare, cap)

    # --- computing -------------------------------------------------------------
    def extend(self, n: int, progress: Callable[[int], None] | None = None) -> None:
        """Make sure heaps ``0 .. n-1`` are computed (``progress(done)`` per round).

        Any failure (MemoryError, Ctrl-C, ...) resets the engine before it propagates."""
        if self.values is None:
            self._setup()
        if n <= self.n:
            return
        try:
            self._grow(n)
            while self.n < n:
                target = n
                if len(self.split_k):
                    target = min(n, max(2 * self.n, _FIRST_CHUNK))
                    if self.n >= _FIRST_CHUNK:
                        window = self.values[max(self.n // 2, self.n - _MASK_WINDOW) : self.n]
                        best = choose_mask(window, self._bits)
                        if self._kernels.drops_mask and np.mean(parity(window & best) == 0) > _PLAIN_ABOVE:
                            best = 0
                        if best != self.mask:
                            self._set_mask(best)
                self._run(target, progress)
                if progress is not None:
                    progress(self.n)
        except BaseException:
            self.reset()
            raise

    def _run(self, target: int, progress: Callable[[int], None] | None = None) -> None:
        while self.n < target:
            end = target if progress is None else min(target, _step_end(self.n))
            vlimit = 1 << self._bits
            args = (
                self.zero_k,
                self.single_k,
                self.split_k,
                self.distinct,
                self.mask != 0,
                self._par,
                self._rare,
                self._nrare,
                self._seen,
                vlimit,
                self.halves_k,
            )
            # one call a step: the native kernel answers Ctrl-C itself, plain Python sees it by itself
            done, nrare = self._kernels.fill_split(self.values, self.n, end, *args)
            self.n, self._nrare = int(done), int(nrare)
            top = int(self.values[self.n - 1])
            if top >= vlimit:
                self._bits = top.bit_length()
                self._reset_tables()
            if progress is not None and self.n == end < target:
                progress(self.n)


class AllButEngine:
    """Grundy values of "subtract any positive amount except those in ``excluded``"."""

    def __init__(self, excluded: Sequence[int]) -> None:
        self._excluded = tuple(sorted(set(int(k) for k in excluded)))
        self._kernels = backend.heap_kernels()
        self.reset()

    def reset(self) -> None:
        """Forget every value (called after any failure inside :meth:`extend`)."""
        self.values = None  # made by the next extend
        self._mex = 0
        self.n = 0

    def _setup(self) -> None:
        self.excluded = np.array(self._excluded, dtype=np.int64)
        self.values = np.zeros(0, dtype=np.int64)
        self._count = np.zeros(2, dtype=np.int64)  # count[v]: how many heaps have value v

    def extend(self, n: int, progress: Callable[[int], None] | None = None) -> None:
        """Make sure heaps ``0 .. n-1`` are computed."""
        if self.values is None:
            self._setup()
        if n <= self.n:
            return
        try:
            if len(self.values) < n:  # values are below n, so counts need n + 2 slots
                cap = max(n, 2 * len(self.values))
                self.values = _grown(self.values, cap)
                self._count = _grown(self._count, cap + 2)
            while self.n < n:  # one call a step: the native kernel answers Ctrl-C itself
                end = n if progress is None else min(n, _step_end(self.n))
                self._mex = int(
                    self._kernels.fill_all_but(self.values, self.n, end, self.excluded, self._count, self._mex)
                )
                self.n = end
                if progress is not None and end < n:
                    progress(end)
        except BaseException:
            self.reset()
            raise
        if progress is not None:
            progress(n)


class TripleEngine:
    """Grundy values of a take-and-break game whose moves may also leave three heaps
    (``triple_k``), grown on demand by the native kernel (O(n W / 64) per heap, ``W``
    the values' width); its twin recomputes with :func:`grundy_values_vectorised`.

    >>> e = TripleEngine(triple_k=[0]); e.extend(10); e.values[:10].tolist()   # 8.0
    [0, 0, 0, 1, 1, 2, 2, 3, 3, 4]
    """

    def __init__(
        self,
        zero_k: Sequence[int] = (),
        single_k: Sequence[int] = (),
        split_k: Sequence[int] = (),
        triple_k: Sequence[int] = (),
    ) -> None:
        self.moves = tuple(sorted(set(int(k) for k in ks)) for ks in (zero_k, single_k, split_k, triple_k))
        self._kernel = backend.heap_kernels().triple(*self.moves)
        self.reset()

    def reset(self) -> None:
        """Forget every value (called after any failure inside :meth:`extend`)."""
        self.values = None  # made by the next extend
        self.n = 1
        self._kernel.reset()

    def extend(self, n: int, progress: Callable[[int], None] | None = None) -> None:
        """Make sure heaps ``0 .. n-1`` are computed."""
        if self.values is None:
            self.values = np.zeros(1, dtype=np.int64)
        if n <= self.n:
            return
        try:
            done = self.n
            while done < n:
                done = n if progress is None else min(n, _step_end(done))
                self._kernel.extend(done)
                if progress is not None and done < n:
                    progress(done)
            self.values = self._kernel.values(n)
            self.n = n
        except BaseException:
            self.reset()
            raise
        if progress is not None:
            progress(n)
