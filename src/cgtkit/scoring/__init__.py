"""Scoring games: play ends with a score, and the question is the margin, not only
who moves last.

* :mod:`.two_ends`: the two-ends take game (take items from either end of a row of
  integers), the first player's best margin in O(n^2).

>>> from cgtkit.scoring import two_ends_margin
>>> two_ends_margin([3, -1, 4, 1, 5])
12
"""

from .two_ends import two_ends_margin, two_ends_margin_by_search

__all__ = ["two_ends_margin", "two_ends_margin_by_search"]
