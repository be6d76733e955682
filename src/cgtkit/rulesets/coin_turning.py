"""Coin-turning games (Winning Ways ch. 14, "Turn and Turn About"): a row of coins,
heads ``H`` (or ``1``) and tails ``T`` (or ``0``).  A move turns over a set of coins
allowed by the game (its *turning set*) whose rightmost coin goes from heads to
tails.  Each head is then an independent game, so the nim value of a row is the
nim-sum of the values g(n) of its heads' positions n (the leftmost coin is coin 0, or
coin 1 where Winning Ways numbers from 1):

* **Turning Turtles** (from 1): turn one or two coins; g(n) = n.
* **Twins** (from 0): turn exactly two coins; g(n) = n.
* **Mock Turtles** (from 0): turn one, two or three coins; g(n) is the n-th odious
  number (OEIS A000069): 2n or 2n + 1, whichever has an odd number of 1 bits.
* **Ruler** (from 1): turn any run of consecutive coins; g(n) is the largest power
  of 2 dividing n (OEIS A006519).
* **Moebius** (from 1): turn one to five coins; g(n) by the mex rule (no closed form
  here): 1, 2, 4, 8, 16, 31, ...

A one-coin value by its closed form is checked against the mex over the game's
turning sets (:meth:`CoinRow.coin_value_by_mex`), and the nim-sum rule against the
whole row searched move by move (tests/rulesets/test_rulesets_coin_turning.py).

Two-dimensional games (Winning Ways ch. 14, "Tartans"): a coin (r, c) of a grid of
rows separated by ``|``; the turning sets are the products of the two 1-D turning
sets, and the value of a coin is the nim product of the 1-D values (the Tartan
Theorem).  **Turning Corners** is Twins x Twins (turn the four corners of a
rectangle; g(r, c) = r (x) c), **Rugs** is Ruler x Ruler.

>>> TurningTurtles("THTH").nim_value, MockTurtles("HHT").nim_value, Ruler("TTTH").nim_value
(6, 3, 4)
>>> [MockTurtles.coin_value(n) for n in range(8)]
[1, 2, 4, 7, 8, 11, 13, 14]
>>> [Moebius.coin_value(n) for n in range(1, 8)]
[1, 2, 4, 8, 16, 31, 32]
>>> Twins("TTH").moves()
[Twins('HTT'), Twins('THT')]
>>> TurningCorners("TT|TH").nim_value, TurningCorners("TTT|TTT|TTH").nim_value, Rugs("TT|TH").nim_value
(1, 3, 3)
"""

from __future__ import annotations

from functools import lru_cache
import re
from itertools import combinations
from typing import Callable, ClassVar, Hashable, Iterable, Iterator, NamedTuple

from ..errors import CGTError, RulesError
from ..nimbers import mex, nim_product
from .base import ImpartialPosition

__all__ = ["CoinRow", "TurningTurtles", "Twins", "MockTurtles", "Ruler", "Moebius"]
__all__ += [
    "CoinGrid",
    "TurningCorners",
    "Rugs",
    "odious",
    "ruler_value",
    "Turning",
    "turning_code",
    "Tartan",
    "Factor",
    "TurningRule",
    "code_others_by_definition",
]


def odious(n: int) -> int:
    """The n-th odious number (n >= 0): 2n or 2n + 1, whichever has odd weight."""
    return 2 * n + (bin(n).count("1") + 1) % 2


def ruler_value(n: int) -> int:
    """The largest power of 2 dividing n (n >= 1)."""
    return n & -n


def _coins(text: str, name: str, grid: bool) -> str:
    if not isinstance(text, str):
        raise RulesError(f"{name}: a position is a string of coins like 'THHT', not {type(text).__name__}")
    allowed = "HTht01|" if grid else "HTht01"
    for i, ch in enumerate(text):
        if ch not in allowed:
            raise RulesError(
                f"{name}: illegal character {ch!r} at column {i + 1} of {text!r} (allowed: H or 1 heads, T or 0 tails"
                + (", | between rows)" if grid else ")")
            )
    return text.upper().replace("1", "H").replace("0", "T")


