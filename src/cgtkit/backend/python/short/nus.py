"""Packed number-up-star values: ``x + n.^ + *m`` as a plain tuple ``(x, n, m)``.

Numbers, nimbers, ups and their sums form a group that is closed under ``+`` and ``-``
and whose order is decided by a few integer tests, so the engine stores such a value
as the triple ``(x, n, m)`` (a :class:`~cgtkit.numbers.Dyadic`, an int, a non-negative
int) and never needs its options to add or compare it.  Invariant: every triple names
exactly one canonical game, and :func:`nus_options` returns that game's canonical
options, again as triples.

The canonical forms used (Siegel, *Combinatorial Game Theory* (2013), II.4; Winning
Ways, ch. 3), for n >= 1, with ``a^b`` the nim-sum (xor):

* ``*m = {*0, ..., *(m-1) | *0, ..., *(m-1)}``
* ``^* = {0, * | 0}`` and otherwise ``n.^ *m = {0 | (n-1).^ *(m^1)}``
* ``x + G = {x + G^L | x + G^R}`` for a non-number G (number translation),
  and negatives by symmetry.

>>> from cgtkit.numbers import Dyadic
>>> up, star = (Dyadic(0), 1, 0), (Dyadic(0), 0, 1)
>>> nus_add(up, star)
(Dyadic('0'), 1, 1)
>>> nus_options(nus_add(up, up))
([(Dyadic('0'), 0, 0)], [(Dyadic('0'), 1, 1)])
>>> nus_sign(nus_add(up, star)) is None     # ^* is fuzzy with 0
True
"""

from __future__ import annotations

from typing import Optional

from ....errors import ResourceLimitError, shown_number
from ...protocols import NIMBER_OPTION_LIMIT
from ....numbers import Dyadic, dyadic_compare, dyadic_parts

__all__ = [
    "NUS",
    "nus_add",
    "nus_neg",
    "nus_sign",
    "nus_le",
    "nus_options",
    "number_options",
    "number_birthday",
    "nus_birthday",
    "nus_birthday_by_options",
]

NUS = tuple  # (Dyadic x, int ups, int nim)

_ZERO = Dyadic(0)


def nus_add(a: NUS, b: NUS) -> NUS:
    """The sum of two packed values: numbers add, ups add, nimbers nim-add."""
    return (a[0] + b[0], a[1] + b[1], a[2] ^ b[2])


def nus_neg(a: NUS) -> NUS:
    """The negative: ``-(x + n.^ + *m) = -x + n.v + *m``."""
    return (-a[0], -a[1], a[2])


def nus_sign(a: NUS) -> Optional[int]:
    """Compare a packed value with 0: 1 (> 0), -1 (< 0), 0 (= 0) or None (fuzzy).

    A non-zero number part decides; otherwise ``n.^ *m`` is positive for n >= 2,
    and for n == 1 unless m == 1 (``^*`` is fuzzy); ``*m`` (m > 0) is fuzzy.

    >>> from cgtkit.numbers import Dyadic
    >>> [nus_sign((Dyadic(0), 1, m)) for m in range(4)]
    [1, None, 1, 1]
    """
    x, n, m = a
    p = dyadic_parts(x)[0]
    if p:
        return 1 if p > 0 else -1
    if n == 0:
        return 0 if m == 0 else None
    if n == 1 and m == 1:
        return None
    if n == -1 and m == 1:
        return None
    return 1 if n > 0 else -1


def nus_le(a: NUS, b: NUS) -> bool:
    """True when ``a <= b`` in game order: ``nus_sign(b - a)`` is 0 or 1, decided
    without building ``b - a`` (a hot path: every comparison of two NUS values).

    >>> from cgtkit.numbers import Dyadic
    >>> up, star = (Dyadic(0), 1, 0), (Dyadic(0), 0, 1)
    >>> nus_le(star, up), nus_le((Dyadic(0), 0, 0), up), nus_le(up, (Dyadic(1, 64), 0, 0))
    (False, True, True)
    """
    c = dyadic_compare(a[0], b[0])
    if c:  # a different number decides
        return c < 0
    n = b[1] - a[1]
    m = a[2] ^ b[2]
    if n == 0:
        return m == 0
    if m == 1 and (n == 1 or n == -1):  # ^* and v* are fuzzy with 0
        return False
    return n > 0


