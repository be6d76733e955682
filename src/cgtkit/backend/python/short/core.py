"""The Python engine: short games in canonical form, interned (the readable twin of
the native engine in ``native/src/short``).

Every node this engine returns is canonical and exists exactly once, so two nodes
are equal games exactly when they are the same object.  Left is positive.  Numbers,
nimbers and ups (``x + n.^ + *m``, the NUS values) are stored as a packed triple and
added and compared arithmetically; their options are produced only when asked for.
Sums and comparisons of other games follow the textbook recursions, with caches
keyed by the interned ids, and run on an explicit stack when deep, so the depth of a
game is never limited by Python's recursion limit.  Users never see a node: the
public :class:`~cgtkit.short.game.Game` wraps it.

>>> star = _canonical([_ZERO], [_ZERO])
>>> up = _canonical([_ZERO], [star])
>>> up._nus, _le(star, _ZERO), _add(star, star) is _ZERO
((Dyadic('0'), 1, 0), False, True)
"""

from __future__ import annotations

import itertools
import operator
from typing import Iterable, Optional

from ....numbers import Dyadic, dyadic_parts, simplest_between
from ....traverse import post_order
from .nus import (
    nus_add,
    nus_birthday,
    nus_le,
    nus_neg,
    nus_options,
)

__all__ = ["Node", "PyEngine", "reset"]

# Kinds of game, in the slot ``_kind``.  A RAW game is a temporary {L|R} built during
# canonicalisation: its options are canonical, but it is not itself reduced, so no
# shortcut that needs to know whether it is a number may be applied to it.
_NUMBER, _NUS, _GENERAL, _RAW = 0, 1, 2, 3

_POS_INF, _NEG_INF = float("inf"), float("-inf")
_ids = itertools.count()
_raw_ids = itertools.count(-1, -1)
_BY_NUS: dict[tuple, "Node"] = {}  # (Dyadic, ups, nim) -> node
_BY_OPTIONS: dict[tuple, "Node"] = {}  # (left ids, right ids), sorted -> node
_LE: dict[tuple[int, int], bool] = {}  # (id g, id h) -> g <= h
_ADD: dict[tuple[int, int], "Node"] = {}  # (smaller id, larger id) -> sum
_RAW_LE: list[tuple[int, int]] = []  # keys of _LE that involve a RAW game under reduction
_CANONICAL: dict[tuple, "Node"] = {}  # (sorted left ids, sorted right ids) of raw {L|R} -> canonical form


class Node:
    """A canonical game of this engine (immutable, interned).  ``_kind`` is one of
    ``_NUMBER, _NUS, _GENERAL, _RAW``; ``_nus`` the packed triple of a NUS value;
    ``_left``/``_right`` the options (made lazily for NUS values); ``_ls``/``_rs`` the
    stops rounded to floats (a filter that can refute an order, never assert one)."""

    __slots__ = ("id", "_kind", "_nus", "_left", "_right", "_neg", "_bday", "_stops", "_key", "_ls", "_rs")

    id: int
    _kind: int
    _nus: Optional[tuple]
    _left: Optional[tuple]
    _right: Optional[tuple]

    def __repr__(self) -> str:
        return f"<Node {self.id} {self._nus if self._nus is not None else (self._left, self._right)}>"


def clear_caches() -> None:
    """Forget the remembered sums, comparisons and canonical forms (not the interned
    games themselves, so identity is unaffected).

    >>> a = _canonical([_ZERO], [_canonical([_ZERO], [_ZERO])])
    >>> clear_caches()
    >>> _canonical([_ZERO], [_canonical([_ZERO], [_ZERO])]) is a
    True
    """
    _LE.clear()
    _ADD.clear()
    _CANONICAL.clear()


