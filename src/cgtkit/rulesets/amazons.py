"""Amazons on small boards.

Each player moves one of their amazons like a chess queen (any distance along a
row, column or diagonal, over empty cells only), then the amazon shoots an arrow,
again like a queen from where it landed (the cell it left counts as empty), and the
arrow's cell is burned for good.  Strings as in CGSuite: ``x`` Left's amazons, ``o``
Right's, ``.`` empty, ``#`` burned, rows split by ``|``.  A player who cannot move
loses.

Burned cells never come back and nothing moves through them, so a position splits
into its parts connected by king steps (8-neighbourhood) over unburned cells; a part
without amazons is 0 and is dropped.  In a part where only one player has amazons
every move burns one empty cell, so its value is the greatest number of moves that
player can make there; it is found by a depth-first search that stops as soon as it
uses every empty cell.  Parts are normalised under the 8 symmetries of the square
and the colour swap (negation).

>>> Amazons("x..").value, Amazons("x.|..").value, Amazons("x.o").value
(game('2'), game('3'), game('*'))
>>> sorted(map(str, Amazons("x.#").left_moves()))
['#x#']
"""

from __future__ import annotations

from typing import Any

from ..short.game import Game
from .bitboard import split8
from .stones import StonePosition, StoneRuleset

__all__ = ["Amazons", "AmazonsRuleset", "AMAZONS"]


def _rays(p: int, empty: int, stride: int) -> int:
    """Every cell a queen at ``p`` reaches over ``empty`` cells."""
    out = 0
    for d in (1, stride - 1, stride, stride + 1):
        q = p
        while True:
            q <<= d
            if not q & empty:
                break
            out |= q
        q = p
        while True:
            q >>= d
            if not q & empty:
                break
            out |= q
    return out


class AmazonsRuleset(StoneRuleset):
    """The Amazons solver: one transposition table of normalised parts."""

    native = "amazons"

    def moves(self, cells: int, mine: int, theirs: int, stride: int, h: int, w: int) -> list[tuple[int, int, int]]:
        """Every (queen move, arrow) of ``mine``: the arrow's cell leaves ``cells``."""
        empty = cells & ~(mine | theirs)
        out = []
        src = mine
        while src:
            a = src & -src
            src ^= a
            free = empty | a
            dests = _rays(a, empty, stride)
            while dests:
                t = dests & -dests
                dests ^= t
                m = mine ^ a ^ t
                arrows = _rays(t, free ^ t, stride)
                while arrows:
                    r = arrows & -arrows
                    arrows ^= r
                    out.append((cells ^ r, m, theirs))
        return out

    def components(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple[Any, ...]:
        """The sorted keys of the parts holding an amazon with a move."""
        keys = []
        empty = cells & ~(black | white)
        for c in split8(cells, stride):
            b, t = black & c, white & c
            if not (b | t) or not _can_move(b | t, empty, stride):
                continue
            keys.append(self.key(c, b, t, stride))
        keys.sort()
        return tuple(keys)

    def quick(self, key: tuple[Any, ...]) -> Game | None:
        """A part where only one player has amazons: the most moves they can make."""
        w, h, cells, black, white = key
        if black and white:
            return None
        n = _longest(cells, black or white, w + 1)
        return Game.of(n if black else -n)


def _can_move(amazons: int, empty: int, stride: int) -> bool:
    near = amazons << 1 | amazons >> 1
    near |= near << stride | near >> stride | amazons << stride | amazons >> stride
    return bool(near & empty)


def _longest(cells: int, mine: int, stride: int) -> int:
    """The greatest number of moves one player with amazons ``mine`` can make alone,
    by an explicit-stack depth-first search, stopping at the bound (every empty cell
    burned: each move burns exactly one)."""
    bound = (cells & ~mine).bit_count()
    best = 0
    seen: set[tuple[int, int]] = set()
    stack = [(cells, mine, 0)]
    while stack:
        c, m, depth = stack.pop()
        if depth > best:
            best = depth
            if best == bound:
                break
        for c2, m2, _ in AMAZONS.moves(c, m, 0, stride, 0, 0):
            if (c2, m2) not in seen:
                seen.add((c2, m2))
                stack.append((c2, m2, depth + 1))
    return best


AMAZONS = AmazonsRuleset()


class Amazons(StonePosition, name="amazons", summary="move a queen, then shoot an arrow", example="x...|...o"):
    """An Amazons position (immutable): ``x`` Left's amazons, ``o`` Right's, ``.``
    empty, ``#`` burned.

    >>> Amazons("x.#|.o.").value
    game('{0|-1/2}')
    """

    __slots__ = ()
    ruleset = AMAZONS
    ALPHABET = ".xo#"
    AMAZONS = True
