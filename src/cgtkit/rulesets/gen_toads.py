"""Generalized Toads and Frogs (MCGS's ``gen_toads``): Toads and Frogs on a strip with
four parameters, written ``min slide,max slide,max jump,friendly jump:strip``.  Left's
toads ``X`` move right, Right's frogs ``O`` move left.  A piece whose next square
forward is empty slides: ``min slide`` to ``max slide`` squares forward, over empty
squares only, onto an empty square.  A piece whose next square is occupied jumps: over
the run of pieces in front of it onto the first empty square beyond, when the run has
at most ``max jump`` pieces, all the opponent's (or anyone's, with friendly jump 1).
The classic game (Winning Ways ch. 1) is ``1,1,1,0``; Elephants and Rhinos is
``1,1,0,0``.

Invariants of the decomposition: frogs at the strip's left end and toads at its right
end never move again and nothing reaches them, so they are dropped; without jumps
(max jump 0) the strip also splits where a toad faces a frog (``XO``), and empty
squares before the first toad (no frog before it) or after the last frog are never
used.  A strip read backwards with the pieces swapped is the negative.

>>> GenToads("1,1,1,0:X.O").value, GenToads("1,2,0,0:X..").value, GenToads("1,1,1,0:XO.").value
(game('*'), game('2'), game('0'))
>>> GenToads("1,2,2,1:XXO..").left_moves()
[GenToads('1,2,2,1:.XOX.'), GenToads('1,2,2,1:X.OX.')]
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..errors import RulesError, quoted
from .base import StringPosition, native_value
from .bitboard import parse_grid
from .solver import ComponentSolver

__all__ = ["GenToads", "Params", "parts", "moves"]

_SWAP = str.maketrans("XO", "OX")


class Params(NamedTuple):
    """The rules of a generalized Toads and Frogs."""

    min_slide: int
    max_slide: int
    max_jump: int
    friendly_jump: bool

    def __str__(self) -> str:
        return f"{self.min_slide},{self.max_slide},{self.max_jump},{int(self.friendly_jump)}"


def _params(text: str, whole: str) -> Params:
    items = text.split(",")
    if len(items) != 4 or not all(i.strip().isdigit() for i in items):
        raise RulesError(f"GenToads: the rules of {quoted(whole)} are four naturals 'min,max,jump,friendly'")
    a, b, c, d = (int(i) for i in items)
    if not (0 < a <= b and d in (0, 1)):
        raise RulesError(
            f"GenToads: the rules of {quoted(whole)} need 0 < min slide <= max slide and friendly jump 0 or 1"
        )
    return Params(a, b, c, bool(d))


def moves(rules: Params, strip: str, mine: str) -> list[str]:
    """The strips after each move of ``mine``'s pieces (``X`` right, ``O`` left): for
    each piece left to right, its slides by increasing distance, then its jump."""
    d, them, n, out = (1 if mine == "X" else -1), ("O" if mine == "X" else "X"), len(strip), []
    for i, ch in enumerate(strip):
        if ch != mine or not 0 <= i + d < n:
            continue
        targets = []
        if strip[i + d] == ".":
            for k in range(1, rules.max_slide + 1):
                j = i + k * d
                if not 0 <= j < n or strip[j] != ".":
                    break
                if k >= rules.min_slide:
                    targets.append(j)
        else:
            j = i + d
            while 0 <= j < n and strip[j] != "." and abs(j - i) <= rules.max_jump:
                if strip[j] != them and not rules.friendly_jump:
                    break
                j += d
            else:
                if 0 <= j < n and strip[j] == "." and abs(j - i) <= rules.max_jump + 1:
                    targets.append(j)
        for j in targets:
            s = list(strip)
            s[i], s[j] = ".", mine
            out.append("".join(s))
    return out


def _trim(rules: Params, strip: str) -> list[str]:
    strip = strip.lstrip("O").rstrip("X")
    if rules.max_jump:
        return [strip]
    return [trim_without_jumps(chunk) for chunk in strip.replace("XO", "X|O").split("|")]


def trim_without_jumps(part: str) -> str:
    """A part of a strip where nobody jumps, without what never moves or is never moved
    into: the O's at its left end and X's at its right, the empty squares before its
    first piece if that is an X, and after its last if that is an O.

    >>> trim_without_jumps("O..X.O..X")
    'X.O'
    """
    part = part.lstrip("O").rstrip("X")
    first = len(part) - len(part.lstrip("."))
    if part[first : first + 1] == "X":
        part = part[first:]
    last = len(part.rstrip("."))
    if part[last - 1 : last] == "O":
        part = part[:last]
    return part


def parts(rules: Params, strip: str) -> tuple[tuple[Params, str], ...]:
    """The keys of the independent parts of ``strip`` where a move is possible."""
    keep = (p for p in _trim(rules, strip) if moves(rules, p, "X") or moves(rules, p, "O"))
    return tuple(sorted((rules, p) for p in keep))


def _expand(key: tuple[Params, str]):
    rules, strip = key
    return tuple({parts(rules, o) for o in moves(rules, strip, me)} for me in "XO")


def _mirror(key: tuple[Params, str]) -> tuple[Params, str]:
    return key[0], key[1][::-1].translate(_SWAP)


SOLVER = ComponentSolver(_expand, mirror=_mirror)


class GenToads(
    StringPosition,
    name="gen-toads",
    summary="generalized Toads and Frogs 'min,max,jump,friendly:strip': X slide/jump right, O left",
    example="1,2,1,1:XX..O.O",
    board=True,
    native="gen-toads",
    aliases=("generalized-toads",),
):
    """A generalized Toads and Frogs position (immutable): its rules and its strip."""

    __slots__ = ("rules", "_s")

    def __init__(self, text: str) -> None:
        if not isinstance(text, str) or ":" not in text:
            raise RulesError(f"GenToads: a position is 'min,max,jump,friendly:strip' like '1,1,1,0:X..O', not {text!r}")
        head, _, strip = text.strip().partition(":")
        self.rules = _params(head, text)
        rows = parse_grid(strip.upper(), "XO.", "GenToads")
        if len(rows) != 1:
            raise RulesError(f"GenToads: a position is one strip, not {len(rows)} rows")
        self._s = rows[0]

    def __str__(self) -> str:
        return f"{self.rules}:{self._s}"

    def _state(self) -> tuple[Params, str]:
        return self.rules, self._s

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the strip, toads black stones, frogs white."""
        from .board_svg import grid_svg

        return grid_svg([self._s.lower()], repr(self))

    def left_moves(self) -> list["GenToads"]:
        """Left's moves: a toad slides or jumps right (see :func:`moves`)."""
        return [GenToads(f"{self.rules}:{o}") for o in moves(self.rules, self._s, "X")]

    def right_moves(self) -> list["GenToads"]:
        """Right's moves: a frog slides or jumps left."""
        return [GenToads(f"{self.rules}:{o}") for o in moves(self.rules, self._s, "O")]

    def components(self) -> tuple[tuple[Params, str], ...]:
        """The keys of the independent parts: (rules, strip) pairs."""
        return parts(self.rules, self._s)

    def native_parts(self) -> tuple:
        """The owner of the native search and the parts' keys (``rules:strip``), for
        :func:`cgtkit.search.who_wins`."""
        return (GenToads, tuple(f"{r}:{s}" for r, s in self.components()))

    @property
    def value(self):  # type: ignore[no-untyped-def]
        """The canonical value: the sum of the parts' values."""
        keys = self.components()
        got = native_value(GenToads, [f"{r}:{s}" for r, s in keys])
        if got is not None:
            return got
        return SOLVER.value_of(keys)