class CoinRow(ImpartialPosition):
    """A row of coins of a one-dimensional coin-turning game (a shared base).

    A game gives ``FIRST`` (the number of the leftmost coin), ``others(n)`` (the
    coins below n turned with coin n, one tuple per turning set) and may give a
    closed form ``_formula(n)`` for the value of a lone head at coin n."""

    __slots__ = ("_s",)
    NAME = "CoinRow"
    FIRST: ClassVar[int] = 0
    MOVE_LIMIT: ClassVar[int] = 400  # the longest row whose moves are listed (their number grows fast)

    def __init__(self, text: str) -> None:
        self._s = _coins(text, self.NAME, grid=False)

    def __str__(self) -> str:
        return self._s

    def _state(self) -> tuple[str]:
        return (self._s,)

    @classmethod
    def others(cls, n: int) -> Iterator[tuple[int, ...]]:  # pragma: no cover - every game defines it
        raise NotImplementedError

    @classmethod
    def _formula(cls, n: int) -> int:
        return cls.coin_value_by_mex(n)

    @classmethod
    def _check_coin(cls, n: int) -> int:
        if isinstance(n, bool) or not isinstance(n, int) or n < cls.FIRST:
            raise CGTError(f"{cls.NAME}: coins are numbered from {cls.FIRST}, not {n!r}")
        return n

    @classmethod
    def coin_value(cls, n: int) -> int:
        """The nim value of a lone head at coin n (the closed form where there is one)."""
        return cls._formula(cls._check_coin(n))

    @classmethod
    def coin_value_by_mex(cls, n: int) -> int:
        """The slow twin: the mex, over the turning sets with n rightmost, of the
        nim-sum of the values of the other coins turned."""
        return _by_mex(cls, cls._check_coin(n))

    def moves(self) -> list["CoinRow"]:
        """For each head, rightmost first: each turning set with that coin rightmost."""
        _check_move_limit(self, len(self._s))
        return [type(self)(t) for t in _turned(self._s, self.FIRST, self.others)]

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """The nim-sum of the values of the heads."""
        return _heads_sum(self._s, self.FIRST, self.coin_value)


def _turned(row: str, first: int, others: Callable[[int], Iterable[tuple[int, ...]]]) -> list[str]:
    """The rows one move from ``row`` (its leftmost coin numbered ``first``): for each
    head, rightmost first, each turning set ``others(n)`` with that coin n rightmost."""
    out = []
    for i in range(len(row) - 1, -1, -1):
        if row[i] != "H":
            continue
        for other in others(i + first):
            t = list(row)
            for j in (i, *(o - first for o in other)):
                t[j] = "T" if t[j] == "H" else "H"
            out.append("".join(t))
    return list(dict.fromkeys(out))


def _heads_sum(row: str, first: int, value: Callable[[int], int]) -> int:
    """The nim-sum of the values of the heads of ``row``."""
    v = 0
    for i, ch in enumerate(row):
        if ch == "H":
            v ^= value(i + first)
    return v


def _check_move_limit(p: "CoinRow | CoinGrid | Tartan", coins: int) -> None:
    if coins > p.MOVE_LIMIT:
        raise CGTError(f"{p.NAME}: listing the moves of more than {p.MOVE_LIMIT} coins is refused (too many)")


_MEX: dict[str, list[int]] = {}  # a game's NAME -> its coin values by the mex rule, from FIRST up


def _by_mex(game: type[CoinRow], n: int) -> int:
    """Coin values by the mex rule, computed upwards from the first coin (no recursion)."""
    values = _MEX.setdefault(game.NAME, [])
    while len(values) <= n - game.FIRST:
        m = len(values) + game.FIRST
        sums = []
        for other in game.others(m):
            v = 0
            for o in other:
                v ^= values[o - game.FIRST]
            sums.append(v)
        values.append(mex(sums))
    return values[n - game.FIRST]


class TurningTurtles(
    CoinRow,
    name="turning-turtles",
    summary="turn one or two coins, the rightmost heads to tails; coins from 1, g(n) = n (impartial)",
    example="THHTH",
):
    """Turning Turtles (Winning Ways ch. 14): Nim in disguise."""

    __slots__ = ()
    NAME = "TurningTurtles"
    FIRST = 1

    @classmethod
    def others(cls, n: int) -> Iterator[tuple[int, ...]]:
        yield ()
        yield from ((i,) for i in range(1, n))

    @classmethod
    def _formula(cls, n: int) -> int:
        return n


