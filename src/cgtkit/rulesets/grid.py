"""The grid engine: rectangular boards as int bitboards, split into components.

A board of ``h`` rows and ``w`` columns is stored one bit per cell, row by row, with
a *stride* ``S = w + g`` (``g >= 1`` guard columns that are always off), so that the
neighbours of every cell are the shifts ``<< 1, >> 1, << S, >> S`` with no masking and
no wrap-around.  Positions of a grid game split into *components* (connected regions,
found by flood fill on the bitboard), and the value of a position is the sum of the
values of its components.

Invariant: a component is stored by its **normalised key**: translated to the top
left corner, then the least image under the ruleset's symmetries (comparing
``(height, width, rows top to bottom)``) packed at stride ``width + g``.  Two
components with equal keys are congruent, so they have the same value, and one
transposition table per ruleset (kept across calls, bounded by ``max_entries``)
stores each value once.  Evaluation runs on an explicit stack: no recursion.

Boards of stones (Clobber, Konane, Amazons) use :class:`StoneRuleset` and
:class:`StonePosition`: a part is keyed by :func:`stone_key`, its least image under
all 8 symmetries, computed 2 bits a cell with table-driven flips and transposes; a
part whose colour-swapped twin is already solved takes the negative of its value.
``Game.from_options`` remembers canonical forms by their option sets, so components
with the same options are reduced once.

>>> rows_of(0b011_101, 3)                    # two rows of a 2-wide board, stride 3
[5, 3]
>>> [bin(c) for c in split(0b100_0011, 4)]  # "##.|..#" at stride 4: two components
['0b11', '0b1000000']
>>> flips((1, 3), 2)                          # the 4 images that keep vertical vertical
[(1, 3), (3, 1), (2, 3), (3, 2)]
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..errors import RulesError, quoted
from ..short.game import Game
from . import native
from .base import StringPosition
from .solver import ComponentSolver

__all__ = [
    "parse_grid",
    "format_grid",
    "rows_of",
    "pack_rows",
    "split",
    "reverse_bits",
    "flips",
    "all_symmetries",
    "normal_key",
    "stone_key",
    "coded_key",
    "split8",
    "StoneRuleset",
    "StonePosition",
]


# --- text -----------------------------------------------------------------------------
def parse_grid(text: str, alphabet: str, game: str) -> list[str]:
    """Split a CGSuite grid string (rows separated by ``|``) into rows of equal length,
    each character in ``alphabet``; RulesError names a bad character and its place.

    >>> parse_grid("..|.#", ".#", "Domineering")
    ['..', '.#']
    >>> parse_grid("..|.q", ".#", "Domineering")
    Traceback (most recent call last):
    ...
    cgtkit.errors.RulesError: Domineering: illegal character 'q' at row 2, column 2 of '..|.q' (allowed: '.#')
    """
    if not isinstance(text, str):
        raise RulesError(f"{game}: a position is a string like '..|..', not {type(text).__name__}")
    rows = text.strip().split("|")
    if rows == [""]:
        raise RulesError(f"{game}: the position {quoted(text)} is empty")
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch not in alphabet:
                at = len(text) - len(text.lstrip()) + sum(len(r) + 1 for r in rows[:i]) + j + 1
                raise RulesError(
                    f"{game}: illegal character {ch!r} at row {i + 1}, column {j + 1} of {quoted(text, at)}"
                    f" (allowed: {alphabet!r})"
                )
    if len({len(r) for r in rows}) != 1 or not rows[0]:
        raise RulesError(f"{game}: rows of {quoted(text)} must be non-empty and of equal length")
    return rows


def format_grid(rows: Sequence[str]) -> str:
    """The inverse of :func:`parse_grid`."""
    return "|".join(rows)


# --- bit helpers ------------------------------------------------------------------------
def rows_of(bits: int, stride: int) -> list[int]:
    """The rows of a bitboard (lowest row first), each an int of ``stride`` bits."""
    mask = (1 << stride) - 1
    rows = []
    while bits:
        rows.append(bits & mask)
        bits >>= stride
    return rows


def pack_rows(rows: Iterable[int], stride: int) -> int:
    """The inverse of :func:`rows_of`."""
    bits = 0
    for r in reversed(tuple(rows)):
        bits = (bits << stride) | r
    return bits


def split(bits: int, stride: int, king: bool = False) -> list[int]:
    """The orthogonally connected components of a bitboard (guard columns off), lowest
    cell first; flood fill by shifts, one ring of cells per step.  With ``king``,
    diagonal neighbours are connected too."""
    comps = []
    while bits:
        c = bits & -bits
        while True:
            if king:
                r = c | (c << 1) | (c >> 1)
                n = (r | (r << stride) | (r >> stride)) & bits
            else:
                n = (c | (c << 1) | (c >> 1) | (c << stride) | (c >> stride)) & bits
            if n == c:
                break
            c = n
        comps.append(c)
        bits ^= c
    return comps


_REV: dict[int, list[int]] = {}


def _rev_table(w: int) -> Optional[list[int]]:
    t = _REV.get(w)
    if t is None and w <= 12:
        t = [int(format(i, f"0{w}b")[::-1], 2) for i in range(1 << w)]
        _REV[w] = t
    return t


def reverse_bits(r: int, w: int) -> int:
    """The low ``w`` bits of ``r`` in reverse order (a row flipped left to right)."""
    t = _rev_table(w)
    return t[r] if t is not None else int(format(r, f"0{w}b")[::-1], 2)


def flips(rows: tuple, w: int) -> list[tuple]:
    """The 4 images of a ``w``-wide board that keep rows as rows: identity, vertical
    flip (rows reversed), horizontal flip (each row reversed), 180 degree rotation."""
    t = _rev_table(w)
    h = tuple(t[r] for r in rows) if t is not None else tuple(reverse_bits(r, w) for r in rows)
    return [rows, rows[::-1], h, h[::-1]]


def transpose(rows: Sequence[int], w: int) -> tuple:
    """The transposed board: column j becomes row j (by a table that spreads a row's
    bits one column apart, for rows up to 12 wide).

    >>> transpose((0b011, 0b001), 3)          # "xx.|x.." -> "xx|x.|.."
    (3, 1, 0)
    """
    h = len(rows)
    t = _spread_table(w, h + 1)
    if t is not None:
        packed = 0
        for i, r in enumerate(rows):
            packed |= t[r] << i
        return tuple(rows_of_exact(packed, h + 1, w))
    out = []
    for j in range(w):
        r = 0
        for i, row in enumerate(rows):
            r |= ((row >> j) & 1) << i
        out.append(r)
    return tuple(out)


def all_symmetries(rows: tuple, w: int) -> list[tuple[int, tuple]]:
    """The 8 images of a board under the symmetries of the square, as (width, rows)."""
    t = transpose(rows, w)
    return [(w, x) for x in flips(rows, w)] + [(len(rows), x) for x in flips(t, len(rows))]


def components_bbox(bits: int, stride: int) -> tuple[list[int], int]:
    """Rows of a component translated to the top left corner, and its width."""
    low = bits & -bits
    bits >>= ((low.bit_length() - 1) // stride) * stride
    mask = (1 << stride) - 1
    rows = []
    o = 0
    while bits:
        r = bits & mask
        rows.append(r)
        o |= r
        bits >>= stride
    c0 = (o & -o).bit_length() - 1
    if c0:
        rows = [r >> c0 for r in rows]
        o >>= c0
    return rows, o.bit_length()


_SPREAD: dict[tuple[int, int], list[int]] = {}


def _spread_table(w: int, s: int) -> Optional[list[int]]:
    """For each ``w``-bit row, the int with bit ``j`` moved to bit ``j * s``."""
    t = _SPREAD.get((w, s))
    if t is None and w <= 12:
        t = [0] * (1 << w)
        for r in range(1, 1 << w):
            low = r & -r
            t[r] = t[r ^ low] | (1 << ((low.bit_length() - 1) * s))
        _SPREAD[(w, s)] = t
    return t


def rows_of_exact(bits: int, stride: int, h: int) -> list[int]:
    """Exactly ``h`` rows of a bitboard at ``stride`` (empty rows kept)."""
    mask = (1 << stride) - 1
    out = []
    for _ in range(h):
        out.append(bits & mask)
        bits >>= stride
    return out


def to_corner(layers: Sequence[int], stride: int) -> tuple:
    """The layers translated together so that ``layers[0]`` touches the top row and
    the left column (a cheap first step before :func:`normal_key`, and a cache key).

    >>> to_corner((0b1100_0000, 0b0100_0000), 4)
    (3, 1)
    """
    c = layers[0]
    low = c & -c
    shift = ((low.bit_length() - 1) // stride) * stride
    c >>= shift
    span = c.bit_length()
    k = stride
    while k < span:  # fold the rows together: the low row is their union
        c |= c >> k
        k <<= 1
    c &= (1 << stride) - 1
    shift += (c & -c).bit_length() - 1
    return tuple([x >> shift for x in layers])


_CODE_TABLES: dict[int, tuple] = {}


def _code_tables(w: int) -> tuple:
    """For rows ``w`` cells wide, 2 bits a cell: (interleave: ``w``-bit row -> its bits
    at the even places; mirror: a code row -> the same row flipped left to right;
    split: a code row -> (even bits, odd bits) as ``w``-bit rows)."""
    t = _CODE_TABLES.get(w)
    if t is None:
        inter = [0] * (1 << w)
        for r in range(1, 1 << w):
            low = r & -r
            inter[r] = inter[r ^ low] | (1 << (2 * (low.bit_length() - 1)))
        rev = _rev_table(w)
        assert rev is not None
        n = 1 << (2 * w)
        mirror = [0] * n
        halves = [(0, 0)] * n
        for lo in range(1 << w):
            for hi in range(1 << w):
                c = inter[lo] | (inter[hi] << 1)
                mirror[c] = inter[rev[lo]] | (inter[rev[hi]] << 1)
                halves[c] = (lo, hi)
        t = _CODE_TABLES[w] = (inter, mirror, halves)
    return t


_CODE_SPREAD: dict[tuple[int, int], list[int]] = {}


def _code_spread(w: int, h: int) -> list[int]:
    """For code rows ``w`` cells wide: cell ``j`` moved to bits ``2 * h * j`` (one cell
    of column ``j`` of an ``h``-high board, in the transposed board)."""
    t = _CODE_SPREAD.get((w, h))
    if t is None:
        t = [0] * (1 << (2 * w))
        for c in range(1, 1 << (2 * w)):
            j = ((c & -c).bit_length() - 1) // 2
            cell = (c >> (2 * j)) & 3
            t[c] = t[c & ~(3 << (2 * j))] | (cell << (2 * h * j))
        _CODE_SPREAD[(w, h)] = t
    return t


def stone_key(cells: int, black: int, white: int, stride: int) -> tuple:
    """The normalised key ``(width, height, cells, black, white)`` of a connected part
    of a stone board (packed at stride ``width + 1``), under the 8 symmetries of the
    square; parts up to 7 cells across take a fast path with 2 bits a cell.

    >>> stone_key(0b11, 0b01, 0, 3) == stone_key(0b1001, 0b1000, 0, 3)
    True
    """
    empty = cells & ~(black | white)
    lo, hi = to_corner((cells, empty | white, black | white), stride)[1:]
    return coded_key(lo, hi, stride)


def coded_key(lo: int, hi: int, stride: int) -> tuple:
    """:func:`stone_key` of a board in the corner given 2 bits a cell: ``lo`` marks
    empty cells and white stones, ``hi`` black and white stones."""
    if _narrow(lo | hi, stride):
        w, h, a, b = _coded_key(lo, hi, stride)
        return (w, h, a | b, b & ~a, a & b)
    return normal_key((lo | hi, hi & ~lo, lo & hi), stride)


def _narrow(bits: int, stride: int) -> bool:
    """No cell beyond column 7 and no more than 7 rows."""
    mask = (1 << stride) - 1
    o = 0
    n = 0
    while bits:
        o |= bits & mask
        bits >>= stride
        n += 1
    return n <= 7 and o < 128


def _coded_key(lo: int, hi: int, stride: int) -> tuple:
    """:func:`normal_key` of the layers ``(lo | hi, ...)`` for boards up to 7 wide and
    high, with the two layers coded 2 bits a cell: one image is a tuple of ints.
    Images are compared by (height, width, rows), so a board wider than high only
    competes with its 4 unturned images, one higher than wide with the 4 turned ones."""
    mask = (1 << stride) - 1
    x = lo | hi
    h = (x.bit_length() + stride - 1) // stride
    o = x
    k = stride
    while k < h * stride:  # fold the rows together: o & mask is their union
        o |= o >> k
        k <<= 1
    w = (o & mask).bit_length()
    inter, mirror, _ = _code_tables(w)
    rows = []
    x, y = lo, hi
    for _ in range(h):
        rows.append(inter[x & mask] | (inter[y & mask] << 1))
        x >>= stride
        y >>= stride
    rows = tuple(rows)
    if h <= w:
        hf = tuple([mirror[r] for r in rows])
        images = [(h, w, rows), (h, w, rows[::-1]), (h, w, hf), (h, w, hf[::-1])]
    else:
        images = []
    if h >= w:
        # the transpose: cell (i, j) of the code board goes to (j, i)
        spread = _code_spread(w, h)
        tr_packed = 0
        for i, r in enumerate(rows):
            tr_packed |= spread[r] << (2 * i)
        tmask = (1 << (2 * h)) - 1
        tr = tuple([(tr_packed >> (2 * h * j)) & tmask for j in range(w)])
        tmirror = _code_tables(h)[1]
        tf = tuple([tmirror[r] for r in tr])
        images += [(w, h, tr), (w, h, tr[::-1]), (w, h, tf), (w, h, tf[::-1])]
    hh, ww, brows = min(images)
    halves = _code_tables(ww)[2]
    s = ww + 1
    a = b = 0
    for r in reversed(brows):
        x, y = halves[r]
        a = (a << s) | x
        b = (b << s) | y
    return ww, hh, a, b


def normal_key(layers: Sequence[int], stride: int, h: int = 0, w: int = 0) -> tuple:
    """The least image, under the 8 symmetries of the square, of a stack of bitboard
    layers given at ``stride`` (``layers[0]`` holds every cell of the others), as
    ``(width, height, packed layer, ...)`` packed at stride ``width + 1``.

    With ``h`` and ``w`` the board is taken as the whole ``h x w`` rectangle (its edges
    matter); otherwise it is first translated to the corner of its bounding box.

    >>> normal_key([0b11, 0b01], 3) == normal_key([0b1001, 0b1000], 3)  # "x." as a column
    True
    >>> normal_key([0b11, 0b01], 3)                      # as the row "x."
    (2, 1, 3, 1)
    """
    if not w:
        c = layers[0]
        low = c & -c
        shift = ((low.bit_length() - 1) // stride) * stride
        layers = [x >> shift for x in layers]
        rows = [rows_of(x, stride) for x in layers]
        h = len(rows[0])
        o = 0
        for r in rows[0]:
            o |= r
        c0 = (o & -o).bit_length() - 1
        w = (o >> c0).bit_length()
        rows = [tuple(r >> c0 for r in layer) + (0,) * (h - len(layer)) for layer in rows]
    else:
        rows = [tuple(rows_of_exact(x, stride, h)) for x in layers]
    rev = _rev_table(w)
    if rev is not None:
        hf = [tuple(rev[r] for r in layer) for layer in rows]
    else:
        hf = [tuple(reverse_bits(r, w) for r in layer) for layer in rows]
    images = [(h, w, *rows), (h, w, *[x[::-1] for x in rows]), (h, w, *hf), (h, w, *[x[::-1] for x in hf])]
    tr = [transpose(layer, w) for layer in rows]
    rev = _rev_table(h)
    if rev is not None:
        tf = [tuple(rev[r] for r in layer) for layer in tr]
    else:
        tf = [tuple(reverse_bits(r, h) for r in layer) for layer in tr]
    images += [(w, h, *tr), (w, h, *[x[::-1] for x in tr]), (w, h, *tf), (w, h, *[x[::-1] for x in tf])]
    best = min(images)
    hh, ww = best[0], best[1]
    s = ww + 1
    out = [ww, hh]
    for layer in best[2:]:
        p = 0
        for r in reversed(layer):
            p = (p << s) | r
        out.append(p)
    return tuple(out)


def split8(bits: int, stride: int) -> list[int]:
    """The components of a bitboard under king moves (8-neighbourhood), lowest cell
    first.  One guard column keeps diagonal shifts from wrapping.

    >>> [bin(c) for c in split8(0b100_0010_0001, 4)]   # a diagonal is one component
    ['0b10000100001']
    """
    return split(bits, stride, king=True)


# --- boards of black and white stones: Clobber, Konane, Amazons -------------------------
class StoneRuleset:
    """A ruleset on boards of Left's stones (``x``), Right's stones (``o``), empty
    cells (``.``) and, where the game has them, removed cells (``#``).

    A component key is ``(width, height, cells, black, white)``: bitboards packed at
    stride ``width + 1`` (see :func:`stone_key`); swapping the colours swaps the
    players, so the part with the colours swapped has the negative value (used as
    ``evaluate``'s mirror).  Subclasses give :meth:`moves` (the
    positions a side can move to) and :meth:`components` (the keys of the independent
    parts of a position, dead parts dropped); they may give :meth:`quick`.
    ``native_name`` names the game to the native search (None: Python only).
    """

    native_name: Optional[str] = None

    def __init__(self, max_entries: int = 2_000_000) -> None:
        self.solver = ComponentSolver(self._expand, mirror=self.mirror, quick=self.quick, max_entries=max_entries)
        self.table = self.solver.table
        self._key_cache: dict = {}

    def key(self, cells: int, black: int, white: int, stride: int) -> tuple:
        """:func:`stone_key`, cached by the part translated to the corner (the same
        small parts turn up again and again)."""
        ck = to_corner((cells, (cells & ~black), black | white), stride) + (stride,)
        k = self._key_cache.get(ck)
        if k is None:
            k = self._key_cache[ck] = coded_key(ck[1], ck[2], stride)
        return k

    # to be given by each game ----------------------------------------------------
    def moves(self, cells: int, mine: int, theirs: int, stride: int, h: int, w: int) -> list:
        """``(cells, mine, theirs)`` after each move of the side owning ``mine``."""
        raise NotImplementedError

    def components(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple:
        raise NotImplementedError

    def quick(self, key: tuple):
        return None

    # shared ----------------------------------------------------------------------------
    def parts(self, cells: int, black: int, white: int, stride: int, h: int, w: int) -> tuple:
        """:meth:`components` (not cached: a whole position seldom recurs in the same
        frame; the parts' keys are cached by the games that need it)."""
        return self.components(cells, black, white, stride, h, w)

    def _expand(self, key: tuple):
        w, h, cells, black, white = key
        s = w + 1
        parts = self.parts
        return (
            {parts(c, b, t, s, h, w) for c, b, t in self.moves(cells, black, white, s, h, w)},
            {parts(c, b, t, s, h, w) for c, t, b in self.moves(cells, white, black, s, h, w)},
        )

    def mirror(self, key: tuple) -> tuple:
        """The normalised key of the part with the colours swapped (the negative)."""
        return self.key(key[2], key[4], key[3], key[0] + 1)

    def value_of(self, keys: Iterable[tuple], workers: Optional[int] = None) -> Game:
        """The value of a sum of components: by the native search when it runs
        (``workers`` threads), else in Python."""
        keys = tuple(keys)
        got = native.stone_value(self, keys, workers)
        if got is not None:
            return got
        if len(self._key_cache) > self.table.max_entries:
            self._key_cache.clear()
        return self.solver.value_of(keys)

    def clear(self) -> None:
        """Forget every solved component (and the native table)."""
        native.clear(self)
        self.table.clear()
        self._key_cache.clear()


class StonePosition(StringPosition):
    """A position on a board of stones (immutable); subclasses set ``ruleset`` and
    ``ALPHABET``.  ``str(p)`` is the CGSuite string and ``type(p)(str(p)) == p``."""

    __slots__ = ("height", "width", "_cells", "_black", "_white")
    ruleset: StoneRuleset
    ALPHABET = ".xo"
    AMAZONS = False  # drawn as amazons (queens) rather than stones

    height: int
    width: int
    _cells: int
    _black: int
    _white: int

    def __init__(self, text: str) -> None:
        name = type(self).__name__
        rows = parse_grid(text, self.ALPHABET, name)
        s = len(rows[0]) + 1
        cells = black = white = 0
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                bit = 1 << (i * s + j)
                if ch != "#":
                    cells |= bit
                if ch == "x":
                    black |= bit
                elif ch == "o":
                    white |= bit
        self.height, self.width = len(rows), len(rows[0])
        self._cells, self._black, self._white = cells, black, white

    @classmethod
    def _make(cls, h: int, w: int, cells: int, black: int, white: int):
        p = object.__new__(cls)
        p.height, p.width, p._cells, p._black, p._white = h, w, cells, black, white
        return p

    def __str__(self) -> str:
        s = self.width + 1
        out = []
        for i in range(self.height):
            row = []
            for j in range(self.width):
                bit = 1 << (i * s + j)
                if self._black & bit:
                    row.append("x")
                elif self._white & bit:
                    row.append("o")
                else:
                    row.append("." if self._cells & bit else "#")
            out.append("".join(row))
        return "|".join(out)

    def _state(self) -> tuple:
        return (self.height, self.width, self._cells, self._black, self._white)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the board, drawn by :func:`cgtkit.rulesets.board_svg.grid_svg`."""
        from .board_svg import grid_svg  # (imported when first drawn)

        return grid_svg(str(self).split("|"), repr(self), amazons=self.AMAZONS)

    def left_moves(self) -> list:
        """The positions Left (``x``) can move to."""
        h, w = self.height, self.width
        return [
            self._make(h, w, c, b, t)
            for c, b, t in self.ruleset.moves(self._cells, self._black, self._white, w + 1, h, w)
        ]

    def right_moves(self) -> list:
        """The positions Right (``o``) can move to."""
        h, w = self.height, self.width
        return [
            self._make(h, w, c, b, t)
            for c, t, b in self.ruleset.moves(self._cells, self._white, self._black, w + 1, h, w)
        ]

    def components(self) -> tuple:
        """The normalised keys of the independent parts (dead parts dropped)."""
        return self.ruleset.parts(self._cells, self._black, self._white, self.width + 1, self.height, self.width)

    @property
    def value(self) -> Game:
        """The canonical value: the sum of the values of the independent parts."""
        return self.ruleset.value_of(self.components())
