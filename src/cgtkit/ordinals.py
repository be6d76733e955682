"""Ordinals below epsilon_0 in Cantor normal form, and their differences.

An :class:`Ordinal` is a finite sum ``c_1 ω^β_1 + ... + c_n ω^β_n`` with exponents
``β_1 > ... > β_n`` that are themselves ordinals (so every value lies below ε0) and
integer coefficients ``c_i != 0``.  With all coefficients positive it is an ordinal in
Cantor normal form; with some negative it is what CGSuite calls a *generalized ordinal*,
a difference of two ordinals such as ``ω - 1``.  Arithmetic is the surreal one, which on
ordinals is Hessenberg's natural sum and product (commutative: ``1 + ω == ω + 1``,
``2ω == ω·2``); order is the surreal order (``ω - 1 > n`` for every integer n).  A
quotient (``1/ω``, ``1/3``) leaves for :mod:`cgtkit.surreal`.

Values are immutable and normalised (terms sorted, like terms merged), so equal values
have equal fields; a finite ordinal compares and hashes like the int it equals.  Text in
and out is CGSuite's: ``ω^(ω+1)-9ω^20+3ω``, with ``omega`` accepted for ``ω``.

>>> omega + 5, 5 - omega, omega * 3 + omega**(omega**2 + omega) - omega**19 * 9 * omega
(Ordinal('ω+5'), Ordinal('-ω+5'), Ordinal('ω^(ω^2+ω)-9ω^20+3ω'))
>>> Ordinal("omega^omega^2 + 1") ** 2, Ordinal(7) == 7, hash(Ordinal(7)) == hash(7)
(Ordinal('ω^(2ω^2)+2ω^ω^2+1'), True, True)
>>> (omega - 1).birthday, omega - 1 > 10**100
(Ordinal('ω+1'), True)
"""

from __future__ import annotations

import numbers as _abc
import operator
import re
from typing import Any, Callable, Iterable, Union

from .hooks import hook
from .errors import NotationError, OrdinalError, quoted, shown_number

__all__ = ["Ordinal", "OrdinalLike", "omega", "omega_power", "parse_expression", "operator_pair"]

OrdinalLike = Union["Ordinal", int, str]

