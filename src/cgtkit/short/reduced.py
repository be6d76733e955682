"""Reduced canonical form: the simplest game infinitesimally close to a given one.

Two games are *infinitesimally close* when their difference is infinitesimal (both
stops 0).  Every short game ``G`` has a unique simplest such game, its *reduced
canonical form* ``rcf(G)`` (Calistrate 1996; Grossman & Siegel, "Reductions of
partizan games", 2009): ``G - rcf(G)`` is infinitesimal and ``rcf(G)`` has no
infinitesimal "noise" left, so numbers, and ``x + n.^ + *m`` in particular, reduce to
the number ``x``.  It is computed (as CGSuite does) as the *star projection* of ``G``
heated by ``*``: heat by ``*`` (``{* + G^L | G^R - *}`` for non-numbers), then replace
every follower ``x*`` (a number plus star) by ``x``.

Invariant: ``(g - reduced_canonical_form(g)).is_infinitesimal`` and
``reduced_canonical_form(reduced_canonical_form(g)) == reduced_canonical_form(g)``.

>>> from cgtkit.short.notation import game
>>> print(reduced_canonical_form(game("{3||2*|1*}")), reduced_canonical_form(game("^*6")))
{3||2|1} 0
>>> print(reduced_canonical_form(game("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}")))
{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}
"""

from __future__ import annotations

import itertools

from .constants import star
from .game import Game, GameLike
from .products import evaluate
from .thermography import heat

__all__ = ["reduced_canonical_form", "star_projection", "infinitesimally_close"]


def _projected(h: Game) -> Game | None:
    if h.is_number:
        return h
    nus = h.nus
    if nus is not None and nus[1] == 0 and nus[2] == 1:
        return Game.of(nus[0])
    return None


def star_projection(g: GameLike) -> Game:
    """Replace every follower ``x*`` (x a number) by ``x``, bottom up."""

    def deps(h: Game) -> tuple[Game, ...]:
        return () if _projected(h) is not None else tuple(itertools.chain(h.left_options, h.right_options))

    def build(h: Game, memo: dict[Game, Game]) -> Game:
        p = _projected(h)
        if p is not None:
            return p
        return Game.from_options([memo[o] for o in h.left_options], [memo[o] for o in h.right_options])

    return evaluate(Game.of(g), deps, build, {})


def reduced_canonical_form(g: GameLike) -> Game:
    """The reduced canonical form of ``g`` (CGSuite's ReducedCanonicalForm)."""
    g = Game.of(g)
    if g.nus is not None:
        return Game.of(g.nus[0])
    return star_projection(heat(g, star))


def infinitesimally_close(g: GameLike, h: GameLike) -> bool:
    """True when ``g - h`` is infinitesimal (equivalently, equal reduced forms)."""
    return (Game.of(g) - Game.of(h)).is_infinitesimal
