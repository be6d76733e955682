"""Blue-Red-Green Hackenbush stalks.

A stalk is a string of edges from the ground up: ``L`` (or ``B``) blue, Left's;
``R`` red, Right's; ``G`` green, either player's.  Chopping an edge removes it and
everything above it.  A position is one or more stalks, separated by commas; its
value is the sum of the stalks' values.

Invariant: a stalk of blue and red edges is a number: the edges below the first
change of colour count +-1 each, and every later edge counts +-1/2, +-1/4, ... in
turn (Winning Ways ch. 2; Berlekamp's rule), which :func:`stalk_number` computes
directly; :attr:`HackenbushStalks.value` computes every stalk by its options, bottom
up (no recursion), and the tests check the two agree.  A green stalk of n edges is
``*n``.

>>> HackenbushStalks("LLR").value, HackenbushStalks("LR,LR,R").value
(game('3/2'), game('0'))
>>> HackenbushStalks("GGG").value, HackenbushStalks("LG").value
(game('*3'), game('1*'))
>>> stalk_number("LRRL")
Dyadic('3/8')
"""

from __future__ import annotations

from ..errors import RulesError
from ..numbers import Dyadic
from ..short.game import Game

__all__ = ["HackenbushStalks", "stalk_value", "stalk_number"]

_COLOURS = {"L": "L", "B": "L", "R": "R", "G": "G"}
_VALUES: dict[str, Game] = {"": Game.of(0)}


def _parse_stalk(text: str, where: int, full: str) -> str:
    out = []
    for i, ch in enumerate(text):
        c = _COLOURS.get(ch.upper())
        if c is None:
            raise RulesError(
                f"Hackenbush: illegal character {ch!r} at column {where + i + 1} of {full!r}"
                " (allowed: L or B blue, R red, G green; stalks separated by ',')"
            )
        out.append(c)
    return "".join(out)


def stalk_value(stalk: str) -> Game:
    """The value of one stalk (``L``/``R``/``G`` only), each prefix solved once."""
    got = _VALUES.get(stalk)
    if got is not None:
        return got
    values = [Game.of(0)]
    for k in range(1, len(stalk) + 1):
        prefix = stalk[:k]
        v = _VALUES.get(prefix)
        if v is None:
            left = [values[i] for i in range(k) if stalk[i] != "R"]
            right = [values[i] for i in range(k) if stalk[i] != "L"]
            v = _VALUES[prefix] = Game.from_options(left, right)
        values.append(v)
    return values[-1]


def stalk_number(stalk: str) -> Dyadic:
    """The number a blue-red stalk equals, by Berlekamp's sign-expansion rule."""
    if "G" in stalk:
        raise RulesError(f"Hackenbush: stalk {stalk!r} has a green edge, so it need not be a number")
    value = Dyadic(0)
    i = 0
    while i < len(stalk) and stalk[i] == stalk[0]:
        value += 1 if stalk[0] == "L" else -1
        i += 1
    step = Dyadic(1)
    for ch in stalk[i:]:
        step = step / 2
        value += step if ch == "L" else -step
    return value


class HackenbushStalks:
    """A position of Hackenbush stalks (immutable)."""

    __slots__ = ("stalks",)

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise RulesError(f"Hackenbush: a position is a string like 'LLR,GG', not {type(text).__name__}")
        stalks = []
        at = 0
        for part in text.strip().split(","):
            stalks.append(_parse_stalk(part.strip(), at, text))
            at += len(part) + 1
        self.stalks = tuple(s for s in stalks if s)

    @classmethod
    def _make(cls, stalks) -> "HackenbushStalks":
        p = object.__new__(cls)
        p.stalks = tuple(s for s in stalks if s)
        return p

    def __str__(self) -> str:
        return ",".join(self.stalks)

    def __repr__(self) -> str:
        return f"HackenbushStalks('{self}')"

    def __eq__(self, other: object) -> bool:
        if type(other) is not HackenbushStalks:
            return NotImplemented
        return self.stalks == other.stalks

    def __hash__(self) -> int:
        return hash(("Hackenbush", self.stalks))

    def _moves(self, colours: str) -> list["HackenbushStalks"]:
        out = []
        for j, s in enumerate(self.stalks):
            for i, ch in enumerate(s):
                if ch in colours:
                    out.append(self._make(self.stalks[:j] + (s[:i],) + self.stalks[j + 1 :]))
        return out

    def left_moves(self) -> list["HackenbushStalks"]:
        """Left chops a blue or green edge (and everything above it)."""
        return self._moves("LG")

    def right_moves(self) -> list["HackenbushStalks"]:
        """Right chops a red or green edge."""
        return self._moves("RG")

    @property
    def value(self) -> Game:
        total = Game.of(0)
        for s in self.stalks:
            total = total + stalk_value(s)
        return total