class Twins(
    CoinRow,
    name="twins",
    summary="turn exactly two coins, the rightmost heads to tails; coins from 0, g(n) = n (impartial)",
    example="THHTH",
):
    """Twins (Winning Ways ch. 14)."""

    __slots__ = ()
    NAME = "Twins"
    FIRST = 0

    @classmethod
    def others(cls, n: int) -> Iterator[tuple[int, ...]]:
        return ((i,) for i in range(n))

    @classmethod
    def _formula(cls, n: int) -> int:
        return n


class MockTurtles(
    CoinRow,
    name="mock-turtles",
    summary="turn one, two or three coins, the rightmost heads to tails; coins from 0, g(n) odious (impartial)",
    example="THHTH",
):
    """Mock Turtles (Winning Ways ch. 14): g(n) is the n-th odious number."""

    __slots__ = ()
    NAME = "MockTurtles"
    FIRST = 0
    MOVE_LIMIT = 80

    @classmethod
    def others(cls, n: int) -> Iterator[tuple[int, ...]]:
        for k in range(3):
            yield from combinations(range(n), k)

    @classmethod
    def _formula(cls, n: int) -> int:
        return odious(n)


class Ruler(
    CoinRow,
    name="ruler",
    summary="turn a run of consecutive coins, the rightmost heads to tails; coins from 1 (impartial)",
    example="THHTH",
):
    """Ruler (Winning Ways ch. 14): g(n) is the largest power of 2 dividing n."""

    __slots__ = ()
    NAME = "Ruler"
    FIRST = 1

    @classmethod
    def others(cls, n: int) -> Iterator[tuple[int, ...]]:
        return (tuple(range(n - k, n)) for k in range(n))

    @classmethod
    def _formula(cls, n: int) -> int:
        return ruler_value(n)


class Moebius(
    CoinRow,
    name="moebius",
    summary="turn one to five coins, the rightmost heads to tails; coins from 1 (impartial)",
    example="THHTH",
    aliases=("mobius",),
):
    """Moebius (Winning Ways ch. 14): up to five coins.  ``coin_value`` is the mex
    rule computed incrementally (the sets of nim-sums of up to four earlier values);
    :meth:`coin_value_by_mex` enumerates the turning sets."""

    __slots__ = ()
    NAME = "Moebius"
    FIRST = 1
    MOVE_LIMIT = 24
    LIMIT: ClassVar[int] = 64  # coins whose value the incremental rule computes

    @classmethod
    def others(cls, n: int) -> Iterator[tuple[int, ...]]:
        for k in range(5):
            yield from combinations(range(1, n), k)

    @classmethod
    def _formula(cls, n: int) -> int:
        if n > cls.LIMIT:
            raise CGTError(f"Moebius: coin {n} is beyond the {cls.LIMIT} coins whose values are computed")
        return _moebius_values(n)[n - 1]


@lru_cache(maxsize=4)
def _moebius_values(n: int) -> tuple[int, ...]:
    """g(1..n) of Moebius: reach[k] is the set of nim-sums of k distinct earlier
    values; g is the mex of reach[0..4], then each reach[k] grows by reach[k-1] ^ g."""
    reach: list[set[int]] = [{0}, set(), set(), set(), set()]
    out = []
    for _ in range(n):
        g = mex(set().union(*reach))
        out.append(g)
        for k in range(4, 0, -1):
            reach[k] |= {r ^ g for r in reach[k - 1]}
    return tuple(out)


# --- any game of a turning code, as CGSuite writes them --------------------------

_RANGE = re.compile(r"(\d+)(?:-(\d+)|(\+))?")
_SPAN = re.compile(r"C\((\d+)\)", re.IGNORECASE)
SET_LIMIT = 200_000  # the most turning sets one coin may have in :class:`Turning`


class TurningRule(NamedTuple):
    """One comma-separated item of a turning code: turn ``least`` to ``most`` coins
    (``most`` -1: no bound) arranged as ``spacing`` says ("" any, "C" consecutive,
    "E" equally spaced, "S" symmetric), the leftmost coin among them if ``first``,
    all within ``span`` adjacent coins (-1: no bound)."""

    least: int
    most: int
    spacing: str = ""
    first: bool = False
    span: int = -1


