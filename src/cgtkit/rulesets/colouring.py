"""Col and Snort on grids: the colouring games of Winning Ways ch. 2 played on the
cells of a board, neighbours being orthogonal.

A board is a CGSuite grid string: ``.`` an uncoloured cell, ``x`` a cell Left has
coloured, ``o`` one Right has coloured, ``#`` no cell.  A move colours an
uncoloured cell in the mover's colour; in **Col** orthogonal neighbours never share
a colour, in **Snort** they never differ (a board that breaks its game's rule is a
RulesError).  These are the graph games :class:`~cgtkit.rulesets.graphs.Col` and
:class:`~cgtkit.rulesets.graphs.Snort` on the grid graph (:meth:`ColouringPosition.graph`
gives that graph), searched on bitboards.

A coloured cell never matters again: what it leaves is, on each uncoloured
neighbour, which player may still colour it.  So a part is a set of *live* cells,
each untinted or tinted for the one player who may colour it (a cell neither may
colour is dead and dropped); the parts are the orthogonally connected sets of live
cells, keyed under the 8 symmetries of the square, and swapping the tints (the
mirror) negates the value.  The native search (``native/src/rulesets/colouring.rs``)
and this module's search are twins.

>>> SnortGrid("..").value, SnortGrid("...").value, ColGrid("..").value
(game('+-1'), game('+-2'), game('0'))
>>> ColGrid("o..").value            # the first cell only Left may colour: a[L]-b
game('1/2')
>>> SnortGrid("x.|..").left_moves()
[SnortGrid('xx|..'), SnortGrid('x.|x.'), SnortGrid('x.|.x')]
>>> SnortGrid("x.|..").graph()
Snort('1_2[L]-2_2 2_1[L]-2_2')
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from .graphs import Col, Snort, GraphGame
from .bitboard import split
from .stones import StonePosition, StoneRuleset

__all__ = ["ColouringRuleset", "ColouringPosition", "ColGrid", "SnortGrid", "COL", "SNORT"]


def _near(bits: int, stride: int) -> int:
    return (bits << 1) | (bits >> 1) | (bits << stride) | (bits >> stride)


class ColouringRuleset(StoneRuleset):
    """Col (``snort=False``) or Snort on grids.  In a key a black stone is a cell only
    Left may colour, a white stone one only Right may colour, an empty cell one
    either may colour."""

    def __init__(self, snort: bool) -> None:
        super().__init__()
        self.snort = snort
        self.native = "snort-grid" if snort else "col-grid"

    def components(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple[Any, ...]:
        """The sorted keys of the connected parts of the live cells ``cells``."""
        key = self.key
        return tuple(sorted(key(c, black & c, white & c, stride) for c in split(cells, stride)))

    def moves(self, cells: int, mine: int, theirs: int, stride: int, h: int, w: int) -> list[tuple[int, int, int]]:
        """``(cells, mine, theirs)`` after the side owning ``mine`` colours each cell
        it may (untinted or its own): the neighbours are barred to the opponent
        (Snort) or to the mover (Col), and a cell barred to both dies."""
        out = []
        untinted = cells & ~(mine | theirs)
        can = cells & ~theirs
        while can:
            v = can & -can
            can ^= v
            n = _near(v, stride) & cells
            if self.snort:
                out.append((cells & ~v & ~(n & theirs), (mine & ~v) | (n & untinted), theirs & ~n))
            else:
                out.append((cells & ~v & ~(n & mine), mine & ~v & ~n, theirs | (n & untinted)))
        return out

    def live(self, cells: int, black: int, white: int, stride: int) -> tuple[int, int, int]:
        """A board of coloured cells as live cells with tints: ``(live, only Left's,
        only Right's)``."""
        free = cells & ~(black | white)
        near_b, near_w = _near(black, stride), _near(white, stride)
        no_left, no_right = (near_w, near_b) if self.snort else (near_b, near_w)
        live = free & ~(no_left & no_right)
        return live, live & no_right & ~no_left, live & no_left & ~no_right


COL = ColouringRuleset(snort=False)
SNORT = ColouringRuleset(snort=True)


class ColouringPosition(StonePosition):
    """A board of Col or Snort (immutable): ``.`` uncoloured, ``x`` Left's colour,
    ``o`` Right's, ``#`` no cell.  ``str(p)`` is the board string."""

    __slots__ = ()
    ruleset: ColouringRuleset
    ALPHABET = ".xo#"
    GRAPH: type[GraphGame]

    def __init__(self, text: str) -> None:
        super().__init__(text)
        s = self.width + 1
        b, w = self._black, self._white
        clash = (b & _near(w, s)) if self.ruleset.snort else (b & _near(b, s)) | (w & _near(w, s))
        if clash:
            i = ((clash & -clash).bit_length() - 1) // s
            j = ((clash & -clash).bit_length() - 1) % s
            rule = "differ" if self.ruleset.snort else "share a colour"
            raise RulesError(
                f"{type(self).__name__}: the cell at row {i + 1}, column {j + 1} of {text!r} and a neighbour "
                f"{rule}, which the rules forbid"
            )

    def _moves(self, left: bool) -> list["ColouringPosition"]:
        s = self.width + 1
        live, only_l, only_r = self.ruleset.live(self._cells, self._black, self._white, s)
        can = live & ~(only_r if left else only_l)
        out = []
        while can:
            v = can & -can
            can ^= v
            b, w = (self._black | v, self._white) if left else (self._black, self._white | v)
            out.append(self._make(self.height, self.width, self._cells, b, w))
        return out

    def left_moves(self) -> list["ColouringPosition"]:
        """The boards after Left colours a cell (cells in reading order)."""
        return self._moves(True)

    def right_moves(self) -> list["ColouringPosition"]:
        """The boards after Right colours a cell."""
        return self._moves(False)

    def components(self) -> tuple[Any, ...]:
        """The normalised keys of the connected parts of the live cells."""
        s = self.width + 1
        live, only_l, only_r = self.ruleset.live(self._cells, self._black, self._white, s)
        return self.ruleset.parts(live, only_l, only_r, s, self.height, self.width)

    def graph(self) -> GraphGame:
        """The same position as a graph game: a vertex ``row_col`` (from 1) for each
        live cell, tinted as the coloured cells leave it, joined to its live
        orthogonal neighbours."""
        s = self.width + 1
        live, only_l, only_r = self.ruleset.live(self._cells, self._black, self._white, s)
        names = {}
        items = []
        for i in range(self.height):
            for j in range(self.width):
                bit = 1 << (i * s + j)
                if live & bit:
                    tint = "[L]" if only_l & bit else "[R]" if only_r & bit else ""
                    names[bit] = f"{i + 1}_{j + 1}"
                    items.append(names[bit] + tint)
        for bit, name in names.items():
            for other in (bit << 1, bit << s):
                if other in names:
                    items.append(f"{name}-{names[other]}")
        return self.GRAPH(" ".join(items))


class ColGrid(
    ColouringPosition,
    name="col-grid",
    summary="Col on a grid: colour a cell; neighbours never share a colour",
    example="x..|...",
):
    """Col on a grid: orthogonal neighbours never share a colour."""

    __slots__ = ()
    ruleset = COL
    GRAPH = Col


class SnortGrid(
    ColouringPosition,
    name="snort-grid",
    summary="Snort on a grid: colour a cell; neighbours never differ",
    example="...|...",
):
    """Snort on a grid: orthogonal neighbours never get different colours."""

    __slots__ = ()
    ruleset = SNORT
    GRAPH = Snort
