"""The :class:`MisereGame` type: an impartial game in misère canonical form.

Every ``MisereGame`` is canonical and exists once, so ``==`` is misère equivalence
(``G + X`` and ``H + X`` have the same misère outcome for every impartial ``X``) and
costs an identity test.  ``+`` is the misère sum; properties are attributes.

>>> g = game("*[2#0]")
>>> str(g), g.birthday, str(g.genus), g.is_tame, g.is_restive, g.outcome
('*[2#0]', 4, '1^2', False, True, 'N')
>>> str(g + game("*[2]")), g.mate
('*[(2#0)[2]]', game('*[2#1]'))
>>> game("*[2] + *[2]") == game("*[2,3]")                 # CGSuite's list input
True
"""

from __future__ import annotations

from typing import Any, Iterable, Union

from . import canonical as _C
from .phylum import (
    GENERALLY_RESTIVE,
    GENERALLY_TAME,
    HEREDITARILY_RESTIVE,
    NIMHEAP,
    PHYLUM_NAMES,
    RESTLESS,
    TAMEABLE_PHYLA,
    MisereGenus,
    genus,
    phylum,
)

__all__ = ["MisereGame", "game", "nim_heap", "MisereLike"]

_FACADES: dict[int, "MisereGame"] = {}


def _wrap(i: int) -> "MisereGame":
    g = _FACADES.get(i)
    if g is None:
        g = object.__new__(MisereGame)
        g._id = i
        g = _FACADES.setdefault(i, g)
    return g


