"""Products and other compounds of short games: Norton product, Conway product, ordinal
sum, conjunctive and selective sums.

Each compound is defined on *forms*; cgtkit applies the definition to the canonical
forms of its arguments and returns the canonical form of the result (as CGSuite does).
For the Norton product (when ``u`` is positive) and the Conway product of numbers the
result depends only on the values; the ordinal, conjunctive and selective sums depend
on the forms, so "computed on canonical forms" is part of their meaning here.

* Norton product ``G.U``: ``n`` copies of ``U`` (of ``-U`` for ``n < 0``) when ``G`` is
  an integer n; otherwise ``{G^L.U + U + I | G^R.U - (U + I)}`` over the incentives
  ``I`` of ``U`` (Siegel, CGT (2013) II.7; Berlekamp-Conway-Guy, Winning Ways ch. 8).
* Conway product ``G*H = {GL.H + G.HL - GL.HL, GR.H + G.HR - GR.HR | GL.H + G.HR -
  GL.HR, GR.H + G.HL - GR.HL}`` (ONAG ch. 1); numbers multiply as numbers, nimbers
  as nimbers.
* Ordinal sum ``G:H = {G^L, G:H^L | G^R, G:H^R}``.
* Conjunctive sum ``G ∧ H = {GL ∧ HL | GR ∧ HR}`` (move in every component; the
  game ends as soon as one does) and selective sum ``G ∨ H = {GL ∨ H, G ∨ HL, GL ∨ HL |
  ...}`` (move in any non-empty set of components).

All of them run on explicit stacks with memo tables.

>>> from cgtkit.short.notation import game
>>> print(norton(3, game("^")), norton(game("1/2"), game("^*")), norton(game("*"), game("1")))
^3 {^^|v*} *
>>> print(conway_product(game("3/4"), game("-2")), conway_product(game("*2"), game("*3")))
-3/2 *
>>> print(ordinal_sum(game("1"), game("-1")), ordinal_sum(game("*"), game("*2")))
1/2 *3
>>> print(conjunctive_sum(game("*"), game("*")), selective_sum(game("*"), game("*")))
* *2
"""

from __future__ import annotations

import itertools
from typing import Callable, Hashable, Iterable, TypeVar

from ..errors import ResourceLimitError, shown_number
from ..nimbers import nim_product
from ..numbers import Dyadic
from .. import traverse
from .constants import nimber
from ..hooks import provides
from .game import Game, GameLike
from ..memo import GameCache, walking
from ..backend import NIMBER_OPTION_LIMIT

__all__ = [
    "evaluate",
    "incentives_of",
    "incentives_by_options",
    "norton",
    "conway_product",
    "ordinal_sum",
    "conjunctive_sum",
    "selective_sum",
]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def evaluate(root: K, deps: Callable[[K], Iterable[K]], build: Callable[[K, dict], V], memo: dict) -> V:
    """Compute ``memo[root]`` bottom-up, by :func:`cgtkit.traverse.evaluate`.

    ``deps(key)`` lists the keys ``build(key, memo)`` reads; ``memo`` may already hold
    values (and keeps the new ones).  Keys must not depend on themselves (games are
    loop-free, so sub-questions always involve strictly smaller games).
    """
    if root in memo:
        return memo[root]
    return traverse.evaluate(root, memo, lambda key: (None, tuple(deps(key))), lambda key, _, memo: build(key, memo))


def _dominant_incentives(values: Iterable[Game]) -> tuple[Game, ...]:
    """Distinct values with those dominated by a larger one removed (Left's view)."""
    distinct = list(dict.fromkeys(values))
    keep = [a for a in distinct if not any(b is not a and a <= b for b in distinct)]
    return tuple(keep)


def incentives_of(u: GameLike, left: bool = True, right: bool = True) -> tuple[Game, ...]:
    """The undominated incentives of ``u``: Left's ``U^L - U`` and Right's ``U - U^R``.

    Numbers and ``x + *m`` in closed form (:func:`_packed_incentives`), any size of
    number; ``*m`` has ``m`` incentives, so a nimber with more than
    :data:`~cgtkit.backend.NIMBER_OPTION_LIMIT` is refused
    (:class:`~cgtkit.errors.ResourceLimitError`) instead of listed.

    >>> [str(i) for i in incentives_of(Game.of(2**64))], [str(i) for i in incentives_of(Game.of(Dyadic(-5, 8)))]
    (['-1'], ['-1/8'])
    """
    u = Game.of(u)
    closed = _packed_incentives(u, left, right)
    if closed is not None:
        return closed
    return incentives_by_options(u, left, right)


def incentives_by_options(u: Game, left: bool = True, right: bool = True) -> tuple[Game, ...]:
    """The undominated incentives from ``u``'s options, one by one: the slow, general
    twin of :func:`incentives_of`'s closed forms."""
    vals = []
    if left:
        vals += [ul - u for ul in u.left_options]
    if right:
        vals += [u - ur for ur in u.right_options]
    return _dominant_incentives(vals)


def _packed_incentives(u: Game, left: bool, right: bool) -> tuple[Game, ...] | None:
    """The incentives of a number or of ``x + *m`` in closed form, else None.

    * an integer ``n > 0`` is ``{n-1 |}``: Left's incentive ``-1``, none for Right
      (and symmetrically for ``n < 0``; ``0`` has none);
    * ``x = p/2^q`` with ``q >= 1`` is ``{x - 2^-q | x + 2^-q}``: each side's incentive
      is ``-2^-q``;
    * ``x + *m`` (m >= 1) is ``{x + *k | x + *k}`` over ``k < m``: each side's
      incentives are ``*k - *m = *(k^m)``, ``m`` distinct nimbers, none dominated."""
    nus = u.nus
    if nus is None or nus[1] != 0:
        return None
    x, m = nus[0], nus[2]
    if m:
        if m > NIMBER_OPTION_LIMIT:
            raise ResourceLimitError(
                f"{u} has {shown_number(m)} incentives (one per option), more than {NIMBER_OPTION_LIMIT} to list"
            )
        return tuple(nimber(k ^ m) for k in range(m)) if left or right else ()
    if x.exponent == 0:
        n = x.numerator
        has = (left and n > 0) or (right and n < 0)
        return (Game.of(-1),) if has else ()
    return (Game.of(Dyadic.from_exponent(-1, x.exponent)),) if left or right else ()


