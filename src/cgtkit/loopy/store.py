"""Canonical stoppers, interned: one table of vertices that every stopper value lives in.

A *stopper* is a loopy game with no infinite *alternating* line of play from any of
its positions (``on = {on|}`` is one: only Left can keep moving).  Every stopper
equals exactly one stopper in *simplest form*: no dominated options, no reversible
options, and no two positions equal (Siegel, *Combinatorial Game Theory*, ch. VI).
This module keeps every simplest-form vertex once, in one table, the way
:class:`~cgtkit.short.game.Game` keeps short games: a vertex is an int, its options are
tuples of ints, and a short game (no cycle below it) is a leaf that holds its
:class:`Game` and is compared and added by the short engine.

Comparison.  For stoppers, ``G <= H`` exactly when Left, moving second in ``H - G``,
never runs out of moves (an infinite play counts as survival).  :func:`leq` decides
that by *retrograde labelling* of the positions of ``H - G`` (no recursion): a
position where Left must move and cannot is lost for Left; a Right-to-move position
is lost for Left if some Right move reaches a lost position; a Left-to-move one if
all its moves do.  What is not lost is survived.  Every position of ``H - G``
labelled on the way is remembered, so later comparisons reuse it.

Canonical form.  :func:`canonical_batch` takes new vertices (their options are new
vertices or table vertices), fuses the equal ones, removes dominated options,
bypasses reversible ones until none is left, turns loop-free vertices with short
options into short games, and finally fuses each new vertex with an equal older one
(looked up by its stops and option counts, confirmed by comparison), so that equal
stoppers get the same int.

>>> on = canonical_batch([[-1]], [[]])[0]            # a{a|}
>>> over = canonical_batch([[short_id(Game.of(0))], ], [[-1]])[0]   # a{0|a}
>>> leq(over, on), leq(on, over), canonical_batch([[-1]], [[]])[0] == on
(True, False, True)
>>> stops(over), pseudonumber_stops(over), stops(on)
((0, 0), (over, over), (on, on))
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Sequence

from ..errors import CGTError
from ..memo import BoundedMemo, register_cache
from ..numbers import Dyadic
from ..short.game import Game
from .errors import NotAStopperError
from .retrograde import attractor, explore

__all__ = [
    "Pseudonumber",
    "short_id",
    "game_of",
    "options",
    "is_short",
    "leq",
    "canonical_batch",
    "negate",
    "stops",
    "pseudonumber_stops",
    "pseudonumber",
    "reach",
    "size",
]

# --- the table -------------------------------------------------------------------------
_GAME: list = []  # Game for a short vertex, else None
_L: list = []  # tuple of option ids (None: a short vertex not yet expanded)
_R: list = []
_SHORT: dict = {}  # Game -> id
_ALIAS: dict = {}  # id -> the older equal id (new vertices fused away)
_INDEX: dict = {}  # fingerprint -> ids of loopy vertices with it
_FP: dict = {}  # id -> fingerprint
# memos of facts about vertices (recomputed when forgotten): bounded, oldest first out,
# and registered with the analyses' caches (cgtkit.memo.cache_sizes, clear_caches)
_SURV: BoundedMemo = BoundedMemo(1 << 20)  # (p, q, turn) -> Left survives p - q with `turn` to move (0 Left, 1 Right)
_STOPS: BoundedMemo = BoundedMemo(1 << 18)  # id -> (left stop, right stop)
_PSTOPS: BoundedMemo = BoundedMemo(1 << 18)  # id -> adorned stops
for _name, _memo in (("loopy.survives", _SURV), ("loopy.stops", _STOPS), ("loopy.adorned_stops", _PSTOPS)):
    register_cache(_name, _memo.clear, _memo.__len__)
_SINGLE: dict = {}  # (left ids, right ids) of one new vertex with no loop -> its vertex
_BATCH: dict = {}  # (left rows, right rows) of a batch of new vertices -> their vertices

_MAX_BYPASS = 100_000  # rounds of bypassing a single vertex may take (never reached in practice)


def size() -> int:
    """How many vertices the table holds (fused-away ones included)."""
    return len(_L)


def short_id(g: Game) -> int:
    """The vertex of the short game ``g``.

    >>> short_id(Game.of(1)) == short_id(Game.of(1)), is_short(short_id(Game.of(1)))
    (True, True)
    """
    v = _SHORT.get(g)
    if v is None:
        v = len(_L)
        _GAME.append(g)
        _L.append(None)
        _R.append(None)
        _SHORT[g] = v
    return v


def is_short(v: int) -> bool:
    """Whether vertex ``v`` is a short game."""
    return _GAME[v] is not None


def game_of(v: int) -> Game | None:
    """The short game of vertex ``v``, or None for a loopy vertex."""
    return _GAME[v]


def resolve(v: int) -> int:
    """The surviving vertex equal to ``v`` (``v`` itself unless it was fused away)."""
    while v in _ALIAS:
        v = _ALIAS[v]
    return v


def options(v: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(left, right)`` option vertices of ``v`` (a short vertex's, made on demand)."""
    left = _L[v]
    if left is None:
        g = _GAME[v]
        left = tuple(short_id(x) for x in g.left_options)
        right = tuple(short_id(x) for x in g.right_options)
        _L[v], _R[v] = left, right
        return left, right
    return left, _R[v]


