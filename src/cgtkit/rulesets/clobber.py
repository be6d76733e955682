"""Clobber: stones capture orthogonally adjacent enemy stones.

Left moves a black stone ``x`` onto an orthogonally adjacent white stone ``o``,
removing it; Right moves an ``o`` onto an adjacent ``x`` (CGSuite's convention: ``x``
is Left).  Empty cells (``.``) never fill again, so a position splits into its
orthogonally connected groups of stones; a group in which no capture is possible
(one colour only) is 0 and is dropped.  Groups are normalised under all 8 symmetries
of the square, and a group whose colour-swapped twin is solved is not searched (its
value is the negative).

>>> Clobber("xo").value, Clobber("xxo").value, Clobber("x.o").value
(game('*'), game('^'), game('0'))
>>> Clobber("xo|..").left_moves()
[Clobber('.x|..')]
>>> Clobber("xx.|..o").components()      # two one-colour groups: nothing to play
()
"""

from __future__ import annotations

from typing import Iterator

from .bitboard import split
from .stones import StonePosition, StoneRuleset

__all__ = ["Clobber", "ClobberRuleset", "CLOBBER", "captures"]


def _near(bits: int, stride: int) -> int:
    return (bits << 1) | (bits >> 1) | (bits << stride) | (bits >> stride)


def captures(mine: int, targets: int, stride: int) -> Iterator[tuple[int, int]]:
    """Each ``(a, b)``: a stone of ``mine`` at bit ``a`` orthogonally next to one of
    ``targets`` at bit ``b``.

    >>> sorted(captures(0b10, 0b101, 3))
    [(2, 1), (2, 4)]
    """
    for d in (1, stride):
        for src, up in ((mine & (targets >> d), True), (mine & (targets << d), False)):
            while src:
                a = src & -src
                src ^= a
                yield a, (a << d if up else a >> d)


class ClobberRuleset(StoneRuleset):
    """The Clobber solver: one transposition table of normalised groups."""

    native = "clobber"
    native_boards = True

    def components(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple:
        """The sorted keys of the groups in which some capture is possible."""
        keys = []
        key = self.key
        for c in split(black | white, stride):
            b, t = black & c, white & c
            if b & _near(t, stride):
                keys.append(key(c, b, t, stride))
        keys.sort()
        return tuple(keys)

    def moves(self, cells: int, mine: int, theirs: int, stride: int, h: int, w: int) -> list:
        """Every capture by ``mine``: the captor moves onto the captured stone."""
        return [(cells, mine ^ a ^ b, theirs ^ b) for a, b in captures(mine, theirs, stride)]


CLOBBER = ClobberRuleset()


class Clobber(
    StonePosition, name="clobber", summary="x (Left) and o (Right) capture an adjacent enemy stone", example="xo|ox"
):
    """A Clobber position (immutable): ``x`` Left's stones, ``o`` Right's, ``.`` empty.

    >>> p = Clobber("xox|o.o"); str(p), repr(p)
    ('xox|o.o', "Clobber('xox|o.o')")
    """

    __slots__ = ()
    ruleset = CLOBBER
