"""Elephants and Rhinos (Albert, Nowakowski and Wolfe, *Lessons in Play*; MCGS's
``elephants``): a strip of squares, Left's elephants ``X`` facing right and Right's
rhinos ``O`` facing left.  A move steps one of your animals one square forward into
an empty square ``.``; nothing jumps.

Invariants of the decomposition: an elephant directly left of a rhino (``XO``)
never moves again and nothing passes it, so the strip splits there; rhinos at a
part's left end, elephants at its right end, empty squares left of its first
elephant (when no rhino is before it) and right of its last rhino are never used and
are dropped.  A part read backwards with the animals swapped is its negative; a
part of one kind of animal is the integer number of steps they have left.

>>> Elephants("X.").value, Elephants("X.O").value, Elephants("X..O").value
(game('1'), game('*'), game('0'))
>>> Elephants("X..O").left_moves()
[Elephants('.X.O')]
>>> parts("OX.O.XO..X")
('X.O',)
"""

from __future__ import annotations

from typing import Optional

from ..errors import RulesError
from .base import StringPosition, native_value
from .bitboard import parse_grid
from .gen_toads import trim_without_jumps
from .solver import ComponentSolver

__all__ = ["Elephants", "parts", "step"]

_SWAP = str.maketrans("XO", "OX")


def _mirror(part: str) -> str:
    return part[::-1].translate(_SWAP)


def parts(strip: str) -> tuple[str, ...]:
    """The independent parts of ``strip`` in which a move is possible, sorted."""
    out = []
    for chunk in strip.replace("XO", "X|O").split("|"):
        part = trim_without_jumps(chunk)
        if "X." in part or ".O" in part:
            out.append(part)
    return tuple(sorted(out))


def step(strip: str, mine: str) -> list[str]:
    """The strips after each step of one of ``mine``'s animals (``X`` right, ``O``
    left), left to right."""
    out = []
    for i, ch in enumerate(strip):
        j = i + 1 if ch == "X" else i - 1
        if ch == mine and 0 <= j < len(strip) and strip[j] == ".":
            lo, hi = min(i, j), max(i, j)
            out.append(strip[:lo] + strip[lo : hi + 1][::-1] + strip[hi + 1 :])
    return out


def _expand(part: str):
    return ({parts(o) for o in step(part, "X")}, {parts(o) for o in step(part, "O")})


def _one_kind(part: str):
    """A part with animals of one kind is the number of steps they have left."""
    from .toads import one_sided

    return one_sided(part.replace("X", "T").replace("O", "F"))


SOLVER = ComponentSolver(_expand, mirror=_mirror, quick=_one_kind)


class Elephants(
    StringPosition,
    name="elephants",
    summary="elephants X step right, rhinos O step left, one square into an empty one",
    example="X..X.O..O",
    cells=".XO",
    board=True,
    native="elephants",
    aliases=("elephants-and-rhinos",),
):
    """An Elephants and Rhinos strip (immutable): ``X``, ``O`` and ``.``."""

    __slots__ = ("_s",)

    def __init__(self, text: str) -> None:
        rows = parse_grid(text.upper() if isinstance(text, str) else text, "XO.", "Elephants")
        if len(rows) != 1:
            raise RulesError(f"Elephants: a position is one strip, not {len(rows)} rows")
        self._s = rows[0]

    def __str__(self) -> str:
        return self._s

    def _state(self) -> str:
        return self._s

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the strip, elephants black stones, rhinos white."""
        from .board_svg import grid_svg

        return grid_svg([self._s.lower()], repr(self))

    def left_moves(self) -> list["Elephants"]:
        """Left's moves: an elephant steps right into an empty square, left to right."""
        return [Elephants(o) for o in step(self._s, "X")]

    def right_moves(self) -> list["Elephants"]:
        """Right's moves: a rhino steps left into an empty square, left to right."""
        return [Elephants(o) for o in step(self._s, "O")]

    def components(self) -> tuple[str, ...]:
        """The keys of the independent parts (see :func:`parts`)."""
        return parts(self._s)

    def native_parts(self) -> tuple:
        """The owner of the native search and the parts' keys, for
        :func:`cgtkit.search.who_wins`."""
        return (Elephants, self.components())

    @property
    def value(self):  # type: ignore[no-untyped-def]
        """The canonical value: the sum of the parts' values."""
        got = native_value(Elephants, self.components())
        if got is not None:
            return got
        return SOLVER.value_of(self.components())
