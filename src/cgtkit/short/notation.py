"""CGSuite notation for short games: :func:`game` reads it, :func:`format_game` writes it.

The printed form is the one CGSuite shows for a canonical short game, so values can be
pasted between the two tools.  Invariant: ``game(format_game(g)) == g`` for every
canonical game ``g``; and the printer and the parser never recurse over the depth of a
game (both run on explicit stacks), so a game nested 10,000 deep prints and reads back.

What prints how (``str(g)`` is ``format_game(g)``):

* numbers ``0``, ``5``, ``-1/2``, ``25/16``; nimbers ``*``, ``*8``;
* number + ups + nimber (NUS) ``^``, ``vv``, ``^3``, ``v9``, ``^*``, ``^^*4``, ``6^*``,
  ``73/16v9*8`` (number part first, ``^``/``v`` doubled for two, counted from three);
* switches ``G = -G`` as ``+-`` and the Left option: ``+-1``, ``+-1/2``, ``+-{2|1}``,
  ``+-(1*)``, several Left options ``+-{2,{4|0}}``;
* ``x + {0||0|-G}`` (x a number, G of positive mean) as ``Tiny(G)``, ``2Tiny(1/2)``,
  ``Tiny({3|1})``, and ``Miny`` likewise;
* anything else in braces with CGSuite's slash convention: an option standing alone
  on its side is written without braces and the slashes count up, ``{3||2*|1*}``,
  ``{0|||0||-1|-3}``; four slashes or a side with several options bring braces back.
  Options are ordered as CGSuite orders them (numbers, nimbers, other NUS, the rest).

:func:`game` reads all of that back, and also sums and differences (``{1|*} + ^``,
``^ - *``), ``a +- b`` (= ``a + +-b``, so ``3+-1`` is ``{4|2}``), parentheses, spaces
between tokens, braces around every nested game (``{1|{0|-1}}``), counts from one
(``^2``, as cgt-tools writes them), CGSuite's uptimal atoms ``^[n]`` = {^[n-1]|*} and
``^<n>`` = ^[n] - ^[n-1] (``v[n]``, ``v<n>`` their negatives) and the Unicode forms ``↑ ↓ ⇑ ⇓ ∗ ± − ½ ¼ ¾``.
Reading rules: a NUS is one token, so ``2*3`` is ``2 + *3`` and ``2^3`` is ``2 + ^3``
(not a product or a power); a leading minus on a NUS negates its number part only,
so ``-1/2v`` is ``(-1/2) + v`` as printed; slashes bind loosest where there are most
of them (``{a||b|c}`` is ``{a || {b|c}}``) and two equal runs with no longer one
between them (``{3|2|1}``) are ambiguous.  Malformed text raises
:class:`~cgtkit.errors.NotationError` naming the character and its 1-based column.

>>> print(game("{0|*}"), game("{0|^}"), game("{1|-1}"), game("{0||0|-2}"))
^ ^^* +-1 Tiny(2)
>>> game("{3||2+*|1+*}")
game('{3||2*|1*}')
>>> game("1/2 + ↑∗") == game("1/2^*")
True
>>> game("{3|2|1}")
Traceback (most recent call last):
...
cgtkit.errors.NotationError: ambiguous slashes: '|' at column 5 is at the same level as '|' at column 3; write {3||2|1} or {3|2||1}
  {3|2|1}
      ^
"""

from __future__ import annotations

import functools
import math
import re
from typing import Any, Union

from .. import backend
from ..errors import NotationError, shown_number
from ..numbers import Dyadic, decimal
from ..traverse import Step, run_steps

from . import constants as C
from .constants import up_nth, up_sum
from ..hooks import provides
from .game import Game
from ..memo import GameCache, register_cache
from .thermography import tiny_form

__all__ = ["game", "format_game", "parse_text", "parse_python", "parse_as", "format_python", "MAX_SLASHES"]

#: CGSuite writes at most this many slashes in a row before it falls back to braces.
MAX_SLASHES = 4

GameLike = Union["Game", int, Dyadic, str]


# --------------------------------------------------------------------------------------
# Tokenizer
# --------------------------------------------------------------------------------------

_UP_CHARS = {"^": 1, "\u2191": 1, "\u21d1": 2}  # ^ ↑ ⇑
_DOWN_CHARS = {"\u2193": 1, "\u21d3": 2}  # ↓ ⇓  (and the letter v, read as a word)
_STAR_CHARS = "*\u2217"  # * ∗
_VULGAR = {"\u00bd": Dyadic(1, 2), "\u00bc": Dyadic(1, 4), "\u00be": Dyadic(3, 4)}  # ½ ¼ ¾
_MINUS_CHARS = "-\u2212"  # - −
_NAMES = {"tiny": "Tiny", "miny": "Miny"}


