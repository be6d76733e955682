"""Blue-Red-Green Hackenbush: stalks, rooted trees and graphs with a ground.

Edges are ``L`` (or ``B``) blue, Left's; ``R`` red, Right's; ``G`` green, either
player's.  A player chops one of their edges; every edge no longer connected to the
ground falls away.  Normal play; the value of a position is the sum of the values of
its independent parts.  Three position syntaxes, from the simplest:

* **Stalks** (:class:`HackenbushStalks`): each stalk a string of edges from the
  ground up, stalks separated by commas: ``"LLR,GG"``.
* **Trees** (:class:`HackenbushTree`): a rooted forest standing on the ground.  A run
  of letters is a chain of edges going up; a group in parentheses, written after a
  chain, lists the branches that grow from the top of the chain, separated by
  commas: ``"L(R,GG)"`` is a blue edge with a red edge and a green stalk of two
  edges on top.  Trees at the ground are separated by commas, so every stalk string
  is also a tree string.  Branches can nest: ``"G(G(G,G),L)"``.
* **Graphs** (:class:`HackenbushGraph`): an edge list ``"g-a:L a-b:R b-g:G"``: each
  edge is ``u-v:C`` with vertex names of letters, digits and ``_``; the vertex
  ``g`` is the ground (every ``g`` is the same ground).  Edges are separated by
  spaces or commas; loops and parallel edges are allowed.

Values come from the engine: every tree standing on the ground (and every part of a
graph joined to the ground only through the ground) is an independent component,
normalised (a tree's branches sorted) and solved once into a transposition table per
ruleset.  Fast paths, each tested against the plain search:

* a blue-red stalk is a number by Berlekamp's sign-expansion rule (Winning Ways
  ch. 2): the edges up to the first change of colour count +-1 each, each later edge
  +-1/2, +-1/4, ... in turn (:func:`stalk_number`);
* a green tree is the nimber given by the **colon principle** (Winning Ways ch. 7):
  branches at a vertex add like nim heaps, and an edge with a tree of nim value n on
  top is ``*(n + 1)`` (:func:`green_tree_nim`).

The native search (Rust, :mod:`cgtkit.rulesets.native`) values graphs, and trees
of up to 30 edges that no fast path settles, when the native engine runs; the Python search here is its reference twin
(``CGTKIT_ENGINE=python`` or ``native.python_search()``).  It keys a small tree
(up to 30 edges) by its canonical form, a small graph (up to 12 edges) by its edges
with the vertices renamed in the order first met, and a larger part by the set of
edges (a 64-bit mask) of the top-level part it came from; a position with a part of
more than 64 edges joined to the ground is searched in Python.

Parsing, printing, normalising and the fast paths run without recursion, so a stalk
or green tree of any depth is fine; generating a tree's options recurses once per
branch point above the chopped edge (never along a chain), far below the limit for
any tree small enough to search.

>>> HackenbushStalks("LLR").value, HackenbushStalks("LR,LR,R").value
(game('3/2'), game('0'))
>>> HackenbushStalks("GGG").value, HackenbushStalks("LG").value
(game('*3'), game('1*'))
>>> stalk_number("LRRL")
Dyadic('3/8')
>>> HackenbushTree("G(G,GG)").value, HackenbushTree("L(R,R)").value
(game('*4'), game('1/4'))
>>> HackenbushTree("L(R,G)").left_moves()
[HackenbushTree(''), HackenbushTree('LR')]
>>> HackenbushGraph("g-a:G a-b:G b-g:G").value     # a green triangle on the ground
game('*')
"""

from __future__ import annotations

import re
from typing import Iterable, Optional

from ..errors import RulesError, quoted
from ..numbers import Dyadic
from ..short.constants import nimber
from ..short.game import Game
from ..backend import rulesets as backend
from ..short.game import wrap_handle
from .base import StringPosition, native_value
from .solver import ComponentSolver

__all__ = [
    "HackenbushStalks",
    "HackenbushTree",
    "HackenbushGraph",
    "stalk_value",
    "stalk_number",
    "green_tree_nim",
    "parse_tree",
    "format_tree",
]

