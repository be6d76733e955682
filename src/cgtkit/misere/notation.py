"""CGSuite's notation for misère canonical forms: :func:`format_misere` writes it,
:func:`read_misere` reads it.

A form is written ``*[...]``.  Inside the brackets a digit is a nim-heap (``&12;`` for
heaps past 9), a run of items lists the options (``*[42]`` is ``{*4, *2}``), ``( )``
groups the options of one option, ``#`` (or ``/``) after an item makes the game whose
only option it is (``*[2#]`` is ``{*2}``), and subscripts in ``[ ]`` after an item are
read left to right: a digit adds that nim-heap, ``#`` wraps again, ``-k`` subtracts
``*k``.  So ``*[2[2]]`` is ``*2 + *2``, ``*[2#0]`` is ``{{*2}, 0}``, ``*[2[#2#]]`` is
``{{*2} + *2}`` and ``*[2[#-2]]`` the game ``X`` with ``X + *2 = *[2#]``.  The printer
chooses, as CGSuite does: a nim-heap as its digit; else, trying ``k = 2, 4, ...``
(``3, 5, ...`` for an odd game), ``(G - *k)`` with subscript ``k`` when that difference
is born earlier than ``G``, or ``(G + *k)`` with subscript ``-k`` when that sum is;
else an odd game as its even part with subscript ``1``; else a single option with
``#``, or the options from last to first in canonical order.

The reader also takes CGSuite's list input: ``*[[2],0]`` (a list in brackets is the
game with those options; an integer in a list is a nim-heap and may have several
digits, ``*[12, 3]``), sums ``*[2#0] + *[2]``, ``*n``, ``*`` and ``0``.  A bracket body
with a comma, or starting with ``[`` or ``*``, is a list; any other is the compact form
above.  Malformed text raises :class:`~cgtkit.errors.NotationError` naming the
character and its column.  Neither the printer nor the reader recurses over the depth
of a form.

>>> from .canonical import from_options, nimber, add
>>> two = nimber(2)
>>> format_misere(from_options([from_options([two]), 0]))
'*[2#0]'
>>> format_misere(add(two, two)), format_misere(nimber(12))
('*[2[2]]', '*[&12;]')
>>> read_misere("*[2#0]") == read_misere("*[[2],0]") == from_options([from_options([two]), 0])
True
>>> read_misere("*[2#0")
Traceback (most recent call last):
...
cgtkit.errors.NotationError: '[' at column 2 is never closed
  *[2#0
   ^
"""

from __future__ import annotations

from ..errors import NotationError
from ._stack import Call, run
from .canonical import add, birthday, from_options, gplus, nim_heap_size, nimber, options

__all__ = ["format_misere", "read_misere"]


def _digit(n: int) -> str:
    return str(n) if n < 10 else f"&{n};"


# --- printing --------------------------------------------------------------------------------


def format_misere(g: int, parts: bool = True) -> str:
    """``g`` in CGSuite's notation (``parts=False``: never as a sum or difference with a
    nim-heap, only options, ``#`` and nim-heaps)."""
    out: list[str] = []
    flag = [False]
    run(_emit(g, parts, False, flag, out))
    if flag[0]:
        out.append("]")
    return "*[" + "".join(out) + "]"


def _nim_part(g: int, b: int) -> tuple[int, int, str] | None:
    """The least ``k`` (even for an even ``g``, odd for an odd one, ``2 <= k < b``) with
    ``G - *k`` or ``G + *k`` born before ``G``: ``(k, that game, "" or "-")``, the
    difference preferred at equal ``k``.

    Either game is an option of ``G``, so only the options are tried, each with the one
    ``k`` its normal-play value allows (the Grundy value of a sum is the nim-sum): if
    ``X + *k = G`` and ``X`` is born before ``G``, the option ``X + *0`` of the sum cannot
    reverse (that needs an option of ``X`` equal to ``G``); if ``S = G + *k`` is born
    before ``G``, the option ``G + *0`` of ``S`` is not in the canonical form of ``S``, so
    it reversed: ``G`` has an option equal to ``S``.
    """
    best: tuple[int, int, str] | None = None
    for o in options(g):
        k = gplus(g) ^ gplus(o)
        if k < 2 or (k ^ g) & 1 or k >= b or (best is not None and k > best[0]):
            continue
        heap = nimber(k)
        if add(o, heap) == g:
            best = (k, o, "")
        elif add(g, heap) == o and (best is None or k < best[0]):
            best = (k, o, "-")
    return best


