"""Loopy values: canonical stoppers, sided values ``S & T``, and unclaimed loopy values.

* :class:`Stopper`: a stopper in simplest form, interned in :mod:`cgtkit.loopy.store`,
  so ``==`` is value equality (and costs an int comparison).  ``<=`` is Siegel's order
  (Left survives ``H - G`` moving second).  A short game is a stopper too.
* :class:`SidedValue`: ``onside & offside``, both canonical stoppers, onside >= offside.
  A loopy game equals the sided value of its sides; sums add the onsides by the upsum
  (infinite play won by Left) and the offsides by the downsum.
* :class:`LoopyValue`: a game whose sides did not settle into stoppers (Bach's
  Carousel): its graph, with its stopper parts made canonical; no canonical form is
  claimed and it cannot be compared.

>>> from cgtkit.loopy import loopy
>>> on, off, over = loopy("on"), loopy("off"), loopy("over")
>>> on + off, over + over == over, over > 0, over < loopy("1/64")
(dud, True, True, True)
>>> loopy("upon") - loopy("upon"), loopy("{pass|*}") == loopy("upon")
(^<on> & v<on>, True)
"""

from __future__ import annotations

from typing import Any, Callable, Union

from ..errors import CGTError, NotANumberError
from ..numbers import Dyadic
from ..hooks import hook, provides
from ..short.game import Game
from . import store
from .errors import NotAStopperError, NotIdempotentError, NotStopperSidedError
from .graph import LoopyGraph, quotient, stopper_vertices, sum_graph
from .printing import format_graph, format_sided, format_stopper
from .retrograde import outcome_class
from .sides import sides

__all__ = ["Stopper", "SidedValue", "LoopyValue", "as_loopy", "value_of", "LoopyLike"]

LoopyLike = Union["Stopper", "SidedValue", Game, int, Dyadic]


def as_loopy(x: Any) -> "Stopper | SidedValue":
    """A loopy value for ``x``: a Stopper or SidedValue unchanged, a short game, int or
    Dyadic as the stopper it is."""
    if isinstance(x, (Stopper, SidedValue)):
        return x
    if isinstance(x, LoopyValue):
        raise NotStopperSidedError(f"{x} has no canonical sides, so it cannot be added or compared")
    if isinstance(x, str):
        return hook("loopy.read")(x)
    return Stopper(store.short_id(Game.of(x)))


def _sides(x: Any) -> tuple["Stopper", "Stopper"]:
    v = as_loopy(x)
    if isinstance(v, Stopper):
        return v, v
    return v.onside, v.offside


def _side_of_sum(a: "Stopper", b: "Stopper", onside: bool) -> "Stopper":
    if store.is_short(a.vertex) and store.is_short(b.vertex):
        return Stopper(store.short_id(store.game_of(a.vertex) + store.game_of(b.vertex)))
    g = sum_graph([(LoopyGraph([[]], [[]], 0, {0: a.vertex}), 0), (LoopyGraph([[]], [[]], 0, {0: b.vertex}), 0)])
    v = value_of(g)
    if isinstance(v, Stopper):
        return v
    if isinstance(v, SidedValue):
        return v.onside if onside else v.offside
    raise NotStopperSidedError(f"the {'upsum' if onside else 'downsum'} of {a} and {b} did not settle into a stopper")


def _add(x: Any, y: Any) -> "Stopper | SidedValue":
    (s1, t1), (s2, t2) = _sides(x), _sides(y)
    if s1 is t1 and s2 is t2:  # two stoppers: their sum's sides
        if store.is_short(s1.vertex) and store.is_short(s2.vertex):
            return Stopper(store.short_id(store.game_of(s1.vertex) + store.game_of(s2.vertex)))
        g = sum_graph([(LoopyGraph([[]], [[]], 0, {0: s1.vertex}), 0), (LoopyGraph([[]], [[]], 0, {0: s2.vertex}), 0)])
        v = value_of(g)
        if isinstance(v, LoopyValue):
            raise NotStopperSidedError(f"the sides of {x} + {y} did not settle into stoppers")
        return v
    on = _side_of_sum(s1, s2, True)
    off = _side_of_sum(t1, t2, False)
    return on if on == off else SidedValue(on, off)