_Terms = tuple[tuple["Ordinal", int], ...]


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def operator_pair(
    coerce: Callable[[object], Any],
    op: Callable[[Any, Any], Any],
    name: str,
    fallback: Callable[[object, object], Any] | None = None,
) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The forward and reverse methods (``__add__``, ``__radd__``, ...) of one binary
    operation of a numeric class, written once: the other operand goes through
    ``coerce`` (None: not one of ours), and ``op`` gets both in their order; an operand
    ``coerce`` refuses goes to ``fallback(a, b)`` if given, else is NotImplemented.  The
    classes of :mod:`cgtkit.surreal` and :mod:`cgtkit.transfinite_nimbers` use it too.

    >>> add, radd = operator_pair(Ordinal._coerce, Ordinal.__add__, "add")
    >>> add(omega, 1), radd(omega, 1), add(omega, "x")
    (Ordinal('ω+1'), Ordinal('ω+1'), NotImplemented)
    """

    def forward(a: Any, b: object) -> Any:
        o = coerce(b)
        if o is not None:
            return op(a, o)
        return NotImplemented if fallback is None else fallback(a, b)

    def reverse(b: Any, a: object) -> Any:
        o = coerce(a)
        if o is not None:
            return op(o, b)
        return NotImplemented if fallback is None else fallback(a, b)

    forward.__name__ = f"__{name}__"
    reverse.__name__ = f"__r{name}__"
    return forward, reverse


def _in_the_field(name: str) -> Callable[[object, object], Any]:
    """An Ordinal's operation with a number that is not an Ordinal (a Dyadic, a
    Fraction, a Surreal): the surreal one."""

    def field_op(a: object, b: object) -> Any:
        field = hook("ordinals.field")()
        fa, fb = field.coerce(a), field.coerce(b)
        if fa is None or fb is None:
            return NotImplemented
        return getattr(operator, name)(fa, fb)

    return field_op


def _operators(
    ordinal_op: Callable[["Ordinal", "Ordinal"], Any], name: str
) -> tuple[Callable[..., Any], Callable[..., Any]]:
    return operator_pair(lambda x: Ordinal._coerce(x), ordinal_op, name, _in_the_field(name))


def _order(test: Callable[[int], bool], name: str) -> Callable[["Ordinal", object], Any]:
    def compare(self: "Ordinal", other: object) -> Any:
        c = self._cmp(other)
        if c is None:
            field = hook("ordinals.field")()
            s = field.coerce(other)
            if s is None:
                return NotImplemented
            return bool(getattr(operator, name)(field.coerce(self), s))
        return test(c)

    return compare


class Ordinal:
    """A (generalized) ordinal below ε0: ``Σ c ω^β`` with ordinal exponents β and
    integer coefficients c.

    ``Ordinal(5)``, ``Ordinal("ω^ω+1")``, ``Ordinal("omega - 1")`` build one; ``omega``
    is ω.  ``+``, ``-``, ``*`` and ``**`` (an int power, or ``omega ** x`` for an
    ordinal x) stay Ordinals; ``/`` gives a :class:`~cgtkit.surreal.Surreal` (or a
    ``Dyadic`` or ``Fraction`` when the quotient is one).

    >>> Ordinal("ω^(ω+1) + 3"), Ordinal(3) + omega == omega + 3, omega**omega > omega**100
    (Ordinal('ω^(ω+1)+3'), True, True)
    >>> (omega - 1).is_ordinal, (omega**omega).is_ordinal, Ordinal(2).is_finite
    (False, True, True)
    """

    __slots__ = ("_terms", "_key", "_hash")

    _terms: _Terms
    _key: tuple[Any, ...] | None
    _hash: int | None

    def __new__(cls, value: object = 0) -> "Ordinal":
        if type(value) is Ordinal:
            return value
        if isinstance(value, bool):
            raise TypeError("a bool is not an ordinal")
        if isinstance(value, int):
            return _finite(value)
        if isinstance(value, str):
            result = parse_expression(value)
            if not isinstance(result, Ordinal):
                raise OrdinalError(f"{quoted(value)} is {result}, not a (generalized) ordinal")
            return result
        if isinstance(value, _abc.Rational) and int(value.denominator) == 1:
            return _finite(int(value.numerator))
        raise TypeError(f"cannot make an Ordinal from {type(value).__name__} {value!r}")

    @classmethod
    def from_terms(cls, terms: Iterable[tuple["Ordinal | int", int]]) -> "Ordinal":
        """The sum of ``c ω^β`` over the (β, c) pairs; each β must be an ordinal.

        >>> Ordinal.from_terms([(1, 2), (0, -1), (1, 1)])
        Ordinal('3ω-1')
        """
        merged: dict[Ordinal, int] = {}
        for exponent, coefficient in terms:
            e = Ordinal(exponent)
            if not e.is_ordinal:
                raise OrdinalError(
                    f"the exponent of ω^{e} is not an ordinal (cgtkit's ω-powers have ordinal exponents)"
                )
            merged[e] = merged.get(e, 0) + coefficient
        return _make(merged)

    # --- fields -------------------------------------------------------------------
    @property
    def terms(self) -> _Terms:
        """The (exponent, coefficient) pairs, highest exponent first."""
        return self._terms

    @property
    def is_ordinal(self) -> bool:
        """True when every coefficient is positive (an ordinal, 0 included)."""
        return all(c > 0 for _, c in self._terms)

    @property
    def is_finite(self) -> bool:
        """True when the value is an integer."""
        return not self._terms or (len(self._terms) == 1 and not self._terms[0][0]._terms)

    @property
    def sign(self) -> int:
        """-1, 0 or 1: the sign of the leading coefficient."""
        return _sign(self._terms[0][1]) if self._terms else 0

    @property
    def birthday(self) -> "Ordinal":
        """The day the number is born, as CGSuite gives it: an ordinal is born on its own
        day; ``α - β`` (α, β ordinals) on day ``α + β`` (every coefficient made positive).

        >>> (omega - 1).birthday, Ordinal(-3).birthday, (omega**2 + 5).birthday
        (Ordinal('ω+1'), Ordinal('3'), Ordinal('ω^2+5'))
        """
        return Ordinal.from_terms((e, abs(c)) for e, c in self._terms)

    def coefficient(self, exponent: "Ordinal | int") -> int:
        """The coefficient of ``ω^exponent`` (0 when absent)."""
        e = Ordinal(exponent)
        for x, c in self._terms:
            if x == e:
                return c
        return 0

    def sort_key(self) -> tuple[Any, ...]:
        """A key whose tuple order is the order of ordinals (for exponents: every
        coefficient positive); the key of the number's sign-expansion-free CNF."""
        k = self._key
        if k is None:
            k = tuple((e.sort_key(), c) for e, c in self._terms)
            self._key = k
        return k

    # --- text ---------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Ordinal('{self}')"

    def __str__(self) -> str:
        if not self._terms:
            return "0"
        out = []
        for i, (e, c) in enumerate(self._terms):
            sign = "-" if c < 0 else ("+" if i else "")
            out.append(sign + _term_text(e, abs(c)))
        return "".join(out)

    # --- arithmetic ---------------------------------------------------------------
    @staticmethod
    def _coerce(other: object) -> "Ordinal | None":
        if isinstance(other, Ordinal):
            return other
        if isinstance(other, int) and not isinstance(other, bool):
            return _finite(other)
        if isinstance(other, _abc.Rational) and int(other.denominator) == 1:
            return _finite(int(other.numerator))
        return None

    def _add(self, o: "Ordinal") -> "Ordinal":
        merged = dict(self._terms)
        for e, c in o._terms:
            merged[e] = merged.get(e, 0) + c
        return _make(merged)

    def _sub(self, o: "Ordinal") -> "Ordinal":
        return self._add(-o)

    def _mul(self, o: "Ordinal") -> "Ordinal":
        merged: dict[Ordinal, int] = {}
        for e1, c1 in self._terms:
            for e2, c2 in o._terms:
                e = e1._add(e2)  # the natural sum of the exponents
                merged[e] = merged.get(e, 0) + c1 * c2
        return _make(merged)

    def _div(self, o: "Ordinal") -> Any:
        return hook("ordinals.field")().fraction(self, o)  # a quotient leaves the ring

    __add__, __radd__ = _operators(_add, "add")
    __sub__, __rsub__ = _operators(_sub, "sub")
    __mul__, __rmul__ = _operators(_mul, "mul")
    __truediv__, __rtruediv__ = _operators(_div, "truediv")

    def __neg__(self) -> "Ordinal":
        return _from_sorted(tuple((e, -c) for e, c in self._terms))

    def __pos__(self) -> "Ordinal":
        return self

    def __abs__(self) -> "Ordinal":
        return -self if self.sign < 0 else self

    def __pow__(self, exponent: object) -> Any:
        """An int power (a negative one is a surreal reciprocal); ``omega ** x`` for an
        ordinal x is the ω-power ``ω^x`` (for a generalized x = α - β, ``ω^α / ω^β``)."""
        if isinstance(exponent, bool):
            return NotImplemented
        if isinstance(exponent, int):
            if exponent < 0:
                return 1 / (self ** (-exponent))
            result, base, n = _ONE, self, exponent
            while n:
                if n & 1:
                    result = result._mul(base)
                base = base._mul(base) if n > 1 else base
                n >>= 1
            return result
        x = Ordinal._coerce(exponent)
        if x is None:
            return NotImplemented
        if self != omega:
            if x.is_finite:
                return self ** x.as_int()
            raise OrdinalError(f"only ω may be raised to an infinite power here, not {self}")
        return omega_power(x)

    def __rpow__(self, base: object) -> Any:
        b = Ordinal._coerce(base)
        return NotImplemented if b is None else b.__pow__(self)

    def as_int(self) -> int:
        """The int this finite value equals (OrdinalError when it is infinite)."""
        if not self._terms:
            return 0
        if not self.is_finite:
            raise OrdinalError(f"{self} is infinite, not an integer")
        return self._terms[0][1]

    def __int__(self) -> int:
        return self.as_int()

    def __index__(self) -> int:
        return self.as_int()

    def __bool__(self) -> bool:
        return bool(self._terms)

    # --- order and hashing ------------------------------------------------------
    def _cmp(self, other: object) -> int | None:
        o = Ordinal._coerce(other)
        if o is None:
            return None
        return self._sub(o).sign

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ordinal):
            return self._terms == other._terms
        o = Ordinal._coerce(other)
        if o is None:
            return NotImplemented
        return self._terms == o._terms

    __lt__ = _order(lambda c: c < 0, "lt")
    __le__ = _order(lambda c: c <= 0, "le")
    __gt__ = _order(lambda c: c > 0, "gt")
    __ge__ = _order(lambda c: c >= 0, "ge")

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash(self.as_int()) if self.is_finite else hash(self._terms)
            self._hash = h
        return h

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Ordinal, (str(self),))

    def __copy__(self) -> "Ordinal":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Ordinal":
        return self


