"""Onsides and offsides of loopy games that are not stoppers.

A game ``G`` whose play can alternate for ever is described by two stoppers, its
*onside* ``G+`` (infinite play counted as a win for Left) and its *offside* ``G-``
(for Right): ``G = G+ & G-`` (Winning Ways ch. 11; Siegel, *Combinatorial Game
Theory*, ch. VI).  They are found in four steps.

0. **Moves taken straight back** are removed, for each side on its own
   (:func:`without_returns`): a pass of Left's where Right can pass too changes
   nothing in the offside, and ``a{a,0|a}`` becomes the stopper ``a{0|a} = over``
   there.  Vertices that no longer start infinite alternating play are stoppers, made
   canonical as such.

1. **Bottomless and endless vertices.**  ``G+ = off`` exactly when, for every ``n``,
   Right wins ``G + n`` outright with Left moving first (Left's ``n`` spare moves are
   each a pass).  That is an *energy game*: Left pays one unit of credit for each pass,
   and :func:`bottomless` finds where her need is infinite (the "progress measure" of
   Brim, Chaloupka, Doyen, Gentilini and Raskin, *Faster algorithms for mean-payoff
   games*, 2011, bounds a finite need by the number of states; since credit is only
   spent, the positions of need at most ``k`` are found level by level).  ``G+ = on``
   exactly when Left, moving second in ``G + off``, survives: :func:`endless`, a
   safety game.  ``G- = on`` and ``G- = off`` likewise with the players exchanged.
   These vertices are fixed to ``off`` or ``on`` before sidling: a game's sides depend
   only on the sides of its options, so this changes no other side.
2. **Sidling** (Winning Ways ch. 11), one strongly connected component at a time,
   sinks first, the options outside the component fixed to their sides
   (:func:`_sidle`): every vertex starts at ``on`` for the onside (``off`` for the
   offside); the edges that close infinite alternating play lead to the current
   approximation of their target, the rest of the component is a stopper made
   canonical, round after round.  The approximations only decrease (increase) and
   stay above (below) the side, so a round that changes nothing has reached it.
   Without step 1, a vertex whose onside is ``off`` is approached through ``-2, -4,
   -6, ...`` for ever (Backsliding Toads and Frogs ``ttt..fff``).
3. **Tied cycles, other cuts, and a bound.**  The approximations can unroll a cycle
   of the side for ever (``{0|off}``, ``{0|{0|off}}``, ... approach ``over``) when the
   cut edges run through it.  So from the fourth round on, every other round, the
   cycle is tied: the newest approximations, with their edges into the previous ones
   sent back to themselves (:func:`_tie`; ``{0|{0|off}}`` becomes ``a{0|a}``).  A
   tied guess is kept only if it is a fixed point of the rounds and each of its
   stoppers ``S`` is *certified* as the side of its vertex ``G``: ``S <= G+`` and
   ``G+ <= S`` (:mod:`cgtkit.loopy.side_order`, a game on the graph itself that
   needs no sides).  When the back edges of a depth-first search do not settle within
   ``max_rounds`` rounds, every edge of one player inside the component is cut
   instead, then every edge of the other.  If none settles (the sides may not be
   stoppers at all: Bach's Carousel), no side is claimed and the caller returns a
   :class:`~cgtkit.loopy.values.LoopyValue`.

>>> from cgtkit.loopy import LoopyGraph
>>> dud = LoopyGraph([[0]], [[0]], 0)            # both pass for ever
>>> sorted(bottomless(dud, [0])), dud.value()    # Right's passes outlast any spare moves
([], dud)
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Generator, Sequence

from . import store
from .errors import NotAStopperError
from .retrograde import attractor, explore
from .graph import LoopyGraph, stopper_vertices, strong_components
from .side_order import side_leq, table

__all__ = ["bottomless", "endless", "sides", "without_returns", "Budget", "SIDLING_ROUNDS", "SIDLING_BUDGET"]

#: how many rounds sidling may take, per component and cut, before it tries the next cut or
#: gives up (the sides are then not claimed)
SIDLING_ROUNDS = 200

#: how many rounds of sidling one value may take in all (both sides, every part and cut)
#: before the sides not yet found are given up (the value is then not claimed)
SIDLING_BUDGET = 600

#: a cut is given up once its approximations hold more than this many stopper vertices
#: (or this many per vertex of the component), the cycle they unroll growing round
#: after round and each round costing more than the last
_MAX_UNROLLED = 200
_UNROLLED_PER_VERTEX = 12

#: besides the back edges of one depth-first search and each player's edges, the back
#: edges of the searches started at up to this many other vertices are tried as cuts
_MORE_ROOTS = 1

#: from which round on an unrolled cycle is tied, every other round (most parts settle
#: in fewer rounds untied)
_TIE_FROM = 4


class Budget:
    """The rounds of sidling one value may still take, and who hears of each round.

    >>> b = Budget(2, None)
    >>> b.spend(), b.spend(), b.spend(), b.done
    (True, True, False, 2)
    """

    __slots__ = ("left", "done", "progress", "note")

    def __init__(self, rounds: int, progress: "Callable[[int, str], None] | None") -> None:
        self.left = rounds
        self.done = 0
        self.progress = progress
        self.note = ""

    def spend(self) -> bool:
        """Take one round; False when none is left."""
        if self.left <= 0:
            return False
        self.left -= 1
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, f"sidling the {self.note}")
        return True


def _arena(graph: "LoopyGraph", roots: Sequence[int], left_pays: bool) -> tuple[list, list, list]:
    """The positions reachable from ``roots`` (graph vertices, then table vertices
    standing for fixed ones), with the moves of the payer (``left``) and of the other
    player (``right``) as local indices.  ``left_pays`` False exchanges the players."""

    def key(w: int) -> tuple[str, int]:
        return ("t", graph.fixed[w]) if w in graph.fixed else ("g", w)

    def expand(i: int, node: tuple[str, int]) -> list[tuple[int, tuple[str, int]]]:
        kind, v = node
        if kind == "g":
            lo = [key(w) for w in graph.left[v]]
            ro = [key(w) for w in graph.right[v]]
        else:
            lt, rt = store.options(v)
            lo = [("t", w) for w in lt]
            ro = [("t", w) for w in rt]
        if not left_pays:
            lo, ro = ro, lo
        return [(0, k) for k in lo] + [(1, k) for k in ro]

    nodes, rows = explore([key(r) for r in roots], expand, rows=2)
    mine = [r[0] for r in rows]
    theirs = [r[1] for r in rows]
    return nodes, mine, theirs


def bottomless(graph: "LoopyGraph", vertices: Sequence[int], onside: bool = True) -> set[int]:
    """The vertices among ``vertices`` whose onside is ``off`` (``onside`` True) or whose
    offside is ``on`` (False), decided exactly by the energy game of the module text.

    Credit is never earned, only spent (one unit a pass), so the need of a position is
    at most ``k`` exactly when Left survives it with at most ``k`` passes.  Those sets
    ``S_k`` are found level by level, each by one retrograde labelling (a pass is
    safe at level ``k`` when it leads into ``S_{k-1}``); ``S_k`` grows with ``k``, and
    once ``S_k = S_{k-1}`` every later level is the same, so the positions left out
    have no finite need.  The progress measure of the module text
    (:func:`_bottomless_by_measure`, which climbs one unit at a time up to the bound) is
    the slow twin the tests compare this with.

    >>> from cgtkit.loopy.graph import LoopyGraph
    >>> g = LoopyGraph([[], [1]], [[0], []], 0)   # 0: Right passes for ever (off); 1: Left (on)
    >>> sorted(bottomless(g, [0, 1])), sorted(bottomless(g, [0, 1], onside=False))
    ([0], [1])
    """
    nodes, mine, theirs = _arena(graph, vertices, left_pays=onside)
    m = len(nodes)
    never = 2 * m  # a state no labelling marks: a safe pass leads there
    # state 2x: the payer to move at x; 2x + 1: the other player to move
    moves = [[2 * y + 1 for y in mine[x]] if t == 0 else [2 * y for y in theirs[x]] for x in range(m) for t in (0, 1)]
    other = [t == 1 for _ in range(m) for t in (0, 1)] + [False]
    survives: list[bool] | None = None  # S_{k-1}
    while True:
        succ = [
            row + [never] if t == 0 and survives is not None and survives[s + 1] else row
            for s, row in enumerate(moves)
            for t in (s % 2,)
        ] + [[]]
        seeds = [s for s in range(0, 2 * m, 2) if not succ[s]]
        lost = attractor(succ, other, seeds)
        now = [not lost[s] for s in range(2 * m)]
        if now == survives:
            break
        survives = now
    local = {key: j for j, key in enumerate(nodes)}
    return {v for v in vertices if v not in graph.fixed and not survives[2 * local[("g", v)]]}


def _bottomless_by_measure(graph: "LoopyGraph", vertices: Sequence[int], onside: bool = True) -> set[int]:
    """:func:`bottomless` by the progress measure of the module text (the slow twin)."""
    nodes, mine, theirs = _arena(graph, vertices, left_pays=onside)
    m = len(nodes)
    cap = 2 * m  # a finite need is below the number of (position, player) states
    inf = cap + 1
    # state 2x: the payer to move at x; 2x + 1: the other player to move
    need = [0] * (2 * m)
    preds: list[list[int]] = [[] for _ in range(2 * m)]
    for x in range(m):
        preds[2 * x + 1].append(2 * x)  # the payer's pass
        for y in mine[x]:
            preds[2 * y + 1].append(2 * x)
        for y in theirs[x]:
            preds[2 * y].append(2 * x + 1)
    queue = deque(range(2 * m))
    queued = [True] * (2 * m)
    while queue:
        s = queue.popleft()
        queued[s] = False
        x, turn = divmod(s, 2)
        if turn == 0:
            best = need[s + 1] + 1
            for y in mine[x]:
                c = need[2 * y + 1]
                if c < best:
                    best = c
        else:
            opts = theirs[x]
            best = max((need[2 * y] for y in opts), default=0)
        if best > cap:
            best = inf
        if best > need[s]:
            need[s] = best
            for p in preds[s]:
                if not queued[p]:
                    queued[p] = True
                    queue.append(p)
    local = {key: j for j, key in enumerate(nodes)}
    out = set()
    for v in vertices:
        if v in graph.fixed:
            continue
        if need[2 * local[("g", v)]] >= inf:
            out.add(v)
    return out


def endless(graph: "LoopyGraph", vertices: Sequence[int], onside: bool = True) -> set[int]:
    """The vertices among ``vertices`` whose onside is ``on`` (``onside`` True) or whose
    offside is ``off`` (False), decided exactly.

    ``G+ = on`` exactly when ``on <= G+``, that is when Left, moving second in
    ``G + off``, survives: Right may pass in ``off`` whenever he likes, so Left must be
    able to move in ``G`` for ever while Right moves there or passes as he pleases.
    That is a safety game, solved backwards in linear time: a position is *lost* for
    Left (to move) when every Left option is *tainted*, and a position is tainted (for
    Right to move) when it is lost (Right passes) or a Right move leads to a lost one;
    Left, moving second, survives exactly at the untainted positions.  ``G- = off`` likewise
    with the players exchanged.  Vertices found here are fixed to ``on`` (``off``)
    before sidling, as the bottomless ones are to ``off`` (``on``): without this, a
    graph whose sides are ``dud``'s (Backsliding Toads and Frogs ``ttt...fff``) was
    sidled component by component only to find ``on`` everywhere.

    >>> from cgtkit.loopy.graph import LoopyGraph
    >>> g = LoopyGraph([[0], [0]], [[0], []], 0)  # 0: dud; 1: {dud|}
    >>> sorted(endless(g, [0, 1])), sorted(endless(g, [0, 1], onside=False))
    ([0, 1], [0])
    """
    nodes, mine, theirs = _arena(graph, vertices, left_pays=onside)
    m = len(nodes)
    # state 2x: Left (the payer) to move at x, lost when every move is to a tainted
    # state; 2x + 1: Right to move, tainted when he passes to 2x or moves to a lost one
    succ = [
        [2 * y + 1 for y in mine[x]] if t == 0 else [2 * x] + [2 * y for y in theirs[x]]
        for x in range(m)
        for t in (0, 1)
    ]
    marked = attractor(succ, [t == 1 for _ in range(m) for t in (0, 1)], [2 * x for x in range(m) if not mine[x]])
    tainted = [marked[2 * x + 1] for x in range(m)]
    local = {key: j for j, key in enumerate(nodes)}
    return {v for v in vertices if v not in graph.fixed and not tainted[local[("g", v)]]}


def _cut_edges(graph: "LoopyGraph", loopy: list[int]) -> list[tuple[int, int, int]]:
    """Edges ``(vertex, side, index)`` whose removal leaves no infinite alternating play
    among ``loopy``: the back edges of a depth-first search of the positions
    (vertex, player to move), iterative.  Cycles in which one player moves twice in a
    row are untouched, so the rest of the graph keeps its loops (``over``'s pass)."""
    member = set(loopy)
    state = {}  # (v, t) -> 1 on the path, 2 done
    cuts = []
    for root in loopy:
        for t0 in (0, 1):
            if (root, t0) in state:
                continue
            state[(root, t0)] = 1
            stack = [(root, t0, 0)]
            while stack:
                v, t, i = stack[-1]
                opts = graph.left[v] if t == 0 else graph.right[v]
                if i < len(opts):
                    stack[-1] = (v, t, i + 1)
                    w = opts[i]
                    if w not in member:
                        continue
                    s = state.get((w, 1 - t))
                    if s == 1:
                        cuts.append((v, t, i))
                    elif s is None:
                        state[(w, 1 - t)] = 1
                        stack.append((w, 1 - t, 0))
                    continue
                state[(v, t)] = 2
                stack.pop()
    return cuts


def _sidle(
    graph: "LoopyGraph", known: dict[int, int], loopy: list[int], top: int, limit: int, onside: bool, budget: "Budget"
) -> dict[int, int] | None:
    """Sidling from ``top`` (on or off) over the vertices ``loopy``, one strongly
    connected component at a time, sinks first (see :func:`_sidle_component`).  None if
    some component has not settled within ``limit`` rounds.

    Why one component at a time gives the same sides as sidling the whole graph:

    * The side of a vertex depends only on the sides of its options (the fact step 1
      already uses when it fixes bottomless vertices, and :func:`sides` when it fixes
      the stopper vertices).  For the onside: ``X <= G+`` exactly when Left, moving
      second in ``G - X``, survives, and survival in ``G - X`` is the greatest fixed
      point of "not stuck, and (Left to move) some option survived / (Right to move)
      every option survived".  Where play leaves the component ``C`` of ``G`` for an
      option ``w`` outside it, survival in ``w - Y`` (either player to move, every
      stopper ``Y``) is the same as in ``w+ - Y``, so on the positions of ``C`` the
      greatest fixed point is the same with ``w`` replaced by the stopper ``w+``; two
      stoppers below which the same stoppers lie are equal.  The offside likewise,
      with the players exchanged.
    * The components are taken sinks first (Tarjan's order), so when ``C`` is sidled
      every option outside it lies in a component already done (or was fixed before
      sidling), and its side is known exactly.
    * Sidling ``C`` with those options fixed is sidling a graph whose only unknown
      sides are those of ``C``: it starts above the sides (``on``), stays above them,
      and a round that changes nothing has reached them, as for the whole graph.

    Each round then makes only ``C`` canonical (its cut graph, with the options
    outside it as fixed vertices), not the whole graph: Backsliding Toads and Frogs
    ``ttt..fff`` has 517 such vertices in components of at most 28.
    """
    member = [False] * len(graph)
    for v in loopy:
        member[v] = True
    side = dict(known)
    comps = strong_components(graph, loopy, member)
    for i, comp in enumerate(comps):
        budget.note = f"{'onside' if onside else 'offside'}: part {i + 1} of {len(comps)} ({len(comp)} positions)"
        found = _sidle_component(graph, side, comp, top, limit, onside, budget)
        if found is None:
            return None
        side.update(found)
    return side


def _sidle_component(
    graph: "LoopyGraph", side: dict[int, int], comp: list[int], top: int, limit: int, onside: bool, budget: "Budget"
) -> dict[int, int] | None:
    """Sidling of one strongly connected component ``comp``, every option outside it
    fixed to its known side (``side``): edges that close infinite alternating play
    lead to the current approximation of their target, the rest of the component is a
    stopper made canonical at each round (:func:`_sidle_cut`).  None if it has not
    settled within ``limit`` rounds of each cut tried, or when ``budget`` runs out."""
    k = len(comp)
    local = {v: i for i, v in enumerate(comp)}
    left: list[list[int]] = []
    right: list[list[int]] = []
    fixed: dict[int, int] = {}
    outside: dict[int, int] = {}

    def ref(w: int) -> int:
        i = local.get(w)
        if i is not None:
            return i
        j = outside.get(w)
        if j is None:
            j = outside[w] = k + len(outside)
            fixed[j] = graph.fixed[w] if w in graph.fixed else side[w]
        return j

    for v in comp:
        left.append([ref(w) for w in graph.left[v]])
        right.append([ref(w) for w in graph.right[v]])
    left.extend([] for _ in outside)
    right.extend([] for _ in outside)
    whole = LoopyGraph(left, right, 0, fixed)
    inner = list(range(k))
    # Any set of edges whose removal leaves no infinite alternating play will do (the
    # argument of the module text does not depend on which); the approximations can
    # only unroll a cycle of the side for ever when the cut runs through it, so when
    # one cut does not settle, others are tried: the back edges of a depth-first
    # search, then every edge inside the component of the player whose infinite play
    # does not count (Right's for the onside: the side's own loops, ``on``'s pass,
    # are the other player's), then every edge of the other player.
    # The cuts are sidled side by side, a round of each in turn, and the first to
    # settle is taken: a cut whose approximations unroll a cycle for ever costs no more
    # rounds than the one that settles (they grow, and so does the cost of a round:
    # tried one after the other, 200 rounds each, an 8-vertex graph took a minute).
    mover = 1 if onside else 0
    candidates: list[list[tuple[int, int, int]]] = []
    for cuts in (
        _cut_edges(whole, inner),
        _player_edges(whole, k, mover),
        _player_edges(whole, k, 1 - mover),
        *(_cut_edges(whole, inner[r:] + inner[:r]) for r in range(1, min(k, _MORE_ROOTS + 1))),
    ):
        if cuts not in candidates:
            candidates.append(cuts)
    runs = [_sidle_cut(whole, k, cuts, top, limit, onside) for cuts in candidates]
    while runs:
        for run in list(runs):
            if not budget.spend():
                return None
            try:
                next(run)
            except StopIteration as stop:
                if stop.value is not None:
                    return {v: stop.value[local[v]] for v in comp}
                runs.remove(run)
    return None


def _player_edges(graph: "LoopyGraph", k: int, t: int) -> list[tuple[int, int, int]]:
    """Every edge ``(vertex, t, index)`` of player ``t`` (0 Left, 1 Right) between the
    vertices ``0 .. k-1``: without them no alternating play stays among those."""
    rows = graph.left if t == 0 else graph.right
    return [(v, t, i) for v in range(k) for i, w in enumerate(rows[v]) if w < k]


def _sidle_cut(
    graph: "LoopyGraph", k: int, cuts: list[tuple[int, int, int]], top: int, limit: int, onside: bool
) -> Generator[None, None, "list[int] | None"]:
    """Sidling of the vertices ``0 .. k-1`` of ``graph`` with the edges ``cuts`` leading
    to the current approximation of their targets (first ``top``), the rest made
    canonical at each round; the sides, or None after ``limit`` rounds unsettled.  A
    generator that yields before each round (its caller interleaves cuts) and returns
    the result.

    When the approximations keep unrolling a cycle (``x, T(x), T(T(x)), ...``), the
    cycle is tied (:func:`_tie`) and the guess kept only if :func:`_certified`."""
    n = len(graph)
    targets = sorted({(graph.left[v] if t == 0 else graph.right[v])[i] for v, t, i in cuts})
    slot = {w: n + j for j, w in enumerate(targets)}
    cut_left = [list(r) for r in graph.left] + [[] for _ in targets]
    cut_right = [list(r) for r in graph.right] + [[] for _ in targets]
    for v, t, i in cuts:
        rows = cut_left if t == 0 else cut_right
        rows[v][i] = slot[rows[v][i]]

    def sidle_round(x: dict[int, int]) -> dict[int, int]:
        cut_fixed = dict(graph.fixed)
        for w in targets:
            cut_fixed[slot[w]] = x[w]
        return stopper_vertices(LoopyGraph(cut_left, cut_right, 0, cut_fixed), range(k))

    x = {w: top for w in targets}
    tried: set = set()
    for rnd in range(limit):
        yield None
        values = sidle_round(x)
        new = {w: values[w] for w in targets}
        if new == x:
            return [values[v] for v in range(k)]
        guess = _tie(x, new) if rnd >= _TIE_FROM and rnd % 2 == 0 else None
        key = None if guess is None or guess == new else tuple(guess.items())
        if key is not None and key not in tried:  # the same knot recurs round after round
            tried.add(key)
            tied = sidle_round(guess)  # the sides are a fixed point of the rounds
            if all(tied[w] == guess[w] for w in targets) and _certified(graph, guess, onside):
                return [tied[v] for v in range(k)]
        if len(store.reach(new.values())) > max(_MAX_UNROLLED, _UNROLLED_PER_VERTEX * k):
            return None  # the approximations unroll a cycle ever further: rounds only get dearer
        x = new
    return None


def _tie(old: dict[int, int], new: dict[int, int]) -> dict[int, int] | None:
    """The approximations ``new`` with every edge into an ``old`` approximation sent to
    the ``new`` one of the same target instead: when ``new = T(old)`` holds ``old`` as a
    position, the cycle ``a = T(a)`` that sidling unrolls (an ``old`` approximation
    that two targets replace differently is left alone).  None when nothing is tied or
    the result is no stopper."""
    swap: dict[int, int] = {}
    clash: set[int] = set()  # old approximations two targets replace differently: kept
    for w, a in old.items():
        a, b = store.resolve(a), store.resolve(new[w])
        if a != b:
            if swap.setdefault(a, b) != b:
                clash.add(a)
    for a in clash:
        del swap[a]
    if not swap:
        return None
    roots = [store.resolve(new[w]) for w in new]
    local: dict[int, int] = {}
    order: list[int] = []
    queue = deque(roots)
    while queue:
        u = queue.popleft()
        if u in local or store.is_short(u):
            continue
        local[u] = len(order)
        order.append(u)
        left, right = store.options(u)
        for w in left + right:
            w = store.resolve(w)
            queue.append(swap.get(w, w))

    def ref(w: int) -> int:
        w = store.resolve(w)
        w = swap.get(w, w)
        return -1 - local[w] if w in local else w

    rows = [store.options(u) for u in order]
    try:
        ids = store.canonical_batch([[ref(w) for w in r[0]] for r in rows], [[ref(w) for w in r[1]] for r in rows])
    except NotAStopperError:
        return None
    return {w: ids[local[r]] if r in local else r for w, r in zip(new, roots)}


def _certified(graph: "LoopyGraph", guess: dict[int, int], onside: bool) -> bool:
    """Whether each stopper ``guess[w]`` is exactly the side of vertex ``w`` of ``graph``
    (``S`` is ``G+`` when ``S <= G+ <= S``, decided by :func:`side_leq`)."""
    for w, s in guess.items():
        if not (side_leq(graph, table(s), w, onside) and side_leq(graph, w, table(s), onside)):
            return False
    return True


def sides(
    graph: "LoopyGraph",
    known: dict[int, int],
    loopy: list[int],
    max_rounds: int | None = None,
    budget: int | None = None,
    progress: "Callable[[int, str], None] | None" = None,
) -> "tuple[dict[int, int] | tuple[LoopyGraph, dict[int, int]], ...]":
    """The onside and offside (table vertices) of every vertex of ``loopy`` (and of
    ``known``, the stopper vertices, unchanged).  A side for which sidling does not
    settle (some component, with every cut tried, ``max_rounds`` rounds each, default
    :data:`SIDLING_ROUNDS`), or not within ``budget`` rounds in all (default
    :data:`SIDLING_BUDGET`), is given instead as its simplified graph: ``(graph,
    stopper vertices)``, moves taken straight back removed and the vertices whose side
    is found fixed (``off`` or ``on``, stoppers).  ``progress(rounds, note)`` is
    called after each round of sidling."""
    limit = SIDLING_ROUNDS if max_rounds is None else max_rounds
    spent = Budget(SIDLING_BUDGET if budget is None else budget, progress)
    on_id = store.canonical_batch([[-1]], [[]])[0]
    off_id = store.canonical_batch([[]], [[-1]])[0]
    result = []
    for onside, top, bottom in ((True, on_id, off_id), (False, off_id, on_id)):
        side_graph = without_returns(graph, loopy, onside, known)
        settled = {**known, **stopper_vertices(side_graph, loopy)}
        open_ = [v for v in loopy if v not in settled]
        sunk = bottomless(side_graph, open_, onside)
        peaks = endless(side_graph, open_, onside)
        fixed = {**settled, **{v: bottom for v in sunk}, **{v: top for v in peaks}}
        rest = [v for v in open_ if v not in sunk and v not in peaks]
        side = _sidle(side_graph, fixed, rest, top, limit, onside, spent) if rest else dict(fixed)
        result.append((side_graph, fixed) if side is None else side)
    return result[0], result[1]


def without_returns(graph: "LoopyGraph", loopy: Sequence[int], onside: bool, known: dict[int, int]) -> "LoopyGraph":
    """The graph for one side, with the moves that the opponent can take straight back
    removed: for the offside, Left's move ``v -> w`` when Right can move ``w -> v`` (a
    pass ``v -> v`` when Right can pass there too); for the onside, Right's likewise.

    This keeps the side.  In the offside infinite play is Right's, so against any Left
    strategy Right may answer ``v -> w`` by ``w -> v``, which restores the whole sum
    with Left to move: a strategy of Left's that wins with the move wins without it
    (skip each such pair; if Left made the move for ever, the play would be infinite,
    a win for Right).  Removing a move of Left's can only help Right.  The vertices of
    ``known`` (stoppers, which have no such pair of moves) are fixed to their values.

    >>> from cgtkit.loopy import LoopyGraph
    >>> g = LoopyGraph([[0, 1], []], [[0], []], 0)    # a{a,0|a}: both pass, Left may stop
    >>> without_returns(g, [0], False, {}).left[0], without_returns(g, [0], True, {}).right[0]
    ([1], [])
    >>> g.value()                                      # on & (the offside is a{0|a} = over)
    on & over
    """
    member = set(loopy)
    left = [list(r) for r in graph.left]
    right = [list(r) for r in graph.right]
    for v in loopy:
        if onside:  # Right's v -> w, when Left has w -> v
            right[v] = [w for w in graph.right[v] if not (w in member and v in graph.left[w])]
        else:
            left[v] = [w for w in graph.left[v] if not (w in member and v in graph.right[w])]
    return LoopyGraph(left, right, graph.start, {**graph.fixed, **known}, graph.labels)
