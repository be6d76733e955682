"""Thermography of short games: stops, mean, temperature, thermographs, cooling and heating.

A *thermograph* draws the two stops of ``G`` cooled by ``t`` (``G_t``) as functions of
the temperature ``t``: the *left wall* ``LW(t) = L(G_t)`` and the *right wall*
``RW(t) = R(G_t)``.  Both walls are continuous, piecewise linear, with slopes in
``{-1, 0, +1}`` (value per unit of temperature) and dyadic breakpoints; above the
temperature they coincide in a vertical *mast* at the mean.  They are computed exactly
from the canonical form by the scaffold recursion (Berlekamp; Siegel, *Combinatorial
Game Theory* (2013), ch. II.5)::

    left scaffold  LS(t) = max over G^L of  RW(G^L)(t) - t
    right scaffold RS(t) = min over G^R of  LW(G^R)(t) + t
    temperature    T = the largest t with LS(t) >= RS(t);  mast value m = LS(T)
    LW = LS below T and m above;  RW = RS below T and m above.

Like CGSuite, the walls are defined on ``-1 <= t < infinity`` ("subzero thermography"),
an integer ``n`` has the constant walls ``n``, and the scaffold recursion is applied to
every other number too.  So **the temperature of an integer is -1 and that of a number
m/2^j (m odd, j >= 1) is -1/2^j** (CGSuite's convention); a non-number has temperature
>= 0.  Everything is exact: :class:`~cgtkit.numbers.Dyadic` throughout, no floats.

Invariants: ``left_stop(g) == thermograph(g).left_wall(0)`` for non-numbers,
``mean(g + h) == mean(g) + mean(h)``, ``cool(g + h, t) == cool(g, t) + cool(h, t)``.

>>> from cgtkit.short.notation import game
>>> g = game("{3||2*|1*}")
>>> left_stop(g), right_stop(g), mean(g), temperature(g)
(Dyadic('3'), Dyadic('2'), Dyadic('9/4'), Dyadic('3/4'))
>>> print(thermograph(g))
Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])
>>> thermograph(g).right_wall(Dyadic(1, 4))
Dyadic('2')
>>> temperature(game("25/16")), temperature(game("5")), temperature(game("*"))
(Dyadic('-1/16'), Dyadic('-1'), Dyadic('0'))
>>> print(cool(g, Dyadic(1, 2)), freeze(g), heat(game("*"), 1))
{5/2|2*} 9/4* +-1
>>> print(confusion_interval(game("+-1")), confusion_interval(game("*")))
[-1, 1] [0, 0]
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, Optional, Union

from ..errors import CGTError, shown_number
from ..numbers import Dyadic
from .. import backend
from ..backend.protocols import Thermography
from .game import FUZZY, bottom_up, Game, GameLike, walk_bottom_up
from ..memo import GameCache, walking
from .thermograph_svg import thermograph_plot, thermograph_svg

__all__ = [
    "Trajectory",
    "Thermograph",
    "ConfusionInterval",
    "left_stop",
    "right_stop",
    "stops",
    "mean",
    "tiny_form",
    "temperature",
    "thermograph",
    "thermograph_by_scaffolds",
    "confusion_interval",
    "cool",
    "freeze",
    "heat",
    "overheat",
]

Number = Union[Dyadic, int]
_MINUS_ONE = Dyadic(-1)
_ZERO = Dyadic(0)


def _d(x: Number) -> Dyadic:
    if isinstance(x, Dyadic):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return Dyadic(x)
    if isinstance(x, Game):
        return x.number
    return Dyadic(x)


def closed_form_known(memo: dict, closed_form: Callable[[tuple], object]) -> Callable[[Game], bool]:
    """A ``known`` test for :func:`bottom_up`: cached in ``memo``, or a NUS value
    ``x + n.^ + *m`` answered by ``closed_form((x, n, m))`` (and cached), whose form
    is never walked (``*m`` has m options, ``n.^`` n followers)."""

    def known(h: Game) -> bool:
        if h in memo:
            return True
        if h.nus is not None:
            memo[h] = closed_form(h.nus)
            return True
        return False

    return known


# --- trajectories -----------------------------------------------------------------------
class Trajectory:
    """A continuous piecewise-linear function of the temperature ``t`` on ``[-1, oo)``.

    ``points`` are the breakpoints (where the slope changes), strictly decreasing and
    all > -1; segment ``i`` runs from ``points[i]`` up to ``points[i-1]`` (segment 0 up
    to infinity, the last one down to -1), on which the value is
    ``intercepts[i] + slopes[i] * t``.  Immutable; two equal trajectories have equal
    fields.

    >>> T = Trajectory.constant(2).tilt(-1)        # 2 - t
    >>> T(Dyadic(1, 2)), T.max(Trajectory.constant(1)).points
    (Dyadic('3/2'), (Dyadic('1'),))
    """

    __slots__ = ("points", "slopes", "intercepts")

    def __init__(self, points: Iterable[Number], slopes: Iterable[int], intercepts: Iterable[Number]) -> None:
        pts = tuple(_d(p) for p in points)
        sl = tuple(int(s) for s in slopes)
        ic = tuple(_d(c) for c in intercepts)
        if len(sl) != len(pts) + 1 or len(ic) != len(sl):
            raise ValueError("a trajectory needs one more slope and intercept than breakpoints")
        if any(a <= b for a, b in zip(pts, pts[1:])) or (pts and pts[-1] <= -1):
            raise ValueError("breakpoints must be strictly decreasing and > -1")
        # merge segments that continue the same line
        p2, s2, c2 = [], [sl[0]], [ic[0]]
        for i, p in enumerate(pts):
            if sl[i + 1] == s2[-1] and ic[i + 1] == c2[-1]:
                continue
            p2.append(p)
            s2.append(sl[i + 1])
            c2.append(ic[i + 1])
        self.points: tuple[Dyadic, ...] = tuple(p2)
        self.slopes: tuple[int, ...] = tuple(s2)
        self.intercepts: tuple[Dyadic, ...] = tuple(c2)

    @classmethod
    def constant(cls, value: Number) -> "Trajectory":
        """The constant trajectory ``value``."""
        return cls((), (0,), (value,))

    # --- evaluation --------------------------------------------------------------
    def _index(self, t: Dyadic) -> int:
        """The segment holding t (the upper one at a breakpoint)."""
        for i, p in enumerate(self.points):
            if t >= p:
                return i
        return len(self.points)

    def __call__(self, t: Number) -> Dyadic:
        t = _d(t)
        if t < -1:
            raise ValueError(f"trajectories are defined for t >= -1, not {shown_number(t)}")
        i = self._index(t)
        return self.intercepts[i] + self.slopes[i] * t

    def segments(self) -> list[tuple[Dyadic, Optional[Dyadic], int, Dyadic]]:
        """``(lo, hi, slope, intercept)`` from the top down; ``hi`` is None for the top."""
        bounds = [None, *self.points, _MINUS_ONE]
        return [(bounds[i + 1], bounds[i], self.slopes[i], self.intercepts[i]) for i in range(len(self.slopes))]

    @property
    def mast_value(self) -> Dyadic:
        """The value where the top segment starts (the mast, when it is vertical)."""
        return self(self.points[0]) if self.points else self.intercepts[0]

    # --- algebra -----------------------------------------------------------------
    def tilt(self, slope: int, shift: Number = 0) -> "Trajectory":
        """This trajectory plus ``shift + slope * t``."""
        shift = _d(shift)
        return Trajectory(self.points, (s + slope for s in self.slopes), (c + shift for c in self.intercepts))

    def _lines_on(self, lo: Dyadic) -> tuple[int, Dyadic]:
        i = self._index(lo)
        return self.slopes[i], self.intercepts[i]

    def _pieces(self, other: "Trajectory"):
        """The common refinement: (lo, hi, (s, c) of self, (s, c) of other), top down."""
        pts = sorted(set(self.points) | set(other.points), reverse=True)
        bounds = [None, *pts, _MINUS_ONE]
        for i in range(len(bounds) - 1):
            lo, hi = bounds[i + 1], bounds[i]
            yield lo, hi, self._lines_on(lo), other._lines_on(lo)

    def _extreme(self, other: "Trajectory", larger: bool) -> "Trajectory":
        out: list[tuple[Dyadic, int, Dyadic]] = []  # (lo, slope, intercept), top down
        for lo, hi, (sa, ca), (sb, cb) in self._pieces(other):
            cuts = [lo]
            if sa != sb:
                x = (cb - ca) / (sa - sb)
                if x > lo and (hi is None or x < hi):
                    cuts = [x, lo]
            top = hi
            for cut in cuts:  # sub-intervals [cut, top], top down
                if top is None:  # unbounded: compare far up
                    a_wins = (sa, ca) >= (sb, cb) if larger else (sa, ca) <= (sb, cb)
                else:
                    mid = (cut + top) / 2
                    va, vb = ca + sa * mid, cb + sb * mid
                    a_wins = va >= vb if larger else va <= vb
                out.append((cut, *((sa, ca) if a_wins else (sb, cb))))
                top = cut
        return _from_pieces(out)

    def max(self, other: "Trajectory") -> "Trajectory":
        """The pointwise maximum."""
        return self._extreme(other, True)

    def min(self, other: "Trajectory") -> "Trajectory":
        """The pointwise minimum."""
        return self._extreme(other, False)

    def __sub__(self, other: "Trajectory") -> "Trajectory":
        return _from_pieces([(lo, sa - sb, ca - cb) for lo, _hi, (sa, ca), (sb, cb) in self._pieces(other)])

    def __add__(self, other: "Trajectory") -> "Trajectory":
        return _from_pieces([(lo, sa + sb, ca + cb) for lo, _hi, (sa, ca), (sb, cb) in self._pieces(other)])

    def capped(self, t: Dyadic, value: Dyadic) -> "Trajectory":
        """This trajectory below ``t``, and the constant ``value`` from ``t`` up."""
        keep = [(lo, s, c) for lo, _hi, s, c in self.segments() if lo < t]
        if t <= -1:
            return Trajectory.constant(value)
        return _from_pieces([(t, 0, value), *keep])

    # --- protocol ----------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trajectory):
            return NotImplemented
        return (self.points, self.slopes, self.intercepts) == (other.points, other.slopes, other.intercepts)

    def __hash__(self) -> int:
        return hash((self.points, self.slopes, self.intercepts))

    def __str__(self) -> str:
        """CGSuite's form: the value of the top line at t = 0 (the mast value, when the
        mast is vertical), the breakpoints from the top, the slopes from the top."""
        pts = ",".join(str(p) for p in self.points)
        sl = ",".join(str(s) for s in self.slopes)
        return f"{self.intercepts[0]},[{pts}],[{sl}]"

    def __repr__(self) -> str:
        return f"Trajectory({self})"


def _from_pieces(pieces: list[tuple[Dyadic, int, Dyadic]]) -> Trajectory:
    """Build from (lo, slope, intercept) pieces listed top down (the last lo is -1)."""
    pts = [lo for lo, _s, _c in pieces[:-1]]
    # drop empty pieces (lo equal to the next lo can not happen, but be safe)
    keep_pts, keep_s, keep_c = [], [pieces[0][1]], [pieces[0][2]]
    for i, p in enumerate(pts):
        if keep_pts and p >= keep_pts[-1]:
            continue
        keep_pts.append(p)
        keep_s.append(pieces[i + 1][1])
        keep_c.append(pieces[i + 1][2])
    return Trajectory(keep_pts, keep_s, keep_c)


# --- thermographs -----------------------------------------------------------------------
class Thermograph:
    """The thermograph of a short game: exact left and right walls and the mast.

    ``left_wall(t)`` and ``right_wall(t)`` evaluate the walls at any ``t >= -1``;
    ``mast`` is the mean, ``temperature`` where the mast starts.  ``str()`` prints
    CGSuite's ``Thermograph(...)`` form (each wall as mast value, breakpoints from the
    top, slopes from the top, a slope being the change of value per unit of t).
    ``to_svg()`` draws it (values increase to the LEFT, the CGT convention).
    """

    __slots__ = ("left", "right", "mast", "temperature")

    def __init__(self, left: Trajectory, right: Trajectory, mast: Dyadic, temperature: Dyadic) -> None:
        self.left = left
        self.right = right
        self.mast = mast
        self.temperature = temperature

    def left_wall(self, t: Number) -> Dyadic:
        """The left wall at temperature t (the left stop of the game cooled by t)."""
        return self.left(t)

    def right_wall(self, t: Number) -> Dyadic:
        """The right wall at temperature t (the right stop of the game cooled by t)."""
        return self.right(t)

    def __str__(self) -> str:
        return f"Thermograph({self.left},{self.right})"

    def __repr__(self) -> str:
        return str(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Thermograph):
            return NotImplemented
        return self.left == other.left and self.right == other.right

    def __hash__(self) -> int:
        return hash((self.left, self.right))

    def to_svg(self, width: int = 360, height: int = 280, title: Optional[str] = None) -> str:
        """An SVG drawing of the walls and the mast (no dependency)."""

        return thermograph_svg(self, width=width, height=height, title=title)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def plot(self, ax=None, **style):
        """Draw on a matplotlib axes (created if None); needs matplotlib installed."""

        return thermograph_plot(self, ax=ax, **style)


_THERMO: GameCache[Game, Thermograph] = GameCache(
    "thermography.thermograph"
)  # what thermograph() returned (native results as Python objects)
_THERMO_PY: GameCache[Game, Thermograph] = GameCache(
    "thermography.thermograph_python"
)  # this module's results (thermograph_python)


def _compute(g: Game, memo: dict = _THERMO_PY) -> Thermograph:
    """The thermograph of g from those of its options (in ``memo``) by the scaffolds."""
    if g.is_integer:
        n = g.number
        wall = Trajectory.constant(n)
        return Thermograph(wall, wall, n, _MINUS_ONE)
    ls: Optional[Trajectory] = None
    for gl in g.left_options:
        w = memo[gl].right.tilt(-1)
        ls = w if ls is None else ls.max(w)
    rs: Optional[Trajectory] = None
    for gr in g.right_options:
        w = memo[gr].left.tilt(+1)
        rs = w if rs is None else rs.min(w)
    assert ls is not None and rs is not None, "a canonical non-integer has options on both sides"
    t_star = _meeting_point(ls - rs)
    m = ls(t_star)
    return Thermograph(ls.capped(t_star, m), rs.capped(t_star, m), m, t_star)


def _nus_thermograph(g: Game) -> Thermograph:
    """The thermograph of a non-number ``G = x + n.^ + *m`` from that of the number x
    alone (``*m`` has m options and ``n.^`` n followers, so the scaffolds are out of
    reach for large m or n).

    Derivation (each option of G is x or ``x + e'``, by number translation):

    * Above 0 both walls are x and the temperature is 0.  By induction every option
      has walls x from t = 0 up (a number's temperature is < 0), so the scaffolds
      are ``LS = x - t`` and ``RS = x + t`` there, and they meet at t = 0; below 0 they
      do not (see the width bound below).
    * On ``-1 <= t <= 0`` the walls of x decide, with ``LW_x``, ``RW_x`` those of x.
      Every non-number ``x + e`` with n >= 0 has x as a Left option, and with n <= 0
      x as a Right option (``^* = {x, x + * | x}`` and ``v* = {x | x, x + *}`` have
      both).  When x is a Left option of G, ``LW(t) = RW_x(t) - t``.  Otherwise
      (n < 0, not v*) the only Left option is the non-number ``x + (|n|-1).v*(m^1)``,
      which has x as a Right option, so its right wall is ``LW_x(t) + t`` and
      ``LW(t) = LW_x(t)``.  The right wall is the mirror image: ``LW_x(t) + t`` when x
      is a Right option of G, else ``RW_x(t)``.  (In ^* the other Left option ``x + *``
      gives ``LW_x(t)``, not above ``RW_x(t) - t`` because a number's thermograph is
      never wider than -t on [-1, 0]; the same bound keeps the scaffolds apart below 0.)

    So ``^`` has the walls ``-t`` and ``0`` below 0 (``Thermograph(0,[0],[0,-1],0,[],[0])``)
    and ``*`` has ``-t`` and ``t``; ``thermograph_by_scaffolds`` is the general twin.
    """
    x, n, m = g.nus  # type: ignore[misc]
    xt = thermograph_python(Game.of(x))
    zero = _ZERO
    x_left = n >= 0 or (n == -1 and m == 1)
    x_right = n <= 0 or (n == 1 and m == 1)
    left = (xt.right.tilt(-1) if x_left else xt.left).capped(zero, x)
    right = (xt.left.tilt(+1) if x_right else xt.right).capped(zero, x)
    return Thermograph(left, right, x, zero)


def _meeting_point(d: Trajectory) -> Dyadic:
    """The least t >= -1 with d(t) <= 0: where the scaffolds first meet (d = LS - RS is
    continuous and non-increasing, so it stays <= 0 from there on).

    The *least* such t, not the largest t with d(t) >= 0: the scaffolds may run
    together for a while (``{-1,{*|-1}||-1*|-2}`` has LS = RS = -1 on [0, 1/2]); the
    game is then infinitesimally close to a number from the first meeting on, and its
    mast starts there (a numberish non-number has temperature 0).
    """
    for lo, hi, s, c in reversed(d.segments()):  # bottom up
        if c + s * lo <= 0:
            return lo
        if s < 0:
            root = -c / s
            if hi is None or root <= hi:
                return root
    raise ArithmeticError("the scaffolds never meet")  # pragma: no cover


def _thermograph_known(h: Game) -> bool:
    """True when ``h``'s thermograph is cached; integers and the other NUS values are
    filled in directly (an integer n has n followers, ``*m`` m options)."""
    if h in _THERMO_PY:
        return True
    if h.is_integer:
        _THERMO_PY[h] = _compute(h)
        return True
    if h.nus is not None and not h.is_number:
        _THERMO_PY[h] = _nus_thermograph(h)
        return True
    return False


def thermograph(g: GameLike) -> Thermograph:
    """The thermograph of ``g`` (computed once per game and cached; by the backend's
    thermography: the native one, or the twin :func:`thermograph_python`).

    >>> print(thermograph(Game.of(Dyadic(-1, 2))))
    Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])
    """
    g = Game.of(g)
    th = _THERMO.get(g)
    if th is None:
        left, right, mast, temp = _kernel().thermograph(g)
        with walking(_THERMO):  # so that _THERMO is trimmed to its bound when it ends
            th = _THERMO[g] = Thermograph(_trajectory(left), _trajectory(right), _dyadic(mast), _dyadic(temp))
    return th


def _dyadic(pq: tuple) -> Dyadic:
    return Dyadic.from_exponent(pq[0], pq[1])


def _trajectory(raw: tuple) -> Trajectory:
    points, slopes, intercepts = raw
    return Trajectory([_dyadic(p) for p in points], slopes, [_dyadic(c) for c in intercepts])


def _raw_dyadic(x: Dyadic) -> tuple[int, int]:
    return (x.numerator, x.exponent)


def _raw_trajectory(t: Trajectory) -> tuple:
    return ([_raw_dyadic(p) for p in t.points], list(t.slopes), [_raw_dyadic(c) for c in t.intercepts])


class _PythonThermography:
    """The twin of the native thermographs (:class:`cgtkit.backend.Thermography`):
    :func:`thermograph_python`'s results, raw as the native ones."""

    def thermograph(self, g: Game) -> tuple:
        th = thermograph_python(g)
        return (_raw_trajectory(th.left), _raw_trajectory(th.right), _raw_dyadic(th.mast), _raw_dyadic(th.temperature))

    def mean(self, g: Game) -> tuple[int, int]:
        return _raw_dyadic(thermograph_python(g).mast)