def reach(roots: Iterable[int]) -> list[int]:
    """Every vertex reachable from ``roots`` (roots first, breadth first)."""
    seen = dict.fromkeys(roots)
    queue = deque(seen)
    while queue:
        v = queue.popleft()
        if _GAME[v] is not None:
            continue  # a short game: its followers are short too and not needed here
        for w in _L[v] + _R[v]:
            if w not in seen:
                seen[w] = None
                queue.append(w)
    return list(seen)


# --- comparison by retrograde labelling --------------------------------------------------
def _known(p: int, q: int, turn: int) -> bool | None:
    """Whether Left survives p - q (turn to move), when it is known without search."""
    if p == q and turn == 1:
        return True  # Right moves first in G - G: Left mirrors
    g, h = _GAME[p], _GAME[q]
    if g is not None and h is not None:
        return h <= g if turn == 1 else not (g <= h)
    return _SURV.get((p, q, turn))


def _survives(start: tuple[int, int, int]) -> bool:
    """Left survives the state ``(p, q, turn)``: p - q with ``turn`` to move."""
    known = _known(*start)
    if known is not None:
        return known
    value: list = []  # None (labelled here), True/False (a leaf whose answer is known)

    def expand(i: int, state: tuple[int, int, int]) -> list[tuple[int, int, int]]:
        p, q, turn = state
        k = _known(p, q, turn) if i > 0 else None
        value.append(k)
        if k is not None:
            return []
        lp, rp = options(p)
        lq, rq = options(q)
        if turn == 0:  # Left: a Left move in p, or a Right move in q (Left's move in -q)
            return [(x, q, 1) for x in lp] + [(p, y, 1) for y in rq]
        return [(x, q, 0) for x in rp] + [(p, y, 0) for y in lq]

    states, succs = explore([start], expand)
    n = len(states)
    # lost for Left: a leaf known lost, Left to move with no move, Right to move with a
    # move to a lost state, Left to move with every move to a lost state
    seeds = [j for j in range(n) if value[j] is False or (value[j] is None and states[j][2] == 0 and not succs[j])]
    lost = attractor(succs, [s[2] == 1 for s in states], seeds)
    for j in range(n):
        if value[j] is None:
            _SURV[states[j]] = not lost[j]
    return not lost[0]


