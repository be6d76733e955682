"""Scoring games: play ends with a score, and the question is the margin, not only
who moves last.

* :mod:`.two_ends`: two games on a row of integers, the first player's best margin in
  O(n^2): two-ends take (take any number of items from either end) and one coin from
  an end (take one item from either end).

>>> from cgtkit.scoring import one_coin_margin, two_ends_margin
>>> two_ends_margin([3, -1, 4, 1, 5]), one_coin_margin([3, -1, 4, 1, 5])
(12, -2)
"""

from .two_ends import (
    one_coin_margin,
    one_coin_margin_by_search,
    two_ends_margin,
    two_ends_margin_by_search,
)

__all__ = [
    "two_ends_margin",
    "two_ends_margin_by_search",
    "one_coin_margin",
    "one_coin_margin_by_search",
]
