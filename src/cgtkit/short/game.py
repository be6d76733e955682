"""Short partizan games in canonical form: the :class:`Game` type.

Every :class:`Game` is canonical and exists exactly once, so ``==`` is value equality
and costs an identity test, and ``hash`` is O(1).  Left is positive.  A ``Game`` is a
thin facade: it holds a handle on a game interned by the engine (native or the
python twin, see :mod:`cgtkit.short.engine`), which does every sum, comparison and
reduction.  Numbers, nimbers and ups (``x + n.^ + *m``, the NUS values) are packed
triples there, added and compared arithmetically.

The analyses built on ``Game`` (thermography, atomic weight, products, ...) remember
their answers in :class:`GameCache`\\ s, which :func:`cache_sizes` reports and
:func:`clear_caches` empties; each is trimmed to its bound (:func:`set_cache_entries`)
when the last walk under way ends (:func:`walking`).

>>> G = Game.from_options([0], [Game.from_options([0], [0])])    # {0 | *}
>>> G.nus, G.outcome
((Dyadic('0'), 1, 0), 'L')
>>> star = Game.from_options([0], [0])
>>> G + G == Game.from_options([0], [G + star])      # ^^ = {0 | ^*}
True
>>> star <= 0, star + star == 0, (G + star).compare(0)
(False, True, <Comparison.FUZZY: 'fuzzy'>)
>>> Game.of(3) + Game.of(Dyadic(1, 2)) == Game.of(Dyadic(7, 2))
True
"""

from __future__ import annotations

import enum
import gc
import itertools
import sys
import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable, MutableMapping, Optional, TypeVar, Union

from ..errors import NotANimberError, NotANumberError
from ..numbers import Dyadic, dyadic_parts
from ..outcome import Outcome
from ..traverse import post_order
from .. import backend
from ..hooks import hook
from ..memo import clear_registered, walking
from .engine import ENGINE as _E

__all__ = ["Game", "GameLike", "Comparison", "LT", "EQ", "GT", "FUZZY"]
__all__ += ["clear_caches", "reset"]  # the analyses' caches are cgtkit.memo's


class Comparison(enum.Enum):
    """The four ways two games can compare."""

    LT = "less"
    EQ = "equal"
    GT = "greater"
    FUZZY = "fuzzy"


LT, EQ, GT, FUZZY = Comparison.LT, Comparison.EQ, Comparison.GT, Comparison.FUZZY

# what the engine's info() says a game is
_NUMBER, _NUS, _GENERAL = 0, 1, 2

_CALLABLE: dict["Game", Callable[[int], "Game"]] = {}  # star, up, down -> star(n), up(n), down(n)

_UNREAD = object()  # a Game's packed triple not yet asked of the engine

# the engine's hottest operations, bound once (the engine is chosen at import), so that
# `g + h` and `g <= h` cost one Python frame and one engine call
_add, _le, _wrap_info = _E.add, _E.le, _E.wrap_info

_FACADES: "weakref.WeakValueDictionary[Any, Game]" = weakref.WeakValueDictionary()  # handle -> its Game


def _wrap_python(h: Any) -> "Game":
    """The one Game of engine handle ``h`` (python engine)."""
    g = _FACADES.get(h)
    if g is not None:
        return g
    g = object.__new__(Game)
    g._h = h
    g._kind, g._hash = _wrap_info(h)  # a number hashes as its value
    g._nus = _UNREAD if g._kind != _GENERAL else None
    g._left = g._right = None
    return _FACADES.setdefault(h, g)


_V = TypeVar("_V")


def register_callable(g: "Game", factory: Callable[[int], "Game"]) -> None:
    """Make the named game ``g`` callable: ``g(n)`` returns ``factory(n)`` (how
    ``star(3)`` and ``up(2)`` work)."""
    _CALLABLE[g] = factory