_COLOURS = {"L": "L", "B": "L", "R": "R", "G": "G"}
_VALUES: dict[str, Game] = {"": Game.of(0)}


def _parse_stalk(text: str, where: int, full: str) -> str:
    out = []
    for i, ch in enumerate(text):
        c = _COLOURS.get(ch.upper())
        if c is None:
            raise RulesError(
                f"Hackenbush: illegal character {ch!r} at column {where + i + 1} of {full!r}"
                " (allowed: L or B blue, R red, G green; stalks separated by ',')"
            )
        out.append(c)
    return "".join(out)


def stalk_value(stalk: str) -> Game:
    """The value of one stalk (``L``/``R``/``G`` only), each prefix solved once."""
    got = _VALUES.get(stalk)
    if got is not None:
        return got
    values = [Game.of(0)]
    for k in range(1, len(stalk) + 1):
        prefix = stalk[:k]
        v = _VALUES.get(prefix)
        if v is None:
            left = [values[i] for i in range(k) if stalk[i] != "R"]
            right = [values[i] for i in range(k) if stalk[i] != "L"]
            v = _VALUES[prefix] = Game.from_options(left, right)
        values.append(v)
    return values[-1]


def stalk_number(stalk: str) -> Dyadic:
    """The number a blue-red stalk equals, by Berlekamp's sign-expansion rule."""
    if "G" in stalk:
        raise RulesError(f"Hackenbush: stalk {quoted(stalk)} has a green edge, so it need not be a number")
    value = Dyadic(0)
    i = 0
    while i < len(stalk) and stalk[i] == stalk[0]:
        value += 1 if stalk[0] == "L" else -1
        i += 1
    step = Dyadic(1)
    for ch in stalk[i:]:
        step = step / 2
        value += step if ch == "L" else -step
    return value


class HackenbushStalks(
    StringPosition,
    name="hackenbush-stalks",
    summary="chop L/R/G edges of stalks",
    example="LRR,GG",
    aliases=("stalks",),
):
    """A position of Hackenbush stalks (immutable)."""

    __slots__ = ("stalks",)

    def _state(self) -> tuple:
        return self.stalks

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise RulesError(f"Hackenbush: a position is a string like 'LLR,GG', not {type(text).__name__}")
        stalks = []
        at = 0
        for part in text.strip().split(","):
            stalks.append(_parse_stalk(part.strip(), at, text))
            at += len(part) + 1
        self.stalks = tuple(s for s in stalks if s)

    @classmethod
    def _make(cls, stalks) -> "HackenbushStalks":
        p = object.__new__(cls)
        p.stalks = tuple(s for s in stalks if s)
        return p

    def __str__(self) -> str:
        return ",".join(self.stalks)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the stalks standing on the ground."""
        from .board_svg import hackenbush_svg  # (imported when first drawn)

        return hackenbush_svg([(d, c) for s in self.stalks for d, c in enumerate(s)], repr(self))

    def _moves(self, colours: str) -> list["HackenbushStalks"]:
        out = []
        for j, s in enumerate(self.stalks):
            for i, ch in enumerate(s):
                if ch in colours:
                    out.append(self._make(self.stalks[:j] + (s[:i],) + self.stalks[j + 1 :]))
        return out

    def left_moves(self) -> list["HackenbushStalks"]:
        """Left chops a blue or green edge (and everything above it)."""
        return self._moves("LG")

    def right_moves(self) -> list["HackenbushStalks"]:
        """Right chops a red or green edge."""
        return self._moves("RG")

    @property
    def value(self) -> Game:
        """The sum of the stalks: a blue-red stalk by the sign-expansion rule, a green
        stalk of n edges is ``*n``, a mixed stalk by its options (natively when the
        native search runs)."""
        got = backend.stalks_value(self.stalks)
        if got is not None:
            return wrap_handle(got)
        total = Game.of(0)
        for s in self.stalks:
            total = total + _stalk_fast(s)
        return total


def _stalk_fast(stalk: str) -> Game:
    """A stalk's value by the closed forms where they apply, else by its options."""
    if "G" not in stalk:
        return Game.of(stalk_number(stalk))
    if stalk.count("G") == len(stalk):
        return nimber(len(stalk))
    return stalk_value(stalk)


