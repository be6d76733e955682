"""NoGo (MCGS's ``nogo`` and ``nogo_1xn``): players alternately place a stone of their
colour, Left ``X`` (Black) and Right ``O`` (White), on an empty point ``.`` of a grid
(rows separated by ``|``; a strip is one row; ``#`` is a point off the board, as in
MCGS).  A move that would leave any group
(a 4-connected block of one colour) without a liberty, its own or the opponent's, is
illegal: nothing is ever captured.  A position with a group without liberties is not
a NoGo position.

Invariant of the decomposition: a move at an empty point changes only the liberties
of the groups next to it, and the new group's liberties are theirs and the point's
empty neighbours.  So join two empty points when they are neighbours or liberties of
one group; each class of joined points, with the groups next to it, is a part whose
moves never reach another part (every group touching it has all its liberties in
it).  A part's key is its cells in its bounding box, every other cell a wall ``#``
(never a liberty), least under the 8 symmetries of the square; swapping the colours
negates it.

>>> NoGo(".").value, NoGo("..").value, NoGo("...").value, NoGo("....").value
(game('0'), game('*'), game('+-1'), game('0'))
>>> NoGo("X.O").left_moves(), NoGo("X.|.O").value
([], game('*'))
>>> parts(["X.OX..O.."])   # no one may fill the last liberty of X and O at column 2
(('..O..X',),)
"""

from __future__ import annotations

from typing import Iterator, Optional

from ..errors import RulesError, quoted
from .base import StringPosition, native_value
from .bitboard import parse_grid
from .solver import ComponentSolver

__all__ = ["NoGo", "parts", "place"]

Rows = tuple[str, ...]
_SWAP = str.maketrans("XO", "OX")


def _neighbours(rows: Rows, i: int, j: int) -> Iterator[tuple[int, int]]:
    for a, b in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
        if 0 <= a < len(rows) and 0 <= b < len(rows[0]):
            yield a, b


def _group(rows: Rows, i: int, j: int) -> tuple[set, set]:
    """The group of the stone at (i, j) and its liberties."""
    colour, stones, libs, todo = rows[i][j], {(i, j)}, set(), [(i, j)]
    while todo:
        for a, b in _neighbours(rows, *todo.pop()):
            if rows[a][b] == ".":
                libs.add((a, b))
            elif rows[a][b] == colour and (a, b) not in stones:
                stones.add((a, b))
                todo.append((a, b))
    return stones, libs


def place(rows: Rows, mine: str) -> list[Rows]:
    """The positions after each legal placement of a ``mine`` stone, in reading order."""
    out = []
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch != ".":
                continue
            new = rows[:i] + (row[:j] + mine + row[j + 1 :],) + rows[i + 1 :]
            near = [(i, j)] + [(a, b) for a, b in _neighbours(new, i, j) if new[a][b] in "XO"]
            if all(_group(new, a, b)[1] for a, b in near):
                out.append(new)
    return out


def _images(rows: Rows) -> Iterator[Rows]:
    for r in (rows, tuple(zip(*rows))):
        r = tuple("".join(x) for x in r)
        for s in (r, r[::-1]):
            yield s
            yield tuple(x[::-1] for x in s)


def _normal(rows: Rows) -> Rows:
    return min(_images(rows), key=lambda r: (len(r), r))