def reset(roots: Iterable[Node]) -> tuple[int, int]:
    """Keep only the games reachable from ``roots`` (and 0) through their options and
    negatives, and forget every memo: the interning tables hold the kept games alone,
    so the others are released once nothing else refers to them.  Returns the number
    of interned games before and after.  Kept nodes keep their ids.

    Every game still in use must be among the roots (:func:`cgtkit.short.game.reset`
    passes every live ``Game``): a game left out is no longer interned, so the next
    game built equal to it is another node, and games compare by identity.  So there
    is no example here: run on the python engine, it would drop the games that the
    rest of the process holds (``tests/house/test_reset.py`` tests it through
    ``cgtkit.short.game.reset`` on both engines).
    """
    before = len(_BY_NUS) + len(_BY_OPTIONS)
    clear_caches()
    keep: dict[int, Node] = {}
    stack = [_ZERO, *roots]
    while stack:
        g = stack.pop()
        if g.id in keep:
            continue
        keep[g.id] = g
        stack.extend(o for o in (g._left or ()) + (g._right or ()) if o.id not in keep)
        if g._neg is not None:
            stack.append(g._neg)
    _BY_NUS.clear()
    _BY_OPTIONS.clear()
    for g in keep.values():
        if g._nus is not None:
            _BY_NUS[g._nus] = g
        else:
            _BY_OPTIONS[(tuple(sorted(o.id for o in g._left)), tuple(sorted(o.id for o in g._right)))] = g  # type: ignore[union-attr]
    return before, len(_BY_NUS) + len(_BY_OPTIONS)


# --- interning ------------------------------------------------------------------------
def _new(kind: int, nus: Optional[tuple], left: Optional[tuple], right: Optional[tuple]) -> Node:
    g = object.__new__(Node)
    g.id = next(_ids) if kind != _RAW else next(_raw_ids)
    g._kind = kind
    g._nus = nus
    g._left = left
    g._right = right
    g._neg = None
    g._bday = None
    g._stops = None
    g._key = (0, nus[0], nus[1], nus[2]) if nus is not None else None
    if nus is not None:
        g._ls = g._rs = _float_of(nus[0])
    else:  # set by _general_game; a RAW game has none
        g._ls = g._rs = None
    return g


def _float_of(x: Dyadic) -> float:
    """``x`` rounded to the nearest float.  Rounding is monotone (a <= b implies
    float(a) <= float(b)), so float stops can refute an order but never assert one."""
    try:
        return x.numerator / (1 << x.exponent)  # int / int is correctly rounded
    except OverflowError:  # pragma: no cover - beyond 2**1024
        return float("inf") if x.numerator > 0 else float("-inf")


def _nus_game(nus: tuple) -> Node:
    """The interned game ``x + n.^ + *m`` (options made lazily)."""
    g = _BY_NUS.get(nus)
    if g is None:
        kind = _NUMBER if nus[1] == 0 and nus[2] == 0 else _NUS
        g = _new(kind, nus, None, None)
        _BY_NUS[nus] = g
    return g


def _materialise(g: Node) -> None:
    """Fill in the options of a packed game from their closed forms."""
    left, right = nus_options(g._nus)  # type: ignore[arg-type]
    g._left = tuple(_nus_game(t) for t in left)
    g._right = tuple(_nus_game(t) for t in right)


def _lefts(g: Node) -> tuple:
    if g._left is None:
        _materialise(g)
    return g._left  # type: ignore[return-value]


def _rights(g: Node) -> tuple:
    if g._right is None:
        _materialise(g)
    return g._right  # type: ignore[return-value]


# A deterministic order of options, independent of creation order: packed values by
# value, then other games by birthday and a structural hash of their options.  This
# engine's own order: the native engine has another, and nothing relies on the two
# agreeing (the printer sorts options by their values, and the engines are compared
# on values, never on the order they list options in).
_SORT_KEY = operator.attrgetter("_key")


def _structural_key(left: tuple, right: tuple) -> tuple:
    """The sort key of a new general game from its options' shapes (flat, O(#options))."""
    birthday = _birthday_from(left + right)
    return (
        1,
        birthday,
        hash((birthday, tuple(sorted(shape(o) for o in left)), tuple(sorted(shape(o) for o in right)))),
    )


def shape(g: Node) -> int:
    """A structural hash of a game that does not depend on ids or on the process
    (ints and tuples of ints hash the same in every run).

    >>> from cgtkit.numbers import Dyadic
    >>> shape(_nus_game((Dyadic(1, 2), 1, 0))) == shape(_nus_game((Dyadic(1, 2), 1, 0)))
    True
    """
    if g._key[0] == 1:
        return g._key[2]
    x, n, m = g._nus  # type: ignore[misc]
    return hash(dyadic_parts(x) + (n, m))


