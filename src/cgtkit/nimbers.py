"""Nimbers as plain ints: mex and nim-sum.

Every impartial game equals a nimber ``*n`` (Sprague-Grundy); its Grundy value n is
the mex of its options' values, and a sum of games has the nim-sum (xor) of the values.

>>> mex([0, 1, 3]), nim_sum([3, 4, 5])
(2, 2)
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Iterable

__all__ = ["mex", "nim_sum"]


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not in ``values`` (minimum excludant).

    >>> mex([]), mex([1, 2]), mex({0, 1, 2})
    (0, 0, 3)
    """
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n


def nim_sum(values: Iterable[int]) -> int:
    """The nim-sum (bitwise xor) of Grundy values.

    >>> nim_sum([1, 2, 3])
    0
    """
    return reduce(xor, values, 0)
