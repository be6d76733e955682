"""Analyses of huge numbers, nimbers and ups (issue 31): `cgtkit analyse '*2^64'` never
returned, because incentives enumerated the nimber's options.  Closed forms for
numbers and ``x + *m`` (each against the enumerating twin on small values), and a
clear ResourceLimitError where the answer itself is astronomically large."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgtkit import Dyadic, Game, game
from cgtkit.errors import ResourceLimitError
from cgtkit.short import atomic_weight as aw
from cgtkit.short import properties as pr
from cgtkit.short import thermography as th
from cgtkit.short.misere import misere_outcome
from cgtkit.short.products import incentives_by_options, incentives_of
from cgtkit.short.reduced import reduced_canonical_form

BIG = 2**64


def texts(games) -> set[str]:
    return {str(g) for g in games}


@given(st.integers(-40, 40), st.integers(0, 6), st.integers(0, 9), st.booleans(), st.booleans())
def test_closed_form_incentives_equal_the_enumerated_ones(p, q, m, left, right):
    g = Game.of(Dyadic.from_exponent(p, q)) + game(f"*{m}")
    assert texts(incentives_of(g, left, right)) == texts(incentives_by_options(g, left, right))


@pytest.mark.parametrize(
    "expr, incentives",
    [(str(BIG), {"-1"}), (f"-{BIG}", {"-1"}), (f"{BIG + 1}/1024", {"-1/1024"}), ("0", set()), (f"-{BIG}/2", {"-1"})],
)
def test_incentives_of_huge_numbers(expr, incentives):
    g = game(expr)
    assert texts(pr.incentives(g)) == incentives


def test_a_huge_nimber_has_too_many_incentives_to_list():
    for expr in (f"*{BIG}", f"5/8*{BIG}"):
        for f in (pr.incentives, pr.left_incentives, pr.right_incentives):
            with pytest.raises(ResourceLimitError, match=f"has {BIG} incentives"):
                f(game(expr))


ANALYSES = [
    misere_outcome, th.stops, th.mean, th.temperature, th.confusion_interval, th.thermograph, th.freeze,
    reduced_canonical_form, pr.is_numberish, aw.is_all_small, aw.companion, pr.uptimal_expansion, pr.temper,
    pr.is_even, pr.is_odd, lambda g: g.birthday, lambda g: g.outcome,
]  # fmt: skip


@pytest.mark.parametrize(
    "expr",
    [f"*{BIG}", str(BIG), f"-{BIG + 1}/1024", f"^{BIG}", f"^{BIG}*", f"v{BIG + 1}*3", f"^{BIG}*{BIG}", f"5/8*{BIG}"],
)
def test_every_analysis_of_a_huge_value_answers(expr):
    g = game(expr)
    for f in ANALYSES:
        f(g)  # answers (in closed form): never enumerates 2^64 options
    if g.nus[2] == 0 or g.nus[1] != 0:  # (ups with a nimber have few incentives)
        pr.incentives(g)
    assert g.birthday >= BIG // 1024


def test_huge_nimber_facts():
    g = game(f"*{BIG}")
    assert th.stops(g) == (0, 0) and th.temperature(g) == 0 and misere_outcome(g) == "N" and g.birthday == BIG