# --- Norton product ---------------------------------------------------------------------
_NORTON: GameCache[tuple[Game, Game], Game] = GameCache("products.norton")


@provides("short.norton")
def norton(g: GameLike, u: GameLike) -> Game:
    """The Norton product ``G.U`` (``U`` is usually positive; CGSuite's NortonMultiply).

    >>> from cgtkit.short.notation import game
    >>> print(norton(game("{1|0}"), game("^")))
    {^3*|vv*}
    """
    g, u = Game.of(g), Game.of(u)
    found = _NORTON.get((g, u))
    if found is not None:
        return found
    plus = [u + i for i in incentives_of(u)]

    def deps(h: Game):
        return () if h.is_integer else tuple(itertools.chain(h.left_options, h.right_options))

    def build(h: Game, memo: dict) -> Game:
        if h.is_integer:
            return int(h.number) * u
        return Game.from_options(
            [memo[o] + p for o in h.left_options for p in plus],
            [memo[o] - p for o in h.right_options for p in plus],
        )

    with walking(_NORTON):  # no other thread's walk trims _NORTON while it is read
        memo = {h: v for (h, uu), v in list(_NORTON.items()) if uu is u}
        result = evaluate(g, deps, build, memo)
        for h, v in memo.items():
            _NORTON[(h, u)] = v
        return result


# --- Conway product ---------------------------------------------------------------------
_CONWAY: GameCache[tuple[Game, Game], Game] = GameCache("products.conway")


def _conway_fast(g: Game, h: Game):
    if g == 0 or h == 0:
        return Game.of(0)
    if g == 1:
        return h
    if h == 1:
        return g
    if g.is_number and h.is_number:
        return Game.of(g.number * h.number)
    if g.is_nimber and h.is_nimber:
        return _nimber(nim_product(g.nim_value, h.nim_value))
    return None


def _nimber(n: int) -> Game:
    return nimber(n)


@provides("short.conway_product")
def conway_product(g: GameLike, h: GameLike) -> Game:
    """The Conway product ``G.H`` of short games (on canonical forms)."""
    root = (Game.of(g), Game.of(h))

    def deps(k):
        a, b = k
        if _conway_fast(a, b) is not None:
            return ()
        out = []
        for ao, bo in itertools.chain(
            itertools.product(a.left_options, b.left_options),
            itertools.product(a.right_options, b.right_options),
            itertools.product(a.left_options, b.right_options),
            itertools.product(a.right_options, b.left_options),
        ):
            out += [(ao, b), (a, bo), (ao, bo)]
        return out

    def build(k, memo):
        a, b = k
        fast = _conway_fast(a, b)
        if fast is not None:
            return fast

        def term(ao, bo):
            return memo[(ao, b)] + memo[(a, bo)] - memo[(ao, bo)]

        left = [term(x, y) for x, y in itertools.product(a.left_options, b.left_options)]
        left += [term(x, y) for x, y in itertools.product(a.right_options, b.right_options)]
        right = [term(x, y) for x, y in itertools.product(a.left_options, b.right_options)]
        right += [term(x, y) for x, y in itertools.product(a.right_options, b.left_options)]
        return Game.from_options(left, right)

    with walking(_CONWAY):
        return evaluate(root, deps, build, _CONWAY)


# --- ordinal sum ------------------------------------------------------------------------
@provides("short.ordinal_sum")
def ordinal_sum(g: GameLike, h: GameLike) -> Game:
    """The ordinal sum ``G:H``: play in H, or in G (which deletes H); on canonical forms."""
    g, h = Game.of(g), Game.of(h)

    def deps(k: Game):
        return tuple(itertools.chain(k.left_options, k.right_options))

    def build(k: Game, memo: dict) -> Game:
        return Game.from_options(
            list(g.left_options) + [memo[o] for o in k.left_options],
            list(g.right_options) + [memo[o] for o in k.right_options],
        )

    return evaluate(h, deps, build, {})


# --- conjunctive and selective sums ------------------------------------------------------
def _pair_sum(g: Game, h: Game, selective: bool) -> Game:
    def moves(k, left: bool):
        a, b = k
        ao = a.left_options if left else a.right_options
        bo = b.left_options if left else b.right_options
        out = [(x, y) for x in ao for y in bo]
        if selective:
            out += [(x, b) for x in ao] + [(a, y) for y in bo]
        return out

    def deps(k):
        return moves(k, True) + moves(k, False)

    def build(k, memo):
        return Game.from_options([memo[m] for m in moves(k, True)], [memo[m] for m in moves(k, False)])

    return evaluate((g, h), deps, build, {})


def conjunctive_sum(g: GameLike, h: GameLike) -> Game:
    """``G ∧ H``: each move is made in every component; play stops when one ends."""
    return _pair_sum(Game.of(g), Game.of(h), selective=False)


def selective_sum(g: GameLike, h: GameLike) -> Game:
    """``G ∨ H``: each move is made in any non-empty set of the components."""
    return _pair_sum(Game.of(g), Game.of(h), selective=True)
