"""Sheep: Battle Sheep's herds on a grid of pasture (MCGS's ``sheep``).

A board of integers: a positive number is a herd of Left's sheep, a negative one of
Right's, 0 an empty cell.  A player takes one of his herds of at least two sheep, picks
one of six directions (up, up-right, right, down, down-left, left: the grid is a hex
board in axial coordinates) and sends some of the herd, at least one and not all, that
way: they slide across empty cells until the next cell is off the board or holds a
herd, and stay there; they must move at least one cell.  These are the rules of MCGS's
``sheep`` (Folkersen, Müller and Du, MCGS v1.5, ``src/sheep.cpp``).  The board with
every herd negated is the negative, and the board turned by 180 degrees (which keeps
the six directions) is the same game.

The notation is MCGS's: rows separated by ``|``, the numbers of a row by commas or
spaces, in optional parentheses, e.g. ``(2, 0 | 0, -2)``.  The value is the generic
search over ``left_moves``/``right_moves`` (no split into parts yet), or the native
search of the same moves (``native/src/rulesets/sheep.rs``, boards of at most 64
cells and herds of at most 127), which also answers who wins a sum of boards without
their values (``native_parts``, :func:`cgtkit.search.who_wins`).

>>> Sheep("2, 0").value, Sheep("0, -2").value, Sheep("3 0 0").value, Sheep("2 0 | 0 -2").value
(game('1'), game('-1'), game('2'), game('0'))
>>> Sheep("(3, 0, 0)").left_moves()
[Sheep('2 0 1'), Sheep('1 0 2')]
"""

from __future__ import annotations

import re
from html import escape
from typing import Optional

from ..errors import RulesError
from .base import StringPosition, native_value

__all__ = ["Sheep"]

_DIRECTIONS = ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))  # MCGS's hex neighbours
_TOKEN = re.compile(r"[^\s,|()]+")


def _parse(text: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(text, str):
        raise RulesError(f"Sheep: a position is a string, not {type(text).__name__}")
    rows: list[list[int]] = [[]]
    for m in re.finditer(r"\||[^\s,|()]+|[()]", text):
        token = m.group()
        if token == "|":
            rows.append([])
        elif token in "()":
            if (token == "(" and m.start() != len(text) - len(text.lstrip())) or (
                token == ")" and m.end() != len(text.rstrip())
            ):
                raise RulesError(f"Sheep: {token!r} at column {m.start() + 1} of {text!r}")
        elif re.fullmatch(r"[+-]?\d+", token):
            rows[-1].append(int(token))
        else:
            raise RulesError(f"Sheep: {token!r} at column {m.start() + 1} of {text!r} is not a whole number")
    if not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise RulesError(f"Sheep: the rows of {text!r} must be non-empty and of equal length")
    return tuple(tuple(r) for r in rows)


class Sheep(
    StringPosition,
    name="sheep",
    summary="split a herd (positive Left's, negative Right's) and slide part of it in one of six directions until blocked",
    example="2 0 0|0 0 -3",
    board=True,
    aliases=("battle-sheep",),
    native="sheep",
):
    """A Sheep position (immutable): rows of integers, ``|`` between rows."""

    __slots__ = ("_rows",)

    def __init__(self, text: str) -> None:
        self._rows = _parse(text)

    def __str__(self) -> str:
        return " | ".join(" ".join(str(n) for n in r) for r in self._rows).replace(" | ", "|")

    def _state(self) -> tuple[tuple[int, ...], ...]:
        return self._rows

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the cells, each herd's size on it, Left's blue, Right's red."""
        h, w, cell = len(self._rows), len(self._rows[0]), 36
        if h * w > 4096:
            return None
        body = []
        for i, row in enumerate(self._rows):
            for j, n in enumerate(row):
                fill = "#9fb8f5" if n > 0 else "#f5a39f" if n < 0 else "#e8f5e0"
                x, y = 4 + j * cell, 4 + i * cell
                body.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="black"/>')
                if n:
                    body.append(
                        f'<text x="{x + cell // 2}" y="{y + cell * 2 // 3}" text-anchor="middle" '
                        f'font-size="{cell // 2}">{abs(n)}</text>'
                    )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 8}" height="{h * cell + 8}">'
            f"<title>{escape(repr(self))}</title>{''.join(body)}</svg>"
        )

    def _moves(self, sign: int) -> list["Sheep"]:
        rows, out = self._rows, []
        h, w = len(rows), len(rows[0])
        for i in range(h):
            for j in range(w):
                herd = rows[i][j] * sign
                if herd < 2:
                    continue
                for di, dj in _DIRECTIONS:
                    a, b = i, j
                    while 0 <= a + di < h and 0 <= b + dj < w and rows[a + di][b + dj] == 0:
                        a, b = a + di, b + dj
                    if (a, b) == (i, j):
                        continue
                    for k in range(1, herd):
                        grid = [list(r) for r in rows]
                        grid[i][j] = (herd - k) * sign
                        grid[a][b] = k * sign
                        out.append(Sheep("|".join(" ".join(map(str, r)) for r in grid)))
        return list(dict.fromkeys(out))

    def left_moves(self) -> list["Sheep"]:
        """Left sends part of a positive herd of two or more."""
        return self._moves(1)

    def right_moves(self) -> list["Sheep"]:
        """Right sends part of a negative herd of two or more."""
        return self._moves(-1)

    def native_parts(self) -> tuple:
        """The owner of the native search and the board (one part)."""
        return (Sheep, (self._rows,))

    @property
    def value(self):  # type: ignore[no-untyped-def]
        """The canonical value: the native search's, else the generic search over the
        moves."""
        got = native_value(Sheep, [self._rows])
        if got is not None:
            return got
        return super().value
