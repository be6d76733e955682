"""Nim: heaps of tokens, a move takes any positive number from one heap.

Bouton's theorem: the player to move loses exactly when the nim-sum (xor) of the
heap sizes is 0; otherwise the winning moves shrink a heap ``h`` to ``h ^ s`` where
``s`` is the nim-sum, whenever that is smaller than ``h``.

>>> nim_outcome([3, 4, 5])
'N'
>>> nim_winning_move([3, 4, 5])
(0, 1)
"""

from __future__ import annotations

from typing import Sequence

from ..errors import CGTError, NoWinningMoveError
from ..nimbers import nim_sum
from ..outcome import Outcome

__all__ = ["nim_outcome", "nim_winning_moves", "nim_winning_move"]


def _check(heaps: Sequence[int]) -> list[int]:
    out = []
    for i, h in enumerate(heaps):
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            raise CGTError(f"heap {i} is {h!r}: Nim heaps are non-negative integers")
        out.append(h)
    return out


def nim_outcome(heaps: Sequence[int]) -> Outcome:
    """``N`` if the player to move wins, ``P`` if they lose (an
    :class:`~cgtkit.outcome.Outcome`, equal to the letter)."""
    return Outcome.N if nim_sum(_check(heaps)) else Outcome.P


def nim_winning_moves(heaps: Sequence[int]) -> list[tuple[int, int]]:
    """Every winning move as ``(heap index, new size)``; empty in a P-position.

    >>> nim_winning_moves([1, 2, 4])
    [(2, 3)]
    """
    hs = _check(heaps)
    s = nim_sum(hs)
    return [(i, h ^ s) for i, h in enumerate(hs) if s and h ^ s < h]


def nim_winning_move(heaps: Sequence[int]) -> tuple[int, int]:
    """One winning move ``(heap index, new size)``; :class:`NoWinningMoveError` if none."""
    moves = nim_winning_moves(heaps)
    if not moves:
        raise NoWinningMoveError(f"heaps {list(heaps)} have nim-sum 0: a P-position, every move loses")
    return moves[0]
