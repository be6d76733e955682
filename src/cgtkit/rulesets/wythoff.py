"""Wythoff's game and Fraenkel's generalised Wythoff (a-Wythoff): two piles of
counters, written ``"x,y"`` (a queen at (x, y) moving towards the corner).

* **Wythoff** (Wythoff 1907; Winning Ways ch. 3, "Wyt Queens"): take any number from
  one pile, or the same number from both.  The P-positions are the pairs
  (A_n, B_n) = (floor(n phi), floor(n phi^2)) (OEIS A000201 and A001950), computed
  exactly with integers: floor(n phi) = (n + isqrt(5 n^2)) // 2.
* **a-Wythoff** (Fraenkel, "How to beat your Wythoff games' opponent on three
  fronts", Amer. Math. Monthly 89 (1982)): take any number k from one pile, or k
  from one and l from the other with ``|k - l| < a``; a = 1 is Wythoff.  The
  P-positions are (A_n, A_n + a n) with A_n = mex of the earlier A's and B's, and
  in closed form A_n = floor(n alpha), alpha = (2 - a + sqrt(a^2 + 4)) / 2 (again
  exact with ``isqrt``, as a^2 + 4 is never a square).  The position is
  ``"a:x,y"``.

Nim values have no closed form; :func:`wythoff_table` fills a table by rows,
columns and diagonals (the fast method), and ``nim_value`` of a position off the
P-positions reads it, for piles below :data:`TABLE_LIMIT` (:data:`SMALL_TABLE_LIMIT` when a > 1); the generic search
over ``moves()`` is its slow twin (tests/rulesets/test_rulesets_wythoff.py).

>>> [wythoff_p(n) for n in range(6)]
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
>>> Wythoff("3,5").nim_value, Wythoff("2,3").nim_value, Wythoff("4,4").moves()[:3]
(0, 5, [Wythoff('0,4'), Wythoff('1,4'), Wythoff('2,4')])
>>> [generalized_wythoff_p(2, n) for n in range(5)]
[(0, 0), (1, 3), (2, 6), (4, 10), (5, 13)]
>>> GeneralizedWythoff("2:2,6").nim_value, GeneralizedWythoff("2:2,6").is_p_position()
(0, True)
"""

from __future__ import annotations

from functools import lru_cache
from math import isqrt

from ..errors import CGTError, RulesError
from .base import ImpartialPosition

__all__ = ["Wythoff", "GeneralizedWythoff", "wythoff_p", "generalized_wythoff_p", "is_p_position"]
__all__ += ["wythoff_table", "TABLE_LIMIT", "SMALL_TABLE_LIMIT"]

MOVE_LIMIT = 200_000  # the most moves a position lists
TABLE_LIMIT = 256  # nim values of Wythoff positions with both piles below this (a table of TABLE_LIMIT^2 cells at most)
SMALL_TABLE_LIMIT = 96  # the same for a-Wythoff with a > 1, whose diagonal moves are listed one by one


def _table_limit(a: int) -> int:
    return TABLE_LIMIT if a == 1 else SMALL_TABLE_LIMIT


def _check_a(a: int) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or a < 1:
        raise CGTError(f"a-Wythoff: a={a!r} must be a positive integer")
    return a