def _birthday_from(options: tuple) -> int:
    return 1 + max((_birthday(o) for o in options), default=-1)


def _general_game(left: Iterable[Node], right: Iterable[Node]) -> Node:
    """The interned general (non-NUS) game with these canonical, reduced options."""
    left = tuple(left)
    right = tuple(right)
    key = (tuple(sorted(o.id for o in left)), tuple(sorted(o.id for o in right)))
    g = _BY_OPTIONS.get(key)
    if g is None:
        # Options are born before the game, so their sort keys are shallow to compute.
        left = tuple(sorted(left, key=_SORT_KEY))
        right = tuple(sorted(right, key=_SORT_KEY))
        g = _new(_GENERAL, None, left, right)
        g._key = _structural_key(left, right)
        g._bday = g._key[1]
        # Float stops (rounded, see _float_of): the Left stop of a non-number is the
        # largest Right stop of its Left options, and symmetrically.
        g._ls = max([o._rs for o in left], default=_NEG_INF)
        g._rs = min([o._ls for o in right], default=_POS_INF)
        _BY_OPTIONS[key] = g
    return g


# --- the explicit-stack evaluator ------------------------------------------------------
# Each recursive operation is written as a generator that yields a sub-question
# (op, a, b) instead of calling itself; _drive keeps the pending generators on a list,
# so the depth of a game never becomes depth of the Python stack.  Each generator
# first tries the O(1) answers (_le_fast, _add_fast) and yields only on a cache miss.
_OP_LE, _OP_ADD, _OP_NEG = 0, 1, 2


def _drive(op: int, a: Node, b: Optional[Node]):
    stack = [(_STEPS[op](a, b), op, a, b)]
    value = None
    while True:
        gen = stack[-1][0]
        try:
            request = gen.send(value)
        except StopIteration as stop:
            value = stop.value
            _, done_op, x, y = stack.pop()
            _remember(done_op, x, y, value)
            if not stack:
                return value
            continue
        sub_op, x, y = request
        stack.append((_STEPS[sub_op](x, y), sub_op, x, y))
        value = None


def _remember(op: int, a: Node, b: Optional[Node], value) -> None:
    if op == _OP_LE:
        key = (a.id, b.id)  # type: ignore[union-attr]
        _LE[key] = value
        if key[0] < 0 or key[1] < 0:  # about a RAW game: forgotten when its reduction ends
            _RAW_LE.append(key)
    elif op == _OP_ADD:
        _ADD[(a.id, b.id) if a.id < b.id else (b.id, a.id)] = value  # type: ignore[union-attr]
    else:
        a._neg = value
        value._neg = a


# --- comparison ---------------------------------------------------------------------
def _le_fast(g: Node, h: Node) -> Optional[bool]:
    """g <= h when known at once (same game, packed values, cache), else None."""
    if g is h:
        return True
    if g._nus is not None and h._nus is not None:
        return nus_le(g._nus, h._nus)
    r = _LE.get((g.id, h.id))
    if r is None and g._ls is not None and h._ls is not None and (g._ls > h._ls or g._rs > h._rs):
        return False  # g <= h needs both stops of g at most those of h
    return r


def _le_steps(g: Node, h: Node):
    """g <= h iff no g^L >= h and no h^R <= g.

    When one side is a number and the other a canonical non-number, that number's
    options never matter (number avoidance), so they are not even generated.
    """
    if not (g._kind == _NUMBER and h._kind in (_NUS, _GENERAL)):
        for gl in _lefts(g):
            r = _le_fast(h, gl)
            if r is None:
                r = yield (_OP_LE, h, gl)
            if r:
                return False
    if not (h._kind == _NUMBER and g._kind in (_NUS, _GENERAL)):
        for hr in _rights(h):
            r = _le_fast(hr, g)
            if r is None:
                r = yield (_OP_LE, hr, g)
            if r:
                return False
    return True


def _le(g: Node, h: Node) -> bool:
    r = _le_fast(g, h)
    if r is None:
        try:
            r = _le_rec(g, h)
        except RecursionError:  # the caller's own stack was already deep: no recursion
            r = _drive(_OP_LE, g, h)
    return r


