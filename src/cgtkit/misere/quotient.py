"""Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial
games", J. Combin. Theory A 115 (2008)).

Two sums of heaps ``G`` and ``H`` are *indistinguishable* when ``G + X`` and ``H + X``
have the same misère outcome for every sum ``X`` of heaps of the game.  The classes form
a commutative monoid ``Q``, the *misère quotient*, with a subset ``P`` (the classes of
P-positions) and a *pretending function* ``Φ``: heap ``h`` pretends to be ``Φ(h)``, a
sum to be the product, and the sum is a P-position exactly when that product is in
``P``.  ``Q_n`` is the quotient of the heaps up to ``n``; when it is finite, a sum of
any number of heaps is decided by a few table lookups.

:func:`misere_quotient` computes ``Q_n`` heap by heap (:mod:`cgtkit.misere.construct`)
and checks each step exactly.  For an octal or hexadecimal game with at most ``k``
tokens taken and at most ``m`` heaps left, if ``Φ(h + p) = Φ(h)`` for ``n0 <= h <= n - p``
and ``n + 1 >= m(n0 + p) + k``, then every larger heap has the transitions of the heap
``p`` smaller, so ``Q_n`` is the quotient of the whole game and ``Φ`` has period ``p``
from ``n0``: the quotient has *stabilised* (``stable``), and heaps of any size are
answered.

>>> q = misere_quotient("0.75", 30)
>>> len(q), q.presentation()
(8, '<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>')
>>> q.p_portion(), q.stable
(['a', 'b^2'], (8, 2))
>>> " ".join(q.pretending_function()[:12])
'1 a b a b c b c b ab^2 b ab^2'
>>> q.outcome([10**100, 7, 7]), q.winning_move([4, 1]).result
('N', [1, 1, 1])
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

from .. import backend
from ..errors import HeapCodeError, MisereQuotientError, NoWinningMoveError, shown_number
from ..impartial import WinningMove
from ..memo import BoundedMemo, register_cache
from .construct import Construction, construct
from .monoid import generated, normal_forms, presentation

__all__ = ["MisereQuotient", "misere_quotient"]

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_CACHE: BoundedMemo[Hashable, Construction] = BoundedMemo(64)  # (game's rules_key, side) -> its quotient
register_cache("misere.quotients", _CACHE.clear, _CACHE.__len__)


def _heap_game(game: Any) -> Any:
    from ..heap.games import HeapGame, OctalGame

    if isinstance(game, str):
        return OctalGame(game)
    if isinstance(game, HeapGame):
        return game
    raise HeapCodeError(f"misere_quotient needs a heap game or an octal code such as '0.07', not {game!r}")


def _key(game: Any) -> Hashable:
    key: Hashable = game.rules_key  # a HeapGame (see _heap_game): games built alike share a quotient
    return key


def _shape(game: Any) -> tuple[int, int] | None:
    """``(max take k, max parts m)`` for games the periodicity argument covers."""
    from ..heap.games import OctalGame, SubtractionGame

    if isinstance(game, OctalGame):
        return game.code.certificate_shape()  # None for codes no periodicity argument covers (e.g. 4!.0)
    if isinstance(game, SubtractionGame) and game.subtract is not None:
        return max(game.subtract), 1
    return None


def _letter(i: int) -> str:
    return _LETTERS[i] if i < 26 else f"x{i}"


class MisereQuotient:
    """The misère quotient ``Q_n`` of a heap game: ``len(q)`` is its order, elements are
    ``0 .. len(q)-1`` (0 the identity), written as words in the generators ``a, b, c, ...``
    (the images of the heaps that bring new elements, in heap order)."""

    def __init__(self, game: Any, heaps: int, c: Construction) -> None:
        self.game = game
        self.heaps = heaps
        self._c = c
        self.orders: list[int] = list(c.orders)  #: the order of Q_h for h = 0 .. heaps
        gens: list[int] = []
        self.generator_heaps: list[int] = []  #: the heap each generator is the image of
        for h in range(1, heaps + 1):
            x = c.phi[h]
            if x and x not in generated(c.m, c.mul, gens):
                gens.append(x)
                self.generator_heaps.append(h)
        self._gens = gens
        self._words = normal_forms(c.m, c.mul, gens)
        self.stable = self._stability()  #: ``(n0, p)`` once the quotient has stabilised, else None

    # --- the monoid ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._c.m

    @property
    def order(self) -> int:
        """The number of elements."""
        return self._c.m

    def product(self, x: int, y: int) -> int:
        """The product of two elements."""
        return self._c.mul[x * self._c.m + y]

    def is_p(self, x: int) -> bool:
        """Is element ``x`` in the P-portion?"""
        return self._c.P[x]

    def element_name(self, x: int) -> str:
        """Element ``x`` as its normal form in the generators (``1`` the identity)."""
        return self._word_text(self._words[x])

    def _word_text(self, w: Sequence[int]) -> str:
        parts = [_letter(i) + (f"^{k}" if k > 1 else "") for i, k in enumerate(w) if k]
        return "".join(parts) or "1"

    @property
    def generators(self) -> list[str]:
        """The generators' names, ``a, b, ...``."""
        return [_letter(i) for i in range(len(self._gens))]

    def relations(self) -> list[tuple[str, str]]:
        """Defining relations ``(u, v)`` meaning ``u = v`` (each ``u`` a least word that is not
        a normal form, ``v`` its normal form)."""
        return [(self._word_text(u), self._word_text(v)) for u, v in presentation(self._c.m, self._c.mul, self._gens)]

    def presentation(self) -> str:
        """``<generators | relations>`` as Plambeck and Siegel write it."""
        rels = ", ".join(f"{u} = {v}" for u, v in self.relations())
        gens = ", ".join(self.generators)
        return f"<{gens} | {rels}>" if rels else f"<{gens}>"

    def p_portion(self) -> list[str]:
        """The P-portion, as normal forms."""
        return [self.element_name(x) for x in range(self._c.m) if self._c.P[x]]

    # --- heaps --------------------------------------------------------------------------------
    def _reduce_heap(self, h: int) -> int:
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            raise HeapCodeError(f"a heap size is an int >= 0, got {h!r}")
        if h <= self.heaps:
            return h
        if self.stable is None:
            raise MisereQuotientError(
                f"heap {shown_number(h)} lies beyond the heaps 0..{self.heaps} this quotient covers, and no "
                "period of its pretending function is proved from them; compute the quotient to more heaps"
            )
        n0, p = self.stable
        r = n0 + (h - n0) % p
        while r + p <= self.heaps:  # the largest representative, so lifted moves stay legal
            r += p
        return r

    def phi(self, h: int) -> int:
        """The element heap ``h`` pretends to be."""
        return self._c.phi[self._reduce_heap(h)]

    def pretending_function(self) -> list[str]:
        """Φ(h) for h = 0 .. heaps, as normal forms."""
        return [self.element_name(x) for x in self._c.phi[: self.heaps + 1]]

    def element_of(self, heaps: Sequence[int]) -> int:
        """The element a sum of heaps pretends to be."""
        x = 0
        for h in heaps:
            x = self.product(x, self.phi(h))
        return x

    def outcome(self, heaps: Sequence[int]) -> str:
        """The misère outcome of a sum of heaps: ``'P'`` or ``'N'`` (a few table lookups,
        whatever the heap sizes, once the quotient covers them)."""
        return "P" if self._c.P[self.element_of(heaps)] else "N"

    def winning_moves(self, heaps: Sequence[int]) -> list[WinningMove]:
        """Every move from the sum ``heaps`` to a P-position (heaps past the computed
        range are moved in through their period)."""
        heaps = list(heaps)
        out = []
        done = set()
        for i, h in enumerate(heaps):
            if h in done:
                continue
            done.add(h)
            rest = self.element_of(heaps[:i] + heaps[i + 1 :])
            r = self._reduce_heap(h)
            for option in self.game.moves(r):
                x = rest
                for part in option:
                    x = self.product(x, self._c.phi[part])
                if not self._c.P[x]:
                    continue
                lifted = tuple(option)
                if r != h:  # the largest part grows with the heap (period p)
                    big = max(range(len(lifted)), key=lambda j: lifted[j])
                    lifted = tuple(sorted(lifted[:big] + (lifted[big] + h - r,) + lifted[big + 1 :]))
                out.append(
                    WinningMove(
                        component=i, label=lifted, option=lifted, result=heaps[:i] + list(lifted) + heaps[i + 1 :]
                    )
                )
        return out

    def winning_move(self, heaps: Sequence[int]) -> WinningMove:
        """A move to a P-position; :class:`~cgtkit.errors.NoWinningMoveError` if none."""
        moves = self.winning_moves(heaps)
        if not moves:
            raise NoWinningMoveError(
                f"the sum of heaps {list(heaps)} is a misère P-position (or has no move): no winning move"
            )
        return moves[0]

    # --- stabilisation ------------------------------------------------------------------------
    def _stability(self) -> tuple[int, int] | None:
        """The least period ``p`` (and least ``n0 >= 1`` for it) that the periodicity
        argument proves from the heaps computed, or None."""
        shape = _shape(self.game)
        if shape is None:
            return None
        k, parts = shape
        phi, n = self._c.phi, self.heaps
        for p in range(1, n + 1):
            n0 = n - p
            while n0 >= 1 and phi[n0] == phi[n0 + p]:
                n0 -= 1
            n0 += 1  # phi[h] == phi[h + p] for every n0 <= h <= n - p
            if n0 + p > n or n + 1 < parts * (n0 + p) + k:
                continue
            return n0, p
        return None

    def stabilised_at(self) -> int:
        """The least heap from which the order no longer grows (within the heaps computed)."""
        last = self.orders[-1]
        h = len(self.orders) - 1
        while h > 0 and self.orders[h - 1] == last:
            h -= 1
        return h

    def __repr__(self) -> str:
        return f"<misère quotient of {getattr(self.game, 'name', self.game)} to heap {self.heaps}: order {len(self)}>"

    def __str__(self) -> str:
        lines = [
            f"misère quotient of {getattr(self.game, 'name', self.game)}, heaps 0..{self.heaps}",
            f"order: {len(self)}",
            f"presentation: {self.presentation()}",
            "P-portion: {" + ", ".join(self.p_portion()) + "}",
            "pretending function: " + " ".join(self.pretending_function()),
        ]
        return "\n".join(lines)


