"""Game graphs: vertices with Left and Right edges, built from notation
(:mod:`cgtkit.loopy.notation`) or from a move function (:mod:`cgtkit.loopy.positions`),
and valued by :func:`cgtkit.loopy.values.value_of`.

A :class:`LoopyGraph` is a finite directed graph with two kinds of edges and a start
vertex.  A vertex may instead be *fixed* to a vertex of the stopper table
(:mod:`cgtkit.loopy.store`: a short game or a known stopper); its options are then
that value's.

The value of the start vertex (``graph.value()``):

* every vertex from which no infinite alternating play starts is part of a stopper;
  those are made canonical strongly connected component by component, from the ends
  of play back to the start (Tarjan's algorithm, iterative);
* the other vertices get their *sides* (:mod:`cgtkit.loopy.sides`: the vertices whose
  onside is ``off`` or offside ``on`` found exactly, then sidling, Winning Ways ch. 11).
  When sidling does not settle within its round limit (Bach's Carousel, whose sides
  are not stoppers), the value is a :class:`~cgtkit.loopy.values.LoopyValue` that
  claims no canonical form, unless both sides of the start itself were found exactly
  before sidling (``on``, ``off``, a stopper part).

>>> # Left moves n -> n+1, Right n -> n-1, on 0..3 (onside: Left pushes to 3 while Right
>>> # steps back, 3 2 1 0; offside 0 -1 -2 -3)
>>> g = LoopyGraph([[1], [2], [3], []], [[], [0], [1], [2]], 0)
>>> len(g), g.is_stopper(), str(g.value())
(4, False, '3 & 0')
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable, Sequence

from ..config import setting
from ..hooks import hook
from ..short.game import Game
from . import store
from .retrograde import attractor, explore, outcome_class, winners

__all__ = ["LoopyGraph", "DEFAULT_MAX_POSITIONS", "sum_graph", "strong_components", "stopper_vertices", "quotient"]

#: how many positions :func:`from_moves` explores before it stops (CGTKIT_LOOPY_MAX_POSITIONS)
DEFAULT_MAX_POSITIONS = setting("CGTKIT_LOOPY_MAX_POSITIONS")


class LoopyGraph:
    """A game graph: ``left[v]`` and ``right[v]`` list the options of vertex ``v``;
    ``fixed[v]`` (if present) is a stopper-table vertex that ``v`` stands for, whose
    options are then used; ``labels[v]`` names the position ``v`` came from."""

    __slots__ = ("left", "right", "fixed", "labels", "start")

    def __init__(
        self,
        left: list[list[int]],
        right: list[list[int]],
        start: int = 0,
        fixed: dict[int, int] | None = None,
        labels: list | None = None,
    ) -> None:
        self.left = left
        self.right = right
        self.start = start
        self.fixed = fixed or {}
        self.labels = labels

    def __len__(self) -> int:
        return len(self.left)

    def __repr__(self) -> str:
        return f"<LoopyGraph of {len(self)} vertices, start {self.start}>"

    def options(self, v: int) -> tuple[list[int], list[int]]:
        """Left and Right options of vertex ``v`` (vertices of this graph)."""
        return self.left[v], self.right[v]

    def alternating(self) -> list[bool]:
        """For each vertex, whether an infinite alternating line of play starts there
        (with either player first).  Positions (vertex, player to move) from which every
        line of play ends are peeled off; what is left can play forever."""
        n = len(self)
        succ: list[list[int]] = [[] for _ in range(2 * n)]  # 2v: Left to move at v; 2v+1: Right
        for v in range(n):
            if v in self.fixed:
                continue  # a stopper vertex: every line from it ends
            for t, opts in ((0, self.left[v]), (1, self.right[v])):
                succ[2 * v + t] = [2 * w + 1 - t for w in opts if w not in self.fixed]
        ends = attractor(succ, [False] * (2 * n), [s for s in range(2 * n) if not succ[s]])
        return [not ends[2 * v] or not ends[2 * v + 1] for v in range(n)]

    def hereditary_alternating(self, vertices: Iterable[int]) -> list[bool]:
        """For each vertex, whether some position reachable from it (itself included)
        starts an infinite alternating line of play: the vertices that are not parts of
        a stopper."""
        bad = self.alternating()
        users: dict[int, list[int]] = {}
        todo = list(vertices)
        for v in todo:
            if v in self.fixed:
                continue
            for w in self.left[v] + self.right[v]:
                users.setdefault(w, []).append(v)
        stack = [v for v in todo if bad[v]]
        while stack:
            w = stack.pop()
            for v in users.get(w, ()):
                if not bad[v]:
                    bad[v] = True
                    stack.append(v)
        return bad

    def is_stopper(self) -> bool:
        """Whether no infinite alternating play starts from any vertex reachable from
        the start (the graph is a stopper)."""
        alt = self.alternating()
        return not any(alt[v] for v in self.reachable())

    def reachable(self) -> list[int]:
        """The vertices reachable from the start."""
        seen = {self.start: None}
        queue = deque([self.start])
        while queue:
            v = queue.popleft()
            for w in self.left[v] + self.right[v]:
                if w not in seen:
                    seen[w] = None
                    queue.append(w)
        return list(seen)

    def results(self, vertex: int | None = None) -> tuple[str, str]:
        """Who wins from ``vertex`` (default: the start) played alone: (the result when
        Left moves first, when Right moves first), each ``"L"``, ``"R"`` or ``"D"``
        (a draw: play goes on for ever), by retrograde analysis of every position
        reachable from it (:func:`~cgtkit.loopy.retrograde.winners`; a fixed vertex
        stands for its stopper's positions).  It needs no sides, so it answers for
        every graph, whatever its value."""
        root = self.start if vertex is None else vertex

        def key(w: int) -> tuple[str, int]:
            return ("t", store.resolve(self.fixed[w])) if w in self.fixed else ("g", w)

        def expand(i: int, node: tuple[str, int]) -> list[tuple[int, tuple[str, int]]]:
            kind, v = node
            if kind == "g":
                return [(0, key(w)) for w in self.left[v]] + [(1, key(w)) for w in self.right[v]]
            lo, ro = store.options(v)
            return [(0, ("t", store.resolve(w))) for w in lo] + [(1, ("t", store.resolve(w))) for w in ro]

        _, rows = explore([key(root)], expand, rows=2)
        return winners([r[0] for r in rows], [r[1] for r in rows])[0]

    def outcome(self, vertex: int | None = None) -> str:
        """The outcome of ``vertex`` (default: the start): ``"L"``, ``"R"``, ``"P"``,
        ``"N"``, ``"D"``, or ``"X/Y"`` (X when Left starts, Y when Right starts), from
        :meth:`results`.

        >>> LoopyGraph([[0]], [[0]], 0).outcome(), LoopyGraph([[0, 1], []], [[0], []], 0).outcome()
        ('D', 'L')
        """
        return outcome_class(*self.results(vertex))

    def value(
        self,
        max_rounds: int | None = None,
        budget: int | None = None,
        progress: Callable[[int, str], None] | None = None,
    ):
        """The value of the start vertex: a :class:`~cgtkit.loopy.values.Stopper`, a
        :class:`~cgtkit.loopy.values.SidedValue`, or a
        :class:`~cgtkit.loopy.values.LoopyValue` when the sides are not found to be
        stoppers (see :func:`value_of` for the bounds and ``progress``)."""
        return hook("loopy.value_of")(self, max_rounds=max_rounds, budget=budget, progress=progress)


def strong_components(graph: LoopyGraph, vertices: Sequence[int], member: list[bool]) -> list[list[int]]:
    """Strongly connected components of the subgraph on ``vertices`` (where ``member``
    is true), sinks first (Tarjan's algorithm on an explicit stack); shared by the
    graph's own analysis and by sidling (:mod:`cgtkit.loopy.sides`), which settles one
    component at a time."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set = set()
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in vertices:
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, i = work[-1]
            succ = graph.left[v] + graph.right[v] if v not in graph.fixed else []
            while i < len(succ) and not member[succ[i]]:
                i += 1
            if i < len(succ):
                work[-1] = (v, i + 1)
                w = succ[i]
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, 0))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