def _emit(g: int, try_parts: bool, parens: bool, flag: list[bool], out: list[str]) -> Call:
    """Write ``g``; ``flag[0]`` is set when a subscript bracket has to be opened after
    the innermost base (it is closed by whoever created the flag)."""
    b = birthday(g)
    if nim_heap_size(g) is not None:
        out.append(_digit(b))
        if flag[0]:
            out.append("[")
        return
    if try_parts:
        found = _nim_part(g, b)
        if found is not None:
            k, base, sign = found
            flag[0] = True
            yield _emit(base, try_parts, True, flag, out)
            out.append(sign + _digit(k))
            return
        if g & 1:
            flag[0] = True
            yield _emit(g - 1, try_parts, True, flag, out)
            out.append("1")
            return
    opts = options(g)
    if len(opts) == 1:
        yield _emit(opts[0], try_parts, True, flag, out)
        out.append("#")
        return
    if parens:
        out.append("(")
    for o in reversed(opts):
        own = [False]
        yield _emit(o, try_parts, True, own, out)
        if own[0]:
            out.append("]")
    if parens:
        out.append(")")
    if flag[0]:
        out.append("[")


# --- reading ---------------------------------------------------------------------------------


def _show(ch: str) -> str:
    return f"'{ch}'" if ch.isprintable() and ch != "'" else repr(ch)


class _Frame:
    """An open group: the whole text or a '(' sum ("sum"), a list ("list"), a compact
    body or one of its '(' groups ("compact", "group")."""

    __slots__ = ("kind", "col", "total", "opts", "item", "has_item", "top")

    def __init__(self, kind: str, col: int, top: bool = False) -> None:
        self.kind = kind
        self.col = col  # 1-based column of the character that opened it
        self.total = 0  # a sum: the terms so far
        self.opts: list[int] = []  # a list or compact body: the options so far
        self.item: int | None = None  # the option being read
        self.has_item = False
        self.top = top  # a list or compact body that is a whole *[...]