class _PythonCore:
    """The half of :class:`Game` that the native engine answers in ``GameCore``
    (``native/src/py/facade.rs``), written in Python for the python engine: the
    handle, the options, the sum, the negative, the order and the hash.  The two are
    twins; every test of Game runs on both."""

    __slots__ = ("_h", "_kind", "_nus", "_hash", "_left", "_right", "__weakref__")

    _h: Any
    _kind: int
    _nus: Optional[tuple]
    _hash: int
    _left: Optional[tuple]
    _right: Optional[tuple]

    def __init__(self) -> None:
        raise TypeError("use Game.from_options(...) or Game.of(...) to make a Game")

    def _packed(self) -> Optional[tuple]:
        """``(x, ups, nim)`` for a packed value, else None."""
        nus = self._nus
        if nus is _UNREAD:
            nus = self._nus = _E.info(self._h)[1]
        return nus

    def _fetch_options(self) -> None:
        left, right = _E.options(self._h)
        self._left = tuple(_wrap(h) for h in left)
        self._right = tuple(_wrap(h) for h in right)

    @property
    def left_options(self) -> tuple["Game", ...]:
        """The canonical Left options."""
        if self._left is None:
            self._fetch_options()
        return self._left  # type: ignore[return-value]

    @property
    def right_options(self) -> tuple["Game", ...]:
        """The canonical Right options."""
        if self._right is None:
            self._fetch_options()
        return self._right  # type: ignore[return-value]

    def __hash__(self) -> int:
        return self._hash

    def __add__(self, other: "GameLike") -> "Game":
        o = other if type(other) is Game else _operand(other)
        if o is None:
            return NotImplemented
        return _wrap(_add(self._h, o._h))

    __radd__ = __add__

    def __neg__(self) -> "Game":
        return _wrap(_E.neg(self._h))

    def __pos__(self) -> "_PythonCore":
        return self

    def __sub__(self, other: "GameLike") -> "Game":
        o = other if type(other) is Game else _operand(other)
        if o is None:
            return NotImplemented
        return _wrap(_E.add(self._h, _E.neg(o._h)))

    def __rsub__(self, other: "GameLike") -> "Game":
        o = _operand(other)
        if o is None:
            return NotImplemented
        return _wrap(_E.add(o._h, _E.neg(self._h)))

    def __eq__(self, other: object) -> bool:
        o = other if type(other) is Game else _operand(other)
        if o is None:
            return NotImplemented
        return self is o

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __le__(self, other: "GameLike") -> bool:
        o = other if type(other) is Game else _operand(other)
        if o is None:
            return NotImplemented
        return _le(self._h, o._h)

    def __ge__(self, other: "GameLike") -> bool:
        o = other if type(other) is Game else _operand(other)
        if o is None:
            return NotImplemented
        return _le(o._h, self._h)

    def __lt__(self, other: "GameLike") -> bool:
        o = _operand(other)
        if o is None:
            return NotImplemented
        return _E.le(self._h, o._h) and not _E.le(o._h, self._h)

    def __gt__(self, other: "GameLike") -> bool:
        o = _operand(other)
        if o is None:
            return NotImplemented
        return _E.le(o._h, self._h) and not _E.le(self._h, o._h)


def _operand(other: object) -> "Game | None":
    """``other`` as a Game for an operator of the python core, or None (the operator
    then returns NotImplemented) for what ``Game.of`` does not take."""
    try:
        return Game.of(other)  # type: ignore[arg-type]
    except TypeError:
        return None


def _from_options_python(left: Iterable["GameLike"], right: Iterable["GameLike"]) -> "Game":
    of = Game.of
    return _wrap(
        _E.from_options(
            [(g if type(g) is Game else of(g))._h for g in left],
            [(g if type(g) is Game else of(g))._h for g in right],
        )
    )


