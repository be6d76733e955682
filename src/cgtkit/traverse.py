"""The one post-order traversal: a value for every position from its children's values.

Solving a game, or computing a product or an analysis of one, means giving every
position a value computed from the values of other positions (its options, or their
components).  :func:`evaluate` walks that graph depth-first on an explicit stack, so
a line of play 10^6 moves long needs no recursion; it keeps the current line, so a
position that returns to a position on it is reported as a :class:`LoopyGameError`
with the cycle, never a hang; values are stored in ``memo`` and reused across calls.
:func:`post_order` lists the positions themselves in that order, for the callers that
fill their own tables.

:func:`run_steps` is the same explicit stack for code written as generators: a step
yields the sub-steps whose results it needs (the printers of CGSuite and loopy notation
are written this way, so deep games print without recursion).

:func:`evaluate` and :func:`post_order` take the same two optional hooks, checked once every ``every`` positions
finished (nothing is checked when neither is given):

* ``progress(done, depth)``: called with the number of positions finished so far in
  this call and the length of the current line;
* ``cancel``: an object with ``is_set()`` (a :class:`threading.Event`) or a callable
  returning a bool; when it answers True, :class:`Cancelled` is raised (the values
  already finished stay in ``memo``, so a later call resumes where this one stopped).

>>> memo = {}
>>> expand = lambda n: (None, [n - 1] if n else [])      # a chain n -> n-1 -> ... -> 0
>>> combine = lambda n, data, memo: 0 if n == 0 else memo[n - 1] + 1
>>> evaluate(100_000, memo, expand, combine)
100000
>>> post_order(3, lambda n: [n - 1, n - 2] if n > 1 else [])
[1, 0, 2, 3]
>>> def depth(n):                                       # a step: yields its sub-step
...     return 0 if n == 0 else 1 + (yield depth(n - 1))
>>> run_steps(depth(100_000))
100000
>>> evaluate(5, {}, lambda n: (None, [(n + 1) % 3]), combine)
Traceback (most recent call last):
...
cgtkit.errors.LoopyGameError: the game is loopy: this line of play returns to a position: 0 -> 1 -> 2 -> 0; cgtkit solves short (finite, loop-free) games only
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Generator, Hashable, Iterable, Iterator, MutableMapping, Optional, Sequence

from .config import setting
from .errors import CGTError, LoopyGameError, MoveFunctionError, ResourceLimitError
from .options import check_hashable, normalize_option, result_error

__all__ = [
    "evaluate",
    "post_order",
    "run_steps",
    "position_budget",
    "Step",
    "Cancelled",
    "SearchFailure",
    "search_error",
    "Expand",
    "Combine",
    "Progress",
]

Expand = Callable[[Hashable], "tuple[Any, Sequence[Hashable]]"]
Combine = Callable[[Hashable, Any, "MutableMapping[Any, Any]"], Any]
Progress = Callable[[int, int], None]
#: a generator that yields the sub-steps it needs and returns its result
Step = Generator[Any, Any, Any]

#: how many positions are finished between two checks of the hooks
EVERY = 4096

#: the longest line of play :func:`evaluate` follows before it stops with a
#: :class:`ResourceLimitError` (a move function that never repeats a position but never
#: ends would otherwise grow the line until memory runs out); CGTKIT_MAX_DEPTH sets it
DEFAULT_MAX_DEPTH: int = setting("CGTKIT_MAX_DEPTH")


class Cancelled(CGTError):
    """A traversal was cancelled through its ``cancel`` hook."""


_BUDGET: Optional[int] = None  # set by position_budget


@contextlib.contextmanager
def position_budget(n: int) -> Iterator[None]:
    """Within it, a call of :func:`evaluate` or :func:`post_order` that enters more than
    ``n`` positions stops with a :class:`ResourceLimitError`: a guard on work that must
    stay small, whoever does it (the tests prove so that the analyses of the integer
    10**12 never walk its 10**12 followers).  It is one setting for the process: use it
    from one thread, with no other traversal running.

    >>> with position_budget(10):
    ...     post_order(100, lambda n: [n - 1] if n else [])
    Traceback (most recent call last):
    ...
    cgtkit.errors.ResourceLimitError: a traversal from 100 entered more than 10 positions (position_budget(10))
    """
    global _BUDGET
    saved, _BUDGET = _BUDGET, n
    try:
        yield
    finally:
        _BUDGET = saved


def _budgeted(step: Callable[[Hashable], Any], n: int, root: Hashable) -> Callable[[Hashable], Any]:
    """``step`` (an expand or children function), counting its calls: the one past ``n``
    raises."""
    calls = [0]

    def counted(position: Hashable) -> Any:
        calls[0] += 1
        if calls[0] > n:
            raise ResourceLimitError(
                f"a traversal from {_short_repr(root)} entered more than {n:,} positions (position_budget({n}))"
            )
        return step(position)

    return counted


def _short_repr(position: object) -> str:
    shown = repr(position)
    return shown if len(shown) <= 80 else shown[:77] + "..."


class SearchFailure(Exception):
    """What stopped a search over a move function, as data (the native impartial
    search raises it; :func:`search_error` makes the error a user sees of it).

    ``kind`` and what ``position``, ``index`` and ``detail`` then are:

    * ``"raised"``: the move function raised ``detail`` on ``position``;
    * ``"result"``: it returned ``detail`` (None, or not an iterable) for ``position``;
    * ``"option"``: option number ``index`` of ``position``, ``detail``, is not valid;
    * ``"loop"``: a line of play returns to ``position``; ``detail`` is the cycle;
    * ``"depth"``: a line of play from ``detail`` reached ``position`` after ``index``
      moves without repeating a position.
    """

    def __init__(self, kind: str, position: Any, index: int, detail: Any) -> None:
        super().__init__(kind, position, index, detail)
        self.kind, self.position, self.index, self.detail = kind, position, index, detail


def search_error(failure: SearchFailure, tuple_is_sum: bool = True) -> BaseException:
    """The exception a user sees for ``failure``, the same from every search: a
    :class:`MoveFunctionError` (caused by the move function's own exception), an
    :class:`~cgtkit.errors.UnhashablePositionError` for an option that is not hashable, a
    :class:`LoopyGameError` with the cycle, a :class:`ResourceLimitError`; cgtkit's own
    errors and what is not an ``Exception`` (Ctrl-C) raised by the move function come
    back as they are.  ``tuple_is_sum`` is the solver's (how it reads a bad option).

    >>> search_error(SearchFailure("raised", 3, -1, KeyError("boom")))
    MoveFunctionError("the move function failed on position 3: KeyError: 'boom'")
    >>> search_error(SearchFailure("option", 3, 0, [2]))
    MoveFunctionError('option [2] of position 3 is a list, which is not hashable: write a position, a tuple of positions (a sum) or Move(label, option)')
    >>> search_error(SearchFailure("loop", 0, -1, [0, 1, 0])).cycle
    [0, 1, 0]
    """
    kind, position, detail = failure.kind, failure.position, failure.detail
    if kind == "raised":
        if isinstance(detail, CGTError) or not isinstance(detail, Exception):
            return detail
        err = MoveFunctionError(
            f"the move function failed on position {position!r}: {type(detail).__name__}: {detail}",
            position=position,
        )
        err.__cause__ = detail
        err.__suppress_context__ = True
        return err
    if kind == "result":
        return result_error(detail, position)
    if kind == "option":
        try:
            normalize_option(detail, position, tuple_is_sum)
        except CGTError as exc:
            return exc
        return MoveFunctionError(
            f"option {detail!r} of position {position!r} is not a valid option", position=position, option=detail
        )
    if kind == "loop":
        return LoopyGameError(detail)
    if kind == "depth":
        return ResourceLimitError(
            f"a line of play from {_short_repr(detail)} is longer than {failure.index:,} moves without repeating "
            f"a position (now at {_short_repr(position)}): the move function may never end; pass a larger "
            "max_depth (or set CGTKIT_MAX_DEPTH) if the game is that deep"
        )
    raise ValueError(f"unknown kind of search failure: {kind!r}")


def _expand_safely(expand: Expand, position: Hashable) -> tuple[Any, Sequence[Hashable]]:
    try:
        return expand(position)
    except CGTError:
        raise
    except Exception as exc:  # a RecursionError too: the move function's, like any other of its errors
        failure = SearchFailure("raised", position, -1, exc)
    raise search_error(failure)


def _hooks(progress: Optional[Progress], cancel: Any, every: int) -> Optional[Callable[[int, int], None]]:
    """The check run every ``every`` finished positions, or None without hooks."""
    if progress is None and cancel is None:
        return None
    if every < 1:
        raise ValueError(f"every must be at least 1, not {every}")
    is_set = None if cancel is None else getattr(cancel, "is_set", cancel)

    def check(done: int, depth: int) -> None:
        if progress is not None:
            progress(done, depth)
        if is_set is not None and is_set():
            raise Cancelled(f"cancelled after {done:,} positions (the values found so far are kept)")

    return check


def evaluate(
    root: Hashable,
    memo: MutableMapping[Any, Any],
    expand: Expand,
    combine: Combine,
    *,
    progress: Optional[Progress] = None,
    cancel: Any = None,
    every: int = EVERY,
    max_depth: Optional[int] = None,
) -> Any:
    """Value of ``root``, computing every position it needs that is not in ``memo``.

    ``expand(position)`` returns ``(data, children)``: anything ``combine`` wants
    back, and the positions whose values are needed; ``combine(position, data, memo)``
    is called once all children are in ``memo`` and returns the position's value.  A
    failure of ``expand`` that is not a :class:`CGTError` becomes a
    :class:`MoveFunctionError` naming the position.  A line of play longer than
    ``max_depth`` (default :data:`DEFAULT_MAX_DEPTH`) stops with a
    :class:`ResourceLimitError`: the move function never ends (or is deeper than the bound).

    >>> evaluate(0, {}, lambda n: (None, [n + 1]), lambda n, d, m: 0, max_depth=1000)
    Traceback (most recent call last):
    ...
    cgtkit.errors.ResourceLimitError: a line of play from 0 is longer than 1,000 moves without repeating a position (now at 1000): the move function may never end; pass a larger max_depth (or set CGTKIT_MAX_DEPTH) if the game is that deep
    """
    check_hashable(root)
    if root in memo:
        return memo[root]
    limit = DEFAULT_MAX_DEPTH if max_depth is None else max_depth
    if _BUDGET is not None:
        expand = _budgeted(expand, _BUDGET, root)
    check = _hooks(progress, cancel, every)
    countdown = every if check is not None else -1  # -1: never reaches 0
    done = 0
    data, children = _expand_safely(expand, root)
    path: list[list[Any]] = [[root, data, children, 0]]  # frames: position, data, children, next index
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
                raise search_error(SearchFailure("loop", child, -1, cycle))
            try:
                data, grandchildren = expand(child)
            except CGTError:
                raise
            except Exception:
                data, grandchildren = _expand_safely(expand, child)  # re-raises, wrapped
            if len(path) >= limit:
                raise search_error(SearchFailure("depth", child, limit, root))
            on_path[child] = len(path)
            path.append([child, data, grandchildren, 0])
            continue
        position = frame[0]
        memo[position] = combine(position, frame[1], memo)
        del on_path[position]
        path.pop()
        countdown -= 1
        if not countdown:
            done += every
            check(done, len(path))  # type: ignore[misc]  # countdown reaches 0 only with hooks
            countdown = every
    return memo[root]


def post_order(
    root: Hashable,
    children: Callable[[Hashable], Iterable[Hashable]],
    known: Callable[[Hashable], bool] = lambda _: False,
    *,
    progress: Optional[Progress] = None,
    cancel: Any = None,
    every: int = EVERY,
) -> list[Any]:
    """The positions reachable from ``root`` that are not ``known``, each listed after
    all its children (``known`` positions are neither listed nor entered).  For
    finite loop-free graphs (every game is one): a position met twice is listed once.
    """
    order: list[Any] = []
    if known(root):
        return order
    if _BUDGET is not None:
        children = _budgeted(children, _BUDGET, root)
    check = _hooks(progress, cancel, every)
    countdown = every if check is not None else -1
    seen = {root}
    stack = [(root, iter(children(root)))]
    while stack:
        g, it = stack[-1]
        for c in it:
            if c not in seen and not known(c):
                seen.add(c)
                stack.append((c, iter(children(c))))
                break
        else:
            stack.pop()
            order.append(g)
            countdown -= 1
            if not countdown:
                check(len(order), len(stack))  # type: ignore[misc]
                countdown = every
    return order


def run_steps(root: Step) -> Any:
    """Run a step that yields sub-steps and receives their results, on an explicit
    stack (a trampoline): the result of ``root``."""
    stack = [root]
    value: Any = None
    while stack:
        try:
            child = stack[-1].send(value)
        except StopIteration as stop:
            stack.pop()
            value = stop.value
        else:
            stack.append(child)
            value = None
    return value
