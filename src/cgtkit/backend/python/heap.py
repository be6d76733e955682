"""The hot loops behind heap Grundy sequences in plain Python: the twins of the native
kernels (``native/src/heap``).

The native kernels fill numpy int64 arrays in place with the GIL released and answer
Ctrl-C themselves.  Each has a twin here in plain Python over lists (``*_PY``), line
for line the same algorithm: the slow, obviously right reference the tests compare the
native kernels with on random codes and sets, and what runs under
``backend.use("python")`` or without the extension.  :data:`KERNELS` adapts them to the
numpy arrays of :class:`~cgtkit.backend.protocols.HeapKernels`.

The split kernel is the rare/common ("sparse space") method after Gangolli and
Plambeck.  A mask ``M`` splits values into *common* (odd parity of ``v & M``) and
*rare* (even parity).  Parity is additive under xor, so ``common ^ common`` is rare,
``rare ^ common`` common, ``rare ^ rare`` rare.  When rare values are few, heap ``n``'s
common option values all come from the few splits with a rare part, found in
O(#rare); only rare values below the least missing common value need the long scan
over all splits, which stops as soon as all of them are found.  Any mask gives the
right answer; a good mask only makes it fast.

>>> G = [0] * 12; seen = [0] * 16; par = [0] * 16; rare = [0] * 12
>>> FILL_SPLIT_PY(G, 1, 12, [1, 2], [1, 2], [1, 2], False, False, par, rare, 0, seen, 8, [])
(12, 11)
>>> G                                            # Kayles (0.77) by the kernel
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
"""

from __future__ import annotations

from typing import Any, Sequence

from ..._lazy import np

__all__ = [
    "FILL_SPLIT_PY",
    "FILL_ALL_BUT_PY",
    "FILL_PLAIN_PY",
    "LAST_MISMATCH_PY",
    "Z_FUNCTION_PY",
    "KERNELS",
    "PythonHeapKernels",
    "grundy_values_vectorised",
    "last_mismatch_numpy",
]


def _fill_split(
    G, start, end, zero_k, single_k, split_k, distinct, use_common, par, rare, nrare, seen, vlimit, halves_k
):
    """Fill ``G[start:end]`` for a game whose moves take ``k`` tokens and leave
    nothing (``k`` in ``zero_k``, only from a heap of exactly ``k``), one heap
    (``single_k``) or two heaps (``split_k``; unequal ones only if ``distinct``,
    except that the takes in ``halves_k`` may leave two equal heaps, value 0).

    ``par[v]`` is 1 for common values (all 0 when ``use_common`` is False); ``rare``
    holds the ``nrare`` heaps >= 1 with a rare value, ascending, and is appended to
    (only when there are splits: a subtraction game needs no such list);
    ``seen`` is scratch of length ``2 * vlimit``.  Stops early, after storing it, at
    the first value >= ``vlimit`` so the caller can grow the tables.  Returns
    ``(next heap to compute, nrare)``.
    """
    for n in range(start, end):
        tag = n + 1
        for k in zero_k:
            if n == k:
                seen[0] = tag
        for k in single_k:
            if n - k >= 1:
                seen[G[n - k]] = tag
        for k in halves_k:
            if n - k >= 2 and (n - k) % 2 == 0:
                seen[0] = tag
        # every split with a rare part: all common option values come from these
        for k in split_k:
            m = n - k
            if m < 2:
                continue
            for i in range(nrare):
                a = rare[i]
                if a >= m:
                    break
                if distinct and a + a == m:
                    continue
                seen[G[a] ^ G[m - a]] = tag
        if use_common:
            c = 0
            while par[c] == 0 or seen[c] == tag:
                c += 1
            need = 0
            for r in range(c):
                if seen[r] != tag:
                    need += 1  # an unseen value below c is rare
            if need > 0:
                # the long scan, small part ``a`` outermost for every take at once,
                # so it stops at the first ``a`` by which all missing values are found
                a = 1
                while need > 0 and a + a <= n:
                    for k in split_k:
                        m = n - k
                        if a + a > m or (distinct and a + a == m):
                            continue
                        x = G[a] ^ G[m - a]
                        if x < c and seen[x] != tag:
                            seen[x] = tag
                            need -= 1
                    a += 1
            g = c
            if need > 0:
                g = 0
                while seen[g] == tag:
                    g += 1
        else:
            g = 0
            while seen[g] == tag:
                g += 1
        G[n] = g
        if n >= 1 and par[g] == 0 and len(split_k) > 0:  # only splits read the rare heaps
            rare[nrare] = n
            nrare += 1
        if g >= vlimit:
            return n + 1, nrare
    return end, nrare


def _fill_all_but(G, start, end, excluded, count, mex_all):
    """Fill ``G[start:end]`` for "subtract any positive amount except ``excluded``".

    ``count[v]`` is how many of ``G[0:start]`` equal ``v``; ``mex_all`` is the least
    value with count 0.  Heap ``n``'s options are all smaller heaps except ``n - e``,
    so its value is ``mex_all`` unless removing the excluded heaps empties the count
    of a smaller value.  Returns the new ``mex_all``.
    """
    for n in range(start, end):
        best = mex_all
        for e in excluded:
            if e <= n:
                v = G[n - e]
                if v < best:
                    c = 0
                    for e2 in excluded:
                        if e2 <= n and G[n - e2] == v:
                            c += 1
                    if c == count[v]:
                        best = v
        G[n] = best
        count[best] += 1
        while count[mex_all] > 0:
            mex_all += 1
    return mex_all


