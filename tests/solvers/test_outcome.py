"""One Outcome enum, returned by every API that answers "who wins"."""

import cgtkit as cg
from cgtkit.heap.nim import nim_outcome
from cgtkit.outcome import Outcome
from cgtkit.short.misere import misere_outcome


def test_outcome_is_a_str_enum_equal_to_its_letter():
    assert [o.value for o in Outcome] == ["L", "R", "P", "N", "D"]  # D: a draw, loopy games only
    for o in Outcome:
        assert o == o.value and hash(o) == hash(o.value) and str(o) == o.value and repr(o) == repr(o.value)
        assert Outcome(o.value) is o and f"{o}" == o.value
    assert {"P": 1}[Outcome.P] == 1 and Outcome.N.described == "N (the first player wins)"


def test_every_api_returns_the_enum():
    answers = [
        cg.game("{1|*} + ^").outcome,
        cg.ImpartialSolver(lambda n: range(n)).outcome([1, 2, 3]),
        cg.PartizanSolver(lambda n: ([n - 2] if n > 2 else [], [n - 1] if n > 1 else [])).outcome(3),
        nim_outcome([3, 4, 5]),
        misere_outcome(cg.star),
    ]
    assert all(type(a) is Outcome for a in answers)
    assert answers == ["L", "P", "N", "N", "P"]


def test_one_home_for_mex_uptimals_and_tiny_forms():
    from cgtkit import nimbers
    from cgtkit.rulesets import solver
    from cgtkit.short import constants, properties

    assert solver.mex is nimbers.mex  # the rulesets' one solver takes the one mex
    assert properties.up_sum is constants.up_sum and properties.up_nth is constants.up_nth
    assert constants.up_sum(5) == cg.game("^[5]") and constants.up_nth(5) == cg.game("^<5>")
    assert constants.up_nth(3) == constants.up_sum(3) - constants.up_sum(2)
