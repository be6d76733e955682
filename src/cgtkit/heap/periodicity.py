"""Periods of Grundy sequences, and the certificate that proves them.

A sequence ``G`` is *periodic* with preperiod ``n0`` and period ``p`` when
``G(n + p) = G(n)`` for every ``n >= n0``; *arithmetic periodic* with saltus ``s`` when
``G(n + p) = G(n) + s`` instead.  A finite computation only ever sees a prefix, so a
period needs a proof.  For a take-and-break game whose moves remove at most ``t``
tokens and leave at most ``j`` heaps, the octal periodicity theorem (Guy and Smith
1956; Winning Ways ch. 4; Siegel, *Combinatorial Game Theory*, IV.2) gives one:

    if ``G(n + p) = G(n)`` for all ``n0 <= n < j*n0 + (j-1)*p + t``,
    then it holds for every ``n >= n0``.

(For ``j = 2`` this is the familiar ``2*n0 + p + t``.)  The proof lifts the largest
heap of every option by ``p``, which needs that heap, and ``n0``, to be at least 1:
so the check below uses ``max(n0, 1)`` in the bound, and it needs the first
``j*max(n0, 1) + j*p + t`` values.

**All-but subtraction games** (remove any ``k >= 1`` except the finite set ``E``, the
largest excluded ``m``) are arithmetic periodic (Angela Siegel, "Finite excluded
subtraction sets and Kayles", 2005): ``G(n + p) = G(n) + s`` for ``n >= n0``.  No
published bound was found that says how much to check, so cgtkit proves its own:

    Let ``M = max G(0 .. n0+p-1)`` and ``K`` the least index such that every value
    ``0 .. M+s`` occurs among ``G(0 .. K-1)``.  If ``G(n + p) = G(n) + s`` for all
    ``n0 <= n < max(n0, K) + m``, it holds for every ``n >= n0``.

*Proof.*  ``G(N)`` is the least ``v`` such that every ``j < N`` with ``G(j) = v`` has
``N - j`` in ``E``: call that ``C_N(v)``.  An occurrence at ``j < N - m`` breaks it.
Let ``N >= max(n0, K) + p + m`` with the relation true below ``N``, and ``n' = N - p``,
``g = G(n')``.  The windows ``[N-m, N)`` and ``[n'-m, n')`` lie past ``n0 + p`` and
``n0``, so position ``j`` of the first is ``j - p`` of the second with value ``+ s``
and the same distance to the end: the window parts of ``C_N(v)`` and ``C_n'(v - s)``
agree.  Their early parts (an occurrence before the window) agree too: for ``w =
v - s > M`` neither ``w`` nor ``w + s`` occurs before ``n0 + p``, and later
occurrences correspond by the shift; for ``w <= M`` both ``w`` and ``w + s`` occur
before ``K <= n' - m``.  Every ``v < s`` occurs before ``K`` too, so ``C_N(v)`` fails.
Hence ``C_N(v) = C_n'(v - s)`` for ``s <= v <= g + s``, and ``G(N) = g + s``; by
induction on ``N`` the relation holds for ever.  (Every value does occur, so ``K``
exists once enough values are computed.)  The tests check the bound on thousands of
excluded sets against values computed far past it.

:func:`find_period` returns the least period ``p`` (and its preperiod) that the given
values certify, or ``None``; :func:`preperiods` finds, for every ``p`` at once in
O(n), the last ``n`` with ``G(n + p) - G(n) != s`` (so long runs of equal values, as
in a subtraction game with large takes, cost no more than any other values).
Whatever it reports holds on every value it was given (:meth:`Periodicity.check`
says so again, for the callers that computed more).

>>> kayles_tail = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7] * 6
>>> find_period(np.array([0, 1, 2, 3] + kayles_tail), max_take=2, parts=2)
Periodicity(preperiod=4, period=12, saltus=0, certified=True, checked=76, needed=34)
>>> find_period(np.arange(40) // 4, max_take=None, parts=1, all_but=3)   # all but 1, 2, 3
Periodicity(preperiod=0, period=4, saltus=1, certified=True, checked=40, needed=12)
>>> find_period(np.arange(30) * 3 % 7 + np.arange(30) // 7 * 5, max_take=None, parts=1, saltus=True)
Periodicity(preperiod=0, period=7, saltus=5, certified=False, checked=30, needed=21)
"""

