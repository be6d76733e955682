"""Regression: analysis functions must not walk the followers of an integer.

The canonical form of the integer n has |n| followers, so walking them is hopeless for
CGSuite's test integer -1823437481924 (CGSuite's CanonicalShortGameTestCase.scala lists
its companion -1823437481924, IsEven true, IsOdd false).  thermograph, companion,
far_star, is_even/is_odd and misere_outcome used to walk them all (found by the CGSuite
table); each traversal is now capped in these tests so a regression fails at once
instead of hanging.
"""

import pytest

from cgtkit.short import atomic_weight, misere, properties, thermography
from cgtkit.short.game import Game
from cgtkit.short.notation import game
from cgtkit.traverse import position_budget

BIG = -1823437481924


@pytest.fixture
def capped_walks():
    """Make every traversal fail once it has looked at more than 500 games (every
    analysis walks through cgtkit.traverse, whose position_budget is the hook)."""
    with position_budget(500):
        yield


@pytest.mark.parametrize("n", [BIG, 10**15 + 1, 10**15])
def test_big_integers_are_read_off(capped_walks, n):
    g = Game.of(n)
    th = thermography.thermograph(g)
    assert str(th) == f"Thermograph({n},[],[0],{n},[],[0])"
    assert thermography.temperature(g) == -1 and thermography.mean(g) == n
    assert atomic_weight.companion(g) == g
    assert atomic_weight.far_star(g) == 1
    assert properties.is_even(g) == (n % 2 == 0) and properties.is_odd(g) == (n % 2 == 1)
    assert misere.misere_outcome(g) == ("R" if n > 0 else "L")


def test_big_integer_inside_a_game(capped_walks):
    # {BIG | BIG - 1/2}: only the integer followers are big
    g = game(f"{{{BIG + 1}|{BIG}}}")
    assert thermography.temperature(g) == thermography.temperature(game("{1|0}"))
    assert properties.is_even(game(f"{{{BIG}|{BIG}}}")) is False  # n* = {n|n}: options even, so odd
    assert properties.is_odd(game(f"{{{BIG}|{BIG}}}")) is True
