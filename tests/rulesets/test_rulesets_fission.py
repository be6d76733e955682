"""Fission: values derived from the rules, the MCGS corpus's outcomes
(tests/data/mcgs/autotests/fission_autotests/), the value search against the generic
search over ``left_moves``/``right_moves`` (its slow twin), the symmetries, and bad
input."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.rulesets import Fission
from cgtkit.rulesets.interface import PositionSolver
from cgtkit.short.notation import game
from support.mcgs_corpus import assert_corpus_file

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_fission.json").read_text())

boards = st.lists(st.text("X....#", min_size=4, max_size=4), min_size=1, max_size=4).map("|".join)


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_values_from_the_rules(case):
    p = Fission(case["position"])
    assert p.value == game(case["value"]) == PositionSolver().value(p)


@settings(max_examples=120, deadline=None)
@given(boards)
def test_the_search_equals_the_generic_search_over_moves(text):
    """The slow twin: PositionSolver plays left_moves/right_moves, with no regions,
    reflections or transposes."""
    p = Fission(text)
    assert PositionSolver().value(p) == p.value


@settings(max_examples=80, deadline=None)
@given(boards)
def test_reflections_and_the_transpose(text):
    rows = text.split("|")
    p = Fission(text)
    assert Fission("|".join(rows[::-1])).value == p.value
    assert Fission("|".join(r[::-1] for r in rows)).value == p.value
    turned = "|".join("".join(r[j] for r in rows) for j in range(len(rows[0])))
    assert Fission(turned).value == -p.value


def test_moves_split_a_stone():
    assert [str(q) for q in Fission("...|.X.|...").left_moves()] == [".X.|...|.X."]
    assert [str(q) for q in Fission("...|.X.|...").right_moves()] == ["...|X.X|..."]
    assert Fission("#|X|.").left_moves() == [] and Fission("x") == Fission("X")


def test_mcgs_corpus_3x3():
    """MCGS v1.5's fission_autotests/fission_3x3.test."""
    assert assert_corpus_file("fission_autotests/fission_3x3.test") == 4


@pytest.mark.slow
def test_mcgs_corpus_5x5_impartial():
    """fission_5x5_easy_imp.test: 48 nim values (about two minutes in Python)."""
    assert assert_corpus_file("fission_autotests/fission_5x5_easy_imp.test") == 48


def test_bad_input_names_the_column():
    with pytest.raises(RulesError, match="column 3"):
        Fission("X.O")
    with pytest.raises(RulesError):
        Fission("X.|.")