def number_options(x: Dyadic) -> tuple[list[Dyadic], list[Dyadic]]:
    """Canonical options of the number x: ``n = {n-1|}``, ``-n = {|-n+1}``,
    ``p/2^q = {(p-1)/2^q | (p+1)/2^q}``.

    >>> number_options(Dyadic(3, 4))
    ([Dyadic('1/2')], [Dyadic('1')])
    """
    p, q = dyadic_parts(x)
    if q:
        return [Dyadic.from_exponent(p - 1, q)], [Dyadic.from_exponent(p + 1, q)]
    if p > 0:
        return [Dyadic.from_exponent(p - 1, 0)], []
    if p < 0:
        return [], [Dyadic.from_exponent(p + 1, 0)]
    return [], []


def number_birthday(x: Dyadic) -> int:
    """The birthday of a number: ``|n|`` for an integer, ``floor|x| + q + 1`` for
    ``x = p/2^q`` with q >= 1.

    >>> number_birthday(Dyadic(-3)), number_birthday(Dyadic(1, 2)), number_birthday(Dyadic(5, 4))
    (3, 2, 4)
    """
    p, q = dyadic_parts(x)
    if q == 0:
        return abs(p)
    return (abs(p) >> q) + q + 1


def nus_options(a: NUS) -> tuple[list[NUS], list[NUS]]:
    """The canonical (Left, Right) options of ``x + n.^ + *m``, as packed triples."""
    x, n, m = a
    if n == 0:
        if m == 0:
            lo, hi = number_options(x)
            return [(v, 0, 0) for v in lo], [(v, 0, 0) for v in hi]
        if m > NIMBER_OPTION_LIMIT:
            raise ResourceLimitError(f"*{shown_number(m)} has more than {NIMBER_OPTION_LIMIT} options to list")
        opts = [(x, 0, k) for k in range(m)]
        return opts, list(opts)
    if n == 1 and m == 1:
        return [(x, 0, 0), (x, 0, 1)], [(x, 0, 0)]
    if n == -1 and m == 1:
        return [(x, 0, 0)], [(x, 0, 0), (x, 0, 1)]
    if n > 0:
        return [(x, 0, 0)], [(x, n - 1, m ^ 1)]
    return [(x, n + 1, m ^ 1)], [(x, 0, 0)]


# --- closed forms of properties that would otherwise walk the form ---------------------
# ``*m`` has m options and ``n.^`` a chain of n followers, so walking the form of
# ``*10000`` or ``up(2**100000)`` is out of reach; these read the answer off (x, n, m).
# Each is derived below from the canonical options above; tests/short/test_nus_closed_forms.py
# checks each against the walk of the form (the general path) on small x, n, m.


def nus_birthday(a: NUS) -> int:
    """The birthday of ``x + n.^ + *m`` without walking its form.

    With ``b = b(x)``: ``x + *m = {x + *k | x + *k}`` (k < m) gives ``b + m``.  For
    n >= 1, ``x + n.^*m = {x | x + (n-1).^*(m^1)}``, whose right option is born last,
    so each of the first n - 1 ups adds 1 and flips the nimber's last bit; what is
    left, ``x + ^*m'``, is ``{x | x + *(m'^1)}`` (born ``b + 1 + (m'^1)``), or for
    m' = 1 ``x + ^* = {x, x + * | x}`` (born ``b + 2``).  Negatives by symmetry.

    >>> [nus_birthday((Dyadic(0), n, m)) for n, m in ((0, 5), (1, 0), (1, 1), (2, 0), (1, 2), (-3, 0))]
    [5, 2, 2, 3, 4, 4]
    >>> nus_birthday((Dyadic(0), 2**100, 0)) == 2**100 + 1
    True
    """
    x, n, m = a
    b = number_birthday(x)
    if n == 0:
        return b + m
    k = abs(n)
    last = m ^ ((k - 1) & 1)  # the nimber of x + ^*last, after k - 1 flips
    return b + (k - 1) + (2 if last == 1 else 1 + (last ^ 1))


def nus_birthday_by_options(a: NUS) -> int:
    """The birthday of ``x + n.^ + *m`` by walking its canonical options (the slow,
    general twin of :func:`nus_birthday`; numbers by :func:`number_birthday`), on an
    explicit stack.

    >>> nus_birthday_by_options((Dyadic(1, 2), 2, 3)) == nus_birthday((Dyadic(1, 2), 2, 3))
    True
    """
    memo: dict = {}
    stack = [a]
    while stack:
        c = stack[-1]
        if c in memo:
            stack.pop()
            continue
        if c[1] == 0 and c[2] == 0:
            memo[c] = number_birthday(c[0])
            stack.pop()
            continue
        left, right = nus_options(c)
        todo = [o for o in left + right if o not in memo]
        if todo:
            stack.extend(todo)
            continue
        memo[c] = 1 + max(memo[o] for o in left + right)
        stack.pop()
    return memo[a]
