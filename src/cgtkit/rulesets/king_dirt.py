"""King Dirt (MCGS's ``gen_king_dirt``): kings that leave dirt behind, with stones
still to place.

A position is written ``b,w,m:board``: ``b`` and ``w`` are the stones Left (Black,
``X``) and Right (White, ``O``) still have to place, ``m`` (0 or 1) says whether a
player who can place must place, and the board is rows of empty cells ``.``, stones
``X`` and ``O``, and dirt ``#`` (no cell), ``|`` between rows.  On a turn a player
either places one of their stones on an empty cell, or steps one of their stones
like a chess king (to any of the eight neighbouring cells) onto an empty cell,
leaving dirt ``#`` on the cell it left.  With ``m = 1`` a player with a stone to place
may not step.  A player cannot have more stones to place than there are empty cells
(the counts are cut to it), and with none to place on either side ``m`` is 0.  These
are the rules of MCGS's ``gen_king_dirt`` (Folkersen, Müller and Du, the MCGS
repository after v1.5, ``src/gen_king_dirt.cpp``); the corpus's outcomes in
``tests/data/mcgs/autotests/gen_king_dirt/`` were computed by CGSuite 2.2-beta2.

Invariants of the decomposition: a king's step and a placement change only empty
cells (and the king's own), and a step never crosses dirt; so once neither player
has a stone to place, the 8-connected regions of cells that are not dirt are
independent parts, and a region without both a stone and an empty cell is 0.  While
stones remain to be placed (anywhere) the board is one part.  Every part is taken
least under the eight symmetries of the square (a king moves the same way on each);
the colours swapped, with the counts swapped, is the negative.  The native search
(``native/src/rulesets/king_dirt.rs``) computes the same values, and the parts go to
the native outcome search of sums (``native_parts``, :func:`cgtkit.search.who_wins`).

>>> KingDirt("0,0,0:X.").value, KingDirt("1,0,0:..").value, KingDirt("1,1,0:.").value
(game('1'), game('2'), game('*'))
>>> [str(p) for p in KingDirt("1,0,1:X..").left_moves()]   # must place: no step
['0,0,0:XX.', '0,0,0:X.X']
>>> [str(p) for p in KingDirt("0,0,0:X.|.#").left_moves()]
['0,0,0:#X|.#', '0,0,0:#.|X#']
"""

from __future__ import annotations

from typing import Iterator, Optional

from ..errors import RulesError, quoted
from .base import StringPosition, native_value
from .bitboard import parse_grid
from .solver import ComponentSolver

__all__ = ["KingDirt", "parts", "moves"]

Rows = tuple[str, ...]
Key = tuple[int, int, int, Rows]  # (Left's stones to place, Right's, must place, rows)

_SWAP = str.maketrans("XO", "OX")
_STEPS = [(di, dj) for di in (-1, 0, 1) for dj in (-1, 0, 1) if di or dj]


def normal(b: int, w: int, m: int, rows: Rows) -> Key:
    """The counts cut to the empty cells; ``m`` is 0 when neither has a stone to place."""
    empty = sum(r.count(".") for r in rows)
    b, w = min(b, empty), min(w, empty)
    return b, w, (m if b or w else 0), rows


def moves(key: Key, me: str) -> list[Key]:
    """The positions after each move of ``me`` (``X`` Left, ``O`` Right): placements
    in reading order, then each stone's steps in reading order of the stones."""
    b, w, m, rows = key
    mine = b if me == "X" else w
    h, wd = len(rows), len(rows[0]) if rows else 0
    out = []
    if mine:
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch == ".":
                    new = rows[:i] + (row[:j] + me + row[j + 1 :],) + rows[i + 1 :]
                    out.append(normal(b - (me == "X"), w - (me == "O"), m, new))
    if m and mine:
        return out
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch != me:
                continue
            for di, dj in _STEPS:
                a, c = i + di, j + dj
                if 0 <= a < h and 0 <= c < wd and rows[a][c] == ".":
                    grid = [list(r) for r in rows]
                    grid[i][j], grid[a][c] = "#", me
                    out.append(normal(b, w, m, tuple("".join(r) for r in grid)))
    return out


def _images(rows: Rows) -> Iterator[Rows]:
    for r in (rows, tuple("".join(col) for col in zip(*rows))):
        for s in (r, r[::-1]):
            yield s
            yield tuple(x[::-1] for x in s)


def _crop(rows: Rows, keep: set[tuple[int, int]]) -> Rows:
    """The cells in ``keep`` in their bounding box, every other cell dirt."""
    top, bottom = min(i for i, _ in keep), max(i for i, _ in keep)
    left, right = min(j for _, j in keep), max(j for _, j in keep)
    return tuple(
        "".join(rows[i][j] if (i, j) in keep else "#" for j in range(left, right + 1)) for i in range(top, bottom + 1)
    )


