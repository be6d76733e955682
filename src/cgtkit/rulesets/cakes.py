"""Cake games: Cutcake and Maundy Cake (Winning Ways ch. 2), and Eatcake.

A cake is ``w x h`` unit squares, written ``"WxH"``; a position is one or more cakes
separated by commas, and its value is the sum.  Left cuts along the width, Right
along the height (as in :mod:`cgtkit.classic.cake`), so a ``w x 1`` strip is Left's
and turning a cake a quarter turn negates its value (each solved cake also records
its turned twin).

* **Cutcake**: Left cuts a cake into two, ``a x h`` and ``(w - a) x h``; Right into
  ``w x b`` and ``w x (h - b)``.  Every value is an integer; ``value`` uses the
  closed form :func:`cutcake_formula`, ``search_value()`` the engine.
* **Maundy Cake**: Left divides the width into k >= 2 equal parts (k copies of
  ``w/k x h``), Right divides the height; the moves are those of
  :func:`cgtkit.classic.cake.maundy_cake_moves`; ``value`` uses the seed's closed
  form :func:`cgtkit.classic.cake.maundy_cake_formula`, ``search_value()`` the engine.
* **Eatcake**: Left eats one whole column (a ``1 x h`` strip) of a cake, Right one
  whole row; eating a column in the middle leaves two cakes.  Values need not be
  numbers: ``1x1`` is ``*`` and ``2x1`` is ``{*|0}`` (``v``).

>>> Cutcake("4x1").value, Cutcake("1x4").value, Cutcake("2x2").value, Cutcake("4x2,1x2").value
(game('3'), game('-3'), game('0'), game('0'))
>>> MaundyCake("12x1").value, MaundyCake("6x4").value
(game('10'), game('0'))
>>> Eatcake("1x1").value, Eatcake("2x1").value, Eatcake("3x1").right_moves()
(game('*'), game('v'), [Eatcake('')])
>>> Cutcake("3x1").left_moves()
[Cutcake('1x1,2x1')]
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from ..classic.cake import maundy_cake_formula, maundy_cake_moves
from ..errors import RulesError
from ..short.game import Game
from .base import StringPosition
from .grid import TranspositionTable, evaluate

__all__ = ["Cutcake", "MaundyCake", "Eatcake", "cutcake_formula", "parse_cakes"]


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
    table: TranspositionTable

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
        cls = type(self)
        cls.table.bound()
        total = Game.of(0)
        for cake in self.cakes:
            total = total + evaluate(cake, cls.table, cls._expand, mirror=lambda c: (c[1], c[0]))
        return total


class Cutcake(_Cakes):
    """Cutcake positions."""

    __slots__ = ()
    NAME = "Cutcake"
    table = TranspositionTable()
    _moves_of = staticmethod(_cutcake_moves)
    formula = staticmethod(cutcake_formula)


class MaundyCake(_Cakes):
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


class Eatcake(_Cakes):
    """Eatcake positions: Left eats a column, Right a row."""

    __slots__ = ()
    NAME = "Eatcake"
    table = TranspositionTable()
    _moves_of = staticmethod(_eatcake_moves)