def _fill_plain(G, start, end, zero_k, single_k, split_k, distinct, seen, halves_k):
    """The baseline: ``G[start:end]`` by a plain mex over every option, O(n) per heap.

    Same moves as :func:`_fill_split`; ``seen`` is scratch longer than any value + 1
    (the values of heaps below ``end`` are below ``end``, so ``end + 1`` is enough).
    """
    for n in range(start, end):
        tag = n + 1
        for k in zero_k:
            if n == k:
                seen[0] = tag
        for k in single_k:
            if n - k >= 1:
                seen[G[n - k]] = tag
        for k in halves_k:
            if n - k >= 2 and (n - k) % 2 == 0:
                seen[0] = tag
        for k in split_k:
            m = n - k
            for a in range(1, m // 2 + 1):
                if distinct and a + a == m:
                    continue
                seen[G[a] ^ G[m - a]] = tag
        g = 0
        while seen[g] == tag:
            g += 1
        G[n] = g
    return end


def _last_mismatch(G, n, p, s):
    """1 + the last ``i`` with ``G[i + p] - G[i] != s``, scanning back from the end."""
    i = n - p - 1
    while i >= 0:
        if G[i + p] - G[i] != s:
            return i + 1
        i -= 1
    return 0


def _z_function(S, Z):
    """``Z[i]`` = the length of the longest common prefix of ``S`` and ``S[i:]``
    (``Z[0] = len(S)``), for every ``i`` at once in O(len(S)): the Z-algorithm."""
    n = len(S)
    if n == 0:
        return Z
    Z[0] = n
    left = 0
    right = 0
    for i in range(1, n):
        z = 0
        if i < right:
            z = min(right - i, Z[i - left])
        while i + z < n and S[z] == S[i + z]:
            z += 1
        Z[i] = z
        if i + z > right:
            left = i
            right = i + z
    return Z


FILL_SPLIT_PY = _fill_split
FILL_PLAIN_PY = _fill_plain
FILL_ALL_BUT_PY = _fill_all_but
LAST_MISMATCH_PY = _last_mismatch
Z_FUNCTION_PY = _z_function


def last_mismatch_numpy(values: np.ndarray, n: int, p: int, s: int) -> int:
    """The last-mismatch kernel in numpy (what the python kernels run; ``LAST_MISMATCH_PY`` is its line-for-line twin), in widening windows from the end."""
    hi = n - p
    if hi <= 0:
        return 0
    width = 64
    while True:
        lo = max(0, hi - width)
        bad = np.flatnonzero(values[lo + p : hi + p] - values[lo:hi] != s)
        if len(bad):
            return int(lo + bad[-1] + 1)
        if lo == 0:
            return 0
        width *= 4


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


class PythonHeapKernels:
    """The twins above over numpy arrays: each copies its arrays to lists, runs, and
    writes back what the native kernel writes in place."""

    name = "python"
    drops_mask = False  # the twin keeps its mask

    @staticmethod
    def fill_split(
        G, start, end, zero_k, single_k, split_k, distinct, use_common, par, rare, nrare, seen, vlimit, halves_k
    ):
        g, rare_list, seen_list = G[:end].tolist(), rare[:end].tolist(), seen.tolist()
        done, nrare = FILL_SPLIT_PY(
            g,
            start,
            end,
            zero_k.tolist(),
            single_k.tolist(),
            split_k.tolist(),
            distinct,
            use_common,
            par.tolist(),
            rare_list,
            nrare,
            seen_list,
            vlimit,
            halves_k.tolist(),
        )
        G[start:done] = g[start:done]
        rare[:nrare] = rare_list[:nrare]
        seen[:] = seen_list
        return done, nrare

    @staticmethod
    def fill_plain(G, start, end, zero_k, single_k, split_k, distinct, seen, halves_k):
        g, seen_list = G[:end].tolist(), seen.tolist()
        args = (zero_k.tolist(), single_k.tolist(), split_k.tolist(), distinct, seen_list, halves_k.tolist())
        done = FILL_PLAIN_PY(g, start, end, *args)
        G[start:done] = g[start:done]
        seen[:] = seen_list
        return done

    @staticmethod
    def fill_all_but(G, start, end, excluded, count, mex_all):
        g, c = G[:end].tolist(), count.tolist()
        mex_all = FILL_ALL_BUT_PY(g, start, end, excluded.tolist(), c, mex_all)
        G[start:end], count[:] = g[start:], c
        return mex_all

    @staticmethod
    def last_mismatch(G, n, p, s):
        return last_mismatch_numpy(G, n, p, s)

    @staticmethod
    def z_function(S):
        return np.array(Z_FUNCTION_PY(S.tolist(), [0] * len(S)), dtype=np.int64)

    @staticmethod
    def triple(zero_k, single_k, split_k, triple_k):
        return _TripleTwin(zero_k, single_k, split_k, triple_k)


class _TripleTwin:
    """The twin of the native ``TripleEngine``: recomputes with
    :func:`grundy_values_vectorised` on every extend."""

    def __init__(self, *moves: Sequence[int]) -> None:
        self._moves = moves
        self._values = np.zeros(1, dtype=np.int64)

    def __len__(self) -> int:
        return len(self._values)

    def extend(self, n: int) -> None:
        if n > len(self._values):
            self._values = grundy_values_vectorised(n, *self._moves)

    def values(self, n: int) -> Any:
        return self._values[:n].copy()

    def reset(self) -> None:
        self._values = np.zeros(1, dtype=np.int64)


KERNELS = PythonHeapKernels()
