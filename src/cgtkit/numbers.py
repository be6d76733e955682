"""Exact dyadic rationals p/2^q, and the simplest number between two numbers.

The numbers that short games can equal are exactly the dyadic rationals.  A
:class:`Dyadic` is immutable and always normalised: ``p`` is odd unless ``q == 0``,
so two equal values have equal fields.  Python ints are unbounded, so no value ever
overflows (a 64-bit ``p/2^q`` would).

>>> Dyadic("3/4") + Dyadic(1, 4)
Dyadic('1')
>>> simplest_between(Dyadic("1/4"), 1)
Dyadic('1/2')
>>> simplest_between(10**12, None)
Dyadic('1000000000001')
"""

from __future__ import annotations

import math
import numbers as _abc
import operator
import re
import sys
from fractions import Fraction
from typing import Any, Callable, Union

from .errors import EmptyIntervalError, NotDyadicError, quoted, shown_number

__all__ = ["Dyadic", "DyadicLike", "simplest_between", "as_dyadic", "decimal", "dyadic_parts", "dyadic_compare"]

DyadicLike = Union["Dyadic", int, str, Fraction]

_HASH_MODULUS = sys.hash_info.modulus  # 2**61 - 1 on 64-bit CPython
_RATIONAL = re.compile(r"\s*([+-]?\d+)\s*(?:/\s*(\d+)\s*)?\Z")


_STR_BITS = 12_000  # below CPython's 4300-digit limit on str(int)


def decimal(n: int) -> str:
    """All the decimal digits of n, however many (``str(n)`` refuses ints of more than
    4300 digits): a huge n is split by a power of ten and each half written alone.

    >>> decimal(-1234), len(decimal(2**100000)), decimal(10**5000).count("0")
    ('-1234', 30103, 5000)
    """
    if n.bit_length() <= _STR_BITS:
        return str(n)
    if n < 0:
        return "-" + decimal(-n)
    k = n.bit_length() * 30103 // 200000  # about half the digits (log10(2) = 0.30103)
    high, low = divmod(n, 10**k)
    return decimal(high) + decimal(low).zfill(k)


def _split(numerator: int, denominator: int) -> tuple[int, int]:
    """Return (p, q) with numerator/denominator == p/2^q normalised, or raise."""
    if denominator == 0:
        raise ZeroDivisionError("dyadic rational with denominator 0")
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    g = math.gcd(numerator, denominator)
    numerator //= g
    denominator //= g
    if denominator & (denominator - 1):
        raise NotDyadicError(
            f"{shown_number(numerator)}/{shown_number(denominator)} is not a dyadic rational: its denominator "
            "is not a power of two, so no short game has this value"
        )
    return numerator, denominator.bit_length() - 1


_DyadicOp = Callable[["Dyadic", "Dyadic"], Any]
_Method = Callable[["Dyadic", object], Any]


def _operators(dyadic_op: _DyadicOp, fraction_op: Callable[[Any, Any], Any]) -> tuple[_Method, _Method]:
    """The forward and reverse operator of one arithmetic operation, written once:
    exact as a Dyadic with an int or a Dyadic, as a Fraction with any other
    rational, as a float or a complex with those (as fractions.Fraction does)."""

    def forward(a: "Dyadic", b: object) -> Any:
        o = Dyadic._coerce(b)
        if o is not None:
            return dyadic_op(a, o)
        if isinstance(b, _abc.Rational):
            return fraction_op(a.as_fraction(), b)
        if isinstance(b, float):
            return fraction_op(float(a), b)
        if isinstance(b, complex):
            return fraction_op(complex(a), b)
        return NotImplemented

    def reverse(b: "Dyadic", a: object) -> Any:
        o = Dyadic._coerce(a)
        if o is not None:
            return dyadic_op(o, b)
        if isinstance(a, _abc.Rational):
            return fraction_op(Fraction(int(a.numerator), int(a.denominator)), b.as_fraction())
        if isinstance(a, float):
            return fraction_op(a, float(b))
        if isinstance(a, complex):
            return fraction_op(a, complex(b))
        return NotImplemented

    forward.__name__ = "__" + fraction_op.__name__ + "__"
    reverse.__name__ = "__r" + fraction_op.__name__ + "__"
    return forward, reverse


