"""Elephants and Rhinos, generalized Toads and Frogs and NoGo: the MCGS corpus's
outcomes and values (CGSuite 2.1.1 and the modified SBHSolver, as each file says),
each search against the generic search over ``left_moves``/``right_moves`` (the slow
twin, with no parts, trimming or symmetry), the symmetries, and bad input.  The
corpus cases are read from ``tests/data/mcgs/autotests`` (file and line in each id);
the small ones run in ``make test``, the rest are marked slow."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.mcgs.runner import FAIL, OK, run_case
from cgtkit.mcgs.testfile import read
from cgtkit.rulesets import Elephants, GenToads, NoGo, ToadsAndFrogs, native
from cgtkit.rulesets.interface import PositionSolver
from cgtkit.short.notation import game

CORPUS = pathlib.Path(__file__).parent.parent / "data" / "mcgs" / "autotests"
FILES = {
    "elephants": [
        "elephants_autotests/elephants.test",
        "elephants_autotests/elephants_bwn.test",
        "elephants_autotests/elephants_imp.test",
    ],
    "gen_toads": [
        "gen_toads_autotests/gen_toads_1100/gen_toads.test",
        "gen_toads_autotests/gen_toads_1211.test",
        "gen_toads_autotests/gen_toads_1230.test",
        "gen_toads_autotests/gen_toads_1321.test",
        "gen_toads_autotests/gen_toads_2320.test",
    ],
    "nogo": [
        "nogo_1xn_autotests/nogo_1xn_empty.test",
        "nogo_1xn_autotests/nogo_1xn_filled_easy.test",
        "nogo_1xn_autotests/nogo_1xn_filled_imp_easy.test",
        "nogo_autotests/nogo.test",
        "nogo_autotests/nogo_4x4_filled.test",
        "nogo_autotests/nogo_4x5_filled.test",
        "nogo_autotests/nogo_from_1xn_empty.test",
        "nogo_autotests/nogo_from_1xn_filled_easy.test",
        "nogo_autotests/nogo_from_1xn_filled_imp_easy.test",
    ],
}


def _cases():
    for game_name, files in FILES.items():
        for name in files:
            for case in read((CORPUS / name).read_text(), name).cases:
                small = sum(len(g.text) for g in case.games) <= (8 if game_name == "nogo" else 20)
                marks = () if small else (pytest.mark.slow,)
                yield pytest.param(name, case, id=f"{name}:{case.line}", marks=marks)


@pytest.mark.parametrize("name, case", list(_cases()))
def test_the_mcgs_corpus(name, case):
    results = list(run_case(case, name))
    assert results and all(r.status == OK for r in results), [r for r in results if r.status == FAIL]


def twin(p):
    """The value by the Python search."""
    with native.python_search():
        return p.value


strips = st.text("XO..", min_size=1, max_size=9)
rules = st.sampled_from(["1,1,1,0", "1,1,0,0", "1,2,1,1", "1,2,3,0", "1,3,2,1", "2,3,2,0", "2,2,0,1"])


@settings(max_examples=150, deadline=None)
@given(strips)
def test_elephants_against_the_generic_search(s):
    p = Elephants(s)
    assert twin(p) == PositionSolver().value(p) == p.value == GenToads("1,1,0,0:" + s).value
    assert Elephants(s[::-1].translate(str.maketrans("XO", "OX"))).value == -p.value


@settings(max_examples=150, deadline=None)
@given(rules, strips)
def test_gen_toads_against_the_generic_search(r, s):
    p = GenToads(f"{r}:{s}")
    assert twin(p) == PositionSolver().value(p) == p.value
    assert GenToads(f"{r}:" + s[::-1].translate(str.maketrans("XO", "OX"))).value == -p.value


@settings(max_examples=60, deadline=None)
@given(strips)
def test_classic_gen_toads_is_toads_and_frogs(s):
    assert GenToads("1,1,1,0:" + s).value == ToadsAndFrogs(s.replace("X", "T").replace("O", "F")).value


def test_gen_toads_moves():
    """Slides over empty squares only; a jump over a run of at most max-jump pieces."""
    assert [str(o) for o in GenToads("1,2,2,1:XXO..").left_moves()] == ["1,2,2,1:.XOX.", "1,2,2,1:X.OX."]
    assert [str(o) for o in GenToads("2,3,0,0:X.O...").left_moves()] == []
    assert [str(o) for o in GenToads("2,3,0,0:...X..").right_moves()] == []
    assert [str(o) for o in GenToads("1,1,2,0:XOO.").left_moves()] == ["1,1,2,0:.OOX"]
    assert GenToads("1,1,1,0:XOO.").left_moves() == []
    assert [str(o) for o in GenToads("1,1,2,0:XXO.").left_moves()] == ["1,1,2,0:X.OX"]  # not over a friend


nogo_boards = st.integers(1, 2).flatmap(
    lambda h: st.lists(st.text("XO...", min_size=4, max_size=4), min_size=h, max_size=h).map("|".join)
)


@settings(max_examples=80, deadline=None)
@given(nogo_boards)
def test_nogo_against_the_generic_search(text):
    try:
        p = NoGo(text)
    except RulesError:
        return  # a group without liberties
    assert PositionSolver().value(p) == p.value
    assert NoGo(text.translate(str.maketrans("XO", "OX"))).value == -p.value
    assert NoGo("|".join(r[::-1] for r in text.split("|"))).value == p.value


def test_nogo_values():
    """Hand-derived: on a strip of 2 either player fills one point (*); on 4 the
    first player leaves a point the second may fill (0 by MCGS too)."""
    assert [NoGo("." * n).value for n in range(1, 5)] == [game("0"), game("*"), game("+-1"), game("0")]
    assert NoGo("X.O").left_moves() == NoGo("X.O").right_moves() == []


def test_bad_input():
    with pytest.raises(RulesError, match="column 3"):
        Elephants("X.Q")
    with pytest.raises(RulesError, match="four naturals"):
        GenToads("1,1:X.O")
    with pytest.raises(RulesError, match="min slide"):
        GenToads("2,1,0,0:X.O")
    with pytest.raises(RulesError, match="no liberty"):
        NoGo("XO")
    with pytest.raises(RulesError, match="column 2"):
        NoGo(".Q")