# --- trees ------------------------------------------------------------------------------
# A forest is kept as its edges in preorder: a tuple of (depth, colour), depth 0 for an
# edge on the ground.  An edge's subtree is the run after it of edges deeper than it.

Preorder = tuple[tuple[int, str], ...]


def _tree_error(text: str, i: int, what: str) -> RulesError:
    ch = text[i] if i < len(text) else "end of text"
    shown = repr(ch) if i < len(text) else ch
    return RulesError(f"Hackenbush tree: {what}: {shown} at column {i + 1} of {quoted(text, i + 1)}")


def parse_tree(text: str) -> Preorder:
    """The edges of a forest string in preorder, as ``(depth, colour)`` pairs.

    >>> parse_tree("L(R,GG),B")
    ((0, 'L'), (1, 'R'), (1, 'G'), (2, 'G'), (0, 'L'))
    >>> parse_tree("L(R,)")
    Traceback (most recent call last):
    ...
    cgtkit.errors.RulesError: Hackenbush tree: a branch is empty: ')' at column 5 of 'L(R,)'
    """
    if not isinstance(text, str):
        raise RulesError(f"Hackenbush: a position is a string like 'L(R,GG)', not {type(text).__name__}")
    edges: list[tuple[int, str]] = []
    opens: list[tuple[int, int]] = []  # (depth of the branches, column of '(')
    depth = 0
    prev = ","  # the previous significant character: ',' '(' ')' or a colour
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        c = _COLOURS.get(ch.upper())
        if c is not None:
            if prev == ")":
                raise _tree_error(text, i, "an edge cannot follow a closed group (branches go last)")
            edges.append((depth, c))
            depth += 1
            prev = c
        elif ch == "(":
            if prev not in "LRG":
                raise _tree_error(text, i, "a group of branches must follow an edge")
            opens.append((depth, i))
            prev = "("
        elif ch in ",)":
            if prev in ",(":
                raise _tree_error(text, i, "a branch is empty")
            if ch == ")":
                if not opens:
                    raise _tree_error(text, i, "unmatched ')'")
                opens.pop()
            depth = opens[-1][0] if opens else 0
            prev = ch
        else:
            raise _tree_error(text, i, "illegal character (allowed: L or B blue, R red, G green, ( , ))")
    if opens:
        raise _tree_error(text, opens[-1][1], "unclosed '('")
    if prev in ",(" and edges:
        raise _tree_error(text, len(text), "a branch is empty")
    return tuple(edges)


def _children(edges: Preorder) -> list[list[int]]:
    """For each edge, the indices of the edges standing on its top vertex; the last
    list is the ground's."""
    kids: list[list[int]] = [[] for _ in range(len(edges) + 1)]
    stack: list[int] = []
    for i, (d, _) in enumerate(edges):
        del stack[d:]
        kids[stack[-1] if stack else -1].append(i)
        stack.append(i)
    return kids


def format_tree(edges: Preorder) -> str:
    """The string of a forest given in preorder (the inverse of :func:`parse_tree`).

    >>> format_tree(parse_tree("L(R,G(G,G)),BB(R)"))
    'L(R,G(G,G)),LLR'
    """
    kids = _children(edges)
    out: list[str] = []
    stack: list[int] = []
    first = True
    for i, (d, c) in enumerate(edges):
        while len(stack) > d:
            if len(kids[stack.pop()]) > 1:
                out.append(")")
        parent = stack[-1] if stack else -1
        if parent == -1:
            if not first:
                out.append(",")
        elif len(kids[parent]) > 1:
            out.append("(" if kids[parent][0] == i else ",")
        first = False
        out.append(c)
        stack.append(i)
    while stack:
        if len(kids[stack.pop()]) > 1:
            out.append(")")
    return "".join(out)