backend.register_twin("thermography", _PythonThermography())


def _kernel() -> Thermography:
    return backend.thermography()


def thermograph_python(g: GameLike) -> Thermograph:
    """The thermograph of ``g`` by this module (closed forms for NUS values, the
    scaffold recursion for the rest), whatever the engine: the reference twin of the
    native thermograph.

    >>> thermograph_python(Game.of(Dyadic(3, 4))) == thermograph(Game.of(Dyadic(3, 4)))
    True
    """
    g = Game.of(g)
    return walk_bottom_up(g, _THERMO_PY, _thermograph_known, _compute)


def thermograph_by_scaffolds(g: GameLike, memo: Optional[dict] = None) -> Thermograph:
    """The thermograph by the scaffold recursion over every follower (no closed form
    but the integers', and only the cache ``memo`` if given): the slow, general twin
    of :func:`thermograph`.

    >>> from cgtkit.short.constants import up
    >>> thermograph_by_scaffolds(up + up) == thermograph(up + up)
    True
    """
    g = Game.of(g)
    memo = {} if memo is None else memo

    def known(h: Game) -> bool:
        if h in memo:
            return True
        if h.is_integer:
            memo[h] = _compute(h, memo)
            return True
        return False

    for h in bottom_up(g, known):
        memo[h] = _compute(h, memo)
    return memo[g]


