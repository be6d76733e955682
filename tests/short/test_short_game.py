"""The Game API of the short-game engine (issue 3).

Each test pins one part of the contract of :class:`cgtkit.short.game.Game`: canonical
construction, interning, arithmetic, order, classification and the named constants,
with values checked by hand against the textbook definitions (Siegel, *Combinatorial
Game Theory* (2013), ch. II).  The last group builds games 6,000 deep and checks that
nothing recurses over their depth.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from cgtkit.errors import CGTError, NotANimberError, NotANumberError
from cgtkit.numbers import Dyadic
from cgtkit.short import EQ, FUZZY, GT, LT, Comparison, Game
from cgtkit.short.constants import down, miny, nimber, star, switch, tiny, up, zero
from cgtkit.short.notation import game

F = Game.from_options
HALF = Dyadic(1, 2)


# --- from_options: canonical construction ------------------------------------------------


def test_from_options_removes_duplicates():
    g = F([0, 0, zero], [0, Game.of(0)])
    assert g is star
    assert g.left_options == (zero,) and g.right_options == (zero,)


def test_from_options_removes_dominated_options_on_both_sides():
    # Left keeps her best option (1 > 0), Right his (-1 < 0): {1, 0 | 0, -1} = +-1.
    g = F([1, 0], [0, -1])
    assert g is switch(1)
    assert g.left_options == (Game.of(1),) and g.right_options == (Game.of(-1),)
    # incomparable options both stay: {0, * | 0} = ^*
    h = F([0, star], [0])
    assert h.left_options == (zero, star) and h == up + star


def test_from_options_bypasses_reversible_options():
    # {* | }: Left's * reverses through its Right option 0 (0 <= G), and 0 has no Left
    # options, so the game is { | } = 0.
    assert F([star], []) is zero
    # {^ | }: ^'s Right option * is <= G, so ^ is replaced by *'s Left option 0: {0 | } = 1.
    assert F([up], []) is Game.of(1)
    # {^ | H} with H = {0,*|-1}: ^'s Right option * is <= G, so ^ is replaced by 0;
    # {1|*} reverses the same way, through * to 0.
    h = F([0, star], [-1])
    g = F([up], [h])
    assert g.left_options == (zero,) and g.right_options == (h,) and g is F([0], [h])
    assert F([F([1], [star])], [h]) is g


def test_from_options_recognises_numbers_nimbers_and_ups():
    assert F([0], [1]) is Game.of(HALF) and F([0], [1]).is_number
    assert F([-1], [Game.of(Dyadic(-1, 2))]) is Game.of(Dyadic(-3, 4))
    assert F([3], []) is Game.of(4) and F([], [-3]) is Game.of(-4)
    assert F([1], [5]) is Game.of(2)  # simplest number between 1 and 5
    assert F([0, star], [0, star]) is star(2)
    assert F([0, star, star(2)], [0, star, star(2)]).nim_value == 3
    assert F([0], [star]) is up and F([star], [0]) is down
    assert F([0], [up]) is up(2) + star  # {0|^} = ^^*
    assert F([0, star], [0]).nus == (Dyadic(0), 1, 1)
    assert F([1], [Game.of(1) + star]) is Game.of(1) + up  # number translation of {0|*}


def test_from_options_accepts_ints_and_dyadics_and_rejects_other_types():
    assert F([Dyadic(1, 4)], [HALF]) is Game.of(Dyadic(3, 8))
    with pytest.raises(TypeError, match="float"):
        F([0.5], [])
    with pytest.raises(TypeError):
        Game.of(True)
    with pytest.raises(TypeError):
        Game()


# --- interning ----------------------------------------------------------------------------


def test_equal_games_are_the_same_object():
    a = F([F([0], [0])], [0])  # {* | 0}
    b = F([star, star], [F([], [])])
    assert a is b is down and hash(a) == hash(b)
    assert game("{0|*}") is up is F([0], [star])
    assert up + up is up(2) is game("^^")
    s = F([1], [-1])
    assert s is switch(1) is game("+-1") is -s


def test_hash_agrees_with_equality_on_numbers():
    assert Game.of(3) == 3 and hash(Game.of(3)) == hash(3)
    assert Game.of(HALF) == HALF and hash(Game.of(HALF)) == hash(HALF)
    assert {Game.of(3): "three"}[3] == "three"
    assert star != 0 and up != 0 and (star == "*") is False


def test_copies_and_pickles_are_the_interned_object():
    g = F([2], [up])
    assert copy.copy(g) is g and copy.deepcopy(g) is g
    assert pickle.loads(pickle.dumps(g)) is g
    assert pickle.loads(pickle.dumps(up + star)) is up + star


# --- arithmetic ---------------------------------------------------------------------------


def test_addition():
    assert up + up + star == F([0], [up])  # Winning Ways ch. 3
    assert star + star is zero and star(3) + star(5) is star(6)
    assert Game.of(1) + HALF is Game.of(Dyadic(3, 2))
    assert 1 + star == F([1], [1]) and star + 1 is 1 + star
    assert switch(1) + 1 is F([2], [0])  # number translation
    assert switch(1) + switch(1) is zero
    s = switch(2) + switch(1)  # +-2 +-1 = {{3|1} | {-1|-3}}: 2 + +-1 dominates +-2 + 1
    assert s.left_options == (F([3], [1]),) and s.right_options == (F([-1], [-3]),)


def test_negation_and_subtraction():
    assert -up is down and -down is up and -star is star
    assert -Game.of(Dyadic(-3, 8)) is Game.of(Dyadic(3, 8))
    g = F([2], [F([1], [0])])  # {2 || 1 | 0}
    assert -g is F([F([0], [-1])], [-2]) and -(-g) is g
    assert g - g is zero and up - star is up + star
    assert 3 - up is Game.of(3) + down and up - 3 is Game.of(-3) + up
    assert +g is g


def test_integer_multiples():
    assert 3 * up is up(3) and up * 3 is up(3)
    assert -2 * up is down(2) and 0 * switch(1) is zero
    assert 2 * switch(1) is zero and 3 * switch(1) is switch(1)
    assert 3 * star is star and 4 * star is zero
    assert 5 * Game.of(HALF) is Game.of(Dyadic(5, 2))
    t = tiny(1)
    assert 3 * t is t + t + t and -3 * t is miny(1) + miny(1) + miny(1)
    assert 7 * F([2], [up]) == sum([F([2], [up])] * 7, zero)
    with pytest.raises(TypeError):
        HALF * up  # only integer multiples
    with pytest.raises(TypeError):
        True * up


# --- order --------------------------------------------------------------------------------


ORDER_CASES = [
    # (g, h, g.compare(h))
    (0, 1, LT),
    (Dyadic(3, 4), HALF, GT),
    (star, 0, FUZZY),
    (up, 0, GT),
    (down, 0, LT),
    (up, star, FUZZY),  # ^ - * = ^* is fuzzy with 0
    (up(2), star, GT),  # ^^* > 0
    (up, Dyadic(1, 64), LT),  # ^ is infinitesimal
    (tiny(1), up, LT),  # Tiny is smaller than ^
    (tiny(1), 0, GT),
    (switch(1), 0, FUZZY),
    (switch(1), HALF, FUZZY),
    (switch(1), 2, LT),
    (F([0], [-1]), star, LT),  # {0|-1} <= *, and * <= {0|-1} fails at 0 >= {0|-1}
    (up + star, up + star, EQ),
    (F([1], [-1]) + F([1], [-1]), 0, EQ),
]


@pytest.mark.parametrize("g, h, expected", ORDER_CASES)
def test_compare_and_the_six_operators(g, h, expected):
    g = Game.of(g)
    assert isinstance(g.compare(h), Comparison) and g.compare(h) is expected
    assert (g <= h) == (expected in (LT, EQ))
    assert (g >= h) == (expected in (GT, EQ))
    assert (g < h) == (expected is LT)
    assert (g > h) == (expected is GT)
    assert (g == h) == (expected is EQ) and (g != h) == (expected is not EQ)
    mirror = {LT: GT, GT: LT, EQ: EQ, FUZZY: FUZZY}[expected]
    assert Game.of(h).compare(g) is mirror


def test_star_is_neither_above_nor_below_zero():
    assert not (star <= 0) and not (0 <= star) and not (star < 0) and not (star > 0)
    assert star.compare(0) is FUZZY and star != 0
    assert 0 <= up and not (up <= 0) and 1 > up and HALF > up


def test_comparing_with_other_types_is_a_type_error():
    with pytest.raises(TypeError):
        up <= 0.5
    with pytest.raises(TypeError):
        up < "x"


@pytest.mark.parametrize(
    "g, outcome",
    [
        (1, "L"),
        (-1, "R"),
        (0, "P"),
        (star, "N"),
        (up, "L"),
        (down, "R"),
        (switch(1), "N"),
        (up + star, "N"),
        (up(2) + star, "L"),
        (tiny(2), "L"),
        (miny(2), "R"),
        (F([star], [star]), "P"),
        (star(2) + star(3), "N"),
        (Dyadic(-1, 8), "R"),
    ],
)
def test_outcome(g, outcome):
    assert Game.of(g).outcome == outcome


# --- options and structure ----------------------------------------------------------------


def test_options_of_packed_and_general_games():
    assert Game.of(Dyadic(3, 4)).left_options == (Game.of(HALF),)
    assert Game.of(Dyadic(3, 4)).right_options == (Game.of(1),)
    assert Game.of(3).left_options == (Game.of(2),) and Game.of(3).right_options == ()
    assert Game.of(-3).left_options == () and Game.of(-3).right_options == (Game.of(-2),)
    assert zero.left_options == () == zero.right_options
    assert star(3).left_options == (zero, star, star(2)) == star(3).right_options
    assert up.left_options == (zero,) and up.right_options == (star,)
    assert (up + star).left_options == (zero, star) and (up + star).right_options == (zero,)
    assert up(3).right_options == (up(2) + star,)
    g = game("{3||2*|1*}")
    assert g.left_options == (Game.of(3),) and g.right_options == (F([2 + star], [1 + star]),)
    assert all(isinstance(o, Game) for o in g.left_options + g.right_options)


@pytest.mark.parametrize(
    "g, day",
    [
        (zero, 0),
        (star, 1),
        (1, 1),
        (-1, 1),
        (up, 2),
        (up + star, 2),
        (switch(1), 2),
        (HALF, 2),
        (star(2), 2),
        (star(3), 3),
        (star(4), 4),
        (Dyadic(3, 4), 3),
        (Dyadic(-5, 4), 4),
        (7, 7),
        (tiny(2), 4),
        (up(2), 3),
        (up(2) + star, 3),
        (F([2], [F([1], [0])]), 3),
    ],
)
def test_birthday(g, day):
    assert Game.of(g).birthday == day


def test_numbers():
    x = Game.of(Dyadic(-3, 8))
    assert x.is_number and x.number == Dyadic(-3, 8) and isinstance(x.number, Dyadic)
    assert F([0], [HALF]).number == Dyadic(1, 4)
    assert not star.is_number and not up.is_number and not switch(1).is_number
    with pytest.raises(NotANumberError, match=r"\^ is not a number"):
        up.number
    with pytest.raises(CGTError):
        switch(1).number


def test_integers():
    assert Game.of(3).is_integer and Game.of(-4).is_integer and zero.is_integer
    assert not Game.of(HALF).is_integer and not star.is_integer and not (1 + star).is_integer


def test_nimbers():
    assert star(5).is_nimber and star(5).nim_value == 5
    assert zero.is_nimber and zero.nim_value == 0 and star.nim_value == 1
    assert (star(2) + star(3)).nim_value == 1
    for g in (up, Game.of(1), 1 + star, up + star, switch(1)):
        assert not g.is_nimber
        with pytest.raises(NotANimberError, match="is not a nimber"):
            g.nim_value


def test_infinitesimals():
    for g in (zero, star, up, down, up + star, tiny(2), miny(1), star(7), F([0], [tiny(1)])):
        assert g.is_infinitesimal, g
    for g in (Game.of(Dyadic(1, 64)), switch(1), 1 + star, up + Dyadic(-1, 2), F([1], [0])):
        assert not g.is_infinitesimal, g


def test_followers_include_the_game_and_everything_reachable():
    assert Game.of(Dyadic(3, 4)).followers() == {Game.of(x) for x in (Dyadic(3, 4), HALF, 1, 0)}
    assert up.followers() == {up, zero, star}
    assert tiny(2).followers() == {tiny(2), zero, F([0], [-2]), Game.of(-2), Game.of(-1)}
    assert zero.followers() == {zero}
    assert isinstance(up.followers(), frozenset)


# --- named constants ----------------------------------------------------------------------


def test_named_constants_are_their_definitions():
    assert zero == F([], []) and zero == 0
    assert star == F([0], [0]) and up == F([0], [star]) and down == F([star], [0])
    assert star(0) is zero and star(1) is star and nimber(4) is star(4)
    assert star(3) == F([0, star, star(2)], [0, star, star(2)])
    assert up(1) is up and up(0) is zero and up(-2) is down(2) and down(1) is down
    assert up(4) == up + up + up + up and down(3) == -up(3)
    for x in (1, 2, HALF, Game.of(3) + star):
        assert tiny(x) == F([0], [F([0], [-Game.of(x)])])  # Tiny(x) = {0 || 0 | -x}
        assert miny(x) == F([F([x], [0])], [0])  # Miny(x) = {x | 0 || 0}
        assert switch(x) == F([x], [-Game.of(x)])  # +-x = {x | -x}
        assert miny(x) is -tiny(x)
    assert switch(0) is star  # {0 | 0}
    with pytest.raises(ValueError):
        nimber(-1)
    with pytest.raises(TypeError):
        up(HALF)
    with pytest.raises(TypeError):
        switch(1)(2)  # only star, up and down are callable


def test_printing_and_repr():
    assert str(up(2) + star) == "^^*" and repr(switch(1)) == "game('+-1')"
    assert str(tiny(2)) == "Tiny(2)" and str(Game.of(Dyadic(-3, 8))) == "-3/8"


# --- depth: explicit stacks, never Python recursion -----------------------------------------

DEPTH = 6000


@pytest.fixture(scope="module")
def deep_chain():
    """h_0 = 0, h_k = {h_(k-1) | -1}: a general (non-NUS) game 6,000 levels deep."""
    h = zero
    for _ in range(DEPTH):
        h = F([h], [-1])
    return h


def test_deep_number_chains():
    g = zero
    for _ in range(DEPTH):
        g = F([g], [])
    assert g is Game.of(DEPTH) and g.birthday == DEPTH
    x = zero
    k = 500  # simplest_between walks the denominator bit by bit, so this chain is kept shorter
    for _ in range(k):  # x_k = {x_(k-1) | 1} = 1 - 2^-k, exactly
        x = F([x], [1])
    assert x.number == 1 - Dyadic(1, 2**k) and x.birthday == k + 1
    assert x < 1 and x > Dyadic(1, 2) and x + x.number * -1 is zero


def test_deep_up_chain():
    g = zero
    for _ in range(DEPTH):  # {0 | g}: *, ^, ^^*, ^3, ...
        g = F([0], [g])
    assert g is up(DEPTH - 1) + star(DEPTH % 2) and g.birthday == DEPTH
    assert g > 0 and g < Dyadic(1, 2**30) and g.is_infinitesimal


def test_deep_general_game(deep_chain):
    h = deep_chain
    assert h.nus is None and h.birthday == DEPTH + 1
    assert -(-h) is h and (h + 1) - 1 is h and (h + 1).birthday == DEPTH + 1
    assert h < 0 and h.outcome == "R" and h.compare(-1) is LT and not h.is_infinitesimal
    assert len(h.followers()) == DEPTH + 2  # h_0 .. h_DEPTH and -1
    assert h + star is not h and (h + star) + star is h
    assert game(str(h)) is h


def test_deep_game_pickles(deep_chain):
    # regression: pickling nested the options, so a deep game raised RecursionError
    assert pickle.loads(pickle.dumps(deep_chain)) is deep_chain
    shared = F([deep_chain, up], [F([deep_chain], [-2])])  # shared followers are written once
    assert pickle.loads(pickle.dumps(shared)) is shared


def test_repeated_raw_option_sets_give_the_same_game():
    # from_options remembers raw option sets; order, repeats and ints vs Games must not matter
    first = F([up, 1, star], [F([0], [-1]), 2])
    assert F([star, Game.of(1), up, up], [2, F([0], [-1])]) is first
    assert F([1, star, up], [Game.of(2), F([0], [-1])]) is first
    assert first.left_options == (Game.of(1),) and first.right_options == (F([0], [-1]),)


def test_packed_order_agrees_with_the_sign_of_the_difference():
    # nus_le decides a <= b without building b - a; it must agree with nus_sign(b - a)
    from cgtkit.backend.python.short.nus import nus_le, nus_sign

    xs = [Dyadic(p, 2**q) for p in range(-5, 6) for q in range(3)]
    values = [(x, n, m) for x in xs[::3] for n in range(-2, 3) for m in range(3)]
    for a in values:
        for b in values:
            s = nus_sign((b[0] - a[0], b[1] - a[1], b[2] ^ a[2]))
            assert nus_le(a, b) == (s in (0, 1)), (a, b)


def test_reduction_leaves_no_comparisons_of_discarded_raw_games():
    # regression: every canonicalisation left its raw game's comparisons in the cache (a leak
    # of ~20 entries per game: 33,000 of the 33,400 entries after building day 3)
    # (the python twin's machinery: its raw games get negative ids)
    from cgtkit.backend.python.short import core

    from support.engines import PYTHON, to_handle

    h = F([0, star], [-1])
    for g in (F([up], [h]), F([F([1], [star])], [h]), F([up(2), star(3)], [h, switch(2)]) + up):
        assert PYTHON.birthday(to_handle(PYTHON, g)) >= 2
    assert not [key for key in core._LE if key[0] < 0 or key[1] < 0]


def test_analysis_caches_are_registered_sized_and_cleared_with_the_engine():
    from cgtkit.short import atomic_weight, thermography
    from cgtkit.short.game import clear_caches
    from cgtkit.memo import cache_sizes

    g = game("{2|{1|-1}}")
    thermography.thermograph(g)
    atomic_weight.atomic_weight(game("{0|{0|-1}}") + game("^"))
    sizes = cache_sizes()
    assert sizes["thermography.thermograph"] + sizes["thermography.thermograph_python"] >= 1  # by engine
    assert sizes["atomic_weight.naive"] >= 1
    clear_caches()
    assert all(n == 0 for n in cache_sizes().values()), cache_sizes()
    assert thermography.thermograph(g).temperature == 1  # recomputed after clearing: {2|{1|-1}} has t = 1