def green_tree_nim(edges: Preorder) -> int:
    """The nim value of a green forest by the colon principle (no search): an edge
    with branches of nim values a, b, ... on top is worth ``1 + (a ^ b ^ ...)``, and
    the trees on the ground add like nim heaps.

    >>> green_tree_nim(parse_tree("G(G,GG)")), green_tree_nim(parse_tree("GG,G(G,G)"))
    (4, 3)
    """
    above = [0] * (len(edges) + 1)  # xor of the branch values on each edge's top vertex
    parent = _parents(edges)
    for i in range(len(edges) - 1, -1, -1):
        above[parent[i]] ^= 1 + above[i]
    return above[-1]


def _parents(edges: Preorder) -> list[int]:
    parent = []
    stack: list[int] = []
    for i, (d, _) in enumerate(edges):
        del stack[d:]
        parent.append(stack[-1] if stack else -1)
        stack.append(i)
    return parent


def _subtree_end(edges: Preorder, i: int) -> int:
    d = edges[i][0]
    j = i + 1
    while j < len(edges) and edges[j][0] > d:
        j += 1
    return j


# A tree component's normalised key: (chain, branches) with chain the colours of a run
# of edges up from the ground (or from a branch point) and branches a sorted tuple of
# keys, never exactly one (a single branch is merged into the chain).
TreeKey = tuple


# Keys nest one level per branch point, and Python compares and chops nested keys
# recursively: deeper trees get a clear error instead of a RecursionError.
MAX_BRANCH_NESTING = 300


def _tree_key(edges: Preorder) -> TreeKey:
    """The normalised key of one tree (its edges in preorder, the root first)."""
    kids = _children(edges)
    keys: list = [None] * len(edges)
    nesting = [0] * len(edges)
    for i in range(len(edges) - 1, -1, -1):
        ks = [keys[j] for j in kids[i]]
        nesting[i] = max((nesting[j] for j in kids[i]), default=0) + (len(ks) > 1)
        if nesting[i] > MAX_BRANCH_NESTING:
            raise RulesError(
                f"this Hackenbush tree has branch points nested more than {MAX_BRANCH_NESTING} "
                "deep (a branch on a branch on a branch ...); cgtkit values trees up to that depth"
            )
        c = edges[i][1]
        keys[i] = (c + ks[0][0], ks[0][1]) if len(ks) == 1 else (c, tuple(sorted(ks)))
    return keys[0]


def _join(chain: str, branches: list) -> Optional[TreeKey]:
    if not chain:
        return None
    if len(branches) == 1:
        return (chain + branches[0][0], branches[0][1])
    return (chain, tuple(sorted(branches)))


def _chops(key: TreeKey, colours: str) -> list[Optional[TreeKey]]:
    """The trees left after one chop of an edge of ``colours`` (None: nothing left).
    Recurses over branch points only, never along a chain."""
    chain, branches = key
    out: list[Optional[TreeKey]] = [(chain[:j], ()) if j else None for j, c in enumerate(chain) if c in colours]
    for i, b in enumerate(branches):
        rest = list(branches[:i] + branches[i + 1 :])
        for r in _chops(b, colours):
            out.append(_join(chain, rest + ([r] if r is not None else [])))
    return out


def _tree_expand(key: TreeKey):
    return tuple(tuple(() if r is None else (r,) for r in set(_chops(key, side))) for side in ("LG", "RG"))


TREES = ComponentSolver(_tree_expand)
TREE_TABLE = TREES.table


def _roots(edges: Preorder) -> list[Preorder]:
    starts = [i for i, (d, _) in enumerate(edges) if d == 0] + [len(edges)]
    return [edges[a:b] for a, b in zip(starts, starts[1:])]


def _tree_graph(edges: Preorder) -> list[Edge]:
    """A forest as graph edges: edge i joins vertex ``v{i}`` (its top) to its parent's
    top or the ground."""
    parent = _parents(edges)
    return [(GROUND if p < 0 else f"v{p}", f"v{i}", c) for i, (p, (_, c)) in enumerate(zip(parent, edges))]


# The native search keys trees of up to this many edges by their canonical form; a
# larger tree would be keyed there by its edges alone (no normalisation), so it is
# searched here, where it is normalised.
NATIVE_TREE_EDGES = 30


