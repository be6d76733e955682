"""Kayles and Dawson's Kayles: impartial games on rows of pins.

A row is a string of pins ``x`` (``!`` is read as a pin too, as in Winning Ways'
pictures; it prints as ``x``) and gaps ``.``.  In **Kayles** a move knocks down
one pin or two adjacent pins; in **Dawson's Kayles** exactly two adjacent pins.  A
move may split a run of pins in two, and runs are independent, so the nim value of a
row is the xor of the values of its runs.  As heap games a run of n pins is a heap
of n: Kayles is the octal game 0.77 and Dawson's Kayles 0.07, and run values come
from the heap engine (:class:`cgtkit.heap.OctalGame`): one growing table per game,
filled by the compiled rare/common kernel, and for a run past it the proved period
(Kayles: 12 from 71; Dawson's Kayles: 34 from 53), so a row of any length is quick.

>>> Kayles("xxx").value, Kayles("xx.x").nim_value, [Kayles.run_value(n) for n in range(8)]
(game('*3'), 3, [0, 1, 2, 3, 1, 4, 3, 2])
>>> DawsonsKayles("xxxx").nim_value, DawsonsKayles("xxxx").moves()
(2, [DawsonsKayles('..xx'), DawsonsKayles('x..x'), DawsonsKayles('xx..')])
"""

from __future__ import annotations

from typing import Optional

from ..errors import RulesError
from ..heap.games import OctalGame
from .base import ImpartialPosition

__all__ = ["Kayles", "DawsonsKayles"]


class _PinRow(ImpartialPosition, board=True):
    __slots__ = ("_s",)

    def _state(self) -> tuple:
        return (self._s,)

    NAME = "Row"
    REMOVE: tuple[int, ...] = ()
    _game: OctalGame  # the runs as heaps: one growing table per ruleset

    def __init__(self, text: str) -> None:
        if isinstance(text, int) and not isinstance(text, bool) and text >= 0:
            text = "x" * text
        if not isinstance(text, str):
            raise RulesError(f"{self.NAME}: a position is a string like 'xxx.xx' or a pin count, not {text!r}")
        for i, ch in enumerate(text):
            if ch not in "xX!. ":
                raise RulesError(
                    f"{self.NAME}: illegal character {ch!r} at column {i + 1} of {text!r}"
                    " (allowed: 'x' or '!' pin, '.' gap)"
                )
        self._s = text.strip().replace("!", "x").replace("X", "x")
        if " " in self._s:
            col = text.index(" ", len(text) - len(text.lstrip())) + 1
            raise RulesError(f"{self.NAME}: a space at column {col} of {text!r} inside the row")

    def __str__(self) -> str:
        return self._s

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the row, a pin a black stone."""
        from .board_svg import grid_svg  # (imported when first drawn)

        return grid_svg([self._s], repr(self))

    def moves(self) -> list["_PinRow"]:
        """Every row reachable in one move, left to right."""
        s = self._s
        out = []
        for i in range(len(s)):
            for k in self.REMOVE:
                if s[i : i + k] == "x" * k:
                    out.append(type(self)(s[:i] + "." * k + s[i + k :]))
        return out

    @classmethod
    def run_value(cls, n: int) -> int:
        """The nim value of one run of n pins (a heap of n in the octal game)."""
        return cls._game.grundy(n)

    @property
    def nim_value(self) -> int:
        """The nim value: the xor of the values of the runs of pins."""
        x = 0
        for run in self._s.split("."):
            x ^= self.run_value(len(run))
        return x


class Kayles(_PinRow, name="kayles", summary="knock down one pin or two adjacent pins (impartial)", example="xxx.xx"):
    """Kayles (octal game 0.77): knock down one pin or two adjacent pins."""

    __slots__ = ()
    NAME = "Kayles"
    REMOVE = (1, 2)
    _game = OctalGame("0.77")


class DawsonsKayles(
    _PinRow,
    name="dawsons-kayles",
    summary="knock down two adjacent pins (impartial)",
    example="xxxxx",
    aliases=("dawson", "dawsonskayles", "dawsons"),
):
    """Dawson's Kayles (octal game 0.07): knock down two adjacent pins."""

    __slots__ = ()
    NAME = "DawsonsKayles"
    REMOVE = (2,)
    _game = OctalGame("0.07")
