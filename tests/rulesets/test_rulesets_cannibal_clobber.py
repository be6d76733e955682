"""Cannibal Clobber: values derived from the rules, CGSuite's outcomes through the MCGS
test corpus (tests/data/mcgs/autotests/cannibal_clobber/, whose 3x3 files say
'Results from: CGSuite 2.2-beta2'), the value search against the generic search over
``left_moves``/``right_moves`` (its slow twin), the symmetries, and bad input."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.rulesets import CannibalClobber
from cgtkit.rulesets.interface import PositionSolver
from cgtkit.short.notation import game
from support.mcgs_corpus import assert_corpus_file

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_cannibal_clobber.json").read_text())

boards = st.lists(st.text("xo..", min_size=3, max_size=3), min_size=1, max_size=3).map("|".join)


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_values_from_the_rules(case):
    p = CannibalClobber(case["position"])
    assert p.value == game(case["value"]) == PositionSolver().value(p)


@settings(max_examples=120, deadline=None)
@given(boards)
def test_the_search_equals_the_generic_search_over_moves(text):
    """The slow twin: PositionSolver plays left_moves/right_moves, with no groups,
    symmetries or colour swap."""
    p = CannibalClobber(text)
    assert PositionSolver().value(p) == p.value


@settings(max_examples=80, deadline=None)
@given(boards)
def test_symmetries_and_colour_swap(text):
    rows = text.split("|")
    p = CannibalClobber(text)
    turned = "|".join("".join(r[j] for r in rows) for j in range(len(rows[0])))
    assert CannibalClobber(turned).value == p.value
    assert CannibalClobber("|".join(r[::-1] for r in rows)).value == p.value
    assert CannibalClobber(text.translate(str.maketrans("xo", "ox"))).value == -p.value


def test_cannibal_moves():
    assert [str(q) for q in CannibalClobber("xx").left_moves()] == [".x", "x."]
    assert CannibalClobber("xx").right_moves() == []
    assert {str(q) for q in CannibalClobber("xo").right_moves()} == {"o."}


def test_mcgs_corpus_3x3():
    """MCGS's cannibal_clobber/3x3-even-stones.test: 20 boards, both players first."""
    assert assert_corpus_file("cannibal_clobber/3x3-even-stones.test") == 40


@pytest.mark.slow
@pytest.mark.parametrize("name", ["3x3-even-stones-imp", "2x8-7stones"])
def test_mcgs_corpus_slow(name):
    assert assert_corpus_file(f"cannibal_clobber/{name}.test")


def test_bad_input_names_the_column():
    with pytest.raises(RulesError, match="column 3"):
        CannibalClobber("xoQ")
