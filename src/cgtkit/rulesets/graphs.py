"""Games on graphs: Col, Snort (Winning Ways ch. 2) and Arc Kayles.

**Graph syntax.**  A graph is a list of items separated by spaces or commas.  An item
is a path ``a-b-c`` (the edges a-b and b-c) or a lone vertex ``d``.  Vertex names are
letters, digits and ``_``.  In Col and Snort a vertex may carry a *tint*, written
after its name in brackets: ``a[L]`` may only be coloured by Left, ``a[R]`` only by
Right (``[B]`` is read as ``[L]``); a tint given once holds for every mention of the
vertex.  ``"1-2-3 4[L]"`` is a path of three vertices and a lone vertex only Left can
colour.  A position prints in a normal form: edges ``u-v`` with ``u`` before ``v``,
then the lone vertices, names in natural order (``2`` before ``10``), each tint shown
at the vertex's first mention; so ``str`` of a parsed position parses back to it.

**Col and Snort.**  A move colours an untinted vertex, or one tinted for the mover,
in the mover's colour.  In **Col** neighbours may not share a colour, in **Snort**
they may not differ.  A coloured vertex never matters again, so it is removed and
its neighbours are tinted instead: in Col a neighbour of Left's vertex becomes
Right's (``[R]``), in Snort Left's (``[L]``); a vertex that neither player may
colour any more is removed too.  A lone tinted vertex is an integer move: ``a[L]``
is 1, ``a[R]`` is -1.

**Arc Kayles** (impartial): a move picks an edge and removes both its ends (with all
their edges).  Values are nimbers: ``value`` is ``*n`` for the nim value
``nim_value`` = n.  A component that is a path of n vertices is Dawson's Kayles on n
pins (octal game 0.07, an edge being two adjacent pins) and a cycle of n vertices has
one option, the path of n - 2: their values come from the heap engine's table (the
native kernel), not from a search.

Values are sums over the connected components; each component is stored under a
relabelled key (vertices ordered by tint, degree and the degrees of their
neighbours, so that many isomorphic components share a key) in one transposition
table per ruleset; in Col and Snort swapping the tints negates the value, and each
solved component also records its swapped twin.

**The native search.**  With the native engine, a graph of at most 64 vertices is
searched in Rust (``native/src/rulesets/graphs.rs``): vertex sets are 64-bit masks,
components are split natively and keyed by colour refinement, in the bounded table
and on the threads (``--jobs``) of :mod:`cgtkit.rulesets.native`.  A larger graph,
``CGTKIT_ENGINE=python``, and ``with native.python_search():`` use this module's
search, the reference twin; each ruleset's native solver is
``native.solver_of(Col.native_rules)`` (and so on).

>>> Col("a").value, Col("a-b").value, Col("a[L]").value
(game('*'), game('0'), game('1'))
>>> Snort("a").value, Snort("a-b").value
(game('*'), game('+-1'))
>>> Col("a-b-c").left_moves()
[Col('b[R]-c'), Col('a[R] c[R]'), Col('a-b[R]')]
>>> ArcKayles("1-2-3-4").value, ArcKayles("1-2-3-4").nim_value, ArcKayles("1-2-3-4").moves()
(game('*2'), 2, [ArcKayles('3-4'), ArcKayles('1 4'), ArcKayles('1-2')])
"""

from __future__ import annotations

import re
from typing import Iterable, Optional

from ..errors import RulesError, quoted
from ..short.game import Game
from .base import ImpartialPosition, StringPosition, native_value
from .kayles import DawsonsKayles
from .solver import ComponentSolver, TranspositionTable

__all__ = ["GraphGame", "Col", "Snort", "ArcKayles", "NativeGraphRules", "parse_graph", "natural_key"]

_TINTS = {"L": "L", "B": "L", "R": "R"}
_VERTEX = re.compile(r"([A-Za-z0-9_]+)(?:\[([A-Za-z])\])?")

# A graph: sorted tuple of (name, tint) with tint "", "L" or "R", and a sorted tuple of
# edges (u, v) with u before v in natural order.
Vertices = tuple[tuple[str, str], ...]
Edges = tuple[tuple[str, str], ...]


def natural_key(name: str) -> tuple:
    """Sort key putting ``v2`` before ``v10``.

    >>> sorted(["10", "2", "b", "a1"], key=natural_key)
    ['2', '10', 'a1', 'b']
    """
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", name) if p)