def generalized_wythoff_p(a: int, n: int) -> tuple[int, int]:
    """The n-th P-position (A_n, B_n) of a-Wythoff, A_n <= B_n = A_n + a n, by
    Fraenkel's closed form A_n = floor(n (2 - a + sqrt(a^2 + 4)) / 2), exact."""
    _check_a(a)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise CGTError(f"a-Wythoff: the index n={n!r} must be a non-negative integer")
    # floor((n (2 - a) + n sqrt(a^2 + 4)) / 2) == (n (2 - a) + isqrt(n^2 (a^2 + 4))) // 2
    an = (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2
    return an, an + a * n


def wythoff_p(n: int) -> tuple[int, int]:
    """The n-th P-position of Wythoff's game: (floor(n phi), floor(n phi^2))."""
    return generalized_wythoff_p(1, n)


def is_p_position(x: int, y: int, a: int = 1) -> bool:
    """Is (x, y) a P-position of a-Wythoff?  O(1) by the closed form: with x <= y the
    only candidate is n = (y - x) / a."""
    x, y = min(x, y), max(x, y)
    n, r = divmod(y - x, _check_a(a))
    return r == 0 and generalized_wythoff_p(a, n)[0] == x


@lru_cache(maxsize=8)
def wythoff_table(a: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The nim values of a-Wythoff for both piles below ``size``: row x, column y.
    Each cell is the mex of its row and column so far (kept as sets) and of the cells
    a diagonal-ish move reaches (for a = 1 one diagonal, also kept as a set)."""
    _check_a(a)
    if size > _table_limit(a):
        raise CGTError(f"a-Wythoff: a nim-value table of size {size} is beyond the limit {_table_limit(a)} for a={a}")
    g = [[0] * size for _ in range(size)]
    cols: list[set[int]] = [set() for _ in range(size)]
    diags: dict[int, set[int]] = {}
    for x in range(size):
        row: set[int] = set()
        for y in range(size):
            col = cols[y]
            if a == 1:
                diag = diags.get(y - x, set())
            else:  # the moves from both piles, |k - l| < a, listed (no shortcut here)
                diag = {
                    g[x - k][y - l] for k in range(1, x + 1) for l in range(max(1, k - a + 1), min(y, k + a - 1) + 1)
                }
            v = 0
            while v in row or v in col or v in diag:
                v += 1
            g[x][y] = v
            row.add(v)
            cols[y].add(v)
            diags.setdefault(y - x, set()).add(v)
    return tuple(tuple(r) for r in g)


def _parse(text: str, name: str, with_a: bool) -> tuple[int, int, int]:
    if not isinstance(text, str):
        raise RulesError(f"{name}: a position is a string like '3,5', not {type(text).__name__}")
    allowed = "0123456789, :" if with_a else "0123456789, "
    for i, ch in enumerate(text):
        if ch not in allowed:
            raise RulesError(f"{name}: illegal character {ch!r} at column {i + 1} of {text!r}")
    a, body = 1, text
    if with_a:
        if ":" not in text:
            raise RulesError(f"{name}: a position is 'a:x,y' (e.g. '2:3,7'), not {text!r}")
        head, body = text.split(":", 1)
        if not head.strip().isdigit() or int(head) < 1:
            raise RulesError(f"{name}: a in {text!r} must be a positive integer")
        a = int(head)
    parts = body.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise RulesError(f"{name}: a position is two pile sizes 'x,y', not {text!r}")
    return a, int(parts[0]), int(parts[1])


class GeneralizedWythoff(
    ImpartialPosition,
    name="generalized-wythoff",
    summary="a:x,y - take from one pile, or k and l from both with |k - l| < a (impartial)",
    example="2:3,7",
    aliases=("a-wythoff",),
):
    """An a-Wythoff position: piles x and y, the parameter a."""

    __slots__ = ("a", "x", "y")
    NAME = "GeneralizedWythoff"

    def __init__(self, text: str) -> None:
        self.a, self.x, self.y = _parse(text, self.NAME, with_a=type(self) is GeneralizedWythoff)

    def __str__(self) -> str:
        return f"{self.a}:{self.x},{self.y}"

    def _state(self) -> tuple[int, int, int]:
        return (self.a, self.x, self.y)

    def _at(self, x: int, y: int) -> "GeneralizedWythoff":
        p = object.__new__(type(self))
        p.a, p.x, p.y = self.a, x, y
        return p

    def moves(self) -> list["GeneralizedWythoff"]:
        """Take from the first pile, then from the second, then from both (k from the
        first, l from the second, |k - l| < a), each position once."""
        if self.x + self.y + min(self.x, self.y) * (2 * self.a - 1) > MOVE_LIMIT:
            raise CGTError(f"{self.NAME}: {self} has more than {MOVE_LIMIT} moves; listing them is refused")
        out = [self._at(x, self.y) for x in range(self.x)] + [self._at(self.x, y) for y in range(self.y)]
        for k in range(1, self.x + 1):
            for l in range(max(1, k - self.a + 1), min(self.y, k + self.a - 1) + 1):
                out.append(self._at(self.x - k, self.y - l))
        return list(dict.fromkeys(out))

    def is_p_position(self) -> bool:
        """Whether the player to move loses, by the closed form."""
        return is_p_position(self.x, self.y, self.a)

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """0 at a P-position (closed form, any size); otherwise from :func:`wythoff_table`
        (piles below :data:`TABLE_LIMIT`)."""
        if self.is_p_position():
            return 0
        size, limit = max(self.x, self.y) + 1, _table_limit(self.a)
        if size > limit:
            raise CGTError(
                f"{self.NAME}: the nim value of {self} is beyond the table limit (piles below {limit});"
                " only the outcome (is_p_position) is known in closed form"
            )
        size = min(limit, max(16, 1 << (size - 1).bit_length()))  # few tables, each reused
        return wythoff_table(self.a, size)[self.x][self.y]


class Wythoff(
    GeneralizedWythoff,
    name="wythoff",
    summary="x,y - take any number from one pile, or the same number from both (impartial)",
    example="3,5",
    aliases=("wythoffs-game", "wyt-queens"),
):
    """A Wythoff position: piles x and y (a = 1)."""

    __slots__ = ()
    NAME = "Wythoff"

    def __str__(self) -> str:
        return f"{self.x},{self.y}"
