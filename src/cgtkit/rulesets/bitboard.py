"""Bitboards: a rectangular board as an int, one bit a cell, and its components.

A board of ``h`` rows and ``w`` columns is stored one bit per cell, row by row, with
a *stride* ``S = w + g`` (``g >= 1`` guard columns that are always off), so that the
neighbours of every cell are the shifts ``<< 1, >> 1, << S, >> S`` with no masking and
no wrap-around.  Positions of a grid game split into *components* (connected regions,
found by flood fill on the bitboard), and the value of a position is the sum of the
values of its components.  A board is written as a CGSuite grid string, rows
separated by ``|`` (:func:`parse_grid`).

>>> rows_of(0b011_101, 3)                    # two rows of a 2-wide board, stride 3
[5, 3]
>>> [bin(c) for c in split(0b100_0011, 4)]  # "##.|..#" at stride 4: two components
['0b11', '0b1000000']
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..errors import RulesError, quoted

__all__ = [
    "parse_grid",
    "format_grid",
    "rows_of",
    "rows_of_exact",
    "pack_rows",
    "split",
    "split8",
    "components_bbox",
    "to_corner",
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


def split8(bits: int, stride: int) -> list[int]:
    """The components of a bitboard under king moves (8-neighbourhood), lowest cell
    first.  One guard column keeps diagonal shifts from wrapping.

    >>> [bin(c) for c in split8(0b100_0010_0001, 4)]   # a diagonal is one component
    ['0b10000100001']
    """
    return split(bits, stride, king=True)


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


def rows_of_exact(bits: int, stride: int, h: int) -> list[int]:
    """Exactly ``h`` rows of a bitboard at ``stride`` (empty rows kept)."""
    mask = (1 << stride) - 1
    out = []
    for _ in range(h):
        out.append(bits & mask)
        bits >>= stride
    return out


def to_corner(layers: Sequence[int], stride: int) -> tuple[int, ...]:
    """The layers translated together so that ``layers[0]`` touches the top row and
    the left column (a cheap first step before
    :func:`cgtkit.rulesets.symmetry.normal_key`, and a cache key).

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
