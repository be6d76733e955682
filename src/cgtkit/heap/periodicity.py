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

:func:`find_period` returns the least period ``p`` (and its preperiod) that the given
values certify, or ``None``; for every candidate ``p`` it scans back from the end of
the sequence to the last ``n`` with ``G(n + p) != G(n)``, which for a wrong ``p``
usually stops at once.

>>> kayles_tail = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7] * 6
>>> find_period(np.array([0, 1, 2, 3] + kayles_tail), max_take=2, parts=2)
Periodicity(preperiod=4, period=12, saltus=0, certified=True, checked=76, needed=34)
>>> find_period(np.arange(30) * 3 % 7 + np.arange(30) // 7 * 5, max_take=None, parts=1, saltus=True)
Periodicity(preperiod=0, period=7, saltus=5, certified=False, checked=30, needed=21)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _kernels

__all__ = ["Periodicity", "find_period", "certificate_length"]


@dataclass(frozen=True)
class Periodicity:
    """What is known about the period of a Grundy sequence.

    ``preperiod`` (``n0``) and ``period`` (``p``): ``G(n + p) = G(n) + saltus`` for
    ``n >= n0``.  ``certified`` is True when the periodicity theorem proves it for all
    ``n``; otherwise it was only observed on the ``checked`` values computed.
    ``needed`` is how many values the certificate uses (or, uncertified, the least
    number of values this report asks for: at least three periods past ``n0``).
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


def find_period(
    values: np.ndarray,
    max_take: int | None,
    parts: int,
    saltus: bool = False,
) -> Periodicity | None:
    """The least period that ``values`` certify (``max_take`` known), else the least
    observed one with at least three periods past the preperiod, else ``None``.

    ``max_take=None`` means no certificate applies (infinite or unknown rules); with
    ``saltus=True`` arithmetic periods are looked for too (never certified here).
    """
    G = np.ascontiguousarray(values, dtype=np.int64)
    n = len(G)
    for p in range(1, n):
        s = int(G[n - 1] - G[n - 1 - p]) if saltus else 0
        if s < 0:
            continue
        if max_take is not None and s == 0:
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
            need = n0 + 3 * p
            if n >= need:
                return Periodicity(n0, p, s, False, n, need)
    return None
