"""The one iterative, memoised search that both solvers use.

Solving a game means giving every position a value computed from the values of
other positions (its options' components).  :func:`evaluate` walks that graph
depth-first with an explicit stack, so a line of play 10^6 moves long needs no
recursion, and it keeps the current line of play so that a move function which
returns to a position on it is reported as a :class:`LoopyGameError` with the cycle,
never a hang.  Values are stored in ``memo`` and reused across calls.

>>> memo = {}
>>> expand = lambda n: (None, [n - 1] if n else [])      # a chain n -> n-1 -> ... -> 0
>>> combine = lambda n, data, memo: 0 if n == 0 else memo[n - 1] + 1
>>> evaluate(100_000, memo, expand, combine)
100000
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, MutableMapping, Sequence

from .errors import CGTError, LoopyGameError, MoveFunctionError
from .options import check_hashable

__all__ = ["evaluate", "Expand", "Combine"]

Expand = Callable[[Hashable], "tuple[Any, Sequence[Hashable]]"]
Combine = Callable[[Hashable, Any, MutableMapping], Any]


def _expand_safely(expand: Expand, position: Hashable) -> tuple[Any, Sequence[Hashable]]:
    try:
        return expand(position)
    except CGTError:
        raise
    except RecursionError:
        raise
    except Exception as exc:
        raise MoveFunctionError(
            f"the move function failed on position {position!r}: "
            f"{type(exc).__name__}: {exc}",
            position=position,
        ) from exc


def evaluate(root: Hashable, memo: MutableMapping, expand: Expand, combine: Combine) -> Any:
    """Value of ``root``, computing every position it needs that is not in ``memo``.

    ``expand(position)`` returns ``(data, children)``: the positions whose values are
    needed, and anything ``combine`` wants back; ``combine(position, data, memo)`` is
    called once all children are in ``memo`` and returns the position's value.
    """
    check_hashable(root)
    if root in memo:
        return memo[root]
    data, children = _expand_safely(expand, root)
    path: list[list] = [[root, data, children, 0]]  # frames: position, data, children, next index
    on_path: dict[Hashable, int] = {root: 0}
    while path:
        frame = path[-1]
        children = frame[2]
        i = frame[3]
        n = len(children)
        while i < n and children[i] in memo:
            i += 1
        if i < n:
            frame[3] = i
            child = children[i]
            if child in on_path:
                start = on_path[child]
                cycle = [f[0] for f in path[start:]] + [child]
                raise LoopyGameError(cycle)
            try:
                data, grandchildren = expand(child)
            except CGTError:
                raise
            except Exception:
                data, grandchildren = _expand_safely(expand, child)  # re-raises, wrapped
            on_path[child] = len(path)
            path.append([child, data, grandchildren, 0])
            continue
        position = frame[0]
        memo[position] = combine(position, frame[1], memo)
        del on_path[position]
        path.pop()
    return memo[root]
