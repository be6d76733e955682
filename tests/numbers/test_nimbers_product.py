"""Nim multiplication: facts, the slow definition, field laws, the vectorised path."""

import random
from functools import lru_cache

import numpy as np
import pytest

from cgtkit import backend
from support.engines import HAVE_NATIVE, side
from cgtkit.nimbers import nim_inverse, nim_product, nim_product_array, nim_product_by_definition


@lru_cache(maxsize=None)
def pow2_product(x: int, y: int) -> int:
    """2^x (*) 2^y by Fermat 2-powers, independent of the Karatsuba code: split x and y
    into bits; distinct Fermat powers multiply ordinarily, F (*) F = 3F/2."""
    if x == 0 or y == 0:
        return 1 << (x + y)
    top = max(x.bit_length(), y.bit_length()) - 1  # highest Fermat index 2^top
    b = 1 << top
    xs, ys = x & b, y & b
    if xs and ys:  # F_top (*) F_top (*) rest = (F + F/2) (*) rest
        rest = pow2_product(x ^ b, y ^ b)
        return product_by_bits((1 << b) | (1 << (b - 1)), rest)
    if xs or ys:  # F_top (*) (a smaller nimber) is an ordinary product
        return pow2_product(x & ~b, y & ~b) << b
    raise AssertionError


def product_by_bits(a: int, b: int) -> int:
    r = 0
    for i in range(a.bit_length()):
        if a >> i & 1:
            for j in range(b.bit_length()):
                if b >> j & 1:
                    r ^= pow2_product(i, j)
    return r


def test_published_facts():
    assert nim_product(2, 2) == 3
    assert nim_product(4, 4) == 6
    assert nim_product(16, 16) == 24
    assert nim_product(2**32, 2**32) == 2**32 + 2**31


def test_against_the_definition():
    for a in range(24):
        for b in range(24):
            assert nim_product(a, b) == nim_product_by_definition(a, b), (a, b)


def test_against_fermat_power_rules_at_64_bits_and_beyond():
    rng = random.Random(7)
    cases = [(2**64 - 1, 2**64 - 1), (123456789, 987654321), (2**63, 2**63)]
    cases += [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(30)]
    cases += [(rng.getrandbits(130), rng.getrandbits(100)) for _ in range(5)]
    for a, b in cases:
        assert nim_product(a, b) == product_by_bits(a, b), (a, b)


def test_max_64_bit_case():
    expected = product_by_bits(2**64 - 1, 2**64 - 1)
    assert nim_product(2**64 - 1, 2**64 - 1) == expected == 0x9CAF97A49CFC97F7


def test_field_laws():
    rng = random.Random(3)
    for _ in range(50):
        a, b, c = (rng.getrandbits(64) for _ in range(3))
        assert nim_product(a, b) == nim_product(b, a)
        assert nim_product(nim_product(a, b), c) == nim_product(a, nim_product(b, c))
        assert nim_product(a, b ^ c) == nim_product(a, b) ^ nim_product(a, c)
        if a:
            assert nim_product(a, nim_inverse(a)) == 1
    assert nim_inverse(1) == 1 and nim_inverse(2) == 3


def test_errors():
    with pytest.raises(ValueError):
        nim_product(-1, 2)
    with pytest.raises(ValueError):
        nim_inverse(0)


@pytest.mark.parametrize(
    "native", [False, pytest.param(True, marks=pytest.mark.skipif(not HAVE_NATIVE, reason="native"))]
)
def test_vectorised_against_scalar(native):
    rng = np.random.default_rng(5)
    a = rng.integers(0, 2**64, size=2000, dtype=np.uint64)
    b = rng.integers(0, 2**64, size=2000, dtype=np.uint64)
    a[:3] = [2**64 - 1, 2, 16]
    b[:3] = [2**64 - 1, 2, 16]
    with backend.use(side(native)):
        got = nim_product_array(a, b)
    assert got.dtype == np.uint64
    assert [int(x) for x in got] == [nim_product(int(x), int(y)) for x, y in zip(a, b)]


def test_nim_product_array_keeps_its_shape():
    a = np.arange(12, dtype=np.uint64).reshape(3, 4)
    got = nim_product_array(a, np.uint64(3))
    assert got.shape == (3, 4)
    assert got.reshape(-1).tolist() == [nim_product(int(x), 3) for x in range(12)]
