"""Fission: a stone splits in two, Left's way vertically, Right's horizontally.

A board of empty cells (``.``), stones (``X``, nobody's) and blocked cells (``#``).
Left chooses a stone whose cells above and below are both empty (and on the board):
the stone goes, and a stone appears in each of those two cells.  Right does the same
along a row, onto the cells left and right of the stone.  These are the rules of
MCGS's ``fission`` (Folkersen, Müller and Du, MCGS v1.5, ``src/fission.cpp``; the same
board turned over its diagonal has the players swapped, so it is the negative).

A move touches a stone and its neighbours, all cells of the same 4-connected region of
unblocked cells, so the regions between the ``#``s (and the board's edges) are
independent parts; a region without a stone is 0.  A part is normalised under the
reflections of the board (which keep rows rows), and a part whose transpose is solved
takes the negative of its value.  The native search (``native/src/rulesets/fission.rs``)
computes the same values, and the regions go to the native outcome search of sums
(``native_parts``, :func:`cgtkit.search.who_wins`).

>>> Fission("...|.X.|...").value, Fission(".|X|.").value, Fission(".X.").value
(game('0'), game('1'), game('-1'))
>>> Fission(".|X|.").left_moves()
[Fission('X|.|X')]
>>> Fission("X.#..|...#.").components()      # the region right of the #s has no stone
(('#.X', '...'),)
"""

from __future__ import annotations

from typing import Optional

from .base import StringPosition, native_value
from .bitboard import parse_grid
from .solver import ComponentSolver

__all__ = ["Fission", "regions"]

Part = tuple[str, ...]  # the rows of a region's bounding box, cells outside it '#'


def _reflections(rows: Part) -> list[Part]:
    flipped = rows[::-1]
    return [rows, flipped, tuple(r[::-1] for r in rows), tuple(r[::-1] for r in flipped)]


def _key(rows: Part) -> Part:
    """The least of the part's reflections that keep rows rows (the same game)."""
    return min(_reflections(rows))


def _transpose(rows: Part) -> Part:
    return tuple("".join(r[j] for r in rows) for j in range(len(rows[0])))


def regions(rows: Part) -> tuple[Part, ...]:
    """The keys of the 4-connected regions of unblocked cells that hold a stone, each
    cut to its bounding box (cells outside the region written ``#``), sorted.

    >>> regions(("X#.", "..#", "##X"))
    (('#X', '..'), ('X',))
    """
    h, w = len(rows), len(rows[0])
    seen: set[tuple[int, int]] = set()
    out = []
    for i in range(h):
        for j in range(w):
            if rows[i][j] == "#" or (i, j) in seen:
                continue
            region, stack = [], [(i, j)]
            seen.add((i, j))
            while stack:
                a, b = stack.pop()
                region.append((a, b))
                for c, d in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                    if 0 <= c < h and 0 <= d < w and rows[c][d] != "#" and (c, d) not in seen:
                        seen.add((c, d))
                        stack.append((c, d))
            if not any(rows[a][b] == "X" for a, b in region):
                continue
            top, bottom = min(a for a, _ in region), max(a for a, _ in region)
            left, right = min(b for _, b in region), max(b for _, b in region)
            inside = set(region)
            out.append(
                _key(
                    tuple(
                        "".join(rows[a][b] if (a, b) in inside else "#" for b in range(left, right + 1))
                        for a in range(top, bottom + 1)
                    )
                )
            )
    return tuple(sorted(out))


def _splits(rows: Part, vertical: bool) -> list[Part]:
    """Every board after one split: vertical for Left, horizontal for Right."""
    h, w = len(rows), len(rows[0])
    out = []
    for i in range(h):
        for j in range(w):
            if rows[i][j] != "X":
                continue
            a, b = ((i - 1, j), (i + 1, j)) if vertical else ((i, j - 1), (i, j + 1))
            if not all(0 <= r < h and 0 <= c < w and rows[r][c] == "." for r, c in (a, b)):
                continue
            grid = [list(r) for r in rows]
            grid[i][j] = "."
            for r, c in (a, b):
                grid[r][c] = "X"
            out.append(tuple("".join(r) for r in grid))
    return out


def _expand(part: Part) -> tuple[set[tuple[Part, ...]], set[tuple[Part, ...]]]:
    return ({regions(r) for r in _splits(part, True)}, {regions(r) for r in _splits(part, False)})


def _mirror(part: Part) -> Part:
    return _key(_transpose(part))


SOLVER = ComponentSolver(_expand, mirror=_mirror)


class Fission(
    StringPosition,
    name="fission",
    summary="split a stone X onto the two empty cells beside it: Left vertically, Right horizontally",
    example="....|.X..|..X.|....",
    cells=".X#",
    board=True,
    native="fission",
):
    """A Fission position (immutable): rows of ``.``, ``X`` (a stone) and ``#``
    (blocked), ``|`` between rows; either case."""

    __slots__ = ("_rows",)

    def __init__(self, text: str) -> None:
        upper = text.upper() if isinstance(text, str) else text
        self._rows = tuple(parse_grid(upper, ".X#", "Fission"))

    def __str__(self) -> str:
        return "|".join(self._rows)

    def _state(self) -> Part:
        return self._rows

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the board, stones black, blocked cells filled."""
        from .board_svg import grid_svg

        return grid_svg([r.replace("X", "x") for r in self._rows], repr(self))

    def left_moves(self) -> list["Fission"]:
        """Left splits a stone onto the empty cells above and below it."""
        return [Fission("|".join(r)) for r in _splits(self._rows, True)]

    def right_moves(self) -> list["Fission"]:
        """Right splits a stone onto the empty cells left and right of it."""
        return [Fission("|".join(r)) for r in _splits(self._rows, False)]

    def components(self) -> tuple[Part, ...]:
        """The keys of the regions between the blocked cells that hold a stone."""
        return regions(self._rows)

    def native_parts(self) -> tuple:
        """The owner of the native search and the regions' keys."""
        return (Fission, self.components())

    @property
    def value(self):  # type: ignore[no-untyped-def]
        """The canonical value: the sum of the regions' values."""
        got = native_value(Fission, self.components())
        if got is not None:
            return got
        return SOLVER.value_of(self.components())
