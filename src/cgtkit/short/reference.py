"""A slow, obviously-right twin of the engine, for the tests and the benchmark.

A reference game is a pair ``(left, right)`` of frozensets of reference games, so
``((), ())`` written with frozensets is 0.  Everything follows the textbook
definitions directly (Siegel, *Combinatorial Game Theory* (2013), ch. II; ONAG ch. 10):
plain recursion, no caches, no number or NUS shortcuts.  Invariant: :func:`canonical`
returns the unique canonical form, so two canonical reference games are equal as
games exactly when they are equal as Python values.

>>> z = ZERO
>>> star = make([z], [z])
>>> up = canonical(make([z], [star]))
>>> le(star, z), le(z, up), equal(add(star, star), z)
(False, True, True)
>>> canonical(make([z, star], [z])) == add(up, star)
True
"""

from __future__ import annotations

from typing import Iterable

__all__ = ["RGame", "ZERO", "make", "le", "equal", "neg", "add", "canonical", "integer", "from_game"]

RGame = tuple  # tuple[frozenset[RGame], frozenset[RGame]]

ZERO: RGame = (frozenset(), frozenset())


def make(left: Iterable[RGame], right: Iterable[RGame]) -> RGame:
    """The game {left | right} (not reduced)."""
    return (frozenset(left), frozenset(right))


def integer(n: int) -> RGame:
    """The canonical integer n: ``n = {n-1 |}``, ``-n = {| -n+1}``."""
    g = ZERO
    for _ in range(abs(n)):
        g = make([g], []) if n > 0 else make([], [g])
    return g


def le(g: RGame, h: RGame) -> bool:
    """g <= h: no Left option of g is >= h and no Right option of h is <= g."""
    return not any(le(h, gl) for gl in g[0]) and not any(le(hr, g) for hr in h[1])


def equal(g: RGame, h: RGame) -> bool:
    """g = h as games."""
    return le(g, h) and le(h, g)


def neg(g: RGame) -> RGame:
    """-g = {-g^R | -g^L}."""
    return make([neg(r) for r in g[1]], [neg(l) for l in g[0]])


def add(g: RGame, h: RGame) -> RGame:
    """The canonical form of g + h = {g^L + h, g + h^L | g^R + h, g + h^R}."""
    left = [add(gl, h) for gl in g[0]] + [add(g, hl) for hl in h[0]]
    right = [add(gr, h) for gr in g[1]] + [add(g, hr) for hr in h[1]]
    return canonical(make(left, right))


def canonical(g: RGame) -> RGame:
    """The canonical form: canonicalise the options, then delete dominated options and
    bypass reversible ones until there are none."""
    left = {canonical(x) for x in g[0]}
    right = {canonical(x) for x in g[1]}
    while True:
        left = {a for a in left if not any(b != a and le(a, b) for b in left)}
        right = {a for a in right if not any(b != a and le(b, a) for b in right)}
        current = make(left, right)
        new_left: set = set()
        for a in left:
            reversing = next((ar for ar in a[1] if le(ar, current)), None)
            new_left |= set(reversing[0]) if reversing is not None else {a}
        new_right: set = set()
        for a in right:
            reversing = next((al for al in a[0] if le(current, al)), None)
            new_right |= set(reversing[1]) if reversing is not None else {a}
        if new_left == left and new_right == right:
            return current
        left, right = new_left, new_right


def from_game(g) -> RGame:
    """The reference twin of an engine :class:`~cgtkit.short.game.Game` (its canonical
    form, option by option).  Plain recursion: meant for the small games of the tests.

    >>> from cgtkit.short.constants import up
    >>> from_game(up) == canonical(make([ZERO], [make([ZERO], [ZERO])]))
    True
    """
    return make([from_game(o) for o in g.left_options], [from_game(o) for o in g.right_options])
