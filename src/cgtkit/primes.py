"""Prime factorisation of integers of any size (Miller-Rabin and Pollard's rho).

Used by Maundy Cake's formula (:func:`cgtkit.rulesets.cakes.maundy_cake_formula`),
whose answer depends on the prime factors of the cake's sides; trial division alone would make a side of 10**30 hopeless.

>>> prime_factors(360)
[2, 2, 2, 3, 3, 5]
>>> prime_factors(2**61 - 1)
[2305843009213693951]
"""

from __future__ import annotations

import math
import random

__all__ = ["prime_factors", "is_probable_prime"]

_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)


def is_probable_prime(n: int) -> bool:
    """Miller-Rabin with the first 15 prime bases: exact for n < 3.3 * 10**24."""
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _SMALL_PRIMES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _pollard_rho(n: int, rng: random.Random) -> int:
    """A non-trivial factor of the composite odd ``n`` (Brent's variant)."""
    while True:
        y, c, m = rng.randrange(1, n), rng.randrange(1, n), 128
        g = r = q = 1
        x = ys = y
        while g == 1:
            x = y
            for _ in range(r):
                y = (y * y + c) % n
            k = 0
            while k < r and g == 1:
                ys = y
                for _ in range(min(m, r - k)):
                    y = (y * y + c) % n
                    q = q * abs(x - y) % n
                g = math.gcd(q, n)
                k += m
            r *= 2
        if g == n:
            g = 1
            while g == 1:
                ys = (ys * ys + c) % n
                g = math.gcd(abs(x - ys), n)
        if g != n:
            return g


def prime_factors(n: int) -> list[int]:
    """The prime factors of ``n >= 1`` with multiplicity, in increasing order."""
    if n < 1:
        raise ValueError(f"prime_factors needs a positive integer, not {n}")
    factors: list[int] = []
    for p in _SMALL_PRIMES:
        while n % p == 0:
            factors.append(p)
            n //= p
    rng = random.Random(12345)  # deterministic: same answer, same time, every run
    stack = [n] if n > 1 else []
    while stack:
        m = stack.pop()
        if is_probable_prime(m):
            factors.append(m)
            continue
        d = _pollard_rho(m, rng)
        stack.extend((d, m // d))
    return sorted(factors)