def parse_graph(text: str, game: str = "Graph", tints: bool = True) -> tuple[Vertices, Edges]:
    """The vertices (with tints) and edges of a graph string.

    >>> parse_graph("c-a-b a[L] d")
    ((('a', 'L'), ('b', ''), ('c', ''), ('d', '')), (('a', 'b'), ('a', 'c')))
    >>> parse_graph("a-b-", "Col")
    Traceback (most recent call last):
    ...
    cgtkit.errors.RulesError: Col: a path may not end with '-': '-' at column 4 of 'a-b-'
    """
    if not isinstance(text, str):
        raise RulesError(f"{game}: a position is a graph string like 'a-b-c d', not {type(text).__name__}")
    for i, ch in enumerate(text):
        if not (ch.isascii() and (ch.isalnum() or ch in "_-[], \t\n")):
            raise RulesError(f"{game}: illegal character {ch!r} at column {i + 1} of {quoted(text, i + 1)}")
    tint: dict[str, str] = {}
    edges: set[tuple[str, str]] = set()
    for m in re.finditer(r"[^\s,]+", text):
        item, at = m.group(), m.start()
        names = []
        pos = 0
        for part in item.split("-"):
            where = at + pos + 1
            if not part:
                what = "a path may not end with '-'" if pos == len(item) else "a vertex name is missing"
                col = at + pos if pos == len(item) else where
                raise RulesError(f"{game}: {what}: '-' at column {col} of {quoted(text, col)}")
            v = _VERTEX.fullmatch(part)
            if v is None:
                bad = next((i for i, ch in enumerate(part) if ch in "[]"), 0)
                raise RulesError(
                    f"{game}: {quoted(part)} at column {where} of {quoted(text, where)} is not a vertex (a name, maybe with [L] or [R])"
                    f": {part[bad]!r} at column {where + bad}"
                )
            name, t = v.group(1), v.group(2)
            if t is not None:
                t = _TINTS.get(t.upper())
                col = where + len(name) + 1
                if not tints:
                    raise RulesError(
                        f"{game}: vertices have no tints in this game: '[' at column {col - 1} of {quoted(text, col - 1)}"
                    )
                if t is None:
                    raise RulesError(
                        f"{game}: illegal tint {v.group(2)!r} at column {col} of {quoted(text, col)} (L or R)"
                    )
                if tint.get(name, "") not in ("", t):
                    raise RulesError(
                        f"{game}: vertex {name!r} is given two tints (column {col} of {quoted(text, col)})"
                    )
                tint[name] = t
            else:
                tint.setdefault(name, "")
            names.append(name)
            pos += len(part) + 1
        for a, b in zip(names, names[1:]):
            if a == b:
                raise RulesError(
                    f"{game}: a loop {quoted(a)}-{quoted(a)} in {quoted(text)} (a vertex cannot be its own neighbour)"
                )
            edges.add(_edge(a, b))
    return tuple(sorted(tint.items(), key=lambda x: natural_key(x[0]))), tuple(sorted(edges, key=_edge_order))


def _edge(a: str, b: str) -> tuple[str, str]:
    return (a, b) if natural_key(a) <= natural_key(b) else (b, a)


def _edge_order(e: tuple[str, str]) -> tuple:
    return natural_key(e[0]), natural_key(e[1])


def format_graph(vertices: Vertices, edges: Edges) -> str:
    """The normal-form string of a graph (see the module's syntax)."""
    tint = dict(vertices)
    shown: set[str] = set()

    def name(v: str) -> str:
        if v in shown or not tint[v]:
            shown.add(v)
            return v
        shown.add(v)
        return f"{v}[{tint[v]}]"

    items = [f"{name(u)}-{name(v)}" for u, v in edges]
    items += [name(v) for v, _ in vertices if v not in shown]
    return " ".join(items)


# --- component keys -------------------------------------------------------------------------
# A key: (tints, edges) on vertices 0..n-1: tints a tuple of "", "L", "R" and edges a
# sorted tuple of (i, j) with i < j.
Key = tuple


def _components(vertices: dict[str, str], adj: dict[str, set[str]]) -> list[list[str]]:
    seen: set[str] = set()
    parts = []
    for v in vertices:
        if v in seen:
            continue
        part, stack = [], [v]
        seen.add(v)
        while stack:
            x = stack.pop()
            part.append(x)
            for y in adj[x]:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        parts.append(part)
    return parts