class MisereGame:
    """An impartial game in misère canonical form (immutable, interned).

    Make one with :func:`game` (CGSuite notation), :func:`nim_heap`,
    :meth:`from_options` or :func:`cgtkit.misere.canonical_form` (from a position);
    never call the constructor.
    """

    __slots__ = ("_id", "__weakref__")
    _id: int

    def __init__(self) -> None:  # pragma: no cover - guarded
        raise TypeError("use cgtkit.misere.game('*[...]'), nim_heap(n) or MisereGame.from_options(...)")

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def from_options(cls, options: Iterable["MisereLike"]) -> "MisereGame":
        """The canonical form of the game with these options (ints are nim-heaps).

        >>> MisereGame.from_options([nim_heap(1)]) == 0, MisereGame.from_options([0, 1])
        (True, game('*[2]'))
        """
        return _wrap(_C.from_options(_id_of(o) for o in options))

    @classmethod
    def from_id(cls, i: int) -> "MisereGame":
        """The game whose id in :mod:`cgtkit.misere.canonical`'s table is ``i`` (the
        inverse of :attr:`id`; for code that computes on ids, as
        :func:`cgtkit.misere.canonical_form` does).

        >>> g = game("*[2,1]"); MisereGame.from_id(g.id) is g
        True
        """
        return _wrap(i)

    @property
    def id(self) -> int:
        """The id of this form in the table (stable within a process; ``*1`` flips its
        last bit)."""
        return self._id

    # --- structure -------------------------------------------------------------------------
    @property
    def options(self) -> tuple["MisereGame", ...]:
        """The canonical options, in CGSuite's canonical order."""
        return tuple(_wrap(o) for o in _C.options(self._id))

    @property
    def birthday(self) -> int:
        """The birthday (height of the canonical game tree)."""
        return _C.birthday(self._id)

    @property
    def nim_value(self) -> int:
        """The normal-play Grundy value ``g⁺``."""
        return _C.gplus(self._id)

    @property
    def misere_nim_value(self) -> int:
        """The misère Grundy value ``g⁻`` (0 exactly for a misère P-position)."""
        return _C.gminus(self._id)

    @property
    def outcome(self) -> str:
        """The misère outcome: ``'P'`` (the player to move loses) or ``'N'``."""
        return "P" if _C.gminus(self._id) == 0 else "N"

    @property
    def genus(self) -> MisereGenus:
        """Conway's genus ``g^(γ0 γ1 ...)``, printed as CGSuite prints it."""
        return genus(self._id)

    # --- classification ---------------------------------------------------------------------
    @property
    def phylum(self) -> str:
        """The phylum's name: nim-heap, hereditarily tame, reversibly tame, tameable,
        hereditarily restive, reversibly restive, restless or wild."""
        return PHYLUM_NAMES[phylum(self._id)]

    @property
    def is_nim_heap(self) -> bool:
        """Is this a nim-heap ``*n``?"""
        return _C.nim_heap_size(self._id) is not None

    @property
    def is_tame(self) -> bool:
        """Hereditarily tame (CGSuite's ``IsTame``): tame genus, all options tame."""
        return phylum(self._id) in (NIMHEAP, 1)

    @property
    def is_generally_tame(self) -> bool:
        """Tame or reversibly tame (CGSuite's ``IsGenerallyTame``)."""
        return phylum(self._id) in GENERALLY_TAME

    @property
    def is_tameable(self) -> bool:
        """Generally tame or tameable (CGSuite's ``IsTameable``)."""
        return phylum(self._id) in TAMEABLE_PHYLA

    @property
    def is_restive(self) -> bool:
        """Hereditarily restive (CGSuite's ``IsRestive``)."""
        return phylum(self._id) == HEREDITARILY_RESTIVE

    @property
    def is_generally_restive(self) -> bool:
        """Restive or reversibly restive (CGSuite's ``IsGenerallyRestive``)."""
        return phylum(self._id) in GENERALLY_RESTIVE

    @property
    def is_restless(self) -> bool:
        """Restless: not tame, options tame, ``g⁻`` 0 or 1 (CGSuite's ``IsRestless``)."""
        return phylum(self._id) == RESTLESS

    @property
    def is_half_tame(self) -> bool:
        """Not generally tame, but ``G + G`` is generally tame of genus ``0^0``."""
        if self.is_generally_tame:
            return False
        d = _C.add(self._id, self._id)
        return phylum(d) in GENERALLY_TAME and _C.gplus(d) == 0 and _C.gminus(d) == 0

    @property
    def is_even(self) -> bool:
        """Even: born before ``G + *1``."""
        return _C.is_even(self._id)

    @property
    def is_odd(self) -> bool:
        """Odd: ``G + *1`` is even (and an option of ``G``)."""
        return not _C.is_even(self._id)

    @property
    def is_introverted(self) -> bool:
        """Introverted: a part of each of its options (only ``0`` and ``*1`` are)."""
        return self._id < 2

    @property
    def is_extraverted(self) -> bool:
        """Extraverted: a part of ``{G}`` (equivalently, each option is a part of ``G``)."""
        from .parts import minus

        return minus(_C.from_options([self._id]), self._id) is not None

    @property
    def is_prime(self) -> bool:
        """Prime: not ``0`` or ``*1``, and its only even parts are 0 and itself."""
        from .parts import is_prime

        return is_prime(self._id)

    # --- the monoid -----------------------------------------------------------------------------
    @property
    def mate(self) -> "MisereGame":
        """The mate ``G⁻`` (``*1`` for 0, else the mates of the options); ``G + G⁻`` is a
        P-position."""
        return _wrap(_C.mate(self._id))

    @property
    def parts(self) -> tuple["MisereGame", ...]:
        """The even proper parts (``H`` with ``G = H + X``, neither 0 nor the even part
        of ``G``), in canonical order."""
        from .parts import parts

        return tuple(_wrap(p) for p in parts(self._id))

    @property
    def prime_parts(self) -> tuple["MisereGame", ...]:
        """The even prime parts."""
        from .parts import prime_parts

        return tuple(_wrap(p) for p in prime_parts(self._id))

    @property
    def partitions(self) -> tuple[tuple["MisereGame", ...], ...]:
        """Every way of writing this game as a sum of even primes (and ``*1`` when it is
        odd), each in canonical order, as CGSuite lists them.

        >>> game("*[2[2]]").partitions
        ((game('*[2]'), game('*[2]')),)
        >>> nim_heap(3).partitions
        ((game('*[2]'), game('*[1]')),)
        """
        from .parts import prime_partitions

        unit = (_wrap(1),) if self._id & 1 else ()
        return tuple(tuple(_wrap(p) for p in t) + unit for t in prime_partitions(self._id))

    def minus(self, other: "MisereLike") -> "MisereGame | None":
        """The difference ``G - H`` (the ``X`` with ``H + X = G``), or None."""
        from .parts import minus

        d = minus(self._id, _id_of(other))
        return None if d is None else _wrap(d)

    def is_linked_to(self, other: "MisereLike") -> bool:
        """Is there a ``T`` with ``G + T`` and ``H + T`` both P-positions?"""
        from .links import is_linked

        return is_linked(self._id, _id_of(other))

    def link(self, other: "MisereLike") -> "MisereGame | None":
        """A game ``T`` linking ``G`` and ``H`` (both sums P-positions), or None."""
        from .links import link

        t = link(self._id, _id_of(other))
        return None if t is None else _wrap(t)

    def distinguisher(self, other: "MisereLike") -> "MisereGame | None":
        """A game ``T`` giving ``G + T`` and ``H + T`` different misère outcomes (None if
        the games are equal)."""
        from .links import distinguisher

        t = distinguisher(self._id, _id_of(other))
        return None if t is None else _wrap(t)

    # --- operators -------------------------------------------------------------------------------
    def __add__(self, other: "MisereLike") -> "MisereGame":
        try:
            o = _id_of(other)
        except TypeError:
            return NotImplemented
        return _wrap(_C.add(self._id, o))

    __radd__ = __add__

    def __mul__(self, n: int) -> "MisereGame":
        """``n`` copies of this game added together."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return NotImplemented
        total, base = 0, self._id
        while n:
            if n & 1:
                total = _C.add(total, base)
            base = _C.add(base, base)
            n >>= 1
        return _wrap(total)

    __rmul__ = __mul__

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MisereGame):
            return self is other
        if isinstance(other, int) and not isinstance(other, bool) and other >= 0:
            return self._id == _C.nimber(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(("MisereGame", self._id))

    def __str__(self) -> str:
        from .notation import format_misere

        return format_misere(self._id)

    def __repr__(self) -> str:
        return f"game('{self}')"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (game, (str(self),))


MisereLike = Union[MisereGame, int]


def _id_of(x: "MisereLike") -> int:
    if isinstance(x, MisereGame):
        return x._id
    if isinstance(x, int) and not isinstance(x, bool) and x >= 0:
        return _C.nimber(x)
    raise TypeError(f"expected a MisereGame or a nim-heap size (int >= 0), not {type(x).__name__} {x!r}")


def nim_heap(n: int) -> MisereGame:
    """The nim-heap ``*n`` in misère canonical form.

    >>> nim_heap(3), nim_heap(3).options
    (game('*[3]'), (game('*[0]'), game('*[1]'), game('*[2]')))
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise TypeError(f"a nim-heap size is an int >= 0, not {n!r}")
    return _wrap(_C.nimber(n))


def game(text: Union[str, MisereGame, int]) -> MisereGame:
    """The misère canonical form written in CGSuite's notation (see
    :mod:`cgtkit.misere.notation`); a MisereGame is returned as is, an int is a nim-heap.

    >>> game("*[2[2]321]").options
    (game('*[1]'), game('*[2]'), game('*[3]'), game('*[2[2]]'))
    """
    if isinstance(text, MisereGame):
        return text
    if isinstance(text, int) and not isinstance(text, bool):
        return nim_heap(text)
    if not isinstance(text, str):
        raise TypeError(f"misere.game() takes CGSuite notation (a str), a MisereGame or an int, not {text!r}")
    from .notation import read_misere

    return _wrap(read_misere(text))
