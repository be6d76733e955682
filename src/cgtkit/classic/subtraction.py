"""Subtraction games (the seeds' coin game): take a number of tokens from a set S.

A heap of n tokens may lose s tokens for any s in S with s <= n; the player who takes
the last token wins.  The Grundy value of heap n depends only on the values of the
heaps n-1 .. n-max(S), so once a window of max(S) consecutive values repeats, the
sequence is periodic from there on: a proof, not a guess.  That lets us answer for a
heap of any size (10**100 coins) in time bounded by the period, not by n.

>>> coin_game_first_player_wins(10, [1, 3, 4])
True
>>> [subtraction_grundy(n, [1, 3, 4]) for n in range(10)]
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
>>> subtraction_grundy(10**100, [1, 3, 4])
2
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from ..errors import CGTError
from ..nimbers import mex

__all__ = [
    "SubtractionSequence",
    "subtraction_sequence",
    "subtraction_grundy",
    "coin_game_first_player_wins",
    "subtraction_heaps",
]

_MAX_STEPS = 10_000_000


@dataclass(frozen=True)
class SubtractionSequence:
    """The Grundy values of a subtraction game, as a prefix and a repeating period."""

    take: tuple[int, ...]
    values: tuple[int, ...]  # values[n] for n < preperiod + period
    preperiod: int
    period: int

    def __getitem__(self, n: int) -> int:
        if n < 0:
            raise CGTError(f"heap size {n} is negative")
        if n >= len(self.values):
            n = self.preperiod + (n - self.preperiod) % self.period
        return self.values[n]


def _check_take(take: Iterable[int]) -> tuple[int, ...]:
    try:
        items = sorted(set(take))
    except TypeError:
        raise CGTError(f"the take-set {take!r} must be a collection of positive integers") from None
    if not items:
        raise CGTError("the take-set is empty: no move is ever possible")
    for s in items:
        if isinstance(s, bool) or not isinstance(s, int) or s <= 0:
            raise CGTError(f"the take-set contains {s!r}: every amount must be a positive integer")
    return tuple(items)


@lru_cache(maxsize=256)
def _sequence(take: tuple[int, ...]) -> SubtractionSequence:
    m = take[-1]
    values: list[int] = []
    seen: dict[tuple[int, ...], int] = {}
    for n in range(_MAX_STEPS):
        values.append(mex(values[n - s] for s in take if s <= n))
        if n + 1 >= m:
            window = tuple(values[n + 1 - m : n + 1])  # values of heaps n-m+1 .. n
            start = n + 1 - m
            if window in seen:
                first = seen[window]
                period = start - first
                return SubtractionSequence(take, tuple(values[: first + period]), first, period)
            seen[window] = start
    raise CGTError(  # pragma: no cover - needs an astronomically long period
        f"no period found within {_MAX_STEPS} heaps for take-set {list(take)}"
    )


def subtraction_sequence(take: Iterable[int]) -> SubtractionSequence:
    """The whole Grundy sequence of the subtraction game ``take``, with its period.

    >>> seq = subtraction_sequence([1, 3, 4])
    >>> seq.preperiod, seq.period
    (0, 7)
    """
    return _sequence(_check_take(take))


def subtraction_grundy(n: int, take: Iterable[int]) -> int:
    """Grundy value of a heap of ``n`` tokens when a move takes s tokens, s in ``take``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise CGTError(f"heap size {n!r} must be a non-negative integer")
    return subtraction_sequence(take)[n]


def coin_game_first_player_wins(x: int, take: Iterable[int]) -> bool:
    """The seed's coin game: with ``x`` coins, does the player to move (A) win?"""
    return subtraction_grundy(x, take) != 0


def subtraction_heaps(heaps: Sequence[int], take: Iterable[int]) -> tuple[list[int], int]:
    """Grundy values of several heaps under one take-set, and their nim-sum.

    The player to move wins exactly when the nim-sum is not 0.

    >>> subtraction_heaps([5, 6, 7], [1, 3, 4])
    ([3, 2, 0], 1)
    """
    seq = subtraction_sequence(take)
    values = [subtraction_grundy(h, seq.take) for h in heaps]
    total = 0
    for v in values:
        total ^= v
    return values, total