class _PythonFacade:
    """The python engine's half of the facade (``native/src/py/facade.rs`` on the native
    engine): the base of Game, the one Game of a handle (kept in _FACADES), and
    ``from_options``."""

    core = _PythonCore
    wrap = staticmethod(_wrap_python)
    from_options = staticmethod(_from_options_python)

    @staticmethod
    def register(game: type, coerce: Any, make_nus: Any, number_hash: Any) -> None:
        """Nothing to hand over: the python core is in this module."""

    @staticmethod
    def reset() -> tuple[int, int]:
        """Keep the games a live Game refers to (see :func:`reset`)."""
        return _E.reset([g._h for g in list(_FACADES.values())])  # type: ignore[attr-defined,no-any-return]


# The facade of the engine that runs: on the native engine its GameCore is the base of
# Game (ids, +, -, comparisons, hash and options answered without a Python frame), and
# it keeps the one Game of each id; on the python engine _PythonCore is the base, and
# _FACADES keeps the one Game of each handle.
backend.register_twin("facade", _PythonFacade)
_FACADE = backend.facade()

#: the one Game of an engine handle (made on first use).  Public as ``wrap_handle`` for
#: the modules that receive engine handles (the native ruleset searches) and for the
#: engine tests.
_wrap: Callable[[Any], "Game"] = _FACADE.wrap
wrap_handle = _wrap
_from_options: Callable[[Iterable[Any], Iterable[Any]], "Game"] = _FACADE.from_options

if TYPE_CHECKING:
    _Core = _PythonCore
else:
    _Core = _FACADE.core


