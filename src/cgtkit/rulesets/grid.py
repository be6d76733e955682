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

>>> rows_of(0b011_101, 3)                    # two rows of a 2-wide board, stride 3
[5, 3]
>>> [bin(c) for c in split(0b100_0011, 4)]  # "##.|..#" at stride 4: two components
['0b11', '0b1000000']
>>> flips((1, 3), 2)                          # the 4 images that keep vertical vertical
[(1, 3), (3, 1), (2, 3), (3, 2)]
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, Optional, Sequence

from ..errors import RulesError
from ..short.game import Game

__all__ = [
    "parse_grid",
    "format_grid",
    "rows_of",
    "pack_rows",
    "split",
    "reverse_bits",
    "flips",
    "all_symmetries",
    "TranspositionTable",
    "evaluate",
    "mex",
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
        raise RulesError(f"{game}: the position {text!r} is empty")
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch not in alphabet:
                raise RulesError(
                    f"{game}: illegal character {ch!r} at row {i + 1}, column {j + 1} of {text!r}"
                    f" (allowed: {alphabet!r})"
                )
    if len({len(r) for r in rows}) != 1 or not rows[0]:
        raise RulesError(f"{game}: rows of {text!r} must be non-empty and of equal length")
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


def split(bits: int, stride: int) -> list[int]:
    """The orthogonally connected components of a bitboard (guard columns off), lowest
    cell first; flood fill by shifts, one ring of cells per step."""
    comps = []
    while bits:
        c = bits & -bits
        while True:
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


def transpose(rows: tuple, w: int) -> tuple:
    """The transposed board: column j becomes row j."""
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


# --- transposition table and the evaluator -------------------------------------------------
class TranspositionTable:
    """A dict from normalised component keys to values, emptied when it grows past
    ``max_entries`` (checked between top-level evaluations, so one evaluation is never
    slowed down by re-solving what it has just solved).

    >>> t = TranspositionTable(max_entries=2)
    >>> t.data.update(a=1, b=2, c=3); t.bound(); len(t)
    0
    """

    __slots__ = ("data", "max_entries", "clears")

    def __init__(self, max_entries: int = 2_000_000) -> None:
        self.data: dict = {}
        self.max_entries = max_entries
        self.clears = 0

    def bound(self) -> None:
        if len(self.data) > self.max_entries:
            self.data.clear()
            self.clears += 1

    def clear(self) -> None:
        self.data.clear()

    def __len__(self) -> int:
        return len(self.data)


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among ``values``."""
    s = set(values)
    m = 0
    while m in s:
        m += 1
    return m


_ZERO = Game.of(0)


def evaluate(
    key: Hashable,
    table: TranspositionTable,
    expand: Callable[[Hashable], tuple],
    impartial: bool = False,
    mirror: Optional[Callable[[Hashable], Hashable]] = None,
):
    """The value of component ``key``.

    ``expand(key)`` returns ``(left, right)``: collections of options, each option a
    tuple of component keys (the option is their sum); for an impartial ruleset it
    returns one collection and values are nim values (ints, sums by xor).  Unknown
    components are solved on an explicit stack, each expanded once.  ``mirror(key)``,
    if given, is the key of the component with the players' roles swapped (its value
    is the negative): it is filled in as well.
    """
    data = table.data
    v = data.get(key)
    if v is not None:
        return v
    stack = [key]
    pending: dict = {}
    while stack:
        k = stack[-1]
        if k in data:
            stack.pop()
            continue
        exp = pending.get(k)
        if exp is None:
            exp = pending[k] = expand(k)
            parts = exp if impartial else (*exp[0], *exp[1])
            missing = [c for opt in parts for c in opt if c not in data]
            if missing:
                stack.extend(missing)
                continue
        if impartial:
            seen = set()
            for opt in exp:
                x = 0
                for c in opt:
                    x ^= data[c]
                seen.add(x)
            m = 0
            while m in seen:
                m += 1
            data[k] = m
        else:
            v = data[k] = Game.from_options([_sum(data, o) for o in exp[0]], [_sum(data, o) for o in exp[1]])
            if mirror is not None:
                data[mirror(k)] = -v
        del pending[k]
        stack.pop()
    return data[key]


def _sum(data: dict, keys: tuple) -> Game:
    if not keys:
        return _ZERO
    g = data[keys[0]]
    for c in keys[1:]:
        g = g + data[c]
    return g
