"""Boards in the terminal: a grid position drawn with lettered columns and numbered
rows, and a move named by the squares it changes.

A position is a *grid* when its text is rows of equal-width cells separated by ``|``
(Domineering ``..|..``, Clobber ``xo|ox``, Amazons) or a single row (Toads and Frogs
``TT..FF``, Kayles ``xxx.xx``).  Columns are ``a, b, ...`` from the left (``aa`` after
``z``), rows ``1, 2, ...`` from the top, so the square in the second row of the first
column is ``a2``.  A move from one grid to another of the same shape is named by the
squares whose contents change: first the square a piece leaves, then a square whose
piece is taken, then the square a piece arrives on, then squares filled (a domino, an
arrow), each group in reading order.  So a vertical domino on the top-left corner is
``a1 a2``, a frog jumping from ``c1`` to ``a1`` is ``c1 a1``, an Amazon moving from
``a1`` to ``c1`` and shooting ``b1`` is ``a1 c1 b1``.
Which rulesets are played on a board is the caller's knowledge
(:func:`cgtkit.cli.ruleset_commands.is_board`); the others (Hackenbush, graphs,
cakes) have no squares, and their moves are known by number only.

>>> print(draw("x.o|.#."))
      a b c
   1  x . o
   2  . # .
>>> changed("..|..", "#.|#."), changed("TT..FF", "T.T.FF"), changed("L,R", "L")
(['a1', 'a2'], ['b1', 'c1'], None)
>>> changed(".TF", "FT."), changed("x...", ".#x.")
(['c1', 'a1'], ['a1', 'c1', 'b1'])
>>> squares_in("a1-a2"), squares_in("B3 c10"), squares_in("3")
(['a1', 'a2'], ['b3', 'c10'], [])
"""

from __future__ import annotations

import re
from typing import Optional

__all__ = ["grid", "draw", "changed", "column_name", "squares_in"]

_SQUARE = re.compile(r"([a-z]+)(\d+)")


def column_name(i: int) -> str:
    """``a`` .. ``z``, then ``aa``, ``ab``, ... (column ``i`` from 0).

    >>> column_name(0), column_name(25), column_name(26)
    ('a', 'z', 'aa')
    """
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(ord("a") + r) + name
    return name


def grid(text: str) -> Optional[list[str]]:
    """The rows of ``text`` when it is a grid (equal-width rows, no spaces), else None."""
    rows = text.split("|")
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        return None
    if any(not c.isprintable() or c in " ,()-:[]" for r in rows for c in r):
        return None
    return rows


def draw(text: str, indent: str = "   ") -> str:
    """The position ``text`` as a board with column letters and row numbers (or the
    text itself, indented, when it is not a grid)."""
    rows = grid(text)
    if rows is None:
        return indent + (text or "(empty)")
    width = len(str(len(rows)))
    names = [column_name(i) for i in range(len(rows[0]))]
    cell = max(len(n) for n in names)
    head = indent + " " * (width + 2) + " ".join(n.ljust(cell) for n in names).rstrip()
    body = [
        indent + f"{r + 1:>{width}}  " + " ".join(c.ljust(cell) for c in row).rstrip() for r, row in enumerate(rows)
    ]
    return "\n".join([head] + body)


_EMPTY, _FILLED = ".", "#"


def _role(was: str, now: str) -> int:
    """0: a piece left the square, 1: its piece was taken, 2: a piece arrived, 3: filled."""
    piece_before, piece_after = was not in (_EMPTY, _FILLED), now not in (_EMPTY, _FILLED)
    if piece_before:
        return 1 if piece_after else 0
    return 2 if piece_after else 3


def changed(before: str, after: str) -> Optional[list[str]]:
    """The squares whose contents differ between two grids of one shape, in the order
    of the module's docstring (None when either is not a grid or the shapes differ)."""
    a, b = grid(before), grid(after)
    if a is None or b is None or [len(r) for r in a] != [len(r) for r in b]:
        return None
    cells = [(r, c) for r in range(len(a)) for c in range(len(a[r])) if a[r][c] != b[r][c]]
    cells.sort(key=lambda rc: _role(a[rc[0]][rc[1]], b[rc[0]][rc[1]]))  # stable: reading order within a role
    return [f"{column_name(c)}{r + 1}" for r, c in cells]


def squares_in(text: str) -> list[str]:
    """The squares named in a typed move (``a1 a2``, ``a1-a2``, ``A1A2``)."""
    return [f"{col}{int(row)}" for col, row in _SQUARE.findall(text.lower())]