def _from_sorted(terms: _Terms) -> Ordinal:
    self = object.__new__(Ordinal)
    self._terms = terms
    self._key = None
    self._hash = None
    return self


def _make(merged: dict[Ordinal, int]) -> Ordinal:
    terms = sorted(((e, c) for e, c in merged.items() if c), key=lambda t: t[0].sort_key(), reverse=True)
    return _from_sorted(tuple(terms))


_ZERO = _from_sorted(())
_ONE = _from_sorted(((_ZERO, 1),))
_FINITE = [_ZERO, _ONE]


def _finite(n: int) -> Ordinal:
    if 0 <= n < 2:
        return _FINITE[n]
    return _from_sorted(((_ZERO, n),))


#: ω, the least infinite ordinal
omega: Ordinal = _from_sorted(((_ONE, 1),))


def omega_power(x: object) -> Any:
    """``ω^x``: an Ordinal for an ordinal x; for a generalized ordinal x = α - β (α, β
    ordinals) the surreal ``ω^α / ω^β``, as CGSuite's ``OmegaPower``.

    >>> omega_power(omega + 1), omega_power(Ordinal(-1))
    (Ordinal('ω^(ω+1)'), Surreal('1/ω'))
    """
    e = Ordinal(x)
    if e.is_ordinal:
        return _from_sorted(((e, 1),))
    positive = Ordinal.from_terms((x_, c) for x_, c in e.terms if c > 0)
    negative = Ordinal.from_terms((x_, -c) for x_, c in e.terms if c < 0)
    return _from_sorted(((positive, 1),)) / _from_sorted(((negative, 1),))


