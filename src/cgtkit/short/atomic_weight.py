"""Atomic weight of infinitesimal games, all-smallness, companions, far star.

The *atomic weight* ``aw(G)`` of an infinitesimal ``G`` is the game ``W`` with
``G ~ W.^`` (Norton product), where ``~`` ignores whatever a remote star ``*m`` (large m)
can absorb: ``o(G + X + *m) = o(W.^ + X + *m)`` for every X.  It is computed by the
atomic weight calculus (Conway & Berlekamp; Winning Ways ch. 8, Siegel CGT (2013) II.7):

* ``x + n.^ + *m`` has atomic weight ``n``;
* otherwise ``G0 = {aw(G^L) - 2 | aw(G^R) + 2}``, and ``aw(G) = G0`` unless ``G0`` is an
  integer (the *eccentric* case).  Then compare ``G`` with the far star ``*F`` (F one
  more than the largest nimber among the followers): if ``G < *F``, aw is the least
  integer n with ``n |> aw(G^L) - 2`` for every ``G^L`` (0 if there is none); if
  ``G > *F`` the greatest n with ``n <| aw(G^R) + 2`` for every ``G^R``; else ``G0``.

For an all-small game this is its atomic weight.  Other infinitesimals (``Tiny(x)``,
``{1|^^||^}``) are *atomic* when ``G - W.^`` lies within ``^* + (*N : -1)`` of zero
(N a power of two >= F), David Wolfe's test as CGSuite applies it; otherwise
:class:`~cgtkit.errors.NotAtomicError`.  Invariant: ``aw(G + H) == aw(G) + aw(H)`` for
atomic G and H (additivity of atomic weight).

>>> from cgtkit.short.notation import game
>>> [str(atomic_weight(game(s))) for s in ("^", "*", "^*", "v*", "{0||0|v*}", "{^^^|vv}", "Tiny(3/2)")]
['1', '0', '1', '-1', '1', '{1|0}', '0']
>>> atomic_weight(game("{1|^^^||^}"))
Traceback (most recent call last):
...
cgtkit.errors.NotAtomicError: {1|^3||^} is not atomic (it differs from 5/2.^ by more than a remote star absorbs)
>>> print(companion(game("^")), companion(game("{0||0|v*}")), is_all_small(game("Tiny(1)")))
^* {0||0,*|v} False
"""

from __future__ import annotations

import itertools
import math

from ..errors import NotAtomicError
from .constants import nimber, up
from .game import Game, GameLike, walk_bottom_up
from ..memo import GameCache, walking
from .products import evaluate, norton, ordinal_sum
from .thermography import left_stop, right_stop

__all__ = ["atomic_weight", "is_atomic", "naive_atomic_weight", "far_star", "is_all_small", "companion"]

_FAR: GameCache[Game, int] = GameCache("atomic_weight.far_star")
_NAIVE: GameCache[Game, Game] = GameCache("atomic_weight.naive")
_ALL_SMALL: GameCache[Game, bool] = GameCache("atomic_weight.all_small")
_COMPANION: GameCache[Game, Game] = GameCache("atomic_weight.companion")


def far_star(g: GameLike) -> int:
    """F such that ``*F`` is remote for ``g``: one more than the largest nimber among
    ``g``'s followers (at least 1)."""
    g = Game.of(g)

    def known(h: Game) -> bool:
        if h in _FAR:
            return True
        if h.is_nimber:
            _FAR[h] = h.nim_value + 1
            return True
        if h.is_number:  # the followers of a number are numbers: no nimber but 0
            _FAR[h] = 1
            return True
        return False

    def value(h: Game) -> int:
        return max(itertools.chain([1], (_FAR[o] for o in itertools.chain(h.left_options, h.right_options))))

    return walk_bottom_up(g, _FAR, known, value)


def _least_integer_not_at_most(x: Game) -> int:
    """The least integer n with ``n |> x`` (i.e. not ``n <= x``)."""
    n = math.ceil(right_stop(x))
    return n + 1 if Game.of(n) <= x else n


def _greatest_integer_not_at_least(x: Game) -> int:
    """The greatest integer n with ``n <| x`` (i.e. not ``x <= n``)."""
    n = math.floor(left_stop(x))
    return n - 1 if x <= Game.of(n) else n


