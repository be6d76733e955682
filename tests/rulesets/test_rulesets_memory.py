"""Fibonacci Nim and the take-away family: the losing heaps against published
sequences, Schwenk's closed form and the nim-value table against a search of the
moves, bad input."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import CGTError, RulesError
from cgtkit.rulesets.interface import PositionSolver
from fractions import Fraction

from cgtkit.rulesets.memory import TABLE_LIMIT, FibonacciNim, Mem, TakeAway, take_away_sequence
from cgtkit.rulesets.registry import lookup

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_coordinate_games.json").read_text())


def test_fibonacci_heaps_lose():
    fib = DATA["fibonacci"]["values"]
    assert [n for n in range(1, fib[-1] + 1) if FibonacciNim(str(n)).is_p_position()] == fib
    assert [n for n in range(1, 90) if FibonacciNim(str(n)).nim_value == 0] == [f for f in fib if f < 90]
    assert take_away_sequence(2, len(fib)) == fib


def test_multiplier_one_is_powers_of_two():
    powers = DATA["powers_of_two"]["values"]
    assert [n for n in range(1, powers[-1] + 1) if TakeAway(f"1:{n}").is_p_position()] == powers
    assert take_away_sequence(1, len(powers)) == powers


@pytest.mark.parametrize("c", ["1", "2", "3", "4", "5", "3/2", "5/2", "7/3"])
def test_closed_form_and_table_against_search(c):
    solver = PositionSolver()
    for n in range(45):
        for m in range(n + 1):
            p = TakeAway(f"{c}:{n},{m}")
            v = solver.nim_value(p)
            assert p.nim_value == v, (c, n, m)
            assert p.is_p_position() == (v == 0), (c, n, m)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(0, 400), st.data())
def test_nim_value_is_mex_of_moves(c, n, data):
    m = data.draw(st.integers(0, n))
    p = TakeAway(f"{c}:{n},{m}")
    seen = {q.nim_value for q in p.moves()}
    mex = 0
    while mex in seen:
        mex += 1
    assert p.nim_value == mex
    assert p.is_p_position() == (mex == 0)


def test_huge_heaps_have_outcomes():
    f = take_away_sequence(2, 200)
    assert FibonacciNim(str(f[-1])).is_p_position() and not FibonacciNim(str(f[-1] + 1)).is_p_position()
    assert FibonacciNim(f"{f[-1]}").nim_value == 0
    with pytest.raises(CGTError, match="table limit"):
        FibonacciNim(str(f[-1] + 1)).nim_value
    assert TABLE_LIMIT >= 1000


def test_moves_and_notation():
    assert FibonacciNim("5").moves() == [
        FibonacciNim("4,2"),
        FibonacciNim("3,4"),
        FibonacciNim("2,6"),
        FibonacciNim("1,8"),
    ]
    assert str(FibonacciNim("5")) == "5,4" and str(FibonacciNim("5,9")) == "5,5" and FibonacciNim("0").moves() == []
    assert str(TakeAway("3:7,2")) == "3:7,2" and TakeAway("3:7,2").moves()[1] == TakeAway("3:5,5")
    assert lookup("fibonacci nim") is FibonacciNim and lookup("take-away") is TakeAway


@pytest.mark.parametrize(
    "cls, text, match",
    [
        (FibonacciNim, "5;2", "column 2"),
        (FibonacciNim, "5,2,1", "heap"),
        (FibonacciNim, "3:5", "column 2"),
        (TakeAway, "5", "multiplier"),
        (TakeAway, "0:5", "multiplier"),
        (TakeAway, "1/2:5", "multiplier"),
        (TakeAway, "3/0:5", "multiplier"),
        (TakeAway, "3/:5", "multiplier"),
        (Mem, "5:3", "column 2"),
    ],
)
def test_bad_input(cls, text, match):
    with pytest.raises(RulesError, match=match):
        cls(text)


def test_moves_of_huge_heaps_are_refused():
    with pytest.raises(CGTError, match="refused"):
        FibonacciNim("10000000").moves()


def test_rational_multipliers():
    # floor(5/2 k): 1 -> 2, 2 -> 5, 3 -> 7; H: 1, 2, 3, 5, 7, 10, 15 (each by the rule, by hand)
    assert take_away_sequence(Fraction(5, 2), 7) == [1, 2, 3, 5, 7, 10, 15]
    assert take_away_sequence(Fraction(3, 2), 6) == take_away_sequence(1, 6)  # floor(3k/2) >= 2k never helps
    assert str(TakeAway("3/2:6")) == "3/2:6,5" and str(TakeAway("4/2:6")) == "2:6,5"
    assert TakeAway("3/2:6").moves()[2] == TakeAway("3/2:3,3")


def test_mem_against_search():
    solver = PositionSolver()
    for n in range(40):
        for m in range(n + 3):
            p = Mem(f"{n},{m}")
            assert p.nim_value == solver.nim_value(p), (n, m)
            assert (p.nim_value == 0) == (p.m > p.n)  # take everything wins whenever allowed
    assert Mem("5").moves() == [Mem("4,1"), Mem("3,2"), Mem("2,3"), Mem("1,2"), Mem("0,1")]
    assert lookup("mem") is Mem