def _term_text(exponent: Ordinal, coefficient: int) -> str:
    """``c ω^β`` as CGSuite writes it (c > 0): the coefficient only when it is not 1 or
    the term is finite, no ``^1``, parentheses around an exponent of several terms or
    one term with a coefficient."""
    if not exponent._terms:
        return shown_number(coefficient)
    text = "" if coefficient == 1 else shown_number(coefficient)
    text += "ω"
    if exponent != _ONE:
        inner = str(exponent)
        (head_e, head_c) = exponent._terms[0]
        parens = len(exponent._terms) > 1 or (head_c != 1 and bool(head_e._terms))
        text += f"^({inner})" if parens else f"^{inner}"
    return text


# --- parsing ---------------------------------------------------------------------------
#
# expression := ['+'|'-'] term (('+'|'-') term)*
# term       := factor (('*'|'/') factor)*
# factor     := power power*                (juxtaposition: 3ω^2 and 1/3ω = 1/(3ω))
# power      := atom ['^' power]           (right-associative: ω^ω^2 is ω^(ω^2))
# atom       := integer | 'ω' | 'omega' | '(' expression ')'

_TOKEN = re.compile(r"(\d+)|(omega|ω)|(.)", re.S)


_MAX_NESTING = 100  # parentheses and exponents, one inside another (5 Python frames each)
_MAX_POWER = 2000  # terms times exponent of a power of a sum written out
_MAX_POWER_BITS = 10**7  # bits of a finite power


