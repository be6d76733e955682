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

from ..errors import NotationError
from ..nimbers import mex
from ..traverse import evaluate

__all__ = ["Genus", "misere_genus", "misere_grundy", "genus_of", "misere_grundy_of", "parse_genus"]

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
        """Winning Ways' notation, every γk written (``0^120``); with a value of 10
        or more the superscript is ``(γ0,γ1,...)``, as CGSuite writes it."""
        if any(v > 9 for v in self.misere):
            return f"{self.normal}^(" + ",".join(map(str, self.misere)) + ")"
        return f"{self.normal}^" + "".join(map(str, self.misere))

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


# --- reading a genus ------------------------------------------------------------------------


def _tail(normal: int, first: int, k: int, tame: bool) -> int:
    """γk (k >= 1) of a genus whose superscript CGSuite abbreviates to at most one
    value ``first`` (its γ0): from γ1 on the sequence alternates between b and b xor 2,
    where b is g for a tame genus and γ0 (if below 4, else g) for a restive one."""
    base = normal if tame or first >= 4 else first
    return base ^ (2 if k % 2 else 0)


def parse_genus(text: str) -> Genus:
    """Read a genus as CGSuite or Winning Ways writes it.

    ``g^γ0γ1...`` (or ``g^(γ0,γ1,...)`` when a value has two digits) lists the γk up
    to where the last two alternate.  CGSuite shortens a nim-heap's genus to ``g`` and
    a tame or restive game's to ``g^γ0``: there γ0 of a nim-heap is 1 - g for g < 2 (else
    g), and from γ1 on the values alternate between b and b xor 2, b being g (tame:
    γ0 = g, or g and γ0 both 0 or 1) or γ0 when it is below 4 (restive).

    >>> [str(parse_genus(t)) for t in ("0", "2", "4", "0^120", "0^0", "4^146")]
    ['0^120', '2^20', '4^46', '0^120', '0^02', '4^146']
    >>> parse_genus("2^(10,11)").gamma(5)
    11
    """
    if not isinstance(text, str):
        raise NotationError(f"a genus is written like 0^120 or 2^(10,11), not {type(text).__name__}")
    s = text.strip()
    head, caret, sup = s.partition("^")
    if not head.isdigit() or not head.isascii():
        bad = next((i for i, ch in enumerate(s) if not (ch.isascii() and ch.isdigit())), len(s))
        raise NotationError(f"genus {text!r}: expected the normal value (digits) at column {bad + 1}")
    normal = int(head)
    start = len(head) + 1  # column of the first character after '^'
    if not caret:
        values: list[int] = []
    elif sup[:1] == "(":
        if sup[-1:] != ")":
            raise NotationError(f"genus {text!r}: the '(' at column {start + 1} is not closed by ')'")
        parts = sup[1:-1].split(",")
        values = []
        col = start + 1
        for part in parts:
            if not (part.isascii() and part.isdigit()):
                raise NotationError(f"genus {text!r}: expected a value (digits) at column {col + 1}")
            values.append(int(part))
            col += len(part) + 1
    else:
        for i, ch in enumerate(sup):
            if not (ch.isascii() and ch.isdigit()):
                raise NotationError(
                    f"genus {text!r}: illegal character {ch!r} at column {start + i + 1} "
                    "(the superscript is digits, or values in parentheses separated by commas)"
                )
        values = [int(ch) for ch in sup]
        if not values:
            raise NotationError(f"genus {text!r}: nothing after '^' at column {start}")
    if len(values) >= 2:
        gammas = values + [values[-2 + (i % 2)] for i in range(4)]
    else:
        first = values[0] if values else (1 - normal if normal < 2 else normal)
        tame = first == normal or (first | normal) < 2
        gammas = [first] + [_tail(normal, first, k, tame) for k in range(1, 5)]
    misere, _ = compress_gammas(gammas)
    return Genus(normal, misere)
