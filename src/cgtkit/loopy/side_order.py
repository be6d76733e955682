"""The order of sides: whether ``G+ <= H+`` (or ``G- <= H-``) for any two loopy games,
stoppers or not, decided on their graphs by one game, without finding the sides.

``G+ <= H+`` exactly when Left, moving second in ``H - G``, wins the game in which an
infinite play is hers if it moves in the ``H`` part infinitely often, and Right's if
from some point on it moves only in ``-G`` (there infinite play is Right's: the onside
of ``G`` counts it for Left, and ``-G`` turns it round).  For the offsides, the roles
of the parts are exchanged: an infinite play is Left's if it moves in ``-G``
infinitely often.  These are Büchi games (:func:`~cgtkit.loopy.retrograde.buchi`).
This is the comparison CGSuite makes when it simplifies the sides of a graph (its
``LoopyGame`` state marking; Siegel, *Combinatorial Game Theory*, ch. VI); for two
stoppers both reduce to Siegel's order (no infinite play can stay in one stopper with
the players alternating), and once both parts are stoppers the comparison is the
stopper table's (:func:`~cgtkit.loopy.store.leq`).

It certifies a guessed side: ``S`` (a stopper, its own sides) is the onside of ``G``
exactly when ``S <= G+`` and ``G+ <= S``.

>>> from cgtkit.loopy import LoopyGraph
>>> from cgtkit.loopy.store import canonical_batch
>>> dud = LoopyGraph([[0]], [[0]], 0)                     # both pass for ever: on & off
>>> on, off = canonical_batch([[-1]], [[]])[0], canonical_batch([[]], [[-1]])[0]
>>> [side_leq(dud, table(on), 0, True), side_leq(dud, 0, table(on), True)]
[True, True]
>>> [side_leq(dud, 0, table(off), True), side_leq(dud, 0, table(off), False)]
[False, True]
"""

from __future__ import annotations

from typing import Any

from . import store
from .graph import LoopyGraph
from .retrograde import buchi, explore

__all__ = ["side_leq", "table"]

_WIN: tuple[Any, ...] = ("win",)
_LOSE: tuple[Any, ...] = ("lose",)


def table(v: int) -> int:
    """The node for stopper-table vertex ``v`` (graph vertices are the ints ``>= 0``)."""
    return -1 - store.resolve(v)


def _node(graph: "LoopyGraph", v: int) -> int:
    return table(graph.fixed[v]) if v in graph.fixed else v


def _options(graph: "LoopyGraph", x: int) -> tuple[list[int], list[int]]:
    if x < 0:
        left, right = store.options(-1 - x)
        return [table(w) for w in left], [table(w) for w in right]
    return [_node(graph, w) for w in graph.left[x]], [_node(graph, w) for w in graph.right[x]]


def side_leq(graph: "LoopyGraph", g: int, h: int, onside: bool) -> bool:
    """Whether ``g+ <= h+`` (``onside``) or ``g- <= h-``: ``g`` and ``h`` are vertices of
    ``graph`` or, as :func:`table` gives them, of the stopper table."""
    g, h = (_node(graph, x) if x >= 0 else x for x in (g, h))
    credit_h = onside  # which part's moves make an infinite play Left's

    def expand(i: int, state: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if state is _WIN or state is _LOSE:
            return [state]
        a, b, turn, _ = state
        if a < 0 and b < 0:  # two stoppers: the table's order
            p, q = -1 - a, -1 - b
            survives = store.leq(p, q) if turn == 1 else store.left_first_survives(q, p)
            return [_WIN if survives else _LOSE]
        la, ra = _options(graph, a)
        lb, rb = _options(graph, b)
        if turn == 0:  # Left: a Right option of g (her move in -g) or a Left option of h
            out = [(x, b, 1, not credit_h) for x in ra] + [(a, y, 1, credit_h) for y in lb]
        else:
            out = [(x, b, 0, not credit_h) for x in la] + [(a, y, 0, credit_h) for y in rb]
        return out or [_LOSE if turn == 0 else _WIN]

    states, succ = explore([(g, h, 1, False)], expand)
    existential = [s is not _WIN and s is not _LOSE and s[2] == 0 for s in states]
    accepting = [s is _WIN or (s is not _LOSE and s[3]) for s in states]
    return buchi(succ, existential, accepting)[0]
