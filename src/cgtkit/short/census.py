"""The games born by day n: every canonical short game of birthday at most n.

A game born by day n is {L | R} with L and R sets of games born by day n-1.  Removing
a dominated option does not change the value, so L may be taken to be an antichain
(no option <= another) and so may R: enumerating pairs of antichains instead of all
pairs of subsets gives every value, and far fewer candidates (98 antichains among the
22 games of day 2, against 2^22 subsets).  Invariant: ``born_by(n)`` lists each value
exactly once, sorted by :func:`sort_key` so the order never depends on creation order.

Counts (Wolfe and Fraser, *Counting the number of games*, TCS 313 (2004); Siegel,
*Combinatorial Game Theory* (2013), III.1): 1, 4, 22, 1474 games born by days 0-3.

>>> [len(born_by(n)) for n in range(3)]
[1, 4, 22]
>>> [str(g) for g in born_by(1)]
['0', '*', '-1', '1']
>>> len(antichains(born_by(1)))     # {}, {-1}, {0}, {1}, {*} and {0, *}
6
"""

from __future__ import annotations

import functools
from typing import Sequence

from ..errors import shown_number
from .game import Game
from ..memo import register_cache

__all__ = ["born_by", "antichains", "sort_key"]


def sort_key(g: Game) -> tuple[object, ...]:
    """A deterministic order on games: birthday, then the printed form."""
    return (g.birthday, str(g))


def antichains(games: Sequence[Game]) -> list[tuple[Game, ...]]:
    """Every set of pairwise incomparable games among ``games`` (the empty set too),
    each as a tuple in the order of ``games``.

    >>> from cgtkit.short.constants import star, up
    >>> antichains([Game.of(0), star, up])
    [(), (game('0'),), (game('0'), game('*')), (game('*'),), (game('*'), game('^')), (game('^'),)]
    """
    games = list(games)
    n = len(games)
    incomparable = [[not (games[i] <= games[j]) and not (games[j] <= games[i]) for j in range(n)] for i in range(n)]
    out: list[tuple[Game, ...]] = [()]
    # explicit stack of (chosen indices, next candidate index); depth is at most n
    stack: list[tuple[tuple[int, ...], int]] = [((), 0)]
    while stack:
        chosen, start = stack.pop()
        for i in range(n - 1, start - 1, -1):  # pushed in reverse so output is in order
            if all(incomparable[i][j] for j in chosen):
                stack.append((chosen + (i,), i + 1))
        if chosen:
            out.append(tuple(games[i] for i in chosen))
    return out


def born_by(day: int) -> list[Game]:
    """The canonical games born by ``day`` (day >= 0), each once, in :func:`sort_key` order.

    Day 3 (1474 games, 98 antichains a side) takes about a second; day 4 is out of
    reach of any enumeration.
    """
    if not isinstance(day, int) or isinstance(day, bool) or day < 0:
        raise ValueError(f"born_by needs a day >= 0, not {shown_number(day)}")
    return list(_born_by(day))


@functools.lru_cache(maxsize=8)  # day 4 is out of reach: days 0 .. 3 are all ever kept
def _born_by(day: int) -> tuple[Game, ...]:
    if day == 0:
        return (Game.of(0),)
    sides = antichains(_born_by(day - 1))
    return tuple(sorted({Game.from_options(a, b) for a in sides for b in sides}, key=sort_key))


register_cache("census.born_by", _born_by.cache_clear, lambda: _born_by.cache_info().currsize)
