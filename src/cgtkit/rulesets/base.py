"""What every position of a string-described ruleset shares: it prints as its
position string, ``repr`` is ``ClassName('string')``, and equality and hashing go
through one tuple, ``_state()``, so a position is an immutable value.

An impartial ruleset's position derives from :class:`ImpartialPosition`: its ``value``
is the nimber ``*n`` (a :class:`~cgtkit.short.game.Game`, so it adds to any other game
correctly) and ``nim_value`` is the int n.  A plain int would be read as the number n
by game arithmetic, which is why ``value`` is never an int.

>>> from cgtkit.rulesets.kayles import Kayles
>>> Kayles("xx.x") == Kayles("xx.x"), repr(Kayles("xx.x"))
(True, "Kayles('xx.x')")
>>> Kayles("xxx").value, Kayles("xxx").nim_value, Kayles("xxx").IMPARTIAL
(game('*3'), 3, True)
"""

from __future__ import annotations

from typing import Hashable

from ..short.constants import nimber
from ..short.game import Game

__all__ = ["StringPosition", "ImpartialPosition"]


class StringPosition:
    """Mixin: ``repr``, ``==`` and ``hash`` from ``str()`` and ``_state()``.

    ``IMPARTIAL`` says, without solving anything, whether the ruleset is impartial.
    """

    __slots__ = ()
    IMPARTIAL = False

    def _state(self) -> Hashable:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}('{self}')"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._state() == other._state()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._state()))


class ImpartialPosition(StringPosition):
    """A position of an impartial ruleset: a subclass (or another base) defines
    ``moves()`` and the ``nim_value`` property (an int); ``value`` is the nimber
    ``*nim_value``, and both players' moves are ``moves()``."""

    __slots__ = ()
    IMPARTIAL = True
    nim_value: int  # a property of the subclass

    @property
    def grundy(self) -> int:
        """The Grundy value, the same int as :attr:`nim_value`."""
        return self.nim_value

    @property
    def value(self) -> Game:
        """The canonical value: the nimber ``*n`` for the nim value n."""
        return nimber(self.nim_value)

    def left_moves(self) -> list:
        """Left's moves: the same as :meth:`moves` (the ruleset is impartial)."""
        return self.moves()  # type: ignore[attr-defined]

    def right_moves(self) -> list:
        """Right's moves: the same as :meth:`moves`."""
        return self.moves()  # type: ignore[attr-defined]
