"""Closed forms for ``x + n.^ + *m`` (birthday, thermograph, mean, temperature, misère
outcome, temper, parity, incentives, companion) against the general paths that walk
the form, on every x in a set of dyadics, n in -6..6 and m in 0..9; and the values
whose forms are out of reach (``*m`` has m options, ``n.^`` n followers)."""

from __future__ import annotations

import functools

import pytest

from cgtkit.numbers import Dyadic, decimal
from cgtkit.short import properties as pr
from cgtkit.short.atomic_weight import companion
from cgtkit.short.constants import star, up
from cgtkit.short.game import Game
from cgtkit.short.misere import misere_first_player_wins, misere_outcome, misere_wins_by_forms
from cgtkit.backend.python.short.nus import nus_birthday, nus_birthday_by_options
from cgtkit.short.products import _dominant_incentives, incentives_of
from cgtkit.short.thermography import cool, freeze, mean, temperature, thermograph, thermograph_by_scaffolds

XS = [Dyadic(s) for s in ("0", "1", "-1", "2", "-3", "1/2", "-1/2", "3/4", "-5/8", "7/4", "-9/4", "5/16")]
CASES = [(x, n, m) for x in XS for n in range(-6, 7) for m in range(10)]


def nus(x: Dyadic, n: int, m: int) -> Game:
    return Game.of(x) + n * up + star(m)


@pytest.mark.parametrize("x", XS, ids=str)
def test_birthday(x):
    for n in range(-6, 7):
        for m in range(10):
            b = nus_birthday((x, n, m))
            assert b == nus_birthday_by_options((x, n, m)) == nus(x, n, m).birthday, (x, n, m)


@pytest.mark.parametrize("x", XS, ids=str)
def test_thermograph_mean_temperature(x):
    memo: dict = {}  # the general path's own cache, shared over this x
    for n in range(-6, 7):
        for m in range(10):
            g = nus(x, n, m)
            th = thermograph(g)
            assert th == thermograph_by_scaffolds(g, memo), (x, n, m)
            assert mean(g) == th.mast == x
            if not g.is_number:
                assert temperature(g) == th.temperature == 0
                assert freeze(g) == g == cool(g, 0)


@pytest.mark.parametrize("x", XS, ids=str)
def test_misere_temper_parity(x):
    for n in range(-6, 7):
        for m in range(10):
            g = nus(x, n, m)
            assert misere_first_player_wins(g) == misere_wins_by_forms(g), (x, n, m)
            parity = "even" if pr.is_even(g) else "odd" if pr.is_odd(g) else ""
            assert (pr.temper(g), parity) == pr.temper_and_parity_by_forms(g), (x, n, m)


@functools.lru_cache(maxsize=None)
def companion_by_rule(g: Game) -> Game:
    """CGSuite's rule alone: {companion(G^L), 0 if G >= 0 | companion(G^R), 0 if G <= 0}."""
    left = [companion_by_rule(o) for o in g.left_options] + ([Game.of(0)] if g >= 0 else [])
    right = [companion_by_rule(o) for o in g.right_options] + ([Game.of(0)] if g <= 0 else [])
    return Game.from_options(left, right)


@pytest.mark.parametrize("x", XS, ids=str)
def test_incentives_and_companion(x):
    for n in range(-6, 7):
        for m in range(10):
            g = nus(x, n, m)
            general = _dominant_incentives([o - g for o in g.left_options] + [g - o for o in g.right_options])
            assert incentives_of(g) == general, (x, n, m)
            assert incentives_of(g, True, False) == _dominant_incentives([o - g for o in g.left_options])
            assert incentives_of(g, False, True) == _dominant_incentives([g - o for o in g.right_options])
            assert companion(g) == companion_by_rule(g), (x, n, m)


def test_values_whose_forms_are_out_of_reach():
    # up(2**100000) has 2**100000 followers: its birthday took 20.9 GB by walking
    big = up(2**100000)
    assert big.birthday == 2**100000 + 1
    assert str(big) == "^" + decimal(2**100000) and len(str(big)) == 30104
    assert misere_outcome(big) == "R" and pr.temper(big) == "" and thermograph(big) == thermograph(up(3))
    g = big + star(5) + 3
    assert companion(g) == g and mean(g) == 3 and g.birthday == 3 + 2**100000 + 5
    s = star(30_000)  # 30,000 options, each with its own
    assert s.birthday == 30_000 and temperature(s) == 0 and misere_outcome(s) == "N"
    assert not pr.is_even(s) and not pr.is_odd(s) and pr.temper(s) == ""
    assert len(incentives_of(s)) == 30_000 and freeze(s) == s
    assert str(thermograph(s)) == "Thermograph(0,[0],[0,-1],0,[0],[0,1])"


def test_decimal_has_no_digit_limit():
    assert decimal(-(10**6000) - 7) == "-1" + "0" * 5999 + "7"
    assert str(Dyadic(3**9000, 2)) == decimal(3**9000) + "/2"
