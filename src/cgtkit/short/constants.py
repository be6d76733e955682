"""Named games and small constructors: ``zero``, ``star``, ``up``, ``down``, ``nimber``,
``tiny``, ``miny``, ``switch``, ``integer``, ``dyadic``.

``star``, ``up`` and ``down`` are games and also callables: ``star(3)`` is ``*3``,
``up(2)`` is ``^^`` and ``down(2)`` is ``vv``.  Every value returned is an interned
canonical :class:`~cgtkit.short.game.Game`.

>>> star(3) + star(5) == star(6), up(2) == up + up, down == -up
(True, True, True)
>>> tiny(2) == Game.from_options([0], [Game.from_options([0], [-2])])
True
>>> switch(1).outcome, miny(1) == -tiny(1)
('N', True)
"""

from __future__ import annotations

from ..errors import NotANimberError, shown_number
from ..numbers import Dyadic
from .game import _CALLABLE, Game, GameLike

__all__ = ["zero", "one", "star", "up", "down", "nimber", "integer", "dyadic", "tiny", "miny", "switch"]

_ZERO = Dyadic(0)


def nimber(n: int) -> Game:
    """The nimber ``*n`` (n >= 0).

    >>> nimber(2).left_options == (zero, star)
    True
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise NotANimberError(f"a nimber needs a non-negative int, not {shown_number(n)}")
    return Game.packed(_ZERO, 0, n)


def _ups(n: int) -> Game:
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"up(n) and down(n) need an int, not {n!r}")
    return Game.packed(_ZERO, n, 0)


def integer(n: int) -> Game:
    """The integer n as a game (no option chain is built)."""
    return Game.of(n)


def dyadic(p: int, q: int) -> Game:
    """The number p/2^q as a game.

    >>> dyadic(3, 2).left_options
    (game('1/2'),)
    """
    return Game.of(Dyadic._make(p, q))


def tiny(x: GameLike) -> Game:
    """``Tiny(x) = {0 || 0 | -x}``."""
    g = Game.of(x)
    return Game.from_options([0], [Game.from_options([0], [-g])])


def miny(x: GameLike) -> Game:
    """``Miny(x) = {x | 0 || 0}``, the negative of ``Tiny(x)``."""
    g = Game.of(x)
    return Game.from_options([Game.from_options([g], [0])], [0])


def switch(x: GameLike) -> Game:
    """``+-x = {x | -x}``."""
    g = Game.of(x)
    return Game.from_options([g], [-g])


zero = Game.packed(_ZERO, 0, 0)
one = Game.of(1)
star = nimber(1)
up = _ups(1)
down = _ups(-1)
_CALLABLE[star._h] = nimber
_CALLABLE[up._h] = _ups
_CALLABLE[down._h] = lambda n: _ups(-n) if isinstance(n, int) and not isinstance(n, bool) else _ups(n)
