"""The iterative, memoised search that both solvers use: :func:`cgtkit.traverse.evaluate`.

Solving a game means giving every position a value computed from the values of
other positions (its options' components).  The traversal lives in
:mod:`cgtkit.traverse` (an explicit stack, so a line of play 10^6 moves long needs no
recursion; the current line kept, so a move function that returns to a position on
it is reported as a :class:`LoopyGameError` with the cycle; optional progress and
cancellation hooks); this module keeps the solvers' name for it.

>>> memo = {}
>>> expand = lambda n: (None, [n - 1] if n else [])      # a chain n -> n-1 -> ... -> 0
>>> combine = lambda n, data, memo: 0 if n == 0 else memo[n - 1] + 1
>>> evaluate(100_000, memo, expand, combine)
100000
"""

from __future__ import annotations

from .traverse import Combine, Expand, evaluate

__all__ = ["evaluate", "Expand", "Combine"]