def leq(a: int, b: int) -> bool:
    """``a <= b`` for stopper vertices: Left survives ``b - a`` moving second.

    >>> zero, one = short_id(Game.of(0)), short_id(Game.of(1))
    >>> leq(zero, one), leq(one, zero)
    (True, False)
    """
    if a == b:
        return True
    return _survives((b, a, 1))


def left_first_survives(p: int, q: int) -> bool:
    """Whether Left, moving first in ``p - q``, survives."""
    return _survives((p, q, 0))


# --- pseudonumbers and stops -----------------------------------------------------------
class Pseudonumber:
    """A number ``x``, ``x over`` (= x + over), ``x under``, ``on`` or ``off``: the values
    a stop can take.  Ordered: off < x under < x < x over < y under (x < y) < on.

    >>> sorted([Pseudonumber(1), Pseudonumber(None, 1), Pseudonumber(1, -1), Pseudonumber(0, 1)])
    [over, 1under, 1, on]
    """

    __slots__ = ("number", "tilt")

    def __init__(self, number: Dyadic | int | None, tilt: int = 0) -> None:
        self.number = None if number is None else Dyadic(number)
        self.tilt = tilt  # with a number: -1 under, 0 plain, 1 over; without: 1 on, -1 off

    def _key(self) -> tuple:
        if self.number is None:
            return (self.tilt, 0, 0)
        return (0, self.number, self.tilt)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pseudonumber):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: "Pseudonumber") -> bool:
        return self._key() < other._key()

    def __le__(self, other: "Pseudonumber") -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: "Pseudonumber") -> bool:
        return self._key() > other._key()

    def __ge__(self, other: "Pseudonumber") -> bool:
        return self._key() >= other._key()

    @property
    def is_number(self) -> bool:
        """Whether this is a plain number."""
        return self.number is not None and self.tilt == 0

    def __str__(self) -> str:
        if self.number is None:
            return "on" if self.tilt > 0 else "off"
        text = "" if (self.number == 0 and self.tilt) else str(self.number)
        return text + {0: "", 1: "over", -1: "under"}[self.tilt]

    __repr__ = __str__


ON = Pseudonumber(None, 1)
OFF = Pseudonumber(None, -1)


def pseudonumber(v: int) -> Pseudonumber | None:
    """The pseudonumber vertex ``v`` is, in simplest form (a number, ``x over``,
    ``x under``, ``on``, ``off``), or None."""
    g = _GAME[v]
    if g is not None:
        return Pseudonumber(g.number) if g.is_number else None
    left, right = _L[v], _R[v]
    if left == (v,) and not right:
        return ON
    if right == (v,) and not left:
        return OFF
    if right == (v,) and len(left) == 1 and _GAME[left[0]] is not None and _GAME[left[0]].is_number:
        return Pseudonumber(_GAME[left[0]].number, 1)
    if left == (v,) and len(right) == 1 and _GAME[right[0]] is not None and _GAME[right[0]].is_number:
        return Pseudonumber(_GAME[right[0]].number, -1)
    return None


def _alternate(v: int, terminal: "Callable[[int], Pseudonumber | None]", cache: dict) -> tuple:
    """(left stop, right stop) of ``v`` by alternating play in reverse order (no
    recursion): ``terminal(u)`` says where play stops; a player with no move there
    meets off (Left) or on (Right)."""
    found = cache.get(v)
    if found is not None:
        return found
    memo: dict = {}
    stack = [(v, 0), (v, 1)]
    on_path: set = set()
    while stack:
        u, turn = stack[-1]
        if (u, turn) in memo:
            stack.pop()
            continue
        if u in cache:
            memo[(u, 0)], memo[(u, 1)] = cache[u]
            stack.pop()
            continue
        ps = terminal(u)
        if ps is not None:
            memo[(u, turn)] = ps
            stack.pop()
            continue
        g = _GAME[u]
        if g is not None:
            lo, hi = g.stops
            memo[(u, 0)], memo[(u, 1)] = Pseudonumber(lo), Pseudonumber(hi)
            stack.pop()
            continue
        opts = _L[u] if turn == 0 else _R[u]
        todo = [(w, 1 - turn) for w in opts if (w, 1 - turn) not in memo]
        if todo:
            if (u, turn) in on_path:
                raise NotAStopperError(f"vertex {u} has an infinite alternating line of play")
            on_path.add((u, turn))
            stack.extend(todo)
            continue
        on_path.discard((u, turn))
        stack.pop()
        values = [memo[(w, 1 - turn)] for w in opts]
        if turn == 0:
            memo[(u, 0)] = max(values) if values else OFF
        else:
            memo[(u, 1)] = min(values) if values else ON
    result = (memo[(v, 0)], memo[(v, 1)])
    cache[v] = result
    return result