# Sums and comparisons of shallow games recurse directly (a Python call is several
# times cheaper than a generator round trip through _drive).  One counter bounds the
# nesting of all such calls together; past it they hand over to the explicit stack,
# so a deep game still never meets Python's recursion limit.
_REC_LIMIT = 60
_rec_depth = 0


def _set_shortcuts(on: bool) -> None:
    """Let shallow sums and comparisons recurse directly (``on``), or send every one
    to the explicit stack, the path that deep games take, so that the two paths can be
    checked against each other on the same games: what ``backend.use("python",
    shortcuts=False)`` does (from one thread: the twin engine is single-threaded).

    >>> star = _canonical([_ZERO], [_ZERO])
    >>> _set_shortcuts(False); _add(star, star) is _ZERO
    True
    >>> _set_shortcuts(True)
    """
    global _REC_LIMIT
    _REC_LIMIT = _RECURSE if on else -1


_RECURSE = _REC_LIMIT


def _le_rec(g: Node, h: Node) -> bool:
    """g <= h by the same recursion as :func:`_le_steps`, called only when
    :func:`_le_fast` has no answer; remembered like a driven result."""
    global _rec_depth
    if _rec_depth > _REC_LIMIT:
        return _drive(_OP_LE, g, h)
    _rec_depth += 1
    try:
        result = True
        if not (g._kind == _NUMBER and h._kind in (_NUS, _GENERAL)):
            for gl in g._left if g._left is not None else _lefts(g):  # _lefts, inlined
                r = _le_fast(h, gl)
                if r is None:
                    r = _le_rec(h, gl)
                if r:
                    result = False
                    break
        if result and not (h._kind == _NUMBER and g._kind in (_NUS, _GENERAL)):
            for hr in h._right if h._right is not None else _rights(h):  # _rights, inlined
                r = _le_fast(hr, g)
                if r is None:
                    r = _le_rec(hr, g)
                if r:
                    result = False
                    break
    finally:
        _rec_depth -= 1
    _remember(_OP_LE, g, h, result)
    return result


# --- negation -----------------------------------------------------------------------
def _neg_fast(g: Node) -> Optional[Node]:
    if g._neg is not None:
        return g._neg
    if g._nus is not None:
        n = _nus_game(nus_neg(g._nus))
        g._neg, n._neg = n, g
        return n
    return None


def _neg_steps(g: Node, _unused: None = None):
    """-G = {-G^R | -G^L}; the negative of a canonical game is canonical."""
    left, right = [], []
    for src, dst in ((_rights(g), left), (_lefts(g), right)):
        for o in src:
            n = _neg_fast(o)
            if n is None:
                n = yield (_OP_NEG, o, None)
            dst.append(n)
    return _general_game(left, right)


def _neg(g: Node) -> Node:
    n = _neg_fast(g)
    if n is None:
        n = _drive(_OP_NEG, g, None)
    return n


# --- addition -----------------------------------------------------------------------
def _add_fast(g: Node, h: Node) -> Optional[Node]:
    gn, hn = g._nus, h._nus
    if gn is not None and hn is not None:
        return _nus_game(nus_add(gn, hn))
    if g is _ZERO:
        return h
    if h is _ZERO:
        return g
    return _ADD.get((g.id, h.id) if g.id < h.id else (h.id, g.id))


def _add_steps(g: Node, h: Node):
    """G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.

    If one summand is a number x and the other is not, x + H = {x + H^L | x + H^R}
    is already canonical (number translation), so no reduction is needed.
    """
    if g._kind == _NUMBER or h._kind == _NUMBER:
        x, other = (g, h) if g._kind == _NUMBER else (h, g)
        left, right = [], []
        for src, dst in ((_lefts(other), left), (_rights(other), right)):
            for o in src:
                s = _add_fast(x, o)
                if s is None:
                    s = yield (_OP_ADD, x, o)
                dst.append(s)
        return _general_game(left, right)
    left, right = [], []
    for a, b, dst in (
        (_lefts(g), h, left),
        (_rights(g), h, right),
    ):
        for o in a:
            s = _add_fast(o, b)
            if s is None:
                s = yield (_OP_ADD, o, b)
            dst.append(s)
    for a, b, dst in (
        (_lefts(h), g, left),
        (_rights(h), g, right),
    ):
        for o in a:
            s = _add_fast(b, o)
            if s is None:
                s = yield (_OP_ADD, b, o)
            dst.append(s)
    return _canonical(left, right)


