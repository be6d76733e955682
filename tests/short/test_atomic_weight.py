"""Atomic weight, all-smallness, atomicity, companions, far star.

Sources: CGSuite's CanonicalShortGameTestCase.scala (aw(^) = 1, aw(v*) = -1, aw(*8) = 0,
aw({^^^|vv}) = {1|0}, aw({1|^^||^}) = 2, {1|^^^||^} and {3||2*|1*} not atomic, numbers not
atomic, Tiny(3/2) and Miny({5||3|1}) atomic with weight 0; companions); Winning Ways ch. 8
/ Siegel, CGT (2013) II.7: aw(n.^ + *m) = n, aw(G.^) = G, additivity, and the two-ahead
rule (an all-small G with aw(G) >= 2 is positive).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support.analysis_games import all_small_games
from cgtkit.errors import NotAtomicError
from cgtkit.short.atomic_weight import atomic_weight, companion, far_star, is_all_small, is_atomic
from cgtkit.short.constants import nimber, up
from cgtkit.short.game import Game
from cgtkit.short.notation import game
from cgtkit.short.products import norton


@pytest.mark.parametrize(
    "expr, weight",
    [
        ("^", "1"),
        ("*", "0"),
        ("^*", "1"),
        ("v*", "-1"),
        ("*8", "0"),
        ("0", "0"),
        ("^^^*5", "3"),
        ("v7", "-7"),
        ("{0||0|v*}", "1"),
        ("{0||0|v3}", "0"),
        ("{^^^|vv}", "{1|0}"),
        ("{1|^^||^}", "2"),
        ("Tiny(3/2)", "0"),
        ("Miny({5||3|1})", "0"),
        ("{0|*||*|||*||||*}", "1"),
    ],
)
def test_atomic_weight(expr, weight):
    g = game(expr)
    assert atomic_weight(g) == game(weight)
    assert is_atomic(g)


@pytest.mark.parametrize("expr", ["5", "-1/2", "25/16", "9/8*", "6^*", "{3||2*|1*}", "+-1", "{3|-2}"])
def test_non_infinitesimals_have_no_atomic_weight(expr):
    with pytest.raises(NotAtomicError, match="only infinitesimals"):
        atomic_weight(game(expr))
    assert not is_atomic(game(expr))


def test_infinitesimal_but_not_atomic():
    # CGSuite: "That game is not atomic." for {1|^^^||^}
    with pytest.raises(NotAtomicError, match=r"\{1\|\^3\|\|\^\} is not atomic"):
        atomic_weight(game("{1|^^^||^}"))


@pytest.mark.parametrize("n", range(-3, 4))
@pytest.mark.parametrize("m", [0, 1, 2, 5])
def test_uptimal_weight_is_the_up_coefficient(n, m):
    assert atomic_weight(n * up + nimber(m)) == n


@pytest.mark.parametrize("expr", ["{1|0}", "{2|0}", "1/2", "{1|*}", "2", "-3", "{1||0|-1}"])
def test_norton_multiple_of_up_has_that_weight(expr):
    g = game(expr)
    assert atomic_weight(norton(g, up)) == g


@settings(max_examples=60)
@given(all_small_games(), all_small_games())
def test_additivity_and_two_ahead_rule(g, h):
    assert is_all_small(g) and is_all_small(g + h)
    a, b = atomic_weight(g), atomic_weight(h)
    assert atomic_weight(g + h) == a + b
    assert atomic_weight(-g) == -a
    if a >= 2:
        assert g > 0
    if a <= -2:
        assert g < 0


@settings(max_examples=40)
@given(all_small_games())
def test_what_is_left_after_the_weight_has_weight_zero(g):
    # G - aw(G).^ has atomic weight 0 (aw is additive and aw(W.^) = W)
    assert atomic_weight(g - norton(atomic_weight(g), up)) == 0


TINIES = st.sampled_from(
    ["Tiny(1)", "Miny(1)", "Tiny(3/2)", "Miny(1/2)", "Tiny({3|1})", "^", "*", "v*", "{0||0|v3}", "^^*", "Tiny(2)"]
)


@settings(max_examples=40)
@given(st.lists(TINIES, min_size=1, max_size=3), st.lists(TINIES, min_size=1, max_size=3))
def test_additivity_beyond_all_small(a, b):
    # sums of tinies, minies and ups: not all-small, yet atomic (Wolfe's test), weights add
    g, h = game(" + ".join(a)), game(" + ".join(b))
    if is_atomic(g) and is_atomic(h):
        assert is_atomic(g + h) and atomic_weight(g + h) == atomic_weight(g) + atomic_weight(h)


@pytest.mark.parametrize(
    "expr, small",
    [
        ("0", True),
        ("*", True),
        ("^*", True),
        ("{0||0|v3}", True),
        ("{^^^|vv}", True),
        ("Tiny(3/2)", False),
        ("Tiny(1)", False),
        ("1", False),
        ("{1|^^||^}", False),
        ("+-1", False),
    ],
)
def test_is_all_small(expr, small):
    assert is_all_small(game(expr)) is small


@pytest.mark.parametrize(
    "expr, comp",
    [
        ("0", "*"),
        ("*", "0"),
        ("^", "^*"),
        ("v*", "v"),
        ("*8", "*8"),
        ("^*6", "^*6"),
        ("5", "5"),
        ("-1/2", "-1/2"),
        ("9/8*", "9/8*"),
        ("{0||0|v3}", "{0,*||*|v3*}"),
        ("{^^^|vv}", "{^3*|vv*}"),
        ("Tiny(3/2)", "{0,*||*|-3/2}"),
        ("Miny({5||3|1})", "{5||3|1|||*||||0,*}"),
        ("{3||2*|1*}", "{3||2*|1*}"),
    ],
)
def test_companion(expr, comp):
    # CGSuite's Companion outputs (CanonicalShortGameTestCase.scala)
    assert companion(game(expr)) == game(comp)


def test_far_star():
    assert far_star(game("^")) == 2  # the followers of ^ hold * and 0
    assert far_star(game("*8")) == 9
    assert far_star(game("5")) == 1
    assert far_star(Game.of(0)) == 1