def _number_or_infinity(u: int) -> "Pseudonumber | None":
    g = _GAME[u]
    if g is not None:
        return Pseudonumber(g.number) if g.is_number else None
    return None


def stops(v: int) -> tuple[Pseudonumber, Pseudonumber]:
    """``(left stop, right stop)`` of the stopper vertex ``v`` as CGSuite gives them: a
    number, ``on`` or ``off``.  Play alternates from ``v`` (Left first, or Right first)
    until a number is reached, each side playing for the best one; a player with no move
    meets ``off`` (Left) or ``on`` (Right).  A stopper has no infinite alternating play,
    so this ends.  The stops of equal stoppers are equal."""
    return _alternate(v, _number_or_infinity, _STOPS)


def pseudonumber_stops(v: int) -> tuple[Pseudonumber, Pseudonumber]:
    """The stops with their adornment: as :func:`stops`, but play also ends at a
    position that is ``x over``, ``x under``, ``on`` or ``off`` (recognised on the
    simplest form, so a function of the value): ``{6over|5*}`` has ``(6over, 5)``."""
    return _alternate(v, pseudonumber, _PSTOPS)


def _fingerprint(v: int) -> tuple:
    left, right = _L[v], _R[v]
    ls, rs = stops(v)
    return (ls._key(), rs._key(), len(left), len(right))


# --- canonical form of new vertices ------------------------------------------------------
def _alternating_cycle(batch: Sequence[int]) -> list[int] | None:
    """An infinite alternating line of play through the new vertices, if there is one:
    the positions (vertex, player to move) from which every path ends are removed one by
    one; what remains lies on or leads to a cycle."""
    members = set(batch)
    states = [(v, t) for v in batch for t in (0, 1)]
    number = {s: j for j, s in enumerate(states)}
    succ = [[number[(w, 1 - t)] for w in (_L[v] if t == 0 else _R[v]) if w in members] for v, t in states]
    ends = attractor(succ, [False] * len(states), [j for j, row in enumerate(succ) if not row])
    left = [s for s, e in zip(states, ends) if not e]
    if not left:
        return None
    # follow remaining successors to show one cycle
    alive = set(left)
    s, path, seen = left[0], [], {}
    while s not in seen:
        seen[s] = len(path)
        path.append(s)
        v, t = s
        s = next((w, 1 - t) for w in (_L[v] if t == 0 else _R[v]) if (w, 1 - t) in alive)
    return [v for v, _ in path[seen[s] :]] + [s[0]]


def _new_vertex(left: tuple, right: tuple) -> int:
    v = len(_L)
    _GAME.append(None)
    _L.append(left)
    _R.append(right)
    return v


