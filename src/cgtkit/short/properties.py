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
* *Uptimals* (CGSuite's ``IsUptimal``, ``UptimalExpansion``): ``G = x + *m + a1.^<1> +
  a2.^<2> + ... + ak.^<k>`` with integers ``ai``, where ``^<1> = ^`` and ``^<n> = ^[n] -
  ^[n-1]`` for the games ``^[n] = {^[n-1] | *}`` (so ``^<2> = {0|v*}``, ``^[4] =
  {0|*||*|||*||||*}``).  Each ``^<n+1>`` is infinitesimal next to ``^<n>`` (``k.^<n+1> <
  ^<n>`` for every k), which makes the coefficients unique and readable one at a time.

All are read off the canonical form, bottom up on an explicit stack.

>>> from cgtkit.short.notation import game
>>> [str(i) for i in incentives(game("^"))], [str(i) for i in left_incentives(game("^"))]
(['^*'], ['v'])
>>> is_odd_tempered(game("9/8*")), is_even_tempered(game("5")), is_even_tempered(game("^"))
(True, True, False)
>>> is_even(game("0")), is_odd(game("5")), is_even(game("-1/2")), is_numberish(game("^*"))
(True, True, False, True)
>>> print(uptimal_expansion(game("{0|*||*|||*||||*}")), uptimal_expansion(game("73/16v9*8")))
0.1111 73/16*8.9-
>>> uptimal_expansion(game("{0||0|v3}")) is None, is_uptimal(game("{0||0|v*}"))
(True, True)
"""

from __future__ import annotations

import itertools
from typing import Callable, MutableMapping, NamedTuple, Optional

from ..backend.protocols import NUS
from ..numbers import Dyadic, decimal, dyadic_parts
from .constants import nimber, up_nth, up_sum
from .game import Game, GameLike, walk_bottom_up
from ..memo import GameCache, walking
from .products import incentives_of
from .thermography import closed_form_known, stops, tiny_form

__all__ = [
    "incentives",
    "left_incentives",
    "right_incentives",
    "is_even_tempered",
    "is_odd_tempered",
    "temper",
    "temper_and_parity_by_forms",
    "is_even",
    "is_odd",
    "is_numberish",
    "is_number_tiny",
    "up_nth",
    "up_sum",
    "UptimalExpansion",
    "uptimal_expansion",
    "is_uptimal",
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


_TEMPER: GameCache[Game, str] = GameCache("properties.temper")  # "even", "odd" or ""


def _by_options(
    g: Game, memo: MutableMapping[Game, str], known: Callable[[Game], bool], combine: Callable[[set[str]], str]
) -> str:
    """memo[g], each follower's answer ``combine``d from the set of its options'."""
    return walk_bottom_up(
        g, memo, known, lambda h: combine({memo[o] for o in itertools.chain(h.left_options, h.right_options)})
    )


def nus_temper(a: NUS) -> str:
    """``"even"`` for a number, ``"odd"`` for ``x + *`` (its options are the number
    x), else ``""``: ``x + *m`` (m >= 2) has the options x (even) and ``x + *`` (odd),
    and every ``x + n.^*m`` (n != 0) has the option x and an option that is odd or
    neither (``x + *(m^1)``, ``x + *`` or, for |n| >= 2, a smaller such value).

    >>> [nus_temper((Dyadic(1, 2), n, m)) for n, m in ((0, 0), (0, 1), (0, 2), (1, 0))]
    ['even', 'odd', '', '']
    """
    _x, n, m = a
    if n == 0 and m < 2:
        return "odd" if m else "even"
    return ""


def nus_parity(a: NUS) -> str:
    """``"even"``, ``"odd"`` or ``""`` (every option odd / every option even, for the
    canonical form; an integer n has the parity of n, any other number neither).
    Only ``x`` and ``x + *`` with x an integer have a parity: ``x + * = {x|x}`` the
    opposite of x's; every other value has x among its options together with an option
    of the other parity or of none (the same options as in :func:`nus_temper`).

    >>> [nus_parity((Dyadic(3), 0, m)) for m in range(3)], nus_parity((Dyadic(1, 2), 0, 1))
    (['odd', 'even', ''], '')
    """
    x, n, m = a
    p, q = dyadic_parts(x)
    if n or m > 1 or q:
        return ""
    odd = (p + m) & 1
    return "odd" if odd else "even"


_temper_known = closed_form_known(_TEMPER, nus_temper)


def _temper_of(kinds: set[str]) -> str:
    return "odd" if kinds == {"even"} else "even" if kinds == {"odd"} else ""


def temper(g: GameLike) -> str:
    """``"even"``, ``"odd"`` or ``""`` (neither)."""
    return _by_options(Game.of(g), _TEMPER, _temper_known, _temper_of)


def is_even_tempered(g: GameLike) -> bool:
    """True for numbers and for games all of whose options are odd-tempered."""
    return temper(g) == "even"


def is_odd_tempered(g: GameLike) -> bool:
    """True for non-numbers all of whose options are even-tempered."""
    return temper(g) == "odd"


_PARITY: GameCache[Game, str] = GameCache("properties.parity")


def _parity_of(kinds: set[str]) -> str:
    if not kinds or kinds == {"odd"}:
        return "even"
    return "odd" if kinds == {"even"} else ""


def _parity(g: GameLike) -> str:
    return _by_options(Game.of(g), _PARITY, _parity_known, _parity_of)


def _number_parity(h: Game, memo: MutableMapping[Game, str]) -> bool:
    """A number's parity read off directly (an integer n has n followers): an
    integer has the parity of n; any other number is neither (a number with
    denominator 2^j, j >= 2, has non-integer options; {n | n+1} has one of each)."""
    if h.is_number:
        x = h.number
        memo[h] = ("odd" if int(x) % 2 else "even") if x.exponent == 0 else ""
        return True
    return False


_parity_known = closed_form_known(_PARITY, nus_parity)


def temper_and_parity_by_forms(g: GameLike) -> tuple[str, str]:
    """``(temper(g), parity)`` by walking every follower of the form (numbers alone
    in closed form, no cache): the slow, general twin of :func:`temper`,
    :func:`is_even` and :func:`is_odd`.

    >>> from cgtkit.short.constants import star
    >>> temper_and_parity_by_forms(star(3)), (temper(star(3)), is_even(star(3)), is_odd(star(3)))
    (('', ''), ('', False, False))
    """
    g = Game.of(g)
    tempers: dict[Game, str] = {}
    parities: dict[Game, str] = {}

    def even_number(h: Game) -> bool:
        if h.is_number:
            tempers[h] = "even"
        return h in tempers

    return (
        _by_options(g, tempers, even_number, _temper_of),
        _by_options(g, parities, lambda h: h in parities or _number_parity(h, parities), _parity_of),
    )


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
    g = Game.of(g)
    return g.is_number or tiny_form(g) is not None


# --- uptimals ---------------------------------------------------------------------------
# up_sum (^[n]) and up_nth (^<n>) are defined with the other named games in
# cgtkit.short.constants and re-exported here.


class UptimalExpansion(NamedTuple):
    """``number + *nimber + sum(coefficients[i-1] . ^<i>)``; ``str()`` prints CGSuite's
    form ``x*m.a1a2...ak``: a negative digit ``-d`` as ``d-`` (CGSuite's ``*.1-`` is
    ``v*``), a digit beyond 9 in brackets (``0.[12]`` is ``^12``, cgtkit's choice)."""

    number: Dyadic
    nimber: int
    coefficients: tuple[int, ...]

    def game(self) -> Game:
        """The uptimal as a game."""

        g = Game.of(self.number) + nimber(self.nimber)
        for i, a in enumerate(self.coefficients, start=1):
            g = g + a * up_nth(i)
        return g

    def __str__(self) -> str:
        head = str(Game.of(self.number) + nimber(self.nimber))
        digits = "".join(_digit(a) for a in self.coefficients) or "0"
        return f"{head}.{digits}"


def _digit(a: int) -> str:
    if 0 <= a <= 9:
        return str(a)
    if -9 <= a < 0:
        return f"{-a}-"
    return f"[{decimal(a)}]"


def _coefficient(rest: Game, unit: Game, bound: int) -> Optional[int]:
    """The integer c with ``-unit < 2(rest - c.unit) < unit``, or None (|c| <= bound).

    For ``rest = c.unit + r`` with r made of later (smaller) units, every multiple of r
    lies strictly between ``-unit`` and ``unit``, while ``c - 1`` or ``c + 1`` leaves a
    remainder ``r +- unit`` whose double is beyond ``+-unit``: so the doubled test picks c
    alone (the plain ``-unit < r < unit`` would also accept ``c - 1`` when r < 0).
    """
    c = 0
    r = rest
    while r + r >= unit:
        c += 1
        r = r - unit
        if c > bound:
            return None
    while r + r <= -unit:
        c -= 1
        r = r + unit
        if -c > bound:
            return None
    twice = r + r
    if twice < unit and -unit < twice:
        return c
    return None


_UPTIMAL: GameCache[Game, Optional[UptimalExpansion]] = GameCache("properties.uptimal")
_UNKNOWN = object()  # not in _UPTIMAL (None is an answer there)


def uptimal_expansion(g: GameLike) -> Optional[UptimalExpansion]:
    """The uptimal expansion of ``g``, or None when ``g`` is not an uptimal.

    The number part is the (common) stop; the remaining infinitesimal ``h`` is doubled
    to drop its nimber (``*m + *m = 0``), the coefficients of ``2h`` are read level by
    level, halved, and what is left of ``h`` must be a nimber.
    """
    g = Game.of(g)
    found = _UPTIMAL.get(g, _UNKNOWN)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]
    with walking(_UPTIMAL):  # so that _UPTIMAL is trimmed to its bound when it ends
        result = _UPTIMAL[g] = _uptimal(g)
    return result


def _uptimal(g: Game) -> Optional[UptimalExpansion]:
    left, right = stops(g)
    if left != right:
        return None
    h = g - Game.of(left)
    if h.nus is not None:
        _x, n, m = h.nus
        return UptimalExpansion(left, m, (n,) if n else ())
    rest = h + h
    bound = 2 * h.birthday + 4
    doubled: list[int] = []
    level = 0
    while rest != 0:
        level += 1
        if level > h.birthday + 2:
            return None
        unit = up_nth(level)
        c = _coefficient(rest, unit, bound)
        if c is None:
            return None
        doubled.append(c)
        rest = rest - c * unit
    if any(c % 2 for c in doubled):
        return None
    coefficients = tuple(c // 2 for c in doubled)
    nim = h
    for i, a in enumerate(coefficients, start=1):
        nim = nim - a * up_nth(i)
    if not nim.is_nimber:
        return None
    return UptimalExpansion(left, nim.nim_value, coefficients)


def is_uptimal(g: GameLike) -> bool:
    """True when ``g`` is a number plus a nimber plus integer multiples of ``^<n>``."""
    return uptimal_expansion(g) is not None
