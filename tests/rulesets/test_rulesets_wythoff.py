"""Wythoff and a-Wythoff: the closed forms for P-positions against OEIS and the mex
definition, the nim-value table against a search of the moves, bad input."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import CGTError, RulesError
from cgtkit.rulesets.interface import PositionSolver
from cgtkit.rulesets.registry import lookup
from cgtkit.rulesets.wythoff import (
    GeneralizedWythoff,
    Wythoff,
    generalized_wythoff_p,
    is_p_position,
    wythoff_p,
    wythoff_table,
)

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_coordinate_games.json").read_text())


def _p_pairs_by_mex(a, count):
    """Fraenkel's recursive definition: A_n = mex of the earlier A's and B's, B_n = A_n + a n."""
    used, out = set(), []
    for n in range(count):
        m = 0
        while m in used:
            m += 1
        out.append((m, m + a * n))
        used |= {m, m + a * n}
    return out


def test_wythoff_pairs_oeis():
    n = len(DATA["wythoff_a"]["values"])
    assert [wythoff_p(i)[0] for i in range(1, n + 1)] == DATA["wythoff_a"]["values"]
    assert [wythoff_p(i)[1] for i in range(1, n + 1)] == DATA["wythoff_b"]["values"]
    n = len(DATA["a2_wythoff_a"]["values"])
    assert [generalized_wythoff_p(2, i)[0] for i in range(1, n + 1)] == DATA["a2_wythoff_a"]["values"]
    assert [generalized_wythoff_p(2, i)[1] for i in range(1, n + 1)] == DATA["a2_wythoff_b"]["values"]


@pytest.mark.parametrize("a", [1, 2, 3, 4, 7])
def test_closed_form_is_the_mex_definition(a):
    assert [generalized_wythoff_p(a, n) for n in range(400)] == _p_pairs_by_mex(a, 400)


def test_closed_form_is_exact_for_huge_n():
    # the identities B(n) = A(A(n)) + 1 and B(n) = A(n) + n, exactly, at n near 10**40
    n = 10**40 + 7
    a_n, b_n = wythoff_p(n)
    assert wythoff_p(a_n)[0] + 1 == b_n and b_n == a_n + n


def test_nim_rows_oeis():
    rows = DATA["wythoff_nim_rows"]["rows"]
    assert [[Wythoff(f"{x},{y}").nim_value for y in range(len(r))] for x, r in enumerate(rows)] == rows


@pytest.mark.parametrize("a", [1, 2, 3])
def test_table_against_search(a):
    t = wythoff_table(a, 10)
    solver = PositionSolver()
    for x in range(10):
        for y in range(10):
            p = GeneralizedWythoff(f"{a}:{x},{y}")
            assert t[x][y] == solver.nim_value(p), (a, x, y)
            assert (t[x][y] == 0) == is_p_position(x, y, a) == p.is_p_position()


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(0, 14), st.integers(0, 14))
def test_nim_value_against_mex_of_moves(a, x, y):
    p = GeneralizedWythoff(f"{a}:{x},{y}")
    seen = {q.nim_value for q in p.moves()}
    m = 0
    while m in seen:
        m += 1
    assert p.nim_value == m
    assert GeneralizedWythoff(f"{a}:{y},{x}").nim_value == m  # the piles are symmetric


def test_wythoff_is_a_equals_one_and_registered():
    assert Wythoff("4,7").nim_value == 0 and Wythoff("4,7").is_p_position()
    assert GeneralizedWythoff("1:4,7").nim_value == 0
    assert lookup("wythoff") is Wythoff and lookup("a-wythoff") is GeneralizedWythoff
    assert str(Wythoff("3,5")) == "3,5" and str(GeneralizedWythoff("2:3,5")) == "2:3,5"
    assert Wythoff("1,1").moves() == [Wythoff("0,1"), Wythoff("1,0"), Wythoff("0,0")]


def test_large_positions():
    x, y = wythoff_p(10**30)
    assert Wythoff(f"{x},{y}").nim_value == 0
    with pytest.raises(CGTError, match="table limit"):
        Wythoff(f"{x},{y + 1}").nim_value


@pytest.mark.parametrize(
    "cls, text, match",
    [
        (Wythoff, "3;5", "column 2"),
        (Wythoff, "3,5,6", "two pile sizes"),
        (Wythoff, "2:3,5", "column 2"),
        (GeneralizedWythoff, "3,5", "a:x,y"),
        (GeneralizedWythoff, "0:3,5", "positive"),
        (GeneralizedWythoff, "2:3,", "two pile sizes"),
    ],
)
def test_bad_input(cls, text, match):
    with pytest.raises(RulesError, match=match):
        cls(text)


def test_bad_arguments():
    with pytest.raises(CGTError):
        generalized_wythoff_p(0, 3)
    with pytest.raises(CGTError):
        wythoff_p(-1)


def test_moves_of_huge_piles_are_refused():
    with pytest.raises(CGTError, match="refused"):
        Wythoff("100000,200000").moves()


def test_table_limits():
    assert Wythoff("200,100").nim_value == wythoff_table(1, 256)[200][100]
    with pytest.raises(CGTError, match="table limit"):
        GeneralizedWythoff("2:100,3").nim_value
    with pytest.raises(CGTError, match="beyond the limit"):
        wythoff_table(2, 200)
