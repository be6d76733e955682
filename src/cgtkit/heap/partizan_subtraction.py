"""Partizan subtraction games: a heap from which Left and Right remove different
numbers of tokens; canonical values bottom up and their period proved.

>>> g = PartizanSubtractionGame(left=[2], right=[1])
>>> [str(g.value(n)) for n in range(6)], g.period(), str(g.value(10**100))
(['0', '-1', '{0|-1}', '0', '-1', '{0|-1}'], (0, 3), '-1')
"""

from __future__ import annotations

from typing import Iterable

from .._lazy import np
from ..errors import PeriodNotCertifiedError, RulesError
from ..short.game import Game
from .periodicity import find_period

__all__ = ["PartizanSubtractionGame"]


class PartizanSubtractionGame:
    """A heap of ``n`` tokens; Left removes ``k`` tokens for ``k`` in ``left``, Right for
    ``k`` in ``right`` (``k <= n``).  Canonical values bottom up, the period proved.

    With ``t`` the largest take, the value of heap ``n >= t`` is a function of the
    values of heaps ``n-t .. n-1`` alone (every take is available).  So if those ``t``
    values starting at ``n0`` equal the ``t`` starting at ``n0 + p``, the next values
    agree too, and by induction ``V(n + p) = V(n)`` for every ``n >= n0``: a proof, not
    a guess.  Canonical forms are unique (and ``Game`` objects are shared), so equal
    values are the same object; they are numbered and the repeat found by
    :func:`cgtkit.heap.periodicity.find_period` with the single-heap bound
    (``max(n0, 1) + p + t`` values).  Values are computed in doubling rounds until
    heap ``n`` is reached or a period is proved, at most ``limit`` heaps; a question
    beyond that is refused before starting.  Not every such game is periodic
    (``left=[1], right=[1, 2]`` gives ``v``, ``vv*``, ``v3``, ...): those are answered
    directly within the limit.

    >>> g = PartizanSubtractionGame(left=[1], right=[2])
    >>> [str(g.value(n)) for n in range(4)], g.period()
    (['0', '1', '{1|0}', '0'], (0, 3))
    """

    DEFAULT_LIMIT = 200_000

    def __init__(self, left: Iterable[int], right: Iterable[int]) -> None:
        self.left = _takes(left, "left")
        self.right = _takes(right, "right")
        self.max_take = max(self.left + self.right, default=0)
        self.release()

    def release(self) -> None:
        """Forget the computed values (done by itself after a failure, e.g. Ctrl-C)."""
        self._values: list[Game] = []
        self._ids: "np.ndarray | tuple[int, ...]" = ()  # an int64 array once values are computed
        self._number: dict[Game, int] = {}
        self._proved: tuple[int, int] | None = None

    @property
    def computed_values(self) -> tuple[Game, ...]:
        """The values computed and kept so far, of heaps ``0 .. k-1`` (empty before the
        first computation and after :meth:`release`), without computing more.

        >>> g = PartizanSubtractionGame(left=[2], right=[1])
        >>> len(g.computed_values), str(g.value(3)), len(g.computed_values) >= 4
        (0, '0', True)
        """
        return tuple(self._values)

    def __repr__(self) -> str:
        return f"PartizanSubtractionGame(left={list(self.left)}, right={list(self.right)})"

    def _extend(self, n: int) -> None:
        values, number = self._values, self._number
        start = len(values)
        ids = np.zeros(n, dtype=np.int64)
        ids[:start] = self._ids[:start]
        try:
            for h in range(start, n):
                g = Game.from_options(
                    [values[h - k] for k in self.left if k <= h],
                    [values[h - k] for k in self.right if k <= h],
                )
                values.append(g)
                ids[h] = number.setdefault(g, len(number))
        except BaseException:
            self.release()
            raise
        self._ids = ids

    def values(self, n: int) -> list[Game]:
        """The values of heaps ``0 .. n-1``, computed directly."""
        if len(self._values) < n:
            self._extend(n)
        return self._values[:n]

    def _search(self, n: int | None, limit: int) -> None:
        """Compute until heap ``n`` is known (None: until a period is proved)."""
        size = len(self._values)
        while self._proved is None and (n is None or n >= len(self._values)):
            if size >= limit:
                where = f"heap {n} lies beyond them" if n is not None else "none is known"
                raise PeriodNotCertifiedError(
                    f"{self!r}: no period proved within the first {limit:,} heaps, and {where}; pass a larger limit"
                )
            size = min(max(2 * size, 64), limit if n is None else min(n + 1, limit))
            self._extend(size)
            found = find_period(self._ids[:size], self.max_take, 1)
            if found is not None:
                self._proved = found.check(self._ids[:size]).as_tuple()

    def _check_reach(self, n: int | None, limit: int) -> None:
        least = self.max_take + 2  # max(n0, 1) + p + t with n0 = 0, p = 1
        need = least if n is None else min(n + 1, least)
        if need > limit:
            raise PeriodNotCertifiedError(
                f"{self!r}: beyond reach: a proof of the period needs at least {least:,} values, "
                f"more than the limit of {limit:,} heaps; pass a larger limit"
            )

    def value(self, n: int, limit: int = DEFAULT_LIMIT) -> Game:
        """The canonical value of heap ``n`` (any size once the period is proved)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise RulesError(f"a heap size is an int >= 0, got {n!r}")
        if n >= len(self._values) and self._proved is None:
            self._check_reach(n, limit)
            self._search(n, limit)
        if n < len(self._values):
            return self._values[n]
        n0, p = self._proved  # type: ignore[misc]
        return self._values[n0 + (n - n0) % p]

    def period(self, limit: int = DEFAULT_LIMIT) -> tuple[int, int]:
        """``(preperiod, period)``, proved; :class:`PeriodNotCertifiedError` if none is
        proved within ``limit`` heaps."""
        if self._proved is None:
            self._check_reach(None, limit)
            self._search(None, limit)
        assert self._proved is not None
        return self._proved


def _takes(ks: Iterable[int], side: str) -> tuple[int, ...]:
    try:
        items = sorted(set(ks))
    except TypeError:
        raise RulesError(f"{side} takes must be a collection of ints >= 1, not {ks!r}") from None
    for k in items:
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise RulesError(f"{side} takes must be ints >= 1, got {k!r}")
    return tuple(items)
