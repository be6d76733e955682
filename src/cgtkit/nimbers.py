"""Nimbers as plain ints: mex and nim-sum.

Every impartial game equals a nimber ``*n`` (Sprague-Grundy); its Grundy value n is
the mex of its options' values, and a sum of games has the nim-sum (xor) of the values.

>>> mex([0, 1, 3]), nim_sum([3, 4, 5])
(2, 2)
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Iterable

from . import backend
from .errors import shown_number

__all__ = [
    "mex",
    "nim_sum",
    "nim_product",
    "nim_inverse",
    "nim_square",
    "nim_product_by_definition",
    "nim_product_array",
]


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not in ``values`` (minimum excludant).

    >>> mex([]), mex([1, 2]), mex({0, 1, 2})
    (0, 0, 3)
    """
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n


def nim_sum(values: Iterable[int]) -> int:
    """The nim-sum (bitwise xor) of Grundy values.

    >>> nim_sum([1, 2, 3])
    0
    """
    return reduce(xor, values, 0)


# --- nim multiplication ---------------------------------------------------------------
#
# Nimbers form a field of characteristic 2 (Conway, ONAG ch. 6): a * b is the mex of
# a'*b + a*b' + a'*b' over a' < a, b' < b.  For a Fermat 2-power F = 2^(2^k) the
# nimbers below F^2 are pairs (h, l) meaning h*F + l, with F*F = F + F/2, so
#   (a1 F + a0)(b1 F + b0) = ((a0+a1)(b0+b1) - a0 b0) F + (a0 b0 + a1 b1 * F/2)
# (Karatsuba: three half-width products and one product by F/2).  The half widths
# bottom out in a 256 x 256 table of 8-bit products.

_TABLE8: "list[list[int]] | None" = None


def nim_product_by_definition(a: int, b: int) -> int:
    """The nim product by its definition (mex over smaller pairs); for tests, a, b < 64.

    >>> nim_product_by_definition(2, 2), nim_product_by_definition(4, 4)
    (3, 6)
    """
    table: dict[tuple[int, int], int] = {}
    for x in range(a + 1):
        for y in range(b + 1):
            table[x, y] = mex(table[x2, y] ^ table[x, y2] ^ table[x2, y2] for x2 in range(x) for y2 in range(y))
    return table[a, b]


def _table8() -> "list[list[int]]":
    global _TABLE8
    if _TABLE8 is None:
        # build the 8-bit table from the 4-bit one by the same Karatsuba step
        t4 = [[0] * 16 for _ in range(16)]
        for x in range(16):
            for y in range(16):
                t4[x][y] = _mul_small(x, y, 4)
        t8 = [[0] * 256 for _ in range(256)]
        half = 8  # F/2 for F = 16
        for a in range(256):
            a1, a0 = a >> 4, a & 15
            row = t8[a]
            for b in range(256):
                b1, b0 = b >> 4, b & 15
                lo = t4[a0][b0]
                hi = t4[a0 ^ a1][b0 ^ b1] ^ lo
                row[b] = (hi << 4) | (lo ^ t4[t4[a1][b1]][half])
        _TABLE8 = t8
    return _TABLE8


def _mul_small(a: int, b: int, bits: int) -> int:
    """Nim product of a, b < 2**bits for bits in 1, 2, 4 (the recursion's base)."""
    if bits == 1:
        return a & b
    h = bits // 2
    mask = (1 << h) - 1
    a1, a0, b1, b0 = a >> h, a & mask, b >> h, b & mask
    lo = _mul_small(a0, b0, h)
    hi = _mul_small(a0 ^ a1, b0 ^ b1, h) ^ lo
    return (hi << h) | (lo ^ _mul_small(_mul_small(a1, b1, h), 1 << (h - 1), h))


def _mul(a: int, b: int, bits: int, t8: "list[list[int]]") -> int:
    if bits <= 8:
        return t8[a][b]
    h = bits // 2
    mask = (1 << h) - 1
    a1, a0, b1, b0 = a >> h, a & mask, b >> h, b & mask
    lo = _mul(a0, b0, h, t8)
    hi = _mul(a0 ^ a1, b0 ^ b1, h, t8) ^ lo
    top = _mul(a1, b1, h, t8)
    return (hi << h) | (lo ^ (_mul(top, 1 << (h - 1), h, t8) if top else 0))


