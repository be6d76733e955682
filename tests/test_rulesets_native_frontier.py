"""The native searches of the issue-27 rulesets against their twins, the Python
searches (``with python_search():``): generalized Toads and Frogs, Elephants and
Rhinos on random positions, the MCGS corpus's values
through the native path, parts beyond the native limits falling back to Python,
and bad keys as a RulesError.  Longer random sweeps are marked slow."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.mcgs.runner import OK, run_case
from cgtkit.mcgs.testfile import read
from cgtkit.rulesets import Elephants, GenToads, native
from cgtkit.short.notation import game

pytestmark = pytest.mark.skipif(not native.active(), reason="the native search runs only with the native engine")

CORPUS = pathlib.Path(__file__).parent / "data" / "mcgs" / "autotests"


def twin(position):
    """The value by the Python search."""
    with native.python_search():
        return position.value


def same(position):
    a, b = position.value, twin(position)
    assert a == b and type(a) is type(b), (position, a, b)


RULES = st.sampled_from(["1,1,1,0", "1,1,0,0", "1,2,1,1", "1,2,3,0", "1,3,2,1", "2,3,2,0", "2,2,0,1", "1,4,4,1"])
STRIPS = st.text("XO...", min_size=1, max_size=12)

RANDOM = [
    ("elephants", st.builds(Elephants, STRIPS), 150),
    ("gen-toads", st.builds(lambda r, s: GenToads(f"{r}:{s}"), RULES, st.text("XO...", min_size=1, max_size=10)), 150),
]


@pytest.mark.parametrize("name, positions, examples", RANDOM, ids=[r[0] for r in RANDOM])
def test_native_equals_python_on_random_positions(name, positions, examples):
    @settings(max_examples=examples, deadline=None)
    @given(positions)
    def check(p):
        if p is not None:
            same(p)

    check()


@pytest.mark.slow
@pytest.mark.parametrize(
    "positions",
    [
        st.builds(lambda r, s: GenToads(f"{r}:{s}"), RULES, st.text("XO...", min_size=1, max_size=16)),
    ],
    ids=["gen-toads"],
)
def test_native_equals_python_longer_sweep(positions):
    @settings(max_examples=400, deadline=None)
    @given(positions)
    def check(p):
        if p is not None:
            same(p)

    check()


# --- the MCGS corpus through the native path ---------------------------------------------
CORPUS_CASES = {  # file: the lines of its cases small enough for make test
    "elephants": ("elephants_autotests/elephants.test", (17, 20, 26)),
    "gen-toads": ("gen_toads_autotests/gen_toads_1321.test", (9, 12, 13, 14)),
}
OWNERS = {
    "elephants": Elephants,
    "gen-toads": GenToads,
}


@pytest.mark.parametrize("key", list(CORPUS_CASES))
def test_the_mcgs_corpus_through_the_native_search(key):
    """The corpus answers (CGSuite's or the modified SBHSolver's, as each file says),
    with the native table consulted for them: its misses move."""
    name, lines = CORPUS_CASES[key]
    cases = [c for c in read((CORPUS / name).read_text(), name).cases if c.line in lines]
    assert len(cases) == len(lines)
    solver = native.solver_of(OWNERS[key])
    solver.clear()
    for case in cases:
        results = list(run_case(case, name))
        assert results and all(r.status == OK for r in results), results
    assert solver.stats()["misses"] > 0


# --- values through the native path -------------------------------
def test_gen_toads_and_elephants_agree():
    for s in ["X..X.O..O", "XX.O.OX..O", "X.X.O.O"]:
        assert Elephants(s).value == GenToads("1,1,0,0:" + s).value == twin(Elephants(s))


# --- beyond the native limits, and bad keys -------------------------------------------------
def test_beyond_the_native_limits_the_python_search_runs():
    # 49 squares: more than a native strip holds (48); a lone toad with 48 steps to go
    assert native.solver_of(GenToads).value(["1,1,0,0:X" + "." * 48]) is None
    assert GenToads("1,1,0,0:X" + "." * 48).value == game("48")
    # rules past 63 squares: the Python search
    assert native.solver_of(GenToads).value(["1,64,0,0:X.."]) is None
    assert GenToads("1,64,0,0:X..").value == game("2")


def test_bad_keys_are_rules_errors():
    with pytest.raises(RulesError, match="column 2"):
        native.solver_of(GenToads).value(["1,1,0,0:XQ"])
    with pytest.raises(RulesError, match="bad rules"):
        native.solver_of(GenToads).value(["2,1,0,0:X."])
    with pytest.raises(RulesError, match="no ':'"):
        native.solver_of(GenToads).value(["X.O"])
    with pytest.raises(RulesError, match="string"):
        native.solver_of(Elephants).value([3])
