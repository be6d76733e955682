"""Loopy values written as CGSuite writes them: a stopper of the stopper table
(:mod:`cgtkit.loopy.store`), ``onside & offside``, and a game graph with named
nodes (``a{0|a}``).  The reader is :mod:`cgtkit.loopy.notation`.

>>> from cgtkit.loopy import loopy
>>> format_stopper(loopy("{0|pass}").vertex)
'over'
"""

from __future__ import annotations

from typing import Any, Callable, Generator

from ..numbers import Dyadic
from ..short.notation import format_game
from ..traverse import Step, run_steps
from . import store
from .graph import LoopyGraph

__all__ = ["format_stopper", "format_sided", "format_graph", "KEYWORDS"]

#: the names of loopy constants (and Tiny, Miny): a node is never named after one
KEYWORDS = {"on", "off", "dud", "over", "under", "upon", "pass", "tiny", "miny"}


def _num(v: int) -> Dyadic | None:
    g = store.game_of(v)
    return g.number if g is not None and g.is_number else None


def _numstar(v: int) -> Dyadic | None:
    """x when vertex v is the short game x + *."""
    g = store.game_of(v)
    if g is None or g.nus is None:
        return None
    x, ups, nim = g.nus
    return x if ups == 0 and nim == 1 else None


def _prefix(x: Dyadic) -> str:
    return "" if x == 0 else str(x)


def _upon_text(v: int) -> str | None:
    """upon by its name (as on and over are), x^[on], x^[on]*, xv[on], xv[on]* as
    CGSuite writes them."""
    left, right = store.options(v)
    if left == (v,) and len(right) == 1 and _numstar(right[0]) is not None:
        x = _numstar(right[0])
        return "upon" if x == 0 else _prefix(x) + "^[on]"
    if right == (v,) and len(left) == 1 and _numstar(left[0]) is not None:
        return _prefix(_numstar(left[0])) + "v[on]"
    if len(left) == 2 and v in left and len(right) == 1 and _num(right[0]) is not None:
        other = left[0] if left[1] == v else left[1]
        if other == right[0]:
            return _prefix(_num(other)) + "^[on]*"
    if len(right) == 2 and v in right and len(left) == 1 and _num(left[0]) is not None:
        other = right[0] if right[1] == v else right[1]
        if other == left[0]:
            return _prefix(_num(other)) + "v[on]*"
    return None


def _uponth_text(v: int) -> str | None:
    left, right = store.options(v)
    if len(right) == 1 and not store.is_short(right[0]) and len(left) in (1, 2):
        inner = _upon_text(right[0])
        xs = sorted((_num(x), x) for x in left if _num(x) is not None)
        if inner is not None and len(xs) == 1 and len(left) == 1:
            x = xs[0][0]
            if inner == _prefix(x) + "v[on]*":
                return _prefix(x) + "^<on>"
        if inner is not None and len(left) == 2 and len(xs) == 1:
            x = xs[0][0]
            other = left[0] if left[1] == xs[0][1] else left[1]
            if _numstar(other) == x and inner == _prefix(x) + "v[on]":
                return _prefix(x) + "^<on>*"
    if len(left) == 1 and not store.is_short(left[0]) and len(right) in (1, 2):
        inner = _upon_text(left[0])
        xs = [(_num(x), x) for x in right if _num(x) is not None]
        if inner is not None and len(right) == 1 and len(xs) == 1:
            x = xs[0][0]
            if inner == _prefix(x) + "^[on]*":
                return _prefix(x) + "v<on>"
        if inner is not None and len(right) == 2 and len(xs) == 1:
            x = xs[0][0]
            other = right[0] if right[1] == xs[0][1] else right[1]
            if _numstar(other) == x and inner == _prefix(x) + "^[on]":
                return _prefix(x) + "v<on>*"
    return None


def _negated_pseudonumber(p: store.Pseudonumber) -> str:
    if p.number is None:
        return "off" if p.tilt > 0 else "on"
    return str(store.Pseudonumber(-p.number, -p.tilt))


def _tiny_text(v: int) -> str | None:
    """Tiny(G) = {0||0|-G} and Miny(G) = {G|0||0} for a pseudonumber G that is loopy."""
    left, right = store.options(v)
    if left and len(left) == 1 and len(right) == 1 and _num(left[0]) == 0:
        w = right[0]
        wl, wr = store.options(w)
        if not store.is_short(w) and len(wl) == 1 and _num(wl[0]) == 0 and len(wr) == 1:
            p = store.pseudonumber(wr[0])
            if p is not None and not p.is_number:
                return f"Tiny({_negated_pseudonumber(p)})"
    if right and len(right) == 1 and len(left) == 1 and _num(right[0]) == 0:
        w = left[0]
        wl, wr = store.options(w)
        if not store.is_short(w) and len(wr) == 1 and _num(wr[0]) == 0 and len(wl) == 1:
            p = store.pseudonumber(wl[0])
            if p is not None and not p.is_number:
                return f"Miny({p})"
    return None


