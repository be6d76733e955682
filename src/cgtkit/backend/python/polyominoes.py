"""The Python twin of ``native/src/sweep/polyominoes.rs``: the polyominoes a
Domineering sweep lists (:mod:`cgtkit.sweep.positions` says what a position is).

Every fixed polyomino of ``k`` cells comes from Redelmeier's method (grow from the
lowest cell, only into cells after it, never re-adding a cell already considered);
the positions are the set of their least images under the two mirrors and the half
turn, sorted.  The native listing filters instead of collecting a set, so it streams;
the twin keeps the set, which is plainly right and holds every position at once.

>>> listing = KERNELS.listing(3, reduced=True)
>>> listing.chunk(2), listing.chunk(2), listing.chunk(2)
(['...', '..|.#'], ['.|.|.'], [])
>>> KERNELS.listing(4, reduced=False).count()  # OEIS A001168
19
"""

from __future__ import annotations

from typing import Iterable

__all__ = ["KERNELS", "PyPolyominoes", "MAX_CELLS"]

#: the largest polyomino listed (as the native side)
MAX_CELLS = 16

Cell = tuple[int, int]


def fixed_polyominoes(k: int) -> Iterable[frozenset[Cell]]:
    """Every fixed polyomino of exactly ``k`` cells, each once."""
    origin = (0, 0)

    def allowed(cell: Cell) -> bool:  # cells after the origin in row-major order
        r, c = cell
        return r > 0 or (r == 0 and c >= 0)

    def neighbours(cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        return ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))

    def grow(poly: list[Cell], untried: list[Cell], seen: set[Cell]) -> Iterable[frozenset[Cell]]:
        untried = list(untried)
        while untried:
            cell = untried.pop()
            poly.append(cell)
            if len(poly) == k:
                yield frozenset(poly)
            else:
                new = [n for n in neighbours(cell) if allowed(n) and n not in seen]
                seen.update(new)
                yield from grow(poly, untried + new, seen)
                seen.difference_update(new)
            poly.pop()

    yield from grow([], [origin], {origin})


def _images(cells: frozenset[Cell]) -> list[list[Cell]]:
    """The four value-preserving images of a polyomino (identity, the two mirrors,
    the half turn), each moved to start at row 0, column 0, as sorted cells."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    r1 = max(r for r, _ in cells)
    c1 = max(c for _, c in cells)
    return [
        sorted((r - r0, c - c0) for r, c in cells),
        sorted((r1 - r, c - c0) for r, c in cells),
        sorted((r - r0, c1 - c) for r, c in cells),
        sorted((r1 - r, c1 - c) for r, c in cells),
    ]


def _grid(cells: Iterable[Cell]) -> str:
    """CGSuite's grid notation over the bounding box of ``cells``."""
    cells = set(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    return "|".join("".join("." if (r0 + i, c0 + j) in cells else "#" for j in range(w)) for i in range(h))


class _Listing:
    """The polyominoes of one size, handed out in chunks."""

    def __init__(self, grids: list[str]) -> None:
        self._grids = grids
        self._next = 0

    def chunk(self, n: int) -> list[str]:
        out = self._grids[self._next : self._next + n]
        self._next += len(out)
        return out

    def count(self) -> int:
        left = len(self._grids) - self._next
        self._next = len(self._grids)
        return left


class PyPolyominoes:
    """The listings of polyominoes, in Python."""

    name = "python"

    @staticmethod
    def listing(k: int, reduced: bool) -> _Listing:
        """The polyominoes of ``k`` cells: every fixed one, or (``reduced``) one per
        Domineering position, the least of its images."""
        if not 1 <= k <= MAX_CELLS:
            raise ValueError(f"polyominoes of 1 to {MAX_CELLS} cells, not {k}")
        if reduced:
            found = {tuple(min(_images(p))) for p in fixed_polyominoes(k)}
            return _Listing(sorted(_grid(cells) for cells in found))
        return _Listing(sorted(_grid(p) for p in fixed_polyominoes(k)))


KERNELS = PyPolyominoes()
