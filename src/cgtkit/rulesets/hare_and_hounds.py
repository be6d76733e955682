"""Hare and Hounds, the French Military Game (treated in Winning Ways, vol. 2 of the
first edition; Gardner, Scientific American, October 1963): a loopy game.

The classic board has 11 points: a column of three points (top, middle, bottom) three
times over, and one point at each end of the middle row.  Lines join neighbours along
the rows and the columns, each end to the three points next to it, and the middle
point of the board to its four diagonal neighbours.  A board of ``length`` n has n
columns of three points (3n + 2 points in all); its diagonals join the points whose
column + row is odd (the middle row is row 1, the columns counted from 1), which for
n = 3 are the classic board's.

Left plays the hounds: one hound steps along a line to an empty point, forwards (to
the right) or up and down, never backwards.  Right plays the hare: it steps along a
line to an empty point in any direction.  There are no captures.  A hare that cannot
move has lost (normal play).  A hare to the left of every hound has escaped: the hounds
can never catch it again, so, as in Fox and Geese, the position is ``off``.

Play can go on for ever (the hare runs round, the hounds step up and down); that play
is a draw, unless a side says otherwise: the onside counts it for the hounds, the
offside for the hare, which is what the traditional rule that stalling hounds lose
amounts to.  So a value is a stopper or ``onside & offside``.

A position is written as its three rows, top, middle, bottom, separated by ``|``: the
top and bottom rows have n points, the middle row n + 2 (the two ends); ``D`` is a
hound (a dog), ``H`` the hare, ``.`` an empty point.  The classic opening is
``D..|D...H|D..``.  Points are also numbered 1, 2, ... in that reading order (the
classic board: 1-3 the top row, 4-8 the middle row, 9-11 the bottom row).

>>> HareAndHounds("D|D.H|D").value            # the hare, trapped by the hounds' advance
over
>>> p = HareAndHounds.from_points(hounds=[1, 4, 9], hare=8)
>>> p, len(p.right_moves()), len(p.left_moves())
(HareAndHounds('D..|D...H|D..'), 3, 7)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, NamedTuple, Optional

from ..errors import RulesError, quoted
from ..loopy.graph import LoopyGraph
from ..loopy.positions import from_moves
from .base import StringPosition

__all__ = ["HareAndHounds", "Board", "board", "MAX_LENGTH"]

#: the longest board (a longer one is a typo: its game graph would never be explored)
MAX_LENGTH = 1000


class Board(NamedTuple):
    """The board of ``length`` n: ``points[k]`` is point k's ``(column, row)`` (column
    0 and n + 1 the ends, row 0 the top), ``lines[k]`` the points joined to it."""

    length: int
    points: tuple[tuple[int, int], ...]
    lines: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)
def board(length: int) -> Board:
    """The board with ``length`` columns of three points, its points in reading order.

    >>> b = board(3)
    >>> len(b.points), [k + 1 for k in b.lines[5]]       # point 6 is the middle point
    (11, [1, 2, 3, 5, 7, 9, 10, 11])
    """
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_LENGTH:
        raise RulesError(f"HareAndHounds: the length must be an int from 1 to {MAX_LENGTH:,}, got {length!r}")
    n = length
    points = (
        [(c, 0) for c in range(1, n + 1)]
        + [(0, 1)]
        + [(c, 1) for c in range(1, n + 1)]
        + [(n + 1, 1)]
        + [(c, 2) for c in range(1, n + 1)]
    )
    where = {p: k for k, p in enumerate(points)}
    joined: list[set[int]] = [set() for _ in points]

    def join(a: tuple[int, int], b: tuple[int, int]) -> None:
        joined[where[a]].add(where[b])
        joined[where[b]].add(where[a])

    for c in range(1, n + 1):
        join((c, 0), (c, 1))
        join((c, 1), (c, 2))
        for r in range(3):
            if c < n:
                join((c, r), (c + 1, r))
                for r2 in (r - 1, r + 1):  # a diagonal between two points of odd column + row
                    if 0 <= r2 < 3 and (c + r) % 2 == 1:
                        join((c, r), (c + 1, r2))
    for r in range(3):
        join((0, 1), (1, r))
        join((n, r), (n + 1, 1))
    return Board(n, tuple(points), tuple(tuple(sorted(s)) for s in joined))


def _parse(text: str) -> tuple[int, str]:
    """``(length, cells)``: the cells in reading order, checked."""
    if not isinstance(text, str):
        raise RulesError(f"HareAndHounds: a position is a string like 'D..|D...H|D..', not {type(text).__name__}")
    for column, ch in enumerate(text, 1):
        if ch not in "DdHh.| ":
            raise RulesError(
                f"HareAndHounds: illegal character {ch!r} at column {column} of {quoted(text, column)} "
                "(allowed: 'D' a hound, 'H' the hare, '.' an empty point, '|' between rows)"
            )
    rows = text.split("|")
    if len(rows) != 3:
        raise RulesError(
            f"HareAndHounds: {quoted(text)} has {len(rows)} row(s); write three rows (top|middle|bottom), "
            "e.g. 'D..|D...H|D..'"
        )
    top, middle, bottom = (r.strip() for r in rows)
    if " " in top + middle + bottom:
        raise RulesError(f"HareAndHounds: {quoted(text)}: a space inside a row (only around a row's points)")
    n = len(top)
    if n < 1 or len(bottom) != n or len(middle) != n + 2:
        raise RulesError(
            f"HareAndHounds: {quoted(text)}: the top and bottom rows need the same number n >= 1 of points "
            f"and the middle row n + 2 (got {len(top)}, {len(middle)}, {len(bottom)})"
        )
    cells = (top + middle + bottom).upper()
    if cells.count("H") != 1:
        raise RulesError(f"HareAndHounds: {quoted(text)} must have exactly one hare 'H', not {cells.count('H')}")
    if "D" not in cells:
        raise RulesError(f"HareAndHounds: {quoted(text)} has no hound 'D'")
    return n, cells


def _text(n: int, cells: str) -> str:
    return f"{cells[:n]}|{cells[n : 2 * n + 2]}|{cells[2 * n + 2 :]}"


def _escaped(b: Board, cells: str) -> bool:
    hare = b.points[cells.index("H")][0]
    return all(b.points[k][0] > hare for k, ch in enumerate(cells) if ch == "D")


def _moved(cells: str, i: int, j: int) -> str:
    out = list(cells)
    out[i], out[j] = ".", cells[i]
    return "".join(out)


def _left(b: Board, cells: str) -> list[str]:
    """The hounds' moves: along a line to an empty point, never to a smaller column."""
    out = []
    for i, ch in enumerate(cells):
        if ch == "D":
            col = b.points[i][0]
            out += [_moved(cells, i, j) for j in b.lines[i] if cells[j] == "." and b.points[j][0] >= col]
    return out