def turning_code(code: str) -> tuple[TurningRule, ...]:
    """A turning code as CGSuite writes them: items separated by commas, each ``k``
    (turn exactly k coins), ``a-b`` (a to b coins) or ``a+`` (a or more), followed by
    any of the modifiers ``C`` (the coins turned are consecutive), ``E`` (equally
    spaced), ``S`` (symmetrically arranged), ``F`` (the leftmost coin is among them)
    and ``C(n)`` (all within n adjacent coins); letters in either case.

    >>> turning_code("1-3"), turning_code("2,4+C")
    ((TurningRule(least=1, most=3, spacing='', first=False, span=-1),), (TurningRule(least=2, most=2, spacing='', first=False, span=-1), TurningRule(least=4, most=-1, spacing='C', first=False, span=-1)))
    >>> turning_code("4fs")[0], turning_code("1-3C(5)")[0]
    (TurningRule(least=4, most=4, spacing='S', first=True, span=-1), TurningRule(least=1, most=3, spacing='', first=False, span=5))
    """
    if not isinstance(code, str):
        raise RulesError(f"Turning: a turning code is a string such as '1-3', not {type(code).__name__}")
    return tuple(_turning_item(part.strip(), code) for part in code.split(","))


def _turning_item(part: str, code: str) -> TurningRule:
    def bad(why: str) -> RulesError:
        return RulesError(f"Turning: {part!r} in the code {code!r}: {why}")

    m = _RANGE.match(part)
    if m is None or int(m.group(1)) < 1 or (m.group(2) is not None and int(m.group(2)) < int(m.group(1))):
        raise bad("expected k, a-b or a+ (a >= 1) before the modifiers C, E, S, F, C(n)")
    least = int(m.group(1))
    most = -1 if m.group(3) else int(m.group(2) or least)
    spacing, first, span = "", False, -1
    i = m.end()
    while i < len(part):
        ch = part[i].upper()
        paren = _SPAN.match(part, i)
        if paren is not None:
            if span >= 0:
                raise bad(f"C(n) given twice (column {i + 1})")
            span = int(paren.group(1))
            if span < 1:
                raise bad(f"C(n) needs n >= 1 (column {i + 1})")
            i = paren.end()
            continue
        if ch in "CES":
            if spacing:
                raise bad(f"two of the spacing modifiers C, E, S (column {i + 1})")
            spacing = ch
        elif ch == "F":
            first = True
        else:
            raise bad(f"illegal character {part[i]!r} at column {i + 1} (modifiers: C, E, S, F, C(n))")
        i += 1
    return TurningRule(least, most, spacing, first, span)


