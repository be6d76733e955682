"""Engines that grow Grundy sequences of heap games in numpy arrays.

An engine holds the values of heaps ``0 .. n-1`` and extends them on demand, never
recomputing: ``engine.extend(n)`` then ``engine.values[:n]``.  Every engine has a
slow, obviously right twin in the tests (a plain mex over the game's ``moves``).

* :class:`SplitEngine`: moves that take ``k`` tokens and leave 0, 1 or 2 heaps (all
  octal games, subtraction games, Grundy's game), via the rare/common kernel of
  :mod:`cgtkit.heap._kernels` (native; ``native=False`` runs its plain-Python twin).
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

from .._lazy import np

from . import _kernels

__all__ = [
    "SplitEngine",
    "AllButEngine",
    "TripleEngine",
    "grundy_values_vectorised",
    "choose_mask",
    "parity",
    "use_native",
    "failing_on_call",
]

_FIRST_CHUNK = 256
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
    a kernel of :mod:`cgtkit.heap._kernels` (``"FILL_SPLIT"``, ``"FILL_SPLIT_PY"``,
    ``"FILL_ALL_BUT"``, ...), ``"grow"`` (an array grown to hold more heaps) or
    ``"parity"`` (a parity table rebuilt for a new mask).  The seam through which the
    tests check that a failure in the middle of a computation (out of memory, Ctrl-C)
    leaves nothing half-updated.  A setting for the process: use it from one thread.

    >>> from cgtkit.heap import OctalGame
    >>> g = OctalGame("0.77", native=False)
    >>> with failing_on_call("FILL_SPLIT_PY", 1):
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
    elif step in _kernels.__all__ and callable(getattr(_kernels, step)):
        owner, name = _kernels, step
    else:
        raise ValueError(f"failing_on_call: no step {step!r} (a kernel of cgtkit.heap._kernels, 'grow' or 'parity')")
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
        setattr(owner, name, real)


def use_native(native: bool | None) -> bool:
    """Whether an engine runs the native kernels: ``native=None`` (the default) when the
    extension is built, ``native=False`` the plain-Python twins.

    >>> use_native(False)
    False
    """
    use = _kernels.HAVE_NATIVE if native is None else bool(native)
    if use and not _kernels.HAVE_NATIVE:
        raise RuntimeError("native=True needs cgtkit's native extension (cgtkit._native), which is not built")
    return use


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
    non-empty heaps (unequal only, if ``distinct``).  ``native=None`` runs the native
    kernel (when built), ``native=False`` its plain-Python twin.
    """

    def __init__(
        self,
        zero_k: Sequence[int] = (),
        single_k: Sequence[int] = (),
        split_k: Sequence[int] = (),
        distinct: bool = False,
        *,
        native: bool | None = None,
    ) -> None:
        self._takes = tuple(tuple(sorted(set(int(k) for k in ks))) for ks in (zero_k, single_k, split_k))
        self.distinct = bool(distinct)
        self.native = use_native(native)
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
            self.zero_k, self.single_k, self.split_k = (np.array(ks, dtype=np.int64) for ks in self._takes)
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
                        if self.native and np.mean(parity(window & best) == 0) > _PLAIN_ABOVE:
                            best = 0
                        if best != self.mask:
                            self._set_mask(best)
                self._run(target)
                if progress is not None:
                    progress(self.n)
        except BaseException:
            self.reset()
            raise

    def _run(self, target: int) -> None:
        while self.n < target:
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
            )
            if self.native:  # one call: the kernel answers Ctrl-C itself
                done, nrare = _kernels.FILL_SPLIT(self.values, self.n, target, *args)
            else:  # plain Python sees Ctrl-C by itself
                done, nrare = self._run_python(target, args)
            self.n, self._nrare = int(done), int(nrare)
            top = int(self.values[self.n - 1])
            if top >= vlimit:
                self._bits = top.bit_length()
                self._reset_tables()

    def _run_python(self, target: int, args: tuple) -> tuple[int, int]:
        zk, sk, pk, distinct, use_common, par, rare, nrare, seen, vlimit = args
        G = self.values[:target].tolist()
        rare_list = rare[:target].tolist()
        seen_list = seen.tolist()
        done, nrare = _kernels.FILL_SPLIT_PY(
            G,
            self.n,
            target,
            zk.tolist(),
            sk.tolist(),
            pk.tolist(),
            distinct,
            use_common,
            par.tolist(),
            rare_list,
            nrare,
            seen_list,
            vlimit,
        )
        self.values[self.n : done] = G[self.n : done]
        self._rare[:nrare] = rare_list[:nrare]
        self._seen[:] = seen_list
        return done, nrare


