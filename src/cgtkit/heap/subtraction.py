"""Subtraction games (the coin game): take a number of tokens from a set S.

A heap of n tokens may lose s tokens for any s in S with s <= n; the player who takes
the last token wins.  This module is a thin layer over
:class:`cgtkit.heap.SubtractionGame`, the one engine for these games: values are
computed bottom up in a numpy array (by a native kernel), the period is proved by the
periodicity theorem (once a window of max(S) consecutive values repeats, the sequence
is periodic from there: a proof, not a guess), and a heap of any size (10**100 coins)
is answered from the period.  Heaps below min(S) have no move (value 0) and need no
computation at all; so does a take-set of one amount k (value ``(n // k) % 2``).

An input beyond reach (a proof would need more than ``limit`` values) is refused
before any work, with the reason.

>>> coin_game_first_player_wins(10, [1, 3, 4])
True
>>> [subtraction_grundy(n, [1, 3, 4]) for n in range(10)]
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
>>> subtraction_grundy(10**100, [1, 3, 4])
2
>>> coin_game_first_player_wins(10, [10**12])     # no move from 10 coins
False
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .._lazy import np
from ..errors import CGTError
from ..memo import register_cache
from .games import DEFAULT_VALUE_LIMIT, SubtractionGame
from .periodicity import Periodicity

__all__ = [
    "SubtractionSequence",
    "subtraction_sequence",
    "subtraction_grundy",
    "coin_game_first_player_wins",
    "subtraction_heaps",
    "DEFAULT_VALUE_LIMIT",
    "check_take_set",
]

# the games asked about recently, with their values; bounded by the values they hold
# and by their number (least recently used forgotten first); cache_sizes() reports it
_GAMES: "OrderedDict[tuple[int, ...], SubtractionGame]" = OrderedDict()
_KEPT_VALUES = 40_000_000
_KEPT_GAMES = 256
register_cache("heap.subtraction_games", _GAMES.clear, _GAMES.__len__)


@dataclass(frozen=True)
class SubtractionSequence:
    """The Grundy values of a subtraction game: a preperiod, then a repeating period
    (proved).  ``seq[n]`` is the value of heap ``n``, any size."""

    take: tuple[int, ...]
    preperiod: int
    period: int
    game: SubtractionGame = field(repr=False, compare=False)

    @property
    def values(self) -> tuple[int, ...]:
        """The values of heaps ``0 .. preperiod + period - 1`` (one preperiod and period)."""
        return tuple(self.game.grundy_values(self.preperiod + self.period).tolist())

    def __getitem__(self, n: int) -> int:
        if n < 0:
            raise CGTError(f"heap size {n} is negative")
        return self.game.grundy(n)


def check_take_set(take: Iterable[int]) -> tuple[int, ...]:
    """The take-set as a sorted tuple of distinct positive ints; a :class:`CGTError`
    naming the bad amount otherwise.

    >>> check_take_set([4, 1, 3, 1])
    (1, 3, 4)
    """
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


def _game(take: tuple[int, ...]) -> SubtractionGame:
    """The engine for ``take``, kept while recently used and small enough."""
    game = _GAMES.pop(take, None)
    if game is None:
        game = SubtractionGame(take)
    _GAMES[take] = game
    while len(_GAMES) > 1 and (
        len(_GAMES) > _KEPT_GAMES or sum(len(g.computed_values) for g in _GAMES.values()) > _KEPT_VALUES
    ):
        _GAMES.popitem(last=False)[1].release()
    return game


def subtraction_sequence(take: Iterable[int], limit: int = DEFAULT_VALUE_LIMIT) -> SubtractionSequence:
    """The whole Grundy sequence of the subtraction game ``take``, with its proved period.

    Computes at most ``limit`` heaps; a take-set whose proof needs more is refused
    before starting.

    >>> seq = subtraction_sequence([1, 3, 4])
    >>> seq.preperiod, seq.period, seq[10**9]
    (0, 7, 2)
    >>> subtraction_sequence([10**12]).period     # one take k: k zeros, then k ones
    2000000000000
    """
    items = check_take_set(take)
    game = _game(items)
    if len(items) == 1:  # k zeros then k ones, for ever: checked on whatever is computed
        Periodicity(0, 2 * items[0], 0, True, 0, 0).check(np.asarray(game.computed_values))
        return SubtractionSequence(items, 0, 2 * items[0], game)
    least = game.least_values_for_period()
    assert least is not None
    if least > limit:
        raise CGTError(
            f"take-set {list(items)}: proving its period needs at least {least:,} values "
            f"(more than the largest take), more than the limit of {limit:,}; pass a larger limit "
            "(--limit L on the command line)"
        )
    found = game.periodicity(limit=limit)
    if found is None:
        raise CGTError(
            f"take-set {list(items)}: no period proved within the first {limit:,} heaps; "
            "pass a larger limit (--limit L on the command line)"
        )
    return SubtractionSequence(items, found.preperiod, found.period, game)


def subtraction_grundy(n: int, take: Iterable[int], limit: int = DEFAULT_VALUE_LIMIT) -> int:
    """Grundy value of a heap of ``n`` tokens when a move takes s tokens, s in ``take``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise CGTError(f"heap size {n!r} must be a non-negative integer")
    return _game(check_take_set(take)).grundy(n, limit=limit)


def coin_game_first_player_wins(x: int, take: Iterable[int], limit: int = DEFAULT_VALUE_LIMIT) -> bool:
    """The coin game: with ``x`` coins, does the player to move (A) win?"""
    return subtraction_grundy(x, take, limit) != 0


def subtraction_heaps(
    heaps: Sequence[int], take: Iterable[int], limit: int = DEFAULT_VALUE_LIMIT
) -> tuple[list[int], int]:
    """Grundy values of several heaps under one take-set, and their nim-sum.

    The player to move wins exactly when the nim-sum is not 0.

    >>> subtraction_heaps([5, 6, 7], [1, 3, 4])
    ([3, 2, 0], 1)
    """
    items = check_take_set(take)
    values = [subtraction_grundy(h, items, limit) for h in heaps]
    total = 0
    for v in values:
        total ^= v
    return values, total