class Game(_Core):
    """A short partizan game in canonical form (immutable, interned).

    Build games with :meth:`Game.from_options` and :meth:`Game.of`, or read them with
    :func:`cgtkit.game`; never call the constructor.  ``GameLike`` arguments (int,
    :class:`~cgtkit.numbers.Dyadic`) are converted with :meth:`Game.of` by every
    operator.
    """

    __slots__ = ()

    # --- construction --------------------------------------------------------------
    @classmethod
    def of(cls, x: "GameLike") -> "Game":
        """Convert an int or Dyadic to its number game; return a Game unchanged.

        >>> Game.of(Dyadic(3, 4)).left_options, Game.of(-2).right_options
        ((game('1/2'),), (game('-1'),))
        """
        if type(x) is Game:
            return x
        if isinstance(x, Dyadic):
            return _wrap(_E.nus(x, 0, 0))
        if isinstance(x, int) and not isinstance(x, bool):
            return _wrap(_E.nus(Dyadic.from_exponent(x, 0), 0, 0))
        raise TypeError(f"cannot make a Game from {type(x).__name__} {x!r} (expected Game, int or Dyadic)")

    @classmethod
    def from_options(cls, left: Iterable["GameLike"], right: Iterable["GameLike"]) -> "Game":
        """The canonical form of {left | right}.

        Duplicates and dominated options are removed, reversible options bypassed, and
        numbers, nimbers and ups recognised.

        >>> Game.from_options([0, 1], [3]) == Game.of(2)
        True
        >>> Game.from_options([Game.from_options([0], [0])], [Game.from_options([0], [0])]) == 0
        True
        """
        return _from_options(left, right)

    @classmethod
    def packed(cls, x: Dyadic, ups: int, nim: int) -> "Game":
        """The game ``x + ups.^ + *nim`` (no options are built).

        >>> print(Game.packed(Dyadic(1, 2), -2, 3))
        1/2vv*3
        """
        if not isinstance(nim, int) or isinstance(nim, bool) or nim < 0:
            raise ValueError(f"a nimber needs a non-negative int, not {nim!r}")
        if not isinstance(ups, int) or isinstance(ups, bool):
            raise TypeError(f"the count of ups must be an int, not {ups!r}")
        return _wrap(_E.nus(Dyadic(x), ups, nim))

    # --- options (left_options and right_options: in the core) ------------------
    @property
    def id(self) -> int:
        """The engine's id of this game (stable within a process)."""
        return _E.ident(self._h)

    # --- compounds: thin methods over cgtkit.short.products --------------------------
    def norton(self, unit: "GameLike") -> "Game":
        """The Norton product of this game by ``unit`` (copies of unit, with its incentives).

        >>> from cgtkit.short.constants import up
        >>> Game.of(3).norton(up) == up + up + up
        True
        """
        return hook("short.norton")(self, unit)

    def conway_product(self, other: "GameLike") -> "Game":
        """Conway's product (on nimbers: nim multiplication).

        >>> from cgtkit.short.constants import nimber
        >>> nimber(2).conway_product(nimber(2)) == nimber(3)
        True
        """
        return hook("short.conway_product")(self, other)

    def ordinal_sum(self, other: "GameLike") -> "Game":
        """The ordinal sum ``self : other`` (moving in self annuls other).

        >>> print(Game.of(1).ordinal_sum(-1))       # 1 : -1 = 1/2
        1/2
        """
        return hook("short.ordinal_sum")(self, other)

    def followers(self) -> frozenset["Game"]:
        """Every game reachable by moves (of either player), including this one.

        >>> len(Game.of(Dyadic(3, 4)).followers())     # 3/4, 1/2, 1, 0
        4
        """
        return frozenset(bottom_up(self, lambda _: False))

    # --- classification -----------------------------------------------------------
    @property
    def nus(self) -> Optional[tuple[Dyadic, int, int]]:
        """``(x, n, m)`` when the game is ``x + n.^ + *m``, else None."""
        return self._packed()

    @property
    def is_number(self) -> bool:
        """True when the game equals a (dyadic) number."""
        return self._kind == _NUMBER

    @property
    def number(self) -> Dyadic:
        """The number this game equals; NotANumberError if it is not one."""
        if self._kind != _NUMBER:
            raise NotANumberError(f"{self} is not a number")
        return self._packed()[0]  # type: ignore[index]

    @property
    def is_integer(self) -> bool:
        """True when the game equals an integer."""
        return self._kind == _NUMBER and dyadic_parts(self._packed()[0])[1] == 0  # type: ignore[index]

    @property
    def is_nimber(self) -> bool:
        """True when the game equals a nimber ``*m`` (0 included)."""
        if self._kind == _GENERAL:
            return False
        nus = self._packed()
        return nus[1] == 0 and not dyadic_parts(nus[0])[0]  # type: ignore[index]

    @property
    def nim_value(self) -> int:
        """m for the nimber ``*m``; NotANimberError otherwise."""
        if not self.is_nimber:
            raise NotANimberError(f"{self} is not a nimber")
        return self._packed()[2]  # type: ignore[index]

    @property
    def is_infinitesimal(self) -> bool:
        """True when -x < G < x for every positive number x, i.e. both stops are 0
        (so 0 counts, as in Siegel's definition)."""
        return self.stops == (0, 0)

    @property
    def stops(self) -> tuple[Dyadic, Dyadic]:
        """``(Left stop, Right stop)``.

        >>> Game.from_options([3], [Game.from_options([2], [1])]).stops
        (Dyadic('3'), Dyadic('2'))
        """
        return _E.stops(self._h)

    @property
    def outcome(self) -> Outcome:
        """:class:`~cgtkit.outcome.Outcome` ``L`` (G > 0), ``R`` (G < 0), ``P`` (G = 0) or
        ``N`` (G fuzzy 0); a ``str`` enum, equal to the letter."""
        return _OUTCOME_OF[self.compare(_ZERO)]

    @property
    def birthday(self) -> int:
        """The day on which the game is born (the height of its canonical game tree)."""
        return _E.birthday(self._h)

    # --- arithmetic (+, - and negation: in the core) --------------------------------------------------------------
    def __mul__(self, n: int) -> "Game":
        """``n * G``: the sum of n copies of G (copies of -G for negative n)."""
        if not isinstance(n, int) or isinstance(n, bool):
            return NotImplemented
        g = self if n >= 0 else -self
        n = abs(n)
        nus = g._packed()
        if nus is not None:
            return Game.packed(nus[0] * n, nus[1] * n, nus[2] if n & 1 else 0)
        total, power = _ZERO._h, g._h
        while n:  # binary method: O(log n) sums
            if n & 1:
                total = _E.add(total, power)
            n >>= 1
            if n:
                power = _E.add(power, power)
        return _wrap(total)

    __rmul__ = __mul__

    # --- order (==, <=, <, hash: in the core) -------------------------------------------------------------------
    def compare(self, other: "GameLike") -> Comparison:
        """One of ``LT, EQ, GT, FUZZY``.

        >>> Game.of(1).compare(2), Game.from_options([0], [0]).compare(0)
        (<Comparison.LT: 'less'>, <Comparison.FUZZY: 'fuzzy'>)
        """
        h = Game.of(other)
        if self is h:
            return EQ
        le, ge = _E.le(self._h, h._h), _E.le(h._h, self._h)
        if le:
            return EQ if ge else LT
        return GT if ge else FUZZY

    # --- calls (only star, up and down) -------------------------------------------
    def __call__(self, n: int) -> "Game":
        factory = _CALLABLE.get(self)
        if factory is None:
            raise TypeError("a game is not callable")
        return factory(n)

    # --- text --------------------------------------------------------------------
    def __str__(self) -> str:
        return hook("short.format_game")(self)

    def __repr__(self) -> str:
        return f"game('{self}')"

    def _repr_html_(self) -> str:
        """Jupyter's picture of the game: notation, outcome, and a thermograph if hot."""
        return hook("short.game_html")(self)

    def __reduce__(self):
        nus = self._packed()
        if nus is not None:
            return (_packed, nus)
        return (_from_table, (_to_table(self),))

    def __copy__(self) -> "Game":
        return self

    def __deepcopy__(self, memo: dict) -> "Game":
        return self