class _Tok:
    """One token: ``kind`` is atom, op, name, bar, end or the character itself."""

    __slots__ = ("kind", "value", "col", "text")

    def __init__(self, kind: str, value: Any, col: int, text: str) -> None:
        self.kind = kind
        self.value = value
        self.col = col
        self.text = text


def _err(message: str, text: str, col: int) -> NotationError:
    return NotationError(message, text, col)


def _show(ch: str) -> str:
    return f"'{ch}'" if ch.isprintable() and ch != "'" else repr(ch)


# The fast path of the tokenizer: a plain integer, fraction or nimber standing alone
# (``3``, ``-`` is an operator, ``5/8``, ``*``, ``*4``); anything else, and every
# malformed case, goes through _read_atom with its column-exact errors.
_SIMPLE_ATOM_START = _ATOM_START = "0123456789*"
_SIMPLE_ATOM = re.compile(r"(?:([0-9]{1,300})(?:/([0-9]{1,300}))?|\*([0-9]{0,300}))(?=\s*(?:[-+,|{}()]|\Z))")


def _simple_atom_value(m: "re.Match[str]") -> tuple | None:
    whole, den, nim = m.groups()
    if whole is None:
        return (None, 0, int(nim) if nim else 1)
    if den is None:
        return (Dyadic(int(whole)), 0, 0)
    number = _fraction(int(whole), int(den))
    return None if number is None else (number, 0, 0)  # None: the slow path reports it


