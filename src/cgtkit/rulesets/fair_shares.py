"""Fair Shares and Varied Pairs (Winning Ways ch. 12, "Games eternal - games entailed"):
a loopy impartial game on heaps of coins.

A move either divides one heap into two or more heaps of equal size (*fair shares*:
6 into 3+3, 2+2+2 or six 1s) or unites two heaps of different sizes (*varied pairs*:
1 and 3 into 4).  The number of coins never changes, so positions repeat and the
values are Smith's generalised Sprague-Grundy values (:mod:`cgtkit.loopy.grundy`): a
nimber, or ``∞{K}``.  With four coins there is a cycle 1+3 -> 4 -> 2+2 -> 1+1+2 -> 1+3,
yet every value is finite (worked out in tests/loopy/test_loopy_rulesets.py):

>>> [FairSharesAndVariedPairs(h).value for h in ([4], [2, 2], [1, 3], [1, 1, 2], [1, 1, 1, 1])]
[1, 0, 2, 1, 0]
>>> FairSharesAndVariedPairs("1 2 2").outcome
'N'
>>> fair_shares_table(5)[(5,)]
1

Winning Ways tabulates the values of the positions of up to ten coins; that table
could not be consulted where this module was written, so the values here are cgtkit's
own, checked by hand for small totals and against an independent outcome referee in
the tests (see tests/data/fair_shares.json).
"""

from __future__ import annotations

from typing import Any, Iterable

from ..errors import RulesError
from ..loopy.grundy import LoopyImpartialSolver
from .base import Ruleset

__all__ = ["FairSharesAndVariedPairs", "fair_shares_moves", "fair_shares_table", "partitions"]

Heaps = tuple[int, ...]


def fair_shares_moves(heaps: Heaps) -> list[Heaps]:
    """The options of a position (a sorted tuple of heap sizes), each sorted."""
    out: dict[Heaps, None] = {}
    sizes = sorted(set(heaps))
    for h in sizes:  # fair shares: h into h // d heaps of d
        rest = list(heaps)
        rest.remove(h)
        for d in range(1, h // 2 + 1):
            if h % d == 0:
                out[tuple(sorted(rest + [d] * (h // d)))] = None
    for i, a in enumerate(sizes):  # varied pairs: a and b (a < b) into a + b
        for b in sizes[i + 1 :]:
            rest = list(heaps)
            rest.remove(a)
            rest.remove(b)
            out[tuple(sorted(rest + [a + b]))] = None
    return list(out)


def _heaps(position: Any) -> Heaps:
    items = position.split() if isinstance(position, str) else position
    try:
        heaps = tuple(sorted(int(x) for x in items))
    except (TypeError, ValueError):
        raise RulesError(
            f"Fair Shares and Varied Pairs: a position is heap sizes such as [1, 2, 3] or '1 2 3', not {position!r}"
        ) from None
    if not heaps or heaps[0] < 1:
        raise RulesError(f"Fair Shares and Varied Pairs: heaps must be positive, and there must be one: {position!r}")
    return heaps


class FairSharesAndVariedPairs(
    Ruleset,
    name="fair-shares",
    summary="split a heap into equal heaps, or join two unequal ones (impartial, loopy)",
    example="1 2 3",
    impartial=True,
    loopy=True,
    aliases=("fair-shares-and-varied-pairs",),
):
    """A position: heap sizes, e.g. ``[1, 2, 3]`` or ``"1 2 3"`` (order does not matter)."""

    __slots__ = ("heaps", "_solver")

    def __init__(self, heaps: Iterable[int] | str, max_positions: int | None = None) -> None:
        self.heaps = _heaps(heaps)
        self._solver = LoopyImpartialSolver(fair_shares_moves, tuple_is_sum=False, max_positions=max_positions)

    def __repr__(self) -> str:
        return f"FairSharesAndVariedPairs({list(self.heaps)})"

    def options(self) -> list["FairSharesAndVariedPairs"]:
        """The positions one move away."""
        return [FairSharesAndVariedPairs(o) for o in fair_shares_moves(self.heaps)]

    @property
    def value(self) -> Any:
        """Smith's value: an ``int`` (a nimber) or ``∞{K}``."""
        return self._solver.grundy(self.heaps)

    @property
    def outcome(self) -> str:
        """``"P"``, ``"N"`` or ``"D"`` (a draw)."""
        return str(self._solver.outcome(self.heaps))


def partitions(total: int) -> list[Heaps]:
    """Every position with ``total`` coins (the partitions of ``total``, sorted tuples)."""
    out: list[Heaps] = []
    stack: list[tuple[int, int, Heaps]] = [(total, total, ())]  # (left to place, largest allowed, parts)
    while stack:
        rest, top, parts = stack.pop()
        if rest == 0:
            out.append(tuple(sorted(parts)))
            continue
        for k in range(min(rest, top), 0, -1):
            stack.append((rest - k, k, parts + (k,)))
    return sorted(out)


def fair_shares_table(total: int) -> dict[Heaps, Any]:
    """The value of every position with ``total`` coins (one solver for all of them)."""
    if total < 1:
        raise RulesError(f"Fair Shares and Varied Pairs: the number of coins must be positive, not {total}")
    solver = LoopyImpartialSolver(fair_shares_moves, tuple_is_sum=False)
    return {p: solver.grundy(p) for p in partitions(total)}
