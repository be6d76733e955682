"""Toads and Frogs on a strip.

Left's toads ``T`` move right, Right's frogs ``F`` move left: one step into an empty
cell ``.``, or a jump over exactly one opposing piece into the empty cell beyond
(Winning Ways ch. 1; CGSuite's convention, lower case ``t``/``f`` accepted too).

Invariant of the decomposition: the block ``TTFF`` never moves again and nothing
can cross it, so a strip splits there into independent strips; frogs at a strip's
left end and toads at its right end are stuck and are dropped.  Mirroring a strip and
swapping toads and frogs negates its value, so each solved strip also records its
mirror image.

>>> ToadsAndFrogs("T.F").value, ToadsAndFrogs("T.").value, ToadsAndFrogs("TT..FF").value
(game('*'), game('1'), game('*'))
>>> ToadsAndFrogs("T.F").left_moves(), ToadsAndFrogs("TF.").left_moves()
([ToadsAndFrogs('.TF')], [ToadsAndFrogs('.FT')])
>>> components("FT.TTFFT.F.T")
('T.', 'T.F.')
>>> ToadsAndFrogs("T.T..").value, ToadsAndFrogs("..F.F").value   # one kind: steps to pack
(game('5'), game('-5'))
"""

from __future__ import annotations

from typing import Optional

from ..errors import RulesError, quoted
from ..short.game import Game
from .base import StringPosition, native_value
from .solver import ComponentSolver

__all__ = ["ToadsAndFrogs", "components", "one_sided", "TOADS", "TOADS_TABLE"]

_SWAP = str.maketrans("TF", "FT")


def _mirror(s: str) -> str:
    return s[::-1].translate(_SWAP)


def components(strip: str) -> tuple[str, ...]:
    """The independent sub-strips of ``strip`` (upper case) in which a move is possible."""
    out = []
    for part in strip.split("TTFF"):
        part = part.lstrip("F").rstrip("T")
        if "." in part and ("T" in part or "F" in part) and _has_move(part):
            out.append(part)
    out.sort()
    return tuple(out)


def _has_move(s: str) -> bool:
    return "T." in s or ".F" in s or "TF." in s or ".TF" in s


def one_sided(s: str):
    """The value of a strip with pieces of one kind only: they never pass each other,
    so every order of play ends with them packed at the far end, and the value is
    the number of steps that takes (toads, Left) or its negative (frogs, Right)."""
    if "F" not in s:
        ends = range(len(s) - 1, -1, -1)
        return Game.of(sum(end - i for end, i in zip(ends, [i for i in range(len(s) - 1, -1, -1) if s[i] == "T"])))
    if "T" not in s:
        return Game.of(-sum(i - end for end, i in enumerate([i for i, ch in enumerate(s) if ch == "F"])))
    return None


def _options(s: str, me: str, them: str, step: int) -> list[str]:
    out = []
    n = len(s)
    for i, ch in enumerate(s):
        if ch != me:
            continue
        j = i + step
        if 0 <= j < n:
            if s[j] == ".":
                out.append(_moved(s, i, j, me))
            elif s[j] == them and 0 <= j + step < n and s[j + step] == ".":
                out.append(_moved(s, i, j + step, me))
    return out


def _moved(s: str, i: int, j: int, me: str) -> str:
    if i < j:
        return s[:i] + "." + s[i + 1 : j] + me + s[j + 1 :]
    return s[:j] + me + s[j + 1 : i] + "." + s[i + 1 :]


def _expand(s: str):
    return (
        {components(o) for o in _options(s, "T", "F", 1)},
        {components(o) for o in _options(s, "F", "T", -1)},
    )


# the solver of every strip: a strip read backwards with the roles swapped is the
# negative, and a strip where one side alone can move is an integer
TOADS = ComponentSolver(_expand, mirror=_mirror, quick=one_sided)
TOADS_TABLE = TOADS.table


class ToadsAndFrogs(
    StringPosition,
    name="toads",
    summary="toads T move right, frogs F move left, one step or a jump",
    example="TT..FF",
    board=True,
    native="toads",
    aliases=("toadsandfrogs", "toads-and-frogs"),
):
    """A Toads and Frogs strip (immutable)."""

    __slots__ = ("_s",)

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise RulesError(f"ToadsAndFrogs: a position is a string like 'TT..FF', not {type(text).__name__}")
        s = text.strip()
        for i, ch in enumerate(s):
            if ch not in "TtFf.":
                raise RulesError(
                    f"ToadsAndFrogs: illegal character {ch!r} at column {i + 1} of {quoted(text, i + 1)} (allowed: 'T', 'F', '.')"
                )
        self._s = s.upper()

    def __str__(self) -> str:
        return self._s

    def _state(self) -> str:
        return self._s

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the strip with its toads and frogs."""
        from .board_svg import strip_svg  # (imported when first drawn)

        return strip_svg(str(self), repr(self))

    def left_moves(self) -> list["ToadsAndFrogs"]:
        """Left's moves (a toad steps or jumps right), left to right."""
        return [ToadsAndFrogs(o) for o in _options(self._s, "T", "F", 1)]

    def right_moves(self) -> list["ToadsAndFrogs"]:
        """Right's moves (a frog steps or jumps left), left to right."""
        return [ToadsAndFrogs(o) for o in _options(self._s, "F", "T", -1)]

    def components(self) -> tuple[str, ...]:
        return components(self._s)

    def native_parts(self) -> tuple:
        """The owner of the native search and the sub-strips' keys."""
        return (ToadsAndFrogs, components(self._s))

    @property
    def value(self) -> Game:
        """The canonical value: the sum over the independent sub-strips."""
        got = native_value(ToadsAndFrogs, components(self._s))
        if got is not None:
            return got
        return TOADS.value_of(components(self._s))