from __future__ import annotations

from dataclasses import dataclass

from .._lazy import np

from .. import backend

__all__ = ["Periodicity", "find_period", "preperiods", "certificate_length", "all_but_certificate_length"]


@dataclass(frozen=True)
class Periodicity:
    """What is known about the period of a Grundy sequence.

    ``preperiod`` (``n0``) and ``period`` (``p``): ``G(n + p) = G(n) + saltus`` for
    ``n >= n0``.  ``certified`` is True when the periodicity theorem proves it for all
    ``n``; otherwise it was only observed on the ``checked`` values computed.
    ``needed`` is how many values the certificate uses (or, uncertified, the least
    number of values this report asks for: three periods past ``n0``, and ``2*n0``).
    """

    preperiod: int
    period: int
    saltus: int
    certified: bool
    checked: int
    needed: int

    def as_tuple(self) -> tuple[int, int]:
        """``(preperiod, period)``."""
        return (self.preperiod, self.period)

    def check(self, values: np.ndarray) -> "Periodicity":
        """``self``, after making sure ``G(n + p) = G(n) + saltus`` on every ``n >= n0``
        that ``values`` (``G(0 .. len-1)``) reach; a contradiction is a bug in cgtkit,
        raised as ``RuntimeError`` rather than reported as a period.

        >>> Periodicity(0, 2, 0, False, 4, 4).check(np.array([0, 1, 0, 1, 0, 2]))
        Traceback (most recent call last):
        ...
        RuntimeError: internal error: the reported period 2 (preperiod 0, saltus 0) is contradicted at n = 3: G(5) - G(3) = 1
        """
        G = np.ascontiguousarray(values, dtype=np.int64)
        n0, p, s = self.preperiod, self.period, self.saltus
        if len(G) > n0 + p:
            bad = _last_mismatch(G, len(G), p, s) - 1
            if bad >= n0:
                raise RuntimeError(
                    f"internal error: the reported period {p} (preperiod {n0}, saltus {s}) is "
                    f"contradicted at n = {bad}: G({bad + p}) - G({bad}) = {int(G[bad + p] - G[bad])}"
                )
        return self


def certificate_length(preperiod: int, period: int, max_take: int, parts: int) -> int:
    """How many values ``G(0 .. L-1)`` the periodicity theorem needs to check.

    >>> certificate_length(71, 12, 2, 2)     # Kayles: 2*71 + 2*12 + 2
    168
    """
    n0 = max(preperiod, 1)
    return parts * n0 + parts * period + max_take


def _last_mismatch(values: np.ndarray, n: int, p: int, s: int) -> int:
    """1 + the last ``i`` with ``G(i + p) - G(i) != s`` (0 if none), over ``G[:n]``."""
    return int(backend.heap_kernels().last_mismatch(values, n, p, s))


def all_but_certificate_length(
    values: np.ndarray, preperiod: int, period: int, saltus: int, max_excluded: int
) -> int | None:
    """How many values the all-but certificate (module docstring) needs: ``max(n0, K)
    + p + m``; None while some value up to ``M + s`` has not occurred in ``values``.

    >>> all_but_certificate_length(np.arange(40) // 4, 0, 4, 1, 3)   # M = 0, K = 5
    12
    """
    G = np.asarray(values, dtype=np.int64)
    top = int(G[: preperiod + period].max()) + saltus
    first = _first_occurrences(G, top)
    if first is None:
        return None
    return max(preperiod, first + 1) + period + max_excluded


def _first_occurrences(G: np.ndarray, top: int) -> int | None:
    """The last of the first occurrences of the values ``0 .. top`` in ``G`` (None if
    one is missing)."""
    if top < 0:
        return -1
    small = np.flatnonzero(G <= top)
    seen, where = np.unique(G[small], return_index=True)
    if len(seen) < top + 1:
        return None
    return int(small[where].max())


