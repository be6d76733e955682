"""Named games and small constructors: ``zero``, ``star``, ``up``, ``down``, ``nimber``,
``tiny``, ``miny``, ``switch``, ``integer``, ``dyadic``, and the uptimals ``up_sum(n)``
(CGSuite's ``^[n]``) and ``up_nth(n)`` (``^<n>``).

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
from .game import Game, GameLike, register_callable
from ..memo import register_cache

__all__ = ["zero", "one", "star", "up", "down", "nimber", "integer", "dyadic", "tiny", "miny", "switch"]
__all__ += ["up_sum", "up_nth"]

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
    return Game.of(Dyadic.from_exponent(p, q))


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


# --- uptimals ----------------------------------------------------------------------------
# ^[0] = 0 and ^[n] = {^[n-1] | *}; the first levels asked for are kept (uptimal
# expansions ask for the same small ones again and again), a deep one (^[50000000]) is
# built one level at a time keeping only two.
_UP_SUMS: list[Game] = []
_KEPT_UP_SUMS = 4096
register_cache("constants.up_sums", _UP_SUMS.clear, _UP_SUMS.__len__)


def _up_sums(n: int) -> tuple[Game, Game]:
    """``(^[n-1], ^[n])`` for ``n >= 1``."""
    if not _UP_SUMS:
        _UP_SUMS.append(zero)
    k = min(n - 1, len(_UP_SUMS) - 1)
    upper = _UP_SUMS[k]
    lower = upper  # replaced in the first step (k < n)
    for i in range(k + 1, n + 1):
        lower, upper = upper, Game.from_options([upper], [star])
        if i == len(_UP_SUMS) and i < _KEPT_UP_SUMS:
            _UP_SUMS.append(upper)
    return lower, upper


def up_sum(n: int) -> Game:
    """``^[n] = ^<1> + ... + ^<n>``, the game ``{^[n-1] | *}`` (``^[0] = 0``, ``^[1] = ^``).

    >>> up_sum(1) == up, up_sum(2) == Game.from_options([up], [star])
    (True, True)
    """
    if n < 0:
        raise ValueError(f"^[n] needs n >= 0, not {shown_number(n)}")
    return zero if n == 0 else _up_sums(n)[1]


def up_nth(n: int) -> Game:
    """``^<n>``, the n-th uptimal unit: ``^<1> = ^``, ``^<2> = {0|v*}``, ``^[n] - ^[n-1]``.

    >>> up_nth(2) == Game.from_options([0], [down + star])
    True
    """
    if n < 1:
        raise ValueError(f"^<n> needs n >= 1, not {shown_number(n)}")
    lower, upper = _up_sums(n)
    return upper - lower


zero = Game.packed(_ZERO, 0, 0)
one = Game.of(1)
star = nimber(1)
up = _ups(1)
down = _ups(-1)
register_callable(star, nimber)
register_callable(up, _ups)
register_callable(down, lambda n: _ups(-n) if isinstance(n, int) and not isinstance(n, bool) else _ups(n))