def misere_quotient(game: Any, heaps: int, max_size: int | None = None) -> MisereQuotient:
    """The misère quotient of heaps ``0 .. heaps`` of a heap game (a
    :class:`~cgtkit.heap.HeapGame` or an octal/hexadecimal code such as ``"0.07"``).
    Results are kept per game, so asking for more heaps continues from the last one.
    A candidate monoid larger than ``max_size`` elements (default
    :data:`~cgtkit.misere.construct.MAX_CANDIDATE`) raises
    :class:`~cgtkit.errors.MisereQuotientError`.  The construction is the active side's
    (:func:`cgtkit.backend.misere`).

    >>> len(misere_quotient("0.07", 20)), misere_quotient("0.07", 20).orders[-4:]
    (24, [24, 24, 24, 24])
    """
    g = _heap_game(game)
    if isinstance(heaps, bool) or not isinstance(heaps, int) or heaps < 0:
        raise HeapCodeError(f"the heap bound is an int >= 0, got {heaps!r}")
    key = (_key(g), backend.active())
    c = _CACHE.get(key)
    if c is None or len(c.phi) <= heaps:
        options = [g.moves(h) for h in range(heaps + 1)]
        c = construct(options, start=c, max_size=max_size)
        _CACHE[key] = c
    if len(c.phi) > heaps + 1:  # a smaller bound than computed: regenerate Q_heaps from Φ
        c = _restricted(c, heaps, g)
    return MisereQuotient(g, heaps, c)


def _restricted(c: Construction, heaps: int, g: Any) -> Construction:
    """``Q_heaps`` from a larger computed quotient: the submonoid the first heaps
    generate, reduced by indistinguishability."""
    from .construct import restricted

    return restricted(c, [g.moves(h) for h in range(heaps + 1)])
