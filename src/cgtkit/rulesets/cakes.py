"""Cake games: Cutcake and Maundy Cake (Winning Ways ch. 2), and Eatcake.

A cake is ``w x h`` unit squares, written ``"WxH"``; a position is one or more cakes
separated by commas, and its value is the sum.  Left cuts along the width, Right
along the height, so a ``w x 1`` strip is Left's and turning a cake a quarter turn
negates its value (each solved cake also records its turned twin).

* **Cutcake**: Left cuts a cake into two, ``a x h`` and ``(w - a) x h``; Right into
  ``w x b`` and ``w x (h - b)``.  Every value is an integer; ``value`` uses the
  closed form :func:`cutcake_formula`, ``search_value()`` the engine.
* **Maundy Cake**: Left divides the width into k >= 2 equal parts (k copies of
  ``w/k x h``), Right divides the height; the moves are those of
  :func:`maundy_cake_moves`; ``value`` uses the closed form :func:`maundy_cake_formula`
  (O(log) after factoring the sides), ``search_value()`` the engine.  With d(x) the
  prime factors of x in increasing order (with multiplicity), the formula reads: if w
  has more prime factors than h, the value is r where r = 0 and then r = r * p + 1 for
  each of the largest len(d(w)) - len(d(h)) primes p of w, smallest first;
  symmetrically negative when h has more; 0 when the counts are equal.
  :func:`maundy_cake_value` values one cake by :class:`~cgtkit.PartizanSolver`
  instead, and :func:`cake_range_queries` answers "is the sum of cakes l..r
  positive?" for many ranges by exact prefix sums.
* **Eatcake**: Left eats one whole column (a ``1 x h`` strip) of a cake, Right one
  whole row; eating a column in the middle leaves two cakes.  Values need not be
  numbers: ``1x1`` is ``*`` and ``2x1`` is ``{*|0}`` (``v``).  Every cake with both
  sides odd is ``*`` and strips are ``*``, ``v`` or ``^`` (proved, :func:`eatcake_known`);
  the rest is searched within a documented cost bound (:func:`eatcake_cost`), and a
  position beyond it is refused before starting.  The search is native (Rust) when
  the native engine runs, with the same shortcuts; the Python search is its twin.

>>> Cutcake("4x1").value, Cutcake("1x4").value, Cutcake("2x2").value, Cutcake("4x2,1x2").value
(game('3'), game('-3'), game('0'), game('0'))
>>> MaundyCake("12x1").value, MaundyCake("6x4").value
(game('10'), game('0'))
>>> Eatcake("1x1").value, Eatcake("2x1").value, Eatcake("3x1").right_moves()
(game('*'), game('v'), [Eatcake('')])
>>> Cutcake("3x1").left_moves()
[Cutcake('1x1,2x1')]
>>> maundy_cake_formula(6, 4), maundy_cake_formula(12, 1), maundy_cake_formula(1, 12)
(0, 10, -10)
>>> cake_range_queries([(12, 1), (1, 2), (2, 12)], [(1, 2), (2, 3), (1, 3)])
['Yes', 'No', 'Yes']
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Callable, Iterable, Optional, Sequence

from ..config import setting
from ..errors import CGTError, RulesError
from ..numbers import Dyadic
from ..partizan import PartizanSolver
from ..primes import prime_factors
from ..short.game import Game
from .base import StringPosition, native_value
from .solver import ComponentSolver, TranspositionTable

__all__ = ["Cutcake", "MaundyCake", "Eatcake", "cutcake_formula", "eatcake_known", "eatcake_cost", "parse_cakes"]
__all__ += ["maundy_cake_formula", "maundy_cake_moves", "maundy_cake_value", "cake_range_queries"]


# --- Maundy Cake: the closed form, the moves, range queries ---------------------------


def _check_side(name: str, x: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise CGTError(f"cake side {name}={x!r} must be a positive integer")
    return x


def maundy_cake_formula(w: int, h: int) -> int:
    """Value of a w x h Maundy cake by the prime-factor formula; O(log) after factoring."""
    dw = prime_factors(_check_side("w", w))
    dh = prime_factors(_check_side("h", h))
    if len(dw) == len(dh):
        return 0
    sign = 1
    if len(dw) < len(dh):
        dw, dh, sign = dh, dw, -1
    r = 0
    for p in dw[len(dh) :]:
        r = r * p + 1
    return sign * r


def _divisors_above_one(x: int) -> list[int]:
    small = [k for k in range(2, int(x**0.5) + 1) if x % k == 0]
    return sorted(set(small + [x // k for k in small] + ([x] if x > 1 else [])))


def maundy_cake_moves(position: tuple[int, int]) -> tuple[list[tuple], list[tuple]]:
    """Move function for :class:`~cgtkit.PartizanSolver`: options as sums of pieces.

    >>> maundy_cake_moves((4, 3))
    ([((2, 3), (2, 3)), ((1, 3), (1, 3), (1, 3), (1, 3))], [((4, 1), (4, 1), (4, 1))])
    """
    w, h = position
    left = [tuple([(w // k, h)] * k) for k in _divisors_above_one(w)]
    right = [tuple([(w, h // k)] * k) for k in _divisors_above_one(h)]
    return left, right


def maundy_cake_value(w: int, h: int, solver=None) -> Dyadic:
    """Value of a w x h cake by searching the game (no formula); for small cakes."""
    _check_side("w", w)
    _check_side("h", h)
    solver = solver or PartizanSolver(maundy_cake_moves)
    return solver.number((w, h))


def cake_range_queries(cakes: Sequence[tuple[int, int]], queries: Iterable[tuple[int, int]]) -> list[str]:
    """For each 1-based range [l, r] of ``cakes``, is the sum of their Maundy Cake
    values > 0, i.e. does Left win moving first or second?  "Yes" or "No".
    Exact prefix sums, one formula evaluation per cake."""
    prefix = [0, *accumulate(maundy_cake_formula(w, h) for w, h in cakes)]
    answers = []
    for l, r in queries:
        if not (1 <= l <= r <= len(cakes)):
            raise CGTError(f"query [{l}, {r}] is outside the cakes 1..{len(cakes)}")
        answers.append("Yes" if prefix[r] - prefix[l - 1] > 0 else "No")
    return answers


# --- Cutcake -------------------------------------------------------------------------


def _cutcake_moves(cake: tuple[int, int]):
    w, h = cake
    left = [tuple(sorted(((a, h), (w - a, h)))) for a in range(1, w // 2 + 1)]
    right = [tuple(sorted(((w, b), (w, h - b)))) for b in range(1, h // 2 + 1)]
    return left, right


def cutcake_formula(w: int, h: int) -> int:
    """Cutcake's closed form (from the table in Winning Ways ch. 2): with 2^k <= h <
    2^(k+1), a cake at least as wide as high is worth ``w // 2^k - 1``; a higher one
    is the negative of its turned twin."""
    if w >= h:
        return w // (1 << (h.bit_length() - 1)) - 1
    return -cutcake_formula(h, w)


_CAKE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*")


def parse_cakes(text: str, name: str = "Cake") -> list[tuple[int, int]]:
    """The cakes of ``"W1xH1,W2xH2,..."`` as ``(w, h)`` pairs, in the order given.

    >>> parse_cakes("3x2, 1x4")
    [(3, 2), (1, 4)]
    >>> parse_cakes("3x2,1y4")
    Traceback (most recent call last):
    ...
    cgtkit.errors.RulesError: Cake: illegal character 'y' at column 6 of '3x2,1y4' (a cake is WxH, cakes separated by ',')
    """
    if not isinstance(text, str):
        raise RulesError(f"{name}: a position is a string like '3x2,1x4', not {type(text).__name__}")
    for i, ch in enumerate(text):
        if not (ch.isdigit() and ch.isascii()) and ch not in "xX, ":
            raise RulesError(
                f"{name}: illegal character {ch!r} at column {i + 1} of {text!r} (a cake is WxH, cakes separated by ',')"
            )
    cakes: list[tuple[int, int]] = []
    if not text.strip():
        return cakes  # no cake left: the game 0
    at = 0
    for part in text.split(","):
        m = _CAKE.fullmatch(part)
        if m is None:
            raise RulesError(f"{name}: {part.strip()!r} at column {at + 1} of {text!r} is not a cake WxH (e.g. 3x2)")
        w, h = int(m.group(1)), int(m.group(2))
        if w < 1 or h < 1:
            raise RulesError(f"{name}: cake {part.strip()!r} at column {at + 1} of {text!r} needs positive sides")
        cakes.append((w, h))
        at += len(part) + 1
    return cakes


class _Cakes(StringPosition):
    """Shared position type: a sorted tuple of (w, h) cakes."""

    __slots__ = ("cakes",)

    def _state(self) -> tuple:
        return self.cakes

    NAME = "Cake"
    solver: ComponentSolver
    table: TranspositionTable  # the solver's

    def __init__(self, text: str) -> None:
        self.cakes = tuple(sorted(parse_cakes(text, self.NAME)))

    @classmethod
    def _make(cls, cakes) -> "_Cakes":
        p = object.__new__(cls)
        p.cakes = tuple(sorted(cakes))
        return p

    def __str__(self) -> str:
        return ",".join(f"{w}x{h}" for w, h in self.cakes)

    @staticmethod
    def _moves_of(cake):  # pragma: no cover - overridden
        raise NotImplementedError

    def _moves(self, side: int) -> list["_Cakes"]:
        out = []
        for i, cake in enumerate(self.cakes):
            rest = self.cakes[:i] + self.cakes[i + 1 :]
            for option in self._moves_of(cake)[side]:
                out.append(self._make(rest + tuple(option)))
        return out

    def left_moves(self) -> list["_Cakes"]:
        """Left's cuts (along the width), cake by cake."""
        return self._moves(0)

    def right_moves(self) -> list["_Cakes"]:
        """Right's cuts (along the height)."""
        return self._moves(1)

    @classmethod
    def _expand(cls, cake):
        left, right = cls._moves_of(cake)
        return ({tuple(sorted(o)) for o in left}, {tuple(sorted(o)) for o in right})

    # a closed form (w, h) -> int for the rulesets that have one
    formula: Optional[Callable[[int, int], int]] = None
    # a cake's value when a proved shortcut gives it without search (or None)
    quick: Optional[Callable[[tuple[int, int]], Optional[Game]]] = None

    @property
    def value(self) -> Game:
        """The sum of the cakes' values: by the ruleset's closed form when it has one,
        else by search (:meth:`search_value`)."""
        formula = type(self).formula
        if formula is None:
            return self.search_value()
        return Game.of(sum(formula(w, h) for w, h in self.cakes))

    def search_value(self) -> Game:
        """The value by the engine alone: each cake (and its turned twin) solved once
        into the ruleset's transposition table."""
        solver = type(self).solver
        try:
            return solver.value_of(self.cakes)
        except MemoryError:
            solver.clear()  # free what the search kept, so the next question can run
            raise