def parts(rows: Rows | list[str]) -> tuple[Rows, ...]:
    """The keys of the independent parts of ``rows`` (see the module docstring) in
    which a move is possible, sorted."""
    rows = tuple(rows)
    parent: dict = {}

    def find(p):  # type: ignore[no-untyped-def]
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    cells = [(i, j) for i, row in enumerate(rows) for j, ch in enumerate(row)]
    for p in cells:
        if rows[p[0]][p[1]] == ".":
            parent[p] = p
    for p in parent:
        for q in _neighbours(rows, *p):
            if q in parent:
                parent[find(q)] = find(p)
    seen: set = set()
    groups = []
    for i, j in cells:
        if rows[i][j] in "XO" and (i, j) not in seen:
            stones, libs = _group(rows, i, j)
            seen |= stones
            groups.append((stones, libs))
            first = next(iter(libs), None)
            for q in libs:
                parent[find(q)] = find(first)
    classes: dict = {}
    for p in parent:
        classes.setdefault(find(p), set()).add(p)
    for stones, libs in groups:
        if libs:
            classes[find(next(iter(libs)))] |= stones
    out = []
    for members in classes.values():
        top, bottom = min(i for i, _ in members), max(i for i, _ in members)
        left, right = min(j for _, j in members), max(j for _, j in members)
        sub = tuple(
            "".join(rows[i][j] if (i, j) in members else "#" for j in range(left, right + 1))
            for i in range(top, bottom + 1)
        )
        if place(sub, "X") or place(sub, "O"):
            out.append(_normal(sub))
    return tuple(sorted(out))


def _expand(key: Rows):
    return tuple({parts(o) for o in place(key, me)} for me in "XO")


def _mirror(key: Rows) -> Rows:
    return _normal(tuple(r.translate(_SWAP) for r in key))


SOLVER = ComponentSolver(_expand, mirror=_mirror)


class NoGo(
    StringPosition,
    name="nogo",
    summary="place a stone (X Left, O Right); no move may leave any group without a liberty",
    example="..X.|....|.O..",
    cells=".XO",
    board=True,
    native="nogo",
    aliases=("no-go",),
):
    """A NoGo position (immutable): rows of ``X``, ``O``, ``.`` and ``#`` (no point)."""

    __slots__ = ("_rows",)

    def __init__(self, text: str) -> None:
        self._rows = tuple(parse_grid(text.upper() if isinstance(text, str) else text, "XO.#", "NoGo"))
        for i, row in enumerate(self._rows):
            for j, ch in enumerate(row):
                if ch in "XO" and not _group(self._rows, i, j)[1]:
                    raise RulesError(f"NoGo: the group at row {i + 1}, column {j + 1} of {quoted(text)} has no liberty")

    def __str__(self) -> str:
        return "|".join(self._rows)

    def _state(self) -> Rows:
        return self._rows

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the board, Left's stones black, Right's white."""
        from .board_svg import grid_svg

        return grid_svg([r.lower() for r in self._rows], repr(self))

    def left_moves(self) -> list["NoGo"]:
        """Left's moves: an ``X`` on each empty point where it is legal, in reading order."""
        return [NoGo("|".join(o)) for o in place(self._rows, "X")]

    def right_moves(self) -> list["NoGo"]:
        """Right's moves: an ``O`` on each empty point where it is legal."""
        return [NoGo("|".join(o)) for o in place(self._rows, "O")]

    def components(self) -> tuple[Rows, ...]:
        """The keys of the independent parts (see :func:`parts`)."""
        return parts(self._rows)

    def board_key(self) -> tuple[int, int, int, int, int]:
        """The whole board as the native search reads it: ``(width, height, cells,
        black, white)``, bitboards at stride ``width + 1`` (the native search splits
        it into the parts of :func:`parts` itself)."""
        w, h = len(self._rows[0]), len(self._rows)
        cells = black = white = 0
        for i, row in enumerate(self._rows):
            for j, ch in enumerate(row):
                bit = 1 << (i * (w + 1) + j)
                cells |= bit if ch != "#" else 0  # a point off the board is no cell
                black |= bit if ch == "X" else 0
                white |= bit if ch == "O" else 0
        return w, h, cells, black, white

    def native_parts(self) -> tuple:
        """The owner of the native search and the board's key."""
        return (NoGo, (self.board_key(),))

    @property
    def value(self):  # type: ignore[no-untyped-def]
        """The canonical value: the sum of the parts' values."""
        got = native_value(NoGo, [self.board_key()])
        if got is not None:
            return got
        return SOLVER.value_of(self.components())
