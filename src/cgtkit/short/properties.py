"""Properties of a canonical short game: incentives, temper and parity, uptimal test.

* *Incentives*: Left's ``G^L - G`` and Right's ``G - G^R``; the undominated ones tell
  which move is best in a sum (CGSuite's ``Incentives``, ``LeftIncentives``,
  ``RightIncentives``: duplicates and dominated values removed, Left's view).
* *Temper* (Siegel, CGT (2013) II.6 / Berlekamp's "parity of temperature"): a number
  is *even-tempered*; a non-number is *odd-tempered* when all its options are
  even-tempered and *even-tempered* when all its options are odd-tempered.  So
  ``9/8*`` is odd-tempered, ``{3||2*|1*}`` odd-tempered, ``^`` neither.
* *Parity of the form* (CGSuite's ``IsEven``, ``IsOdd``): ``G`` is even when all its
  options are odd, odd when it has options and all are even (``0`` is even, ``5`` odd).
* *Numberish*: the stops agree (``G`` is infinitesimally close to a number).

All are read off the canonical form, bottom up on an explicit stack.

>>> from cgtkit.short.notation import game
>>> [str(i) for i in incentives(game("^"))], [str(i) for i in left_incentives(game("^"))]
(['^*'], ['v'])
>>> is_odd_tempered(game("9/8*")), is_even_tempered(game("5")), is_even_tempered(game("^"))
(True, True, False)
>>> is_even(game("0")), is_odd(game("5")), is_even(game("-1/2")), is_numberish(game("^*"))
(True, True, False, True)
"""

from __future__ import annotations

import itertools

from .game import Game, GameLike
from .products import incentives_of
from .thermography import bottom_up, stops

__all__ = [
    "incentives",
    "left_incentives",
    "right_incentives",
    "is_even_tempered",
    "is_odd_tempered",
    "temper",
    "is_even",
    "is_odd",
    "is_numberish",
    "is_number_tiny",
]


def incentives(g: GameLike) -> tuple[Game, ...]:
    """All undominated incentives (Left's ``G^L - G`` and Right's ``G - G^R`` together)."""
    return incentives_of(g, True, True)


def left_incentives(g: GameLike) -> tuple[Game, ...]:
    """Left's undominated incentives ``G^L - G``."""
    return incentives_of(g, True, False)


def right_incentives(g: GameLike) -> tuple[Game, ...]:
    """Right's undominated incentives ``G - G^R``."""
    return incentives_of(g, False, True)


_TEMPER: dict[Game, str] = {}  # "even", "odd" or ""


def temper(g: GameLike) -> str:
    """``"even"``, ``"odd"`` or ``""`` (neither)."""
    g = Game.of(g)

    def known(h: Game) -> bool:
        if h in _TEMPER:
            return True
        if h.is_number:
            _TEMPER[h] = "even"
            return True
        return False

    for h in bottom_up(g, known):
        kinds = {_TEMPER[o] for o in itertools.chain(h.left_options, h.right_options)}
        _TEMPER[h] = "odd" if kinds == {"even"} else "even" if kinds == {"odd"} else ""
    return _TEMPER[g]


def is_even_tempered(g: GameLike) -> bool:
    """True for numbers and for games all of whose options are odd-tempered."""
    return temper(g) == "even"


def is_odd_tempered(g: GameLike) -> bool:
    """True for non-numbers all of whose options are even-tempered."""
    return temper(g) == "odd"


_PARITY: dict[Game, str] = {}


def _parity(g: GameLike) -> str:
    g = Game.of(g)
    for h in bottom_up(g, _PARITY.__contains__):
        kinds = {_PARITY[o] for o in itertools.chain(h.left_options, h.right_options)}
        if not kinds or kinds == {"odd"}:
            _PARITY[h] = "even"
        elif kinds == {"even"}:
            _PARITY[h] = "odd"
        else:
            _PARITY[h] = ""
    return _PARITY[g]


def is_even(g: GameLike) -> bool:
    """True when every option (of the canonical form) is odd; 0 is even."""
    return _parity(g) == "even"


def is_odd(g: GameLike) -> bool:
    """True when there is an option and every option is even."""
    return _parity(g) == "odd"


def is_numberish(g: GameLike) -> bool:
    """True when the two stops are equal (g is a number plus an infinitesimal)."""
    left, right = stops(g)
    return left == right


def is_number_tiny(g: GameLike) -> bool:
    """True for ``x + Tiny(G)`` and ``x + Miny(G)`` shapes: ``{x || x | x - G}`` with
    the mean of ``x - G`` below x (and the mirror image), as CGSuite's IsNumberTiny;
    numbers count too (as in CGSuite)."""
    from .thermography import mean

    g = Game.of(g)
    if g.is_number:
        return True
    lo, ro = g.left_options, g.right_options
    if len(lo) != 1 or len(ro) != 1:
        return False
    a, b = lo[0], ro[0]
    if a.is_number:
        bl, br = b.left_options, b.right_options
        if len(bl) == 1 and len(br) == 1 and bl[0] == a and mean(br[0]) < a.number:
            return True
    if b.is_number:
        al, ar = a.left_options, a.right_options
        if len(al) == 1 and len(ar) == 1 and ar[0] == b and mean(al[0]) > b.number:
            return True
    return False