def stopper_vertices(graph: LoopyGraph, vertices: Iterable[int] | None = None) -> dict[int, int]:
    """The canonical stopper of every vertex (among ``vertices``, default: those reachable
    from the start) from which no infinite alternating play starts."""
    todo = graph.reachable() if vertices is None else list(vertices)
    alt = graph.hereditary_alternating(todo)
    member = [False] * len(graph)
    for v in todo:
        if not alt[v]:
            member[v] = True
    result: dict[int, int] = {}
    for v, f in graph.fixed.items():
        result[v] = f
    for comp in strong_components(graph, [v for v in todo if member[v]], member):
        if len(comp) == 1 and comp[0] in graph.fixed:
            continue
        local = {v: i for i, v in enumerate(comp)}

        def ref(w: int) -> int:
            j = local.get(w)
            return -1 - j if j is not None else result[w]

        ids = store.canonical_batch(
            [[ref(w) for w in graph.left[v]] for v in comp], [[ref(w) for w in graph.right[v]] for v in comp]
        )
        for v, x in zip(comp, ids):
            result[v] = x
    return result


def quotient(graph: LoopyGraph, reach: Sequence[int], known: dict[int, int]) -> tuple[LoopyGraph, dict[int, int]]:
    """The graph of the start's game with equal-looking positions merged (the coarsest
    partition in which merged positions are the same stopper, or have the same classes
    of Left options and of Right options: a bisimulation), numbered breadth first from
    the start, options in their first order, repeats dropped; and its stopper vertices.
    Two graphs of one game that differ only in how often a position is written out
    (a printed graph read back, a move function's) give the same graph.

    >>> g = LoopyGraph([[1, 2], [0], [0], []], [[], [3], [3], []], 0)   # 1 and 2 are the same
    >>> q, _ = quotient(g, g.reachable(), {})
    >>> q.left, q.right
    ([[1], [0], []], [[], [2], []])
    """
    label: dict[int, Any] = {v: ("t", store.resolve(known[v])) if v in known else ("g",) for v in reach}
    count = len(set(label.values()))
    while True:
        sig = {
            v: label[v]
            if v in known
            else (label[v], frozenset(label[w] for w in graph.left[v]), frozenset(label[w] for w in graph.right[v]))
            for v in reach
        }
        ids: dict[Any, int] = {}
        label = {v: ids.setdefault(sig[v], len(ids)) for v in reach}
        if len(ids) == count:
            break
        count = len(ids)
    first: dict[int, int] = {}
    for v in reach:
        first.setdefault(label[v], v)
    number: dict[int, int] = {label[graph.start]: 0}
    order = [label[graph.start]]
    left: list[list[int]] = []
    right: list[list[int]] = []
    fixed: dict[int, int] = {}
    i = 0
    while i < len(order):
        c = order[i]
        v = first[c]
        rows: list[list[int]] = [[], []]
        if v in known:
            fixed[i] = known[v]
        else:
            for row, opts in zip(rows, (graph.left[v], graph.right[v])):
                for w in opts:
                    d = label[w]
                    if d not in number:
                        number[d] = len(order)
                        order.append(d)
                    if number[d] not in row:
                        row.append(number[d])
        left.append(rows[0])
        right.append(rows[1])
        i += 1
    return LoopyGraph(left, right, 0), fixed


