"""The Python twin of ``native/src/binary_fields.rs``: GF(2^n) in a polynomial basis.

An element is a Python int whose bits are the coefficients of a polynomial over GF(2)
of degree < n; the field is GF(2)[X] modulo an irreducible ``m`` of degree n (an int
too, bit n set).  A product is a carry-less product (shifted copies xored) reduced by
``X^n = m - X^n`` until the degree is below n; a square spreads the bits (its cross
terms cancel in characteristic 2).  A radical extension ``B[K]/(K^r - c)`` multiplies
lists of r coefficients, folding ``K^(r+i)`` back as ``c K^i``.

>>> KERNELS.mul(0b10, 0b10, 0b111), KERNELS.power(0b10, 3, 0b111)  # GF(4): X^2 = X + 1
(3, 1)
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["KERNELS", "PyBinaryFields"]

_SPREAD = [int("".join(c + "0" for c in f"{b:08b}"), 2) >> 1 for b in range(256)]


def _set_bits(a: int) -> list[int]:
    """The positions of a's one bits."""
    out = []
    while a:
        low = a & -a
        out.append(low.bit_length() - 1)
        a ^= low
    return out


def _clmul(a: int, b: int) -> int:
    if a.bit_count() > b.bit_count():
        a, b = b, a
    out = 0
    for i in _set_bits(a):
        out ^= b << i
    return out


def _spread(a: int) -> int:
    """The carry-less square of a: bit i moves to bit 2i."""
    data = a.to_bytes((a.bit_length() + 7) // 8 or 1, "little")
    out = bytearray()
    for byte in data:
        s = _SPREAD[byte]
        out += bytes((s & 0xFF, s >> 8))
    return int.from_bytes(out, "little")


def _reduce(p: int, m: int) -> int:
    n = m.bit_length() - 1
    low_mask = (1 << n) - 1
    taps = _set_bits(m & low_mask)
    while p >> n:
        hi = p >> n
        p &= low_mask
        for t in taps:
            p ^= hi << t
    return p


def _check(m: int) -> None:
    if m < 2:
        raise ValueError("a modulus has degree at least 1")


class PyBinaryFields:
    """GF(2^n) arithmetic on ints (the twin of the native kernels)."""

    name = "python"

    @staticmethod
    def mul(a: int, b: int, m: int) -> int:
        _check(m)
        return _reduce(_clmul(_reduce(a, m), _reduce(b, m)), m)

    @staticmethod
    def power(a: int, e: int, m: int) -> int:
        _check(m)
        base, out = _reduce(a, m), 1
        for bit in bin(e)[2:] if e else "":
            out = _reduce(_spread(out), m)
            if bit == "1":
                out = _reduce(_clmul(out, base), m)
        return _reduce(out, m)

    @staticmethod
    def frobenius(a: int, k: int, m: int) -> int:
        _check(m)
        a = _reduce(a, m)
        for _ in range(k):
            a = _reduce(_spread(a), m)
        return a

    @staticmethod
    def radical_mul(x: Sequence[int], y: Sequence[int], c: int, m: int) -> list[int]:
        _check(m)
        r = len(x)
        if r != len(y) or not r:
            raise ValueError("a radical product needs two coefficient lists of one nonzero length")
        acc = [0] * (2 * r - 1)
        for i, a in enumerate(x):
            if a:
                for j, b in enumerate(y):
                    if b:
                        acc[i + j] ^= _clmul(a, b)
        out = [_reduce(v, m) for v in acc[:r]]
        for i, v in enumerate(acc[r:]):
            if v:
                out[i] ^= _reduce(_clmul(_reduce(v, m), _reduce(c, m)), m)
        return out


KERNELS = PyBinaryFields()
