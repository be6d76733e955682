"""Memory games: take-away games whose moves depend on the last move (Winning Ways
ch. 15, "Fibonacci Nim"; Schwenk, "Take-away games", Fibonacci Quarterly 8 (1970)).

One heap of n counters.  The first player takes from 1 up to n - 1 (not all); after
that a player takes from 1 up to c times what the last player took (the game's
*multiplier* c).  A position is the heap and the most that may now be taken:
``"n"`` (a fresh heap, at most n - 1) or ``"n,m"``.

* **Fibonacci Nim** (c = 2; Whinihan, Fibonacci Quarterly 1 (1963)): the first player
  loses exactly when n is a Fibonacci number; ``"n,m"`` loses for the player to move
  exactly when m is less than the smallest Fibonacci number of n's Zeckendorf
  representation.
* **The take-away family** (any rational c >= 1, ``"c:n"``, ``"c:n,m"``, ``"3/2:n"``;
  CGSuite's ``TakeAway(alpha)``, of which its ``FibonacciNim`` is alpha = 2): a take
  of k allows floor(c k) next.  Schwenk's rule is the same as Whinihan's with the
  sequence H_0 = 1, H_(j+1) = H_j + H_l, l the least index with floor(c H_l) >= H_j
  (c = 1: the powers of 2; c = 2: the Fibonacci numbers), and n written greedily as a
  sum of H's.  (CGSuite's position is the heap and the last take; here it is the heap
  and the allowance floor(c * last take), the same game.)
* **Mem** (CGSuite's ``Mem``): take at least as many as the last player took; ``"n"``
  is a fresh heap (at least 1), ``"n,m"`` a heap where at least m must be taken.  The
  mover wins whenever m <= n (take everything), so only nim values are of interest.

``is_p_position()`` is that closed form (any heap); ``nim_value`` reads a table filled
heap by heap with a running mex (:func:`take_away_table`, heaps up to
:data:`TABLE_LIMIT`); the generic search over ``moves()`` is its slow twin in the
tests, and the closed form is checked against it.

>>> [n for n in range(1, 40) if FibonacciNim(str(n)).is_p_position()]
[1, 2, 3, 5, 8, 13, 21, 34]
>>> FibonacciNim("10").moves()[:3], FibonacciNim("10").nim_value, FibonacciNim("10,1").nim_value
([FibonacciNim('9,2'), FibonacciNim('8,4'), FibonacciNim('7,6')], 5, 0)
>>> [n for n in range(1, 40) if TakeAway(f"1:{n}").is_p_position()], take_away_sequence(3, 8)
([1, 2, 4, 8, 16, 32], [1, 2, 3, 4, 6, 8, 11, 15])
>>> TakeAway("3/2:6").moves()[:2], [Mem(str(n)).nim_value for n in range(8)]
([TakeAway('3/2:5,1'), TakeAway('3/2:4,3')], [0, 1, 2, 1, 2, 3, 4, 3])
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..errors import CGTError, RulesError
from .base import ImpartialPosition

__all__ = ["FibonacciNim", "TakeAway", "Mem", "mem_table", "take_away_sequence", "take_away_table", "TABLE_LIMIT"]

MOVE_LIMIT = 200_000  # the most moves a position lists
TABLE_LIMIT = 1500  # nim values of heaps up to this size


def _check_c(c: int | Fraction) -> Fraction:
    if isinstance(c, bool) or not isinstance(c, (int, Fraction)) or c < 1:
        raise CGTError(f"TakeAway: the multiplier c={c!r} must be a rational number >= 1")
    return Fraction(c)


def _allowance(c: Fraction, k: int) -> int:
    """The most the next player may take after a take of k: floor(c k), exactly."""
    return c.numerator * k // c.denominator


def take_away_sequence(c: int | Fraction, count: int) -> list[int]:
    """The first ``count`` terms of Schwenk's sequence H for multiplier c."""
    c = _check_c(c)
    h = [1]
    while len(h) < count:
        l = next(i for i, x in enumerate(h) if _allowance(c, x) >= h[-1])
        h.append(h[-1] + h[l])
    return h[:count]