def _add(g: Node, h: Node) -> Node:
    s = _add_fast(g, h)
    if s is None:
        try:
            s = _add_rec(g, h)
        except RecursionError:  # the caller's own stack was already deep: no recursion
            s = _drive(_OP_ADD, g, h)
    return s


def _add_rec(g: Node, h: Node) -> Node:
    """G + H by the same recursion as :func:`_add_steps` (see :func:`_le_rec`), called
    only when :func:`_add_fast` has no answer."""
    global _rec_depth
    if _rec_depth > _REC_LIMIT:
        return _drive(_OP_ADD, g, h)
    _rec_depth += 1
    try:
        left: list[Node] = []
        right: list[Node] = []
        if g._kind == _NUMBER or h._kind == _NUMBER:
            x, other = (g, h) if g._kind == _NUMBER else (h, g)
            for src, dst in ((_lefts(other), left), (_rights(other), right)):
                for o in src:
                    s = _add_fast(x, o)
                    dst.append(s if s is not None else _add_rec(x, o))
            result = _general_game(left, right)
        else:
            for src, dst in ((_lefts(g), left), (_rights(g), right)):
                for o in src:
                    s = _add_fast(o, h)
                    dst.append(s if s is not None else _add_rec(o, h))
            for src, dst in ((_lefts(h), left), (_rights(h), right)):
                for o in src:
                    s = _add_fast(g, o)
                    dst.append(s if s is not None else _add_rec(g, o))
            result = _canonical(left, right)
    finally:
        _rec_depth -= 1
    _remember(_OP_ADD, g, h, result)
    return result


_STEPS = {_OP_LE: _le_steps, _OP_ADD: _add_steps, _OP_NEG: _neg_steps}


# --- canonical form -----------------------------------------------------------------
def _unique(options: Iterable[Node]) -> list[Node]:
    seen: dict[int, Node] = {}
    for o in options:
        seen.setdefault(o.id, o)
    return list(seen.values())


def _undominated(options: list[Node], left: bool) -> list[Node]:
    """Drop every option that another one dominates (Left keeps the largest, Right the
    smallest).  Options are distinct canonical games, so no two are equal."""
    if len(options) < 2:
        return options
    # a <= b needs both (float) stops of a at most those of b: tested inline first,
    # since most pairs are refuted by it (see _le_fast).
    keep = []
    for a in options:
        als, ars = a._ls, a._rs
        if left:
            for b in options:
                if b is not a and als <= b._ls and ars <= b._rs and _le(a, b):
                    break
            else:
                keep.append(a)
        else:
            for b in options:
                if b is not a and b._ls <= als and b._rs <= ars and _le(b, a):
                    break
            else:
                keep.append(a)
    return keep


def _canonical(left: list[Node], right: list[Node]) -> Node:
    """The canonical form of {left | right}, options canonical (and interned, so their
    ids name them for good): looked up by the sets of option ids, else reduced."""
    key = (_id_key(left), _id_key(right))
    g = _CANONICAL.get(key)
    if g is None:
        g = _CANONICAL[key] = _reduce(left, right)
    return g


def _id_key(options: list[Node]) -> tuple:
    """The sorted ids of a set of options (one or no option, the common case, unsorted)."""
    if len(options) == 1:
        return (options[0].id,)
    return tuple(sorted({o.id for o in options}))