def _order(test: Callable[[int], bool]) -> Callable[["Dyadic", object], bool]:
    """One order comparison (<, <=, >, >=) from its test on the sign of a - b."""

    def compare(self: "Dyadic", other: object) -> bool:
        if isinstance(other, float) and math.isnan(other):
            return False
        c = self._cmp(other)
        return NotImplemented if c is None else test(c)

    return compare


class Dyadic(_abc.Rational):
    """An exact dyadic rational ``p / 2**q``.

    ``Dyadic(3, 4)`` is 3/4 (numerator, denominator); ``Dyadic("-3/8")``, ``Dyadic(5)``
    and ``Dyadic(Fraction(1, 2))`` parse or convert.  A denominator that is not a
    power of two after reduction raises :class:`~cgtkit.errors.NotDyadicError`.

    >>> Dyadic("6/8"), Dyadic(-5), Dyadic(3, 4).half()
    (Dyadic('3/4'), Dyadic('-5'), Dyadic('3/8'))
    >>> Dyadic("1/2") == Fraction(1, 2) and hash(Dyadic(7)) == hash(7)
    True
    """

    __slots__ = ("_p", "_q", "_hash")

    _p: int
    _q: int
    _hash: int | None

    def __new__(cls, value: object = 0, denominator: int | None = None) -> "Dyadic":
        if denominator is not None:
            if not (isinstance(value, int) and isinstance(denominator, int)):
                raise TypeError("Dyadic(numerator, denominator) takes two ints")
            return cls.from_exponent(*_split(value, denominator))
        if type(value) is Dyadic:
            return value  # immutable: share it
        if isinstance(value, bool):
            raise TypeError("a bool is not a number here")
        if isinstance(value, int):
            return cls.from_exponent(value, 0)
        if isinstance(value, Dyadic):
            return cls.from_exponent(value._p, value._q)
        if isinstance(value, str):
            return cls._parse(value)
        if isinstance(value, _abc.Rational):
            return cls.from_exponent(*_split(int(value.numerator), int(value.denominator)))
        if isinstance(value, float):
            raise TypeError(
                f"cgtkit never takes floats as game values ({value!r}); pass a string such as '3/4' or an int"
            )
        raise TypeError(f"cannot make a Dyadic from {type(value).__name__} {value!r}")

    @classmethod
    def from_exponent(cls, p: int, q: int) -> "Dyadic":
        """The dyadic ``p / 2**q`` for any ints ``p`` and ``q`` (``q`` may be negative),
        normalised so that the numerator is odd or the exponent 0; the inverse of
        (:attr:`numerator`, :attr:`exponent`), and cheaper than ``Dyadic(p, 2**q)``
        (no gcd).

        >>> Dyadic.from_exponent(6, 3), Dyadic.from_exponent(3, -2), Dyadic.from_exponent(0, 9)
        (Dyadic('3/4'), Dyadic('12'), Dyadic('0'))
        """
        if q < 0:
            p, q = p << -q, 0
        if p == 0:
            q = 0
        elif q:
            tz = (p & -p).bit_length() - 1
            if tz:
                shift = min(tz, q)
                p >>= shift
                q -= shift
        self = object.__new__(cls)
        self._p = p
        self._q = q
        self._hash = None
        return self

    @classmethod
    def _parse(cls, text: str) -> "Dyadic":
        match = _RATIONAL.match(text)
        if match is None:
            try:
                frac = Fraction(text.strip())  # decimals such as "0.375"
            except (ValueError, ZeroDivisionError):
                raise NotDyadicError(
                    f"cannot read {quoted(text)} as a dyadic rational (expected e.g. '3/4', '-5', '0.375')"
                ) from None
            return cls.from_exponent(*_split(frac.numerator, frac.denominator))
        try:
            num = int(match.group(1))
            den = int(match.group(2)) if match.group(2) is not None else 1
        except ValueError:  # Python reads at most 4300 digits
            raise NotDyadicError(f"cannot read {quoted(text)}: it has more digits than Python reads (4300)") from None
        return cls.from_exponent(*_split(num, den))

    # --- fields -----------------------------------------------------------------
    @property
    def numerator(self) -> int:
        """The numerator p of p/2^q in lowest terms."""
        return self._p

    @property
    def denominator(self) -> int:
        """The denominator 2^q in lowest terms."""
        return 1 << self._q

    @property
    def exponent(self) -> int:
        """q, the power of two in the denominator (0 for an integer)."""
        return self._q

    def is_integer(self) -> bool:
        """True when the value is an integer."""
        return self._q == 0

    def half(self) -> "Dyadic":
        """This value divided by two."""
        return Dyadic.from_exponent(self._p, self._q + 1)

    def shift(self, k: int) -> "Dyadic":
        """This value times 2**k (k may be negative)."""
        return Dyadic.from_exponent(self._p, self._q - k)

    def as_fraction(self) -> Fraction:
        """The same value as a :class:`fractions.Fraction`."""
        return Fraction(self._p, 1 << self._q)

    # --- text ---------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Dyadic('{self}')"

    def __str__(self) -> str:
        if self._q == 0:
            return decimal(self._p)
        return f"{decimal(self._p)}/{decimal(1 << self._q)}"

    # --- arithmetic ----------------------------------------------------------------
    @staticmethod
    def _coerce(other: object) -> "Dyadic | None":
        if isinstance(other, Dyadic):
            return other
        if isinstance(other, int) and not isinstance(other, bool):
            return Dyadic.from_exponent(other, 0)
        return None

    def _aligned(self, other: "Dyadic") -> tuple[int, int, int]:
        q = max(self._q, other._q)
        return self._p << (q - self._q), other._p << (q - other._q), q

    def _add(self, o: "Dyadic") -> "Dyadic":
        a, b, q = self._aligned(o)
        return Dyadic.from_exponent(a + b, q)

    def _sub(self, o: "Dyadic") -> "Dyadic":
        a, b, q = self._aligned(o)
        return Dyadic.from_exponent(a - b, q)

    def _mul(self, o: "Dyadic") -> "Dyadic":
        return Dyadic.from_exponent(self._p * o._p, self._q + o._q)

    def _div(self, o: "Dyadic") -> "Dyadic":
        if o._p == 0:
            raise ZeroDivisionError("division of a Dyadic by zero")
        return Dyadic.from_exponent(*_split(self._p << o._q, o._p << self._q))

    def _floordiv(self, o: "Dyadic") -> int:
        return math.floor(self.as_fraction() / o.as_fraction())

    def _mod(self, o: "Dyadic") -> "Dyadic":
        return self._sub(o._mul(Dyadic.from_exponent(self._floordiv(o), 0)))

    __add__, __radd__ = _operators(_add, operator.add)
    __sub__, __rsub__ = _operators(_sub, operator.sub)
    __mul__, __rmul__ = _operators(_mul, operator.mul)
    __truediv__, __rtruediv__ = _operators(_div, operator.truediv)
    __floordiv__, __rfloordiv__ = _operators(_floordiv, operator.floordiv)
    __mod__, __rmod__ = _operators(_mod, operator.mod)

    def __divmod__(self, other: object) -> tuple[Any, Any]:
        q = self // other
        return (NotImplemented, NotImplemented) if q is NotImplemented else (q, self - other * q)

    def __rdivmod__(self, other: object) -> tuple[Any, Any]:
        q = other // self
        return q, other - self * q

    def __pow__(self, exponent: object) -> Any:
        """An int power is exact (a negative one must leave a dyadic, else
        NotDyadicError); any other exponent gives a float, as for Fraction."""
        if isinstance(exponent, int) and not isinstance(exponent, bool):
            if exponent >= 0:
                return Dyadic.from_exponent(self._p**exponent, self._q * exponent)
            return Dyadic(1) / Dyadic.from_exponent(self._p ** (-exponent), self._q * -exponent)
        if isinstance(exponent, Dyadic) and exponent._q == 0:
            return self**exponent._p
        if isinstance(exponent, (_abc.Rational, float, complex)):
            return float(self) ** exponent
        return NotImplemented

    def __rpow__(self, base: object) -> Any:
        if self._q == 0:
            return base**self._p  # type: ignore[operator]
        return base ** float(self)  # type: ignore[operator]

    def __neg__(self) -> "Dyadic":
        return Dyadic.from_exponent(-self._p, self._q)

    def __pos__(self) -> "Dyadic":
        return self

    def __abs__(self) -> "Dyadic":
        return self if self._p >= 0 else -self

    def __trunc__(self) -> int:
        return -((-self._p) >> self._q) if self._p < 0 else self._p >> self._q

    def __floor__(self) -> int:
        return self._p >> self._q

    def __ceil__(self) -> int:
        return -((-self._p) >> self._q)

    def __round__(self, ndigits: int | None = None) -> Any:
        """Without ``ndigits`` the nearest int (a half to the even one); with it the
        exact decimal rounding, as a :class:`fractions.Fraction` (as Fraction does:
        a decimal fraction such as 2/5 is seldom dyadic).

        >>> round(Dyadic(5, 2)), round(Dyadic(3, 8), 1), round(Dyadic(3, 8), 2)
        (2, Fraction(2, 5), Fraction(19, 50))
        """
        return round(self.as_fraction(), ndigits) if ndigits is not None else round(self.as_fraction())

    def __int__(self) -> int:
        return self.__trunc__()

    def __float__(self) -> float:
        return self._p / (1 << self._q)  # int / int is correctly rounded, as Fraction's float()

    def __bool__(self) -> bool:
        return self._p != 0

    # --- order and hashing ------------------------------------------------------
    def _cmp(self, other: object) -> int | None:
        o = Dyadic._coerce(other)
        if o is None:
            if isinstance(other, float):
                if math.isnan(other):
                    return None
                if math.isinf(other):
                    return -1 if other > 0 else 1
                other = Fraction(other)  # exact, as Fraction compares with floats
            if isinstance(other, _abc.Rational):
                diff = self.as_fraction() - Fraction(int(other.numerator), int(other.denominator))
                return (diff > 0) - (diff < 0)
            return None
        a, b, _ = self._aligned(o)
        return (a > b) - (a < b)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dyadic):
            return self._p == other._p and self._q == other._q
        if isinstance(other, float) and math.isnan(other):
            return False
        if isinstance(other, complex):
            return other.imag == 0 and self == other.real
        c = self._cmp(other)
        return NotImplemented if c is None else c == 0

    __lt__ = _order(lambda c: c < 0)
    __le__ = _order(lambda c: c <= 0)
    __gt__ = _order(lambda c: c > 0)
    __ge__ = _order(lambda c: c >= 0)

    def __hash__(self) -> int:  # type: ignore[override]  # numbers.Complex declares __hash__ = None
        h = self._hash
        if h is None:
            # Python's hash of the rational p/2^q (so Dyadic(1, 2), Fraction(1, 2) and
            # 0.5 hash alike): |p| times the inverse of 2^q modulo the hash modulus
            inv = pow(pow(2, self._q, _HASH_MODULUS), -1, _HASH_MODULUS)
            h = (abs(self._p) % _HASH_MODULUS) * inv % _HASH_MODULUS
            if self._p < 0:
                h = -h
            if h == -1:
                h = -2
            self._hash = h
        return h

    def __reduce__(self) -> tuple[type, tuple[int, int]]:
        return (Dyadic, (self._p, 1 << self._q))

    def __copy__(self) -> "Dyadic":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Dyadic":
        return self