GameLike = Union[Game, int, Dyadic]


def _packed(x: Dyadic, ups: int, nim: int) -> Game:
    return Game.packed(x, ups, nim)


def clear_caches() -> None:
    """Forget the engine's remembered sums, comparisons and canonical forms, and every
    registered analysis cache (thermographs, atomic weights, products, ...), but not the
    interned games themselves, so identity and ``==`` are unaffected.

    >>> a = Game.from_options([0], [Game.from_options([0], [0])])
    >>> clear_caches()
    >>> Game.from_options([0], [Game.from_options([0], [0])]) is a
    True
    """
    _E.clear_caches()
    clear_registered()


def bottom_up(root: Game, known: Callable[[Game], bool]) -> list[Game]:
    """The followers of ``root`` not yet ``known``, each listed after all its options:
    :func:`cgtkit.traverse.post_order` over the options, an explicit stack, so the
    depth of a game never meets Python's recursion limit.  Shared by the analysis
    modules (thermography, atomic weight, products, misère, ...).

    >>> [str(h) for h in bottom_up(Game.from_options([Game.from_options([0], [])], []), lambda h: h == 0)]
    ['1', '2']
    """
    return post_order(root, _options, known)  # type: ignore[arg-type]


def walk_bottom_up(
    root: Game, memo: MutableMapping[Game, _V], known: Callable[[Game], bool], value: Callable[[Game], _V]
) -> _V:
    """``memo[root]``, storing ``memo[h] = value(h)`` for each follower ``h`` of
    ``root`` not yet ``known`` (in the order of :func:`bottom_up`: ``value(h)`` reads
    its options' values back from ``memo``), all inside :func:`walking` of ``memo``, so
    that a :class:`GameCache` keeps them until the walk ends.  An answer already in
    ``memo`` is returned at once (None is never one).  The walk of the analyses.

    >>> memo = {}
    >>> walk_bottom_up(Game.of(3), memo, memo.__contains__, lambda h: 1 + max((memo[o] for o in h.left_options), default=-1))
    3
    >>> sorted(memo.values())                          # 0, 1, 2 and 3, each the length of its chain
    [0, 1, 2, 3]
    """
    found = memo.get(root)
    if found is not None:
        return found
    with walking(memo):
        for h in bottom_up(root, known):
            memo[h] = value(h)
        return memo[root]


