"""Misère play: misère Grundy values and Conway's genus, by search over sums.

In misère play the player who moves last *loses*.  The misère Grundy value of a
position is the mex of its options' values, except that a position with no move has
value 1; its outcome is P exactly when the value is 0.  Misère values do not add
like nim-sums, so a position with several components is searched as a whole: here a
position is a multiset of components (heaps), and its options replace one component
by that component's option's parts.

Conway's *genus* ``g^(γ0 γ1 γ2 ...)`` (On Numbers and Games ch. 12; Winning Ways
ch. 13) records ``g``, the normal-play Grundy value, and ``γk``, the misère Grundy
value of the position plus ``k`` nim-heaps of size 2.  Those are computed together:
the options of ``X + k*2`` are ``X' + k*2``, ``X + (k-1)*2`` and ``X + (k-1)*2 + *1``,
and adding ``*1`` flips the last bit of a misère Grundy value (an easy induction), so

    ``γk(X) = mex({γk(X') : X' an option of X} ∪ {γ(k-1)(X), γ(k-1)(X) xor 1})``

with ``γ0`` of a position with no move equal to 1.  The superscript ends by
alternating between two values; it is printed the usual way, up to the first place
after which it alternates (``0^120`` means ``0^12020202...``).

>>> g = misere_genus(lambda n: [(m,) for m in range(n)], [2])      # a nim-heap *2
>>> str(g), g.normal, g.misere
('2^20', 2, (2, 0))
>>> str(misere_genus(lambda n: [(m,) for m in range(n)], []))      # the empty game
'0^120'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Sequence

from ..nimbers import mex
from ..traverse import evaluate

__all__ = ["Genus", "misere_genus", "misere_grundy", "genus_of", "misere_grundy_of"]

ComponentOptions = Callable[[Any], Iterable[tuple]]


@dataclass(frozen=True)
class Genus:
    """Conway's genus: ``normal`` is g, ``misere`` the superscript γ0 γ1 ... up to
    where it starts alternating; ``settled`` is False if the computed depth did not
    show two alternations after it (ask for a larger ``depth``)."""

    normal: int
    misere: tuple[int, ...]
    settled: bool = True

    def __str__(self) -> str:
        sep = "," if any(v > 9 for v in self.misere) else ""
        sup = sep.join(str(v) for v in self.misere)
        return f"{self.normal}^{sup}" if not sep else f"{self.normal}^{{{sup}}}"

    @property
    def misere_value(self) -> int:
        """γ0, the misère Grundy value."""
        return self.misere[0]

    def gamma(self, k: int) -> int:
        """γk for any k >= 0 (past the printed part the last two values alternate)."""
        m = self.misere
        if k < len(m):
            return m[k]
        if len(m) == 1:
            return m[0]
        return m[-2] if (k - len(m)) % 2 == 0 else m[-1]


def compress_gammas(gammas: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """Cut γ0..γD at the first L >= 2 after which γi = γ(i-2) throughout."""
    d = len(gammas)
    length = d
    for i in range(d - 1, 1, -1):
        if gammas[i] != gammas[i - 2]:
            break
        length = i
    length = max(length, min(2, d))
    return tuple(gammas[:length]), length <= d - 2


class MultisetSearch:
    """The memoised search over multisets of components, γ vectors of one length."""

    def __init__(self, options: ComponentOptions, depth: int, sortable: bool) -> None:
        self.options = options
        self.depth = depth
        self.sortable = sortable
        self.memo: dict[Hashable, tuple[int, ...]] = {}
        self._component_options: dict[Hashable, list[tuple]] = {}

    def component_options(self, c: Hashable) -> list[tuple]:
        found = self._component_options.get(c)
        if found is None:
            found = [tuple(o) for o in self.options(c)]
            self._component_options[c] = found
        return found

    def key(self, components: Iterable[Hashable]) -> Hashable:
        """Canonical key of a multiset; components with no move are dropped (they are 0)."""
        live = [c for c in components if self.component_options(c)]
        if self.sortable:
            return tuple(sorted(live))
        return frozenset(Counter(live).items())

    def items(self, key: Hashable) -> list[Hashable]:
        if self.sortable:
            return list(key)
        return [c for c, count in key for _ in range(count)]

    def expand(self, key: Hashable) -> tuple[list[Hashable], list[Hashable]]:
        parts = self.items(key)
        children = []
        done = set()
        for i, c in enumerate(parts):
            if c in done:
                continue
            done.add(c)
            rest = parts[:i] + parts[i + 1 :]
            for option in self.component_options(c):
                children.append(self.key(rest + list(option)))
        return children, children

    def combine(self, key: Hashable, children: list[Hashable], memo: dict) -> tuple[int, ...]:
        gammas = []
        for k in range(self.depth):
            seen = {memo[ch][k] for ch in children}
            if k == 0:
                value = mex(seen) if children else 1
            else:
                prev = gammas[k - 1]
                seen.add(prev)
                seen.add(prev ^ 1)
                value = mex(seen)
            gammas.append(value)
        return tuple(gammas)

    def gammas(self, components: Iterable[Hashable]) -> tuple[int, ...]:
        return evaluate(self.key(components), self.memo, self.expand, self.combine)


def misere_genus(
    options: ComponentOptions,
    components: Iterable[Hashable],
    depth: int = 8,
    normal: int | None = None,
    sortable: bool = True,
) -> Genus:
    """The genus of the sum of ``components`` when ``options(c)`` lists, for one
    component ``c``, its options as tuples of components.

    ``normal`` is the normal-play value if known (else computed by the same search:
    the nim-sum of the components' Grundy values).  ``depth`` is how many γk to compute.
    """
    search = MultisetSearch(options, max(depth, 3), sortable)
    comps = list(components)
    gammas = search.gammas(comps)
    if normal is None:
        normal = _normal_value(search, comps)
    misere, settled = compress_gammas(gammas)
    return Genus(normal, misere, settled)


def misere_grundy(options: ComponentOptions, components: Iterable[Hashable], sortable: bool = True) -> int:
    """The misère Grundy value of a sum of components (0 means the player to move loses).

    >>> misere_grundy(lambda n: [(m,) for m in range(n)], [1]), misere_grundy(lambda n: [(m,) for m in range(n)], [1, 1])
    (0, 1)
    """
    return MultisetSearch(options, 1, sortable).gammas(list(components))[0]


def _normal_value(search: _MultisetSearch, comps: list) -> int:
    from ..impartial import ImpartialSolver

    return ImpartialSolver(search.component_options, tuple_is_sum=True).grundy_sum(comps)


def _solver_options(solver: Any) -> ComponentOptions:
    def options(position: Hashable) -> list[tuple]:
        return [components for _, components in solver.options(position)]

    return options


def genus_of(solver: Any, position: Any, depth: int = 8) -> Genus:
    """The genus of a position of any :class:`~cgtkit.ImpartialSolver` game (a list
    is a sum of positions), by search over multisets of its components.

    >>> from cgtkit import ImpartialSolver
    >>> s = ImpartialSolver(lambda n: [n - k for k in (1, 2) if k <= n])   # take 1 or 2
    >>> [str(genus_of(s, n)) for n in range(5)]
    ['0^120', '1^031', '2^20', '0^120', '1^031']
    """
    comps = list(position) if isinstance(position, list) else [position]
    options = _solver_options(solver)
    normal = solver.grundy_sum(comps)
    return misere_genus(options, comps, depth=depth, normal=normal, sortable=False)


def misere_grundy_of(solver: Any, position: Any) -> int:
    """The misère Grundy value of a position (or list, a sum) of an ImpartialSolver game.

    >>> from cgtkit import ImpartialSolver
    >>> s = ImpartialSolver(lambda n: range(n))          # nim
    >>> [misere_grundy_of(s, n) for n in range(4)], misere_grundy_of(s, [2, 2])
    ([1, 0, 2, 3], 0)
    """
    comps = list(position) if isinstance(position, list) else [position]
    return misere_grundy(_solver_options(solver), comps, sortable=False)


_compress, _MultisetSearch = compress_gammas, MultisetSearch  # the old private names
