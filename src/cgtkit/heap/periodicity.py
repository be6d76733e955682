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
values certify, or ``None``; for every candidate ``p`` it scans back from the end of
the sequence to the last ``n`` with ``G(n + p) - G(n) != s``, which for a wrong ``p``
usually stops at once.  Whatever it reports holds on every value it was given
(:meth:`Periodicity.check` says so again, for the callers that computed more).

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

import numpy as np

from . import _kernels

__all__ = ["Periodicity", "find_period", "certificate_length", "all_but_certificate_length"]


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
    if _kernels.HAVE_NUMBA:
        return int(_kernels.LAST_MISMATCH(values, n, p, s))
    hi = n - p
    width = 64
    while True:
        lo = max(0, hi - width)
        bad = np.flatnonzero(values[lo + p : hi + p] - values[lo:hi] != s)
        if len(bad):
            return int(lo + bad[-1] + 1)
        if lo == 0:
            return 0
        width *= 4


def all_but_certificate_length(values: np.ndarray, preperiod: int, period: int, saltus: int, max_excluded: int) -> int | None:
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
    arithmetic = saltus or all_but is not None
    for p in range(1, n):
        s = int(G[n - 1] - G[n - 1 - p]) if arithmetic else 0
        if s < 0:
            continue
        if all_but is not None:
            if p + all_but + 1 > n:
                break
            n0 = _last_mismatch(G, n, p, s)
            if n0 + p + all_but > n:  # the certificate needs more than n values anyway
                continue
            need = all_but_certificate_length(G, n0, p, s, all_but)
            if need is not None and n >= need:
                return Periodicity(n0, p, s, True, n, need)
        elif max_take is not None and s == 0:
            if n < certificate_length(0, p, max_take, parts):
                break
            n0 = _last_mismatch(G, n, p, 0)
            need = certificate_length(n0, p, max_take, parts)
            if n >= need:
                return Periodicity(n0, p, 0, True, n, need)
        else:
            if 3 * p > n:
                break
            n0 = _last_mismatch(G, n, p, s)
            # seen over three periods, and over the later half of the values: a run of
            # equal values at the very end is not a period
            need = max(n0 + 3 * p, 2 * n0)
            if n >= need:
                return Periodicity(n0, p, s, False, n, need)
    return None
