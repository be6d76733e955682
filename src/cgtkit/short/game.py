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
import threading
import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable, MutableMapping, Optional, TypeVar, Union

from ..errors import NotANimberError, NotANumberError
from ..numbers import Dyadic, dyadic_parts
from ..outcome import Outcome
from ..traverse import post_order
from .. import backend
from .engine import ENGINE as _E

__all__ = ["Game", "GameLike", "Comparison", "LT", "EQ", "GT", "FUZZY"]
__all__ += ["clear_caches", "cache_sizes", "register_cache", "GameCache", "reset"]  # the caches the engine owns
__all__ += ["walking", "set_cache_entries", "cache_entries", "DEFAULT_CACHE_ENTRIES"]  # and their bound


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
        from .products import norton  # here, not at the top: products builds on Game (a cycle)

        return norton(self, unit)

    def conway_product(self, other: "GameLike") -> "Game":
        """Conway's product (on nimbers: nim multiplication).

        >>> from cgtkit.short.constants import nimber
        >>> nimber(2).conway_product(nimber(2)) == nimber(3)
        True
        """
        from .products import conway_product  # here, not at the top: products builds on Game (a cycle)

        return conway_product(self, other)

    def ordinal_sum(self, other: "GameLike") -> "Game":
        """The ordinal sum ``self : other`` (moving in self annuls other).

        >>> print(Game.of(1).ordinal_sum(-1))       # 1 : -1 = 1/2
        1/2
        """
        from .products import ordinal_sum  # here, not at the top: products builds on Game (a cycle)

        return ordinal_sum(self, other)

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
        from .notation import format_game  # here, not at the top: notation builds on Game (a cycle)

        return format_game(self)

    def __repr__(self) -> str:
        return f"game('{self}')"

    def _repr_html_(self) -> str:
        """Jupyter's picture of the game: notation, outcome, and a thermograph if hot."""
        from .game_html import game_html  # here, not at the top: it builds on thermography (a cycle)

        return game_html(self)

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


# the caches of the analyses built on Game (name -> (clear, size)): games live as long
# as the engine, so what is remembered about them does too, and goes with its caches
_CACHES: dict[str, tuple[Callable[[], None], Callable[[], int]]] = {}

_K = TypeVar("_K")
_V = TypeVar("_V")

#: the bound of a :class:`GameCache` made without one (see :func:`set_cache_entries`)
DEFAULT_CACHE_ENTRIES = 1 << 20

_cache_entries = DEFAULT_CACHE_ENTRIES  # what set_cache_entries() last set
_GAME_CACHES: list["GameCache[Any, Any]"] = []  # every GameCache (set_cache_entries() sets their bound)
_walks = 0  # the walks under way, in every thread (see walking())
_written: dict[int, "GameCache[Any, Any]"] = {}  # id -> cache stored in by them: trimmed when the last ends
_walks_lock = threading.Lock()


def register_cache(name: str, clear: Callable[[], None], size: Callable[[], int]) -> None:
    """Give a cache of facts about games to the engine: :func:`clear_caches` empties it
    and :func:`cache_sizes` reports it under ``name``."""
    _CACHES[name] = (clear, size)


class GameCache(dict[_K, _V]):
    """A memo of one analysis, keyed by games (a plain dict: lookups and stores cost
    what a dict's do), registered with the engine under ``name`` (see
    :func:`register_cache`), and bounded: it keeps at most :attr:`max_entries`
    entries, the newest, once the walks that store in it have ended (see
    :func:`walking`).

    ``max_entries`` is the cache's own bound, or (None, the default) the one
    :func:`set_cache_entries` sets for all.  During a walk a cache may grow past its
    bound (the walk reads back what it stored); the oldest entries beyond it are
    forgotten when the last walk ends, which costs at most recomputing them.

    >>> memo = GameCache("example.memo", max_entries=2)
    >>> with walking(memo):
    ...     for n in range(4):
    ...         memo[Game.of(n)] = n
    ...     len(memo)                                   # a walk reads back what it stored
    4
    >>> sorted(memo.values()), cache_sizes()["example.memo"], memo.max_entries
    ([2, 3], 2, 2)
    >>> clear_caches(); len(memo)
    0
    """

    def __init__(self, name: str, max_entries: Optional[int] = None) -> None:
        super().__init__()
        self.name = name
        self.own_bound = max_entries is not None  # else set_cache_entries() sets it
        self.max_entries = _cache_entries if max_entries is None else _checked_bound(max_entries)
        self.walking = _Walking((self,))  # what walking(self) returns: made once
        register_cache(name, self.clear, self.__len__)
        _GAME_CACHES.append(self)

    def trim(self) -> None:
        """Forget the oldest entries beyond :attr:`max_entries` (a dict keeps insertion
        order).  Only safe when no walk reads this cache: :func:`walking` calls it."""
        excess = len(self) - self.max_entries
        if excess > 0:
            for key in list(itertools.islice(iter(self), excess)):
                self.pop(key, None)  # None: a clear_caches() from elsewhere may have been first


