"""Nimbers indexed by the ordinals below ω^(ω^ω): the algebraic closure of GF(2).

Under nim addition and nim multiplication the ordinals below ω^(ω^ω) form a field, the
algebraic closure of {0, 1} (Conway, *On Numbers and Games*, ch. 6).  An ordinal
``Σ ω^β c`` (β < ω^ω, c finite) is the nim polynomial ``Σ c·ω^β`` in the generators

* the finite Fermat 2-powers ``2^(2^n)`` (the finite nimbers, :mod:`cgtkit.nimbers`);
* ``κ_(p^(n+1)) = ω^(ω^j · p^n)`` for the j-th odd prime p (3, 5, 7, 11, ... for
  j = 0, 1, 2, 3, ...), with ``κ_(p^(n+1))^p = κ_(p^n)`` for n ≥ 1 and
  ``κ_p^p = α_p``,

so ``ω^β``, with ``β = Σ ω^j a_j`` and each ``a_j`` written in base p_j, is the product of
the κ's raised to those digits, and multiplying two terms adds the digits, a carry
running down (``κ_(p^(n+1))^p = κ_(p^n)``) and off the end into ``α_p``.

``α_p`` is the least ordinal below ``κ_p`` that is not a p-th power there (ω^3 = 2,
(ω^ω)^5 = 4, (ω^(ω^2))^7 = ω + 1).  Lenstra ("On the algebraic closure of two", 1977)
showed ``α_p = κ_(f(p)) + m_p``, f(p) the order of 2 mod p, κ_h a sum of the κ_q over a
set Q(p) of prime powers q (Lenstra's Q-set), and m_p a small integer, the *excess*;
:func:`lenstra_alpha` computes all three by his method (x is a p-th power exactly when
its norm down to GF(2^f(p)), raised to (2^f(p) - 1)/p, is 1), and nothing here is a
table: the values are recomputed on first use and cached.  The search runs in a finite
field in a polynomial basis (:class:`_Ambient`, on :mod:`cgtkit.binary_fields`) that the
tower is embedded in, every odd prime up to 257 in under a second; the tower's own
arithmetic is its twin (:func:`_lenstra_by_tower`).

>>> w = TransfiniteNimber("*ω")
>>> w**3, TransfiniteNimber("*ω^ω")**5, TransfiniteNimber("*ω^(ω^2)")**7
(TransfiniteNimber('*2'), TransfiniteNimber('*4'), TransfiniteNimber('*(ω+1)'))
>>> (w + 1) * (w + 1), w.inverse(), w.sqrt() ** 2 == w
(TransfiniteNimber('*(ω^2+1)'), TransfiniteNimber('*(3ω^2)'), True)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable, Union

from .binary_fields import FlatField, RadicalField, ReducibleError, flat_field, is_not_rth_power, prime_factors, trace
from .errors import OrdinalError, shown_number
from .nimbers import nim_inverse, nim_product
from .ordinals import Ordinal, operator_pair
from .primes import is_probable_prime

__all__ = [
    "TransfiniteNimber",
    "NimberLike",
    "lenstra_alpha",
    "LenstraAlpha",
    "odd_prime",
    "nim_power_by_squaring",
]

NimberLike = Union["TransfiniteNimber", Ordinal, int, str]

# An element is a dict {monomial: coefficient}: a monomial is the tuple (a_0, ..., a_(k-1))
# of the coefficients of ω^0, ..., ω^(k-1) in the exponent β of ω^β (no trailing zero),
# a coefficient a nonzero finite nimber (an int).
_Mono = tuple[int, ...]
_Elem = dict[_Mono, int]

_ODD_PRIMES: list[int] = [3]


def odd_prime(j: int) -> int:
    """The j-th odd prime, from 0: 3, 5, 7, 11, ... (κ_p = ω^(ω^j) belongs to it).

    >>> [odd_prime(j) for j in range(6)]
    [3, 5, 7, 11, 13, 17]
    """
    while len(_ODD_PRIMES) <= j:
        n = _ODD_PRIMES[-1] + 2
        while not is_probable_prime(n):
            n += 2
        _ODD_PRIMES.append(n)
    return _ODD_PRIMES[j]


def _prime_index(p: int) -> int:
    j = 0
    while odd_prime(j) < p:
        j += 1
    if odd_prime(j) != p:
        raise ValueError(f"{p} is not an odd prime")
    return j


def _digits(a: int, p: int) -> list[int]:
    out = []
    while a:
        a, d = divmod(a, p)
        out.append(d)
    return out


def _digit_sum(a: int, b: int, p: int) -> tuple[int, bool]:
    """The exponent of κ-powers whose digits (base p) are those of a and b added, each
    carry running one digit down (κ_(p^(n+1))^p = κ_(p^n)); and whether a carry ran off
    the last digit (a factor κ_p^p = α_p)."""
    da, db = _digits(a, p), _digits(b, p)
    n = max(len(da), len(db))
    da += [0] * (n - len(da))
    db += [0] * (n - len(db))
    carry = 0
    out = [0] * n
    for i in reversed(range(n)):
        s = da[i] + db[i] + carry
        carry = 1 if s >= p else 0
        out[i] = s - p if carry else s
    value = 0
    for d in reversed(out):
        value = value * p + d
    return value, bool(carry)


def _strip(m: _Mono) -> _Mono:
    n = len(m)
    while n and not m[n - 1]:
        n -= 1
    return m[:n]


@lru_cache(maxsize=1 << 16)
def _mono_mul(m1: _Mono, m2: _Mono) -> tuple[tuple[_Mono, int], ...]:
    """ω^β1 · ω^β2 as an element (a tuple of its items)."""
    k = max(len(m1), len(m2))
    if k == 0:
        return (((), 1),)
    j = k - 1
    a = m1[j] if j < len(m1) else 0
    b = m2[j] if j < len(m2) else 0
    top, overflow = _digit_sum(a, b, odd_prime(j))
    lower: _Elem = dict(_mono_mul(_strip(m1[:j]), _strip(m2[:j])))
    if overflow:
        lower = _mul(lower, _alpha(odd_prime(j)))
    if not top:
        return tuple(lower.items())
    return tuple((m + (0,) * (j - len(m)) + (top,), c) for m, c in lower.items())


def _add_into(out: _Elem, m: _Mono, c: int) -> None:
    v = out.get(m, 0) ^ c
    if v:
        out[m] = v
    else:
        out.pop(m, None)


def _sum(x: _Elem, y: _Elem) -> _Elem:
    out = dict(x)
    for m, c in y.items():
        _add_into(out, m, c)
    return out


_SMALL: list[list[int]] = []  # nim products of the coefficients below 16, the common case


def _cmul(a: int, b: int) -> int:
    """The nim product of two finite coefficients (a table for those below 16)."""
    if a < 16 and b < 16:
        if not _SMALL:
            _SMALL.extend([nim_product(i, j) for j in range(16)] for i in range(16))
        return _SMALL[a][b]
    return nim_product(a, b)


def _mul(x: _Elem, y: _Elem) -> _Elem:
    out: _Elem = {}
    for m1, c1 in x.items():
        for m2, c2 in y.items():
            c = _cmul(c1, c2)
            for m, c3 in _mono_mul(m1, m2):
                _add_into(out, m, c if c3 == 1 else _cmul(c, c3))
    return out


def _square(x: _Elem) -> _Elem:
    """x^2: in characteristic 2 the cross terms cancel, so Σ c^2 m^2."""
    out: _Elem = {}
    for m, c in x.items():
        c2 = _cmul(c, c)
        for mm, c3 in _mono_mul(m, m):
            _add_into(out, mm, c2 if c3 == 1 else _cmul(c2, c3))
    return out


def _frobenius(x: _Elem, times: int) -> _Elem:
    """x^(2^times)."""
    for _ in range(times):
        x = _square(x)
    return x


def _power(x: _Elem, n: int) -> _Elem:
    """x^n (n >= 0) by square-and-multiply."""
    result: _Elem = {(): 1}
    while n:
        if n & 1:
            result = _mul(result, x)
        n >>= 1
        if n:
            x = _square(x)
    return result


def _finite_degree(c: int) -> int:
    """The degree over GF(2) of the smallest finite field GF(2^(2^n)) holding c."""
    d = 1
    while c >> d:
        d *= 2
    return d


def _degree_bound(x: _Elem) -> int:
    """A multiple of the degree of x over GF(2): the lcm of the degrees of the fields of
    its coefficients and generators (κ_(p^n) has degree p^n times that of α_p)."""
    d = 1
    for m, c in x.items():
        d = math.lcm(d, _finite_degree(c))
        for j, a in enumerate(m):
            if a:
                p = odd_prime(j)
                n = len(_digits(a, p))
                d = math.lcm(d, p**n * _fast_degree(_alpha(p)))
    return d


def _degree(x: _Elem) -> int:
    """The degree of x over GF(2): the least d with x^(2^d) = x."""
    d = _degree_bound(x)
    for r in prime_factors(d):
        while d % r == 0 and _frobenius(x, d // r) == x:
            d //= r
    return d


def _power_2k_minus_1(x: _Elem, k: int) -> _Elem:
    """x^(2^k - 1) with O(log k) products (Itoh and Tsujii): from y = x^(2^i - 1),
    y^(2^i) y = x^(2^(2i) - 1) and y^2 x = x^(2^(i+1) - 1)."""
    y, i = x, 1
    for bit in bin(k)[3:]:
        y = _mul(_frobenius(y, i), y)
        i *= 2
        if bit == "1":
            y = _mul(_square(y), x)
            i += 1
    return y


def _inverse_by_fermat(x: _Elem) -> _Elem:
    """1/x = x^(2^d - 2) = (x^(2^(d-1) - 1))^2, d a multiple of the degree (the twin of
    :func:`_inverse`: d squarings, so slow in a field of large degree)."""
    if not x:
        raise ZeroDivisionError("0 has no nim inverse")
    d = _degree_bound(x)
    if d == 1:
        return x
    return _square(_power_2k_minus_1(x, d - 1))


def _top(x: _Elem) -> tuple[int, int] | None:
    """The highest generator κ_(p^(n+1)) in x, as (j, n) (p the j-th odd prime), or None
    when x is finite."""
    best: tuple[int, int] | None = None
    for m in x:
        if m:
            j = len(m) - 1
            top = (j, len(_digits(m[j], odd_prime(j))) - 1)
            if best is None or top > best:
                best = top
    return best


def _split(x: _Elem, j: int, n: int) -> list[_Elem]:
    """x = Σ c_e κ^e (e < p) for κ = κ_(p^(n+1)) its top generator: the c_e, each in the
    field below κ."""
    p = odd_prime(j)
    unit = p**n
    out: list[_Elem] = [{} for _ in range(p)]
    for m, c in x.items():
        e = (m[j] // unit) % p if j < len(m) else 0
        lower = m if not e else _strip(m[:j] + (m[j] - e * unit,) + m[j + 1 :])
        out[e][lower] = c
    return out


def _poly_divmod(a: list[_Elem], b: list[_Elem]) -> tuple[list[_Elem], list[_Elem]]:
    """Division with remainder of polynomials over a field of nimbers (coefficient lists,
    constant first, b's leading coefficient nonzero)."""
    a = [dict(c) for c in a]
    q: list[_Elem] = [{} for _ in range(max(len(a) - len(b) + 1, 1))]
    lead_inverse = _inverse(b[-1])
    while len(a) >= len(b) and any(a):
        if not a[-1]:
            a.pop()
            continue
        shift = len(a) - len(b)
        c = _mul(a[-1], lead_inverse)
        q[shift] = _sum(q[shift], c)
        for i, bc in enumerate(b):
            a[shift + i] = _sum(a[shift + i], _mul(c, bc))
        a.pop()
    while a and not a[-1]:
        a.pop()
    return q, a


def _poly_mul(a: list[_Elem], b: list[_Elem]) -> list[_Elem]:
    out: list[_Elem] = [{} for _ in range(max(len(a) + len(b) - 1, 0))]
    for i, x in enumerate(a):
        for k, y in enumerate(b):
            if x and y:
                out[i + k] = _sum(out[i + k], _mul(x, y))
    return out


def _poly_sum(a: list[_Elem], b: list[_Elem]) -> list[_Elem]:
    n = max(len(a), len(b))
    return [_sum(a[i] if i < len(a) else {}, b[i] if i < len(b) else {}) for i in range(n)]


def _inverse(x: _Elem) -> _Elem:
    """1/x by the tower: with κ the top generator of x (κ^p = c below κ), x is a
    polynomial of degree < p in κ over the field below, and the extended Euclidean
    algorithm against X^p - c gives its inverse; the field below recurses, down to the
    finite nimbers (:func:`cgtkit.nimbers.nim_inverse`)."""
    if not x:
        raise ZeroDivisionError("0 has no nim inverse")
    top = _top(x)
    if top is None:
        return {(): nim_inverse(x[()])}
    j, n = top
    p = odd_prime(j)
    kappa = {(0,) * j + (p**n,): 1}
    c = _power(kappa, p)  # κ^p, below κ
    r0: list[_Elem] = [c] + [{} for _ in range(p - 1)] + [{(): 1}]  # X^p - c (= X^p + c)
    r1 = _split(x, j, n)
    while r1 and not r1[-1]:
        r1.pop()
    s0: list[_Elem] = []
    s1: list[_Elem] = [{(): 1}]
    while len(r1) > 1:
        q, r = _poly_divmod(r0, r1)
        r0, r1 = r1, r
        s0, s1 = s1, _poly_sum(s0, _poly_mul(q, s1))
    scale = _inverse(r1[0])
    out: _Elem = {}
    for e, coefficient in enumerate(s1):
        for m, cm in _mul(coefficient, scale).items():
            lifted = m + (0,) * (j + 1 - len(m)) if len(m) <= j else m
            lifted = lifted[:j] + (lifted[j] + e * p**n,) + lifted[j + 1 :]
            _add_into(out, _strip(lifted), cm)
    return out


def _norm(x: _Elem, d: int, f: int) -> _Elem:
    """The norm of x from GF(2^d) down to GF(2^f) (f | d, x in GF(2^d)):
    Π x^(2^(f i)) over i < d/f, with O(log(d/f)) products."""
    t = d // f
    y, i = x, 1  # y = Π_(i' < i) x^(2^(f i'))
    for bit in bin(t)[3:]:
        y = _mul(_frobenius(y, f * i), y)
        i *= 2
        if bit == "1":
            y = _mul(_frobenius(y, f), x)
            i += 1
    return y


def _order_of_two(p: int) -> int:
    f, v = 1, 2 % p
    while v != 1:
        v = v * 2 % p
        f += 1
    return f


def _is_pth_power(x: _Elem, p: int) -> bool:
    """Whether x (an element below κ_p) is a p-th power of an element below κ_p.

    Below κ_p every field degree has prime factors < p, so the p-part of the
    multiplicative group is cyclic of order p^t, t the power of p in 2^f - 1 (f the
    order of 2 mod p); x is a p-th power exactly when x^((2^d - 1)/p) = 1 for d a
    multiple of f and of x's degree, i.e. when its norm to GF(2^f), raised to
    (2^f - 1)/p, is 1."""
    if not x:
        return True
    f = _order_of_two(p)
    d = math.lcm(_degree_bound(x), f)
    return _power(_norm(x, d, f), (2**f - 1) // p) == {(): 1}


def _is_pth_power_by_exponent(x: _Elem, p: int) -> bool:
    """The twin of :func:`_is_pth_power`: x^((2^d - 1)/p) by square-and-multiply."""
    if not x:
        return True
    d = math.lcm(_degree_bound(x), _order_of_two(p))
    return _power(x, (2**d - 1) // p) == {(): 1}


def _kappa_prime_power(r: int, v: int) -> _Elem:
    """κ_(r^v): the Fermat 2-power 2^(2^(v-1)) for r = 2, else ω^(ω^j r^(v-1))."""
    if r == 2:
        return {(): 1 << (1 << (v - 1))}
    j = _prime_index(r)
    return {(0,) * j + (r ** (v - 1),): 1}


def _kappa(h: int, degree: Callable[[_Elem], int]) -> tuple[_Elem, tuple[int, ...]]:
    """Lenstra's κ_h and its Q-set: with q the full power of the least prime dividing h
    and g = h/q, κ_h = κ_g when q divides the degree of κ_g (``degree`` finds it), else
    κ_g + κ_q."""
    r = prime_factors(h)[0]
    q, v = 1, 0
    while h % (q * r) == 0:
        q *= r
        v += 1
    kq = _kappa_prime_power(r, v)
    if q == h:
        return kq, (q,)
    kg, qs = _kappa(h // q, degree)
    if degree(kg) % q == 0:
        return kg, qs
    return _sum(kg, kq), (q,) + qs


class LenstraAlpha(tuple[int, int, tuple[int, ...], "TransfiniteNimber"]):
    """``(p, excess, q_set, alpha)``: α_p = κ_(f(p)) + excess (an ordinal sum), κ_(f(p))
    the nim sum of the κ_q over the Q-set."""

    __slots__ = ()

    @property
    def p(self) -> int:
        return self[0]

    @property
    def excess(self) -> int:
        return self[1]

    @property
    def q_set(self) -> tuple[int, ...]:
        return self[2]

    @property
    def alpha(self) -> "TransfiniteNimber":
        return self[3]


_ALPHAS: dict[int, tuple[_Elem, int, tuple[int, ...]]] = {}
_TOWER_ALPHAS: dict[int, tuple[_Elem, int, tuple[int, ...]]] = {}


def _excess_search(
    p: int, degree: Callable[[_Elem], int], is_pth_power: Callable[[_Elem], bool]
) -> tuple[_Elem, int, tuple[int, ...]]:
    """Lenstra's method: κ = κ_(f(p)) and its Q-set, then the least m with κ + m not a
    p-th power (the ordinal κ + m: m added to κ's finite part)."""
    kappa, q_set = _kappa(_order_of_two(p), degree)
    finite = kappa.get((), 0)
    m = 0
    while True:
        x = dict(kappa)
        x.pop((), None)
        if finite + m:
            x[()] = finite + m
        if not is_pth_power(x):
            return x, m, q_set
        m += 1


def _lenstra(p: int) -> tuple[_Elem, int, tuple[int, ...]]:
    """α_p, the excess and the Q-set, by the fast route (:class:`_Ambient`)."""
    got = _ALPHAS.get(p)
    if got is None:
        got = _excess_search(p, _fast_degree, lambda x: _fast_is_pth_power(x, p))
        _ALPHAS[p] = got
    return got


def _lenstra_by_tower(p: int) -> tuple[_Elem, int, tuple[int, ...]]:
    """The twin of :func:`_lenstra`: the same search with the κ-tower's own arithmetic
    (degrees by Frobenius maps and the norm of :func:`_is_pth_power` on dicts).  The α's
    below p it multiplies with are :func:`_lenstra`'s; checked prime by prime upwards
    against this twin, they are the twin's own."""
    got = _TOWER_ALPHAS.get(p)
    if got is None:
        got = _excess_search(p, _degree, lambda x: _is_pth_power(x, p))
        _TOWER_ALPHAS[p] = got
    return got


# --- the fast route: the tower embedded in GF(2^n) ----------------------------------------

_Key = tuple[int, int]  # (j, v): κ_(p^v) for the j-th odd prime p; (-1, k): the Fermat 2-power 2^(2^k)


def _closure_degree(x: _Elem) -> int:
    """A multiple of the degree of the field the generators of x and all those they are
    defined by generate (what a flat field must hold to embed x)."""
    d = 1
    for m, c in x.items():
        d = math.lcm(d, _finite_degree(c))
        for j, a in enumerate(m):
            if a:
                d = math.lcm(d, _generator_closure(j, len(_digits(a, odd_prime(j)))))
    return d


@lru_cache(maxsize=None)
def _generator_closure(j: int, v: int) -> int:
    """:func:`_closure_degree` of κ_(p^v), p the j-th odd prime: p^v times that of α_p."""
    p = odd_prime(j)
    closure: int = p**v * _closure_degree(_alpha(p))
    return closure


class _Ambient:
    """A field in a polynomial basis holding κ-tower elements: a flat GF(2^n) B, or
    B[K]/(K^r - c) with K one generator κ_(r^v) on top (c = κ_(r^(v-1)), or α_r when
    v = 1) and the rest in B.

    The generators' images in B are found one at a time, each from the ones it is
    defined by: a Fermat 2-power F (F^2 + F = F/2, F/2 the product of the smaller ones)
    as a root of y^2 + y = F/2, κ_(r^v) as an r-th root of κ_(r^(v-1)) or of α_r.  Any
    root will do provided the defining polynomial is irreducible over the field G the
    images so far generate (then the images extend a field embedding of the nimbers
    they generate, which keeps products, degrees and p-th powers); that is checked at
    each step (a trace of 1 over G, a c not an r-th power in G), and G grows by the
    polynomial's degree."""

    def __init__(self, n: int, top: _Key | None) -> None:
        self.base = flat_field(n)
        self.top = top
        self._images: dict[_Key, int] = {}
        self._coefficients: dict[int, int] = {0: 0, 1: 1}
        self._generated = 1  # the degree of the field the images generate
        self.field: FlatField | RadicalField
        if top is None:
            self.field = self.base
        else:
            j, v = top
            self.field = RadicalField(self.base, odd_prime(j), self._defining(j, v))

    def _adjoin(self, key: _Key, image: int, degree: int) -> int:
        self._generated *= degree
        if self.base.degree % self._generated:
            raise RuntimeError(f"the nim tower does not fit in GF(2^{self.base.degree})")  # pragma: no cover
        self._images[key] = image
        return image

    def _fermat(self, k: int) -> int:
        got = self._images.get((-1, k))
        if got is None:
            half = 1
            for i in range(k):
                half = self.base.mul(half, self._fermat(i))
            if not trace(self.base, half, self._generated):
                raise RuntimeError("y^2 + y = F/2 splits over the field so far")  # pragma: no cover
            got = self._adjoin((-1, k), self.base.artin_schreier(half), 2)
        return got

    def _defining(self, j: int, v: int) -> int:
        """κ_(p^v)^p, p the j-th odd prime: κ_(p^(v-1)), or α_p for v = 1."""
        return self._generator(j, v - 1) if v > 1 else self.embed_base(_alpha(odd_prime(j)))

    def _generator(self, j: int, v: int) -> int:
        got = self._images.get((j, v))
        if got is None:
            r = odd_prime(j)
            c = self._defining(j, v)
            if not is_not_rth_power(self.base, c, r, self._generated):
                raise RuntimeError("X^r - c splits over the field so far")  # pragma: no cover
            got = self._adjoin((j, v), self.base.root(c, r), r)
        return got

    def _coefficient(self, c: int) -> int:
        got = self._coefficients.get(c)
        if got is None:
            got, i = 0, 0
            while c >> i:
                if (c >> i) & 1:
                    term, b = 1, 0
                    while i >> b:
                        if (i >> b) & 1:
                            term = self.base.mul(term, self._fermat(b))
                        b += 1
                    got ^= term
                i += 1
            self._coefficients[c] = got
        return got

    def _monomial(self, m: _Mono) -> int:
        out = 1
        for j, a in enumerate(m):
            for i, d in enumerate(_digits(a, odd_prime(j))):
                if d:
                    out = self.base.mul(out, self.base.power(self._generator(j, i + 1), d))
        return out

    def embed_base(self, x: _Elem) -> int:
        out = 0
        for m, c in x.items():
            out ^= self.base.mul(self._coefficient(c), self._monomial(m))
        return out

    def embed(self, x: _Elem) -> int | tuple[int, ...]:
        """The image of x (its generators in this field)."""
        if self.top is None:
            return self.embed_base(x)
        j, v = self.top
        p = odd_prime(j)
        unit = p ** (v - 1)
        out = [0] * p
        for m, c in x.items():
            a = m[j] if j < len(m) else 0
            if a >= unit * p:
                raise ValueError("an element above the top generator")  # pragma: no cover
            e = a // unit
            lower = _strip(m[:j] + (a - e * unit,) + m[j + 1 :]) if e else m
            out[e] ^= self.base.mul(self._coefficient(c), self._monomial(lower))
        return tuple(out)

    def degree_of(self, x: _Elem) -> int:
        return self.field.degree_of(self.embed(x))  # type: ignore[arg-type]


_AMBIENTS: dict[tuple[int, _Key | None], _Ambient] = {}


def _ambient(n: int, top: _Key | None) -> _Ambient:
    got = _AMBIENTS.get((n, top))
    if got is None:
        got = _Ambient(n, top)
        _AMBIENTS[(n, top)] = got
    return got


def _ambient_for(x: _Elem, multiple_of: int = 1) -> _Ambient:
    """The smallest of the fields built here that holds x and has a degree divisible by
    ``multiple_of``: the field generated by x's generators, flat but for one of x's
    highest generators κ_(r^v) put on top as a radical extension of degree r (products
    then cost r^2 products of the smaller flat field, instead of those of a flat field
    r times larger)."""
    highest: dict[int, int] = {}
    finite = 1
    for m, c in x.items():
        finite = math.lcm(finite, _finite_degree(c))
        for j, a in enumerate(m):
            if a:
                highest[j] = max(highest.get(j, 0), len(_digits(a, odd_prime(j))))
    closures = {j: _generator_closure(j, v) for j, v in highest.items()}
    candidates = []
    for j, v in highest.items():
        p = odd_prime(j)
        below = _generator_closure(j, v - 1) if v > 1 else _closure_degree(_alpha(p))
        n = math.lcm(finite, below, *(d for i, d in closures.items() if i != j))
        if (n * p) % multiple_of:
            n = math.lcm(n, multiple_of)
        candidates.append((n, j, v))
    for n, j, v in sorted(candidates):
        try:
            return _ambient(n, (j, v))
        except ReducibleError:  # K^r - c has a root in GF(2^n): not a radical extension
            continue
    return _ambient(math.lcm(finite, multiple_of, *closures.values()), None)


def _fast_degree(x: _Elem) -> int:
    """The degree of x over GF(2), in the field of :func:`_ambient_for`."""
    if not x:
        return 1
    return _ambient_for(x).degree_of(x)


def _fast_is_pth_power(x: _Elem, p: int) -> bool:
    """:func:`_is_pth_power` in the field of :func:`_ambient_for` (of a degree divisible
    by f, the order of 2 mod p)."""
    if not x:
        return True
    f = _order_of_two(p)
    ambient = _ambient_for(x, f)
    return ambient.field.is_pth_power(ambient.embed(x), p, f)  # type: ignore[arg-type]


def _alpha(p: int) -> _Elem:
    return _lenstra(p)[0]


def lenstra_alpha(p: int) -> LenstraAlpha:
    """Lenstra's data of the odd prime p: the excess m_p, the Q-set and α_p = κ_p^p,
    computed (and cached) by his method.

    >>> [tuple(lenstra_alpha(p)[:3]) for p in (3, 5, 7, 11, 13)]
    [(3, 0, (2,)), (5, 0, (4,)), (7, 1, (3,)), (11, 1, (5,)), (13, 0, (4, 3))]
    >>> lenstra_alpha(7).alpha, lenstra_alpha(13).alpha
    (TransfiniteNimber('*(ω+1)'), TransfiniteNimber('*(ω+4)'))
    """
    if not (isinstance(p, int) and p > 2 and is_probable_prime(p)):
        raise ValueError(f"lenstra_alpha needs an odd prime, got {shown_number(p)}")
    x, m, q_set = _lenstra(p)
    return LenstraAlpha((p, m, q_set, TransfiniteNimber._wrap(dict(x))))


def nim_power_by_squaring(x: "TransfiniteNimber", n: int) -> "TransfiniteNimber":
    """x^n by plain square-and-multiply (the twin of the Itoh-Tsujii and norm chains)."""
    return TransfiniteNimber._wrap(_power(dict(x._elem), n))


# --- conversion to and from ordinals --------------------------------------------------------


def _from_ordinal(o: Ordinal) -> _Elem:
    if not o.is_ordinal:
        raise OrdinalError(f"the nim value {o} is not an ordinal")
    out: _Elem = {}
    for beta, c in o.terms:
        mono: list[int] = []
        for e, a in beta.terms:
            if not e.is_finite:
                raise OrdinalError(
                    f"*({o}) is not below ω^(ω^ω): cgtkit's nim arithmetic covers the ordinals below ω^(ω^ω) only"
                )
            j = e.as_int()
            mono += [0] * (j + 1 - len(mono))
            mono[j] = a
        out[tuple(mono)] = c
    return out


def _to_ordinal(x: _Elem) -> Ordinal:
    return Ordinal.from_terms((Ordinal.from_terms((j, a) for j, a in enumerate(m) if a), c) for m, c in x.items())


class TransfiniteNimber:
    """The nimber ``*α`` of an ordinal α below ω^(ω^ω), with nim arithmetic.

    ``TransfiniteNimber("*ω")``, ``TransfiniteNimber(omega + 1)`` and
    ``TransfiniteNimber(5)`` build one; ``+`` (and ``-``, the same) is the nim sum,
    ``*`` the nim product, ``/`` and ``inverse()`` divide, ``**`` takes int powers and
    ``sqrt()`` the square root.  Text is CGSuite's: ``*ω``, ``*(ω+1)``, ``*3``, ``*``, ``0``.

    >>> a, b = TransfiniteNimber("*ω"), TransfiniteNimber("*(ω+1)")
    >>> a + b, a * b, (a * b) / b == a
    (TransfiniteNimber('*'), TransfiniteNimber('*(ω^2+ω)'), True)
    """

    __slots__ = ("_elem", "_items", "_ordinal")

    _elem: _Elem
    _items: frozenset[tuple[_Mono, int]]
    _ordinal: Ordinal | None

    def __new__(cls, value: NimberLike = 0) -> "TransfiniteNimber":
        if isinstance(value, TransfiniteNimber):
            return value
        if isinstance(value, bool):
            raise TypeError("a bool is not a nimber")
        if isinstance(value, int):
            if value < 0:
                raise OrdinalError(f"a nim value is not negative: {shown_number(value)}")
            return cls._wrap({(): value} if value else {})
        if isinstance(value, str):
            text = value.strip()
            if text == "*":
                return cls._wrap({(): 1})
            value = Ordinal(text[1:] if text.startswith("*") else text)
        if isinstance(value, Ordinal):
            return cls._wrap(_from_ordinal(value))
        raise TypeError(f"cannot make a TransfiniteNimber from {type(value).__name__} {value!r}")

    @classmethod
    def _wrap(cls, elem: _Elem) -> "TransfiniteNimber":
        self = object.__new__(cls)
        self._elem = elem
        self._items = frozenset(elem.items())
        self._ordinal = None
        return self

    # --- fields -------------------------------------------------------------------
    @property
    def ordinal(self) -> Ordinal:
        """The nim value α of ``*α``."""
        if self._ordinal is None:
            self._ordinal = _to_ordinal(self._elem)
        return self._ordinal

    @property
    def degree(self) -> int:
        """The degree of the nimber over GF(2) = {0, 1} (the least d with x^(2^d) = x).

        >>> TransfiniteNimber(2).degree, TransfiniteNimber("*ω").degree, TransfiniteNimber("*ω^ω").degree
        (2, 6, 20)
        """
        return _degree(self._elem) if self._elem else 1

    # --- text ---------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"TransfiniteNimber('{self}')"

    def __str__(self) -> str:
        o = self.ordinal
        if not o:
            return "0"
        if o == 1:
            return "*"
        e, c = o.terms[0]
        parens = len(o.terms) > 1 or (bool(e) and c != 1)
        return f"*({o})" if parens else f"*{o}"

    # --- arithmetic ---------------------------------------------------------------
    @staticmethod
    def _coerce(other: object) -> "TransfiniteNimber | None":
        if isinstance(other, TransfiniteNimber):
            return other
        if isinstance(other, (int, Ordinal)) and not isinstance(other, bool):
            return TransfiniteNimber(other)
        return None

    def _add(self, o: "TransfiniteNimber") -> "TransfiniteNimber":
        return TransfiniteNimber._wrap(_sum(self._elem, o._elem))

    def _mul(self, o: "TransfiniteNimber") -> "TransfiniteNimber":
        return TransfiniteNimber._wrap(_mul(self._elem, o._elem))

    def _div(self, o: "TransfiniteNimber") -> "TransfiniteNimber":
        return self._mul(o.inverse())

    __add__, __radd__ = operator_pair(lambda x: TransfiniteNimber._coerce(x), _add, "add")
    __sub__, __rsub__ = operator_pair(lambda x: TransfiniteNimber._coerce(x), _add, "sub")  # x - y = x + y here
    __mul__, __rmul__ = operator_pair(lambda x: TransfiniteNimber._coerce(x), _mul, "mul")
    __truediv__, __rtruediv__ = operator_pair(lambda x: TransfiniteNimber._coerce(x), _div, "truediv")

    def __neg__(self) -> "TransfiniteNimber":
        return self

    def __pos__(self) -> "TransfiniteNimber":
        return self

    def inverse(self) -> "TransfiniteNimber":
        """The nim reciprocal (ZeroDivisionError for 0)."""
        return TransfiniteNimber._wrap(_inverse(self._elem))

    def __pow__(self, n: object) -> "TransfiniteNimber":
        if not isinstance(n, int) or isinstance(n, bool):
            return NotImplemented
        if n < 0:
            return self.inverse() ** (-n)
        return TransfiniteNimber._wrap(_power(dict(self._elem), n))

    def sqrt(self) -> "TransfiniteNimber":
        """The square root (unique in characteristic 2): x^(2^(d-1)), d the degree bound."""
        if not self._elem:
            return self
        return TransfiniteNimber._wrap(_frobenius(self._elem, _degree_bound(self._elem) - 1))

    def __bool__(self) -> bool:
        return bool(self._elem)

    # --- equality ---------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        """Equal to another TransfiniteNimber of the same value (a nimber is not the
        integer or ordinal it is indexed by: ``*3 != 3``)."""
        if not isinstance(other, TransfiniteNimber):
            return NotImplemented
        return self._items == other._items

    def __hash__(self) -> int:
        return hash(("TransfiniteNimber", self._items))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (TransfiniteNimber, (str(self),))
