"""The seam between the rulesets and their native search: which search computes a
ruleset's values, the native one (Rust, ``native/src/rulesets``) or the ruleset's own
Python search, its reference twin.

A ruleset object that has a native search says so by its ``native`` attribute (the
name in the native table of searches, ``native/src/rulesets/mod.rs``) and, if it takes
any, ``native_params()``; it passes the keys of a position's parts (plain ints, strings
and tuples, read by the native ruleset's own codec).  Each such object gets its own
native search and table on first use (:func:`solver_of`; ``stats()``, ``clear()``,
``set_bound(entries=, bytes=)``).  Answers are raw: an engine id (the caller wraps it
as a :class:`~cgtkit.short.game.Game`) or a nim value, or None when the Python
search is to run.

The native search runs when the engine is native and it is not switched off:
``with python_search(): ...`` runs the Python searches inside the block (the tests
compare the two), and an object whose ``search`` attribute is ``"python"`` always
uses its own.  ``workers`` (:func:`set_workers`, :func:`threads`, or the ``workers=``
argument; ``--jobs`` on the command line) splits one large position's work over
threads that share the table.

>>> class Strips:
...     native = "toads"
>>> got = value(Strips(), ["T.F", "T."])
>>> got is None or isinstance(got, int)
True
"""

from __future__ import annotations

import contextlib
import weakref
from typing import Any, Callable, Iterable, Iterator, Optional, Protocol, Sequence

from ..errors import RulesError
from .choice import NAME, active as _side, extension, use

__all__ = [
    "NativeSearch",
    "active",
    "python_search",
    "set_workers",
    "workers",
    "threads",
    "solver_of",
    "value",
    "outcome",
    "wins",
    "clear",
    "clear_all",
    "stop_threads",
    "write_compact",
    "positions_known",
    "stalks_value",
    "whole_board_fits",
]


class NativeSearch(Protocol):
    """What the native search of one ruleset offers (``cgtkit._native.RulesetSolver``)."""

    guard: Optional[int]
    impartial: bool

    def value(self, keys: list[Any], workers: int = 1) -> Optional[int]: ...

    def outcome(self, keys: list[Any], workers: int = 1, small: int = 8) -> Optional[tuple[bool, bool]]: ...

    def wins(self, keys: list[Any], value: int, left: bool, small: int = 8) -> Optional[tuple[bool, int]]: ...

    def write_compact(
        self,
        boards: list[Any],
        roots: list[tuple[bool, bool]],
        sink: Any,
        leaf_moves: int,
        max_nodes: int,
        values: list[tuple[int, int]] = ...,
    ) -> Optional[int]: ...

    def stats(self) -> dict[str, int]: ...

    def outcome_stats(self) -> Optional[dict[str, int]]: ...

    def clear(self) -> None: ...

    def set_bound(self, entries: Optional[int] = None, bytes: Optional[int] = None) -> None: ...

    def export(self) -> list[tuple[bytes, int]]: ...

    def preload(self, entries: list[tuple[bytes, int]]) -> None: ...

    def sum_stats(self) -> dict[str, int]: ...

    def set_sum_bound(self, entries: Optional[int] = None, bytes: Optional[int] = None) -> None: ...

    def export_sums(self) -> tuple[list[int], bytes, int]: ...

    def preload_sums(self, values: list[int], data: bytes, entries: int) -> None: ...


def _extension() -> Any:
    """The extension, when the native engine runs (the ids it answers are that
    engine's) and it has the ruleset searches."""
    if NAME != "native":
        return None
    n = extension()
    return n if n is not None and hasattr(n, "RulesetSolver") else None


_NATIVE = _extension()
_workers = 1
_SEARCHES: "weakref.WeakKeyDictionary[Any, NativeSearch]" = weakref.WeakKeyDictionary()


def active() -> bool:
    """Whether ruleset values come from the native search now."""
    return _NATIVE is not None and _side() == "native"


@contextlib.contextmanager
def python_search() -> Iterator[None]:
    """Inside the block every ruleset value comes from the Python search (the
    backend's :func:`~cgtkit.backend.use` of the python side)."""
    with use("python"):
        yield


def set_workers(n: int) -> None:
    """Threads for each native value computed from now on (1: no threads)."""
    global _workers
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
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