def _idempotent(degree: LoopyLike) -> "Stopper":
    """``degree`` as a stopper, checked to be an idempotent (``D + D == D``)."""
    d = as_loopy(degree)
    if not isinstance(d, Stopper) or not d.is_idempotent:
        raise NotIdempotentError(f"a variety is taken relative to an idempotent degree (D + D == D); {d} is not one")
    return d


class Stopper:
    """A canonical stopper (immutable, interned): build it with :func:`cgtkit.loopy.loopy`
    or from a game graph.  Left is positive."""

    __slots__ = ("vertex",)

    def __init__(self, vertex: int) -> None:
        self.vertex = store.resolve(vertex)

    # --- structure ----------------------------------------------------------------
    @property
    def left_options(self) -> tuple["Stopper", ...]:
        """Left's options in simplest form."""
        return tuple(Stopper(v) for v in store.options(self.vertex)[0])

    @property
    def right_options(self) -> tuple["Stopper", ...]:
        """Right's options in simplest form."""
        return tuple(Stopper(v) for v in store.options(self.vertex)[1])

    @property
    def is_short(self) -> bool:
        """Whether this is a short (loop-free) game."""
        return store.is_short(self.vertex)

    @property
    def short(self) -> Game:
        """The short game this is; :class:`NotAStopperError` if it is loopy."""
        g = store.game_of(self.vertex)
        if g is None:
            raise NotAStopperError(f"{self} is loopy, not a short game")
        return g

    @property
    def is_stopper(self) -> bool:
        return True

    @property
    def onside(self) -> "Stopper":
        """A stopper is its own onside."""
        return self

    @property
    def offside(self) -> "Stopper":
        """A stopper is its own offside."""
        return self

    @property
    def pseudonumber(self) -> "store.Pseudonumber | None":
        """The pseudonumber this is (``x``, ``x over``, ``x under``, ``on``, ``off``), or None."""
        return store.pseudonumber(self.vertex)

    @property
    def is_number(self) -> bool:
        """Whether this is a (dyadic) number."""
        g = store.game_of(self.vertex)
        return g is not None and g.is_number

    @property
    def number(self) -> Dyadic:
        """The number this is; :class:`NotANumberError` otherwise."""
        if not self.is_number:
            raise NotANumberError(f"{self} is not a number")
        return store.game_of(self.vertex).number  # type: ignore[union-attr]

    @property
    def stops(self) -> tuple["store.Pseudonumber", "store.Pseudonumber"]:
        """``(left stop, right stop)`` as pseudonumbers: alternating play, Left (Right)
        first, until a number, ``x over``, ``x under``, ``on`` or ``off`` is reached
        (CGSuite's LeftStop and RightStop are :attr:`number_stops`).

        >>> from cgtkit.loopy import loopy
        >>> loopy("{6over|5*}").stops, loopy("{6over|5*}").number_stops, loopy("upon").stops
        ((6over, 5), (6, 5), (0, 0))
        """
        return store.pseudonumber_stops(self.vertex)

    @property
    def number_stops(self) -> tuple["store.Pseudonumber", "store.Pseudonumber"]:
        """``(left stop, right stop)`` as CGSuite gives them: numbers, ``on`` or ``off``."""
        return store.stops(self.vertex)

    @property
    def left_stop(self) -> "store.Pseudonumber":
        return self.stops[0]

    @property
    def right_stop(self) -> "store.Pseudonumber":
        return self.stops[1]

    @property
    def degree(self) -> "Stopper":
        """The degree of loopiness: the onside of ``G - G`` (``on`` for ``on``, ``over``
        for ``over``, ``0`` for a short game).

        >>> from cgtkit.loopy import loopy
        >>> [str(loopy(t).degree) for t in ("on", "off", "over", "3/2under", "^")]
        ['on', 'on', 'over', 'over', '0']
        """
        total = _add(self, -self)
        return total if isinstance(total, Stopper) else total.onside

    @property
    def is_idempotent(self) -> bool:
        """Whether ``G + G == G``."""
        return _add(self, self) == self

    def upsum(self, other: LoopyLike) -> "Stopper":
        """The onside of ``G + H``: the sum with infinite play counted for Left.

        >>> from cgtkit.loopy import loopy
        >>> loopy("on").upsum("off"), loopy("over").upsum("under")
        (on, over)
        """
        return _sides(_add(self, other))[0]

    def downsum(self, other: LoopyLike) -> "Stopper":
        """The offside of ``G + H``: the sum with infinite play counted for Right.

        >>> from cgtkit.loopy import loopy
        >>> loopy("on").downsum("off"), loopy("over").downsum("under")
        (off, under)
        """
        return _sides(_add(self, other))[1]

    def upsum_variety(self, degree: LoopyLike) -> "Stopper":
        """``G upsum ((-G) downsum (-D))`` for an idempotent ``D`` (CGSuite's
        ``UpsumVariety``).

        >>> from cgtkit.loopy import loopy
        >>> loopy("3/2under").upsum_variety("over")
        under
        """
        d = _idempotent(degree)
        return self.upsum((-self).downsum(-d))

    def downsum_variety(self, degree: LoopyLike) -> "Stopper":
        """``G downsum ((-G) upsum D)`` for an idempotent ``D`` (CGSuite's
        ``DownsumVariety``).

        >>> from cgtkit.loopy import loopy
        >>> loopy("3/2under").downsum_variety("over")
        under
        """
        d = _idempotent(degree)
        return self.downsum((-self).upsum(d))

    @property
    def variety(self) -> "Stopper":
        """The variety of ``G``: its upsum and downsum varieties relative to its degree
        ``D``.  The unproved Stability Conjecture (as CGSuite's documentation names it;
        theory in Winning Ways ch. 11) says they are equal; this checks it each time,
        and a :class:`~cgtkit.errors.CGTError` names a counterexample.  A stopper whose
        degree is not an idempotent has no variety (:class:`NotIdempotentError`).

        >>> from cgtkit.loopy import loopy
        >>> [str(loopy(t).variety) for t in ("on", "off", "over", "3/2under", "^")]
        ['on', 'off', 'over', 'under', '0']
        """
        d = self.degree
        up, down = self.upsum_variety(d), self.downsum_variety(d)
        if up != down:  # pragma: no cover - nobody has seen one
            raise CGTError(
                f"{self} contradicts the Stability Conjecture: its upsum variety {up} and downsum "
                f"variety {down} (relative to its degree {d}) differ"
            )
        return up

    def outcome(self) -> str:
        """``"L"``, ``"R"``, ``"P"`` or ``"N"``: a stopper has no draws (retrograde
        analysis of its positions).

        >>> from cgtkit.loopy import loopy
        >>> [loopy(t).outcome() for t in ("on", "over", "under", "*", "upon")]
        ['L', 'L', 'R', 'N', 'L']
        """
        return outcome_class(*_results(self))

    # --- arithmetic and order ---------------------------------------------------------
    def __neg__(self) -> "Stopper":
        return Stopper(store.negate(self.vertex))

    def __add__(self, other: LoopyLike) -> "Stopper | SidedValue":
        return _add(self, other)

    __radd__ = __add__

    def __sub__(self, other: LoopyLike) -> "Stopper | SidedValue":
        return _add(self, -as_loopy(other))

    def __rsub__(self, other: LoopyLike) -> "Stopper | SidedValue":
        return _add(as_loopy(other), -self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Stopper):
            return self.vertex == other.vertex
        if isinstance(other, SidedValue):
            return False  # a sided value with equal sides is a Stopper
        if isinstance(other, (Game, int, Dyadic)) and not isinstance(other, bool):
            return self.vertex == store.short_id(Game.of(other))
        return NotImplemented

    def __hash__(self) -> int:
        g = store.game_of(self.vertex)
        return hash(g) if g is not None else hash(("stopper", self.vertex))

    def __le__(self, other: LoopyLike) -> bool:
        s, t = _sides(other)
        if s is t:
            return store.leq(self.vertex, s.vertex)
        return store.leq(self.vertex, s.vertex) and store.leq(self.vertex, t.vertex)

    def __ge__(self, other: LoopyLike) -> bool:
        s, t = _sides(other)
        return store.leq(s.vertex, self.vertex) and store.leq(t.vertex, self.vertex)

    def __lt__(self, other: LoopyLike) -> bool:
        return self <= other and not self >= other

    def __gt__(self, other: LoopyLike) -> bool:
        return self >= other and not self <= other

    def __str__(self) -> str:
        return format_stopper(self.vertex)

    def __repr__(self) -> str:
        return str(self)


