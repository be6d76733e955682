"""Two games on a row of integers, played from its ends; what is the first player's
best margin (their total minus the other's)?

* **two-ends take** (:func:`two_ends_margin`): a move takes *any positive number* of
  items from either end;
* **one coin from an end** (:func:`one_coin_margin`, the classic "coins in a line"
  puzzle): a move takes *one* item, from either end.

Two-ends take:

With ``f(R) = sum(R) + best(R)`` for a remaining interval R (the empty one has f 0),
the first player on interval I leaves some proper prefix or suffix R of I, so
``best(I) = sum(I) - min f(R)``.  The minimum over the suffixes of [i..j] strictly
inside it is ``min(f([i+1..j]), the same minimum for [i+1..j])``; likewise for
prefixes.  So each interval costs O(1): O(n^2) in all (the direct DP is O(n^3)),
and only the previous interval length is kept: O(n) memory.  Exact for any ints.

>>> two_ends_margin([3, -1, 4, 1, 5])
12
>>> two_ends_margin_by_search([3, -1, 4, 1, 5])
12

One coin from an end: ``best(i..j) = max(v[i] - best(i+1..j), v[j] - best(i..j-1))``,
one interval length at a time: O(n^2) time, O(n) memory.  Taking the whole row at once
is no move here, so the margins differ:

>>> one_coin_margin([3, -1, 4, 1, 5]), one_coin_margin_by_search([3, -1, 4, 1, 5])
(-2, -2)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional, Sequence

from .._lazy import np

from ..errors import CGTError

__all__ = [
    "two_ends_margin",
    "two_ends_margin_by_search",
    "one_coin_margin",
    "one_coin_margin_by_search",
]

_SAFE = 2**60  # bound on |values| * n that keeps int64 arithmetic exact


def _check(values: Sequence[int]) -> list[int]:
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise CGTError(f"item {i} is {v!r}: the two-ends game takes integers")
        out.append(int(v))
    if not out:
        raise CGTError("the row is empty: there is nothing to take")
    return out


def _array(vals: list[int]) -> tuple[np.ndarray, type]:
    """The row as int64 when every sum the DPs form fits, else as Python ints."""
    if len(vals) * max(abs(v) for v in vals) * 4 < _SAFE:
        return np.array(vals, dtype=np.int64), np.int64
    return np.array(vals, dtype=object), object


def two_ends_margin(values: Sequence[int]) -> int:
    """The first player's total minus the second's, both playing optimally. O(n^2)."""
    return _margin(*_array(_check(values)))


def _margin(vals: np.ndarray, dtype: type) -> int:
    n = len(vals)
    prefix = np.zeros(n + 1, dtype=dtype)
    prefix[1:] = np.cumsum(vals)
    zeros = np.zeros(n, dtype=dtype)
    # Intervals of length 1: best = v, f = 2v; proper sub-intervals are only empty.
    f_prev = 2 * vals  # f([i..i+l-1]) for the current length l, indexed by i
    suf_prev = zeros.copy()  # min f over proper suffixes of [i..i+l-1]
    pre_prev = zeros.copy()  # min f over proper prefixes
    best = vals.copy()
    for length in range(2, n + 1):
        m = n - length + 1
        suf = np.minimum(f_prev[1 : m + 1], suf_prev[1 : m + 1])
        pre = np.minimum(f_prev[:m], pre_prev[:m])
        total = prefix[length : length + m] - prefix[:m]
        best = total - np.minimum(suf, pre)
        f_prev, suf_prev, pre_prev = total + best, suf, pre
    return int(best[0])


def two_ends_margin_by_search(values: Sequence[int]) -> int:
    """The same margin by trying every move (the definition); for small rows."""
    vals = _check(values)
    prefix = [0]
    for v in vals:
        prefix.append(prefix[-1] + v)

    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> int:  # interval [i, j), nonempty
        result: Optional[int] = None
        for k in range(1, j - i + 1):
            left = prefix[i + k] - prefix[i] - (best(i + k, j) if i + k < j else 0)
            right = prefix[j] - prefix[j - k] - (best(i, j - k) if i < j - k else 0)
            cand = max(left, right)
            result = cand if result is None else max(result, cand)
        assert result is not None  # the interval is nonempty
        return result

    return best(0, len(vals))


def one_coin_margin(values: Sequence[int]) -> int:
    """One coin from an end: players alternately take one item from either end of the
    row; the first player's total minus the second's, both playing optimally. O(n^2)
    time, O(n) memory, exact for any ints.

    >>> one_coin_margin([8, 15, 3, 7]), one_coin_margin([1, -100, 1])
    (11, -100)
    """
    vals, _ = _array(_check(values))
    best = vals.copy()  # best[i]: the margin on the interval of the current length from i
    for length in range(2, len(vals) + 1):
        m = len(vals) - length + 1
        best = np.maximum(vals[:m] - best[1 : m + 1], vals[length - 1 :] - best[:m])
    return int(best[0])


def one_coin_margin_by_search(values: Sequence[int]) -> int:
    """The same margin by trying every line of play (the definition, no memo: 2^(n-1)
    lines); for short rows."""
    vals = _check(values)

    def best(i: int, j: int) -> int:  # the mover's margin on vals[i:j], nonempty
        if j - i == 1:
            return vals[i]
        return max(vals[i] - best(i + 1, j), vals[j - 1] - best(i, j - 1))

    return best(0, len(vals))