class _Reader:
    """One loop over the text with an explicit stack of open groups."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.n = len(text)

    def fail(self, message: str, col: int) -> NotationError:
        return NotationError(message, self.text, col)

    def unexpected(self, i: int, why: str = "") -> NotationError:
        if i >= self.n:
            return self.fail(f"unexpected end of input{why}", self.n + 1)
        return self.fail(f"unexpected {_show(self.text[i])} at column {i + 1}{why}", i + 1)

    def never_closed(self, f: _Frame) -> NotationError:
        what = "[" if f.kind in ("list", "compact") else "("
        return self.fail(f"'{what}' at column {f.col} is never closed", f.col)

    def skip(self, i: int) -> int:
        while i < self.n and self.text[i].isspace():
            i += 1
        return i

    def heap(self, i: int) -> tuple[int, int]:
        """A nim-heap size written as one digit or ``&12;`` / ``&xC;`` at ``i``."""
        t = self.text
        if t[i].isdigit() and t[i].isascii():
            return int(t[i]), i + 1
        j = i + 1
        base = 10
        if j < self.n and t[j] in "xX":
            base, j = 16, j + 1
        k = j
        while k < self.n and t[k].isascii() and t[k].isalnum():
            k += 1
        if k >= self.n or t[k] != ";":
            raise self.fail(f"'&' at column {i + 1} starts a heap size not closed by ';' (write &12; for *12)", i + 1)
        try:
            value = int(t[j:k], base)
        except ValueError:
            raise self.fail(
                f"'{t[i : k + 1]}' at column {i + 1} is not a heap size (write &12; or &xC;)", i + 1
            ) from None
        return value, k + 1

    def difference(self, g: int, k: int, col: int) -> int:
        from .parts import minus

        d = minus(g, nimber(k))
        if d is None:
            shown = format_misere(g)
            raise self.fail(
                f"'-{_digit(k)}' at column {col}: *{k} is not a part of {shown} (no game X has X + *{k} = {shown})",
                col,
            )
        return d

    def is_list(self, j: int) -> bool:
        """Is the body starting at j (after '*[') CGSuite's list input?"""
        j = self.skip(j)
        if j < self.n and self.text[j] in "[*\u2217":
            return True
        depth = 0
        for k in range(j, self.n):
            c = self.text[k]
            if c in "[(":
                depth += 1
            elif c in "])":
                if depth == 0:
                    return False
                depth -= 1
            elif c == "," and depth == 0:
                return True
        return False

    def read(self) -> int:
        t = self.text
        if self.skip(0) >= self.n:
            raise self.fail("empty input: expected a misère game such as *[2#0], *[2] or 0", 1)
        stack = [_Frame("sum", 0, top=True)]
        i = 0
        while True:
            f = stack[-1]
            if f.kind in ("sum", "list"):
                i = self.skip(i)
            if i >= self.n:
                if f.kind == "sum" and f.top:
                    if not f.has_item:
                        raise self.unexpected(i, ": expected a game after '+'")
                    return f.total
                raise self.never_closed(f)
            c = t[i]
            if f.kind in ("compact", "group"):
                i = self.compact_step(stack, f, i)
                continue
            if c == "+":
                if not f.has_item:
                    raise self.unexpected(i, ": expected a game before '+'")
                f.has_item = False
                i += 1
                continue
            if f.has_item and c not in ")],":
                why = " (join games with +)" if f.kind == "sum" else " (separate options with ',')"
                raise self.unexpected(i, why)
            if c in "*\u2217":
                j = i + 1
                if j < self.n and t[j] == "[":
                    kind = "list" if self.is_list(j + 1) else "compact"
                    stack.append(_Frame(kind, j + 1, top=True))
                    i = j + 1
                    continue
                k = j
                while k < self.n and t[k].isdigit() and t[k].isascii():
                    k += 1
                value, i = nimber(int(t[j:k]) if k > j else 1), k
            elif c == "(" and f.kind == "sum":
                stack.append(_Frame("sum", i + 1))
                i += 1
                continue
            elif c == "[" and f.kind == "list":
                stack.append(_Frame("list", i + 1))
                i += 1
                continue
            elif c.isdigit() and c.isascii():
                k = i
                while k < self.n and t[k].isdigit() and t[k].isascii():
                    k += 1
                size = int(t[i:k])
                if f.kind == "sum" and size != 0:
                    raise self.fail(
                        f"'{t[i:k]}' at column {i + 1}: a misère game is written *[...], *{size} or 0", i + 1
                    )
                value, i = nimber(size), k
            elif c == "&" and f.kind == "list":
                size, i = self.heap(i)
                value = nimber(size)
            elif c == ")" and f.kind == "sum" and not f.top:
                if not f.has_item:
                    raise self.unexpected(i, ": expected a game")
                stack.pop()
                value, i = f.total, i + 1
                f = stack[-1]
            elif c in "],":
                if f.kind != "list":
                    raise self.unexpected(i)
                if not f.has_item:
                    if c == "," or f.opts:
                        raise self.fail(f"expected an option before '{c}' at column {i + 1}", i + 1)
                else:
                    f.opts.append(f.item)  # type: ignore[arg-type]
                f.item, f.has_item = None, False
                i += 1
                if c == ",":
                    continue
                stack.pop()
                value = f.opts[0] if f.top and len(f.opts) == 1 else from_options(f.opts)
                f = stack[-1]
            else:
                raise self.unexpected(i)
            self.deliver(f, value)

    @staticmethod
    def deliver(f: _Frame, value: int) -> None:
        """A finished game joins the open group ``f``."""
        if f.kind == "sum":
            f.total = add(f.total, value)
            f.has_item = True
        elif f.kind == "list":
            f.item = value if f.item is None else add(f.item, value)
            f.has_item = True
        else:
            if f.item is not None:
                f.opts.append(f.item)
            f.item = value

    def compact_step(self, stack: list[_Frame], f: _Frame, i: int) -> int:
        """Read one character of a compact body (or one subscript) at i."""
        t = self.text
        c = t[i]
        if c.isspace():
            return i + 1
        if c in "#/":
            if f.item is None:
                raise self.fail(f"'{c}' at column {i + 1} follows no game (write 2# for {{*2}})", i + 1)
            f.item = from_options([f.item])
            return i + 1
        if c == "[":
            if f.item is None:
                raise self.fail(f"'[' at column {i + 1} follows no game (a subscript comes after a heap or ')')", i + 1)
            f.item, i = self.subscript(f.item, i)
            return i
        if c.isdigit() and c.isascii() or c == "&":
            size, i = self.heap(i)
            self.deliver(f, nimber(size))
            return i
        if c == "(":
            if f.item is not None:
                f.opts.append(f.item)
                f.item = None
            stack.append(_Frame("group", i + 1))
            return i + 1
        closer = ")" if f.kind == "group" else "]"
        if c in ")]":
            if c != closer:
                if f.kind == "group":
                    raise self.never_closed(f)
                raise self.unexpected(i, " (no '(' is open)")
            if f.item is not None:
                f.opts.append(f.item)
                f.item = None
            if not f.opts:
                what, col, fix = ("()", f.col, "0") if f.kind == "group" else ("*[]", f.col - 1, "*[0]")
                raise self.fail(f"'{what}' at column {col} lists no options (write {fix} for the empty game)", col)
            value = f.opts[0] if len(f.opts) == 1 else from_options(f.opts)
            stack.pop()
            self.deliver(stack[-1], value)
            return i + 1
        raise self.unexpected(i)

    def subscript(self, g: int, i: int) -> tuple[int, int]:
        """Apply the subscript ``[...]`` at i to ``g``: a digit adds that nim-heap, '#'
        wraps, '-k' subtracts ``*k``."""
        t = self.text
        j = i + 1
        while True:
            if j >= self.n:
                raise self.fail(f"'[' at column {i + 1} is never closed", i + 1)
            c = t[j]
            if c == "]":
                if j == i + 1:
                    raise self.fail(f"empty subscript '[]' at column {i + 1}", i + 1)
                return g, j + 1
            if c in "#/":
                g = from_options([g])
                j += 1
            elif c.isdigit() and c.isascii() or c == "&":
                k, j = self.heap(j)
                g = add(g, nimber(k))
            elif c == "-":
                if j + 1 >= self.n or not (t[j + 1].isdigit() or t[j + 1] == "&"):
                    raise self.fail(f"'-' at column {j + 1} must be followed by a heap size, as in 2[#-2]", j + 1)
                k, nxt = self.heap(j + 1)
                g = self.difference(g, k, j + 1)
                j = nxt
            elif c.isspace():
                j += 1
            else:
                raise self.unexpected(j, " in a subscript (digits, '#' and '-k' only)")


def read_misere(text: str) -> int:
    """The misère canonical form (its id) that ``text`` denotes."""
    if not isinstance(text, str):
        raise TypeError(f"read_misere takes a string, not {type(text).__name__}")
    return _Reader(text).read()
