"""The positions of a sweep over a placement game, and the task that values a batch of them.

**What a position is.**  A Domineering position is a set of empty cells; its value
is the sum of the values of its connected regions, so the sweep lists the
*connected* ones: every polyomino of ``1 .. k`` cells.  Two polyominoes are the same
position when one of Domineering's four value-preserving symmetries maps one to the
other (the identity, the two mirror images, the half turn: they keep vertical
dominoes vertical).  A quarter turn or a diagonal reflection swaps the players and
negates the value, so a polyomino and its transpose are *both* listed (their values
are ``G`` and ``-G``).  Each position is written in CGSuite's grid notation over its
bounding box: rows joined by ``|``, ``.`` for a cell of the region, ``#`` for a cell
outside it; of its (up to four) images the one kept is the least as a sorted list of
``(row, column)`` cells.

Counts (tests/sweep/test_sweep.py checks them against a brute force): 1, 2, 3, 9, 21, ... positions of
1, 2, 3, 4, 5, ... cells (the free polyominoes, 1, 1, 2, 5, 12, ..., counted up to the
8 symmetries, are about half as many).

>>> [len(polyominoes(k)) for k in range(1, 6)]
[1, 2, 3, 9, 21]
>>> polyominoes(2)
['..', '.|.']
>>> row = position_task("domineering", ["..|.."])[0]
>>> row["value"], row["left_stop"], row["right_stop"], row["temperature"]
('+-1', '1', '-1', '1')
"""

from __future__ import annotations

import time
from typing import Any, Iterable

from ..errors import SweepError
from .database import cgtkit_version

__all__ = ["RULESETS", "polyominoes", "position_task"]

RULESETS = ("domineering",)

Cell = tuple[int, int]


def _fixed_polyominoes(k: int) -> Iterable[frozenset[Cell]]:
    """Every fixed polyomino of exactly ``k`` cells, each once (Redelmeier's method:
    grow from the lowest cell, only into cells after it, never re-adding a cell
    already considered)."""
    if k < 1:
        return
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


def _representative(cells: frozenset[Cell]) -> tuple[Cell, ...]:
    """The least (as a sorted list of cells) of the four value-preserving images of a
    polyomino, each moved to start at row 0, column 0."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    r1 = max(r for r, _ in cells)
    c1 = max(c for _, c in cells)
    images = (
        sorted((r - r0, c - c0) for r, c in cells),
        sorted((r1 - r, c - c0) for r, c in cells),
        sorted((r - r0, c1 - c) for r, c in cells),
        sorted((r1 - r, c1 - c) for r, c in cells),
    )
    return tuple(min(images))


def _grid(cells: set[Cell]) -> str:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    return "|".join("".join("." if (r0 + i, c0 + j) in cells else "#" for j in range(w)) for i in range(h))


def polyominoes(k: int) -> list[str]:
    """Every position of exactly ``k`` cells (module docstring), sorted."""
    found = {_representative(poly) for poly in _fixed_polyominoes(k)}
    return sorted(_grid(set(cells)) for cells in found)


def position_task(ruleset: str, positions: list[str], time_budget: float | None = None) -> list[dict[str, Any]]:
    """Value a batch of positions on a worker; returns their database rows.

    Past ``time_budget`` seconds (checked between positions) the rest of the batch is
    returned with status ``timeout`` and no value."""
    if ruleset not in RULESETS:
        raise SweepError(f"no positions sweep for {ruleset!r}; there is: {', '.join(RULESETS)}")
    from ..rulesets import Domineering
    from ..short.thermography import temperature

    start = time.perf_counter()
    rows = []
    for pos in positions:
        t0 = time.perf_counter()
        row: dict[str, Any] = {"ruleset": ruleset, "position": pos, "cells": pos.count(".")}
        if time_budget is not None and t0 - start > time_budget:
            row.update(status="timeout")
            rows.append(row)
            continue
        try:
            g = Domineering(pos).value
            lo, hi = g.stops
            t = temperature(g)
            row.update(
                status="done",
                value=str(g),
                left_stop=str(lo),
                right_stop=str(hi),
                temperature=str(t),
                temperature_num=t.numerator,
                temperature_exp=t.exponent,
            )
        except MemoryError:
            row.update(status="memory")
        row["seconds"] = time.perf_counter() - t0
        row["version"] = cgtkit_version()  # the worker's cgtkit
        rows.append(row)
    return rows
