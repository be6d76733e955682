"""Fox and Geese (Winning Ways ch. 22), in CGSuite's coordinates: a loopy game.

The board is ``width`` columns wide and unbounded upwards; squares are ``(row, col)``
with ``row >= 1``, ``1 <= col <= width`` and ``row + col`` even (the dark squares).
Left plays the geese: a goose steps diagonally *down* (row - 1) to an empty square.
Right plays the fox: it steps diagonally in any of the four directions to an empty
square.  There are no captures; the geese try to trap the fox.  As in CGSuite, a fox
that has reached the row of the highest goose (or stands just below it with a free
square above) has escaped: it can move forever and the geese cannot, so the position
is ``off``.  Geese only go down, so only the fox can repeat a position: every value is
a stopper.

>>> FoxAndGeese(geese=[(3, 1), (3, 3), (3, 5), (3, 7)], fox=(2, 2)).value
2over
>>> FoxAndGeese(geese=[(3, 1), (3, 3), (3, 5), (3, 7)], fox=(1, 5)).value
{4|3||2}
"""

from __future__ import annotations

from typing import Iterable, Optional

from ..errors import RulesError
from ..loopy.positions import from_moves
from ..loopy.values import Stopper
from .base import Ruleset

__all__ = ["FoxAndGeese"]

_DIAGONALS = ((1, -1), (1, 1), (-1, -1), (-1, 1))
_GEESE_STEPS = ((-1, -1), (-1, 1))


def _off() -> Stopper:
    from ..loopy.notation import loopy

    return loopy("off")  # type: ignore[return-value]


class FoxAndGeese(
    Ruleset,
    name="fox-and-geese",
    summary="geese step diagonally down, the fox any diagonal way; trap the fox (loopy)",
    example="",
    loopy=True,
    command="cgtkit fox-and-geese --geese 3,1 3,3 3,5 3,7 --fox 2,2",
):
    """A Fox and Geese position (immutable): ``geese`` a collection of ``(row, col)``,
    ``fox`` one ``(row, col)``, ``width`` the board's width (8 by default)."""

    __slots__ = ("geese", "fox", "width", "_value")
    IMPARTIAL = False

    def __init__(self, geese: Iterable[tuple[int, int]], fox: tuple[int, int], width: int = 8) -> None:
        if isinstance(width, bool) or not isinstance(width, int) or width < 1:
            raise RulesError(f"FoxAndGeese: width must be an int >= 1, got {width!r}")
        self.width = width
        try:
            squares = [tuple(g) for g in geese]
        except TypeError:
            raise RulesError(f"FoxAndGeese: geese must be a collection of (row, col) pairs, not {geese!r}") from None
        for g in squares:
            self._check(g, "goose")
        if not squares:
            raise RulesError("FoxAndGeese: there must be at least one goose")
        self.geese = frozenset(squares)  # type: ignore[arg-type]
        if len(self.geese) != len(squares):
            raise RulesError(f"FoxAndGeese: two geese on the same square in {sorted(squares)}")
        fox = tuple(fox)
        self._check(fox, "fox")
        if fox in self.geese:
            raise RulesError(f"FoxAndGeese: the fox at {fox} stands on a goose")
        self.fox: tuple[int, int] = fox  # type: ignore[assignment]
        self._value = None

    def _check(self, square: tuple, what: str) -> None:
        ok = (
            len(square) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in square)
            and square[0] >= 1
            and 1 <= square[1] <= self.width
            and (square[0] + square[1]) % 2 == 0
        )
        if not ok:
            raise RulesError(
                f"FoxAndGeese: the {what} at {square!r} is not a valid square "
                f"(1 <= col <= {self.width}; row >= 1; row + col even)"
            )

    def __repr__(self) -> str:
        return f"FoxAndGeese(geese={sorted(self.geese)}, fox={self.fox}, width={self.width})"

    def __str__(self) -> str:
        top = max(r for r, _ in self.geese | {self.fox})
        rows = []
        for r in range(top, 0, -1):
            row = ""
            for c in range(1, self.width + 1):
                sq = (r, c)
                row += "G" if sq in self.geese else "F" if sq == self.fox else "." if (r + c) % 2 == 0 else " "
            rows.append(row)
        return "|".join(rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FoxAndGeese):
            return NotImplemented
        return (self.geese, self.fox, self.width) == (other.geese, other.fox, other.width)

    def __hash__(self) -> int:
        return hash((self.geese, self.fox, self.width))

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the checkered board with the geese and the fox."""
        from .board_svg import grid_svg  # (imported when first drawn)

        return grid_svg(str(self).split("|"), repr(self), checkered=True)

    def escaped(self) -> bool:
        """Whether the fox is free (CGSuite's rule): the position is then ``off``."""
        top = max(r for r, _ in self.geese)
        r, c = self.fox
        if r >= top:
            return True
        return r == top - 1 and any(1 <= c + dc <= self.width and (r + 1, c + dc) not in self.geese for dc in (-1, 1))

    def left_moves(self) -> list["FoxAndGeese"]:
        """The geese's moves: one goose one step diagonally down to an empty square."""
        out = []
        for g in sorted(self.geese):
            for dr, dc in _GEESE_STEPS:
                n = (g[0] + dr, g[1] + dc)
                if n[0] >= 1 and 1 <= n[1] <= self.width and n != self.fox and n not in self.geese:
                    out.append(FoxAndGeese((self.geese - {g}) | {n}, self.fox, self.width))
        return out

    def right_moves(self) -> list["FoxAndGeese"]:
        """The fox's moves: one step diagonally to an empty square."""
        out = []
        for dr, dc in _DIAGONALS:
            n = (self.fox[0] + dr, self.fox[1] + dc)
            if n[0] >= 1 and 1 <= n[1] <= self.width and n not in self.geese:
                out.append(FoxAndGeese(self.geese, n, self.width))
        return out

    @staticmethod
    def _moves(p: "FoxAndGeese"):
        if p.escaped():
            return [], [_off()]
        return p.left_moves(), p.right_moves()

    def graph(self, max_positions: int | None = None):
        """The game graph of every position reachable from this one."""
        return from_moves(self._moves, self, max_positions)

    @property
    def value(self):
        """The canonical stopper (CGSuite's GameValue)."""
        if self._value is None:
            self._value = self.graph().value()
        return self._value