# --- stops, mean, temperature -----------------------------------------------------------
def stops(g: GameLike) -> tuple[Dyadic, Dyadic]:
    """``(left_stop(g), right_stop(g))`` (the engine keeps them: :attr:`Game.stops`)."""
    return Game.of(g).stops


def left_stop(g: GameLike) -> Dyadic:
    """The left stop: the number reached when Left starts and both play optimally
    until a number appears (``x`` for a number ``x``)."""
    return stops(g)[0]


def right_stop(g: GameLike) -> Dyadic:
    """The right stop (Right starts)."""
    return stops(g)[1]


def mean(g: GameLike) -> Dyadic:
    """The mean value (the mast of the thermograph); additive: m(G+H) = m(G) + m(H)."""
    g = Game.of(g)
    if g.nus is not None:  # x + n.^ + *m: the number x
        return g.nus[0]
    return _dyadic(_kernel().mean(g))


def tiny_form(g: GameLike) -> "tuple[str, Game, Game] | None":
    """``("Tiny", x, G)`` when ``g`` is ``x + Tiny(G)``, ``("Miny", y, G)`` when it is
    ``y + Miny(G)``, else None (numbers included): the one recognizer of these shapes.

    CGSuite's test: g = {x || x | z} with x a number and mean(z) < x is
    x + Tiny(x - z); g = {w | y || y} with y a number and mean(w) > y is
    y + Miny(w - y).  (Either way the printed text is exact: x + Tiny(x - z) equals
    {x || x | z} for every such canonical game; the test only decides when the
    Tiny form is the clearer one.)

    >>> from cgtkit.short.notation import game
    >>> tiny_form(game("2 + Tiny(1)")), tiny_form(game("Miny({5||3|1})")), tiny_form(game("^"))
    (('Tiny', game('2'), game('1')), ('Miny', game('0'), game('{5||3|1}')), None)
    """
    g = Game.of(g)
    lo, ro = g.left_options, g.right_options
    if len(lo) != 1 or len(ro) != 1:
        return None
    gl, gr = lo[0], ro[0]
    if gl.is_number and len(gr.left_options) == 1 and len(gr.right_options) == 1:
        z = gr.right_options[0]
        if gr.left_options[0] == gl and mean(z) < gl.number:
            return ("Tiny", gl, gl - z)
    if gr.is_number and len(gl.left_options) == 1 and len(gl.right_options) == 1:
        w = gl.left_options[0]
        if gl.right_options[0] == gr and mean(w) > gr.number:
            return ("Miny", gr, w - gr)
    return None