def _reduce(left: list[Node], right: list[Node]) -> Node:
    """Remove duplicate and dominated options and bypass reversible ones, then intern."""
    left = _unique(left)
    right = _unique(right)
    if all(o._kind == _NUMBER for o in left) and all(o._kind == _NUMBER for o in right):
        number = _number_game(left, right)
        if number is not None:
            return number
    if all(o._nus is not None for o in left) and all(o._nus is not None for o in right):
        # options that are exactly a NUS value's canonical options make that value (a
        # canonical form is unique): O(n log n), where reducing *0..*(n-1) would be O(n^2)
        found = _match_nus(left, right)
        if found is not None:
            return found
    if len(left) > 1:
        left = _best_number_only(left, True)
    if len(right) > 1:
        right = _best_number_only(right, False)
    raw = _new(_RAW, None, (), ())
    while True:
        left = _undominated(left, True)
        right = _undominated(right, False)
        raw._left, raw._right = tuple(left), tuple(right)
        # Bounds on the stops of G (see _raw_stop_bounds), to refute G^LR <= G and
        # G <= G^RL cheaply.
        ls_lo, ls_hi, rs_lo, rs_hi = _raw_stop_bounds(left, right)
        changed = False
        new_left: list[Node] = []
        for gl in left:
            # G^L is reversible when some G^LR <= G: replace it by G^LRL.
            rev = None
            for glr in _rights(gl):
                if glr._ls <= ls_hi and glr._rs <= rs_hi and _le(glr, raw):
                    rev = glr
                    break
            if rev is None:
                new_left.append(gl)
            else:
                new_left.extend(_lefts(rev))
                changed = True
        new_right: list[Node] = []
        for gr in right:
            rev = None
            for grl in _lefts(gr):
                if ls_lo <= grl._ls and rs_lo <= grl._rs and _le(raw, grl):
                    rev = grl
                    break
            if rev is None:
                new_right.append(gr)
            else:
                new_right.extend(_rights(rev))
                changed = True
        if not changed:
            break
        left, right = _unique(new_left), _unique(new_right)
    for key in _RAW_LE:  # the raw game is dropped now; its comparisons would only leak
        _LE.pop(key, None)
    _RAW_LE.clear()
    return _recognise(left, right)


def _best_number_only(options: list[Node], left: bool) -> list[Node]:
    """The options with every number but the best one dropped (the largest for Left,
    the smallest for Right): a number is dominated by any larger number, so this only
    saves _undominated its comparisons."""
    numbers = [o for o in options if o._kind == _NUMBER]
    if len(numbers) < 2:
        return options
    best = (max if left else min)(numbers, key=_number_order)
    return [o for o in options if o is best or o._kind != _NUMBER]


def _number_order(g: Node) -> tuple:
    """A number game's value, its float stop first (cheap, monotone), the exact value
    deciding a tie."""
    return g._ls, g._nus[0]  # type: ignore[index]


def _raw_stop_bounds(left: list[Node], right: list[Node]) -> tuple:
    """(low, high) bounds of the (float) Left stop and Right stop of G = {left | right}.

    With ``lf = max R(G^L)`` and ``rf = min L(G^R)``: if G is not a number its stops
    are exactly (lf, rf); if G equals a number x then lf <= x <= rf (an option
    G^L with R(G^L) > x would be > x = G).  So L(G) is in [lf, max(lf, rf)] and
    R(G) in [min(lf, rf), rf].
    """
    lf = max([o._rs for o in left], default=_NEG_INF)
    rf = min([o._ls for o in right], default=_POS_INF)
    if lf <= rf:
        return lf, rf, lf, rf
    return lf, lf, rf, rf


def _number_game(left: list[Node], right: list[Node]) -> Optional[Node]:
    """{a | b} with number options: the simplest number between, or None if hot."""
    lo = max((o._nus[0] for o in left), default=None)  # type: ignore[index]
    hi = min((o._nus[0] for o in right), default=None)  # type: ignore[index]
    if lo is not None and hi is not None and lo >= hi:
        return None
    return _nus_game((simplest_between(lo, hi), 0, 0))


def _recognise(left: list[Node], right: list[Node]) -> Node:
    """Intern a reduced {left | right}: as a number or NUS value when it is one."""
    kinds = {o._kind for o in left}
    kinds.update([o._kind for o in right])
    if kinds <= _NUMBER_ONLY:
        number = _number_game(left, right)
        if number is not None:
            return number
    if kinds <= _PACKED:
        found = _match_nus(left, right)
        if found is not None:
            return found
    return _general_game(left, right)


_NUMBER_ONLY = {_NUMBER}
_PACKED = {_NUMBER, _NUS}  # the kinds stored as a NUS triple


