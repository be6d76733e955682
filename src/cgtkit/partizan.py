"""Partizan games: the canonical value of every position of a user-defined game.

``moves(position)`` returns ``(left_options, right_options)``; each option is written
as for the impartial solver (a position, a tuple of positions = a sum, ``Sum``, or
``Move(label, option)``).  :class:`PartizanSolver` computes the canonical form of
each position with the iterative, loop-checking search of :mod:`cgtkit.traverse`.

A solver that knows only numbers (the value of ``{a | b}`` as the simplest number
between) fails on hot and infinitesimal games; :meth:`PartizanSolver.number` asks that
question and answers it honestly, raising :class:`NotANumberError` when the value is
a hot or infinitesimal game.  The game where Left moves n -> n-2 and Right n -> n-1
(only to positive n) is the example:

>>> def moves(n):
...     return ([n - 2] if n - 2 > 0 else []), ([n - 1] if n - 1 > 0 else [])
>>> p = PartizanSolver(moves)
>>> [str(p.value(n)) for n in range(1, 7)]
['0', '-1', '{0|-1}', '0', '-1', '{0|-1}']
>>> p.number(2)
Dyadic('-1')

That game is a *partizan subtraction game* (position n is a heap of n - 1 from which
Left removes 2 tokens and Right 1), and
:class:`cgtkit.heap.PartizanSubtractionGame` values those bottom up and proves their
period, so any heap is quick.

When a line of play repeats, the game is loopy: :meth:`PartizanSolver.value` then
hands over to :mod:`cgtkit.loopy` and returns a loopy value (a canonical
:class:`~cgtkit.loopy.Stopper`, a :class:`~cgtkit.loopy.SidedValue` ``onside &
offside``, or a :class:`~cgtkit.loopy.LoopyValue` that claims no canonical form).  Only
:meth:`PartizanSolver.short_value` insists on a short game.  Left may here step
``n -> n+1`` below 3 and Right ``n -> n-1`` above 0 (the seesaw of docs/loopy.md):

>>> seesaw = PartizanSolver(lambda n: ([n + 1] if n < 3 else [], [n - 1] if n > 0 else []))
>>> seesaw.value(0), seesaw.outcome(0)
(3 & 0, 'D/L')
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

from .errors import LoopyGameError, MoveFunctionError, NotANumberError
from .numbers import Dyadic
from .options import check_hashable, normalize_option
from .outcome import Outcome
from .traverse import evaluate
from .short.game import Game

__all__ = ["PartizanSolver"]

PartizanMoves = Callable[[Any], "tuple[Iterable[Any], Iterable[Any]]"]


class PartizanSolver:
    """Canonical values of the positions of one partizan game (Left is positive)."""

    def __init__(self, moves: PartizanMoves, *, tuple_is_sum: bool = True, max_positions: int | None = None) -> None:
        if not callable(moves):
            raise TypeError("PartizanSolver(moves) needs a function: moves(position) -> (left_options, right_options)")
        self._moves = moves
        self._tuple_is_sum = tuple_is_sum
        self._memo: dict[Hashable, Game] = {}
        self._loopy_memo: dict[Hashable, Any] = {}  # positions whose value is loopy
        # bounds the line of play the short search follows and the graph explored for a loopy
        # value (a move function that never repeats but never ends stops with a ResourceLimitError)
        self._max_positions = max_positions

    def _side(self, position: Hashable, options: Any, side: str) -> list[tuple]:
        try:
            items = list(options)
        except TypeError:
            raise MoveFunctionError(
                f"the move function's {side} options for position {position!r} are {options!r}, "
                "not an iterable of options",
                position=position,
            ) from None
        out = []
        for o in items:
            kind = type(o)
            if kind is int or kind is str:
                out.append((o,))
            else:
                out.append(normalize_option(o, position, self._tuple_is_sum)[1])
        return out

    def _expand(self, position: Hashable) -> tuple[tuple[list, list], list]:
        result = self._moves(position)
        if not (isinstance(result, tuple) and len(result) == 2):
            raise MoveFunctionError(
                f"the move function returned {result!r} for position {position!r}; "
                "expected a pair (left_options, right_options)",
                position=position,
            )
        left = self._side(position, result[0], "Left")
        right = self._side(position, result[1], "Right")
        children = [c for comps in left for c in comps] + [c for comps in right for c in comps]
        return (left, right), children

    @staticmethod
    def _sum(components: tuple, memo: dict) -> Game:
        if len(components) == 1:
            return memo[components[0]]
        total = Game.of(0)
        for c in components:
            total = total + memo[c]
        return total

    @classmethod
    def _combine(cls, position: Hashable, sides: tuple[list, list], memo: dict) -> Game:
        left, right = sides
        return Game.from_options(
            [cls._sum(comps, memo) for comps in left],
            [cls._sum(comps, memo) for comps in right],
        )

    def value(self, position: Hashable) -> Any:
        """The canonical form of ``position``'s value: a short :class:`Game`, or, when
        play from it can repeat, its loopy value (see the module text)."""
        if self._loopy_memo:
            check_hashable(position)
            found = self._loopy_memo.get(position)
            if found is not None:
                return found
        try:
            return evaluate(position, self._memo, self._expand, self._combine, max_depth=self._max_positions)
        except LoopyGameError:
            return self._loopy_value(position)

    def short_value(self, position: Hashable) -> Game:
        """The value as a short game; :class:`LoopyGameError` (with the cycle) when
        play from ``position`` can repeat."""
        check_hashable(position)
        if position in self._loopy_memo:
            evaluate(position, {}, self._expand, self._combine)  # raises, naming the cycle
        return evaluate(position, self._memo, self._expand, self._combine, max_depth=self._max_positions)

    def _loopy_graph(self, position: Hashable) -> Any:
        """The game graph of ``position``: the graph of its sums of components (a
        position of the graph is a tuple of components), explored breadth first."""
        from .loopy.positions import from_moves  # a lazy import: loading loopy costs time

        def moves(state: tuple) -> tuple[list, list]:
            left: list = []
            right: list = []
            for i, c in enumerate(state):
                (lo, ro), _ = self._expand(c)
                for rows, out in ((lo, left), (ro, right)):
                    for comps in rows:
                        out.append(state[:i] + tuple(comps) + state[i + 1 :])
            return left, right

        return from_moves(moves, (position,), max_positions=self._max_positions)

    def _loopy_value(self, position: Hashable) -> Any:
        """The loopy value of ``position`` (see :meth:`_loopy_graph`)."""
        value = self._loopy_graph(position).value()
        self._loopy_memo[position] = value
        return value

    def value_of_sum(self, positions: Iterable[Hashable]) -> Any:
        """The canonical value of a sum of positions (loopy if a part is loopy)."""
        total: Any = Game.of(0)
        for p in positions:
            total = total + self.value(p)
        return total

    def number(self, position: Hashable) -> Dyadic:
        """The value as a number; :class:`NotANumberError` if it is not one."""
        g = self.value(position)
        if not isinstance(g, Game):
            if getattr(g, "is_stopper", False) and g.is_number:
                return g.number
            raise NotANumberError(f"position {position!r} has the loopy value {g}, which is not a number; use value()")
        if not g.is_number:
            raise NotANumberError(
                f"position {position!r} has value {g}, which is not a number "
                "(it is hot or infinitesimal), so it has no single numeric value; use value()"
            )
        return g.number

    def outcome(self, position: Hashable) -> "Outcome | str":
        """Who wins: an :class:`~cgtkit.outcome.Outcome`, ``L``, ``R``, ``P`` (second
        player) or ``N`` (first player), or ``D`` (a draw) for a loopy game; a loopy
        game whose result depends on who starts gives ``"X/Y"`` (X when Left starts, Y
        when Right starts: ``"D/L"``).  A loopy position's outcome comes from
        retrograde analysis of its game graph (draws included), which needs no value:
        it is answered even when the value's sides are not found."""
        check_hashable(position)
        found = self._loopy_memo.get(position)
        if found is not None:
            result = found.outcome()
        else:
            try:
                return evaluate(
                    position, self._memo, self._expand, self._combine, max_depth=self._max_positions
                ).outcome
            except LoopyGameError:
                result = self._loopy_graph(position).outcome()
        return Outcome(result) if result in Outcome.__members__ else result

    def cache_size(self) -> int:
        """How many positions have a memoised value."""
        return len(self._memo)
