"""CGSuite notation for loopy games: :func:`loopy` reads it (:mod:`cgtkit.loopy.printing`
writes it).

Read (everything the short reader takes, and):

* ``pass`` as an option: the game itself (``{pass|}`` is ``on``, ``{0|pass}`` is ``over``);
* named nodes: ``a{0|a}`` names a position ``a`` that options may return to, anywhere
  in the text (``a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}``);
* the constants ``on = {pass|}``, ``off = {|pass}``, ``dud = {pass|pass}``,
  ``over = {0|pass}``, ``under = {pass|0}``, ``upon = {pass|*}``;
* ``^[on]`` (= upon), ``v[on]``, ``^<on>`` (= {0||0|0,pass}), ``v<on>``, each with an
  optional ``*``, a number before any of them or before ``over``/``under``/``on``/``off``
  (``5over``, ``-1/4v[on]``: a leading minus negates the number part only),
  ``Tiny(G)``, ``Miny(G)``, ``+-G`` for loopy ``G``;
* sums and differences ``on + {0|pass}``, and at the top only, ``S & T``, the sided value
  with onside ``S`` and offside ``T`` (both stoppers).

Written: a canonical stopper prints as CGSuite prints it where this printer knows the
form (short games exactly as :func:`cgtkit.short.notation.format_game`; ``on``,
``off``, ``over``, ``under``, ``5over``, ``3/2under``, ``upon``, ``1^[on]``, ``^[on]*``, ``v[on]``,
``v[on]*``, ``^<on>``, ``v<on>`` with their starred forms and a number before them,
``Tiny(on)``, ``Miny(over)``...); anything else as braces with CGSuite's slashes and
named nodes ``a``, ``b``, ... where play returns.  Not written: ``+-`` of a loopy game
(its braces are written instead), ``^[x]``/``^<x>`` for loopy ``x`` other than ``on``,
and option order may differ from CGSuite's for loopy options (short options first).

>>> print(loopy("{pass|}"), loopy("{0|pass}"), loopy("over + 5"), loopy("{pass|3/2}"), loopy("{pass|*}"))
on over 5over 3/2under upon
>>> print(loopy("x{0||||0|||x|*||*}"), loopy("a{1||a|0}"))
a{0||||0|||a|*||*} 2 & +-1
>>> print(loopy("[{pass|*}"))
Traceback (most recent call last):
...
cgtkit.errors.NotationError: unexpected character '[' at column 1
  [{pass|*}
  ^
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import NotationError
from ..hooks import provides
from ..short.game import Game
from ..short.notation import game as short_game
from ..traverse import Step, run_steps
from . import store
from .graph import LoopyGraph
from .printing import KEYWORDS as _KEYWORDS
from .values import LoopyValue, SidedValue, Stopper, as_loopy, value_of

__all__ = ["loopy", "has_loopy_syntax", "MAX_DEPTH"]

#: braces and parentheses may nest this deep in a loopy text
MAX_DEPTH = 120

_LOOPY_WORDS = re.compile(r"(?<![A-Za-z])(on|off|dud|over|under|upon|pass)(?![A-Za-z])|[\[<]on[\]>]|&|[A-Za-z]\s*\{")


def has_loopy_syntax(text: str) -> bool:
    """Whether ``text`` uses anything only loopy games have (``pass``, ``on``, a named
    node, ``&``, ...); the value command reads such text with :func:`loopy`.

    >>> has_loopy_syntax("{1|*} + ^"), has_loopy_syntax("on + {0|pass}"), has_loopy_syntax("Tiny(2)")
    (False, True, False)
    """
    return _LOOPY_WORDS.search(text) is not None


# --------------------------------------------------------------------------------------
# tokens
# --------------------------------------------------------------------------------------
_NUS = re.compile(
    r"(?:\d+(?:/\d+)?)?"
    r"(?:(?:\^|v)(?:<\d+>|\[\d+\])|(?:\^+\d*|v+\d*|[\u2191\u2193\u21d1\u21d3]+\d*)(?![\[<]on[\]>]))?"
    r"(?:[*\u2217]\d*)?"
)
_UPON = re.compile(r"(\^|v)(\[on\]|<on>)([*\u2217])?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


class _Tok:
    __slots__ = ("kind", "value", "col")

    def __init__(self, kind: str, value: Any, col: int) -> None:
        self.kind = kind  # atom, upon, word, bar, op, ( ) { } , & end
        self.value = value
        self.col = col


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i, n = 0, len(text)
    while True:
        while i < n and text[i].isspace():
            i += 1
        if i >= n:
            out.append(_Tok("end", None, n + 1))
            return out
        ch = text[i]
        col = i + 1
        m = _UPON.match(text, i)
        if m:
            out.append(_Tok("upon", (m.group(1), m.group(2), bool(m.group(3))), col))
            i = m.end()
            continue
        m = _WORD.match(text, i)
        if m and not re.fullmatch(r"v+\d*", m.group()):
            out.append(_Tok("word", m.group(), col))
            i = m.end()
            continue
        m = _NUS.match(text, i)
        if m and m.end() > i:
            try:
                g = short_game(m.group())
            except NotationError as exc:
                raise NotationError(
                    f"{str(exc).splitlines()[0]} (in {m.group()!r} at column {col})", text, col
                ) from None
            out.append(_Tok("atom", (g, m.group()), col))
            i = m.end()
            continue
        if ch in "{}(),&":
            out.append(_Tok(ch, None, col))
            i += 1
        elif ch == "|":
            j = i
            while j < n and text[j] == "|":
                j += 1
            out.append(_Tok("bar", j - i, col))
            i = j
        elif ch == "+" and i + 1 < n and text[i + 1] in "-\u2212":
            out.append(_Tok("op", "+-", col))
            i += 2
        elif ch == "\u00b1":
            out.append(_Tok("op", "+-", col))
            i += 1
        elif ch in "+-\u2212":
            out.append(_Tok("op", "+" if ch == "+" else "-", col))
            i += 1
        else:
            shown = f"'{ch}'" if ch.isprintable() and ch != "'" else repr(ch)
            raise NotationError(f"unexpected character {shown} at column {col}", text, col)


# --------------------------------------------------------------------------------------
# syntax tree: tuples (kind, col, ...)
# --------------------------------------------------------------------------------------
class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokens(text)
        self.i = 0
        self.depth = 0

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self) -> _Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def fail(self, message: str, col: int) -> NotationError:
        return NotationError(message, self.text, col)

    def unexpected(self, t: _Tok) -> NotationError:
        if t.kind == "end":
            return self.fail(f"the text ends too early (column {t.col})", t.col)
        shown = "|" * (t.value or 1) if t.kind == "bar" else t.value if t.kind in ("word", "op") else t.kind
        if t.kind in ("atom", "upon"):
            shown = "a game"
        return self.fail(
            f"unexpected {shown!r} at column {t.col}" if t.kind != "atom" else f"unexpected game at column {t.col}",
            t.col,
        )

    def top(self) -> tuple:
        e = self.sided()
        t = self.peek()
        if t.kind != "end":
            raise self.unexpected(t)
        return e

    def sided(self) -> tuple:
        """``S`` or ``S & T``: the whole text, an option, or the inside of parentheses
        (``&`` binds loosest: ``1 + on & 0`` is ``(1 + on) & 0``)."""
        e = self.sum()
        t = self.peek()
        if t.kind == "&":
            self.take()
            e = ("sided", t.col, e, self.sum())
            again = self.peek()
            if again.kind == "&":
                raise self.fail(f"a second '&' at column {again.col}: write one 'onside & offside'", again.col)
        return e

    def sum(self) -> tuple:
        e = self.signed()
        while True:
            t = self.peek()
            if t.kind != "op":
                return e
            self.take()
            if self.peek().kind == "op":  # a signed term after the operator: 1 + -2
                f = self.signed()
            else:
                f = self.term(negate_number=(t.value == "-"))
                if f[0] == "numjux":
                    e = ("add", t.col, e, f[2] if t.value != "+-" else ("pm", t.col, f[2]))
                    continue
            if t.value == "+":
                e = ("add", t.col, e, f)
            elif t.value == "-":
                e = ("add", t.col, e, ("neg", t.col, f))
            else:
                e = ("add", t.col, e, ("pm", t.col, f))

    def signed(self) -> tuple:
        """A term with an optional sign before it (``-1/2v`` is ``(-1/2) + v``)."""
        t = self.peek()
        if t.kind == "op" and t.value in ("-", "+-"):
            self.take()
            atom = self.peek().kind == "atom"
            e = self.term(negate_number=(t.value == "-"))
            if e[0] == "numjux":
                return e[2]
            if (
                t.value == "-"
                and atom
                and e[0] == "short"
                and e[2].nus is not None
                and e[2].nus[0] != 0
                and not e[2].is_number
            ):
                x = Game.of(e[2].nus[0])  # the NUS atom's number part, negated alone
                return ("short", e[1], e[2] - x - x)
            return ("neg", t.col, e) if t.value == "-" else ("pm", t.col, e)
        if t.kind == "op" and t.value == "+":
            self.take()
        return self.term()

    def term(self, negate_number: bool = False) -> tuple:
        """Atoms written next to each other add up (``5over``, ``1/2^[on]*``); with
        ``negate_number`` a leading number atom followed by more is negated alone."""
        first = self.atom()
        parts = [first]
        while self.peek().kind in ("atom", "upon", "word", "{", "(") and not (
            self.peek().kind == "word" and self.peek().value == "pass"
        ):
            parts.append(self.atom())
        if len(parts) == 1:
            return first
        if negate_number and first[0] == "short" and first[2].is_number:
            parts[0] = ("short", first[1], -first[2])
            e = parts[0]
            for p in parts[1:]:
                e = ("add", p[1], e, p)
            return ("numjux", first[1], e)
        e = parts[0]
        for p in parts[1:]:
            e = ("add", p[1], e, p)
        return e

    def atom(self) -> tuple:
        t = self.take()
        if t.kind == "atom":
            return ("short", t.col, t.value[0])
        if t.kind == "upon":
            return ("upon", t.col, t.value)
        if t.kind == "(":
            self.enter(t)
            e = self.sided()
            close = self.take()
            if close.kind != ")":
                raise self.fail(
                    f"'(' at column {t.col} is never closed (found {self._what(close)} at column {close.col})",
                    close.col,
                )
            self.depth -= 1
            return e
        if t.kind == "{":
            return self.braces(t, None)
        if t.kind == "word":
            word = t.value
            low = word.lower()
            if low == "pass":
                raise self.fail(
                    f"unexpected 'pass' at column {t.col}: pass is an option of the braces it stands in", t.col
                )
            if low in ("tiny", "miny") and self.peek().kind == "(":
                open_ = self.take()
                self.enter(open_)
                e = self.sided()
                close = self.take()
                if close.kind != ")":
                    raise self.fail(f"'(' at column {open_.col} is never closed", close.col)
                self.depth -= 1
                return (low, t.col, e)
            if low in _KEYWORDS:
                return ("const", t.col, low)
            if self.peek().kind == "{":
                return self.braces(self.take(), (word, t.col))
            return ("ref", t.col, word)
        raise self.unexpected(t)

    @staticmethod
    def _what(t: _Tok) -> str:
        return "the end" if t.kind == "end" else repr(t.kind if t.kind not in ("word", "op") else t.value)

    def enter(self, t: _Tok) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"nested more than {MAX_DEPTH} deep at column {t.col}", t.col)

    def braces(self, open_: _Tok, label: tuple | None) -> tuple:
        self.enter(open_)
        items: list = []  # ("opt", ast) | ("pass", col) | ("bar", count, col) | (",", col)
        while True:
            t = self.peek()
            if t.kind == "}":
                self.take()
                break
            if t.kind == "end":
                raise self.fail(f"'{{' at column {open_.col} is never closed", t.col)
            if t.kind == "bar":
                self.take()
                items.append(("bar", t.value, t.col))
            elif t.kind == ",":
                self.take()
                items.append((",", t.col))
            elif t.kind == "word" and t.value == "pass":
                self.take()
                items.append(("pass", t.col))
            else:
                items.append(("opt", self.sided()))
        self.depth -= 1
        if not any(x[0] == "bar" for x in items):
            raise self.fail(
                f"the braces at column {open_.col} have no '|' between Left's and Right's options", open_.col
            )
        return ("braces", open_.col, label, self.split(items, open_.col))

    def split(self, items: list, col: int) -> tuple:
        """(left options, right options) of a brace body, the longest bar splitting first."""
        bars = [x for x in items if x[0] == "bar"]
        top = max(b[1] for b in bars)
        at = [k for k, x in enumerate(items) if x[0] == "bar" and x[1] == top]
        if len(at) > 1:
            a, b = items[at[0]], items[at[1]]
            raise self.fail(
                f"ambiguous slashes: '{'|' * top}' at column {b[2]} is at the same level as the one at column {a[2]}",
                b[2],
            )
        k = at[0]
        return self.side(items[:k], col), self.side(items[k + 1 :], col)

    def side(self, items: list, col: int) -> list:
        if any(x[0] == "bar" for x in items):
            return [("braces", col, None, self.split(items, col))]
        out = []
        expect_option = True
        for x in items:
            if x[0] == ",":
                if expect_option:
                    raise self.fail(f"an empty option before ',' at column {x[1]}", x[1])
                expect_option = True
            else:
                if not expect_option:
                    where = x[1][1] if x[0] == "opt" else x[1]
                    raise self.fail(f"a ',' is missing before column {where}", where)
                out.append(x[1] if x[0] == "opt" else ("pass", x[1]))
                expect_option = False
        if out and expect_option:
            last = [x for x in items if x[0] == ","][-1]
            raise self.fail(f"an option is missing after ',' at column {last[1]}", last[1])
        return out


# --------------------------------------------------------------------------------------
# building the graph
# --------------------------------------------------------------------------------------
def _constant(name: str) -> int:
    """The table vertex of a named stopper constant."""
    zero = store.short_id(Game.of(0))
    star = store.short_id(Game.from_options([0], [0]))
    if name == "on":
        return store.canonical_batch([[-1]], [[]])[0]
    if name == "off":
        return store.canonical_batch([[]], [[-1]])[0]
    if name == "over":
        return store.canonical_batch([[zero]], [[-1]])[0]
    if name == "under":
        return store.canonical_batch([[-1]], [[zero]])[0]
    if name == "upon":
        return store.canonical_batch([[-1]], [[star]])[0]
    raise KeyError(name)


class _Builder:
    def __init__(self, text: str) -> None:
        self.text = text
        self.left: list[list[int]] = []
        self.right: list[list[int]] = []
        self.fixed: dict[int, int] = {}
        self.table: dict[int, int] = {}  # table vertex -> builder vertex
        self.labels: dict[str, int] = {}
        self.pending: dict[int, tuple] = {}  # builder vertex -> sum/neg node to compute later
        self.done: set = set()

    def fail(self, message: str, col: int) -> NotationError:
        return NotationError(message, self.text, col)

    def vertex(self) -> int:
        self.left.append([])
        self.right.append([])
        return len(self.left) - 1

    def of_table(self, t: int) -> int:
        v = self.table.get(t)
        if v is None:
            v = self.vertex()
            self.fixed[v] = t
            self.table[t] = v
        return v

    def declare(self, node: tuple) -> None:
        """Give every named node its vertex first, so references may come before."""
        stack = [node]
        while stack:
            e = stack.pop()
            kind = e[0]
            if kind == "braces":
                label = e[2]
                if label is not None:
                    name, col = label
                    if name in self.labels:
                        raise self.fail(f"the node name {name!r} at column {col} is defined twice", col)
                    self.labels[name] = self.vertex()
                for side in e[3]:
                    stack.extend(side)
            elif kind in ("add", "sided"):
                stack.extend([e[2], e[3]])
            elif kind in ("neg", "pm", "tiny", "miny"):
                stack.append(e[2])

    def build(self, e: tuple, self_vertex: int | None = None) -> int:
        kind, col = e[0], e[1]
        if kind == "short":
            return self.of_table(store.short_id(e[2]))
        if kind == "const":
            if e[2] == "dud":
                v = self.vertex()
                self.left[v].append(v)
                self.right[v].append(v)
                return v
            if e[2] in ("tiny", "miny"):
                raise self.fail(f"{e[2].capitalize()} needs an argument, e.g. Tiny(on), at column {col}", col)
            if e[2] == "pass":  # pragma: no cover - the parser stops it
                raise self.fail(f"unexpected 'pass' at column {col}", col)
            return self.of_table(_constant(e[2]))
        if kind == "upon":
            return self.upon(*e[2])
        if kind == "pass":
            if self_vertex is None:  # pragma: no cover - only options are passes
                raise self.fail(f"unexpected 'pass' at column {col}", col)
            return self_vertex
        if kind == "ref":
            v = self.labels.get(e[2])
            if v is None:
                raise self.fail(f"unknown name {e[2]!r} at column {col} (no node {e[2]}{{...}} defines it)", col)
            return v
        if kind == "braces":
            v = self.labels[e[2][0]] if e[2] is not None else self.vertex()
            for side, out in ((e[3][0], self.left), (e[3][1], self.right)):
                out[v].extend(self.build(o, v) for o in side)
            return v
        if kind in ("tiny", "miny"):
            g = self.build(e[2])
            zero = self.of_table(store.short_id(Game.of(0)))
            inner, outer = self.vertex(), self.vertex()
            if kind == "tiny":  # {0 || 0 | -G}
                ng = self.later(("neg", col, None), [g])
                self.left[inner], self.right[inner] = [zero], [ng]
                self.left[outer], self.right[outer] = [zero], [inner]
            else:  # {G | 0 || 0}
                self.left[inner], self.right[inner] = [g], [zero]
                self.left[outer], self.right[outer] = [inner], [zero]
            return outer
        if kind == "pm":
            g = self.build(e[2])
            v = self.vertex()
            self.left[v] = [g]
            self.right[v] = [self.later(("neg", col, None), [g])]
            return v
        if kind == "neg":
            return self.later(e, [self.build(e[2])])
        if kind == "add":
            return self.later(e, [self.build(e[2]), self.build(e[3])])
        raise AssertionError(kind)  # pragma: no cover - loopy() splits "sided" first

    def upon(self, arrow: str, shape: str, star: bool) -> int:
        """^[on] {pass|*}, ^[on]* {0,pass|0}, ^<on> {0||0|0,pass}, ^<on>* {0,*||*|pass}; v the negatives."""
        zero = store.short_id(Game.of(0))
        st = store.short_id(Game.from_options([0], [0]))
        if shape == "[on]":
            t = (
                store.canonical_batch([[-1]], [[st]])[0]
                if not star
                else store.canonical_batch([[zero, -1]], [[zero]])[0]
            )
        else:
            if not star:  # {0 | w}, w = {0 | 0, w}
                t = store.canonical_batch([[zero], [zero]], [[-2], [zero, -2]])[0]
            else:  # {0, * | w}, w = {* | w}
                t = store.canonical_batch([[zero, st], [st]], [[-2], [-2]])[0]
        if arrow == "v":
            t = store.negate(t)
        return self.of_table(t)

    def later(self, e: tuple, operands: list[int]) -> int:
        v = self.vertex()
        self.pending[v] = (e, operands)
        return v

    def finish(self) -> None:
        """Compute the pending sums and negatives, innermost first."""
        order = sorted(self.pending)
        for v in order:
            self.compute(v, set())

    def compute(self, v: int, busy: set) -> None:
        if v in self.done:
            return
        e, operands = self.pending[v]
        col = e[1]
        busy.add(v)
        for w in self.reach(operands):
            if w in self.pending and w not in self.done:
                if w in busy:
                    raise self.fail(
                        f"the {'sum' if e[0] == 'add' else 'negative'} at column {col} contains a position that leads back to it; "
                        "name the node and write the sum's options out instead",
                        col,
                    )
                self.compute(w, busy)
        if e[0] == "add":
            self.product(v, operands[0], operands[1])
        else:
            self.negative(v, operands[0])
        self.done.add(v)
        busy.discard(v)

    def reach(self, roots: list[int]) -> list[int]:
        seen = dict.fromkeys(roots)
        stack = list(roots)
        while stack:
            u = stack.pop()
            if u in self.pending and u not in self.done:
                continue
            for w in self.left[u] + self.right[u]:
                if w not in seen:
                    seen[w] = None
                    stack.append(w)
        return list(seen)

    def options(self, u: int) -> tuple[list[int], list[int]]:
        if u in self.fixed:
            lo, ro = store.options(self.fixed[u])
            return [self.of_table(x) for x in lo], [self.of_table(x) for x in ro]
        return self.left[u], self.right[u]

    def product(self, v: int, a: int, b: int) -> None:
        index: dict = {}
        todo = [(a, b)]
        index[(a, b)] = v
        while todo:
            x, y = todo.pop()
            u = index[(x, y)]
            fx, fy = self.fixed.get(x), self.fixed.get(y)
            if fx is not None and fy is not None and store.is_short(fx) and store.is_short(fy):
                t = store.short_id(store.game_of(fx) + store.game_of(fy))
                if u == v:
                    self.left[v], self.right[v] = [self.of_table(t)], []
                    self.left[v], self.right[v] = self.options(self.of_table(t))
                else:
                    self.fixed[u] = t
                continue
            lx, rx = self.options(x)
            ly, ry = self.options(y)
            rows = []
            for moves in ((lx, ly), (rx, ry)):
                row = []
                for w in moves[0]:
                    row.append(self._pair(index, todo, w, y))
                for w in moves[1]:
                    row.append(self._pair(index, todo, x, w))
                rows.append(row)
            self.left[u], self.right[u] = rows

    def _pair(self, index: dict, todo: list, x: int, y: int) -> int:
        u = index.get((x, y))
        if u is None:
            u = index[(x, y)] = self.vertex()
            todo.append((x, y))
        return u

    def negative(self, v: int, a: int) -> None:
        index = {a: v}
        todo = [a]
        while todo:
            x = todo.pop()
            u = index[x]
            if x in self.fixed:
                t = store.negate(self.fixed[x])
                if u == v:
                    self.left[v], self.right[v] = self.options(self.of_table(t))
                else:
                    self.fixed[u] = t
                continue
            rows = []
            for moves in (self.right[x], self.left[x]):
                row = []
                for w in moves:
                    j = index.get(w)
                    if j is None:
                        j = index[w] = self.vertex()
                        todo.append(w)
                    row.append(j)
                rows.append(row)
            self.left[u], self.right[u] = rows

    def graph(self, root: int) -> LoopyGraph:
        return LoopyGraph(self.left, self.right, root, self.fixed)


@provides("loopy.read")
def loopy(text: Any):
    """The value of a loopy game written in CGSuite notation: a
    :class:`~cgtkit.loopy.values.Stopper`, a :class:`~cgtkit.loopy.values.SidedValue`,
    or a :class:`~cgtkit.loopy.values.LoopyValue` (sides that are not stoppers).  Short
    games, ints and Dyadics are accepted too (:func:`cgtkit.game` reads every value,
    and gives a short one as a :class:`~cgtkit.short.game.Game`).

    ``S & T`` may stand anywhere a game may (as CGSuite reads a sided value among
    options): the onside of the whole is read with every ``S & T`` replaced by the
    onside of ``S`` (the offside of ``T`` where it stands negated), the offside with
    the offside of ``T``.

    >>> loopy("on + {0|pass}"), loopy("{pass|pass}"), loopy("over & v")
    (on, dud, over & v)
    >>> loopy("{2&-2|1&-2}"), loopy("(on & 0) + 1")
    ({2|1} & -2*, on & 1)
    """
    if not isinstance(text, str):
        return as_loopy(text)
    tree = _Parser(text).top()
    first = _first_sided(tree)
    if first is None:
        return _evaluate(text, tree)
    on = _side(_evaluate(text, run_steps(_one_side(tree, True))), True)
    off = _side(_evaluate(text, run_steps(_one_side(tree, False))), False)
    return _sided_value(text, on, off, first)


def _first_sided(tree: tuple) -> int | None:
    """The column of the first ``&`` in the syntax tree, or None."""
    found = None
    stack = [tree]
    while stack:
        e = stack.pop()
        kind = e[0]
        if kind == "sided":
            found = e[1] if found is None else min(found, e[1])
            stack.extend([e[2], e[3]])
        elif kind == "add":
            stack.extend([e[2], e[3]])
        elif kind in ("neg", "pm", "tiny", "miny"):
            stack.append(e[2])
        elif kind == "braces":
            for side in e[3]:
                stack.extend(side)
    return found


def _one_side(e: tuple, onside: bool) -> Step:
    """The syntax tree of one side: each ``S & T`` replaced by ``S`` (``onside``) or
    ``T``, the other one where it stands negated (``-(S & T)`` is ``-T & -S``)."""
    kind = e[0]
    if kind == "sided":
        return (yield _one_side(e[2] if onside else e[3], onside))
    if kind in ("neg", "tiny"):  # Tiny(G) = {0||0|-G}: G stands negated
        return (kind, e[1], (yield _one_side(e[2], not onside)))
    if kind == "miny":
        return (kind, e[1], (yield _one_side(e[2], onside)))
    if kind == "pm":  # +-G = {G|-G}: each option takes its own side of G
        if _first_sided(e[2]) is None:
            return e
        left = yield _one_side(e[2], onside)
        right = yield _one_side(e[2], not onside)
        return ("braces", e[1], None, ([left], [("neg", e[1], right)]))
    if kind == "add":
        return (kind, e[1], (yield _one_side(e[2], onside)), (yield _one_side(e[3], onside)))
    if kind == "braces":
        sides = []
        for side in e[3]:
            options = []
            for o in side:
                options.append((yield _one_side(o, onside)))
            sides.append(options)
        return (kind, e[1], e[2], tuple(sides))
    return e


def _side(value: Any, onside: bool) -> Any:
    """The onside (or offside) of a value read from one side's tree."""
    if isinstance(value, Stopper):
        return value
    side = value.onside if onside else value.offside
    return side if side is not None else value


def _sided_value(text: str, on: Any, off: Any, col: int) -> Any:
    """``on & off``: a stopper when the sides are equal, a sided value when both are
    stoppers (onside >= offside, else a NotationError at the ``&`` of column ``col``),
    else a :class:`~cgtkit.loopy.values.LoopyValue` of the two simplified sides."""
    if isinstance(on, Stopper) and isinstance(off, Stopper):
        if not on >= off:
            raise NotationError(f"the onside {on} must be >= the offside {off} ('&' at column {col})", text, col)
        return on if on == off else SidedValue(on, off)
    return LoopyValue.of_sides(on, off)


def _evaluate(text: str, tree: tuple):
    b = _Builder(text)
    b.declare(tree)
    root = b.build(tree)
    b.finish()
    return value_of(b.graph(root))