def _key(b: int, w: int, m: int, rows: Rows) -> Key:
    return b, w, m, min(_images(rows), key=lambda r: (len(r), r))


def parts(key: Key) -> tuple[Key, ...]:
    """The keys of the independent parts of a position (see the module docstring), sorted.

    >>> parts((0, 0, 0, ("X.##.O", "###O##")))   # the O touches the right region corner-wise
    ((0, 0, 0, ('##O', 'O.#')), (0, 0, 0, ('.X',)))
    """
    b, w, m, rows = key
    cells = {(i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch != "#"}
    if not any(rows[i][j] == "." for i, j in cells):
        return ()
    if b or w:
        return (_key(b, w, m, _crop(rows, cells)),)
    out, seen = [], set()
    for start in sorted(cells):
        if start in seen:
            continue
        region, stack = set(), [start]
        seen.add(start)
        while stack:
            i, j = stack.pop()
            region.add((i, j))
            for di, dj in _STEPS:
                q = (i + di, j + dj)
                if q in cells and q not in seen:
                    seen.add(q)
                    stack.append(q)
        kinds = {rows[i][j] for i, j in region}
        if "." in kinds and kinds & {"X", "O"}:
            out.append(_key(0, 0, 0, _crop(rows, region)))
    return tuple(sorted(out))


def _expand(key: Key) -> tuple[set[tuple[Key, ...]], set[tuple[Key, ...]]]:
    return ({parts(o) for o in moves(key, "X")}, {parts(o) for o in moves(key, "O")})


def _mirror(key: Key) -> Key:
    b, w, m, rows = key
    return _key(w, b, m, tuple(r.translate(_SWAP) for r in rows))


SOLVER = ComponentSolver(_expand, mirror=_mirror)


def _counts(head: str, text: str) -> tuple[int, int, int]:
    items = head.split(",")
    if len(items) != 3 or not all(i.strip().isdigit() for i in items):
        raise RulesError(f"KingDirt: the counts of {quoted(text)} are three naturals 'black,white,must-place'")
    b, w, m = (int(i) for i in items)
    if m not in (0, 1):
        raise RulesError(f"KingDirt: must-place is 0 or 1, not {m}, in {quoted(text)}")
    return b, w, m


class KingDirt(
    StringPosition,
    name="king-dirt",
    summary="'b,w,m:board': place one of your stones left to place, or step a king X/O leaving dirt #",
    example="1,1,0:.X.|...|.O.",
    board=True,
    aliases=("gen-king-dirt",),
    native="king-dirt",
):
    """A King Dirt position (immutable): the stones each player has to place, the
    must-place flag, and the board."""

    __slots__ = ("_key",)

    def __init__(self, text: str) -> None:
        if not isinstance(text, str) or ":" not in text:
            raise RulesError(f"KingDirt: a position is 'black,white,must-place:board' like '1,1,0:..|..', not {text!r}")
        head, _, board = text.strip().partition(":")
        b, w, m = _counts(head, text)
        self._key = normal(b, w, m, tuple(parse_grid(board.upper(), "XO.#", "KingDirt")))

    @classmethod
    def _of(cls, key: Key) -> "KingDirt":
        p = cls.__new__(cls)
        p._key = key
        return p

    def __str__(self) -> str:
        b, w, m, rows = self._key
        return f"{b},{w},{m}:" + "|".join(rows)

    def _state(self) -> Key:
        return self._key

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the board, Left's kings black, Right's white, dirt filled."""
        from .board_svg import grid_svg

        b, w, m, rows = self._key
        return grid_svg([r.lower() for r in rows], f"{self!r}: {b} and {w} stones to place")

    def left_moves(self) -> list["KingDirt"]:
        """Left places an ``X`` on each empty cell, or steps an ``X`` (see :func:`moves`)."""
        return [KingDirt._of(k) for k in moves(self._key, "X")]

    def right_moves(self) -> list["KingDirt"]:
        """Right places an ``O``, or steps an ``O``."""
        return [KingDirt._of(k) for k in moves(self._key, "O")]

    def components(self) -> tuple[Key, ...]:
        """The keys of the independent parts (see :func:`parts`)."""
        return parts(self._key)

    def native_parts(self) -> tuple:
        """The owner of the native search and the parts' keys."""
        return (KingDirt, self.components())

    @property
    def value(self):  # type: ignore[no-untyped-def]
        """The canonical value: the sum of the parts' values."""
        got = native_value(KingDirt, self.components())
        if got is not None:
            return got
        return SOLVER.value_of(self.components())