def canonical_batch(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> list[int]:
    """Simplest-form vertices for new positions ``0 .. n-1`` whose options are given by
    ``left[i]`` and ``right[i]``: an int ``>= 0`` is a table vertex, ``-1 - j`` is new
    position ``j``.  Returns the vertex of each new position.  The new positions with the
    table must form a stopper (:class:`NotAStopperError` otherwise)."""
    n = len(left)
    if n == 1:
        key = (tuple(sorted(set(left[0]))), tuple(sorted(set(right[0]))))
        done = _SINGLE.get(key)
        if done is not None:
            return [done]
        if min(key[0] + key[1], default=0) >= 0:
            ls, rs = [resolve(x) for x in key[0]], [resolve(x) for x in key[1]]
            if all(_GAME[x] is not None for x in ls + rs):
                v = short_id(Game.from_options([_GAME[x] for x in ls], [_GAME[x] for x in rs]))
                _SINGLE[key] = v
                return [v]
        if min(key[0] + key[1], default=0) >= 0:
            result = _canonical_batch(left, right)
            _SINGLE[key] = result[0]
            return result
    # The same batch again (sidling remakes a component each round, and the parts of it
    # whose options did not change are the same batch): its vertices are the ones found
    # before, since equal stoppers get the same vertex.
    batch = (tuple(tuple(r) for r in left), tuple(tuple(r) for r in right))
    done_batch = _BATCH.get(batch)
    if done_batch is not None:
        return [resolve(v) for v in done_batch]
    result = _canonical_batch(left, right)
    _BATCH[batch] = result
    return result


def _canonical_batch(left: Sequence[Sequence[int]], right: Sequence[Sequence[int]]) -> list[int]:
    n = len(left)
    base = len(_L)

    def ref(x: int) -> int:
        return resolve(x) if x >= 0 else base - 1 - x

    for i in range(n):
        _new_vertex(tuple(dict.fromkeys(ref(x) for x in left[i])), tuple(dict.fromkeys(ref(x) for x in right[i])))
    batch = list(range(base, base + n))
    cycle = _alternating_cycle(batch)
    if cycle is not None:
        for v in batch:  # leave no half-made vertex behind
            _L[v] = _R[v] = ()
            _ALIAS.pop(v, None)
        raise NotAStopperError(
            "not a stopper: positions "
            + " -> ".join(str(v - base) for v in cycle)
            + " repeat with the players alternating",
            [v - base for v in cycle],
        )
    try:
        _canonicalise(batch)
    except BaseException:
        for v in batch:
            _ALIAS.pop(v, None)
        raise
    return [resolve(v) for v in batch]


def _rewrite(v: int) -> None:
    _L[v] = tuple(dict.fromkeys(resolve(x) for x in _L[v]))
    _R[v] = tuple(dict.fromkeys(resolve(x) for x in _R[v]))


def _canonicalise(batch: list[int]) -> None:
    live = list(batch)
    # 1. dominated and reversible options, until neither is left anywhere (on the graph
    #    as given: fusing equal vertices first could create alternating cycles, e.g.
    #    P = {A|B}, A = {P|}, B = {|P} has A = B, and {A|A} with A = {P|} is no stopper)
    changed = True
    rounds = 0
    while changed:
        changed = False
        rounds += 1
        if rounds > _MAX_BYPASS:  # pragma: no cover - a safeguard
            raise CGTError("canonical stopper: simplification did not settle (please report this game)")
        for v in live:
            if _simplify(v):
                changed = True
    # 2. loop-free new vertices whose options are all short are short games
    _shorten(live)
    live = [v for v in live if v not in _ALIAS]
    # 3. fuse equal vertices: new ones with each other and with the older vertices they
    #    reach (candidates share their stops; older ones come first and are kept)
    _forget_stops(live)
    members = set(live)
    older = [u for u in reach(live) if u not in members and _GAME[u] is None]
    buckets: dict = {}
    for v in older + live:
        buckets.setdefault(stops(v), []).append(v)
    for group in buckets.values():
        reps: list[int] = []
        for v in group:
            if v not in members:
                reps.append(v)
                continue
            for r in reps:
                if leq(v, r) and leq(r, v):
                    _ALIAS[v] = r
                    break
            else:
                reps.append(v)
    live = [v for v in live if v not in _ALIAS]
    for v in live:
        _rewrite(v)
    _shorten(live)
    live = [v for v in live if v not in _ALIAS]
    cycle = _alternating_cycle(live)
    if cycle is not None:  # pragma: no cover - would be a bug in the simplification
        raise CGTError(f"canonical stopper: fusing equal positions made an alternating cycle {cycle}")
    # 4. fuse with an equal older vertex anywhere (same stops and option counts, compared)
    _forget_stops(live)
    for v in live:
        fp = _fingerprint(v)
        for s in _INDEX.get(fp, ()):
            if s not in _ALIAS and leq(v, s) and leq(s, v):
                _ALIAS[v] = s
                break
    live = [v for v in live if v not in _ALIAS]
    for v in live:
        _rewrite(v)
    _forget_stops(live)
    for v in live:
        fp = _fingerprint(v)
        _FP[v] = fp
        _INDEX.setdefault(fp, []).append(v)


def _shorten(live: list[int]) -> None:
    """Make every new vertex whose options are all short games a short game itself."""
    changed = True
    while changed:
        changed = False
        for v in live:
            if v in _ALIAS:
                continue
            _rewrite(v)
            left, right = _L[v], _R[v]
            if all(_GAME[x] is not None for x in left + right):
                _ALIAS[v] = short_id(Game.from_options([_GAME[x] for x in left], [_GAME[x] for x in right]))
                changed = True


def _forget_stops(vs: Iterable[int]) -> None:
    """Drop remembered stops of vertices whose options changed (the values did not, but
    pseudonumbers are recognised on the simplified form)."""
    for v in vs:
        _STOPS.pop(v, None)
        _PSTOPS.pop(v, None)


def _dominance(opts: list[int], left: bool) -> list[int]:
    """The options that no other option dominates (equal ones: the oldest is kept)."""
    keep = []
    for a in opts:
        dominated = False
        for b in opts:
            if b == a:
                continue
            worse = leq(a, b) if left else leq(b, a)
            if worse:
                better = leq(b, a) if left else leq(a, b)
                if not better or b < a:  # strictly dominated, or equal and b is older
                    dominated = True
                    break
        if not dominated:
            keep.append(a)
    return keep


def _simplify(v: int) -> bool:
    """One pass of bypassing reversible options and removing dominated ones at ``v``."""
    changed = False
    left = list(dict.fromkeys(resolve(x) for x in _L[v]))
    right = list(dict.fromkeys(resolve(x) for x in _R[v]))
    new_left = []
    for a in left:
        for r in options(a)[1]:
            r = resolve(r)
            if r != v and leq(r, v):  # a reverses through r: Left gets r's Left options
                new_left.extend(resolve(x) for x in options(r)[0])
                changed = True
                break
        else:
            new_left.append(a)
    new_right = []
    for b in right:
        for l in options(b)[0]:
            l = resolve(l)
            if l != v and leq(v, l):
                new_right.extend(resolve(x) for x in options(l)[1])
                changed = True
                break
        else:
            new_right.append(b)
    new_left = _dominance(list(dict.fromkeys(new_left)), True)
    new_right = _dominance(list(dict.fromkeys(new_right)), False)
    if tuple(new_left) != _L[v] or tuple(new_right) != _R[v]:
        _L[v], _R[v] = tuple(new_left), tuple(new_right)
        return True
    return changed


def negate(v: int) -> int:
    """The vertex of ``-v`` (Left and Right exchanged everywhere)."""
    g = _GAME[v]
    if g is not None:
        return short_id(-g)
    loopy = [u for u in reach([v]) if _GAME[u] is None]
    local = {u: i for i, u in enumerate(loopy)}

    def neg(x: int) -> int:
        return -1 - local[x] if x in local else short_id(-_GAME[x])

    left = [[neg(x) for x in _R[u]] for u in loopy]
    right = [[neg(x) for x in _L[u]] for u in loopy]
    return canonical_batch(left, right)[0]