def _fraction(whole: int, den: int) -> Dyadic | None:
    """whole/den as a Dyadic when its denominator in lowest terms is a power of 2
    (``3/6`` is 1/2, as ``2/4`` is), else None (``1/3``, ``5/6``, ``1/0``).

    >>> _fraction(3, 6), _fraction(5, 6), _fraction(1, 0)
    (Dyadic('1/2'), None, None)
    """
    if den == 0:
        return None
    g = math.gcd(whole, den)
    if (den // g) & (den // g - 1):
        return None
    return Dyadic(whole // g, den // g)


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i, n = 0, len(text)

    def digits_at(j: int) -> int:
        while j < n and text[j].isdigit() and text[j].isascii():
            j += 1
        return j

    def skip_ws(j: int) -> int:
        while j < n and text[j].isspace():
            j += 1
        return j

    while True:
        i = skip_ws(i)
        if i >= n:
            toks.append(_Tok("end", None, n + 1, ""))
            return toks
        ch = text[i]
        if ch in _SIMPLE_ATOM_START:
            m = _SIMPLE_ATOM.match(text, i)
            value = _simple_atom_value(m) if m else None
            if value is not None:
                toks.append(_Tok("atom", value, i + 1, m.group()))
                i = m.end()
                continue
        if ch in "{}(),":
            toks.append(_Tok(ch, None, i + 1, ch))
            i += 1
        elif ch == "|":
            j = i
            while j < n and text[j] == "|":
                j += 1
            toks.append(_Tok("bar", j - i, i + 1, text[i:j]))
            i = j
        elif ch == "+":
            if i + 1 < n and text[i + 1] in _MINUS_CHARS:
                toks.append(_Tok("op", "+-", i + 1, text[i : i + 2]))
                i += 2
            else:
                toks.append(_Tok("op", "+", i + 1, "+"))
                i += 1
        elif ch == "\u00b1":  # ±
            toks.append(_Tok("op", "+-", i + 1, ch))
            i += 1
        elif ch in _MINUS_CHARS:
            toks.append(_Tok("op", "-", i + 1, ch))
            i += 1
        elif ch.isalpha() and ch.isascii() and not _is_downs_word(text, i):
            j = i
            while j < n and text[j].isascii() and text[j].isalpha():
                j += 1
            word = text[i:j]
            name = _NAMES.get(word.lower())
            if name is None:
                raise _err(f"unknown name '{word}' at column {i + 1}", text, i + 1)
            toks.append(_Tok("name", name, i + 1, word))
            i = j
        elif (
            (ch.isdigit() and ch.isascii())
            or ch in _VULGAR
            or ch in _UP_CHARS
            or ch in _DOWN_CHARS
            or ch in _STAR_CHARS
            or _is_downs_word(text, i)
        ):
            i = _read_atom(text, i, toks, digits_at, skip_ws)
        else:
            raise _err(f"unexpected {_show(ch)} at column {i + 1}", text, i + 1)


def _is_downs_word(text: str, i: int) -> bool:
    """True when text[i:] starts a word made only of the letter v (downs: v, vv, v3)."""
    j = i
    while j < len(text) and text[j] == "v":
        j += 1
    if j == i:
        return False
    return not (j < len(text) and text[j].isascii() and text[j].isalpha())


def _int(text: str, i: int, j: int) -> int:
    """The decimal integer text[i:j] (Python refuses to read more than ~4300 digits)."""
    try:
        return int(text[i:j])
    except ValueError:
        raise _err(f"the number at column {i + 1} has too many digits ({j - i})", text, i + 1) from None


def _read_atom(text: str, i: int, toks: list[_Tok], digits_at, skip_ws) -> int:
    """Read ``[number] [ups] [star]`` starting at i; append one atom token."""
    n = len(text)
    start = i
    number: Dyadic | None = None
    ups = 0
    nim = 0
    # number part: digits, digits/digits, a vulgar fraction, or digits + vulgar fraction
    if text[i].isdigit() and text[i].isascii():
        j = digits_at(i)
        whole = _int(text, i, j)
        k = skip_ws(j)
        if k < n and text[k] == "/":
            d0 = skip_ws(k + 1)
            d1 = digits_at(d0)
            if d1 == d0:
                col = d0 + 1
                found = "end of input" if d0 >= n else _show(text[d0])
                raise _err(f"expected a denominator after '/' at column {col}, found {found}", text, col)
            den = _int(text, d0, d1)
            number = _fraction(whole, den)
            if number is None:
                written = f"{shown_number(whole)}/{shown_number(den)}"
                if den == 0:
                    raise _err(f"{written} at column {i + 1} divides by zero", text, i + 1)
                raise _err(
                    f"{written} at column {i + 1} is not a dyadic rational "
                    "(its denominator in lowest terms is not a power of 2), so no short game has this value",
                    text,
                    i + 1,
                )
            i = d1
        else:
            number = Dyadic(whole)
            i = j
            if i < n and text[i] in _VULGAR:
                number = number + _VULGAR[text[i]]
                i += 1
    elif text[i] in _VULGAR:
        number = _VULGAR[text[i]]
        i += 1
    # ups or downs
    j = skip_ws(i) if number is not None else i
    if j < n and (text[j] in _UP_CHARS or text[j] in _DOWN_CHARS or _is_downs_word(text, j)):
        sign = 1 if text[j] in _UP_CHARS else -1
        arrows = 0
        k = j
        while k < n:
            c = text[k]
            if sign > 0 and c in _UP_CHARS:
                arrows += _UP_CHARS[c]
            elif sign < 0 and c in _DOWN_CHARS:
                arrows += _DOWN_CHARS[c]
            elif sign < 0 and c == "v":
                arrows += 1
            else:
                break
            k += 1
        d = digits_at(k)
        if d > k:
            if k - j != 1 or arrows != 1:
                arrow = "^" if sign > 0 else "v"
                raise _err(
                    f"unexpected '{text[k]}' at column {k + 1}: a count follows a single "
                    f"arrow ({arrow}3 is three {'ups' if sign > 0 else 'downs'})",
                    text,
                    k + 1,
                )
            arrows = _int(text, k, d)
            k = d
        ups = sign * arrows
        if k < n and text[k] in "[<" and k - j == 1 and arrows == 1:
            ups, k = _read_uptimal(text, k, sign, digits_at)
        i = k
    # star part
    j = skip_ws(i) if (number is not None or ups) else i
    if j < n and text[j] in _STAR_CHARS:
        k = digits_at(j + 1)
        nim = _int(text, j + 1, k) if k > j + 1 else 1
        i = k
    toks.append(_Tok("atom", (number, ups, nim), start + 1, text[start:i]))
    return i


def _read_uptimal(text: str, k: int, sign: int, digits_at) -> tuple[tuple[str, int, int], int]:
    """CGSuite's uptimal atoms after one arrow: ``^[n]`` (= {^[n-1] | *}, ``^[1]`` = ^)
    and ``^<n>`` (= ^[n] - ^[n-1]), or their negatives ``v[n]``, ``v<n>``."""
    opener = text[k]
    closer = "]" if opener == "[" else ">"
    d = digits_at(k + 1)
    if d == k + 1:
        raise _err(f"expected a count after '{opener}' at column {k + 2}", text, k + 2)
    count = _int(text, k + 1, d)
    if count < 1:
        raise _err(f"the count at column {k + 2} must be at least 1", text, k + 2)
    if d >= len(text) or text[d] != closer:
        raise _err(f"expected '{closer}' at column {d + 1} to close '{opener}' at column {k + 1}", text, d + 1)
    return (opener, count, sign), d + 1


# --------------------------------------------------------------------------------------
# Parser: one loop over the tokens with an explicit stack of open groups
# --------------------------------------------------------------------------------------

_PREC_BINARY = 1  # + - +-
_PREC_JUXTA = 2  # the implicit + of "2Tiny(1)"


class _OptionList(list):
    """The braces after ``+-`` without a slash: ``+-{1,1*}`` is {1,1* | -1,-1*}."""


class _Expr:
    """An operator-precedence expression being read (no recursion)."""

    __slots__ = ("vals", "ops", "expect_operand", "empty", "last_number")

    def __init__(self) -> None:
        self.vals: list[Any] = []
        self.ops: list[tuple[str, int, int]] = []  # (op, precedence or 0 for prefix, token index)
        self.expect_operand = True
        self.empty = True
        self.last_number = False  # last operand was a plain number literal (for 2Tiny(1))


class _Group:
    """An open ``{``, ``(``, ``Tiny(`` or the whole text."""

    __slots__ = ("kind", "col", "expr", "segments", "bars", "after_pm")

    def __init__(self, kind: str, col: int, after_pm: bool = False) -> None:
        self.kind = kind  # top, brace, paren, Tiny, Miny
        self.col = col
        self.expr = _Expr()
        self.segments: list[list[Any]] = [[]]
        self.bars: list[tuple[int, int]] = []  # (number of slashes, column)
        self.after_pm = after_pm


def game(text: GameLike) -> "Game":
    """The canonical game that ``text`` denotes in CGSuite notation.

    A :class:`Game`, an ``int`` or a :class:`~cgtkit.numbers.Dyadic` is returned as a
    Game unchanged in value.  Malformed text raises
    :class:`~cgtkit.errors.NotationError` with the offending column.

    >>> game("{2||1|0}").left_options, game("v*3") == -game("^*3")
    ((game('2'),), True)
    >>> game("1/3")
    Traceback (most recent call last):
    ...
    cgtkit.errors.NotationError: 1/3 at column 1 is not a dyadic rational (its denominator in lowest terms is not a power of 2), so no short game has this value
      1/3
      ^
    """
    if type(text) is str:
        return _parse_text(text)
    if isinstance(text, Game):
        return text
    if isinstance(text, bool):
        raise TypeError("a bool is not a game")
    if isinstance(text, (int, Dyadic)):
        return Game.of(text)
    if not isinstance(text, str):
        raise TypeError(f"game() takes a string, an int, a Dyadic or a Game, not {type(text).__name__}")
    return _parse_text(text)


def parse_python(text: str) -> "Game":
    """The game ``text`` denotes, read by this module's reader whatever the engine (the
    reference twin of the native reader; :func:`game` is the function to use).

    >>> parse_python("{0|*}") == game("{0|*}")
    True
    """
    return _Parser(text, Game).parse()


class _PythonNotation:
    """This module's reader and printer as the backend's twin of the native ones."""

    parse_game = staticmethod(parse_python)
    format = staticmethod(lambda g: format_python(g))


backend.register_twin("notation", _PythonNotation())
_NOTATION = backend.notation()

# Parse once per distinct text: games are immutable and interned, so reuse is safe.
# The native engine reads with its own reader (native/src/notation), the twin of this
# module's, and hands back the Game itself.
_parse_text = functools.lru_cache(maxsize=4096)(_NOTATION.parse_game)

register_cache("notation.parse_text", _parse_text.cache_clear, lambda: _parse_text.cache_info().currsize)

#: the cached reader of short-game text behind :func:`game` (for :func:`cgtkit.game`,
#: which reads loopy values too and calls this first)
parse_text = _parse_text


def parse_as(text: str, kind: Any) -> Any:
    """Read ``text`` in this notation into values of ``kind`` instead of canonical games:
    the hook for a game-tree type that keeps braces as written (how
    :func:`cgtkit.misere.form` reads).

    ``kind`` is a class with ``kind.of(g)`` (turns the canonical :class:`Game` ``g`` that
    an atom such as ``3/4^*2`` names into a ``kind``), ``kind.from_options(left, right)``
    (one pair of braces), and ``+``, ``-``, unary ``-`` and ``is_number`` on its values.
    Errors are the :class:`~cgtkit.errors.NotationError` of :func:`game`.

    >>> parse_as("{1|*} + ^", Game) == game("{1|*} + ^")
    True
    """
    return _Parser(text, kind).parse()


_FAST_PATHS = True  # cleared within backend.use(..., shortcuts=False)


def _set_fast_paths(on: bool) -> None:
    """Take (``on``) or skip this reader's two fast paths, the one-pattern reading of
    plain atoms such as ``3/4`` or ``*2`` and the reading of plain ``{a,b|c}`` texts
    without the general loop, so that they can be checked against the general reader
    (``backend.use("python", shortcuts=False)``).  The reader's caches are emptied.

    >>> with backend.use("python", shortcuts=False):
    ...     parse_python("{1,*|-1/2}") == game("{1,*|-1/2}")
    True
    """
    global _FAST_PATHS, _SIMPLE_ATOM_START
    _FAST_PATHS, _SIMPLE_ATOM_START = on, (_ATOM_START if on else "")
    _parse_text.cache_clear()
    _ATOMS.clear()


def _uptimal(kind: str, count: int, sign: int) -> Any:
    """``^[count]`` (kind '[') or ``^<count>`` (kind '<'), negated when sign is -1."""
    g = up_sum(count) if kind == "[" else up_nth(count)
    return g if sign > 0 else -g


# (number, ups, nim) -> Game, for atoms such as 3/4^^*2: only read by get(), never in a
# walk, so it is bounded as it is filled (the oldest forgotten first), to its own 4096
_ATOMS: GameCache[tuple, Any] = GameCache("notation.atoms", max_entries=4096)


def _atom_game(number: Dyadic | None, ups: Any, nim: int) -> Game:
    """The canonical game of one atom: number + ups (or an uptimal ``(kind, count, sign)``) + *nim."""
    g = Game.of(number if number is not None else 0)
    if isinstance(ups, tuple):
        g = g + _uptimal(*ups)
    elif ups:
        g = g + (C.up(ups) if ups > 0 else C.down(-ups))
    if nim:
        g = g + C.nimber(nim)
    return g


class _Parser:
    def __init__(self, text: str, Game: Any) -> None:
        self.text = text
        self.Game = Game
        self.toks = _tokenize(text)

    def fail(self, message: str, col: int) -> NotationError:
        return _err(message, self.text, col)

    def unexpected(self, tok: _Tok, why: str = "") -> NotationError:
        if tok.kind == "end":
            what = "end of input"
        else:
            what = f"'{tok.text}'"
        return self.fail(f"unexpected {what} at column {tok.col}{why}", tok.col)

    def never_closed(self, g: _Group) -> NotationError:
        what = {"brace": "{", "paren": "(", "Tiny": "Tiny(", "Miny": "Miny("}[g.kind]
        return self.fail(f"'{what}' at column {g.col} is never closed", g.col)

    # --- values -------------------------------------------------------------------
    def atom_value(self, number: Dyadic | None, ups: int, nim: int):
        """The value of one atom: the canonical game it names (cached), as a ``self.Game``."""
        key = (number, ups, nim)
        g = _ATOMS.get(key)
        if g is None:
            g = _ATOMS[key] = _atom_game(number, ups, nim)
            if len(_ATOMS) > _ATOMS.max_entries:
                _ATOMS.pop(next(iter(_ATOMS)), None)  # None: another thread may have been first
        return g if self.Game is Game else self.Game.of(g)

    def plus_minus(self, x: Any):
        Game = self.Game
        if isinstance(x, _OptionList):
            return Game.from_options(list(x), [-o for o in x])
        return Game.from_options([x], [-x])

    def apply_binary(self, op: str, a: Any, b: Any):
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        return a + self.plus_minus(b)  # "+-"

    def apply_prefix(self, op: str, a: Any):
        if op == "-":
            return -a
        if op == "+-":
            return self.plus_minus(a)
        return a  # unary +

    # --- expression machinery -------------------------------------------------------
    def push_operand(self, g: _Group, value: Any, is_number: bool) -> None:
        e = g.expr
        while e.ops and e.ops[-1][1] == 0:
            op = e.ops.pop()[0]
            value = self.apply_prefix(op, value)
            if op != "+":
                is_number = is_number and op == "-" and value.is_number
        e.vals.append(value)
        e.expect_operand = False
        e.empty = False
        e.last_number = is_number

    def reduce(self, e: _Expr, prec: int) -> None:
        while e.ops and e.ops[-1][1] >= prec:
            op = e.ops.pop()[0]
            b = e.vals.pop()
            a = e.vals.pop()
            e.vals.append(self.apply_binary(op, a, b))

    def finish(self, g: _Group, tok: _Tok) -> Any:
        e = g.expr
        if e.expect_operand:
            raise self.unexpected(tok)
        self.reduce(e, 1)
        value = e.vals.pop()
        g.expr = _Expr()
        return value

    # --- main loop ------------------------------------------------------------------
    def parse(self):
        simple = self.parse_plain_braces() if _FAST_PATHS else None
        if simple is not None:
            return simple
        toks = self.toks
        if toks[0].kind == "end":
            raise self.fail("empty input: expected a game such as 0, *, ^ or {1|0}", 1)
        stack = [_Group("top", 0)]
        for index, tok in enumerate(toks):
            g = stack[-1]
            e = g.expr
            kind = tok.kind
            if e.expect_operand:
                if kind == "atom":
                    number, ups, nim = tok.value
                    ops = e.ops
                    if number is not None and ops and ops[-1][0] == "-" and ops[-1][1] == 0 and ops[-1][2] == index - 1:
                        # "-1/2v" is (-1/2) + v: the sign belongs to the number part
                        ops.pop()
                        number = -number
                    self.push_operand(g, self.atom_value(number, ups, nim), not ups and not nim)
                elif kind == "op":
                    e.ops.append((tok.value, 0, index))
                    e.empty = False
                elif kind == "{":
                    after_pm = bool(e.ops) and e.ops[-1][0] == "+-" and e.ops[-1][2] == index - 1
                    stack.append(_Group("brace", tok.col, after_pm))
                elif kind == "(":
                    stack.append(_Group("paren", tok.col))
                elif kind == "name":
                    self.open_call(stack, index)
                elif kind == "skip":
                    pass
                elif kind == "end" and g.kind != "top":
                    raise self.never_closed(g)
                elif g.kind == "brace" and e.empty and kind in ("bar", "}") and not g.segments[-1]:
                    # an empty side: {|}, { | 1}, {1|}
                    self.close_or_bar(stack, g, tok)
                elif kind == "," and g.kind == "brace":
                    raise self.fail(f"expected an option before ',' at column {tok.col}", tok.col)
                elif kind in ("bar", "}") and g.kind == "brace" and e.empty:
                    raise self.fail(f"expected an option before '{tok.text}' at column {tok.col}", tok.col)
                else:
                    raise self.unexpected(tok)
                continue
            # an operand is complete: expect an operator or a closing token
            if kind == "op":
                self.reduce(e, _PREC_BINARY)
                e.ops.append((tok.value, _PREC_BINARY, index))
                e.expect_operand = True
            elif kind == "name" and e.last_number:
                # "2Tiny(1)" is 2 + Tiny(1)
                self.reduce(e, _PREC_JUXTA)
                e.ops.append(("+", _PREC_JUXTA, index))
                e.expect_operand = True
                self.open_call(stack, index)
            elif kind == ",":
                if g.kind != "brace":
                    raise self.unexpected(tok, " (a list of options belongs in braces)")
                g.segments[-1].append(self.finish(g, tok))
                g.expr.empty = True
            elif kind in ("bar", "}"):
                if g.kind != "brace":
                    raise self.unexpected(tok)
                g.segments[-1].append(self.finish(g, tok))
                self.close_or_bar(stack, g, tok)
            elif kind == ")":
                if g.kind not in ("paren", "Tiny", "Miny"):
                    raise self.unexpected(tok)
                value = self.finish(g, tok)
                if isinstance(value, _OptionList):  # pragma: no cover - consumed by +-
                    raise self.unexpected(tok)
                stack.pop()
                if g.kind == "Tiny":
                    value = self.Game.from_options([0], [self.Game.from_options([0], [-value])])
                elif g.kind == "Miny":
                    value = self.Game.from_options([self.Game.from_options([value], [0])], [0])
                self.push_operand(stack[-1], value, False)
            elif kind == "end":
                if g.kind != "top":
                    raise self.never_closed(g)
                return self.finish(g, tok)
            else:
                raise self.unexpected(tok)
        raise AssertionError("unreachable: the token list ends with 'end'")  # pragma: no cover

    def parse_plain_braces(self):
        """The fast path for the commonest texts: atoms (a leading minus allowed) and
        ``{...|...}`` with one bar each, commas between options (``{1,{0|*}|-1/2}``).  Returns
        None at the first token outside that form or out of place, and the general
        loop below then reads the text (and reports any error with its column)."""
        toks = self.toks
        frames: list[list] = []  # per open brace: [left options, right options, on the right?]
        top: list = []
        want_item = True  # after '{', ',', the bar, or at the start
        after_comma = negate = False
        for tok in toks:
            kind = tok.kind
            if negate and kind != "atom":
                return None
            if kind == "op" and tok.value == "-" and want_item and not negate:
                negate = True  # a minus sign on the atom that follows
                continue
            if kind == "atom" or kind == "{":
                if not want_item:
                    return None
                if kind == "{":
                    frames.append([[], [], False])
                    continue
                number, ups, nim = tok.value
                if negate and number is not None:  # "-1/2v" is (-1/2) + v, as in parse()
                    value = self.atom_value(-number, ups, nim)
                elif negate:
                    value = -self.atom_value(number, ups, nim)
                else:
                    value = self.atom_value(number, ups, nim)
                negate = False
            elif kind == "," and not want_item and frames:
                want_item, after_comma = True, True
                continue
            elif kind == "bar" and tok.value == 1 and frames and not after_comma and not frames[-1][2]:
                frames[-1][2] = True
                want_item = True
                continue
            elif kind == "}" and frames and frames[-1][2] and not after_comma:
                left, right, _ = frames.pop()
                value = self.Game.from_options(left, right)
            elif kind == "end" and not frames and len(top) == 1 and not want_item:
                return top[0]
            else:
                return None
            if frames:
                frame = frames[-1]
                frame[1 if frame[2] else 0].append(value)
            else:
                if top:
                    return None
                top.append(value)
            want_item, after_comma = False, False
        return None  # pragma: no cover - the token list ends with 'end'

    def open_call(self, stack: list[_Group], index: int) -> None:
        """``Tiny(`` or ``Miny(``: open a group; its '(' token is consumed here."""
        tok, paren = self.toks[index], self.toks[index + 1]
        if paren.kind != "(":
            raise self.fail(f"expected '(' after {tok.text} at column {paren.col}", paren.col)
        stack.append(_Group(tok.value, tok.col))
        self.toks[index + 1] = _Tok("skip", None, paren.col, "(")

    def close_or_bar(self, stack: list[_Group], g: _Group, tok: _Tok) -> None:
        """Handle a slash run or the closing brace of ``g`` (the current item is stored)."""
        if tok.kind == "bar":
            g.bars.append((tok.value, tok.col))
            g.segments.append([])
            g.expr = _Expr()
            return
        stack.pop()
        if not g.bars:
            if g.after_pm and g.segments[0]:
                value: Any = _OptionList(g.segments[0])
            else:
                raise self.fail(
                    f"unexpected '}}' at column {tok.col}: braces need a '|' between Left's and Right's options",
                    tok.col,
                )
        else:
            value = self.build_slashes(g)
        self.push_operand(stack[-1], value, False)

    def build_slashes(self, g: _Group):
        """Turn segments and slash runs into one game: fewer slashes bind tighter.

        ``a||b|c`` is {a || {b|c}}; two runs of the same length with no longer run
        between them (``{3|2|1}``) are ambiguous.  Iterative (shunting-yard).
        """
        Game = self.Game
        operands: list[Any] = [g.segments[0]]  # a list = raw options; a Game = a built part
        pending: list[tuple[int, int]] = []

        def side(part: Any) -> list:
            return part if isinstance(part, list) else [part]

        def reduce_top() -> None:
            pending.pop()
            right = operands.pop()
            left = operands.pop()
            operands.append(Game.from_options(side(left), side(right)))

        for (count, col), segment in zip(g.bars, g.segments[1:]):
            while pending and pending[-1][0] < count:
                reduce_top()
            if pending and pending[-1][0] == count:
                other = pending[-1][1]
                bar = "|" * count
                raise self.fail(
                    f"ambiguous slashes: '{bar}' at column {col} is at the same level as "
                    f"'{bar}' at column {other}; write " + _disambiguation_hint(self.text, g, count),
                    col,
                )
            pending.append((count, col))
            operands.append(segment)
        while pending:
            reduce_top()
        return operands[0]


def _disambiguation_hint(text: str, g: _Group, count: int) -> str:
    """For {3|2|1}: '{3||2|1} or {3|2||1}' (only for the simple three-part case)."""
    inner = text[g.col : text.find("}", g.col)] if "}" in text[g.col :] else ""
    parts = inner.split("|" * count)
    if len(parts) == 3 and all("|" not in p for p in parts):
        a, b, c = (p.strip() for p in parts)
        more = "|" * (count + 1)
        one = "|" * count
        return f"{{{a}{more}{b}{one}{c}}} or {{{a}{one}{b}{more}{c}}}"
    return "more slashes for the outer split"


# --------------------------------------------------------------------------------------
# Printer: generators run on an explicit stack (a trampoline), results cached per call
# --------------------------------------------------------------------------------------


@provides("short.format_game")
def format_game(g: "Game") -> str:
    """The CGSuite text of the canonical game ``g`` (what ``str(g)`` returns).

    >>> from cgtkit.short.constants import up, star
    >>> [format_game(x) for x in (up + up + star, -up + game("3/4") + star(2))]
    ['^^*', '3/4v*2']
    >>> format_game(game("{2,{4|0}|-2,{0|-4}}"))
    '+-{2,{4|0}}'
    """
    return _FORMAT(g)


def format_python(g: "Game") -> str:
    """The CGSuite text of ``g`` by this module's printer whatever the engine (the
    reference twin of the native printer; :func:`format_game` is the function to use).

    >>> format_python(game("{0|^}"))
    '^^*'
    """
    nus = g.nus
    if nus is not None:  # what _Printer._layout returns for it at the top level
        return _nus_text(*nus)
    printer = _Printer()
    return printer.emit(run_steps(printer.text(g, True, False))[0])


class _Printer:
    """Caches for one print job: sorted options, comparisons and outputs."""

    def __init__(self) -> None:
        self.sorted_cache: dict[Any, tuple[list, list]] = {}
        self.cmp_cache: dict[tuple[Any, Any], int] = {}
        self.layouts: dict[tuple[Any, bool, bool], tuple[tuple, int]] = {}

    # --- CGSuite's deterministic order of options -------------------------------------
    @staticmethod
    def category(g: Any) -> tuple:
        if g.is_number:
            return (0, g.number)
        nus = g.nus
        if nus is not None:
            x, ups, nim = nus
            if x == 0 and ups == 0:
                return (1, nim)
            # CGSuite compares uptimal expansions: number, then the up coefficient
            # (none when there are no ups, which sorts first), then the nimber
            return (2, (x, ups != 0, ups, nim))
        return (3,)

    def compare(self, g: Any, h: Any) -> Step:
        if g == h:
            return 0
        key = (g, h)
        hit = self.cmp_cache.get(key)
        if hit is not None:
            return hit
        cg, ch = self.category(g), self.category(h)
        if cg[0] != ch[0] or cg[0] != 3:
            result = (cg > ch) - (cg < ch)
        else:
            result = 0
            for side in (0, 1):
                a = (yield self.sorted_options(g))[side]
                b = (yield self.sorted_options(h))[side]
                for x, y in zip(a, b):
                    result = yield self.compare(x, y)
                    if result:
                        break
                if not result:
                    result = (len(a) > len(b)) - (len(a) < len(b))
                if result:
                    break
        self.cmp_cache[key] = result
        self.cmp_cache[(h, g)] = -result
        return result

    def sort(self, items: list) -> Step:
        """Merge sort (stable) whose comparisons run on the trampoline."""
        items = list(items)
        width = 1
        while width < len(items):
            merged = []
            for lo in range(0, len(items), 2 * width):
                a = items[lo : lo + width]
                b = items[lo + width : lo + 2 * width]
                i = j = 0
                while i < len(a) and j < len(b):
                    if (yield self.compare(b[j], a[i])) < 0:
                        merged.append(b[j])
                        j += 1
                    else:
                        merged.append(a[i])
                        i += 1
                merged.extend(a[i:])
                merged.extend(b[j:])
            items = merged
            width *= 2
        return items

    def sorted_options(self, g: Any) -> Step:
        hit = self.sorted_cache.get(g)
        if hit is not None:
            return hit
        left = yield self.sort(g.left_options)
        right = yield self.sort(g.right_options)
        self.sorted_cache[g] = (left, right)
        return (left, right)

    # --- text -----------------------------------------------------------------------
    # Each (game, braces, parens) gets a layout: a tuple of parts, each a string or the
    # key of a sub-layout, and its slash count.  Layouts are small (one part per option),
    # so a game 10**5 deep costs memory in proportion to its size; `emit` writes the
    # text once at the end (building each game's text by concatenation would copy the
    # inner text at every level, quadratic in time and memory for a chain).
    def text(self, g: Any, braces: bool, parens: bool) -> Step:
        """(key, slashes): the layout's key, slashes > 0 when printed as a bare ``a|b``
        run of that length."""
        key = (g, braces, parens)
        hit = self.layouts.get(key)
        if hit is None:
            hit = yield self._layout(g, braces, parens)
            self.layouts[key] = hit
        return (key, hit[1])

    def emit(self, key: tuple) -> str:
        """The text of a laid-out game, written on an explicit stack."""
        out: list[str] = []
        stack = [iter(self.layouts[key][0])]
        while stack:
            for part in stack[-1]:
                if isinstance(part, str):
                    out.append(part)
                else:
                    stack.append(iter(self.layouts[part][0]))
                    break
            else:
                stack.pop()
        return "".join(out)

    def _layout(self, g: Any, braces: bool, parens: bool) -> Step:
        nus = g.nus
        if nus is not None:
            s = _nus_text(*nus)
            x, ups, nim = nus
            if parens and not (nim == 0 and ups == 0) and not (x == 0 and ups == 0) and not (x == 0 and nim == 0):
                s = f"({s})"
            return ((s,), 0)
        left, right = yield self.sorted_options(g)
        if left and g == -g:  # a switch: +- its Left option(s)
            if len(left) == 1:
                return (("+-", (yield self.text(left[0], True, True))[0]), 0)
            parts: list = ["+-{"]
            for i, o in enumerate(left):
                if i:
                    parts.append(",")
                parts.append((yield self.text(o, True, False))[0])
            parts.append("}")
            return (tuple(parts), 0)
        tiny = tiny_form(g)
        if tiny is not None:
            name, translate, sub = tiny
            parts = [f"{name}(", (yield self.text(sub, True, False))[0], ")"]
            if translate.number != 0:
                parts.insert(0, str(translate.number))
            if parens:
                parts = ["(", *parts, ")"]
            return (tuple(parts), 0)
        slashes = 1
        body: list = []
        for side, options in enumerate((left, right)):
            many = len(options) > 1
            if side:
                body.append(None)  # the bar, once its length is known
            for i, o in enumerate(options):
                if i:
                    body.append(",")
                key, k = yield self.text(o, many, False)
                body.append(key)
                slashes = max(slashes, k + 1)
        body[body.index(None)] = "|" * slashes
        if braces or slashes >= MAX_SLASHES:
            return (("{", *body, "}"), 0)
        return (tuple(body), slashes)


def _nus_text(x: Dyadic, ups: int, nim: int) -> str:
    """CGSuite's text for x + ups.^ + *nim: ``3/4v3*2``, ``^^``, ``*``, ``-1``."""
    s = str(x) if (x.numerator or (ups == 0 and nim == 0)) else ""
    if ups:
        arrow = "^" if ups > 0 else "v"
        s += arrow * abs(ups) if abs(ups) <= 2 else f"{arrow}{decimal(abs(ups))}"
    if nim:
        s += "*" if nim == 1 else f"*{decimal(nim)}"
    return s


_FORMAT = _NOTATION.format
backend.on_shortcuts(_set_fast_paths)