def temperature(g: GameLike) -> Dyadic:
    """The temperature: where the thermograph's mast starts.

    CGSuite's convention for numbers: -1 for an integer, -1/2^j for m/2^j (m odd).
    """
    g = Game.of(g)
    if g.is_number:
        x = g.number
        return _MINUS_ONE if x.exponent == 0 else Dyadic(-1, 1 << x.exponent)
    return thermograph(g).temperature


class ConfusionInterval(NamedTuple):
    """The numbers x with G - x fuzzy (G ||| x): from ``lo`` to ``hi``, each end
    included when the flag says so.  Empty (``lo > hi`` or an open point) for numbers."""

    lo: Dyadic
    hi: Dyadic
    lo_closed: bool
    hi_closed: bool

    @property
    def is_empty(self) -> bool:
        return self.lo > self.hi or (self.lo == self.hi and not (self.lo_closed and self.hi_closed))

    def __contains__(self, x: object) -> bool:
        x = _d(x)  # type: ignore[arg-type]
        if x < self.lo or x > self.hi:
            return False
        if x == self.lo and not self.lo_closed:
            return False
        if x == self.hi and not self.hi_closed:
            return False
        return True

    def __str__(self) -> str:
        if self.is_empty:
            return "{}"
        return f"{'[' if self.lo_closed else '('}{self.lo}, {self.hi}{']' if self.hi_closed else ')'}"


