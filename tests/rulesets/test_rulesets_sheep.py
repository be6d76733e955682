"""Sheep: values derived from the rules, MCGS's outcomes for a few boards of its
corpus (tests/data/mcgs/autotests/sheep_autotests/sheep1.test, the lines listed in the
data file), the symmetries (herds negated: the negative; turned 180 degrees: the same),
and bad input."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.mcgs.runner import OK, run_case
from cgtkit.mcgs.testfile import read
from cgtkit.rulesets import Sheep
from cgtkit.short.notation import game
from support.mcgs_corpus import CORPUS

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_sheep.json").read_text())

boards = st.lists(
    st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, -1, -2, -3]), min_size=3, max_size=3), min_size=1, max_size=2
)


def text(rows):
    return "|".join(" ".join(map(str, r)) for r in rows)


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_values_from_the_rules(case):
    assert Sheep(case["position"]).value == game(case["value"])


@settings(max_examples=60, deadline=None)
@given(boards)
def test_negation_and_half_turn(rows):
    p = Sheep(text(rows))
    assert Sheep(text([[-n for n in r] for r in rows])).value == -p.value
    assert Sheep(text([r[::-1] for r in rows[::-1]])).value == p.value


def test_moves_slide_until_blocked():
    assert [str(q) for q in Sheep("3 0 0").left_moves()] == ["2 0 1", "1 0 2"]
    assert [str(q) for q in Sheep("0 0|2 0").left_moves()] == ["1 0|1 0", "0 1|1 0", "0 0|1 1"]


def test_mcgs_corpus_cases():
    path = CORPUS / "sheep_autotests" / "sheep1.test"
    cases = {c.line: c for c in read(path.read_text(), str(path)).cases}
    for line in DATA["corpus_lines"]:
        results = list(run_case(cases[line]))
        assert results and all(r.status == OK for r in results), results


def test_bad_input_names_the_column():
    with pytest.raises(RulesError, match="column 4"):
        Sheep("1, x")
    with pytest.raises(RulesError):
        Sheep("1 2|3")
    with pytest.raises(RulesError):
        Sheep("")
