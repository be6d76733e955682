"""The impartial search in plain Python: the twin of the native one
(``native/src/impartial``).

Grundy values of the positions a move function reaches, by the iterative post-order
of :func:`cgtkit.traverse.evaluate` (explicit stack, cycle detection, depth bound):
a position's value is the mex of its options' values, an option that is a sum of
positions has the nim-sum of theirs.  Every value lands in the memo dict the search
was given.  What goes wrong is reported as the native search reports it, a
:class:`~cgtkit.traverse.SearchFailure`, and raised as the error
:func:`~cgtkit.traverse.search_error` makes of it (the move function's failures as
:class:`~cgtkit.errors.MoveFunctionError`, a cycle as
:class:`~cgtkit.errors.LoopyGameError`).

>>> memo = {}
>>> ImpartialSearch(lambda n: [n - k for k in (1, 3, 4) if k <= n], memo, True, 1000).grundy(7)
0
>>> sorted(memo.items())[:5]
[(0, 0), (1, 1), (2, 0), (3, 1), (4, 2)]
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, MutableMapping

from ...errors import CGTError
from ...options import normalize_option
from ...traverse import SearchFailure, evaluate, search_error

__all__ = ["ImpartialSearch"]


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


class ImpartialSearch:
    """One game's search: ``moves(position)`` lists the options, ``memo`` keeps the
    values, ``tuple_is_sum`` says how a tuple option reads, a line of play longer than
    ``max_depth`` stops."""

    def __init__(self, moves: Callable[[Any], Any], memo: dict[Any, Any], tuple_is_sum: bool, max_depth: int) -> None:
        self._moves, self._memo, self._max_depth = moves, memo, max_depth
        self._tuple_is_sum = tuple_is_sum

    def grundy(self, root: Hashable) -> int:
        value: int = evaluate(root, self._memo, self._expand, self._combine, max_depth=self._max_depth)
        return value

    @staticmethod
    def stored() -> int:
        """Positions kept outside the memo dict: none."""
        return 0

    def _expand(self, position: Hashable) -> tuple[tuple[bool, list[Any]], list[Hashable]]:
        raw = self._moves(position)  # what it raises, evaluate reports as kind "raised"
        try:
            items = raw if type(raw) is list else list(raw)  # list(None) raises a TypeError too
        except TypeError:
            raise search_error(SearchFailure("result", position, -1, raw)) from None
        for o in items:
            kind = type(o)
            if kind is not int and kind is not str:
                break
        else:  # fast path: every option a plain int/str position, nothing to normalise
            return (True, items), items
        options = []
        for i, o in enumerate(items):
            try:
                options.append(normalize_option(o, position, self._tuple_is_sum)[1])
            except CGTError:
                raise search_error(SearchFailure("option", position, i, o), self._tuple_is_sum) from None
        return (False, options), [c for components in options for c in components]

    @staticmethod
    def _combine(position: Hashable, data: tuple[bool, list[Any]], memo: MutableMapping[Any, int]) -> int:
        flat, options = data
        if flat:
            return _mex({memo[c] for c in options})
        values = set()
        for components in options:
            v = 0
            for c in components:
                v ^= memo[c]
            values.add(v)
        return _mex(values)