def nim_product(a: int, b: int) -> int:
    """The nim product of two non-negative ints of any width.

    >>> nim_product(2, 2), nim_product(4, 4), nim_product(16, 16), nim_product(3, 7)
    (3, 6, 24, 14)
    >>> hex(nim_product(2**64 - 1, 2**64 - 1)), nim_product(2**32, 2**32) == 2**32 + 2**31
    ('0x9caf97a49cfc97f7', True)
    """
    if a < 0 or b < 0:
        raise ValueError(f"nim_product needs non-negative ints, got {shown_number(a)} and {shown_number(b)}")
    if a < 2 or b < 2:
        return a * b
    bits = 8
    top = max(a, b)
    while top >> bits:
        bits *= 2
    return _mul(a, b, bits, _table8())


def nim_square(a: int) -> int:
    """``nim_product(a, a)``."""
    return nim_product(a, a)


def nim_inverse(a: int) -> int:
    """The nim reciprocal: the ``x`` with ``nim_product(a, x) == 1`` (``a > 0``).

    The nimbers below 2**(2**k) form the field GF(2**(2**k)), so ``a**(q-2)`` is the
    inverse, computed by square-and-multiply.

    >>> nim_inverse(2), nim_product(2, nim_inverse(2))
    (3, 1)
    """
    if a <= 0:
        raise ValueError(f"nim_inverse needs a positive int (0 has no inverse), got {shown_number(a)}")
    bits = 1
    while a >> bits:
        bits *= 2
    e = (1 << bits) - 2
    result, base = 1, a
    while e:
        if e & 1:
            result = nim_product(result, base)
        base = nim_product(base, base)
        e >>= 1
    return result


# --- vectorised: arrays of 64-bit nimbers --------------------------------------------


_TABLE8_ARRAYS: dict = {}


def _table8_array(dtype: str = "uint64"):
    """The 8-bit product table flattened to ``t[(a << 8) | b]`` (uint8 keeps it in cache)."""
    import numpy as np

    if dtype not in _TABLE8_ARRAYS:
        _TABLE8_ARRAYS[dtype] = np.array(_table8(), dtype=dtype).reshape(-1)
    return _TABLE8_ARRAYS[dtype]


def _mul_array(a, b, bits: int, t8):
    import numpy as np

    if bits == 8:
        return t8[(a << np.uint64(8)) | b]
    h = bits // 2
    sh, mask = np.uint64(h), np.uint64((1 << h) - 1)
    a1, a0, b1, b0 = a >> sh, a & mask, b >> sh, b & mask
    lo = _mul_array(a0, b0, h, t8)
    hi = _mul_array(a0 ^ a1, b0 ^ b1, h, t8) ^ lo
    top = _mul_array(a1, b1, h, t8)
    half = np.full_like(top, 1 << (h - 1))
    return (hi << sh) | lo ^ _mul_array(top, half, h, t8)


class _NumpyNim:
    """The twin of the native nim-product kernel, in numpy (64 lookups in the 8-bit
    table per product, each over the whole array)."""

    @staticmethod
    def product_array(a, b):
        return _mul_array(a, b, 64, _table8_array())


backend.register_twin("nim", _NumpyNim())


def nim_product_array(a, b):
    """Element-wise nim products of two arrays of 64-bit nimbers (numpy uint64).

    By the native kernel (a uint8 8-bit table that stays in cache, three Karatsuba
    levels per product); within ``cgtkit.backend.use("python")`` by its twin in numpy.

    >>> import numpy as np
    >>> nim_product_array(np.array([2, 4, 16], dtype=np.uint64), np.array([2, 4, 16], dtype=np.uint64)).tolist()
    [3, 6, 24]
    >>> with backend.use("python"):
    ...     nim_product_array(np.array([2, 4, 16], dtype=np.uint64), np.array([2, 4, 16], dtype=np.uint64)).tolist()
    [3, 6, 24]
    """
    import numpy as np

    a = np.asarray(a)
    b = np.asarray(b)
    for x in (a, b):
        if x.dtype.kind == "i" and x.size and int(x.min()) < 0:
            raise ValueError("nim_product_array needs non-negative values")
    a = a.astype(np.uint64)
    b = b.astype(np.uint64)
    a, b = np.broadcast_arrays(a, b)
    flat = backend.nim_arithmetic().product_array(
        np.ascontiguousarray(a).reshape(-1), np.ascontiguousarray(b).reshape(-1)
    )
    return flat.reshape(a.shape)
