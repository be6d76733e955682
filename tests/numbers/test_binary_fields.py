"""GF(2^n) in a polynomial basis (cgtkit.binary_fields): the native kernels against their
Python twin on random inputs, the irreducibility test against Gauss's count of the
irreducible polynomials, roots and Artin-Schreier solutions checked by powering, and the
radical extension's Frobenius map and p-th power test against plain products."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit import backend
from cgtkit.backend.python.binary_fields import KERNELS as PY
from cgtkit.binary_fields import (
    RadicalField,
    ReducibleError,
    _is_irreducible,
    flat_field,
    irreducible,
    is_not_rth_power,
    poly_gcd,
)

native = pytest.mark.skipif(backend.NAME != "native", reason="the native core is not active")


@native
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 300), st.randoms(use_true_random=False))
def test_kernels_twin(n, rnd):
    kernels = backend.binary_fields()
    assert kernels.name == "native"
    m = (1 << n) | rnd.getrandbits(n) | 1  # any modulus, irreducible or not
    a, b = rnd.getrandbits(n + 70), rnd.getrandbits(n)  # a not yet reduced
    e, k = rnd.getrandbits(90), rnd.randrange(200)
    assert kernels.mul(a, b, m) == PY.mul(a, b, m)
    assert kernels.power(a, e, m) == PY.power(a, e, m)
    assert kernels.power(a, 0, m) == PY.power(a, 0, m) == 1 % m
    assert kernels.frobenius(a, k, m) == PY.frobenius(a, k, m)
    r = rnd.randrange(1, 6)
    x = [rnd.getrandbits(n) for _ in range(r)]
    y = [rnd.getrandbits(n) for _ in range(r)]
    c = rnd.getrandbits(n)
    assert kernels.radical_mul(x, y, c, m) == PY.radical_mul(x, y, c, m)


def test_bad_modulus():
    for kernels in (backend.binary_fields(), PY):
        with pytest.raises(ValueError):
            kernels.mul(3, 5, 1)
        with pytest.raises(ValueError):
            kernels.radical_mul([1], [1, 2], 1, 0b111)


def _mobius(n: int) -> int:
    out, r = 1, 2
    while r * r <= n:
        if n % r == 0:
            n //= r
            if n % r == 0:
                return 0
            out = -out
        r += 1
    return -out if n > 1 else out


@pytest.mark.parametrize("n", range(2, 11))
def test_irreducible_count_is_gauss(n):
    # the monic irreducible polynomials of degree n over GF(2): (1/n) Σ_(d|n) μ(d) 2^(n/d)
    expected = sum(_mobius(d) * 2 ** (n // d) for d in range(1, n + 1) if n % d == 0) // n
    assert sum(_is_irreducible(g) for g in range(1 << n, 2 << n)) == expected


def test_irreducible_is_sparse_and_irreducible():
    for n in (2, 3, 8, 64, 84, 168, 220):
        g = irreducible(n)
        assert g.bit_length() == n + 1 and bin(g).count("1") in (3, 5)
        assert all(poly_gcd(g, h) == 1 for h in range(2, 64) if h.bit_length() <= n // 2)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([6, 12, 20, 36, 84]), st.randoms(use_true_random=False))
def test_roots_and_artin_schreier(n, rnd):
    F = flat_field(n)
    x = rnd.getrandbits(n) or 1
    for r in (3, 5, 7):
        c = F.power(x, r)
        y = F.root(c, r)
        assert F.power(y, r) == c
    a = F.mul(x, x) ^ x
    y = F.artin_schreier(a)
    assert F.mul(y, y) ^ y == a
    assert F.mul(x, F.inverse(x)) == 1
    d = F.degree_of(x)
    assert F.frobenius(x, d) == x and all(F.frobenius(x, k) != x for k in range(1, d))


def _radical():
    # GF(2^4)[K]/(K^3 - X): X is a generator of GF(16)*, of order 15, not a cube
    B = flat_field(4)
    return RadicalField(B, 3, 0b10)


def test_radical_field_is_reducible_when_c_is_a_power():
    B = flat_field(4)
    with pytest.raises(ReducibleError):
        RadicalField(B, 3, B.power(0b10, 3))
    assert is_not_rth_power(B, 0b10, 3, 4) and not is_not_rth_power(B, 1, 5, 2)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 15), min_size=3, max_size=3), st.lists(st.integers(0, 15), min_size=3, max_size=3))
def test_radical_field_laws(a, b):
    L = _radical()
    x, y = tuple(a), tuple(b)
    assert L.frobenius(x, 1) == L.mul(x, x)  # the Frobenius map is squaring
    assert L.frobenius(x, 5) == L.frobenius(L.frobenius(x, 2), 3)
    assert L.frobenius(x, 12) == x  # a field of 2^12 elements
    assert L.frobenius(L.mul(x, y), 7) == L.mul(L.frobenius(x, 7), L.frobenius(y, 7))
    if any(x):
        assert L.power(x, 2**12 - 1) == L.one
        for p, f in ((5, 4), (7, 3), (13, 12)):  # not 3: it divides the degree 12
            expected = L.power(x, (2**12 - 1) // p) == L.one
            assert L.is_pth_power(x, p, f) == expected
            norm = L.norm(x, f)
            assert L.frobenius(norm, f) == norm  # in GF(2^f)


def test_degree_of_in_radical_field():
    L = _radical()
    assert L.degree_of((0, 1, 0)) == 12 and L.degree_of(L.one) == 1
    rnd = random.Random(5)
    for _ in range(20):
        x = tuple(rnd.randrange(16) for _ in range(3))
        d = L.degree_of(x)
        assert L.frobenius(x, d) == x and all(L.frobenius(x, k) != x for k in range(1, d))