def _bits(x: Any) -> int:
    """About how many bits a power of x gains per unit of exponent (0 for ω or 1)."""
    if isinstance(x, Ordinal):
        return max((abs(c).bit_length() - 1 for _, c in x.terms), default=0)
    num, den = getattr(x, "numerator", 0), getattr(x, "denominator", 1)
    if isinstance(num, int) and isinstance(den, int):
        return max(abs(num).bit_length() - 1, 0) + den.bit_length() - 1
    return 1


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []  # (kind, text, 1-based column)
        pos = 0
        while pos < len(text):
            if text[pos].isspace():
                pos += 1
                continue
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                break
            if m.group(1) is not None:
                self.tokens.append(("int", m.group(1), m.start(1) + 1))
            elif m.group(2) is not None:
                self.tokens.append(("omega", m.group(2), m.start(2) + 1))
            elif m.group(3) is not None:
                ch = m.group(3)
                if ch not in "+-*/^()":
                    raise NotationError(f"unexpected character {ch!r} at column {m.start(3) + 1}", text, m.start(3) + 1)
                self.tokens.append((ch, ch, m.start(3) + 1))
            pos = m.end()
        self.i = 0
        self.depth = 0

    def peek(self) -> str:
        return self.tokens[self.i][0] if self.i < len(self.tokens) else "end"

    def fail(self, what: str) -> NotationError:
        if self.i < len(self.tokens):
            kind, tok, col = self.tokens[self.i]
            return NotationError(f"{what}, found {tok!r} at column {col}", self.text, col)
        col = len(self.text) + 1
        return NotationError(f"{what}, found the end of the text (column {col})", self.text, col)

    def expression(self) -> Any:
        sign = 1
        if self.peek() in "+-":
            sign = -1 if self.tokens[self.i][0] == "-" else 1
            self.i += 1
        value = self.term()
        if sign < 0:
            value = -value
        while self.peek() in ("+", "-"):
            op = self.tokens[self.i][0]
            self.i += 1
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self) -> Any:
        value = self.factor()
        while True:
            kind = self.peek()
            if kind not in ("*", "/"):
                return value
            col = self.tokens[self.i][2]
            self.i += 1
            rhs = self.factor()
            if kind == "*":
                value = value * rhs
            elif not rhs:
                raise NotationError(f"division by zero at column {col}", self.text, col)
            else:
                value = value / rhs

    def factor(self) -> Any:
        """Powers written side by side (3ω^2, 2(ω+1)): a product that binds tighter
        than * and /, so that 1/3ω is 1/(3ω), as CGSuite prints it."""
        value = self.power()
        while self.peek() in ("omega", "("):
            value = value * self.power()
        return value

    def nest(self, col: int) -> None:
        """One level deeper (a parenthesis or an exponent): past _MAX_NESTING a
        NotationError, before Python's recursion limit could be reached."""
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise NotationError(f"nested more than {_MAX_NESTING} deep at column {col}", self.text, col)

    def power(self) -> Any:
        col = self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text) + 1
        base = self.atom()
        if self.peek() != "^":
            return base
        self.nest(self.tokens[self.i][2])
        self.i += 1
        exponent = self.power()
        self.depth -= 1
        if isinstance(exponent, Ordinal) and exponent.is_finite:
            exponent = exponent.as_int()
        elif isinstance(exponent, _abc.Rational) and int(exponent.denominator) == 1:
            exponent = int(exponent.numerator)
        if isinstance(exponent, int) and abs(exponent) > 1 and base not in (0, 1, -1):
            terms = len(base.terms) if isinstance(base, Ordinal) else 1
            size = abs(exponent) * terms if terms > 1 else 0
            bits = abs(exponent) * _bits(base)
            if size > _MAX_POWER or bits > _MAX_POWER_BITS:
                raise NotationError(f"the power at column {col} is too large to write out", self.text, col)
        try:
            result = base**exponent
            if isinstance(result, (float, complex)):  # a Dyadic or a Fraction to a fractional power
                raise TypeError
            return result
        except OrdinalError as e:
            raise NotationError(f"{e} (the power at column {col})", self.text, col) from None
        except TypeError:
            raise NotationError(
                f"cannot raise {base} to the power {exponent} (the power at column {col}): only ω takes an "
                "infinite exponent, and only integer powers of other numbers are taken",
                self.text,
                col,
            ) from None

    def atom(self) -> Any:
        kind = self.peek()
        if kind == "int":
            tok = self.tokens[self.i][1]
            self.i += 1
            if len(tok) > 4000:
                raise self.fail("an integer of at most 4000 digits")
            return _finite(int(tok))
        if kind == "omega":
            self.i += 1
            return omega
        if kind == "(":
            self.nest(self.tokens[self.i][2])
            self.i += 1
            value = self.expression()
            if self.peek() != ")":
                raise self.fail("expected ')'")
            self.i += 1
            self.depth -= 1
            return value
        raise self.fail("expected a number, ω or '('")


def parse_expression(text: str) -> Any:
    """The value of an expression in integers and ω (``omega``) with ``+ - * / ^`` and
    parentheses, as CGSuite reads it: an :class:`Ordinal`, or for a quotient a
    ``Dyadic``, ``Fraction`` or :class:`~cgtkit.surreal.Surreal`.  Malformed text raises
    :class:`~cgtkit.errors.NotationError` naming the character and its column.

    >>> parse_expression("(omega + 5) - omega"), parse_expression("3ω^2 + ω")
    (Ordinal('5'), Ordinal('3ω^2+ω'))
    >>> parse_expression("2 $ 3")
    Traceback (most recent call last):
    ...
    cgtkit.errors.NotationError: unexpected character '$' at column 3
      2 $ 3
        ^
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_expression takes a str, not {type(text).__name__}")
    parser = _Parser(text)
    if not parser.tokens:
        raise NotationError("an empty expression", text, 1)
    value = parser.expression()
    if parser.i != len(parser.tokens):
        raise parser.fail("expected an operator or the end")
    return value