#: ``dyadic_parts(x)`` is ``(x.numerator, x.exponent)``, read in one C-level call: for
#: the hot loops of the NUS arithmetic (:mod:`cgtkit.backend.python.short.nus`, the engines), where two
#: property reads cost about three times as much.
#:
#: >>> dyadic_parts(Dyadic(-3, 8))
#: (-3, 3)
dyadic_parts: Callable[[Dyadic], tuple[int, int]] = operator.attrgetter("_p", "_q")


def dyadic_compare(x: Dyadic, y: Dyadic) -> int:
    """-1, 0 or 1 as ``x < y``, ``x == y`` or ``x > y``, for two Dyadics (no coercion):
    the comparison of the hot loops of the NUS arithmetic, several times cheaper than
    ``x < y`` (which accepts any number).

    >>> dyadic_compare(Dyadic(1, 2), Dyadic(3, 4)), dyadic_compare(Dyadic(5), Dyadic(5))
    (-1, 0)
    """
    px, qx, py, qy = x._p, x._q, y._p, y._q
    if px == py and qx == qy:  # normalised: equal fields are equal values
        return 0
    if qx <= qy:
        return -1 if (px << (qy - qx)) < py else 1
    return -1 if px < (py << (qx - qy)) else 1


def as_dyadic(value: DyadicLike) -> Dyadic:
    """Convert an int, string, Fraction or Dyadic to a :class:`Dyadic`.

    >>> as_dyadic("-3/8")
    Dyadic('-3/8')
    """
    return Dyadic(value)