class AllButEngine:
    """Grundy values of "subtract any positive amount except those in ``excluded``"."""

    def __init__(self, excluded: Sequence[int], *, native: bool | None = None) -> None:
        self._excluded = tuple(sorted(set(int(k) for k in excluded)))
        self.native = use_native(native)
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
            if self.native:  # one call: the kernel answers Ctrl-C itself
                self._mex = int(_kernels.FILL_ALL_BUT(self.values, self.n, n, self.excluded, self._count, self._mex))
                self.n = n
            else:
                G, c = self.values[:n].tolist(), self._count.tolist()
                self._mex = _kernels.FILL_ALL_BUT_PY(G, self.n, n, self.excluded.tolist(), c, self._mex)
                self.values[self.n : n], self._count[:] = G[self.n :], c
                self.n = n
        except BaseException:
            self.reset()
            raise
        if progress is not None:
            progress(n)


class TripleEngine:
    """Grundy values of a take-and-break game whose moves may also leave three heaps
    (``triple_k``), grown on demand by the native kernel (O(n W / 64) per heap, ``W``
    the values' width); ``native=False`` recomputes with
    :func:`grundy_values_vectorised`, the twin.

    >>> e = TripleEngine(triple_k=[0]); e.extend(10); e.values[:10].tolist()   # 8.0
    [0, 0, 0, 1, 1, 2, 2, 3, 3, 4]
    """

    def __init__(
        self,
        zero_k: Sequence[int] = (),
        single_k: Sequence[int] = (),
        split_k: Sequence[int] = (),
        triple_k: Sequence[int] = (),
        *,
        native: bool | None = None,
    ) -> None:
        self.moves = tuple(sorted(set(int(k) for k in ks)) for ks in (zero_k, single_k, split_k, triple_k))
        self.native = use_native(native)
        self._native = _kernels.TripleEngine(*self.moves) if self.native else None
        self.reset()

    def reset(self) -> None:
        """Forget every value (called after any failure inside :meth:`extend`)."""
        self.values = None  # made by the next extend
        self.n = 1
        if self._native is not None:
            self._native.reset()

    def extend(self, n: int, progress: Callable[[int], None] | None = None) -> None:
        """Make sure heaps ``0 .. n-1`` are computed."""
        if self.values is None:
            self.values = np.zeros(1, dtype=np.int64)
        if n <= self.n:
            return
        try:
            if self._native is not None:
                self._native.extend(n)
                self.values = self._native.values(n)
            else:
                self.values = grundy_values_vectorised(n, *self.moves)
            self.n = n
        except BaseException:
            self.reset()
            raise
        if progress is not None:
            progress(n)


def grundy_values_vectorised(
    n: int,
    zero_k: Sequence[int] = (),
    single_k: Sequence[int] = (),
    split_k: Sequence[int] = (),
    triple_k: Sequence[int] = (),
    distinct: bool = False,
) -> np.ndarray:
    """Grundy values of heaps ``0 .. n-1``, numpy per heap, O(n^2) work (O(n^2 V) with
    ``triple_k``, the takes that leave three non-empty heaps).

    >>> grundy_values_vectorised(8, split_k=[0], distinct=True).tolist()   # Grundy's game
    [0, 0, 0, 1, 0, 2, 1, 0]
    """
    G = np.zeros(max(n, 1), dtype=np.int64)
    width = 64
    pairs = np.zeros((max(n, 1), width), dtype=bool) if len(triple_k) else None
    need_pairs = pairs is not None
    for i in range(1, n):
        parts = []
        if i in zero_k:
            parts.append(np.zeros(1, np.int64))
        for k in single_k:
            if i - k >= 1:
                parts.append(G[i - k : i - k + 1])
        for k in split_k:
            m = i - k
            if m >= 2:
                h = m // 2
                x = G[1 : h + 1] ^ G[m - 1 : m - h - 1 : -1]
                if distinct and m % 2 == 0:
                    x = x[:-1]
                parts.append(x)
        for k in triple_k:
            m = i - k
            if m >= 3:
                rows = np.arange(m - 1, 1, -1)  # m - a for a = 1 .. m-2
                cols = np.arange(width)[None, :] ^ G[1 : m - 1][:, None]
                reach = pairs[rows[:, None], cols].any(axis=0)
                parts.append(np.flatnonzero(reach))
        vals = np.concatenate(parts) if parts else np.zeros(0, np.int64)
        marks = np.zeros(len(vals) + 1, dtype=bool)
        marks[vals[vals <= len(vals)]] = True
        G[i] = int(np.argmin(marks))
        if need_pairs:
            if G[i] >= width // 2:
                new = 2 * width
                while G[i] >= new // 2:
                    new *= 2
                grown = np.zeros((len(pairs), new), dtype=bool)
                grown[:, :width] = pairs
                pairs, width = grown, new
            if i >= 2:  # the values of splitting heap i into two non-empty heaps
                h = i // 2
                pairs[i, G[1 : h + 1] ^ G[i - 1 : i - h - 1 : -1]] = True
    return G[:n].copy()
