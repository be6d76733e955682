"""Toppling Dominoes: values derived from the rules, CGSuite's outcomes (through the
MCGS test corpus), the value search against the generic search over
``left_moves``/``right_moves`` (its slow twin) and, natively, against the Python
search; the symmetries, and bad input."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.rulesets import TopplingDominoes, native
from cgtkit.rulesets.interface import PositionSolver
from cgtkit.short.notation import game

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_toppling_dominoes.json").read_text())

rows = st.text("XO#", min_size=1, max_size=9)
positions = st.lists(st.text("XO#.", min_size=4, max_size=4), min_size=1, max_size=3).map("|".join)


def twin(p: TopplingDominoes):
    """The value by the Python search."""
    with native.python_search():
        return p.value


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_values_from_the_rules(case):
    p = TopplingDominoes(case["position"])
    assert p.value == game(case["value"]) == twin(p)


@pytest.mark.parametrize("case", DATA["outcomes"], ids=lambda c: f"{c['file']}:{c['position']}")
def test_cgsuites_outcomes(case):
    """CGSuite 2.1.1's outcomes of rows of 10 to 40 dominoes and sums of three rows."""
    p = TopplingDominoes(case["position"])
    assert p.value.outcome == case["outcome"]
    if len(case["position"]) <= 20:
        assert twin(p) == p.value


@settings(max_examples=150, deadline=None)
@given(positions)
def test_the_search_equals_the_generic_search_over_moves(text):
    """The slow twin: PositionSolver plays left_moves/right_moves, with no runs, keys,
    reversal or colour swap."""
    p = TopplingDominoes(text)
    assert twin(p) == PositionSolver().value(p) == p.value


@settings(max_examples=100, deadline=None)
@given(rows)
def test_reversal_and_colour_swap(row):
    p = TopplingDominoes(row)
    assert TopplingDominoes(row[::-1]).value == p.value
    assert TopplingDominoes(row.translate(str.maketrans("XO", "OX"))).value == -p.value
    assert TopplingDominoes(row + "." + row[::-1].translate(str.maketrans("XO", "OX"))).value == game("0")


def test_moves_knock_down_the_rest_of_the_row():
    p = TopplingDominoes("XO#")
    assert [str(o) for o in p.left_moves()] == [".O#", "...", "XO."]
    assert [str(o) for o in p.right_moves()] == ["..#", "X..", "...", "XO."]
    assert TopplingDominoes("x.o") == TopplingDominoes("X.O")  # either case


def test_a_run_beyond_the_native_limit_is_searched_in_python():
    long = "XO" * 31 + "#"  # 63 dominoes: beyond the 60 of the native key
    assert TopplingDominoes(long).value == TopplingDominoes("#" + "OX" * 31).value
    assert TopplingDominoes("X" * 70).value == game("70")


def test_bad_input_names_the_column():
    with pytest.raises(RulesError, match="column 3"):
        TopplingDominoes("XOQ")
    with pytest.raises(RulesError):
        TopplingDominoes("")
    s = native.solver_of(TopplingDominoes)
    if s is not None:
        with pytest.raises(RulesError, match="column 2"):
            s.value(["XQ"])
        with pytest.raises(RulesError):
            s.value([3])