def _right(b: Board, cells: str) -> list[str]:
    """The hare's moves: along a line to an empty point."""
    i = cells.index("H")
    return [_moved(cells, i, j) for j in b.lines[i] if cells[j] == "."]


def _off() -> Any:
    from ..loopy.notation import loopy

    return loopy("off")


class HareAndHounds(
    StringPosition,
    name="hare-and-hounds",
    summary="the hounds D close in, the hare H runs; on a 3-row board (loopy)",
    example="D..|D...H|D..",
    loopy=True,
):
    """A Hare and Hounds position (immutable), e.g. ``HareAndHounds("D..|D...H|D..")``:
    rows top|middle|bottom, ``D`` a hound (Left's), ``H`` the hare (Right's)."""

    __slots__ = ("_n", "_cells", "_value")

    def __init__(self, text: str) -> None:
        self._n, self._cells = _parse(text)
        self._value = None

    @classmethod
    def from_points(cls, hounds: Iterable[int], hare: int, length: int = 3) -> "HareAndHounds":
        """The position with hounds and hare on the numbered points (1, 2, ... in
        reading order: the top row, the middle row with its two ends, the bottom row).

        >>> HareAndHounds.from_points([6, 7, 9], 8)
        HareAndHounds('...|...DDH|D..')
        """
        b = board(length)
        size = len(b.points)
        try:
            spots = [int(h) for h in hounds]
        except (TypeError, ValueError):
            raise RulesError(f"HareAndHounds: hounds must be point numbers, not {hounds!r}") from None
        for k in spots + [hare]:
            if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= size:
                raise RulesError(f"HareAndHounds: no point {k!r} on the board of length {length} (points 1-{size})")
        if len(set(spots)) != len(spots) or hare in spots:
            raise RulesError(f"HareAndHounds: two pieces on one point in hounds {spots}, hare {hare}")
        cells = ["."] * size
        for k in spots:
            cells[k - 1] = "D"
        cells[hare - 1] = "H"
        return cls(_text(length, "".join(cells)))

    @classmethod
    def start(cls, length: int = 3) -> "HareAndHounds":
        """The traditional opening: hounds on the left end and the top and bottom of the
        first column, the hare on the right end.

        >>> HareAndHounds.start()
        HareAndHounds('D..|D...H|D..')
        """
        return cls.from_points([1, length + 1, 2 * length + 3], 2 * length + 2, length)

    def __str__(self) -> str:
        return _text(self._n, self._cells)

    def _state(self) -> str:
        return self._cells

    @property
    def length(self) -> int:
        """The number of three-point columns (3 on the classic board)."""
        return self._n

    @property
    def hounds(self) -> list[int]:
        """The hounds' point numbers (1-based, reading order)."""
        return [k + 1 for k, ch in enumerate(self._cells) if ch == "D"]

    @property
    def hare(self) -> int:
        """The hare's point number (1-based, reading order)."""
        return self._cells.index("H") + 1

    def escaped(self) -> bool:
        """Whether the hare is to the left of every hound: the position is then ``off``.

        >>> HareAndHounds(".D.|H...D|..D").escaped(), HareAndHounds("D..|D...H|D..").escaped()
        (True, False)
        """
        return _escaped(board(self._n), self._cells)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the board's points and lines with the hounds and the hare."""
        from .board_svg import hunt_svg  # (imported when first drawn)

        b = board(self._n)
        return hunt_svg(b.points, b.lines, self._cells, repr(self))

    def left_moves(self) -> list["HareAndHounds"]:
        """The hounds' moves: one hound one step forwards, diagonally forwards, up or down."""
        return [self._at(c) for c in _left(board(self._n), self._cells)]

    def right_moves(self) -> list["HareAndHounds"]:
        """The hare's moves: one step along any line."""
        return [self._at(c) for c in _right(board(self._n), self._cells)]

    def _at(self, cells: str) -> "HareAndHounds":
        return HareAndHounds(_text(self._n, cells))

    def graph(self, max_positions: int | None = None) -> LoopyGraph:
        """The game graph of every position reachable from this one (positions are
        texts like ``str(self)``); :class:`~cgtkit.loopy.GraphTooLargeError` past
        ``max_positions``."""
        n = self._n
        b = board(n)

        def moves(text: str) -> tuple[list[Any], list[Any]]:
            cells = text.replace("|", "")
            if _escaped(b, cells):
                return [], [_off()]
            return [_text(n, c) for c in _left(b, cells)], [_text(n, c) for c in _right(b, cells)]

        return from_moves(moves, str(self), max_positions)

    @property
    def value(self) -> Any:
        """The loopy value: a stopper, or ``onside & offside``."""
        if self._value is None:
            self._value = self.graph().value()
        return self._value