def tree_value(edges: Preorder, fast: bool = True) -> Game:
    """The value of a forest: each tree on the ground solved once (normalised) and
    summed; with ``fast`` a green tree goes by the colon principle, a chain (a
    stalk) by :func:`_stalk_fast`, and the other trees of at most
    ``NATIVE_TREE_EDGES`` edges by the native search (as one graph) when it runs."""
    TREE_TABLE.bound()
    total = Game.of(0)
    to_native: list[Preorder] = []
    for tree in _roots(edges):
        colours = {c for _, c in tree}
        if fast and colours == {"G"}:
            total = total + nimber(green_tree_nim(tree))
        elif fast and all(d == i for i, (d, _) in enumerate(tree)):
            total = total + _stalk_fast("".join(c for _, c in tree))
        elif fast and len(tree) <= NATIVE_TREE_EDGES and backend.active():
            to_native.append(tree)
        else:
            total = total + TREES.value(_tree_key(tree))
    if to_native:
        got = native_value(HackenbushGraph, _tree_graph(tuple(e for t in to_native for e in t)))
        if got is None:  # (the native search was switched off meanwhile)
            got = sum((TREES.value(_tree_key(t)) for t in to_native), Game.of(0))
        total = total + got
    return total


class HackenbushTree(
    StringPosition,
    name="hackenbush",
    summary="chop L/R/G edges of rooted trees, branches in parentheses",
    example="L(R,G),LR",
    native="hackenbush",
):
    """A Hackenbush position of rooted trees on the ground (immutable; branches kept
    in the order written)."""

    __slots__ = ("edges",)

    def _state(self) -> tuple:
        return self.edges

    def __init__(self, text: str) -> None:
        self.edges: Preorder = parse_tree(text)

    @classmethod
    def _make(cls, edges: Preorder) -> "HackenbushTree":
        p = object.__new__(cls)
        p.edges = edges
        return p

    def __str__(self) -> str:
        return format_tree(self.edges)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the trees standing on the ground."""
        from .board_svg import hackenbush_svg  # (imported when first drawn)

        return hackenbush_svg(self.edges, repr(self))

    def _moves(self, colours: str) -> list["HackenbushTree"]:
        e = self.edges
        return [self._make(e[:i] + e[_subtree_end(e, i) :]) for i, (_, c) in enumerate(e) if c in colours]

    def left_moves(self) -> list["HackenbushTree"]:
        """Left chops a blue or green edge; what stands on it falls (edges in preorder)."""
        return self._moves("LG")

    def right_moves(self) -> list["HackenbushTree"]:
        """Right chops a red or green edge."""
        return self._moves("RG")

    @property
    def value(self) -> Game:
        """The canonical value (fast paths for green trees and stalks)."""
        return tree_value(self.edges)

    def search_value(self) -> Game:
        """The value by the engine's search alone: the slow twin of :attr:`value`."""
        return tree_value(self.edges, fast=False)

    def to_graph(self) -> "HackenbushGraph":
        """The same position as a graph: edge i joins vertex ``v{i}`` (its top) to
        its parent's top or the ground."""
        return HackenbushGraph._make(_tree_graph(self.edges))


# --- graphs -------------------------------------------------------------------------------
GROUND = "g"
_EDGE = re.compile(r"([A-Za-z0-9_]+)-([A-Za-z0-9_]+):([A-Za-z])")
Edge = tuple[str, str, str]


def _parse_graph(text: str) -> tuple[Edge, ...]:
    if not isinstance(text, str):
        raise RulesError(f"Hackenbush: a graph is a string like 'g-a:L a-b:R', not {type(text).__name__}")
    edges = []
    for m in re.finditer(r"[^\s,]+", text):
        token = m.group()
        e = _EDGE.fullmatch(token)
        if e is None:
            bad = next((i for i, ch in enumerate(token) if not (ch.isalnum() or ch in "_-:")), None)
            if bad is not None:
                raise RulesError(
                    f"Hackenbush graph: illegal character {token[bad]!r} at column {m.start() + bad + 1} of {quoted(text, m.start() + bad + 1)}"
                )
            raise RulesError(
                f"Hackenbush graph: {quoted(token)} at column {m.start() + 1} of {quoted(text, m.start() + 1)} is not an edge u-v:C (e.g. g-a:L)"
            )
        c = _COLOURS.get(e.group(3).upper())
        if c is None:
            raise RulesError(
                f"Hackenbush graph: illegal colour {e.group(3)!r} at column {m.start() + e.start(3) + 1} of {quoted(text, m.start() + e.start(3) + 1)}"
                " (L or B blue, R red, G green)"
            )
        edges.append((e.group(1), e.group(2), c))
    return tuple(edges)