def _spacing_sets(rule: TurningRule, n: int, k: int, low: int) -> Iterator[tuple[int, ...]]:
    """The other coins of the turning sets of k coins, the rightmost n, the others
    from coin ``low`` on, arranged as ``rule.spacing`` says."""
    if k == 1:
        yield ()
    elif rule.spacing == "C":
        if n - k + 1 >= low:
            yield tuple(range(n - k + 1, n))
    elif rule.spacing == "E":
        for step in range(1, (n - low) // (k - 1) + 1):
            yield tuple(range(n - (k - 1) * step, n, step))
    elif rule.spacing == "S":  # a_i + a_(k+1-i) = a_1 + n
        for a1 in range(low, n - k + 2):
            total = a1 + n
            if k % 2 and total % 2:
                continue
            half = (k - 2) // 2  # the free coins strictly between a1 and the centre
            middle = (total // 2,) if k % 2 else ()
            top = (total - 1) // 2  # the largest coin below the centre
            for lower in combinations(range(a1 + 1, top + 1), half):
                yield (a1, *lower, *middle, *(total - x for x in reversed(lower)))  # a1's mirror is n
    else:
        yield from combinations(range(low, n), k - 1)


def _rule_others(rule: TurningRule, n: int) -> Iterator[tuple[int, ...]]:
    """The other coins of each turning set of ``rule`` whose rightmost coin is n."""
    most = n if rule.most < 0 else min(rule.most, n)
    low = 1
    if rule.span >= 0:
        most = min(most, rule.span)
        low = max(1, n - rule.span + 1)
    for k in range(rule.least, most + 1):
        for other in _spacing_sets(rule, n, k, low):
            if not rule.first or (other[0] == 1 if other else n == 1):
                yield other


def _code_others(items: tuple[TurningRule, ...], n: int) -> Iterator[tuple[int, ...]]:
    """The other coins of each turning set whose rightmost coin is n (coins from 1)."""
    seen: set[tuple[int, ...]] = set()
    for rule in items:
        for other in _rule_others(rule, n):
            if other not in seen:
                seen.add(other)
                yield other


def _is_turning_set(rule: TurningRule, coins: tuple[int, ...]) -> bool:
    """The slow twin's test: does the increasing tuple ``coins`` (its last the coin
    turned from heads to tails) satisfy ``rule``, by the definitions one by one?"""
    k = len(coins)
    if k < rule.least or (rule.most >= 0 and k > rule.most):
        return False
    if rule.span >= 0 and coins[-1] - coins[0] + 1 > rule.span:
        return False
    if rule.first and coins[0] != 1:
        return False
    gaps = {b - a for a, b in zip(coins, coins[1:])}
    if rule.spacing == "C":
        return gaps <= {1}
    if rule.spacing == "E":
        return len(gaps) <= 1
    if rule.spacing == "S":
        return all(coins[i] + coins[k - 1 - i] == coins[0] + coins[-1] for i in range(k))
    return True


def code_others_by_definition(code: str, n: int) -> set[tuple[int, ...]]:
    """The slow twin of the turning sets with rightmost coin n: every subset of the
    coins below n, kept if some item of the code allows it (tests compare it with
    the sets the fast enumeration makes).

    >>> sorted(code_others_by_definition("3E", 5))
    [(1, 3), (3, 4)]
    """
    items = turning_code(code)
    return {
        other
        for size in range(n)
        for other in combinations(range(1, n), size)
        if any(_is_turning_set(rule, (*other, n)) for rule in items)
    }


_CODE_VALUES: dict[tuple[TurningRule, ...], list[int]] = {}


def _code_value(items: tuple[TurningRule, ...], n: int) -> int:
    """Coin n's value by the mex rule, computed upwards from coin 1 (cached per code)."""
    values = _CODE_VALUES.setdefault(items, [])
    while len(values) < n:
        m = len(values) + 1
        sums: list[int] = []
        for other in _code_others(items, m):
            if len(sums) >= SET_LIMIT:
                raise CGTError(f"Turning: coin {m} has more than {SET_LIMIT} turning sets (the limit)")
            v = 0
            for o in other:
                v ^= values[o - 1]
            sums.append(v)
        values.append(mex(sums))
    return values[n - 1]


class Turning(
    ImpartialPosition,
    name="turning",
    summary="code:coins - turn coins as the turning code allows (CGSuite's codes: 1-3 Mock Turtles, 1+C Ruler, ...)",
    example="1-3:THHTH",
    aliases=("coin-turning",),
):
    """A coin-turning game given by its turning code (CGSuite's ``game.strip.Turning``
    codes, :func:`turning_code`), coins numbered from 1 as there: ``"1-2"`` Turning
    Turtles, ``"2"`` Twins (shifted by one), ``"1-3"`` Mock Turtles (shifted by one),
    ``"1-5"`` Moebius, ``"1-7"`` Mogul, ``"1+"`` Motley, ``"3"`` Triplets, ``"1+C"``
    Ruler, ``"1-5C"`` Ruler Fives, ``"1-3C(5)"`` Mock Turtle Fives, ``"3C(5)"`` Triplet
    Fives, ``"3E"`` Turnips, ``"4FS"`` Grunt (Grundy's game, shifted by one), ``"1+S"``
    Sym, ``"1+FS"`` Sympler.  Coin values by the mex rule; the named games' closed
    forms are checked against it.

    ``F`` means the leftmost coin (coin 1) is among those turned, also when only one
    coin is turned (so that coin can only be coin 1).  CGSuite's enumeration differs
    there: for a one-coin move under F it allows any coin (no spacing modifier),
    the odd coins (S) or coin 1 (C).

    >>> [Turning("4FS:T").coin_value(n) for n in range(1, 12)]     # Grundy's game G(n - 1)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    """

    __slots__ = ("_code", "_items", "_s")
    NAME = "Turning"

    def __init__(self, text: str) -> None:
        if not isinstance(text, str) or ":" not in text:
            raise RulesError(f"Turning: a position is 'code:coins' such as '1-3:THHT', not {text!r}")
        code, _, coins = text.rpartition(":")
        self._items = turning_code(code)
        self._code = code.strip()
        self._s = _coins(coins, self.NAME, grid=False)

    def __str__(self) -> str:
        return f"{self._code}:{self._s}"

    def _state(self) -> tuple[tuple[TurningRule, ...], str]:
        return (self._items, self._s)

    def coin_value(self, n: int) -> int:
        """The value of a lone head at coin n (from 1) under this position's code."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise CGTError(f"Turning: coins are numbered from 1, not {n!r}")
        return _code_value(self._items, n)

    def moves(self) -> list["Turning"]:
        """For each head, rightmost first: each turning set with that coin rightmost."""
        self.coin_value(max(len(self._s), 1))  # refuses codes with too many turning sets
        return [Turning(f"{self._code}:{t}") for t in _turned(self._s, 1, lambda n: _code_others(self._items, n))]

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """The nim-sum of the values of the heads."""
        return _heads_sum(self._s, 1, self.coin_value)


# --- two dimensions: products by nim multiplication -------------------------------


class Factor(NamedTuple):
    """One factor of a product game: the number of its first coin, its turning sets
    (the other coins turned with coin n) and its coin values."""

    key: Hashable  # names the factor in the cache of the mex rule
    first: int
    others: Callable[[int], Iterable[tuple[int, ...]]]
    value: Callable[[int], int]


def _row_factor(game: type[CoinRow]) -> Factor:
    return Factor(game.NAME, game.FIRST, game.others, game.coin_value)


def _code_factor(items: tuple[TurningRule, ...]) -> Factor:
    return Factor(items, 1, lambda n: _code_others(items, n), lambda n: _code_value(items, n))


def _parse_grid(text: str, name: str) -> tuple[str, ...]:
    rows = _coins(text, name, grid=True).split("|")
    if len({len(r) for r in rows}) != 1:
        raise RulesError(f"{name}: every row must be as long as the first (column {len(rows[0]) + 1} of {text!r})")
    return tuple(rows)


def _grid_moves(rows: tuple[str, ...], fr: Factor, fc: Factor) -> list[str]:
    """The grids one move away: for each head, from the lower right, each product of
    turning sets with it as the corner."""
    out = []
    for i in range(len(rows) - 1, -1, -1):
        for j in range(len(rows[0]) - 1, -1, -1):
            if rows[i][j] != "H":
                continue
            for ro in fr.others(i + fr.first):
                for co in fc.others(j + fc.first):
                    t = [list(row) for row in rows]
                    for a in (i, *(x - fr.first for x in ro)):
                        for b in (j, *(y - fc.first for y in co)):
                            t[a][b] = "T" if t[a][b] == "H" else "H"
                    out.append("|".join("".join(row) for row in t))
    return list(dict.fromkeys(out))


def _grid_sum(rows: tuple[str, ...], fr: Factor, fc: Factor) -> int:
    """The nim-sum over the heads of the nim products of their 1-D values."""
    v = 0
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch == "H":
                v ^= nim_product(fr.value(i + fr.first), fc.value(j + fc.first))
    return v


_GRID_MEX: dict[tuple[Hashable, Hashable], dict[tuple[int, int], int]] = {}  # coin values by the mex rule


def _grid_by_mex(fr: Factor, fc: Factor, r: int, c: int) -> int:
    """Coin values by the mex rule over the product turning sets, filled row by row
    up to (r, c) (every other coin of a turning set is above or left of its corner)."""
    known = _GRID_MEX.setdefault((fr.key, fc.key), {})
    for a in range(fr.first, r + 1):
        for b in range(fc.first, c + 1):
            if (a, b) in known:
                continue
            sums = []
            for ro in fr.others(a):
                for co in fc.others(b):
                    v = 0
                    for x in (a, *ro):
                        for y in (b, *co):
                            if (x, y) != (a, b):
                                v ^= known[(x, y)]
                    sums.append(v)
            known[(a, b)] = mex(sums)
    return known[(r, c)]


class CoinGrid(ImpartialPosition):
    """A grid of coins of a product game ``ROWS x COLS`` (a shared base): a move
    turns the product of a turning set of each factor whose corner (the coin at the
    greatest row and column) goes from heads to tails."""

    __slots__ = ("_rows",)
    NAME = "CoinGrid"
    MOVE_LIMIT: ClassVar[int] = 100  # the most coins of a grid whose moves are listed
    ROWS: ClassVar[type[CoinRow]]
    COLS: ClassVar[type[CoinRow]]

    def __init__(self, text: str) -> None:
        self._rows = _parse_grid(text, self.NAME)

    def __str__(self) -> str:
        return "|".join(self._rows)

    def _state(self) -> tuple[str, ...]:
        return self._rows

    @classmethod
    def coin_value(cls, r: int, c: int) -> int:
        """The nim product of the 1-D values (the Tartan Theorem)."""
        return nim_product(cls.ROWS.coin_value(r), cls.COLS.coin_value(c))

    @classmethod
    def coin_value_by_mex(cls, r: int, c: int) -> int:
        """The slow twin: the mex over the product turning sets with corner (r, c) of
        the nim-sum of the values of the other coins turned (those by the same rule)."""
        return _grid_by_mex(_row_factor(cls.ROWS), _row_factor(cls.COLS), r, c)

    def moves(self) -> list["CoinGrid"]:
        """For each head, from the lower right: each product turning set with it as corner."""
        _check_move_limit(self, len(self._rows) * len(self._rows[0]))
        return [type(self)(t) for t in _grid_moves(self._rows, _row_factor(self.ROWS), _row_factor(self.COLS))]

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """The nim-sum of the values of the heads."""
        return _grid_sum(self._rows, _row_factor(self.ROWS), _row_factor(self.COLS))


class TurningCorners(
    CoinGrid,
    name="turning-corners",
    summary="turn the four corners of a rectangle, the lower right heads to tails; g(r, c) = r (x) c (impartial)",
    example="THT|HTT|TTH",
    board=True,
    aliases=("acrostic-twins",),
):
    """Turning Corners = Twins x Twins (Winning Ways ch. 14): rows and columns from 0."""

    __slots__ = ()
    NAME = "TurningCorners"
    ROWS = Twins
    COLS = Twins


class Rugs(
    CoinGrid,
    name="rugs",
    summary="turn a rectangle of coins, the lower right heads to tails; Ruler x Ruler (impartial)",
    example="THT|HTT|TTH",
    board=True,
):
    """Rugs = Ruler x Ruler (Winning Ways ch. 14): rows and columns from 1."""

    __slots__ = ()
    NAME = "Rugs"
    ROWS = Ruler
    COLS = Ruler


class Tartan(
    ImpartialPosition,
    name="tartan",
    summary="codeR*codeC:grid - the product of two turning-code games; coin values are nim products (impartial)",
    example="1-2*1-3:THT|HTT|TTH",
    board=True,
):
    """The product of two games of turning codes (rows by the first code, columns by
    the second, both numbered from 1): ``"2*2:..."`` is Turning Corners shifted by one,
    ``"1+C*1+C:..."`` Rugs.  The value of a coin is the nim product of its row's and
    column's 1-D values (the Tartan Theorem, Winning Ways ch. 14)."""

    __slots__ = ("_codes", "_factors", "_rows")
    NAME = "Tartan"
    MOVE_LIMIT: ClassVar[int] = 100

    def __init__(self, text: str) -> None:
        if not isinstance(text, str) or ":" not in text or "*" not in text.partition(":")[0]:
            raise RulesError(f"Tartan: a position is 'codeR*codeC:grid' such as '1-2*2:TH|HT', not {text!r}")
        codes, _, grid = text.rpartition(":")
        cr, _, cc = codes.partition("*")
        self._codes = (cr.strip(), cc.strip())
        self._factors = (_code_factor(turning_code(cr)), _code_factor(turning_code(cc)))
        self._rows = _parse_grid(grid, self.NAME)

    def __str__(self) -> str:
        return f"{self._codes[0]}*{self._codes[1]}:{'|'.join(self._rows)}"

    def _state(self) -> tuple[Hashable, Hashable, tuple[str, ...]]:
        return (self._factors[0].key, self._factors[1].key, self._rows)

    def coin_value(self, r: int, c: int) -> int:
        """The nim product of the 1-D values of row r and column c (from 1)."""
        return nim_product(self._factors[0].value(r), self._factors[1].value(c))

    def coin_value_by_mex(self, r: int, c: int) -> int:
        """The slow twin: the mex rule over the product turning sets."""
        return _grid_by_mex(self._factors[0], self._factors[1], r, c)

    def moves(self) -> list["Tartan"]:
        """For each head, from the lower right: each product turning set with it as corner."""
        _check_move_limit(self, len(self._rows) * len(self._rows[0]))
        prefix = f"{self._codes[0]}*{self._codes[1]}:"
        return [Tartan(prefix + t) for t in _grid_moves(self._rows, *self._factors)]

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """The nim-sum of the values of the heads."""
        return _grid_sum(self._rows, *self._factors)