def _key(part: list, tint: dict, adj: dict) -> Key:
    """A sound key of one component: relabelled by (tint, degree, neighbour degrees)."""
    deg = {v: len(adj[v]) for v in part}
    order = sorted(part, key=lambda v: (tint[v], deg[v], sorted(deg[u] for u in adj[v]), natural_key(str(v))))
    index = {v: i for i, v in enumerate(order)}
    edges = sorted(
        (min(index[u], index[v]), max(index[u], index[v])) for u in part for v in adj[u] if index[u] < index[v]
    )
    return tuple(tint[v] for v in order), tuple(edges)


def _split(tint: dict, adj: dict, keep_lone: bool = True) -> tuple:
    """The sorted keys of the components (lone untinted vertices dropped when not
    ``keep_lone``)."""
    keys = []
    for part in _components(tint, adj):
        if len(part) == 1 and not keep_lone and not tint[part[0]]:
            continue
        keys.append(_key(part, tint, adj))
    return tuple(sorted(keys))


def _decode(key: Key) -> tuple[dict, dict]:
    tints, edges = key
    tint = dict(enumerate(tints))
    adj: dict = {i: set() for i in tint}
    for i, j in edges:
        adj[i].add(j)
        adj[j].add(i)
    return tint, adj


def _colour(tint: dict, adj: dict, v, side: str, same: bool) -> tuple[dict, dict]:
    """The graph after ``side`` colours ``v``: neighbours get the tint that forbids
    the mover's colour (Col, ``same=False``) or the other colour (Snort)."""
    other = "R" if side == "L" else "L"
    new_tint = other if not same else side
    tint = dict(tint)
    adj = {x: set(ys) for x, ys in adj.items()}
    gone = [v]
    for u in adj[v]:
        if tint[u] == "":
            tint[u] = new_tint
        elif tint[u] != new_tint:
            gone.append(u)
    for x in gone:
        for y in adj.pop(x):
            if y in adj:
                adj[y].discard(x)
        del tint[x]
    return tint, adj


def _remove(tint: dict, adj: dict, drop: Iterable) -> tuple[dict, dict]:
    drop = set(drop)
    return (
        {x: t for x, t in tint.items() if x not in drop},
        {x: ys - drop for x, ys in adj.items() if x not in drop},
    )


def _swap(key: Key) -> Key:
    tint, adj = _decode(key)
    swapped = {v: {"L": "R", "R": "L"}.get(t, "") for v, t in tint.items()}
    return _key(list(swapped), swapped, adj)


# --- the native search -------------------------------------------------------------------------
class NativeGraphRules:
    """The owner of one graph game's native solver (see :func:`native.solver_of`);
    ``search = "python"`` sends that game to the Python search.

    >>> NativeGraphRules("col").native
    'col'
    """

    MAX_VERTICES = 64  # a graph with more vertices is searched in Python

    def __init__(self, name: str) -> None:
        self.native = name
        self.search = "auto"

    def value(self, position: "GraphGame"):
        """The native value of ``position`` (a nim value in Arc Kayles), or None when
        the Python search is to run."""
        if len(position.vertices) > self.MAX_VERTICES:
            return None
        index = {v: i for i, (v, _) in enumerate(position.vertices)}
        tints = "".join(t or "." for _, t in position.vertices)
        edges = [(index[u], index[v]) for u, v in position.edges]
        return native_value(self, [(tints, edges)])


# --- positions --------------------------------------------------------------------------------
class GraphGame(StringPosition):
    """A position on a graph: vertices with tints and edges, immutable (the base of Col,
    Snort and Arc Kayles, and what the grid forms of Col and Snort turn into)."""

    __slots__ = ("vertices", "edges")

    def _state(self) -> tuple:
        return (self.vertices, self.edges)

    NAME = "Graph"
    SAME = False  # Snort: a neighbour may take the same colour only
    TINTS = True
    solver: ComponentSolver
    table: TranspositionTable  # the solver's
    native_rules: NativeGraphRules  # the native search's

    def __init__(self, text: str) -> None:
        self.vertices, self.edges = parse_graph(text, self.NAME, self.TINTS)

    @classmethod
    def _from(cls, tint: dict, adj: dict) -> "GraphGame":
        p = object.__new__(cls)
        p.vertices = tuple(sorted(tint.items(), key=lambda x: natural_key(x[0])))
        p.edges = tuple(sorted({_edge(u, v) for u in adj for v in adj[u]}, key=_edge_order))
        return p

    def _graph(self) -> tuple[dict, dict]:
        tint = dict(self.vertices)
        adj: dict = {v: set() for v in tint}
        for u, v in self.edges:
            adj[u].add(v)
            adj[v].add(u)
        return tint, adj

    def __str__(self) -> str:
        return format_graph(self.vertices, self.edges)