def _match_nus(left: list[Node], right: list[Node]) -> Optional[Node]:
    """The NUS game whose canonical options are exactly these, if any.

    The shape of the options proposes a few candidates (x + *m, x + n.^ *m); each is
    checked against its closed-form options, so a wrong guess costs nothing.
    """
    candidates = []
    if left and right:
        x = left[0]._nus[0]  # type: ignore[index]
        candidates.append((x, 0, len(left)))
    if len(right) == 1:
        x, n, m = right[0]._nus  # type: ignore[misc]
        candidates += [(x, n + 1, m ^ 1), (x, 1, 1)]
    if len(left) == 1:
        x, n, m = left[0]._nus  # type: ignore[misc]
        candidates += [(x, n - 1, m ^ 1), (x, -1, 1)]
    want = ({o._nus for o in left}, {o._nus for o in right})
    for c in candidates:
        if c[1] == 0 and c[2] == 0:
            continue
        lo, hi = nus_options(c)
        if len(lo) == len(left) and len(hi) == len(right) and (set(lo), set(hi)) == want:
            return _nus_game(c)
    return None


# --- bottom-up helpers (no recursion: cgtkit.traverse.post_order) ---------------------------------------------------
def _options(g: Node) -> Iterable[Node]:
    return itertools.chain(_lefts(g), _rights(g))


def _birthday(g: Node) -> int:
    if g._bday is not None:
        return g._bday
    if g._nus is not None:  # closed form: *m has m options, n.^ n followers
        g._bday = nus_birthday(g._nus)
        return g._bday

    def done(h: Node) -> bool:
        if h._bday is None and h._nus is not None:
            h._bday = nus_birthday(h._nus)
        return h._bday is not None

    for h in post_order(g, _options, done):  # type: ignore[arg-type]
        h._bday = 1 + max((o._bday for o in _options(h)), default=-1)
    return g._bday  # type: ignore[return-value]


def _stops(g: Node) -> tuple[Dyadic, Dyadic]:
    """(left stop, right stop)."""

    def done(h: Node) -> bool:
        if h._stops is None and h._nus is not None:
            h._stops = (h._nus[0], h._nus[0])
        return h._stops is not None

    if done(g):
        return g._stops  # type: ignore[return-value]
    for h in post_order(g, _options, done):  # type: ignore[arg-type]
        h._stops = (
            max(o._stops[1] for o in _lefts(h)),
            min(o._stops[0] for o in _rights(h)),
        )
    return g._stops  # type: ignore[return-value]


_ZERO = _nus_game((Dyadic(0), 0, 0))


def _stops_exact(g: Node) -> tuple[Dyadic, Dyadic]:
    return _stops(g)


class PyEngine:
    """The Python engine behind :class:`~cgtkit.short.game.Game` (handles are
    :class:`Node` objects).  One per process: its tables are this module's."""

    name = "python"
    zero = _ZERO

    @staticmethod
    def nus(x: Dyadic, n: int, m: int) -> Node:
        return _nus_game((x, n, m))

    @staticmethod
    def from_options(left: list, right: list) -> Node:
        return _canonical(list(left), list(right))

    add = staticmethod(_add)
    neg = staticmethod(_neg)
    le = staticmethod(_le)

    @staticmethod
    def add_many(nodes: Iterable[Node]) -> Node:
        total = _ZERO
        for g in nodes:
            total = _add(total, g)
        return total

    @staticmethod
    def info(g: Node) -> tuple:
        """``(kind, nus)``: kind 0 number, 1 other NUS value, 2 general."""
        return g._kind, g._nus

    @staticmethod
    def wrap_info(g: Node) -> tuple:
        """``(kind, hash)``: a number hashes as its value."""
        return g._kind, (hash(g._nus[0]) if g._kind == _NUMBER else hash(("Game", g.id)))

    @staticmethod
    def options(g: Node) -> tuple:
        return _lefts(g), _rights(g)

    birthday = staticmethod(_birthday)
    stops = staticmethod(_stops)

    @staticmethod
    def ident(g: Node) -> int:
        return g.id

    @staticmethod
    def clear_caches() -> None:
        clear_caches()

    @staticmethod
    def reset(roots: Iterable[Node]) -> tuple[int, int]:
        return reset(roots)

    @staticmethod
    def stats() -> dict:
        return {
            "games": len(_BY_NUS) + len(_BY_OPTIONS),
            "le_entries": len(_LE),
            "add_entries": len(_ADD),
            "canonical_entries": len(_CANONICAL),
        }


from ...choice import on_shortcuts  # noqa: E402

on_shortcuts(_set_shortcuts)
