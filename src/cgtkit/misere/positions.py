"""The misère canonical form of a position: a heap of a heap game, a ruleset position,
or a position of a user's move function.

Positions are played as themselves: the canonical form of a position is built from the
canonical forms of its options (a split into several components is their misère sum),
never from a normal-play value.  The search runs on an explicit stack
(:func:`cgtkit.traverse.evaluate`), memoised per position, and reports a move function
that loops or fails as :class:`~cgtkit.errors.LoopyGameError` or
:class:`~cgtkit.errors.MoveFunctionError`.

>>> from cgtkit.heap import OctalGame
>>> canonical_form(OctalGame("0.77"), 5)                 # Kayles, a row of 5 pins
game('*[2[2]321]')
>>> from cgtkit.rulesets import Kayles
>>> canonical_form(Kayles("xxx.x"))
game('*[2]')
>>> canonical_form(3, moves=lambda n: range(n))          # a nim-heap of 3
game('*[3]')
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, MutableMapping

from ..errors import MoveFunctionError
from ..memo import BoundedMemo, register_cache
from . import canonical as _C
from .game import MisereGame

__all__ = ["canonical_form", "heap_forms"]

_HEAP_FORMS: BoundedMemo[Any, list[int]] = BoundedMemo(64)  # heap game -> canonical forms of heaps 0, 1, 2, ...
register_cache("misere.heap_forms", _HEAP_FORMS.clear, _HEAP_FORMS.__len__)


def heap_forms(heap_game: Any, n: int) -> list[MisereGame]:
    """The canonical forms of heaps ``0 .. n`` of a heap game (one growing table per
    game, filled bottom-up: heap ``h`` needs only smaller heaps).

    >>> from cgtkit.heap import OctalGame
    >>> [str(g) for g in heap_forms(OctalGame("0.07"), 6)]
    ['*[0]', '*[0]', '*[1]', '*[1]', '*[2]', '*[0]', '*[3]']
    """
    table = _heap_table(heap_game, n)
    return [MisereGame.from_id(g) for g in table[: n + 1]]


def _game_key(heap_game: Any) -> Hashable:
    """One table per game: games built alike share it (see
    :attr:`cgtkit.heap.HeapGame.rules_key`)."""
    from ..heap.games import HeapGame

    return heap_game.rules_key if isinstance(heap_game, HeapGame) else heap_game


def _heap_table(heap_game: Any, n: int) -> list[int]:
    key = _game_key(heap_game)
    table = _HEAP_FORMS.get(key)
    if table is None:
        table = _HEAP_FORMS[key] = []
    for h in range(len(table), n + 1):
        table.append(_C.from_options(_C.add_many(table[p] for p in option) for option in heap_game.moves(h)))
    return table


def canonical_form(
    position: Any,
    heap: int | None = None,
    *,
    moves: Callable[[Any], Iterable[Any]] | None = None,
    tuple_is_sum: bool = True,
) -> MisereGame:
    """The misère canonical form of an impartial position.

    * ``canonical_form(heap_game, n)``: heap ``n`` of a :class:`~cgtkit.heap.HeapGame`
      (``OctalGame("0.07")``, ``SubtractionGame([1, 3])``, ``GrundysGame()``, ...);
    * ``canonical_form(position)``: a ruleset position with a ``moves()`` method (Kayles,
      Dawson's Kayles, Cram, ...), or a :class:`MisereGame` (returned as is);
    * ``canonical_form(position, moves=f)``: ``f(position)`` lists the options, as for
      :class:`~cgtkit.ImpartialSolver` (a tuple of positions is a sum, ``Move`` and
      ``Sum`` work too; ``tuple_is_sum=False`` when positions are tuples).
    """
    if heap is not None:
        if not hasattr(position, "moves") or not callable(getattr(position, "moves")):
            raise TypeError(f"canonical_form(game, heap) needs a heap game, not {type(position).__name__}")
        if isinstance(heap, bool) or not isinstance(heap, int) or heap < 0:
            raise TypeError(f"a heap size is an int >= 0, not {heap!r}")
        return MisereGame.from_id(_heap_table(position, heap)[heap])
    if isinstance(position, MisereGame) and moves is None:
        return position
    if moves is None:
        method = getattr(position, "moves", None)
        if not callable(method):
            raise TypeError(
                f"canonical_form needs a position with a moves() method, a heap game and a heap, "
                f"or moves=f; got {type(position).__name__} {position!r}"
            )
        if getattr(position, "IMPARTIAL", True) is False:
            raise MoveFunctionError(f"{position!r} is a partizan position: misère canonical forms are impartial")
        moves = lambda p: p.moves()  # noqa: E731
    return MisereGame.from_id(_position_form(position, moves, tuple_is_sum))


def _position_form(position: Hashable, moves: Callable[[Any], Iterable[Any]], tuple_is_sum: bool) -> int:
    from ..impartial import ImpartialSolver
    from ..traverse import evaluate

    solver = ImpartialSolver(moves, tuple_is_sum=tuple_is_sum)

    def expand(p: Hashable) -> tuple[list[tuple[Hashable, ...]], list[Hashable]]:
        options = [components for _, components in solver.options(p)]
        return options, [c for comps in options for c in comps]

    def combine(p: Hashable, options: list[tuple[Hashable, ...]], memo: MutableMapping[Hashable, int]) -> int:
        return _C.from_options(_C.add_many(memo[c] for c in comps) for comps in options)

    form: int = evaluate(position, {}, expand, combine)
    return form