class SidedValue:
    """``onside & offside``: the value of a loopy game that is not a stopper, given by
    its two sides, each a canonical stopper (onside >= offside).

    >>> from cgtkit.loopy import loopy
    >>> d = loopy("dud")
    >>> d.onside, d.offside, d + 5 == d
    (on, off, True)
    """

    __slots__ = ("onside", "offside")

    def __init__(self, onside: Stopper, offside: Stopper) -> None:
        self.onside = onside
        self.offside = offside

    @property
    def is_stopper(self) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SidedValue):
            return self.onside == other.onside and self.offside == other.offside
        if isinstance(other, (Stopper, Game, int, Dyadic)):
            return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.onside, self.offside))

    def __le__(self, other: LoopyLike) -> bool:
        s, t = _sides(other)
        return self.onside <= s and self.offside <= t

    def __ge__(self, other: LoopyLike) -> bool:
        s, t = _sides(other)
        return self.onside >= s and self.offside >= t

    def __lt__(self, other: LoopyLike) -> bool:
        return self <= other and not self >= other

    def __gt__(self, other: LoopyLike) -> bool:
        return self >= other and not self <= other

    def __add__(self, other: LoopyLike) -> "Stopper | SidedValue":
        return _add(self, other)

    __radd__ = __add__

    def __neg__(self) -> "SidedValue":
        return SidedValue(-self.offside, -self.onside)

    def __sub__(self, other: LoopyLike) -> "Stopper | SidedValue":
        return _add(self, -as_loopy(other))

    def __rsub__(self, other: LoopyLike) -> "Stopper | SidedValue":
        return _add(as_loopy(other), -self)

    def outcome(self) -> str:
        """Who wins, with draws (see :func:`_sided_outcome`): ``dud`` is ``"D"``.

        >>> from cgtkit.loopy import loopy
        >>> loopy("dud").outcome(), loopy("3 & 0").outcome()
        ('D', 'D/L')
        """
        return _sided_outcome(self.onside, self.offside)

    def __str__(self) -> str:
        return format_sided(self.onside.vertex, self.offside.vertex)

    def __repr__(self) -> str:
        return str(self)