def simplest_between(lo: DyadicLike | None, hi: DyadicLike | None) -> Dyadic:
    """The simplest number x with lo < x < hi; ``None`` means unbounded on that side.

    This is the value of the game {lo | hi} when both sides are numbers.  It takes
    O(log) steps in the size of the numbers (not one integer at a time).

    >>> simplest_between(None, None), simplest_between(None, -2), simplest_between("5/8", "3/4")
    (Dyadic('0'), Dyadic('-3'), Dyadic('11/16'))
    >>> simplest_between(1, 1)
    Traceback (most recent call last):
    ...
    cgtkit.errors.EmptyIntervalError: simplest_between(1, 1): no number lies strictly between, since lo >= hi
    """
    low = None if lo is None else Dyadic(lo)
    high = None if hi is None else Dyadic(hi)
    if low is not None and high is not None and low >= high:
        raise EmptyIntervalError(f"simplest_between({low}, {high}): no number lies strictly between, since lo >= hi")
    if (low is None or low._p < 0) and (high is None or high._p > 0):
        return Dyadic.from_exponent(0, 0)
    if high is None or (low is not None and low._p >= 0):
        # everything is >= 0 here: the least integer above lo, if it fits
        assert low is not None  # both None returned 0 above
        candidate = math.floor(low) + 1
        if high is None or candidate < high:
            return Dyadic.from_exponent(candidate, 0)
    else:
        candidate = math.ceil(high) - 1  # everything is <= 0 here
        if low is None or candidate > low:
            return Dyadic.from_exponent(candidate, 0)
    # No integer fits: the answer is the dyadic with the least denominator in the
    # interval.  In units of 2^-q (q the larger exponent) it is the integer of [a, b]
    # divisible by the highest power of two.  a and b agree above their highest
    # differing bit t, where a has 0 and b has 1: that integer is a itself if a has no
    # bit set at or below t, else the common prefix with bit t set and nothing below.
    # A constant number of big-int operations, so 6000-bit denominators stay cheap.
    assert low is not None and high is not None  # an unbounded side always fits an integer
    q = max(low._q, high._q)
    a = (low._p << (q - low._q)) + 1
    b = (high._p << (q - high._q)) - 1
    if a > b:  # lo and hi are neighbours at 2^-q: their midpoint, one level down
        return Dyadic.from_exponent(2 * a - 1, q + 1)
    top = (a ^ b).bit_length() - 1
    if top < 0 or a & ((2 << top) - 1) == 0:
        m = a
    else:
        m = (b >> top) << top
    zeros = (m & -m).bit_length() - 1
    return Dyadic.from_exponent(m >> zeros, q - zeros)
