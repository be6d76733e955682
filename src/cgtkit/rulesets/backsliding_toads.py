"""Backsliding Toads and Frogs (Winning Ways ch. 12; CGSuite's BackslidingToadsAndFrogs):
Toads and Frogs in which a creature may also step back.

Left's toads ``t`` move right, Right's frogs ``f`` move left: one step into an empty
cell ``.``, or a jump over exactly one opposing creature into the empty cell beyond,
as in Toads and Frogs; and also one step *back* into an empty cell.  Positions repeat,
so values are loopy: ``ttt..fff`` has the sided value ``{on||0|-1/2} & {1/2|0||off}``,
as CGSuite gives it (see :mod:`cgtkit.loopy.sides`).

``t.f`` is a stopper: Left's ``.tf`` and Right's ``tf.`` each lead to a cycle that only
one player can run round, and whoever starts loses, so it is 0.

>>> BackslidingToadsAndFrogs("t.f").value
0
>>> BackslidingToadsAndFrogs(".tf").value
*
>>> BackslidingToadsAndFrogs("t..").value
on
"""

from __future__ import annotations

from typing import Optional

from ..errors import RulesError, quoted
from ..loopy.positions import from_moves
from ..rulesets.base import StringPosition

__all__ = ["BackslidingToadsAndFrogs"]


def _moves(s: str, me: str, them: str, step: int) -> list[str]:
    out = []
    n = len(s)
    for i, ch in enumerate(s):
        if ch != me:
            continue
        for j in (i + step, i - step):  # forward, then back
            if 0 <= j < n and s[j] == ".":
                out.append(_moved(s, i, j, me))
        j = i + step
        if 0 <= j < n and s[j] == them and 0 <= j + step < n and s[j + step] == ".":
            out.append(_moved(s, i, j + step, me))
    return out


def _moved(s: str, i: int, j: int, me: str) -> str:
    chars = list(s)
    chars[i], chars[j] = ".", me
    return "".join(chars)


class BackslidingToadsAndFrogs(
    StringPosition,
    name="backsliding-toads",
    summary="Toads and Frogs where a piece may also step back (loopy)",
    example="ttt..fff",
    board=True,
    loopy=True,
):
    """A Backsliding Toads and Frogs strip (immutable), e.g. ``"ttt..fff"``."""

    __slots__ = ("_s", "_value")

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise RulesError(
                f"BackslidingToadsAndFrogs: a position is a string like 'tt..ff', not {type(text).__name__}"
            )
        s = text.strip()
        for i, ch in enumerate(s):
            if ch not in "TtFf.":
                raise RulesError(
                    f"BackslidingToadsAndFrogs: illegal character {ch!r} at column {i + 1} of "
                    f"{quoted(text, i + 1)} (allowed: 't', 'f', '.')"
                )
        self._s = s.lower()
        self._value = None

    def __str__(self) -> str:
        return self._s

    def _state(self) -> str:
        return self._s

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the strip with its toads and frogs."""
        from .board_svg import strip_svg  # (imported when first drawn)

        return strip_svg(str(self), repr(self))

    def left_moves(self) -> list["BackslidingToadsAndFrogs"]:
        """Left's moves: a toad steps right, jumps a frog, or steps back left."""
        return [BackslidingToadsAndFrogs(o) for o in _moves(self._s, "t", "f", 1)]

    def right_moves(self) -> list["BackslidingToadsAndFrogs"]:
        """Right's moves: a frog steps left, jumps a toad, or steps back right."""
        return [BackslidingToadsAndFrogs(o) for o in _moves(self._s, "f", "t", -1)]

    def graph(self, max_positions: int | None = None):
        """The game graph (positions are strips)."""
        return from_moves(lambda s: (_moves(s, "t", "f", 1), _moves(s, "f", "t", -1)), self._s, max_positions)

    @property
    def value(self):
        """The loopy value: a stopper, or ``onside & offside``."""
        if self._value is None:
            self._value = self.graph().value()
        return self._value
