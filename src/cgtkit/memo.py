"""Bounded memos: a dict that keeps at most ``max_entries`` entries.

A module-level memo of a pure function (the misère sums and links, the tables of heap
games, the slow reference solvers) grows with every question asked, for the life of
the process.  A :class:`BoundedMemo` keeps the newest ``max_entries`` of them: storing
one more forgets the oldest (first in, first out), which only costs recomputing it if
it is asked for again.

That is safe for a memo whose values are *returned* once computed (``found = memo[k]
= compute(k); return found``).  It is not safe for the memo of a walk that stores the
values of a game's followers and reads them back later by key (the ``GameCache``\\ s of
the short-game analyses, the ``memo`` of :func:`cgtkit.traverse.evaluate`): forgetting
an entry in the middle of such a walk would lose a value the walk still needs, so those
are bounded differently (see ``docs/threading.md``).

Only ``memo[key] = value`` counts and evicts; ``setdefault`` and ``update`` are refused
(they would bypass the bound).

>>> memo = BoundedMemo(2)
>>> memo[1] = "a"; memo[2] = "b"; memo[3] = "c"
>>> sorted(memo), memo.max_entries
([2, 3], 2)
>>> memo[3] = "C"; sorted(memo.items())                 # replacing evicts nothing
[(2, 'b'), (3, 'C')]
"""

from __future__ import annotations

import itertools
import threading
from typing import Any, Callable, Hashable, Optional, TypeVar