def _checked_bound(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"a game cache keeps at least one entry, not {n!r}")
    return n


class _Walking:
    """The context manager :func:`walking` returns: it counts the walks under way (in
    every thread) and, when the last one ends, trims the caches they stored in."""

    __slots__ = ("caches",)

    def __init__(self, caches: tuple["GameCache[Any, Any]", ...]) -> None:
        self.caches = caches

    def __enter__(self) -> None:
        global _walks
        with _walks_lock:  # not while the last walk to end is trimming
            _walks += 1
            for cache in self.caches:
                _written[id(cache)] = cache

    def __exit__(self, *exc: object) -> None:
        global _walks
        with _walks_lock:  # held while trimming: no walk starts meanwhile
            _walks -= 1
            if _walks == 0:
                while _written:
                    _written.popitem()[1].trim()


def walking(*caches: Any) -> _Walking:
    """A context manager around a *walk*: a computation that stores values in
    ``caches`` (:class:`GameCache`\\ s) and reads them back by key, as a loop over
    :func:`bottom_up` or :func:`cgtkit.traverse.evaluate` with a ``GameCache`` as its
    memo.  No cache is trimmed while any walk, in any thread, is under way; when the
    last one ends, the caches they stored in are trimmed to their bounds.  Walks nest
    (an analysis that calls another inside its walk, which names its own caches): only
    the outermost end trims.  A memo that is not a ``GameCache`` (a call's own dict)
    may be named too: it is left alone.

    >>> memo = GameCache("example.walk", max_entries=1)
    >>> with walking(memo):
    ...     memo[Game.of(1)] = 1
    ...     with walking(memo):                # a nested walk: its end trims nothing
    ...         memo[Game.of(2)] = 2
    ...     memo[Game.of(1)] + memo[Game.of(2)]
    3
    >>> list(memo.values())
    [2]
    """
    if len(caches) == 1 and isinstance(caches[0], GameCache):
        return caches[0].walking
    return _Walking(tuple(c for c in caches if isinstance(c, GameCache)))


def set_cache_entries(n: int) -> int:
    """Keep at most ``n`` entries in each :class:`GameCache` that has no bound of its
    own (the analyses' memos: thermographs, atomic weights, products, ...), and
    return the previous bound (:data:`DEFAULT_CACHE_ENTRIES` at first).  A smaller
    bound costs recomputation, never a different answer; the caches are trimmed at
    once if no walk is under way, else when the last one ends.

    >>> previous = set_cache_entries(10)
    >>> GameCache("example.bounded").max_entries
    10
    >>> set_cache_entries(previous)
    10
    """
    global _cache_entries
    n = _checked_bound(n)
    with walking(*_GAME_CACHES), _walks_lock:  # the trim, when the last walk ends
        previous, _cache_entries = _cache_entries, n
        for cache in _GAME_CACHES:
            if not cache.own_bound:
                cache.max_entries = n
    return previous


def cache_entries() -> int:
    """The bound :func:`set_cache_entries` last set (of every :class:`GameCache`
    without its own).

    >>> cache_entries() == DEFAULT_CACHE_ENTRIES
    True
    """
    return _cache_entries


def cache_sizes() -> dict[str, int]:
    """The number of entries in each registered analysis cache, by name (the engine's
    own tables: ``cgtkit.short.engine.ENGINE.stats()``)."""
    return {name: size() for name, (_, size) in sorted(_CACHES.items())}


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
    for clear, _ in _CACHES.values():
        clear()


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
    with games (as :func:`clear_caches`).  Returns the number of interned games before
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
