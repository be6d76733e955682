"""Dyadic arithmetic against Fraction, and simplest_between against its definition."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cgtkit import CGTError, Dyadic, EmptyIntervalError, NotDyadicError, simplest_between

dyadics = st.builds(lambda p, q: Dyadic(p, 2**q), st.integers(-(10**30), 10**30), st.integers(0, 70))


@given(dyadics, dyadics)
def test_arithmetic_agrees_with_fraction(a, b):
    fa, fb = a.as_fraction(), b.as_fraction()
    assert (a + b).as_fraction() == fa + fb
    assert (a - b).as_fraction() == fa - fb
    assert (a * b).as_fraction() == fa * fb
    assert (a < b) == (fa < fb) and (a == b) == (fa == fb) and (a >= b) == (fa >= fb)
    assert (-a).as_fraction() == -fa
    assert a.half().as_fraction() == fa / 2


@given(dyadics)
def test_normalised_and_hash_agrees_with_fraction(a):
    assert a.numerator % 2 == 1 or a.exponent == 0
    assert a.denominator == 2**a.exponent
    assert hash(a) == hash(a.as_fraction())
    assert a == a.as_fraction()
    assert Dyadic(str(a)) == a
    assert Dyadic(a.as_fraction()) == a


def test_parsing_and_construction():
    assert Dyadic("3/4") == Dyadic(3, 4) == Fraction(3, 4)
    assert Dyadic("6/8") == Dyadic(3, 4)
    assert Dyadic(" -5 ") == -5 and Dyadic(-5).is_integer()
    assert Dyadic("0.375") == Dyadic(3, 8)
    assert Dyadic("-3/8") + Dyadic("3/8") == 0
    assert hash(Dyadic(7)) == hash(7) and {Dyadic(7): 1}[7] == 1
    assert str(Dyadic(-3, 8)) == "-3/8" and repr(Dyadic(1, 2)) == "Dyadic('1/2')"
    assert Dyadic(2**200 + 1, 2**300).exponent == 300  # no width limits


@pytest.mark.parametrize("bad", ["1/3", "2/6", "1/12"])
def test_non_dyadic_is_a_clear_error(bad):
    with pytest.raises(NotDyadicError, match="not a dyadic"):
        Dyadic(bad)
    with pytest.raises(CGTError):
        Dyadic(bad)


def test_bad_inputs():
    with pytest.raises(NotDyadicError, match="cannot read"):
        Dyadic("three quarters")
    with pytest.raises(TypeError, match="floats"):
        Dyadic(0.5)
    with pytest.raises(NotDyadicError):
        Dyadic(1, 3)
    with pytest.raises(NotDyadicError):
        Dyadic(1) / Dyadic(3)
    assert Dyadic(3, 4) / Dyadic(3) == Dyadic(1, 4)


def test_rounding():
    x = Dyadic(-7, 4)
    assert (int(x), x.__floor__(), x.__ceil__()) == (-1, -2, -1)
    assert (Dyadic(7, 4).__floor__(), Dyadic(7, 4).__ceil__()) == (1, 2)


def number_birthday(x: Dyadic) -> int:
    """Day on which x is born: ceil(|x|) + q for x = p/2^q (Conway, ONAG ch. 0)."""
    return abs(x).__ceil__() + x.exponent


def candidates_by_birthday(limit_int: int, limit_exp: int) -> list:
    """All dyadics with |x| <= limit_int and exponent <= limit_exp, earliest born first."""
    xs = {Dyadic(p, 2**q) for q in range(limit_exp + 1) for p in range(-(limit_int << q), (limit_int << q) + 1)}
    return sorted(((number_birthday(x), x) for x in xs), key=lambda t: t[0])


CANDIDATES = candidates_by_birthday(8, 6)


@given(
    st.one_of(st.none(), st.builds(lambda p: Dyadic(p, 16), st.integers(-100, 100))),
    st.one_of(st.none(), st.builds(lambda p: Dyadic(p, 16), st.integers(-100, 100))),
)
def test_simplest_between_is_the_earliest_born_number_inside(lo, hi):
    if lo is not None and hi is not None and lo >= hi:
        with pytest.raises(EmptyIntervalError):
            simplest_between(lo, hi)
        return
    x = simplest_between(lo, hi)
    assert (lo is None or lo < x) and (hi is None or x < hi)
    inside = [(b, y) for b, y in CANDIDATES if (lo is None or lo < y) and (hi is None or y < hi)]
    best = inside[0][0]
    assert [y for b, y in inside if b == best] == [x]  # unique and earliest born


def test_simplest_between_huge_and_unbounded():
    assert simplest_between(10**12, None) == 10**12 + 1
    assert simplest_between(None, -(10**40)) == -(10**40) - 1
    assert simplest_between(-5, 10**50) == 0
    lo, hi = Dyadic(10**30 + 1, 2**100), Dyadic(10**30 + 3, 2**100)
    assert simplest_between(lo, hi) == Dyadic(10**30 + 2, 2**100)
    assert simplest_between(Dyadic(1, 2**500), Dyadic(3, 2**500)) == Dyadic(1, 2**499)
    assert simplest_between("5/8", "3/4") == Dyadic(11, 16)
    assert simplest_between(2, 3) == Dyadic(5, 2)


def test_simplest_between_rejects_empty_interval():
    with pytest.raises(EmptyIntervalError, match="lo >= hi"):
        simplest_between(3, 1)
    with pytest.raises(EmptyIntervalError):
        simplest_between(1, 1)


def test_dyadic_follows_fraction_with_other_number_types():
    from fractions import Fraction

    x = Dyadic(3, 8)
    assert round(x, 1) == Fraction(2, 5) and isinstance(round(x, 1), Fraction)
    assert round(Dyadic(5, 2)) == 2 and round(Dyadic(7, 2)) == 4  # a half to the even one
    assert x + 1.5 == 1.875 and isinstance(x + 1.5, float) and 1.5 - x == 1.125
    assert x + Fraction(1, 3) == Fraction(17, 24) == Fraction(1, 3) + x
    assert x == 0.375 and x < 0.5 and not x > float("nan") and x != float("nan")
    assert hash(x) == hash(0.375) == hash(Fraction(3, 8))
    assert x + 1j == complex(0.375, 1) and x == complex(0.375, 0)
    assert divmod(7, Dyadic(2)) == (3, Dyadic(1)) and 7 % Dyadic(2) == 1
    assert 2 ** Dyadic(3) == 8 and Dyadic(1, 4) ** -1 == 4
    with pytest.raises(NotDyadicError):
        x**-1  # 8/3
    for p, q in [(1, 0), (-7, 3), (2**200 + 1, 300), (-(2**61) - 1, 61)]:
        y = Dyadic(p, 2**q)
        assert hash(y) == hash(Fraction(p, 2**q))


def test_the_fast_reads_agree_with_the_general_ones():
    # dyadic_compare and dyadic_parts (the NUS arithmetic's hot reads) against the
    # general comparison of Fractions and the public properties, on random dyadics
    import random

    from cgtkit.numbers import dyadic_compare, dyadic_parts

    rng = random.Random(18)
    values = [Dyadic(rng.randint(-(2**70), 2**70), 2 ** rng.randint(0, 80)) for _ in range(300)]
    values += [Dyadic(k, 8) for k in range(-9, 10)]
    for x in values:
        assert dyadic_parts(x) == (x.numerator, x.exponent)
        assert Dyadic.from_exponent(*dyadic_parts(x)) == x
    for x, y in zip(values, values[1:] + values[:1]):
        fx, fy = Fraction(x.numerator, x.denominator), Fraction(y.numerator, y.denominator)
        assert dyadic_compare(x, y) == (fx > fy) - (fx < fy)
        assert dyadic_compare(x, x) == 0 and dyadic_compare(y, x) == -dyadic_compare(x, y)