class _ColouringGame(GraphGame):
    __slots__ = ()

    @classmethod
    def _options(cls, tint: dict, adj: dict, side: str) -> list[tuple[dict, dict]]:
        return [_colour(tint, adj, v, side, cls.SAME) for v in tint if tint[v] in ("", side)]

    def left_moves(self) -> list["GraphGame"]:
        """Left colours a vertex that is untinted or tinted ``[L]`` (vertices in order)."""
        return [self._from(*g) for g in self._options(*self._graph(), "L")]

    def right_moves(self) -> list["GraphGame"]:
        """Right colours a vertex that is untinted or tinted ``[R]``."""
        return [self._from(*g) for g in self._options(*self._graph(), "R")]

    @classmethod
    def _expand(cls, key: Key):
        tint, adj = _decode(key)
        return tuple({_split(*g) for g in cls._options(tint, adj, side)} for side in ("L", "R"))

    @property
    def value(self) -> Game:
        """The canonical value: the sum over the connected components."""
        got = type(self).native_rules.value(self)
        if got is not None:
            return got
        return type(self).solver.value_of(_split(*self._graph()))


class Col(
    _ColouringGame,
    name="col",
    summary="colour a vertex; neighbours never share a colour",
    example="a-b-c d[L]",
    native="col",
):
    """Col: neighbours never share a colour; every value is a number or a number
    plus ``*`` (Winning Ways ch. 2)."""

    __slots__ = ()
    NAME = "Col"
    SAME = False
    table = TranspositionTable()
    native_rules = NativeGraphRules("col")


class Snort(
    _ColouringGame, name="snort", summary="colour a vertex; neighbours never differ", example="a-b-c", native="snort"
):
    """Snort: neighbours never get different colours; values are often hot."""

    __slots__ = ()
    NAME = "Snort"
    SAME = True
    table = TranspositionTable()
    native_rules = NativeGraphRules("snort")


class ArcKayles(
    ImpartialPosition,
    GraphGame,
    name="arc-kayles",
    summary="remove both ends of an edge (impartial)",
    example="1-2-3-4-1",
    native="arc-kayles",
    aliases=("arckayles",),
):
    """Arc Kayles: remove an edge's two ends; ``value`` is the nimber of ``nim_value``."""

    __slots__ = ()
    NAME = "ArcKayles"
    TINTS = False
    table = TranspositionTable()
    native_rules = NativeGraphRules("arc-kayles")

    @staticmethod
    def _options(tint: dict, adj: dict) -> list[tuple[dict, dict]]:
        return [_remove(tint, adj, (u, v)) for u in tint for v in sorted(adj[u], key=str) if _before(u, v)]

    def moves(self) -> list["ArcKayles"]:
        """Remove the two ends of an edge (edges in order)."""
        tint, adj = self._graph()
        return [self._from(*_remove(tint, adj, e)) for e in self.edges]  # type: ignore[misc]

    @classmethod
    def _expand(cls, key: Key):
        tint, adj = _decode(key)
        return {_split(*g, keep_lone=False) for g in cls._options(tint, adj)}

    @staticmethod
    def quick(key: Key) -> Optional[int]:
        """The nim value of a path or a cycle component from Dawson's Kayles (heap
        0.07), else None (a component is connected, so a path has n - 1 edges and
        a cycle n, every vertex of degree at most 2)."""
        tints, edges = key
        n = len(tints)
        degree = [0] * n
        for i, j in edges:
            degree[i] += 1
            degree[j] += 1
        if max(degree, default=0) > 2:
            return None
        if len(edges) == n - 1:
            return DawsonsKayles.run_value(n)
        if len(edges) == n >= 3:
            return 1 if DawsonsKayles.run_value(n - 2) == 0 else 0
        return None

    @property
    def nim_value(self) -> int:
        """The nim value: the xor over the connected components."""
        got = type(self).native_rules.value(self)
        if got is not None:
            return int(got)
        return type(self).solver.value_of(_split(*self._graph(), keep_lone=False))


def _before(u, v) -> bool:
    return (natural_key(u) < natural_key(v)) if isinstance(u, str) else u < v


# each ruleset's solver owns its table; in Col and Snort swapping the tints negates
Col.solver = ComponentSolver(Col._expand, mirror=_swap, table=Col.table)
Snort.solver = ComponentSolver(Snort._expand, mirror=_swap, table=Snort.table)
ArcKayles.solver = ComponentSolver(ArcKayles._expand, impartial=True, quick=ArcKayles.quick, table=ArcKayles.table)
