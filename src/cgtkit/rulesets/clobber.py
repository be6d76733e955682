"""Clobber: stones capture orthogonally adjacent enemy stones.

Left moves a black stone ``x`` onto an orthogonally adjacent white stone ``o``,
removing it; Right moves an ``o`` onto an adjacent ``x`` (CGSuite's convention: ``x``
is Left).  Empty cells (``.``) never fill again, so a position splits into its
orthogonally connected groups of stones; a group of one colour only is 0 and is
dropped.  Groups are normalised under all 8 symmetries of the square, and solving a
group also records the value of its colour-swapped twin (the negative).

>>> Clobber("xo").value, Clobber("xxo").value, Clobber("x.o").value
(game('*'), game('^'), game('0'))
>>> Clobber("xo|..").left_moves()
[Clobber('.x|..')]
"""

from __future__ import annotations

from typing import Iterable

from ..errors import RulesError
from ..short.game import Game
from .grid import TranspositionTable, evaluate, flips, parse_grid, split, transpose

__all__ = ["Clobber", "ClobberRuleset", "CLOBBER"]


def _near(bits: int, stride: int) -> int:
    return (bits << 1) | (bits >> 1) | (bits << stride) | (bits >> stride)


class ClobberRuleset:
    """The Clobber solver: one transposition table, keyed by ``(width, black, white)``
    of normalised groups (packed at stride ``width + 1``)."""

    def __init__(self, max_entries: int = 2_000_000) -> None:
        self.table = TranspositionTable(max_entries)
        self._split_cache: dict = {}

    def key(self, black: int, white: int, stride: int) -> tuple:
        """The normalised key of one connected group."""
        c = black | white
        low = c & -c
        shift = ((low.bit_length() - 1) // stride) * stride
        c >>= shift
        black >>= shift
        white >>= shift
        mask = (1 << stride) - 1
        xs, os = [], []
        o = 0
        while c:
            o |= c & mask
            xs.append(black & mask)
            os.append(white & mask)
            c >>= stride
            black >>= stride
            white >>= stride
        c0 = (o & -o).bit_length() - 1
        if c0:
            xs = [r >> c0 for r in xs]
            os = [r >> c0 for r in os]
        w = (o >> c0).bit_length()
        h = len(xs)
        xs, os = tuple(xs), tuple(os)
        tx, to = transpose(xs, w), transpose(os, w)
        best = min(
            [(h, w, a, b) for a, b in zip(flips(xs, w), flips(os, w))]
            + [(w, h, a, b) for a, b in zip(flips(tx, h), flips(to, h))]
        )
        _, bw, bx, bo = best
        s = bw + 1
        kx = ko = 0
        for a, b in zip(reversed(bx), reversed(bo)):
            kx = (kx << s) | a
            ko = (ko << s) | b
        return (bw, kx, ko)

    def components(self, black: int, white: int, stride: int) -> tuple:
        """The sorted keys of the groups in which some capture is possible."""
        ck = (black, white, stride)
        got = self._split_cache.get(ck)
        if got is not None:
            return got
        keys = []
        for c in split(black | white, stride):
            b, w = black & c, white & c
            if b & _near(w, stride):
                keys.append(self.key(b, w, stride))
        keys.sort()
        got = self._split_cache[ck] = tuple(keys)
        return got

    @staticmethod
    def captures(mine: int, theirs: int, stride: int) -> list[tuple[int, int]]:
        """Every capture by ``mine``: (new mine, new theirs)."""
        out = []
        for d in (1, stride):
            for src, up in ((mine & (theirs >> d), True), (mine & (theirs << d), False)):
                while src:
                    a = src & -src
                    src ^= a
                    b = a << d if up else a >> d
                    out.append((mine ^ a ^ b, theirs ^ b))
        return out

    def _expand(self, key: tuple):
        w, black, white = key
        s = w + 1
        comps = self.components
        return (
            {comps(b, t, s) for b, t in self.captures(black, white, s)},
            {comps(b, t, s) for t, b in self.captures(white, black, s)},
        )

    @staticmethod
    def _mirror(key: tuple) -> tuple:
        return (key[0], key[2], key[1])

    def value_of(self, keys: Iterable[tuple]) -> Game:
        if len(self._split_cache) > self.table.max_entries:
            self._split_cache.clear()
        self.table.bound()
        total = Game.of(0)
        for k in keys:
            total = total + evaluate(k, self.table, self._expand, mirror=self._mirror)
        return total

    def clear(self) -> None:
        self.table.clear()
        self._split_cache.clear()


CLOBBER = ClobberRuleset()


class Clobber:
    """A Clobber position (immutable): ``x`` Left's stones, ``o`` Right's, ``.`` empty."""

    __slots__ = ("height", "width", "_black", "_white")
    ruleset = CLOBBER

    def __init__(self, text: str) -> None:
        rows = parse_grid(text, ".xo", "Clobber")
        s = len(rows[0]) + 1
        black = white = 0
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch == "x":
                    black |= 1 << (i * s + j)
                elif ch == "o":
                    white |= 1 << (i * s + j)
        self.height, self.width, self._black, self._white = len(rows), len(rows[0]), black, white

    @classmethod
    def _make(cls, h: int, w: int, black: int, white: int) -> "Clobber":
        p = object.__new__(cls)
        p.height, p.width, p._black, p._white = h, w, black, white
        return p

    def __str__(self) -> str:
        s = self.width + 1
        out = []
        for i in range(self.height):
            row = []
            for j in range(self.width):
                bit = 1 << (i * s + j)
                row.append("x" if self._black & bit else "o" if self._white & bit else ".")
            out.append("".join(row))
        return "|".join(out)

    def __repr__(self) -> str:
        return f"Clobber('{self}')"

    def __eq__(self, other: object) -> bool:
        if type(other) is not Clobber:
            return NotImplemented
        return (self.height, self.width, self._black, self._white) == (
            other.height,
            other.width,
            other._black,
            other._white,
        )

    def __hash__(self) -> int:
        return hash(("Clobber", self.height, self.width, self._black, self._white))

    def left_moves(self) -> list["Clobber"]:
        """Left's captures (x takes an adjacent o)."""
        s = self.width + 1
        return [self._make(self.height, self.width, b, w) for b, w in self.ruleset.captures(self._black, self._white, s)]

    def right_moves(self) -> list["Clobber"]:
        """Right's captures (o takes an adjacent x)."""
        s = self.width + 1
        return [self._make(self.height, self.width, b, w) for w, b in self.ruleset.captures(self._white, self._black, s)]

    @property
    def value(self) -> Game:
        """The canonical value, the sum of the values of the groups of stones."""
        return self.ruleset.value_of(self.ruleset.components(self._black, self._white, self.width + 1))


