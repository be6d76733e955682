"""The cake-cutting game of seed 003 (Maundy Cake, Winning Ways ch. 2).

A position is a w x h cake.  Left cuts it into k >= 2 equal pieces along the width:
the result is k independent cakes (w/k) x h; Right cuts along the height into k
cakes w x (h/k).  Pieces keep integer sides, so k must divide the side.

Every position is an integer.  With d(x) the prime factors of x in increasing order
(with multiplicity), the seed's O(log) formula reads: if w has more prime factors
than h, the value is r where r = 0 and then r = r * p + 1 for each of the largest
len(d(w)) - len(d(h)) primes p of w, smallest first; symmetrically negative when h
has more; 0 when the counts are equal.  :func:`maundy_cake_value` computes it by
searching the game instead; the tests show the two agree.

>>> maundy_cake_formula(6, 4), maundy_cake_formula(12, 1), maundy_cake_formula(1, 12)
(0, 10, -10)
>>> cake_range_queries([(12, 1), (1, 2), (2, 12)], [(1, 2), (2, 3), (1, 3)])
['Yes', 'No', 'Yes']
"""

from __future__ import annotations

from itertools import accumulate
from typing import Iterable, Sequence

from ..errors import CGTError
from ..numbers import Dyadic
from .factorize import prime_factors

__all__ = ["maundy_cake_formula", "maundy_cake_moves", "maundy_cake_value", "cake_range_queries"]


def _check_side(name: str, x: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise CGTError(f"cake side {name}={x!r} must be a positive integer")
    return x


def maundy_cake_formula(w: int, h: int) -> int:
    """Value of a w x h Maundy cake by the prime-factor formula; O(log) after factoring."""
    dw = prime_factors(_check_side("w", w))
    dh = prime_factors(_check_side("h", h))
    if len(dw) == len(dh):
        return 0
    sign = 1
    if len(dw) < len(dh):
        dw, dh, sign = dh, dw, -1
    r = 0
    for p in dw[len(dh) :]:
        r = r * p + 1
    return sign * r


def _divisors_above_one(x: int) -> list[int]:
    small = [k for k in range(2, int(x**0.5) + 1) if x % k == 0]
    return sorted(set(small + [x // k for k in small] + ([x] if x > 1 else [])))


def maundy_cake_moves(position: tuple[int, int]) -> tuple[list[tuple], list[tuple]]:
    """Move function for :class:`~cgtkit.PartizanSolver`: options as sums of pieces.

    >>> maundy_cake_moves((4, 3))
    ([((2, 3), (2, 3)), ((1, 3), (1, 3), (1, 3), (1, 3))], [((4, 1), (4, 1), (4, 1))])
    """
    w, h = position
    left = [tuple([(w // k, h)] * k) for k in _divisors_above_one(w)]
    right = [tuple([(w, h // k)] * k) for k in _divisors_above_one(h)]
    return left, right


def maundy_cake_value(w: int, h: int, solver=None) -> Dyadic:
    """Value of a w x h cake by searching the game (no formula); for small cakes."""
    from ..partizan import PartizanSolver  # the engine, only when searching

    _check_side("w", w)
    _check_side("h", h)
    solver = solver or PartizanSolver(maundy_cake_moves)
    return solver.number((w, h))


def cake_range_queries(
    cakes: Sequence[tuple[int, int]], queries: Iterable[tuple[int, int]]
) -> list[str]:
    """Seed 003's query form: for each 1-based range [l, r] of ``cakes``, is the sum of
    their values > 0, i.e. does Left win moving first or second?  "Yes" or "No".
    Exact prefix sums, one formula evaluation per cake."""
    prefix = [0, *accumulate(maundy_cake_formula(w, h) for w, h in cakes)]
    answers = []
    for l, r in queries:
        if not (1 <= l <= r <= len(cakes)):
            raise CGTError(f"query [{l}, {r}] is outside the cakes 1..{len(cakes)}")
        answers.append("Yes" if prefix[r] - prefix[l - 1] > 0 else "No")
    return answers