def _grounded(edges: Iterable[Edge]) -> list[Edge]:
    """The edges still joined to the ground, in their order."""
    edges = list(edges)
    reached = {GROUND}
    grew = True
    while grew:
        grew = False
        for u, v, _ in edges:
            if (u in reached) != (v in reached):
                reached.update((u, v))
                grew = True
    return [e for e in edges if e[0] in reached]


def _graph_components(edges: list[Edge]) -> list[tuple[Edge, ...]]:
    """Split grounded edges into parts that meet only at the ground; each part is a
    sorted tuple of edges with ``u <= v`` (its key)."""
    owner: dict[str, str] = {}

    def find(x: str) -> str:
        while owner.get(x, x) != x:
            x = owner[x]
        return x

    for u, v, _ in edges:
        if u != GROUND and v != GROUND:
            a, b = find(u), find(v)
            if a != b:
                owner[a] = b
    parts: dict[str, list[Edge]] = {}
    for u, v, c in edges:
        anchor = find(v if u == GROUND else u)
        parts.setdefault(anchor, []).append((min(u, v), max(u, v), c))
    return [tuple(sorted(p)) for p in parts.values()]


def _graph_expand(key: tuple[Edge, ...]):
    sides = []
    for colours in ("LG", "RG"):
        opts = set()
        for i, e in enumerate(key):
            if e[2] in colours:
                rest = _grounded(key[:i] + key[i + 1 :])
                opts.add(tuple(sorted(_graph_components(rest))))
        sides.append(tuple(opts))
    return tuple(sides)


GRAPHS = ComponentSolver(_graph_expand)
GRAPH_TABLE = GRAPHS.table


class HackenbushGraph(
    StringPosition,
    name="hackenbush-graph",
    summary="chop edges of a graph u-v:C with ground g",
    example="g-a:L a-b:R b-g:G",
    native="hackenbush",
):
    """A Hackenbush position on a graph with a ground (immutable; edges kept in the
    order written).  Edges not joined to the ground are dropped when parsed."""

    __slots__ = ("edges",)

    def _state(self) -> tuple:
        return self.edges

    def __init__(self, text: str) -> None:
        self.edges: tuple[Edge, ...] = tuple(_grounded(_parse_graph(text)))

    @classmethod
    def _make(cls, edges: Iterable[Edge]) -> "HackenbushGraph":
        p = object.__new__(cls)
        p.edges = tuple(_grounded(edges))
        return p

    def __str__(self) -> str:
        return " ".join(f"{u}-{v}:{c}" for u, v, c in self.edges)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture: the graph on the ground."""
        from .board_svg import hackenbush_graph_svg  # (imported when first drawn)

        return hackenbush_graph_svg(self.edges, repr(self), ground=GROUND)

    def _moves(self, colours: str) -> list["HackenbushGraph"]:
        e = self.edges
        return [self._make(e[:i] + e[i + 1 :]) for i, (_, _, c) in enumerate(e) if c in colours]

    def left_moves(self) -> list["HackenbushGraph"]:
        """Left chops a blue or green edge; edges cut off from the ground fall."""
        return self._moves("LG")

    def right_moves(self) -> list["HackenbushGraph"]:
        """Right chops a red or green edge."""
        return self._moves("RG")

    @property
    def value(self) -> Game:
        """The canonical value: the parts meeting only at the ground, each solved once
        (natively when the native search runs and each part has at most 64 edges)."""
        if self.edges:
            got = native_value(HackenbushGraph, self.edges)
            if got is not None:
                return got
        return GRAPHS.value_of(_graph_components(list(self.edges)))
