"""Which search computes a ruleset's value: the native one (Rust, ``native/src/rulesets``,
built into ``cgtkit._native``) or the Python search of each ruleset module, its
reference twin.

The native search runs when the engine is native (its values are ids in the native
engine's table) and is not switched off: ``with python_search(): ...`` runs the
Python search inside the block (the tests compare the two), and a ruleset object
whose ``search`` attribute is ``"python"`` always uses it.  With
``CGTKIT_ENGINE=python`` only the Python search runs.  A board beyond the native
limits (more than 120 cells with the guard columns) is searched in Python.

Each ruleset object gets its own native solver (and table) on first use;
:func:`solver_of` returns it, for ``stats()``, ``clear()`` and ``set_bound(entries=,
bytes=)``.  ``workers`` (:func:`set_workers`, :func:`threads`, or the ``workers=``
argument of ``value_of``; ``--jobs`` on the command line) splits one large position's
work over threads that share the table.

>>> from cgtkit.rulesets import Domineering
>>> with python_search():
...     slow = Domineering("...|...").value
>>> Domineering("...|...").value == slow
True
"""

from __future__ import annotations

import contextlib
import weakref
from typing import Any, Callable, Iterable, Iterator, Optional

from ..errors import RulesError
from ..short.engine import ENGINE, native_module
from ..short.game import wrap_handle

__all__ = [
    "active",
    "python_search",
    "set_workers",
    "workers",
    "threads",
    "solver_of",
    "clear_all",
    "positions_known",
    "TOADS",
    "HACKENBUSH",
    "EATCAKE",
]

_NATIVE = native_module() if ENGINE.name == "native" else None
if _NATIVE is not None and not hasattr(_NATIVE, "RulesetSolver"):
    _NATIVE = None  # an extension built before the native search existed

_forced_python = 0
_workers = 1
_OWNERS: "weakref.WeakSet[Any]" = weakref.WeakSet()  # every object holding a native solver


class _Toads:
    """Holds the native solver of Toads and Frogs (a module-level game)."""


TOADS = _Toads()


class _Hackenbush:
    """Holds the native solver of Hackenbush trees and graphs."""


class _Eatcake:
    """Holds the native solver of Eatcake."""


HACKENBUSH = _Hackenbush()
EATCAKE = _Eatcake()


def active() -> bool:
    """Whether ruleset values come from the native search now."""
    return _NATIVE is not None and not _forced_python


@contextlib.contextmanager
def python_search() -> Iterator[None]:
    """Inside the block every ruleset value comes from the Python search."""
    global _forced_python
    _forced_python += 1
    try:
        yield
    finally:
        _forced_python -= 1


def set_workers(n: int) -> None:
    """Threads for each native value computed from now on (1: no threads)."""
    global _workers
    if not isinstance(n, int) or n < 1:
        raise RulesError(f"workers must be a positive int, not {n!r}")
    _workers = n


def workers() -> int:
    """Threads for each native value (see :func:`set_workers`)."""
    return _workers


@contextlib.contextmanager
def threads(n: int) -> Iterator[None]:
    """Inside the block, native values are computed on ``n`` threads."""
    before = _workers
    set_workers(n)
    try:
        yield
    finally:
        set_workers(before)


def _solver(owner: Any, make: Callable[[], Any]) -> Any:
    """``owner``'s native solver (made on first use), or None when the Python search
    is to run."""
    if not active() or getattr(owner, "search", "auto") == "python":
        return None
    s = getattr(owner, "_native_solver", None)
    if s is None:
        s = owner._native_solver = make()
        _OWNERS.add(owner)
    return s


def solver_of(owner: Any) -> Any:
    """The native solver of a ruleset object (:data:`TOADS` for Toads and Frogs),
    made on first use; None when the native search is not available."""
    if _NATIVE is None:
        return None
    if owner is TOADS:
        return _solver(owner, _NATIVE.RulesetSolver.toads)
    if owner is HACKENBUSH:
        return _solver(owner, _NATIVE.RulesetSolver.hackenbush)
    if owner is EATCAKE:
        return _solver(owner, _NATIVE.RulesetSolver.eatcake)
    from .placement import PlacementRuleset

    if isinstance(owner, PlacementRuleset):
        return _solver(owner, lambda: _placement_solver(owner))
    if hasattr(owner, "native_graph"):  # a game on graphs (rulesets.graphs)
        return _solver(owner, lambda: _NATIVE.RulesetSolver.graph(owner.native_graph))
    return _solver(owner, lambda: _NATIVE.RulesetSolver.stones(owner.native_name))


def clear(owner: Any) -> None:
    """Forget the native table of ``owner`` (if it has one)."""
    s = getattr(owner, "_native_solver", None)
    if s is not None:
        s.clear()


def clear_all() -> None:
    """Forget every native table."""
    for owner in list(_OWNERS):
        clear(owner)