def solver_of(owner: Any) -> Optional[NativeSearch]:
    """The native search of a ruleset object (made on first use), or None when the
    Python search is to run (it has none, it is switched off, or no extension)."""
    name = getattr(owner, "native", None)
    if not active() or getattr(owner, "search", "auto") == "python" or not isinstance(name, str):
        return None
    s = _SEARCHES.get(owner)
    if s is None:
        params = owner.native_params() if hasattr(owner, "native_params") else None
        s = _SEARCHES[owner] = _NATIVE.RulesetSolver(name, params)
    return s


def _count(n: Optional[int]) -> int:
    return _workers if n is None else n


def value(owner: Any, keys: Iterable[Any], workers: Optional[int] = None) -> Optional[int]:
    """The value of the sum of the parts ``keys`` by ``owner``'s native search: an
    engine id, or a nim value for an impartial ruleset; None when the Python search
    is to run (no native search, switched off, or a part beyond its limits)."""
    s = solver_of(owner)
    return None if s is None else s.value(list(keys), _count(workers))


def outcome(
    owner: Any, keys: Iterable[Any], workers: Optional[int] = None, small: int = 8
) -> Optional[tuple[bool, bool]]:
    """``(Left wins moving first, Right wins moving first)`` by the native outcome
    search of :func:`wins` (and its table), or None when it cannot run."""
    s = solver_of(owner)
    return None if s is None else s.outcome(list(keys), _count(workers), small)


def wins(owner: Any, keys: Iterable[Any], value: Any, left: bool, small: int = 8) -> Optional[tuple[bool, int]]:
    """Whether the player to move (``left``: Left) wins the engine value ``value``
    plus the sum of the parts ``keys``, by the outcome search every native ruleset
    shares (``native/src/rulesets/sums.rs``), and how many positions it searched;
    None when it cannot run."""
    s = solver_of(owner)
    return None if s is None else s.wins(list(keys), value, left, small)


def write_compact(
    owner: Any,
    boards: Iterable[Any],
    roots: list[tuple[bool, bool]],
    sink: Callable[[bytes], Any],
    leaf_moves: int,
    max_nodes: int,
    values: Sequence[tuple[int, int]] = (),
) -> Optional[int]:
    """Write the nodes of the compact certificate of the sum of the whole ``boards``
    of ``owner``'s positions (each as its native search reads a board) and the
    explicit ``values`` (``(place in the sum, engine handle)``, in order; the boards
    fill the other places), from the claims ``roots`` (``(Left moving first,
    wins)``), to ``sink`` by the native writer (``native/src/search/strategy.rs``):
    the number of nodes, or None when it cannot run (the Python writer, its twin,
    then writes the same bytes)."""
    s = solver_of(owner)
    if s is None:
        return None
    return s.write_compact(list(boards), roots, sink, leaf_moves, max_nodes, values=list(values))


def stop_threads(wait: Any) -> None:
    """Make every native call running on any thread stop at its next check (it raises
    KeyboardInterrupt there), call ``wait()`` (which waits for those threads), then
    let native calls run again.  Nothing when the native engine does not run."""
    ext = _extension()
    if ext is None:
        wait()
        return
    ext.set_cancelled(True)
    try:
        wait()
    finally:
        ext.set_cancelled(False)


def clear(owner: Any) -> None:
    """Forget the native table of ``owner`` (if it has one)."""
    s = _SEARCHES.get(owner)
    if s is not None:
        s.clear()


def clear_all() -> None:
    """Forget every native table."""
    for s in list(_SEARCHES.values()):
        s.clear()


def positions_known() -> int:
    """How many positions every native table holds now: a count of work done that
    another thread may read while a search runs (the command line's progress line).

    >>> positions_known() >= 0
    True
    """
    total = 0
    for s in list(_SEARCHES.values()):
        total += int(s.stats()["entries"])
        more = s.outcome_stats()
        if more is not None:  # positions whose outcome is known too
            total += int(more["entries"])
    return total


def stalks_value(stalks: Iterable[str]) -> Optional[int]:
    """The engine id of a position of Hackenbush stalks, or None (Python search)."""
    if not active():
        return None
    got: int = _NATIVE.hackenbush_stalks(list(stalks))
    return got


#: the bits of a native board key (its rows at their stride), when the native search runs
_KEY_BITS = _NATIVE.key_bits() if _NATIVE is not None else 0


def whole_board_fits(height: int, stride: int) -> bool:
    """Whether a board of ``height`` rows at ``stride`` bits a row goes to the native
    search whole (it then splits the board into its parts and keys them itself)."""
    return active() and height * stride <= _KEY_BITS
