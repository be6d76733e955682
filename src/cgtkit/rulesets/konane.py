"""Konane: stones jump enemy stones.

Left moves a black stone ``x`` over an orthogonally adjacent white stone ``o`` into
the empty cell just beyond, removing the white stone, and may go on jumping in the
same direction (each number of jumps is a different move); Right does the same with
``o`` over ``x``.  Strings as in CGSuite: ``x`` Left, ``o`` Right, ``.`` empty, rows
split by ``|``.

A jumping stone lands on an empty cell and can carry play across empty space, so a
Konane position is not split into parts: it is solved whole, normalised under the 8
symmetries of its board (whose edges matter) and the colour swap (negation).  A
position in which nobody can jump is 0.

>>> Konane("xo.").value, Konane("xox.").value, Konane("xo.o.").value
(game('1'), game('-1'), game('1'))
>>> Konane("xo.o.").left_moves()                 # one jump, or two in a row
[Konane('..xo.'), Konane('....x')]
"""

from __future__ import annotations

from typing import Any

from .stones import StonePosition, StoneRuleset

__all__ = ["Konane", "KonaneRuleset", "KONANE"]


class KonaneRuleset(StoneRuleset):
    """The Konane solver: one transposition table of normalised whole boards."""

    native = "konane"
    native_boards = True

    def moves(self, cells: int, mine: int, theirs: int, stride: int, h: int, w: int) -> list[tuple[int, int, int]]:
        """Every jump (single or multiple, in one direction) by ``mine``."""
        empty = cells & ~(mine | theirs)
        out = []
        for d in (1, -1, stride, -stride):
            if d > 0:
                src = mine & (theirs >> d) & (empty >> (2 * d))
            else:
                src = mine & (theirs << -d) & (empty << (-2 * d))
            while src:
                a = src & -src
                src ^= a
                m, t, pos = mine ^ a, theirs, a
                while True:
                    over = pos << d if d > 0 else pos >> -d
                    land = over << d if d > 0 else over >> -d
                    if not (t & over and empty & land):
                        break
                    t ^= over
                    pos = land
                    out.append((cells, m | pos, t))
        return out

    def components(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple[Any, ...]:
        """The whole board's key, or nothing when no jump is possible for either side."""
        empty = cells & ~(black | white)
        for a, b in ((black, white), (white, black)):
            for d in (1, stride):
                if a & (b >> d) & (empty >> (2 * d)) or a & (b << d) & (empty << (2 * d)):
                    return (self.key(cells, black, white, stride),)
        return ()


KONANE = KonaneRuleset()


class Konane(
    StonePosition, name="konane", summary="x and o jump over enemy stones, capturing them", example="xo..|...."
):
    """A Konane position (immutable): ``x`` Left's stones, ``o`` Right's, ``.`` empty.

    >>> Konane("xo.|...") == Konane(str(Konane("xo.|...")))
    True
    """

    __slots__ = ()
    ruleset = KONANE