def _smallest_part(c: Fraction, n: int) -> int:
    """The smallest term of n's greedy representation by Schwenk's sequence."""
    h = [1]
    while h[-1] <= n:
        h = take_away_sequence(c, 2 * len(h))
    part = n
    for x in reversed(h):
        if x <= n:
            n -= x
            part = x
            if n == 0:
                break
    return part


def _is_p(c: Fraction, n: int, m: int) -> bool:
    return n == 0 or m < _smallest_part(c, n)


@lru_cache(maxsize=8)
def take_away_table(c: int | Fraction, size: int) -> tuple[tuple[int, ...], ...]:
    """Nim values ``g[n][m]`` for heaps n < size and allowances m <= n (more than n is
    the same as n): ``g[n][m]`` is the mex of ``g[n - k][min(c k, n - k)]`` over k <= m,
    so each row is one pass with a running mex."""
    c = _check_c(c)
    if size > TABLE_LIMIT + 1:
        raise CGTError(f"TakeAway: a table of heaps up to {size - 1} is beyond the limit {TABLE_LIMIT}")
    g: list[tuple[int, ...]] = []
    for n in range(size):
        row, seen, m = [0], set(), 0
        for k in range(1, n + 1):
            seen.add(g[n - k][min(_allowance(c, k), n - k)])
            while m in seen:
                m += 1
            row.append(m)
        g.append(tuple(row))
    return tuple(g)


def _multiplier(head: str, name: str, text: str) -> Fraction:
    """The multiplier ``c`` or ``p/q`` before the ``:``, at least 1."""
    num, slash, den = head.strip().partition("/")
    if num.isdigit() and (den.isdigit() if slash else True) and int(den or 1) > 0:
        c = Fraction(int(num), int(den or 1))
        if c >= 1:
            return c
    raise RulesError(
        f"{name}: a position is 'c:n' or 'c:n,m' with a multiplier c >= 1 (an integer or p/q), not {text!r}"
    )


def _parse(text: str, name: str, with_c: bool) -> tuple[Fraction, int, int]:
    if not isinstance(text, str):
        raise RulesError(f"{name}: a position is a string like '10' or '10,3', not {type(text).__name__}")
    for i, ch in enumerate(text):
        if ch not in ("0123456789, :/" if with_c else "0123456789, "):
            raise RulesError(f"{name}: illegal character {ch!r} at column {i + 1} of {text!r}")
    c, body = Fraction(2), text
    if with_c:
        head, sep, body = text.partition(":")
        c = _multiplier(head if sep else "", name, text)
    parts = body.split(",")
    if len(parts) > 2 or not all(p.strip().isdigit() for p in parts):
        raise RulesError(f"{name}: a position is a heap 'n' or a heap and an allowance 'n,m', not {text!r}")
    n = int(parts[0])
    m = int(parts[1]) if len(parts) == 2 else max(n - 1, 0)
    return c, n, m