class LoopyValue:
    """A loopy game whose sides did not settle into stoppers: the graph (its stopper
    parts made canonical) is kept and printed with named nodes; no canonical form is
    claimed, and it cannot be compared or added.

    ``onside`` and ``offside`` are its sides as far as they were found: a
    :class:`Stopper` where sidling settled, else a :class:`LoopyValue` of the simplified
    graph of that side (moves taken straight back removed, the vertices whose side is
    known fixed to it), again with no canonical form claimed (Bach's Carousel).
    """

    __slots__ = ("graph", "known", "onside", "offside")

    def __init__(self, graph: Any, known: dict, onside: Any = None, offside: Any = None) -> None:
        self.graph = graph
        self.known = known
        self.onside = onside
        self.offside = offside

    @property
    def is_stopper(self) -> bool:
        return False

    canonical = False

    def outcome(self) -> str:
        """Who wins, draws included, by retrograde analysis of the graph itself (no
        sides needed): ``"L"``, ``"R"``, ``"P"``, ``"N"``, ``"D"`` or ``"X/Y"`` (X when
        Left starts, Y when Right starts)."""
        return str(self.graph.outcome())

    @classmethod
    def of_sides(cls, onside: Any, offside: Any) -> "LoopyValue":
        """``onside & offside`` given by its two (simplified) sides alone, at least one
        of them not a stopper (how ``S & T`` reads when a side does not settle)."""
        return cls(None, {}, onside, offside)

    def __str__(self) -> str:
        if self.graph is None:
            return f"{self.onside} & {self.offside}"
        return format_graph(self.graph, self.known)

    def __repr__(self) -> str:
        return f"LoopyValue({str(self)!r}; no canonical form claimed)"