def _options(g: Game) -> "itertools.chain[Game]":
    return itertools.chain(g.left_options, g.right_options)


def _to_table(g: Game) -> tuple:
    """A flat picture of a general game for pickling: one ``(left refs, right refs)``
    entry per general follower, each after its options, the game itself last; a ref is
    an earlier entry's index or a packed NUS triple.  Flat, so pickle never recurses
    over the depth of the game (nesting the options would).

    >>> _to_table(Game.from_options([1], [-1]))
    ((((Dyadic('1'), 0, 0),), ((Dyadic('-1'), 0, 0),)),)
    """
    index: dict[Game, int] = {}
    table = []

    def ref(h: Game):
        return h._packed() if h._kind != _GENERAL else index[h]

    for h in bottom_up(g, lambda h: h._kind != _GENERAL):
        index[h] = len(table)
        table.append((tuple(ref(o) for o in h.left_options), tuple(ref(o) for o in h.right_options)))
    return tuple(table)


def _from_table(table: tuple) -> Game:
    """The game pictured by :func:`_to_table` (rebuilt through from_options, so even a
    hand-made table gives a canonical game)."""
    built: list[Game] = []

    def get(r) -> Game:
        return built[r] if type(r) is int else Game.packed(*r)

    for left, right in table:
        built.append(Game.from_options([get(r) for r in left], [get(r) for r in right]))
    return built[-1]


def _register_core() -> None:
    """Give the engine's facade the Game class, how to convert ints and dyadics, and how
    to build a packed triple (once, at import)."""
    number_hash = None
    if sys.hash_info.modulus != (1 << 61) - 1:  # the native side hashes as 64-bit CPython

        def number_hash(h: int) -> int:
            return hash(_E.info(h)[1][0])  # type: ignore[index]

    _FACADE.register(Game, Game.of, lambda p, q, n, m: (Dyadic.from_exponent(p, q), n, m), number_hash)


_register_core()


_ZERO = _wrap(_E.zero)


def reset() -> dict[str, int]:
    """Release every game that no live :class:`Game` refers to, with every cache.

    A long computation in one process interns every game it meets; :func:`clear_caches`
    forgets what is known about them but keeps the games.  ``reset`` empties the
    caches, then keeps only the games that a ``Game`` object still alive refers to
    (with their followers) and releases the rest.  Live ``Game`` objects keep working
    and keep their values; an engine handle (``g._h``, an int on the native engine)
    taken before the reset is not one any more: using it raises
    :class:`~cgtkit.errors.StaleGameError` (the native engine gives the games new
    ids, above all the old ones).  Call it from one thread when no other is working
    with games (as :func:`clear_caches`): it waits up to 10 s for a native
    computation running in another thread to end, then raises a ``CGTError``.  Returns the number of interned games before
    and after.

    >>> g = Game.from_options([0], [Game.from_options([0], [0])])      # ^
    >>> sizes = reset()
    >>> sizes["after"] <= sizes["before"] and g + g == Game.from_options([0], [g + Game.from_options([0], [0])])
    True
    """
    clear_caches()
    gc.collect()  # cycles that hold Games die first
    before, after = _FACADE.reset()
    _E.zero = _ZERO._h  # type: ignore[misc]  # the native engine gives zero a new id
    return {"before": before, "after": after}


_OUTCOME_OF = {GT: Outcome.L, LT: Outcome.R, EQ: Outcome.P, FUZZY: Outcome.N}
