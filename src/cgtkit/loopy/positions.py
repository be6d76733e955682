"""The game graph of a move function: every position it reaches, explored breadth first
without recursion, with known values (short games, stoppers) standing where a move
function names them.

>>> def seesaw(n):                       # Left moves n -> n+1, Right n -> n-1, on 0..3
...     return ([n + 1] if n < 3 else []), ([n - 1] if n > 0 else [])
>>> g = from_moves(seesaw, 0)
>>> len(g), g.is_stopper(), str(g.value())
(4, False, '3 & 0')
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

from ..errors import MoveFunctionError
from ..options import check_hashable
from ..short.game import Game
from . import store
from .errors import GraphTooLargeError
from .graph import DEFAULT_MAX_POSITIONS, LoopyGraph
from .values import Stopper

__all__ = ["from_moves"]


def from_moves(
    moves: Callable[[Any], "tuple[Iterable[Any], Iterable[Any]]"],
    start: Hashable,
    max_positions: int | None = None,
) -> LoopyGraph:
    """The graph of every position reachable from ``start``; ``moves(p)`` returns
    ``(left_options, right_options)``.  An option may also be a short
    :class:`~cgtkit.short.game.Game` or a loopy value (a known value standing there).
    Breadth first, no recursion; :class:`GraphTooLargeError` past ``max_positions``."""
    bound = DEFAULT_MAX_POSITIONS if max_positions is None else max_positions
    check_hashable(start)
    index: dict = {start: 0}
    labels: list = [start]
    left: list[list[int]] = []
    right: list[list[int]] = []
    fixed: dict[int, int] = {}
    values: dict = {}
    i = 0
    while i < len(labels):
        p = labels[i]
        i += 1
        if i - 1 in fixed:
            left.append([])
            right.append([])
            continue
        try:
            result = moves(p)
            if not (isinstance(result, tuple) and len(result) == 2):
                raise MoveFunctionError(
                    f"the move function returned {result!r} for position {p!r}; "
                    "expected a pair (left_options, right_options)",
                    position=p,
                )
            sides = [list(result[0]), list(result[1])]
        except MoveFunctionError:
            raise
        except Exception as exc:
            if isinstance(exc, (GraphTooLargeError,)):
                raise
            raise MoveFunctionError(
                f"the move function failed on position {p!r}: {type(exc).__name__}: {exc}", position=p
            ) from exc
        ids = []
        for side in sides:
            row = []
            for o in side:
                if isinstance(o, (Game, Stopper)):
                    key = ("value", o)
                    j = values.get(key)
                    if j is None:
                        j = values[key] = len(labels)
                        labels.append(o)
                        fixed[j] = store.short_id(o) if isinstance(o, Game) else o.vertex
                    row.append(j)
                    continue
                try:
                    j = index.get(o)
                except TypeError:
                    check_hashable(o)
                    raise
                if j is None:
                    if len(labels) >= bound:
                        raise GraphTooLargeError(bound, o)
                    j = index[o] = len(labels)
                    labels.append(o)
                row.append(j)
            ids.append(row)
        left.append(ids[0])
        right.append(ids[1])
    return LoopyGraph(left, right, 0, fixed, labels)