def find_period(
    values: np.ndarray,
    max_take: int | None,
    parts: int,
    saltus: bool = False,
    all_but: int | None = None,
) -> Periodicity | None:
    """The least period that ``values`` certify, else (no certificate applies) the least
    one observed over at least three periods and the later half of the values, else
    ``None``.

    ``max_take``: the octal theorem's ``t`` (None: no octal certificate).  ``all_but``:
    the largest excluded take of an all-but subtraction game (0 for none excluded):
    arithmetic periods certified by the bound in the module docstring.  ``saltus=True``
    without either looks for observed arithmetic periods too (never certified).
    """
    G = np.ascontiguousarray(values, dtype=np.int64)
    n = len(G)
    if n < 2:
        return None
    arithmetic = saltus or all_but is not None
    n0, s = preperiods(G, arithmetic)
    # arrays indexed by p - 1, built in place: a long sequence is searched in a few
    # times its own memory
    usable = s >= 0 if arithmetic else True
    if all_but is not None:  # the cheap half of the bound first, then M and K per candidate
        cheap = n0 + np.arange(1 + all_but, n + all_but, dtype=np.int64) <= n
        for i in np.flatnonzero(usable & cheap).tolist():
            need = all_but_certificate_length(G, int(n0[i]), i + 1, int(s[i]), all_but)
            if need is not None and n >= need:
                return Periodicity(int(n0[i]), i + 1, int(s[i]), True, n, need)
        return None
    if max_take is not None and not saltus:
        need = np.maximum(n0, 1)
        need += np.arange(1, n, dtype=np.int64)
        need *= parts
        need += max_take
        certified = True
    else:
        # seen over three periods, and over the later half of the values: a run of
        # equal values at the very end is not a period
        need = np.maximum(n0 + 3 * np.arange(1, n, dtype=np.int64), 2 * n0)
        certified = False
    hits = np.flatnonzero(usable & (need <= n))
    if not len(hits):
        return None
    i = int(hits[0])
    return Periodicity(int(n0[i]), i + 1, int(s[i]), certified, n, int(need[i]))


def preperiods(values: np.ndarray, arithmetic: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """For every ``p = 1 .. n-1`` (index ``p - 1``): the saltus ``s = G(n-1) - G(n-1-p)``
    (0 unless ``arithmetic``) and the least ``n0`` with ``G(i + p) - G(i) = s`` for all
    ``n0 <= i < n - p``, in O(n) for all ``p`` at once.

    The Z-algorithm on the reversed sequence gives, for each ``p``, how far back from
    the end the sequence agrees with itself shifted by ``p``.  For arithmetic periods
    it runs on the differences ``D(i) = G(i+1) - G(i)``: ``G(i + p) - G(i)`` is the same
    for all ``i >= n0`` exactly when ``D`` has period ``p`` from ``n0``.

    >>> n0, s = preperiods(np.array([5, 0, 1, 0, 1, 0, 1]))
    >>> n0[:3].tolist(), s[:3].tolist()        # p = 2: period from heap 1
    ([6, 1, 4], [0, 0, 0])
    """
    G = np.ascontiguousarray(values, dtype=np.int64)
    n = len(G)
    backwards = (np.diff(G) if arithmetic else G)[::-1].copy()
    length = len(backwards)
    Z = _z_function(backwards)
    del backwards
    # n0 = length - p - Z[p] where Z reaches (p < length), else 0
    inside = min(n - 1, length - 1)
    n0 = np.zeros(n - 1, dtype=np.int64)
    np.subtract(np.arange(length - 1, length - 1 - inside, -1, dtype=np.int64), Z[1 : inside + 1], out=n0[:inside])
    del Z
    np.maximum(n0, 0, out=n0)
    if arithmetic:
        s = G[n - 1] - G[n - 2 :: -1]
    else:
        s = np.broadcast_to(np.int64(0), (n - 1,))  # all 0, no memory
    return n0, s


def _z_function(seq: np.ndarray) -> np.ndarray:
    return backend.heap_kernels().z_function(np.ascontiguousarray(seq, dtype=np.int64))