def confusion_interval(g: GameLike) -> ConfusionInterval:
    """The confusion interval of ``g``: the numbers it is confused with.

    It runs from the right stop to the left stop; an end x is included exactly when
    ``g ||| x`` there (so ``*`` is confused with 0 alone, and ``^`` with nothing).
    """
    g = Game.of(g)
    left, right = stops(g)
    if g.is_number:
        return ConfusionInterval(g.number, g.number, False, False)
    return ConfusionInterval(right, left, g.compare(right) is FUZZY, g.compare(left) is FUZZY)


# --- cooling, heating -------------------------------------------------------------------
def cool(g: GameLike, t: Number) -> Game:
    """``g`` cooled by ``t`` (a number > -1), CGSuite's ``G.Cool(t)``.

    ``G_t = {G^L_t - t | G^R_t + t}`` while ``t`` is at most the temperature of ``G``;
    above it, ``G_t`` is the mean of ``G`` (a number).  So integers never change, and
    cooling by the temperature itself keeps the infinitesimal part (``freeze``).
    """
    g = Game.of(g)
    t = _d(t)
    if t <= -1:
        raise CGTError(f"cannot cool by {shown_number(t)}: the temperature must be > -1")
    if not t:  # G_0 = {G^L_0 | G^R_0} = G, and a number is unchanged: nothing to walk
        return g
    memo: dict[Game, Game] = {}

    def known(h: Game) -> bool:
        if h in memo:
            return True
        if h.is_integer or temperature(h) < t:
            memo[h] = Game.of(mean(h))
            return True
        return False

    for h in bottom_up(g, known):
        memo[h] = Game.from_options([memo[o] - t for o in h.left_options], [memo[o] + t for o in h.right_options])
    return memo[g]


