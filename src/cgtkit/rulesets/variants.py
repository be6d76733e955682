"""Variants of any ruleset: the impartial variant, in which each player may make
either player's moves (CGSuite's ImpartialVariant, MCGS's ``[impartial X]``).

The variant wraps a position of any partizan ruleset (anything with ``left_moves()``
and ``right_moves()``); its moves are the union of both sides' moves, wrapped again,
and its parts are the wrapped parts, so the generic solver splits it as it splits the
original.  An impartial ruleset is its own impartial variant.

>>> from cgtkit.rulesets import Clobber, Domineering
>>> impartial_variant(Clobber("xo")).nim_value           # either player clobbers: *1
1
>>> impartial_variant(Domineering("..|..")).nim_value == 0  # 2x2 Cram
True
"""

from __future__ import annotations

from typing import Any, Hashable

from ..short.constants import nimber
from ..short.game import Game
from .interface import PositionSolver

__all__ = ["ImpartialVariant", "impartial_variant"]

_SOLVER = PositionSolver(max_entries=1_000_000)  # bounded between questions


class ImpartialVariant:
    """The impartial variant of ``position``: one set of moves, the union of Left's
    and Right's moves; hashable and equal exactly when the wrapped positions are."""

    __slots__ = ("position",)
    IMPARTIAL = True

    def __init__(self, position: Any) -> None:
        if not isinstance(position, Hashable):
            raise TypeError(f"{position!r} is not hashable: positions must be values")
        self.position: Any = position

    def moves(self) -> list["ImpartialVariant"]:
        """Every move of either player, each as a position of the variant."""
        p = self.position
        if getattr(p, "IMPARTIAL", False):
            return [ImpartialVariant(o) for o in p.moves()]
        seen = dict.fromkeys([*p.left_moves(), *p.right_moves()])
        return [ImpartialVariant(o) for o in seen]

    def parts(self) -> list["ImpartialVariant"]:
        """The variants of the position's independent parts."""
        split = getattr(self.position, "parts", None)
        return [ImpartialVariant(q) for q in split()] if split is not None else [self]

    @property
    def nim_value(self) -> int:
        """The nim value of the variant."""
        return _SOLVER.nim_value(self)

    @property
    def value(self) -> Game:
        """The nimber ``*nim_value``."""
        return nimber(self.nim_value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ImpartialVariant) and self.position == other.position

    def __hash__(self) -> int:
        return hash(("impartial", self.position))

    def __repr__(self) -> str:
        return f"impartial_variant({self.position!r})"


def impartial_variant(position: Any) -> ImpartialVariant:
    """The impartial variant of any position (see :class:`ImpartialVariant`)."""
    return position if isinstance(position, ImpartialVariant) else ImpartialVariant(position)
