"""Finite fields of characteristic 2 in a polynomial basis, and radical extensions of them.

:class:`FlatField` is GF(2^n) = GF(2)[X]/(m), m a sparse irreducible polynomial of
degree n found by :func:`irreducible` (a trinomial if there is one, else a pentanomial,
the least in a fixed order, so the same n gives the same field); an element is an int,
bit i the coefficient of X^i.  :class:`RadicalField` is B[K]/(K^r - c) over a flat B, r
prime and c not an r-th power in B, so a field of degree n r; an element is a tuple of
r elements of B.  Both give products, Frobenius maps x^(2^k), powers, norms, the degree
of an element and Lenstra's p-th power test; a flat field also takes r-th roots and
solves y^2 + y = a (the two steps that embed the nim tower, in
:mod:`cgtkit.transfinite_nimbers`).  The products are :func:`cgtkit.backend.binary_fields`
(``native/src/binary_fields.rs``, or its Python twin).

>>> F = flat_field(4)
>>> F.modulus == 0b10011, F.degree_of(0b10), F.degree_of(0b110)  # X^4 + X + 1
(True, 4, 2)
>>> c = F.power(0b110, 3)
>>> root = F.root(c, 3)
>>> F.power(root, 3) == c
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Generic, Sequence, TypeVar

from . import backend

__all__ = [
    "FlatField",
    "RadicalField",
    "ReducibleError",
    "flat_field",
    "irreducible",
    "is_not_rth_power",
    "poly_gcd",
    "prime_factors",
    "trace",
]

E = TypeVar("E")


def prime_factors(n: int) -> list[int]:
    """The distinct primes dividing n, increasing.

    >>> prime_factors(68060)
    [2, 5, 41, 83]
    """
    out, r = [], 2
    while r * r <= n:
        if n % r == 0:
            out.append(r)
            while n % r == 0:
                n //= r
        r += 1
    if n > 1:
        out.append(n)
    return out


def poly_gcd(a: int, b: int) -> int:
    """The gcd of two polynomials over GF(2) (ints, bit i the coefficient of X^i).

    >>> poly_gcd(0b101, 0b11)  # X^2 + 1 = (X + 1)^2
    3
    """
    while b:
        db = b.bit_length()
        while a.bit_length() >= db:
            a ^= b << (a.bit_length() - db)
        a, b = b, a
    return a


def _is_irreducible(g: int) -> bool:
    """Rabin's test, after a cheap look for factors of degree <= 12 (Ben-Or's): g of
    degree n is irreducible iff X^(2^n) = X mod g and gcd(X^(2^(n/l)) - X, g) = 1 for
    every prime l | n."""
    k = backend.binary_fields()
    n = g.bit_length() - 1
    h = 2
    for _ in range(min(12, n // 2)):
        h = k.frobenius(h, 1, g)
        if poly_gcd(g, h ^ 2) != 1:
            return False
    if k.frobenius(2, n, g) != 2 % g:
        return False
    return all(poly_gcd(g, k.frobenius(2, n // ell, g) ^ 2) == 1 for ell in prime_factors(n))


@lru_cache(maxsize=None)
def irreducible(n: int) -> int:
    """The irreducible polynomial of degree n used for GF(2^n): the trinomial
    X^n + X^a + 1 of least a <= n/2, else the pentanomial X^n + X^a + X^b + X^c + 1
    of least (a, b, c), a <= n/2 (taps below n/2 keep the reduction to two passes).

    >>> bin(irreducible(8)), bin(irreducible(5))
    ('0b100011011', '0b100101')
    """
    if n < 1:
        raise ValueError(f"a field of degree {n}")
    if n == 1:
        return 0b11
    top = 1 << n
    for a in range(1, max(n // 2, 1) + 1):
        if _is_irreducible(top | (1 << a) | 1):
            return top | (1 << a) | 1
    for limit in (max(n // 2, 3), n - 1):
        for a in range(3, limit + 1):
            for b in range(2, a):
                for c in range(1, b):
                    g = top | (1 << a) | (1 << b) | (1 << c) | 1
                    if _is_irreducible(g):
                        return g
    raise ValueError(f"no sparse irreducible polynomial of degree {n}")  # pragma: no cover


class ReducibleError(ValueError):
    """K^r - c has a root in the base field: B[K]/(K^r - c) is not a field."""


class _Field(Generic[E]):
    """What both kinds of field share: powers, norms, degrees and the p-th power test,
    from a product and a Frobenius map."""

    degree: int
    one: E

    def mul(self, x: E, y: E) -> E:
        raise NotImplementedError

    def frobenius(self, x: E, k: int) -> E:
        raise NotImplementedError

    def power(self, x: E, e: int) -> E:
        """x^e (e >= 0) by square-and-multiply."""
        out = self.one
        for bit in bin(e)[2:] if e else "":
            out = self.frobenius(out, 1)
            if bit == "1":
                out = self.mul(out, x)
        return out

    def norm(self, x: E, f: int) -> E:
        """The norm of x down to GF(2^f) (f | degree): Π x^(2^(f i)) over i < degree/f,
        with O(log(degree/f)) products."""
        t = self.degree // f
        y, i = x, 1  # y = Π_(i' < i) x^(2^(f i'))
        for bit in bin(t)[3:]:
            y = self.mul(self.frobenius(y, f * i), y)
            i *= 2
            if bit == "1":
                y = self.mul(self.frobenius(y, f), x)
                i += 1
        return y

    def degree_of(self, x: E) -> int:
        """The degree of x over GF(2): the least d with x^(2^d) = x."""
        d = self.degree
        for ell in prime_factors(d):
            while d % ell == 0 and self.frobenius(x, d // ell) == x:
                d //= ell
        return d

    def is_pth_power(self, x: E, p: int, f: int) -> bool:
        """Lenstra's test for x != 0 in a field whose degree is a multiple of f, the
        order of 2 mod the prime p, with no prime factor p: x is a p-th power in every
        field of such degrees exactly when its norm to GF(2^f), raised to
        (2^f - 1)/p, is 1 (the p-part of the multiplicative group is that of GF(2^f))."""
        if self.degree % f or self.degree % p == 0:
            raise ValueError(f"a field of degree {self.degree} for the prime {p} of order {f}")
        return self.power(self.norm(x, f), (2**f - 1) // p) == self.one


class FlatField(_Field[int]):
    """GF(2^n) in the polynomial basis of :func:`irreducible`."""

    def __init__(self, n: int) -> None:
        self.degree = n
        self.modulus = irreducible(n)
        self.one = 1
        self._as_basis: list[tuple[int, int, int]] | None = None

    def mul(self, x: int, y: int) -> int:
        return backend.binary_fields().mul(x, y, self.modulus)

    def frobenius(self, x: int, k: int) -> int:
        return backend.binary_fields().frobenius(x, k % self.degree, self.modulus)

    def power(self, x: int, e: int) -> int:
        return backend.binary_fields().power(x, e, self.modulus)

    def inverse(self, x: int) -> int:
        if not x:
            raise ZeroDivisionError("0 has no inverse")
        return self.power(x, 2**self.degree - 2)

    def root(self, c: int, r: int) -> int:
        """An r-th root of c (r prime, c a nonzero r-th power here), by Adleman, Manders
        and Miller: with 2^n - 1 = r^e s (r not dividing s), y = c^(1/r mod s) is a
        root up to an element of the r-Sylow subgroup, found by a discrete logarithm
        there (Pohlig and Hellman, digit by digit) against a generator z^s, z the first
        polynomial that is not an r-th power."""
        if not c:
            return 0
        q = 2**self.degree - 1
        s, e = q, 0
        while s % r == 0:
            s //= r
            e += 1
        if e == 0:
            return self.power(c, pow(r, -1, q))
        t = pow(r, -1, s) if s > 1 else 0
        y = self.power(c, t)
        err = self.power(c, r * t - 1)  # y^r / c, in the Sylow subgroup
        if self.power(err, r ** (e - 1)) != 1:
            raise ValueError("not an r-th power")
        if err == 1:
            return y
        z = 2
        while self.power(z, q // r) == 1:
            z += 1
        g = self.power(z, s)  # of order r^e
        gamma = self.power(g, r ** (e - 1))  # of order r
        steps = [1]
        for _ in range(r - 1):
            steps.append(self.mul(steps[-1], gamma))
        g_inverse = self.inverse(g)
        digits_sum, h = 0, err
        for i in range(e):
            digit = steps.index(self.power(h, r ** (e - 1 - i)))
            digits_sum += digit * r**i
            h = self.mul(h, self.power(g_inverse, digit * r**i))
        # err = g^digits_sum, digits_sum divisible by r
        return self.mul(y, self.power(g_inverse, digits_sum // r))

    def artin_schreier(self, a: int) -> int:
        """A y with y^2 + y = a (a of trace 0), by linear algebra over GF(2): y -> y^2 + y
        is linear, its matrix reduced once per field."""
        if self._as_basis is None:
            basis: dict[int, tuple[int, int]] = {}
            for i in range(self.degree):
                x = 1 << i
                v, comb = self.frobenius(x, 1) ^ x, 1 << i
                while v:
                    top = v.bit_length() - 1
                    if top not in basis:
                        basis[top] = (v, comb)
                        break
                    bv, bc = basis[top]
                    v, comb = v ^ bv, comb ^ bc
            self._as_basis = sorted(((t, v, c) for t, (v, c) in basis.items()), reverse=True)
        v, y = a, 0
        for top, bv, bc in self._as_basis:
            if (v >> top) & 1:
                v, y = v ^ bv, y ^ bc
        if v:
            raise ValueError("y^2 + y = a has no root here (a has trace 1)")
        return y


def is_not_rth_power(field: FlatField, c: int, r: int, g: int) -> bool:
    """Whether c, an element of the subfield GF(2^g) of ``field``, is not an r-th power
    there (r prime): then K^r - c is irreducible over GF(2^g) (Abel and Capelli).

    >>> F = flat_field(6)
    >>> is_not_rth_power(F, F.power(0b10, 3), 3, 6), is_not_rth_power(F, 0b10, 3, 6)
    (False, True)
    """
    order = 2**g - 1
    return bool(c) and order % r == 0 and field.power(c, order // r) != 1


def trace(field: FlatField, a: int, g: int) -> int:
    """The trace of a (in the subfield GF(2^g) of ``field``) down to GF(2): 0 or 1."""
    t, s = a, a
    for _ in range(g - 1):
        t = field.frobenius(t, 1)
        s ^= t
    return s


@lru_cache(maxsize=None)
def flat_field(n: int) -> FlatField:
    """GF(2^n), one object per n."""
    return FlatField(n)


class RadicalField(_Field[tuple[int, ...]]):
    """B[K]/(K^r - c) for a flat field B, r prime and c not an r-th power in B (so
    K^r - c is irreducible and this is GF(2^(n r))).  The Frobenius map is semilinear:
    K^(2^k) = K^s c^((2^k - s)/r), s = 2^k mod r, so (Σ a_j K^j)^(2^k) permutes the
    coefficients' Frobenius images, each times a power of c (the twists, kept per k)."""

    def __init__(self, base: FlatField, r: int, c: int) -> None:
        if not is_not_rth_power(base, c, r, base.degree):
            raise ReducibleError(f"K^{r} - c is reducible over GF(2^{base.degree})")
        self.base, self.r, self.c = base, r, c
        self.degree = base.degree * r
        self.one = (1,) + (0,) * (r - 1)
        self._twists: dict[int, tuple[list[int], list[int]]] = {}

    def embed(self, coefficients: Sequence[int]) -> tuple[int, ...]:
        return tuple(coefficients) + (0,) * (self.r - len(coefficients))

    def mul(self, x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(backend.binary_fields().radical_mul(x, y, self.c, self.base.modulus))

    def _twist(self, k: int) -> tuple[list[int], list[int]]:
        got = self._twists.get(k)
        if got is None:
            r, B = self.r, self.base
            order = 2**B.degree - 1
            s = pow(2, k, r)
            beta = B.power(self.c, ((pow(2, k, r * order) - s) // r) % order)
            positions, weights, pos, w = [], [], 0, 1
            for _ in range(r):
                positions.append(pos)
                weights.append(w)
                w = B.mul(w, beta)
                pos += s
                if pos >= r:
                    pos -= r
                    w = B.mul(w, self.c)
            got = (positions, weights)
            self._twists[k] = got
        return got

    def frobenius(self, x: tuple[int, ...], k: int) -> tuple[int, ...]:
        k %= self.degree
        if not k:
            return x
        positions, weights = self._twist(k)
        out = [0] * self.r
        for a, pos, w in zip(x, positions, weights):
            if a:
                out[pos] = self.base.mul(self.base.frobenius(a, k), w)
        return tuple(out)