def sum_graph(parts: Sequence[tuple[LoopyGraph, int]]) -> LoopyGraph:
    """The graph of the sum of the given vertices (each ``(graph, vertex)``): positions
    are tuples of component vertices, explored from the start; components that are
    short games are added by the short engine as soon as all of them are short."""

    def opts(k: int, v: int) -> tuple[list, list]:
        g, _ = parts[k]
        if v < 0:  # a table vertex, written -1 - id
            l, r = store.options(-1 - v)
            return [-1 - x for x in l], [-1 - x for x in r]
        if v in g.fixed:
            f = g.fixed[v]
            l, r = store.options(f)
            return [-1 - x for x in l], [-1 - x for x in r]
        return g.left[v], g.right[v]

    def table_id(k: int, v: int) -> int | None:
        g, _ = parts[k]
        if v < 0:
            return -1 - v
        return g.fixed.get(v)

    fixed: dict[int, int] = {}

    def expand(i: int, s: tuple) -> list[tuple[int, tuple]]:
        ids = [table_id(k, v) for k, v in enumerate(s)]
        if all(x is not None and store.is_short(x) for x in ids):
            total = Game.of(0)
            for x in ids:
                total = total + store.game_of(x)
            fixed[i] = store.short_id(total)
            return []
        out: list[tuple[int, tuple]] = []
        for k, v in enumerate(s):
            lo, ro = opts(k, v)
            for side, moves in ((0, lo), (1, ro)):
                for w in moves:
                    out.append((side, s[:k] + (w,) + s[k + 1 :]))
        return out

    _, rows = explore([tuple(v for _, v in parts)], expand, rows=2)
    left = [r[0] for r in rows]
    right = [r[1] for r in rows]
    return LoopyGraph(left, right, 0, fixed)
