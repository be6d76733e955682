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

The listing is native (``native/src/sweep/polyominoes.rs``, through
:func:`cgtkit.backend.polyominoes`; the Python twin is
:mod:`cgtkit.backend.python.polyominoes`): Redelmeier's method lists each fixed
polyomino once and keeps it when it is the least of its images, so it streams in
chunks (:func:`position_chunks`) and memory stays that of one chunk.  Counts: 1, 2, 3,
9, 21, 68, 208, ... positions of 1, 2, 3, 4, 5, 6, 7, ... cells (OEIS A056780,
tests/data/polyominoes.json; 476,849 of 13 cells, 1,803,636 of 14, 6,851,960 of 15,
26,157,362 of 16).

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
from typing import Any, Iterator

from .. import backend
from ..errors import SweepError
from .database import cgtkit_version

__all__ = ["RULESETS", "MAX_CELLS", "polyominoes", "position_chunks", "position_count", "position_task"]

RULESETS = ("domineering",)

#: the largest positions listed
MAX_CELLS = 16


def _check(k: int) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_CELLS:
        raise SweepError(f"positions of 1 to {MAX_CELLS} cells, not {k!r}")


def position_chunks(k: int, size: int = 1 << 16) -> Iterator[list[str]]:
    """The positions of exactly ``k`` cells, in chunks of at most ``size`` (in the
    listing's order, not sorted).

    >>> [len(chunk) for chunk in position_chunks(4, 5)]
    [5, 4]
    """
    _check(k)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise SweepError(f"a chunk holds at least 1 position, not {size!r}")
    listing = backend.polyominoes().listing(k, True)
    while chunk := listing.chunk(size):
        yield chunk


def position_count(k: int) -> int:
    """How many positions of exactly ``k`` cells (listed, not kept).

    >>> position_count(6), position_count(8)
    (68, 730)
    """
    _check(k)
    return backend.polyominoes().listing(k, True).count()


def polyominoes(k: int) -> list[str]:
    """Every position of exactly ``k`` cells (module docstring), sorted."""
    return sorted(p for chunk in position_chunks(k) for p in chunk)


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