def positions_known() -> int:
    """How many positions every native table holds now: a count of work done that
    another thread may read while a search runs (the command line's progress line).

    >>> positions_known() >= 0
    True
    """
    total = 0
    for owner in list(_OWNERS):
        s = getattr(owner, "_native_solver", None)
        if s is not None:
            total += int(s.stats()["entries"])
            if hasattr(s, "outcome_stats"):  # positions whose outcome is known too
                total += int(s.outcome_stats()["entries"])
    return total


def _count(n: Optional[int]) -> int:
    return _workers if n is None else n


def _placement_solver(rules: Any) -> Any:
    s = _NATIVE.RulesetSolver.placement(
        [list(p) for p in rules.left], [list(p) for p in rules.right], rules.symmetry, rules.impartial
    )
    if s.guard != rules.guard:  # the keys would be read at the wrong stride
        raise RuntimeError(f"{rules.name}: native guard {s.guard} != {rules.guard}")
    return s


def placement_value(rules: Any, keys: Iterable[int], workers: Optional[int] = None) -> Any:
    """The value of a sum of placement regions by the native search (a nim value for
    an impartial ruleset), or None when the Python search is to run."""
    s = _solver(rules, lambda: _placement_solver(rules))
    if s is None:
        return None
    v = s.value(list(keys), _count(workers))
    if v is None or rules.impartial:
        return v
    return wrap_handle(v)


def _stone_solver(rules: Any) -> Any:
    """The native solver of a game of stones (``rules.native_name`` names it), or None
    when the Python search is to run."""
    name = getattr(rules, "native_name", None)
    if name is None:
        return None
    return _solver(rules, lambda: _NATIVE.RulesetSolver.stones(name))


def stone_value(rules: Any, keys: Iterable[tuple], workers: Optional[int] = None) -> Any:
    """The value of a sum of stone-board parts (``rules.native_name`` names the game),
    or None when the Python search is to run."""
    s = _stone_solver(rules)
    if s is None:
        return None
    v = s.value(list(keys), _count(workers))
    return None if v is None else wrap_handle(v)


def stone_outcome(rules: Any, keys: Iterable[tuple], workers: Optional[int] = None, small: int = 8) -> Any:
    """``(Left wins moving first, Right wins moving first)`` on a sum of stone-board
    parts by the native outcome search (no full value), or None when it cannot run
    (then the outcome of the value is the answer)."""
    s = _stone_solver(rules)
    if s is None:
        return None
    return s.outcome(list(keys), _count(workers), small)


def toads_value(strips: Iterable[str], workers: Optional[int] = None) -> Any:
    """The value of a sum of Toads and Frogs strips, or None (Python search)."""
    s = _solver(TOADS, lambda: _NATIVE.RulesetSolver.toads())
    if s is None:
        return None
    v = s.value(list(strips), _count(workers))
    return None if v is None else wrap_handle(v)


def stalks_value(stalks: Iterable[str]) -> Any:
    """The value of a position of Hackenbush stalks, or None (Python search)."""
    if not active():
        return None
    return wrap_handle(_NATIVE.hackenbush_stalks(list(stalks)))


def graph_value(rules: Any, tints: str, edges: Iterable[tuple[int, int]], workers: Optional[int] = None) -> Any:
    """The value of a graph of Col, Snort or Arc Kayles (``rules.native_graph`` names
    the game; a nim value for Arc Kayles): ``tints`` a character ``.``, ``L`` or ``R``
    a vertex, ``edges`` pairs of vertex indices.  None when the Python search is to
    run (no native search, or more vertices than it takes)."""
    s = _solver(rules, lambda: _NATIVE.RulesetSolver.graph(rules.native_graph))
    if s is None:
        return None
    v = s.value([(tints, list(edges))], _count(workers))
    if v is None or rules.native_graph == "arc-kayles":
        return v
    return wrap_handle(v)


def hackenbush_value(edges: Iterable[tuple[str, str, str]], workers: Optional[int] = None) -> Any:
    """The value of a Hackenbush position given as edges ``(u, v, colour)`` (``g`` the
    ground; a tree as its graph), or None (Python search: the engine is Python, or a
    part joined to the ground has more than 64 edges)."""
    s = _solver(HACKENBUSH, lambda: _NATIVE.RulesetSolver.hackenbush())
    if s is None:
        return None
    v = s.value(list(edges), _count(workers))
    return None if v is None else wrap_handle(v)


def eatcake_value(cakes: Iterable[tuple[int, int]], workers: Optional[int] = None) -> Any:
    """The value of a sum of Eatcake cakes ``(w, h)``, or None (Python search)."""
    s = _solver(EATCAKE, lambda: _NATIVE.RulesetSolver.eatcake())
    if s is None:
        return None
    v = s.value(list(cakes), _count(workers))
    return None if v is None else wrap_handle(v)