class TakeAway(
    ImpartialPosition,
    name="take-away",
    summary="c:n,m - take 1..m from the heap; then the next player may take up to c times that (impartial)",
    example="3:20",
    aliases=("take-away-game",),
):
    """A position of the take-away game with multiplier c: a heap n, at most m to take."""

    __slots__ = ("c", "n", "m")
    NAME = "TakeAway"

    def __init__(self, text: str) -> None:
        self.c, self.n, self.m = _parse(text, self.NAME, with_c=type(self) is TakeAway)
        self.m = min(self.m, self.n)  # taking more than the heap is no move

    def __str__(self) -> str:
        return f"{self.c}:{self.n},{self.m}"

    def _state(self) -> tuple[Fraction, int, int]:
        return (self.c, self.n, self.m)

    def _after(self, k: int) -> "TakeAway":
        p = object.__new__(type(self))
        p.c, p.n = self.c, self.n - k
        p.m = min(_allowance(self.c, k), p.n)
        return p

    def moves(self) -> list["TakeAway"]:
        """Take k = 1, 2, ..., m."""
        if self.m > MOVE_LIMIT:
            raise CGTError(f"{self.NAME}: {self} has more than {MOVE_LIMIT} moves; listing them is refused")
        return [self._after(k) for k in range(1, self.m + 1)]

    def is_p_position(self) -> bool:
        """Whether the player to move loses (Schwenk's closed form; any heap)."""
        return _is_p(self.c, self.n, self.m)

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """From :func:`take_away_table` (heaps up to :data:`TABLE_LIMIT`; 0 at any
        P-position by the closed form)."""
        if self.is_p_position():
            return 0
        if self.n > TABLE_LIMIT:
            raise CGTError(
                f"{self.NAME}: the nim value of {self} is beyond the table limit (heaps up to {TABLE_LIMIT});"
                " only the outcome (is_p_position) is known in closed form"
            )
        size = min(TABLE_LIMIT + 1, max(32, 1 << self.n.bit_length()))
        return take_away_table(self.c, size)[self.n][self.m]


class FibonacciNim(
    TakeAway,
    name="fibonacci-nim",
    summary="n,m - take 1..m (first move: less than the heap); then up to twice the last take (impartial)",
    example="20",
):
    """A Fibonacci Nim position (multiplier 2): a heap n, at most m to take."""

    __slots__ = ()
    NAME = "FibonacciNim"

    def __str__(self) -> str:
        return f"{self.n},{self.m}"


@lru_cache(maxsize=8)
def mem_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Mem's nim values ``g[n][m]`` for heaps n < size and 0 <= m <= n + 1 (m = 0 is m = 1,
    m = n + 1 no move): ``g[n][m]`` is the mex of ``g[n - j][j]`` (or 0 when j > n - j) over
    m <= j <= n, one pass per heap from m = n down with a running mex."""
    if size > TABLE_LIMIT + 1:
        raise CGTError(f"Mem: a table of heaps up to {size - 1} is beyond the limit {TABLE_LIMIT}")
    g: list[tuple[int, ...]] = []
    for n in range(size):
        row, seen, v = [0] * (n + 2), set(), 0
        for m in range(n, 0, -1):
            seen.add(g[n - m][m] if m <= n - m else 0)
            while v in seen:
                v += 1
            row[m] = v
        row[0] = row[1]
        g.append(tuple(row))
    return tuple(g)


class Mem(
    ImpartialPosition,
    name="mem",
    summary="n,m - take at least m, and at least what the last player took (impartial)",
    example="12",
):
    """A Mem position: a heap n, at least m to take (a fresh heap: m = 1)."""

    __slots__ = ("n", "m")
    NAME = "Mem"

    def __init__(self, text: str) -> None:
        _, self.n, m = _parse(text, self.NAME, with_c=False)
        self.m = max(1, min(m, self.n + 1)) if "," in text else 1  # more than the heap: no move

    def __str__(self) -> str:
        return f"{self.n},{self.m}"

    def _state(self) -> tuple[int, int]:
        return (self.n, self.m)

    def moves(self) -> list["Mem"]:
        """Take j = m, m + 1, ..., n."""
        if self.n - self.m > MOVE_LIMIT:
            raise CGTError(f"{self.NAME}: {self} has more than {MOVE_LIMIT} moves; listing them is refused")
        out = []
        for j in range(self.m, self.n + 1):
            p = object.__new__(Mem)
            p.n, p.m = self.n - j, min(j, self.n - j + 1)
            out.append(p)
        return out

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """From :func:`mem_table` (heaps up to :data:`TABLE_LIMIT`)."""
        if self.m > self.n:
            return 0
        if self.n > TABLE_LIMIT:
            raise CGTError(
                f"{self.NAME}: the nim value of {self} is beyond the table limit (heaps up to {TABLE_LIMIT})"
            )
        return mem_table(min(TABLE_LIMIT + 1, max(32, 1 << self.n.bit_length())))[self.n][self.m]