__all__ = [
    "BoundedMemo",
    "GameCache",
    "register_cache",
    "walking",
    "set_cache_entries",
    "cache_entries",
    "cache_sizes",
    "clear_registered",
    "DEFAULT_CACHE_ENTRIES",
]

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class BoundedMemo(dict[_K, _V]):
    """A dict of at most ``max_entries`` entries, the oldest forgotten first."""

    __slots__ = ("max_entries",)

    def __init__(self, max_entries: int) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"a BoundedMemo holds at least one entry, not {max_entries!r}")
        super().__init__()
        self.max_entries = max_entries

    def __setitem__(self, key: _K, value: _V) -> None:
        if len(self) >= self.max_entries and key not in self:
            del self[next(iter(self))]  # dicts keep insertion order: the oldest
        super().__setitem__(key, value)

    def setdefault(self, key: _K, default: Any = None) -> _V:
        raise TypeError("BoundedMemo.setdefault would bypass the bound: use get, then memo[key] = value")

    def update(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("BoundedMemo.update would bypass the bound: store entries one by one")


# the registered caches (name -> (clear, size)): the analyses' memos of facts about
# games, which live as long as the engine's games and go with them
_CACHES: dict[str, tuple[Callable[[], None], Callable[[], int]]] = {}

#: the bound of a :class:`GameCache` made without one (see :func:`set_cache_entries`)
DEFAULT_CACHE_ENTRIES = 1 << 20

_cache_entries = DEFAULT_CACHE_ENTRIES  # what set_cache_entries() last set
_GAME_CACHES: list["GameCache[Any, Any]"] = []  # every GameCache (set_cache_entries() sets their bound)
_walks = 0  # the walks under way, in every thread (see walking())
_written: dict[int, "GameCache[Any, Any]"] = {}  # id -> cache stored in by them: trimmed when the last ends
_walks_lock = threading.Lock()


def register_cache(name: str, clear: Callable[[], None], size: Callable[[], int]) -> None:
    """Give a cache of facts about games to the engine: :func:`clear_caches` empties it
    and :func:`cache_sizes` reports it under ``name``."""
    _CACHES[name] = (clear, size)


class GameCache(dict[_K, _V]):
    """A memo of one analysis, keyed by games (a plain dict: lookups and stores cost
    what a dict's do), registered with the engine under ``name`` (see
    :func:`register_cache`), and bounded: it keeps at most :attr:`max_entries`
    entries, the newest, once the walks that store in it have ended (see
    :func:`walking`).

    ``max_entries`` is the cache's own bound, or (None, the default) the one
    :func:`set_cache_entries` sets for all.  During a walk a cache may grow past its
    bound (the walk reads back what it stored); the oldest entries beyond it are
    forgotten when the last walk ends, which costs at most recomputing them.

    >>> memo = GameCache("example.memo", max_entries=2)
    >>> with walking(memo):
    ...     for n in range(4):
    ...         memo[n] = n
    ...     len(memo)                                   # a walk reads back what it stored
    4
    >>> sorted(memo.values()), cache_sizes()["example.memo"], memo.max_entries
    ([2, 3], 2, 2)
    >>> clear_registered(); len(memo)
    0
    """

    def __init__(self, name: str, max_entries: Optional[int] = None) -> None:
        super().__init__()
        self.name = name
        self.own_bound = max_entries is not None  # else set_cache_entries() sets it
        self.max_entries = _cache_entries if max_entries is None else _checked_bound(max_entries)
        self.walking = _Walking((self,))  # what walking(self) returns: made once
        register_cache(name, self.clear, self.__len__)
        _GAME_CACHES.append(self)

    def trim(self) -> None:
        """Forget the oldest entries beyond :attr:`max_entries` (a dict keeps insertion
        order).  Only safe when no walk reads this cache: :func:`walking` calls it."""
        excess = len(self) - self.max_entries
        if excess > 0:
            for key in list(itertools.islice(iter(self), excess)):
                self.pop(key, None)  # None: a clear_caches() from elsewhere may have been first


def _checked_bound(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"a game cache keeps at least one entry, not {n!r}")
    return n


class _Walking:
    """The context manager :func:`walking` returns: it counts the walks under way (in
    every thread) and, when the last one ends, trims the caches they stored in."""

    __slots__ = ("caches",)

    def __init__(self, caches: tuple["GameCache[Any, Any]", ...]) -> None:
        self.caches = caches

    def __enter__(self) -> None:
        global _walks
        with _walks_lock:  # not while the last walk to end is trimming
            _walks += 1
            for cache in self.caches:
                _written[id(cache)] = cache

    def __exit__(self, *exc: object) -> None:
        global _walks
        with _walks_lock:  # held while trimming: no walk starts meanwhile
            _walks -= 1
            if _walks == 0:
                while _written:
                    _written.popitem()[1].trim()


def walking(*caches: Any) -> _Walking:
    """A context manager around a *walk*: a computation that stores values in
    ``caches`` (:class:`GameCache`\\ s) and reads them back by key, as a loop over
    :func:`bottom_up` or :func:`cgtkit.traverse.evaluate` with a ``GameCache`` as its
    memo.  No cache is trimmed while any walk, in any thread, is under way; when the
    last one ends, the caches they stored in are trimmed to their bounds.  Walks nest
    (an analysis that calls another inside its walk, which names its own caches): only
    the outermost end trims.  A memo that is not a ``GameCache`` (a call's own dict)
    may be named too: it is left alone.

    >>> memo = GameCache("example.walk", max_entries=1)
    >>> with walking(memo):
    ...     memo[1] = 1
    ...     with walking(memo):                # a nested walk: its end trims nothing
    ...         memo[2] = 2
    ...     memo[1] + memo[2]
    3
    >>> list(memo.values())
    [2]
    """
    if len(caches) == 1 and isinstance(caches[0], GameCache):
        return caches[0].walking
    return _Walking(tuple(c for c in caches if isinstance(c, GameCache)))


def set_cache_entries(n: int) -> int:
    """Keep at most ``n`` entries in each :class:`GameCache` that has no bound of its
    own (the analyses' memos: thermographs, atomic weights, products, ...), and
    return the previous bound (:data:`DEFAULT_CACHE_ENTRIES` at first).  A smaller
    bound costs recomputation, never a different answer; the caches are trimmed at
    once if no walk is under way, else when the last one ends.

    >>> previous = set_cache_entries(10)
    >>> GameCache("example.bounded").max_entries
    10
    >>> set_cache_entries(previous)
    10
    """
    global _cache_entries
    n = _checked_bound(n)
    with walking(*_GAME_CACHES), _walks_lock:  # the trim, when the last walk ends
        previous, _cache_entries = _cache_entries, n
        for cache in _GAME_CACHES:
            if not cache.own_bound:
                cache.max_entries = n
    return previous


def cache_entries() -> int:
    """The bound :func:`set_cache_entries` last set (of every :class:`GameCache`
    without its own).

    >>> cache_entries() == DEFAULT_CACHE_ENTRIES
    True
    """
    return _cache_entries


def cache_sizes() -> dict[str, int]:
    """The number of entries in each registered analysis cache, by name (the engine's
    own tables: ``cgtkit.short.engine.ENGINE.stats()``)."""
    return {name: size() for name, (_, size) in sorted(_CACHES.items())}


def clear_registered() -> None:
    """Empty every registered cache (``cgtkit.short.game.clear_caches`` also empties
    the engine's own memos)."""
    for clear, _ in _CACHES.values():
        clear()