def _turned(cake: tuple[int, int]) -> tuple[int, int]:
    return (cake[1], cake[0])


class Cutcake(_Cakes, name="cutcake", summary="Left cuts the width, Right the height", example="4x3"):
    """Cutcake positions."""

    __slots__ = ()
    NAME = "Cutcake"
    table = TranspositionTable()
    _moves_of = staticmethod(_cutcake_moves)
    formula = staticmethod(cutcake_formula)


class MaundyCake(
    _Cakes,
    name="maundy-cake",
    summary="divide a side into k equal parts",
    example="6x4",
    aliases=("maundy", "maundycake"),
):
    """Maundy Cake positions."""

    __slots__ = ()
    NAME = "MaundyCake"
    table = TranspositionTable()
    _moves_of = staticmethod(maundy_cake_moves)
    formula = staticmethod(maundy_cake_formula)


def _eatcake_moves(cake: tuple[int, int]):
    w, h = cake
    left = [tuple(c for c in ((i, h), (w - 1 - i, h)) if c[0]) for i in range((w + 1) // 2)]
    right = [tuple(c for c in ((w, j), (w, h - 1 - j)) if c[1]) for j in range((h + 1) // 2)]
    return left, right


_STAR = Game.from_options([0], [0])
_DOWN = Game.from_options([_STAR], [0])


def eatcake_known(cake: tuple[int, int]) -> Optional[Game]:
    """The value of an Eatcake cake that needs no search, else None.

    * ``w`` and ``h`` both odd: ``*``;
    * a strip of even length: ``w x 1`` is ``v`` (down), ``1 x h`` is ``^`` (up).

    *Proof* (induction on ``w + h``, with two companions: ``w`` even and ``h`` odd give
    a negative value, ``w`` odd and ``h`` even a positive one, the cake turned).  Eating
    column ``i`` of a ``w x h`` cake leaves ``i x h`` and ``(w-1-i) x h``.  For ``w`` even,
    ``h`` odd, one piece has odd width (``*``) and the other even width (nothing, or
    negative): ``*`` and ``* + N`` with ``N < 0`` are not ``>= 0``, so the cake is ``<= 0``;
    and Right's bite of row 0 (``h = 1``: nothing left, 0) or row 1 (two negative pieces)
    is ``<= 0``, so it is not ``>= 0``: negative.  For ``w``, ``h`` odd both pieces have the
    same parity: both odd (``* + * = 0``) or both even (0 or negative), and Left always
    has the 0 (column 0 of a 1-wide cake, else column 1); Right symmetrically has 0 and
    positive options.  A game whose Left options are 0 and negatives and whose Right
    options are 0 and positives is ``*`` (no Left option is ``>= *``, no Right option
    ``<= *``, and the 0s make it neither ``>= 0`` nor ``<= 0``).  A ``w x 1`` strip, ``w``
    even: Left leaves ``*`` or ``* + v``, Right leaves nothing: ``{*, v* | 0} = {* | 0} = v``.

    >>> [str(eatcake_known(c)) for c in [(5, 7), (4, 1), (1, 6), (4, 2)]]
    ['*', 'v', '^', 'None']
    """
    w, h = cake
    if w % 2 and h % 2:
        return _STAR
    if h == 1:
        return _DOWN
    if w == 1:
        return -_DOWN
    return None


def eatcake_cost(cake: tuple[int, int]) -> int:
    """The estimated cost of searching a cake: 0 when :func:`eatcake_known` settles it,
    else ``(w*h)**2 * 2**(max(w, h) // 4)``, about a microsecond a unit on the build
    machine (measured: 20x20 5 s, 40x2 4 s, 28x14 12 s, 40x6 28 s).

    The time goes into sums of large canonical forms, not the search (a ``w x h`` cake
    has only ``w*h`` sub-cakes): the forms grow exponentially with the longer side
    (``40x2`` is a value 33,000 characters long) and the sums with the area.

    >>> eatcake_cost((5, 7)), eatcake_cost((20, 20)), eatcake_cost((30, 30)) > Eatcake.max_cost
    (0, 5120000, True)
    """
    if eatcake_known(cake) is not None:
        return 0
    w, h = cake
    return (w * h) ** 2 << (max(w, h) // 4)


class Eatcake(_Cakes, name="eatcake", summary="Left eats a column, Right a row", example="3x2", native="eatcake"):
    """Eatcake positions: Left eats a column, Right a row.

    Cakes with both sides odd, and strips, are valued by :func:`eatcake_known`; the
    others are searched, within a bound on :func:`eatcake_cost` (``max_cost``,
    2 * 10**7: about 20 s).  A position beyond it is refused before any search, with
    a :class:`~cgtkit.errors.RulesError` saying so; raise the bound with
    ``Eatcake.max_cost = ...`` or the environment variable ``CGTKIT_EATCAKE_MAX_COST``.
    """

    __slots__ = ()
    NAME = "Eatcake"
    table = TranspositionTable()
    _moves_of = staticmethod(_eatcake_moves)
    quick = staticmethod(eatcake_known)
    max_cost = 2 * 10**7

    def search_value(self) -> Game:
        limit = setting("CGTKIT_EATCAKE_MAX_COST") or type(self).max_cost
        cost = sum(eatcake_cost(c) for c in set(self.cakes))
        if cost > limit:
            big = max(self.cakes, key=eatcake_cost)
            raise RulesError(
                f"Eatcake: {self} is beyond the search bound: its estimated cost {cost:.3g} "
                f"(a w x h cake costs (w*h)^2 * 2^(max(w,h)/4); {big[0]}x{big[1]} is the largest) "
                f"exceeds {limit:.3g}, about {limit / 1e6:.0f} s. The canonical forms grow "
                "exponentially with the longer side. Cakes with both sides odd (*) and strips "
                "need no search. To try anyway, set CGTKIT_EATCAKE_MAX_COST (or Eatcake.max_cost) higher"
            )
        got = native_value(Eatcake, self.cakes)
        if got is not None:
            return got
        return super().search_value()


# each ruleset's solver owns its table; a cake turned a quarter is the negative
for _rules in (Cutcake, MaundyCake, Eatcake):
    _rules.solver = ComponentSolver(_rules._expand, mirror=_turned, quick=_rules.quick, table=_rules.table)