def naive_atomic_weight(g: GameLike) -> Game:
    """The atomic weight calculus applied to ``g`` without checking that it is atomic."""
    g = Game.of(g)

    def known(h: Game) -> bool:
        if h in _NAIVE:
            return True
        if h.nus is not None:
            _NAIVE[h] = Game.of(h.nus[1])
            return True
        return False

    def value(h: Game) -> Game:
        lefts = [_NAIVE[o] - 2 for o in h.left_options]
        rights = [_NAIVE[o] + 2 for o in h.right_options]
        g0 = Game.from_options(lefts, rights)
        if g0.is_integer:
            fs = Game.of(0) + _nimber(far_star(h))  # a walk of its own, nested in this one
            below, above = h <= fs, fs <= h
            if below and not above:
                g0 = Game.of(max(_least_integer_not_at_most(x) for x in lefts)) if lefts else Game.of(0)
            elif above and not below:
                g0 = Game.of(min(_greatest_integer_not_at_least(x) for x in rights)) if rights else Game.of(0)
        return g0

    return walk_bottom_up(g, _NAIVE, known, value)


def _nimber(n: int) -> Game:
    return nimber(n)


def is_all_small(g: GameLike) -> bool:
    """True when in every follower Left can move exactly when Right can (so every
    follower is infinitesimal); checked on the canonical form."""
    g = Game.of(g)

    def known(h: Game) -> bool:
        if h in _ALL_SMALL:
            return True
        if h.nus is not None:
            _ALL_SMALL[h] = h.nus[0] == 0
            return True
        return False

    def value(h: Game) -> bool:
        lo, ro = h.left_options, h.right_options
        return bool(lo) == bool(ro) and all(_ALL_SMALL[o] for o in itertools.chain(lo, ro))

    return walk_bottom_up(g, _ALL_SMALL, known, value)


def _atomic_weight_or_none(g: Game):
    if not g.is_infinitesimal:
        return None
    w = naive_atomic_weight(g)
    if is_all_small(g):
        return w
    difference = g - norton(w, _up())
    n = 2
    while n < far_star(g):
        n <<= 1
    epsilon = _up() + _nimber(1) + ordinal_sum(_nimber(n), -1)
    if difference <= epsilon and -epsilon <= difference:
        return w
    return None


def _up() -> Game:
    return up


def atomic_weight(g: GameLike) -> Game:
    """The atomic weight of ``g``; :class:`NotAtomicError` when ``g`` has none."""
    g = Game.of(g)
    w = _atomic_weight_or_none(g)
    if w is None:
        if not g.is_infinitesimal:
            raise NotAtomicError(f"{g} is not atomic (only infinitesimals have atomic weights)")
        raise NotAtomicError(
            f"{g} is not atomic (it differs from {naive_atomic_weight(g)}.^ by more than a remote star absorbs)"
        )
    return w


def is_atomic(g: GameLike) -> bool:
    """True when ``g`` has an atomic weight (CGSuite's IsAtomic)."""
    return _atomic_weight_or_none(Game.of(g)) is not None


def companion(g: GameLike) -> Game:
    """The companion of ``g`` (CGSuite's Companion): ``^`` and ``^*`` swap, ``*`` and 0
    swap, ``n.^ + *m`` (m >= 2) is its own companion, and otherwise
    ``{companion(G^L), 0 if G >= 0 | companion(G^R), 0 if G <= 0}``."""
    g = Game.of(g)

    def deps(h: Game):
        if _companion_fast(h) is not None:
            return ()
        return tuple(itertools.chain(h.left_options, h.right_options))

    def build(h: Game, memo: dict) -> Game:
        fast = _companion_fast(h)
        if fast is not None:
            return fast
        left = [memo[o] for o in h.left_options]
        right = [memo[o] for o in h.right_options]
        if h >= 0:
            left.append(Game.of(0))
        if h <= 0:
            right.append(Game.of(0))
        return Game.from_options(left, right)

    with walking(_COMPANION):
        return evaluate(g, deps, build, _COMPANION)


def _companion_fast(h: Game):
    nus = h.nus
    if nus is not None and nus[0] != 0:
        # x + n.^ + *m with x != 0 (a number too) is its own companion: by induction
        # its options are, and the 0 the rule adds (for x > 0, on Left's side) is
        # dominated by every Left option, each x or x + e' > 0; x < 0 likewise
        return h
    if nus is not None:
        x, n, m = nus
        if m >= 2:
            return h

        return up(n) + nimber(m ^ 1)
    return None