def _results(x: "Stopper") -> tuple[str, str]:
    """Who wins the stopper ``x`` played alone (Left first, Right first): retrograde
    analysis of its positions in the stopper table (a stopper has no draws)."""
    return LoopyGraph([[]], [[]], 0, {0: x.vertex}).results()


def _sided_outcome(on: "Stopper", off: "Stopper") -> str:
    """The outcome of a game with sides ``on & off``, from retrograde analysis of each.

    Left moving first wins outright exactly when she wins the offside (where infinite
    play goes to Right) moving first, and at least draws when she wins the onside;
    Right moving first likewise with the sides exchanged."""
    on_left, on_right = _results(on)
    off_left, off_right = _results(off)
    left_first = "L" if off_left == "L" else "D" if on_left == "L" else "R"
    right_first = "R" if on_right == "R" else "D" if off_right == "R" else "L"
    return outcome_class(left_first, right_first)


@provides("loopy.value_of")
def value_of(
    graph: LoopyGraph,
    start: int | None = None,
    max_rounds: int | None = None,
    budget: int | None = None,
    progress: Callable[[int, str], None] | None = None,
):
    """The value of vertex ``start`` (default: the graph's start); see the module text.
    Every route to a loopy value (a move function, notation, a ruleset, a sum) comes
    here.  Sidling is bounded: ``max_rounds`` rounds per part and cut (default
    :data:`~cgtkit.loopy.sides.SIDLING_ROUNDS`) and ``budget`` rounds in all (default
    :data:`~cgtkit.loopy.sides.SIDLING_BUDGET`); a side not found within them is not
    claimed (a :class:`~cgtkit.loopy.values.LoopyValue` says which).
    ``progress(rounds, note)`` hears of each round."""
    root = graph.start if start is None else start
    if root in graph.fixed:
        return Stopper(graph.fixed[root])
    sub = LoopyGraph(graph.left, graph.right, root, graph.fixed, graph.labels)
    reach = sub.reachable()
    known = stopper_vertices(sub, reach)
    if root in known:
        return Stopper(known[root])
    # the sides are found on the quotient graph, numbered from the start: what sidling
    # does depends only on the game, not on how the graph was written down
    plain, plain_known = quotient(sub, reach, known)
    loopy = [v for v in range(len(plain)) if v not in plain_known]
    up, down = sides(plain, plain_known, loopy, max_rounds, budget, progress)
    root = plain.start
    if isinstance(up, tuple) or isinstance(down, tuple):  # a side did not settle somewhere

        def side(found: Any) -> Any:
            if isinstance(found, dict):
                return Stopper(found[root])
            side_graph, fixed = found
            if root in fixed:  # found exactly before sidling (a stopper part, on, off)
                return Stopper(fixed[root])
            return LoopyValue(LoopyGraph(side_graph.left, side_graph.right, root, side_graph.fixed), fixed)

        on, off = side(up), side(down)
        if isinstance(on, Stopper) and isinstance(off, Stopper):  # the start's own are exact
            return on if on == off else SidedValue(on, off)
        return LoopyValue(sub, known, on, off)  # no claim
    if up[root] == down[root]:
        return Stopper(up[root])
    return SidedValue(Stopper(up[root]), Stopper(down[root]))
