"""The one solver of the Python rulesets: a game's components solved into the
transposition table the solver owns.

A ruleset describes a position as a sum of independent *components*, each named by a
hashable *key* in the game's normal form (the same key for positions equal under the
game's symmetries).  A :class:`ComponentSolver` is given ``expand(key)`` (the options
of a component, each a tuple of component keys: the option is their sum) and owns a
:class:`TranspositionTable` from keys to values.  Its evaluate loop, the only one the
Python rulesets have, solves unknown components on an explicit stack, each expanded
once, so a line of play of any length needs no recursion.

>>> def expand(n):               # a heap of n: take 1 or 2 (impartial; G(n) = n mod 3)
...     return [(n - k,) if n - k else () for k in (1, 2) if k <= n]
>>> s = ComponentSolver(expand, impartial=True)
>>> s.value(10**4), s.value_of([1, 2, 4])
(1, 2)
>>> s.table.stats()["entries"]
10000

The native search (:mod:`cgtkit.rulesets.native`) is the fast twin of this loop for
the rulesets it knows; every other ruleset, and a user's own game through
:class:`cgtkit.rulesets.interface.PositionSolver`, comes here.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, Optional

from ..nimbers import mex
from ..short.game import Game

__all__ = ["TranspositionTable", "ComponentSolver", "Expand"]

# expand(key) -> (left options, right options), or one collection for an impartial game;
# each option a tuple of component keys
Expand = Callable[[Hashable], object]

_ZERO = Game.of(0)


class TranspositionTable:
    """A dict from normalised component keys to values, emptied when it grows past
    ``max_entries`` (checked between top-level questions, so one question is never
    slowed down by re-solving what it has just solved).  ``hits`` and ``misses`` count
    the components asked of the solver that were known and that had to be solved;
    ``clears`` the times the bound emptied the table.

    >>> t = TranspositionTable(max_entries=2)
    >>> t.data.update(a=1, b=2, c=3); t.bound(); len(t), t.clears
    (0, 1)
    """

    __slots__ = ("data", "sums", "max_entries", "clears", "hits", "misses")

    def __init__(self, max_entries: int = 2_000_000) -> None:
        self.data: dict = {}
        self.sums: dict = {}  # an option of 2+ components (their keys) -> its value, the sum
        self.max_entries = max_entries
        self.clears = 0
        self.hits = 0
        self.misses = 0

    def bound(self) -> None:
        """Empty the table if it holds more than ``max_entries`` values."""
        if len(self.data) + len(self.sums) > self.max_entries:
            self.clear()
            self.clears += 1

    def clear(self) -> None:
        """Forget every value (the counters stay)."""
        self.data.clear()
        self.sums.clear()

    def stats(self) -> dict:
        """Entries, bound and counters, for reports and tests."""
        return {
            "entries": len(self.data),
            "sums": len(self.sums),
            "max_entries": self.max_entries,
            "hits": self.hits,
            "misses": self.misses,
            "clears": self.clears,
        }

    def __len__(self) -> int:
        return len(self.data)


class ComponentSolver:
    """Values of the components of one game, kept in the table it owns.

    ``expand(key)`` returns ``(left, right)``, collections of options (each a tuple of
    component keys), or for an impartial game (``impartial=True``) one collection, and
    then values are nim values (ints, summed by xor).  ``mirror(key)``, if given, is the
    key of the component with the players' roles swapped (its value is the negative): a
    component whose mirror is solved is not expanded.  ``quick(key)``, if given, returns
    a value known without search, or None.
    """

    __slots__ = ("expand", "impartial", "mirror", "quick", "table")

    def __init__(
        self,
        expand: Expand,
        *,
        impartial: bool = False,
        mirror: Optional[Callable[[Hashable], Hashable]] = None,
        quick: Optional[Callable[[Hashable], object]] = None,
        table: Optional[TranspositionTable] = None,
        max_entries: int = 2_000_000,
    ) -> None:
        self.expand = expand
        self.impartial = impartial
        self.mirror = mirror
        self.quick = quick
        self.table = table if table is not None else TranspositionTable(max_entries)

    def clear(self) -> None:
        """Forget every solved component."""
        self.table.clear()

    def value_of(self, keys: Iterable[Hashable]):
        """The value of a sum of components: a Game, or the xor of the nim values for an
        impartial game.  The table's bound is applied first."""
        self.table.bound()
        if self.impartial:
            x = 0
            for k in keys:
                x ^= self.value(k)
            return x
        total = _ZERO
        for k in keys:
            total = total + self.value(k)
        return total

    def value(self, key: Hashable):
        """The value of component ``key`` (solved on an explicit stack if unknown)."""
        table = self.table
        data = table.data
        v = data.get(key)
        if v is not None:
            table.hits += 1
            return v
        table.misses += 1
        expand, mirror, quick, impartial = self.expand, self.mirror, self.quick, self.impartial
        sums = table.sums
        stack = [key]
        pending: dict = {}
        while stack:
            k = stack[-1]
            if k in data:
                stack.pop()
                continue
            exp = pending.get(k)
            if exp is None:
                v = quick(k) if quick is not None else None
                if v is None and mirror is not None:
                    m = data.get(mirror(k))
                    if m is not None:
                        v = -m
                if v is not None:
                    data[k] = v
                    stack.pop()
                    continue
                exp = pending[k] = expand(k)
                parts = exp if impartial else (*exp[0], *exp[1])  # type: ignore[misc]
                missing = [c for opt in parts for c in opt if c not in data]
                if missing:
                    stack.extend(missing)
                    continue
            if impartial:
                seen = set()
                for opt in exp:
                    x = 0
                    for c in opt:
                        x ^= data[c]
                    seen.add(x)
                data[k] = mex(seen)
            else:
                left = [data[o[0]] if len(o) == 1 else _cached_sum(sums, data, o) for o in exp[0]]
                right = [data[o[0]] if len(o) == 1 else _cached_sum(sums, data, o) for o in exp[1]]
                data[k] = Game.from_options(left, right)
            del pending[k]
            stack.pop()
        return data[key]


def _cached_sum(sums: dict, data: dict, keys: tuple) -> Game:
    """The sum of the components' values, remembered by the keys (the same
    multi-component option turns up under many different positions; values in ``data``
    never change until the table is cleared, and ``sums`` is cleared with it)."""
    g = sums.get(keys)
    if g is None:
        if not keys:
            return _ZERO
        g = data[keys[0]]
        for c in keys[1:]:
            g = g + data[c]
        sums[keys] = g
    return g
