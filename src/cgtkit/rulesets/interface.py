"""The ruleset interface: what a position must offer to be valued, and the solver
that values any position offering it, a user's own game included.

A partizan position gives ``left_moves()`` and ``right_moves()`` (the positions each
side can move to); an impartial one says ``IMPARTIAL = True`` and gives ``moves()``.
A position may also give ``parts()``, its independent parts (positions whose sum it
is), so each part is solved once however often it recurs.  Positions are hashable
values: two positions that are equal (under the game's symmetries, if ``==`` says so)
are solved once.  Every ruleset of :mod:`cgtkit.rulesets` offers this interface, and
its ``value`` goes through its ruleset's :class:`~cgtkit.rulesets.solver.ComponentSolver`
(or the native search); :class:`PositionSolver` is the same loop for any other game.

>>> class Heap:                        # take 1 or 2 from one heap: G(n) = n mod 3
...     IMPARTIAL = True
...     def __init__(self, n): self.n = n
...     def __eq__(self, o): return self.n == o.n
...     def __hash__(self): return self.n
...     def moves(self): return [Heap(self.n - k) for k in (1, 2) if k <= self.n]
>>> PositionSolver().value(Heap(7))
game('*')
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Protocol, runtime_checkable

from ..errors import RulesError
from ..short.constants import nimber
from ..short.game import Game
from .solver import ComponentSolver, TranspositionTable

__all__ = ["PartizanRuleset", "ImpartialRuleset", "PositionSolver"]


@runtime_checkable
class PartizanRuleset(Protocol):
    """A position of a partizan game: hashable, with each side's moves."""

    def __hash__(self) -> int: ...

    def left_moves(self) -> Iterable[Any]: ...

    def right_moves(self) -> Iterable[Any]: ...


@runtime_checkable
class ImpartialRuleset(Protocol):
    """A position of an impartial game: hashable, ``IMPARTIAL = True``, one set of moves."""

    IMPARTIAL: bool

    def __hash__(self) -> int: ...

    def moves(self) -> Iterable[Any]: ...


def _parts(position: Any) -> tuple[Any, ...]:
    split = getattr(position, "parts", None)
    return tuple(split()) if split is not None else (position,)


class PositionSolver:
    """Values of positions that offer the ruleset interface, each part solved once
    into the table this solver owns (``max_entries`` bounds it between questions).

    ``value(p)`` is the canonical value (a nimber for an impartial game); a position
    without the interface is a :class:`~cgtkit.errors.RulesError` naming what it lacks.
    """

    def __init__(self, max_entries: int = 2_000_000) -> None:
        table = TranspositionTable(max_entries)
        self._partizan = ComponentSolver(self._expand_partizan, table=table)
        self._impartial = ComponentSolver(self._expand_impartial, impartial=True, table=TranspositionTable(max_entries))

    @property
    def tables(self) -> tuple[TranspositionTable, TranspositionTable]:
        """The partizan and the impartial table (nim values and games kept apart)."""
        return (self._partizan.table, self._impartial.table)

    def clear(self) -> None:
        """Forget every solved position."""
        self._partizan.clear()
        self._impartial.clear()

    @staticmethod
    def _expand_partizan(p: Any) -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
        return ({_parts(o) for o in p.left_moves()}, {_parts(o) for o in p.right_moves()})

    @staticmethod
    def _expand_impartial(p: Any) -> set[tuple[Any, ...]]:
        return {_parts(o) for o in p.moves()}

    def value(self, position: Any) -> Game:
        """The canonical value of ``position``."""
        if getattr(position, "IMPARTIAL", False):
            if not callable(getattr(position, "moves", None)):
                raise RulesError(f"{position!r} says IMPARTIAL but has no moves() method")
            return nimber(self.nim_value(position))
        if not (callable(getattr(position, "left_moves", None)) and callable(getattr(position, "right_moves", None))):
            raise RulesError(
                f"{position!r} does not offer the ruleset interface: it needs left_moves() and "
                "right_moves() (or IMPARTIAL = True and moves())"
            )
        if not isinstance(position, Hashable):
            raise RulesError(f"{position!r} is not hashable: positions must be values")
        value: Game = self._partizan.value_of(_parts(position))
        return value

    def nim_value(self, position: Any) -> int:
        """The nim value of a position of an impartial game."""
        nim: int = self._impartial.value_of(_parts(position))
        return nim