def freeze(g: GameLike) -> Game:
    """``g`` cooled by its own temperature (infinitesimally close to its mean)."""
    g = Game.of(g)
    return g if g.is_number else cool(g, temperature(g))


def heat(g: GameLike, t: GameLike) -> Game:
    """``g`` heated by ``t`` (the integral): numbers unchanged, else
    ``{t + heat(G^L) | heat(G^R) - t}``; computed on the canonical form of ``g``."""
    return overheat(g, None, t)


def overheat(g: GameLike, s: Optional[GameLike], t: GameLike) -> Game:
    """``g`` overheated from ``s`` to ``t``: an integer n becomes n copies of ``s``
    (``n.s``), any other game ``{t + G^L | G^R - t}`` on the overheated options.
    ``s=None`` gives plain heating (every number is kept), as :func:`heat`.

    >>> from cgtkit.short.notation import game
    >>> print(overheat(game("{1|0}"), 1, game("1*")))
    {2*|-1*}
    """
    g = Game.of(g)
    t = Game.of(t)
    s = None if s is None else Game.of(s)
    memo: dict[Game, Game] = {}

    def known(h: Game) -> bool:
        if h in memo:
            return True
        if s is None and h.is_number:
            memo[h] = h
            return True
        if s is not None and h.is_integer:
            memo[h] = int(h.number) * s
            return True
        return False

    for h in bottom_up(g, known):
        memo[h] = Game.from_options([t + memo[o] for o in h.left_options], [memo[o] - t for o in h.right_options])
    return memo[g]
