"""Ordinals below ε0 (cgtkit.ordinals) and the field they generate (cgtkit.surreal):
CGSuite's regression rows (tests/data/cgsuite_surreal.json), the ordered-field laws, and
a twin: evaluation at a large integer, a ring map that keeps the order on these values."""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit import Dyadic, NotationError, Ordinal, OrdinalError, Surreal, omega, surreal
from cgtkit.surreal import birthday, polynomial_gcd

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "cgsuite_surreal.json").read_text(encoding="utf-8"))


def shown(value: object) -> str:
    """A value as CGSuite prints it (a Fraction as p/q, the rest by str)."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)
    return str(value)


@pytest.mark.parametrize("row", DATA["eval_rows"], ids=lambda r: r["name"])
def test_cgsuite_eval_rows(row):
    assert shown(surreal(row["input"])) == row["output"]


@pytest.mark.parametrize("row", DATA["comparison_rows"], ids=lambda r: r["name"])
def test_cgsuite_comparison_rows(row):
    assert row["op"] == "<"
    assert (surreal(row["left"]) < surreal(row["right"])) is (row["output"] == "true")


@pytest.mark.parametrize("row", DATA["generalized_ordinal_rows"], ids=lambda r: r["x"])
def test_cgsuite_generalized_ordinal_rows(row):
    x = surreal(row["x"])
    assert isinstance(x, Ordinal)
    assert str(x) == row["out"]
    assert str(abs(x)) == row["abs"]
    assert str(x.birthday) == row["birthday"] == str(birthday(row["x"]))
    assert x.sign == row["sign"]
    assert x.is_ordinal is row["is_ordinal"]
    assert surreal(str(x)) == x  # CGSuite's text reads back


@pytest.mark.parametrize("row", DATA["rational_rows"], ids=lambda r: r["x"])
def test_cgsuite_rational_rows(row):
    x = surreal(row["x"])
    assert shown(x) == row["out"]
    assert str(birthday(x)) == row["birthday"]
    assert isinstance(x, Dyadic) == (Fraction(str(x)).denominator & (Fraction(str(x)).denominator - 1) == 0)


def test_types_normalise():
    assert type(surreal("3/4")) is Dyadic and type(surreal("1/3")) is Fraction
    assert type(surreal("omega - 1")) is Ordinal and type(surreal("1/omega")) is Surreal
    assert type(surreal("1/omega") * omega) is Dyadic
    assert type(Dyadic(1, 2) + Dyadic(1, 4)) is Dyadic  # a Dyadic stays a Dyadic
    assert Dyadic(1, 2) + omega == surreal("omega + 1/2")
    assert Fraction(1, 3) * omega == surreal("omega/3") and str(surreal("omega/3")) == "ω/3"
    assert Ordinal(7) == 7 and hash(Ordinal(7)) == hash(7) and hash(Ordinal(-3)) == hash(-3)
    assert {Ordinal(2): "x"}[2] == "x"
    assert hash(surreal("2/(2 omega)")) == hash(surreal("1/omega"))


def test_order_across_types():
    assert 10**100 < omega - 1 < omega < omega + Dyadic(1, 2) < omega + 1 < 2 * omega < omega**2
    assert 0 < surreal("1/omega") < Fraction(1, 10**50) and -surreal("1/omega") < 0
    assert surreal("1/(omega-1)") > surreal("1/omega") > surreal("1/(omega+1)")
    assert sorted([omega, 3, Dyadic(1, 2), -omega, Fraction(1, 3)]) == [-omega, Fraction(1, 3), Dyadic(1, 2), 3, omega]


def test_printing_as_cgsuite():
    assert str(omega ** (omega**omega)) == "ω^ω^ω"
    assert str(omega ** (2 * omega)) == "ω^(2ω)"
    assert str(omega**20) == "ω^20" and str(7 * omega) == "7ω" and str(-omega) == "-ω"
    assert str(surreal("-1/omega")) == "-1/ω"
    assert str(surreal("(omega+1)/(omega-1)")) == "(ω+1)/(ω-1)"
    assert str(omega ** (omega - 1)) == "ω^ω/ω"


@pytest.mark.parametrize(
    "text, column",
    [("omega + ", 9), ("2 $ 3", 3), ("(omega", 7), ("omega)", 6), ("", 1), ("3 4", 3), ("2^omega", 1)],
)
def test_notation_errors_name_the_column(text, column):
    with pytest.raises(NotationError) as e:
        surreal(text)
    assert e.value.column == column
    assert "\n" in str(e.value) or not text


def test_errors():
    with pytest.raises(NotationError, match="division by zero at column 6"):
        surreal("omega/0")
    with pytest.raises(ZeroDivisionError):
        omega / (omega - omega)
    with pytest.raises(OrdinalError):
        surreal("1/omega").birthday
    with pytest.raises(OrdinalError):
        int(omega)
    with pytest.raises(OrdinalError):
        Ordinal.from_terms([(omega - 1, 1)])
    with pytest.raises(TypeError):
        omega + 0.5


# --- laws, with a twin --------------------------------------------------------------------
#
# Exponents β = a + b ω (a < 8, b < 3) and ω^β evaluated as B^(a + 40 b): the natural sum
# of exponents is their sum, so evaluation is a ring map; with B huge against the
# coefficients, the sign of a value is the sign of its evaluation.

B = 10**6


def evaluate(x: object) -> Fraction:
    if isinstance(x, Surreal):
        return evaluate(x.numerator) / evaluate(x.denominator)
    if isinstance(x, Ordinal):
        total = Fraction(0)
        for beta, c in x.terms:
            a, b = beta.coefficient(0), beta.coefficient(1)
            assert beta == a + b * omega
            total += c * Fraction(B) ** (a + 40 * b)
        return total
    return Fraction(x)  # type: ignore[arg-type]


exponents = st.tuples(st.integers(0, 2), st.integers(0, 1)).map(lambda t: t[0] + t[1] * omega)
ordinals = st.lists(st.tuples(exponents, st.integers(-3, 3)), max_size=3).map(Ordinal.from_terms)
numbers = st.one_of(
    ordinals,
    st.tuples(ordinals, ordinals.filter(bool)).map(lambda t: Surreal(t[0], t[1])),
    st.fractions(max_denominator=12).filter(lambda f: abs(f) < 20),
)


@settings(max_examples=60, deadline=None)
@given(numbers, numbers, numbers)
def test_ordered_field_laws(a, b, c):
    assert a + b == b + a and a * b == b * a
    assert (a + b) + c == a + (b + c)
    assert (a * b) * c == a * (b * c)
    assert a * (b + c) == a * b + a * c
    assert a - a == 0 and a + 0 == a and a * 1 == a
    if a != 0:  # Surreal(x, y) is the field's x / y (Dyadic / Dyadic stays dyadic or raises NotDyadicError)
        assert a * Surreal(1, a) == 1
    assert (a < b) + (a == b) + (a > b) == 1
    if a < b:
        assert a + c < b + c
        if c > 0:
            assert a * c < b * c
    if a == b:
        assert hash(a) == hash(b)


@settings(max_examples=60, deadline=None)
@given(numbers, numbers)
def test_twin_evaluation(a, b):
    for value, twin in (
        (a + b, evaluate(a) + evaluate(b)),
        (a - b, evaluate(a) - evaluate(b)),
        (a * b, evaluate(a) * evaluate(b)),
    ):
        assert evaluate(value) == twin
    assert (a < b) == (evaluate(a) < evaluate(b))
    if b != 0:
        assert evaluate(Surreal(a, b)) == evaluate(a) / evaluate(b)


@settings(max_examples=40, deadline=None)
@given(ordinals, ordinals, ordinals.filter(bool))
def test_gcd_cancels_a_common_factor(p, q, r):
    if not (p and q):
        return
    g = polynomial_gcd(p * r, q * r)
    quotient = g / r
    assert isinstance(quotient, Ordinal) or Fraction(quotient).denominator == 1  # r divides the gcd
    assert (p * r) / (q * r) == p / q
    reduced = (p * r) / (q * r)
    if isinstance(reduced, Surreal):
        assert polynomial_gcd(reduced.numerator, reduced.denominator) == 1 and reduced.denominator.sign > 0


@settings(max_examples=40, deadline=None)
@given(ordinals)
def test_text_round_trip(x):
    assert Ordinal(str(x)) == x and surreal(str(x)) == x


@pytest.mark.parametrize(
    "text, message",
    [
        ("(" * 5000 + "1" + ")" * 5000, "nested more than 100 deep"),
        ("^".join(["omega"] * 3000), "nested more than 100 deep"),
        ("2^(10^10)", "too large to write out"),
        ("(omega+1)^1000000", "too large to write out"),
    ],
)
def test_huge_or_deep_input_is_a_notation_error(text, message):
    with pytest.raises(NotationError, match=message):
        surreal(text)
    assert str(surreal("omega^100000000")) == "ω^100000000"


@pytest.mark.parametrize("text", ["omega^(1/2)", "(1/2)^omega", "2^(1/2)", "(4/2)^(1/2)", "(1/3)^(1/2)"])
def test_powers_outside_the_field_are_notation_errors(text):
    with pytest.raises(NotationError, match="cannot raise"):
        surreal(text)
