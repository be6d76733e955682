"""Cannibal Clobber: Clobber in which a stone may also capture a stone of its own colour.

Left moves a black stone ``x`` onto an orthogonally adjacent stone of either colour,
removing it; Right moves an ``o`` likewise (the rules of MCGS's ``cannibal_clobber``,
Folkersen, Müller and Du, https://github.com/ualberta-mueller-group/MCGS,
``src/cannibal_clobber.cpp``: a move goes from a stone of the player's colour to an
orthogonal neighbour that holds any stone).  Empty cells never fill again, so a
position splits into its orthogonally connected groups of stones; a lone stone has no
move and is dropped, but unlike Clobber a group of one colour is not dead: ``xx`` is
``1``.  Groups are normalised under the 8 symmetries of the square, and a colour-swapped
group has the negative value.

>>> CannibalClobber("xx").value, CannibalClobber("xo").value, CannibalClobber("xxo").value
(game('1'), game('*'), game('^'))
>>> CannibalClobber("xo|..").left_moves()
[CannibalClobber('.x|..')]
>>> CannibalClobber("x.o|...").components()      # two lone stones: nothing to play
()
"""

from __future__ import annotations

from .bitboard import split
from .clobber import captures
from .stones import StonePosition, StoneRuleset

__all__ = ["CannibalClobber", "CannibalClobberRuleset", "CANNIBAL_CLOBBER"]


class CannibalClobberRuleset(StoneRuleset):
    """The Cannibal Clobber solver: one transposition table of normalised groups."""

    native = "cannibal-clobber"
    native_boards = True

    def components(
        self, cells: int, black: int, white: int, stride: int, h: int, w: int
    ) -> tuple[tuple[int, ...], ...]:
        """The sorted keys of the groups of two or more stones (each has a move)."""
        key = self.key
        keys = []
        for c in split(black | white, stride):
            if c & (c - 1):
                keys.append(key(c, black & c, white & c, stride))
        keys.sort()
        return tuple(keys)

    def moves(self, cells: int, mine: int, theirs: int, stride: int, h: int, w: int) -> list[tuple[int, int, int]]:
        """Every capture by ``mine``: the captor moves onto an adjacent stone of either
        colour, which is removed."""
        return [
            (cells, mine ^ a, theirs) if mine & b else (cells, mine ^ a ^ b, theirs ^ b)
            for a, b in captures(mine, mine | theirs, stride)
        ]


CANNIBAL_CLOBBER = CannibalClobberRuleset()


class CannibalClobber(
    StonePosition,
    name="cannibal-clobber",
    summary="x (Left) and o (Right) capture an adjacent stone of either colour",
    example="xxo|oxo",
    aliases=("cannibal",),
):
    """A Cannibal Clobber position (immutable): ``x`` Left's stones, ``o`` Right's,
    ``.`` empty.

    >>> p = CannibalClobber("xox|o.o"); str(p), repr(p)
    ('xox|o.o', "CannibalClobber('xox|o.o')")
    """

    __slots__ = ()
    ruleset = CANNIBAL_CLOBBER