def _atom(v: int) -> str | None:
    """The text of a stopper vertex written without braces, if it has one."""
    g = store.game_of(v)
    if g is not None:
        return format_game(g)
    p = store.pseudonumber(v)
    if p is not None:
        return str(p)
    return _upon_text(v) or _uponth_text(v) or _tiny_text(v)


class _Node:
    __slots__ = ("key", "left", "right", "named", "name")

    def __init__(self, key: Any) -> None:
        self.key = key
        self.left: list = []
        self.right: list = []
        self.named = False
        self.name = ""


class _Ref:
    __slots__ = ("node",)

    def __init__(self, node: _Node) -> None:
        self.node = node


def _layout(root: Any, atom: Callable[[Any], str | None], opts: Callable[[Any], tuple]) -> Any:
    """The print tree of ``root``: atoms as strings, positions as nodes, a position met
    again while it is being written (or after it got a name) as a reference."""
    open_: dict = {}
    named: dict = {}

    def walk(key: Any) -> Step:
        text = atom(key)
        if text is not None:
            return text
        if key in open_:
            open_[key].named = True
            return _Ref(open_[key])
        if key in named:
            return _Ref(named[key])
        node = _Node(key)
        open_[key] = node
        left, right = opts(key)
        for side, out in ((left, node.left), (right, node.right)):
            for w in side:
                out.append((yield walk(w)))
        del open_[key]
        if node.named:
            named[key] = node
        return node

    def start() -> Step:
        return (yield walk(root))

    return run_steps(start())


def _short_bare(text: str) -> tuple[str, int] | None:
    """A short game's braces text without its outer braces and its top slash count."""
    if not (text.startswith("{") and text.endswith("}")):
        return None
    inner = text[1:-1]
    depth, best, run = 0, 0, 0
    for ch in inner:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "|" and depth == 0:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return inner, best


def _render(tree: Any) -> str:
    """Text of a print tree: names a, b, ... in order of appearance, CGSuite's slashes."""
    letters = iter(_names())

    def name_nodes() -> None:
        stack = [tree]
        while stack:
            x = stack.pop()
            if isinstance(x, _Node):
                if x.named and not x.name:
                    x.name = next(letters)
                stack.extend(reversed(x.left + x.right))

    name_nodes()

    def bare(x: Any) -> Step:
        """(text without outer braces, slash count) for a node that may stand alone."""
        sides = []
        count = 1
        for side in (x.left, x.right):
            if len(side) == 1:
                y = side[0]
                if isinstance(y, _Node) and not y.named:
                    text, k = yield bare(y)
                    if k < 4 and not (text.startswith("|") or text.endswith("|")):
                        # (an empty side would run its bar into this one's: {{|}|} is no {|||})
                        sides.append(text)
                        count = max(count, k + 1)
                        continue
                    sides.append("{" + text + "}")
                    continue
                if isinstance(y, str):
                    sb = _short_bare(y)
                    if sb is not None and sb[1] < 4 and not (sb[0].startswith("|") or sb[0].endswith("|")):
                        sides.append(sb[0])
                        count = max(count, sb[1] + 1)
                        continue
            texts = []
            for y in side:
                texts.append((yield braced(y)))
            sides.append(",".join(texts))
        return sides[0] + "|" * count + sides[1], count

    def braced(x: Any) -> Step:
        if isinstance(x, str):
            return x
        if isinstance(x, _Ref):
            return x.node.name
        text, _ = yield bare(x)
        return (x.name if x.named else "") + "{" + text + "}"

    return run_steps(braced(tree))


def _names() -> Generator[str, None, None]:
    n = 0
    while True:
        k, s = n, ""
        while True:
            s = chr(ord("a") + k % 26) + s
            k = k // 26 - 1
            if k < 0:
                break
        n += 1
        if s not in ("v",) and s not in KEYWORDS:
            yield s


def _order(vs: tuple) -> list[int]:
    """Options in print order: short games first (numbers, then the rest), then loopy."""

    def key(v: int) -> tuple:
        g = store.game_of(v)
        if g is None:
            return (2, 0, 0, v)
        if g.is_number:
            return (0, 0, g.number, v)
        return (1, g.birthday, 0, v)

    return sorted(vs, key=key)


def format_stopper(v: int) -> str:
    """The CGSuite text of the stopper-table vertex ``v`` (``str`` of a Stopper)."""

    def opts(u: int) -> tuple:
        left, right = store.options(u)
        return _order(left), _order(right)

    return _render(_layout(v, _atom, opts))


def format_sided(on: int, off: int) -> str:
    """``onside & offside`` (``dud`` for ``on & off``)."""
    if store.pseudonumber(on) == store.ON and store.pseudonumber(off) == store.OFF:
        return "dud"
    return f"{format_stopper(on)} & {format_stopper(off)}"


def format_graph(graph: LoopyGraph, known: dict) -> str:
    """A game graph with named nodes, its stopper vertices written canonically."""

    def atom(u: int) -> str | None:
        if u in known:
            return format_stopper(known[u])
        if u in graph.fixed:
            return format_stopper(graph.fixed[u])
        return None

    def opts(u: int) -> tuple:
        return graph.left[u], graph.right[u]

    return _render(_layout(graph.start, atom, opts))
