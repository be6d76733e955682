"""Loopy impartial games: Smith's generalised Sprague-Grundy values.

In a loopy impartial game play may go on for ever, which is a draw.  Smith (1966) gave
every position a value: a nimber ``n``, exactly as in a short game, or ``∞_K`` where
``K`` is the set of finite values among its options (Winning Ways ch. 12; Siegel,
*Combinatorial Game Theory*, ch. IV.4; Fraenkel and Yesha, "The generalized
Sprague-Grundy function and its invariance under certain mappings", 1986).

* A position of value 0 is a P-position (the previous player wins), ``n > 0`` an
  N-position, ``∞_K`` an N-position when ``0`` is in ``K`` and a draw otherwise.
* Sums: ``n + m = n xor m``, ``n + ∞_K = ∞_{K xor n}`` and ``∞_K + ∞_L = ∞_{}``: the
  ``^`` operator of :class:`InfiniteNimber` does this.

:func:`generalized_grundy` labels a whole graph in stages ``m = 0, 1, 2, ...``: a vertex
gets ``m`` when none of its options has ``m`` and each of its options that is not yet
labelled (or is labelled ``∞``) has an option labelled ``m``; at the end of the stage
every unlabelled vertex with no option labelled ``m`` gets ``∞``.  Everything is
iterative (no recursion on the size of the graph).

>>> values = generalized_grundy([[1], [0], [0, 3], []])   # 0 <-> 1, 2 -> {0, 3}, 3 end
>>> values
[∞{}, ∞{}, ∞{0}, 0]
>>> [outcome_of(v) for v in values]
['D', 'D', 'N', 'P']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Sequence, Union

from ..errors import MoveFunctionError, NoWinningMoveError
from ..options import WinningMove, check_hashable, listed_options, normalize_option
from .errors import GraphTooLargeError

__all__ = [
    "InfiniteNimber",
    "LoopyNimber",
    "generalized_grundy",
    "outcome_of",
    "nim_add",
    "LoopyImpartialSolver",
    "DrawingMove",
]


class InfiniteNimber:
    """The value ``∞_K`` of a loopy impartial position: no finite value, and ``K`` the
    finite values among its options.  ``str`` and ``repr`` give ``∞{0,2}``; ``ascii``
    gives ``inf{0,2}``.  ``^`` is the sum of values (with ints and other infinities).

    >>> x = InfiniteNimber({0, 2})
    >>> x, x.ascii, x ^ 3, 3 ^ x, x ^ x
    (∞{0,2}, 'inf{0,2}', ∞{1,3}, ∞{1,3}, ∞{})
    >>> x.outcome, InfiniteNimber({1}).outcome
    ('N', 'D')
    """

    __slots__ = ("K",)

    def __init__(self, K: Iterable[int] = ()) -> None:
        k = frozenset(K)
        for n in k:
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"InfiniteNimber: K holds nim values (ints >= 0), not {n!r}")
        self.K = k

    def __xor__(self, other: object) -> "InfiniteNimber":
        if isinstance(other, InfiniteNimber):
            return InfiniteNimber()
        if isinstance(other, int) and not isinstance(other, bool):
            return InfiniteNimber(k ^ other for k in self.K)
        return NotImplemented

    __rxor__ = __xor__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InfiniteNimber) and other.K == self.K

    def __hash__(self) -> int:
        return hash(("InfiniteNimber", self.K))

    def _text(self, symbol: str) -> str:
        return symbol + "{" + ",".join(str(k) for k in sorted(self.K)) + "}"

    def __str__(self) -> str:
        return self._text("∞")

    __repr__ = __str__

    @property
    def ascii(self) -> str:
        """The value written with ``inf`` instead of ``∞``."""
        return self._text("inf")

    @property
    def outcome(self) -> str:
        """``"N"`` when a move to a 0-position exists (``0`` in ``K``), else ``"D"``."""
        return "N" if 0 in self.K else "D"


LoopyNimber = Union[int, InfiniteNimber]


def nim_add(values: Iterable[LoopyNimber]) -> LoopyNimber:
    """The value of a sum of positions with the given values.

    >>> nim_add([3, 5]), nim_add([3, InfiniteNimber({1})]), nim_add([InfiniteNimber(), 0])
    (6, ∞{2}, ∞{})
    """
    total: LoopyNimber = 0
    for v in values:
        total = total ^ v
    return total


def outcome_of(value: LoopyNimber) -> str:
    """``"P"``, ``"N"`` or ``"D"`` (a draw) for a position of this value.

    >>> outcome_of(0), outcome_of(2), outcome_of(InfiniteNimber({0})), outcome_of(InfiniteNimber())
    ('P', 'N', 'N', 'D')
    """
    if isinstance(value, InfiniteNimber):
        return value.outcome
    return "N" if value else "P"


_INF = -1


def _label(succ: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """Staged labelling: ``(label, order)`` with ``label[v]`` the finite value or -1 for
    infinity, and ``order[v]`` the step at which ``v`` was labelled."""
    n = len(succ)
    pred: list[list[int]] = [[] for _ in range(n)]
    for u, ws in enumerate(succ):
        for w in ws:
            pred[w].append(u)
    label: list = [None] * n
    order = [0] * n
    step = 0
    todo = list(range(n))
    m = 0
    while todo:
        blocked = bytearray(n)  # has an option labelled m (in this stage)
        count = {}
        queue = []
        for u in todo:
            c = 0
            for w in succ[u]:
                lw = label[w]
                if lw is None or lw == _INF:
                    c += 1
            count[u] = c
            if c == 0:
                queue.append(u)
        while queue:
            u = queue.pop()
            if label[u] is not None or blocked[u] or count[u]:
                continue
            label[u] = m
            order[u] = step
            step += 1
            for p in pred[u]:
                if blocked[p]:
                    continue
                blocked[p] = 1
                lp = label[p]
                if lp is None or lp == _INF:  # p is now answered: it has an option labelled m
                    for q in pred[p]:
                        if label[q] is None:
                            count[q] -= 1
                            if count[q] == 0 and not blocked[q]:
                                queue.append(q)
        rest = []
        for u in todo:
            if label[u] is None:
                if blocked[u]:
                    rest.append(u)
                else:
                    label[u] = _INF
                    order[u] = step
                    step += 1
        todo = rest
        m += 1
    return label, order


def generalized_grundy(succ: Sequence[Sequence[int]]) -> list[LoopyNimber]:
    """Smith's generalised Sprague-Grundy value of every vertex of a finite graph given
    by its successor lists (vertices ``0 .. n-1``; cycles and self-loops allowed).

    >>> generalized_grundy([[0]]), generalized_grundy([[1], [2], []])
    ([∞{}], [0, 1, 0])
    """
    return _values(succ, _label(succ)[0])


def _values(succ: Sequence[Sequence[int]], label: list[int]) -> list[LoopyNimber]:
    out: list[LoopyNimber] = []
    for u, lu in enumerate(label):
        if lu == _INF:
            out.append(InfiniteNimber(label[w] for w in succ[u] if label[w] != _INF))
        else:
            out.append(lu)
    return out


# --- solving a move function --------------------------------------------------------------
class _Sum:
    """A graph vertex for a sum of two or more positions (or none): a multiset."""

    __slots__ = ("parts", "_hash")

    def __init__(self, components: Iterable[Hashable]) -> None:
        self.parts = frozenset(Counter(components).items())
        self._hash = hash(("_Sum", self.parts))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Sum) and other.parts == self.parts

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return "Sum(" + ", ".join(repr(c) for c, k in self.parts for _ in range(k)) + ")"

    def components(self) -> list:
        return [c for c, k in self.parts for _ in range(k)]


def _key(components: Sequence[Hashable]) -> Hashable:
    return components[0] if len(components) == 1 else _Sum(components)


@dataclass(frozen=True)
class DrawingMove:
    """A move from a drawn position to a drawn position (so the mover does not lose).
    Fields as for :class:`cgtkit.impartial.WinningMove`."""

    component: int | None
    label: Any
    option: Any
    result: Any


class LoopyImpartialSolver:
    """Generalised Sprague-Grundy values of the positions of an impartial game whose
    positions may repeat.  ``moves(position)`` gives the options as for
    :class:`~cgtkit.impartial.ImpartialSolver` (which hands over to this class when a
    line of play repeats).  The reachable positions are explored breadth first; more
    than ``max_positions`` of them (default
    :data:`cgtkit.loopy.graph.DEFAULT_MAX_POSITIONS`) stops with
    :class:`~cgtkit.loopy.errors.GraphTooLargeError`.

    >>> def creep(n):            # from n go to n-1; from 1 also back up to 2
    ...     return [n - 1] + ([2] if n == 1 else []) if n > 0 else []
    >>> s = LoopyImpartialSolver(creep)
    >>> [s.grundy(n) for n in range(4)], s.outcome(2)   # a cycle, but no draw
    ([0, 1, 0, 1], 'P')
    >>> def swing(n):            # from n go to n-1; 2 and 3 also swing to each other
    ...     return {0: [], 1: [0], 2: [1, 3], 3: [2], 4: [3, 0]}[n]
    >>> s = LoopyImpartialSolver(swing)
    >>> [s.grundy(n) for n in range(5)], [s.outcome(n) for n in range(5)]
    ([0, 1, ∞{1}, ∞{}, ∞{0}], ['P', 'N', 'D', 'D', 'N'])
    >>> s.winning_move(4).option, s.drawing_move(2).option, s.outcome([1, 4])
    (0, 3, 'D')
    """

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]] | None = None,
        *,
        tuple_is_sum: bool = True,
        max_positions: int | None = None,
        options: Callable[[Any], list] | None = None,
    ) -> None:
        if options is None:
            if not callable(moves):
                raise TypeError("LoopyImpartialSolver(moves) needs a function: moves(position) -> options")
            options = self._make_options(moves, tuple_is_sum)
        self._opts = options
        self._max = max_positions
        self._values: dict = {}
        self._order: dict = {}

    @staticmethod
    def _make_options(moves: Callable, tuple_is_sum: bool) -> Callable[[Any], list]:
        def options(position: Any) -> list:
            items = listed_options(moves(position), position)
            return [normalize_option(o, position, tuple_is_sum) for o in items]

        return options

    def _vertex_options(self, key: Hashable) -> list[tuple[Any, tuple, Hashable]]:
        """``(label, components, key)`` for every option of a graph vertex."""
        if isinstance(key, _Sum):
            parts = key.components()
            out = []
            seen = set()
            for i, c in enumerate(parts):
                if c in seen:
                    continue
                seen.add(c)
                rest = parts[:i] + parts[i + 1 :]
                for label, comps in self._opts(c):
                    out.append((label, comps, _key(rest + list(comps))))
            return out
        try:
            opts = self._opts(key)
        except MoveFunctionError:
            raise
        except Exception as exc:
            raise MoveFunctionError(
                f"the move function failed on position {key!r}: {type(exc).__name__}: {exc}", position=key
            ) from exc
        return [(label, comps, _key(comps)) for label, comps in opts]

    def _solve(self, root: Hashable) -> None:
        from .graph import DEFAULT_MAX_POSITIONS

        bound = DEFAULT_MAX_POSITIONS if self._max is None else self._max
        index = {root: 0}
        keys = [root]
        succ: list[list[int]] = []
        i = 0
        while i < len(keys):
            row = []
            for _, _, k in self._vertex_options(keys[i]):
                j = index.get(k)
                if j is None:
                    if len(keys) >= bound:
                        raise GraphTooLargeError(bound, k)
                    j = index[k] = len(keys)
                    keys.append(k)
                row.append(j)
            succ.append(row)
            i += 1
        label, order = _label(succ)
        values = _values(succ, label)
        for k, v, o in zip(keys, values, order):
            self._values[k] = v
            self._order[k] = o

    def _value_of_key(self, key: Hashable) -> LoopyNimber:
        v = self._values.get(key)
        if v is None:
            self._solve(key)
            v = self._values[key]
        return v

    def known(self, position: Hashable) -> LoopyNimber | None:
        """The value of ``position`` if it has been computed, else None."""
        return self._values.get(position)

    def grundy(self, position: Hashable) -> LoopyNimber:
        """The generalised Sprague-Grundy value: an ``int`` or an :class:`InfiniteNimber`."""
        check_hashable(position)
        return self._value_of_key(position)

    def grundy_sum(self, positions: Iterable[Hashable]) -> LoopyNimber:
        """The value of a sum of positions (Smith's rule, see :func:`nim_add`)."""
        return nim_add(self.grundy(p) for p in positions)

    def _value(self, position_or_list: Any) -> LoopyNimber:
        if isinstance(position_or_list, list):
            return self.grundy_sum(position_or_list)
        return self.grundy(position_or_list)

    def outcome(self, position_or_list: Any) -> str:
        """``"P"``, ``"N"`` or ``"D"`` (neither player can force a win); a list is a sum."""
        return outcome_of(self._value(position_or_list))

    def _moves_to(self, position_or_list: Any, wanted: Callable[[LoopyNimber], bool], cls: type) -> list:
        """Every move to a position whose value satisfies ``wanted``; moves within one
        position come in the order of the labelling (the earliest labelled first), which
        makes repeated winning moves end the game."""
        if isinstance(position_or_list, list):
            parts = list(position_or_list)
            found = []
            for i, part in enumerate(parts):
                others = nim_add(self.grundy(q) for j, q in enumerate(parts) if j != i)
                self.grundy(part)
                scored = []
                for label, comps in self._opts(part):
                    v = others ^ nim_add(self.grundy(c) for c in comps)
                    if wanted(v):
                        result = parts[:i] + list(comps) + parts[i + 1 :]
                        option = comps[0] if len(comps) == 1 else comps
                        scored.append(
                            (self._order.get(_key(comps), 0), len(found) + len(scored), cls(i, label, option, result))
                        )
                found.extend(m for _, _, m in sorted(scored, key=lambda t: t[:2]))
            return found
        key = position_or_list
        self._value_of_key(key)
        scored = []
        for n, (label, comps, k) in enumerate(self._vertex_options(key)):
            if wanted(self._value_of_key(k)):
                option = comps[0] if len(comps) == 1 else comps
                scored.append((self._order.get(k, 0), n, cls(None, label, option, option)))
        return [m for _, _, m in sorted(scored, key=lambda t: t[:2])]

    def winning_moves(self, position_or_list: Any) -> list:
        """Every move to a P-position (value 0), the most direct first; empty when there
        is none.  Always playing the first one wins."""
        return self._moves_to(position_or_list, lambda v: v == 0, WinningMove)

    def winning_move(self, position_or_list: Any):
        """One winning move; :class:`~cgtkit.errors.NoWinningMoveError` when there is none."""
        found = self.winning_moves(position_or_list)
        if not found:
            v = self._value(position_or_list)
            raise NoWinningMoveError(
                f"{position_or_list!r} has value {v} ({ {'P': 'a P-position', 'D': 'a draw'}.get(outcome_of(v), '?') }): "
                "there is no winning move"
            )
        return found[0]

    def drawing_moves(self, position_or_list: Any) -> list[DrawingMove]:
        """From a drawn position, every move to a drawn position (empty otherwise)."""
        if self.outcome(position_or_list) != "D":
            return []
        return self._moves_to(position_or_list, lambda v: outcome_of(v) == "D", DrawingMove)

    def drawing_move(self, position_or_list: Any) -> DrawingMove:
        """One drawing move from a drawn position; :class:`~cgtkit.errors.NoWinningMoveError`
        (no such move) from a P- or N-position, where one should win or cannot draw."""
        found = self.drawing_moves(position_or_list)
        if not found:
            raise NoWinningMoveError(
                f"{position_or_list!r} is a {self.outcome(position_or_list)}-position, not a draw: no drawing move"
            )
        return found[0]

    def cache_size(self) -> int:
        """How many positions have a computed value."""
        return len(self._values)
