"""Norton and Conway products, ordinal, conjunctive and selective sums.

Sources: Winning Ways ch. 2 (Hackenbush stalks as ordinal sums: a blue edge under a red
one is 1:-1 = 1/2, blue-blue-red = 3/2, blue-red-red = 1/4; a nim-heap on a nim-heap
*a:*b = *(a+b)); ONAG ch. 1 and 6 (Conway product of numbers is their product, of
nimbers their nim-product: *2.*2 = *3, *2.*3 = *, *4.*4 = *6); Winning Ways ch. 9
(selective compounds of impartial games: P exactly when every component is P;
conjunctive compounds: decided by the smallest remoteness); Siegel CGT II.7 (Norton
product: n.U is n copies of U, and G -> G.U is an order-preserving homomorphism for
U > 0).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support.analysis_games import DAY2, games
from cgtkit.nimbers import nim_product_by_definition
from cgtkit.short.constants import nimber, up
from cgtkit.short.game import Game
from cgtkit.short.notation import game
from cgtkit.short.products import conjunctive_sum, conway_product, norton, ordinal_sum, selective_sum


@pytest.mark.parametrize(
    "g, h, result",
    [
        ("1", "-1", "1/2"),
        ("1", "1", "2"),
        ("3/2", "-1", "5/4"),
        ("1", "-2", "1/4"),
        ("2", "-1", "3/2"),
        ("*", "*2", "*3"),
        ("*3", "*4", "*7"),
        ("0", "{1|0}", "{1|0}"),
        ("-1", "1", "-1/2"),
    ],
)
def test_ordinal_sum(g, h, result):
    assert ordinal_sum(game(g), game(h)) == game(result)


@pytest.mark.parametrize(
    "g, h, result",
    [
        ("3/4", "-2", "-3/2"),
        ("1/2", "1/2", "1/4"),
        ("3", "5/8", "15/8"),
        ("*2", "*2", "*3"),
        ("*2", "*3", "*"),
        ("*4", "*4", "*6"),
        ("*8", "*8", "*13"),
        ("0", "{3|-2}", "0"),
        ("1", "{3|-2}", "{3|-2}"),
    ],
)
def test_conway_product(g, h, result):
    assert conway_product(game(g), game(h)) == game(result)


def test_conway_product_of_nimbers_is_the_nim_product():
    # against the definition of the nim product (mex over smaller pairs, ONAG ch. 6)
    for a in range(10):
        for b in range(10):
            assert conway_product(nimber(a), nimber(b)) == nimber(nim_product_by_definition(a, b))


def test_conway_product_generic_formula_on_small_games():
    # by hand from ONAG's formula on the forms * = {0|0}, ^ = {0|*}, 2 = {1|}:
    # *.2 = {0.2 + *.1 - 0.1 | 0.2 + *.1 - 0.1} = {*|*};  ^.2 = {^ | *.2 + ^ - *.1} = {^|^*}
    star = game("*")
    assert conway_product(star, game("2")) == Game.from_options([star], [star])
    assert conway_product(up, game("2")) == Game.from_options([up], [up + star])
    assert conway_product(game("2"), up) == conway_product(up, game("2"))


@pytest.mark.parametrize(
    "g, u, result",
    [
        ("3", "^", "^^^"),
        ("-2", "^", "vv"),
        ("0", "^", "0"),
        ("{1|0}", "^", "{^3*|vv*}"),
        ("*", "1", "*"),
        ("2", "{1|0}", "{1|0}+{1|0}"),
    ],
)
def test_norton_product(g, u, result):
    assert norton(game(g), game(u)) == game(result)


@settings(max_examples=40)
@given(games(), games(), st.sampled_from(["^", "1", "^^*", "{2|1}", "{1|*}"]))
def test_norton_product_is_an_order_preserving_homomorphism(g, h, u):
    u = game(u)
    assert norton(g + h, u) == norton(g, u) + norton(h, u)
    assert norton(-g, u) == -norton(g, u)
    assert (g <= h) == (norton(g, u) <= norton(h, u))


def test_norton_by_one_is_identity_on_day2():
    for g in DAY2:
        assert norton(g, Game.of(1)) == g


NIM = st.integers(0, 5)


@given(NIM, NIM)
def test_selective_sum_of_nim_heaps(a, b):
    # Winning Ways ch. 9: a selective compound is P exactly when every component is
    s = selective_sum(nimber(a), nimber(b))
    assert (s.outcome == "P") == (a == 0 and b == 0)
    assert selective_sum(nimber(a), Game.of(0)) == nimber(a)  # moving in none is not allowed


@given(NIM, NIM)
def test_conjunctive_sum_of_nim_heaps(a, b):
    # the compound ends when any component does: *a ^ *b is 0 when a heap is empty, and
    # otherwise each move empties both heaps or leaves play going (remoteness 1): N
    s = conjunctive_sum(nimber(a), nimber(b))
    assert s.outcome == ("P" if a == 0 or b == 0 else "N")


@pytest.mark.parametrize(
    "g, h, conj, sel",
    [("*", "*", "*", "*2"), ("1", "1", "1", "{0,1|}"), ("1", "-1", "0", "{-1|1}"), ("^", "0", "0", "^")],
)
def test_small_compounds_by_hand(g, h, conj, sel):
    assert conjunctive_sum(game(g), game(h)) == game(conj)
    assert selective_sum(game(g), game(h)) == game(sel)


@settings(max_examples=40)
@given(st.sampled_from(DAY2), st.sampled_from(DAY2))
def test_compounds_are_commutative(g, h):
    assert conjunctive_sum(g, h) == conjunctive_sum(h, g)
    assert selective_sum(g, h) == selective_sum(h, g)


def test_game_methods_for_compounds():
    g = game("{1|0}")
    assert g.norton(up) == norton(g, up) and g.ordinal_sum(game("1")) == ordinal_sum(g, game("1"))
    assert game("*2").conway_product(game("*3")) == game("*1")  # nim product 2 x 3 = 1
