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

from typing import Any, Hashable, TypeVar

__all__ = ["BoundedMemo"]

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
