"""Thermography: stops, mean, temperature, thermographs, confusion intervals, cooling,
heating, overheating, and the SVG / matplotlib drawings.

Sources of expected values: CGSuite's CanonicalShortGameTestCase.scala (see
tests/data/cgsuite_properties.json, which test_analysis_cgsuite.py checks in full);
Winning Ways ch. 1 (Domineering 2x2 = +-1, 2x3 = {2|-1/2}); the switch formulas of
Lessons in Play ch. 6 / Siegel, Combinatorial Game Theory (2013) ch. II.5: ``{x|y}``
with ``x > y`` numbers has stops x and y, mean (x+y)/2 and temperature (x-y)/2, and
cools to ``{x-t | y+t}`` below its temperature.  Identities (Siegel II.5): cooling is
additive, walls are the stops of the cooled game, means add, a sum is no hotter than its
hottest part.
"""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support.analysis_games import games
from cgtkit.errors import CGTError
from cgtkit.numbers import Dyadic
from cgtkit.short.game import Game
from cgtkit.short.notation import game
from cgtkit.short.thermography import (
    Trajectory,
    confusion_interval,
    cool,
    freeze,
    heat,
    left_stop,
    mean,
    overheat,
    right_stop,
    temperature,
    thermograph,
)

D = Dyadic


# --- exact values -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "expr, left, right, m, t, printed",
    [
        # switches {x|y}: stops x, y; mean (x+y)/2; temperature (x-y)/2 (Lessons in Play ch. 6)
        ("{3|-2}", "3", "-2", "1/2", "5/2", "Thermograph(1/2,[5/2],[0,-1],1/2,[5/2],[0,1])"),
        ("+-1", "1", "-1", "0", "1", "Thermograph(0,[1],[0,-1],0,[1],[0,1])"),
        # Domineering 2x3 (Winning Ways ch. 1: {2|-1/2}); below t = -1/2 the right wall
        # follows -1/2's own subzero wall (CGSuite's convention, as for -1/2 itself)
        ("{2|-1/2}", "2", "-1/2", "3/4", "5/4", "Thermograph(3/4,[5/4],[0,-1],3/4,[5/4,-1/2],[0,1,0])"),
        # CGSuite's CanonicalShortGameTestCase.scala
        ("{3||2*|1*}", "3", "2", "9/4", "3/4", "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"),
        (
            "25/16",
            "25/16",
            "25/16",
            "25/16",
            "-1/16",
            "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])",
        ),
        ("*8", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
        ("Tiny(3/2)", "0", "0", "0", "0", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        ("Miny({5||3|1})", "0", "0", "0", "0", "Thermograph(0,[],[0],0,[0],[0,1])"),
        ("5", "5", "5", "5", "-1", "Thermograph(5,[],[0],5,[],[0])"),
    ],
)
def test_stops_mean_temperature_thermograph(expr, left, right, m, t, printed):
    g = game(expr)
    assert (left_stop(g), right_stop(g), mean(g), temperature(g)) == (D(left), D(right), D(m), D(t))
    th = thermograph(g)
    assert str(th) == printed
    assert th.mast == D(m) and th.temperature == D(t)


def test_switch_walls_are_exact_lines():
    # {3|-2}: LW(t) = 3 - t and RW(t) = -2 + t below 5/2, the mast 1/2 above
    th = thermograph(game("{3|-2}"))
    for t in (D(-1), D(0), D(13, 8), D(2)):
        assert th.left_wall(t) == 3 - t and th.right_wall(t) == -2 + t
    for t in (D(5, 2), D(3), D(100)):
        assert th.left_wall(t) == th.right_wall(t) == D(1, 2)


def test_scaffolds_that_run_together_start_the_mast_where_they_first_meet():
    # Regression (found by test_walls_are_the_stops_of_the_cooled_game): here both
    # scaffolds are -1 on [0, 1/2]; the game is infinitesimally close to -1 (both stops
    # are -1), so by the definition of cooling (Siegel II.5) G_t = -1 for every t > 0
    # and the temperature is 0, not 1/2 where the scaffolds part.
    g = game("{-1,{*|-1}||-1*|-2}")
    assert left_stop(g) == right_stop(g) == -1
    assert temperature(g) == 0 and mean(g) == -1
    assert str(thermograph(g)) == "Thermograph(-1,[0],[0,-1],-1,[0],[0,1])"
    assert cool(g, D(1, 4)) == game("-1") and freeze(g) == g


@settings(max_examples=40)
@given(games())
def test_numberish_non_numbers_have_temperature_zero(g):
    if not g.is_number:
        assert (temperature(g) == 0) == (left_stop(g) == right_stop(g))


@pytest.mark.parametrize("n, t", [(5, -1), (-7, -1), (0, -1)])
def test_integer_temperature_is_minus_one(n, t):
    assert temperature(Game.of(n)) == t  # CGSuite's convention (DESIGN.md)


@pytest.mark.parametrize("x, t", [("1/2", "-1/2"), ("-3/4", "-1/4"), ("25/16", "-1/16"), ("7/1024", "-1/1024")])
def test_number_temperature_is_minus_one_over_denominator(x, t):
    assert temperature(game(x)) == D(t)


@pytest.mark.parametrize(
    "expr, printed, contains, excludes",
    [
        ("+-1", "[-1, 1]", ["-1", "0", "1/2", "1"], ["2", "-3/2"]),  # +-1 - 1 = {0|-2} is fuzzy
        ("*", "[0, 0]", ["0"], ["1/64", "-1/64"]),
        ("^", "{}", [], ["0"]),  # ^ > 0: confused with no number
        ("{3|-2}", "[-2, 3]", ["-2", "3", "0"], ["-5/2", "7/2"]),
        ("{3||2*|1*}", "[2, 3]", ["2", "3"], ["1"]),  # CGSuite stops 3 and 2; 2 ||| G
        ("1/2", "{}", [], ["1/2"]),
    ],
)
def test_confusion_interval(expr, printed, contains, excludes):
    g = game(expr)
    ci = confusion_interval(g)
    assert str(ci) == printed
    for x in contains:
        assert D(x) in ci and (g - game(x)).outcome == "N"
    for x in excludes:
        assert D(x) not in ci and (g - game(x)).outcome != "N"


# --- cooling and heating -----------------------------------------------------------------
@pytest.mark.parametrize(
    "expr, t, cooled",
    [
        ("+-1", "1", "*"),  # cooling +-x by x leaves * (Lessons in Play ch. 6)
        ("+-1", "1/2", "+-1/2"),
        ("{3|-2}", "1", "{2|-1}"),
        ("{3|-2}", "5/2", "1/2*"),
        ("{3|-2}", "3", "1/2"),  # above the temperature: the mean
        ("{3||2*|1*}", "1/2", "{5/2|2*}"),  # CGSuite's G.Cool(1/2) (the module doctest)
        ("{2|-1/2}", "5/4", "3/4*"),
        ("5", "10", "5"),
    ],
)
def test_cool(expr, t, cooled):
    assert cool(game(expr), D(t)) == game(cooled)


@pytest.mark.parametrize(
    "expr, frozen",
    [
        ("{3||2*|1*}", "9/4*"),
        ("{3|-2}", "1/2*"),
        ("^", "^"),
        ("25/16", "25/16"),
        ("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "-5/16*"),
    ],  # CGSuite's Freeze
)
def test_freeze(expr, frozen):
    assert freeze(game(expr)) == game(frozen)


def test_cool_by_minus_one_or_less_is_an_error():
    with pytest.raises(CGTError, match="cool"):
        cool(game("+-1"), -1)


@pytest.mark.parametrize(
    "expr, t, heated",
    [
        ("*", "1", "+-1"),  # the integral of * over 1 is +-1
        ("^", "1", "{1||0|-2}"),  # {1 + 0 | heat(*) - 1}
        ("*2", "1", "{1,{2|0}|-1,{0|-2}}"),
        ("1/2", "3", "1/2"),  # numbers are not heated
        ("{3|-2}", "1", "{4|-3}"),
    ],
)
def test_heat(expr, t, heated):
    assert heat(game(expr), game(t)) == game(heated)


def test_overheat():
    # from s to t: integers n -> n.s, other games {t + G^L | G^R - t}
    assert overheat(game("{1|0}"), 1, game("1*")) == game("{2*|-1*}")
    assert overheat(game("*"), game("1"), game("1")) == game("+-1")
    assert overheat(game("1/2"), 1, 1) == game("{1|0}")  # unlike heat, 1/2 = {0|1} is overheated
    assert overheat(game("3"), game("*"), 1) == game("*")  # 3.* = * + * + *


# --- identities on random games ----------------------------------------------------------
TEMPS = st.sampled_from([D(0), D(1, 4), D(1, 2), D(1), D(3, 2), D(3)])


@settings(max_examples=60)
@given(games())
def test_stops_are_ordered_and_walls_start_at_the_stops(g):
    assert left_stop(g) >= right_stop(g)
    if not g.is_number:
        th = thermograph(g)
        assert th.left_wall(0) == left_stop(g) and th.right_wall(0) == right_stop(g)
        assert right_stop(g) <= mean(g) <= left_stop(g)


@settings(max_examples=50)
@given(games(), st.integers(-12, 12))
def test_confusion_interval_is_exactly_the_fuzzy_numbers(g, k):
    x = D(k, 4)
    assert (x in confusion_interval(g)) == ((g - Game.of(x)).outcome == "N")


@settings(max_examples=30)
@given(games(), st.sampled_from([D(-1, 2), D(-1, 4), D(-3, 4)]))
def test_subzero_walls_are_the_stops_of_the_cooled_game(g, t):
    # CGSuite's subzero thermography: the walls below t = 0 are still stops of G_t
    th = thermograph(g)
    cooled = cool(g, t)
    assert (left_stop(cooled), right_stop(cooled)) == (th.left_wall(t), th.right_wall(t))


@settings(max_examples=60)
@given(games(), games())
def test_mean_is_additive_and_sums_are_no_hotter(g, h):
    assert mean(g + h) == mean(g) + mean(h)
    assert temperature(g + h) <= max(temperature(g), temperature(h))


@settings(max_examples=50)
@given(games(), TEMPS)
def test_walls_are_the_stops_of_the_cooled_game(g, t):
    th = thermograph(g)
    cooled = cool(g, t)
    assert (left_stop(cooled), right_stop(cooled)) == (th.left_wall(t), th.right_wall(t))
    if not g.is_number and t < temperature(g):
        assert temperature(cooled) == temperature(g) - t  # cooling lowers the mast's foot


@settings(max_examples=40)
@given(games(), games(), TEMPS)
def test_thermograph_of_a_sum_from_its_parts(g, h, t):
    """The walls of g + h at t, from the cooled parts (cooling is additive), against the
    thermograph of the canonical form of g + h; plus the stop bounds of a sum."""
    s = thermograph(g + h)
    gt, ht = cool(g, t), cool(h, t)
    assert cool(g + h, t) == gt + ht
    assert s.left_wall(t) == left_stop(gt + ht) and s.right_wall(t) == right_stop(gt + ht)
    tg, th_ = thermograph(g), thermograph(h)
    assert tg.left_wall(t) + th_.right_wall(t) <= s.left_wall(t) <= tg.left_wall(t) + th_.left_wall(t)
    assert tg.right_wall(t) + th_.right_wall(t) <= s.right_wall(t) <= tg.left_wall(t) + th_.right_wall(t)
    top = max(temperature(g), temperature(h), D(0)) + 1
    assert s.left_wall(top) == s.right_wall(top) == tg.mast + th_.mast


@settings(max_examples=50)
@given(games(), TEMPS)
def test_cooling_undoes_heating(g, t):
    # the integral then the derivative: holds on these non-number games (numbers are
    # never heated, but cooling moves them to their means)
    if not g.is_number:
        assert cool(heat(g, t), t) == g


@settings(max_examples=40)
@given(games())
def test_freeze_is_infinitesimally_close_to_the_mean(g):
    assert (freeze(g) - Game.of(mean(g))).is_infinitesimal


# --- trajectories ------------------------------------------------------------------------
def test_trajectory_algebra():
    a = Trajectory.constant(2).tilt(-1)  # 2 - t
    b = Trajectory.constant(0).tilt(1)  # t
    assert a(D(1, 2)) == D(3, 2) and b(3) == 3
    m = a.max(b)
    assert m.points == (D(1),) and m(0) == 2 and m(3) == 3
    assert a.min(b)(0) == 0 and (a - b)(1) == 0 and (a + b)(5) == 2
    with pytest.raises(ValueError):
        a(D(-2))
    with pytest.raises(ValueError):
        Trajectory([0, 1], [0, 0, 0], [1, 1, 1])  # breakpoints must decrease


# --- drawings ----------------------------------------------------------------------------
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("expr", ["{3||2|1}", "{3|-2}", "*", "5", "Miny({5||3|1})"])
def test_svg_is_well_formed_with_two_walls_and_a_mast(expr):
    th = thermograph(game(expr))
    root = ET.fromstring(th.to_svg())
    assert root.tag == SVG + "svg"
    walls = {el.get("class"): el for el in root.iter(SVG + "polyline")}
    assert set(walls) == {"left-wall", "right-wall"}
    masts = [el for el in root.iter(SVG + "line") if el.get("class") == "mast"]
    assert len(masts) == 1
    # the mast stands at the mean: both walls end where the mast starts
    x_mast = float(masts[0].get("x1"))
    for wall in walls.values():
        last = wall.get("points").split()[-1]
        assert abs(float(last.split(",")[0]) - x_mast) < 1e-6
    assert th._repr_svg_() == th.to_svg()


def test_svg_wall_corners_are_the_breakpoints():
    th = thermograph(game("{3||2|1}"))
    root = ET.fromstring(th.to_svg())
    right = next(el for el in root.iter(SVG + "polyline") if el.get("class") == "right-wall")
    # right wall of {3||2|1} (by hand: min over {2|1}'s left wall + t, i.e. 2 below
    # t = 1/2 and 3/2 + t above, meeting 3 - t at 3/4): corners at t = -1, 1/2, 3/4, top
    assert str(th) == "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])"
    assert len(right.get("points").split()) == 4


def test_matplotlib_plot():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    ax = thermograph(game("{3||2|1}")).plot()
    assert {line.get_label() for line in ax.get_lines()} == {"left wall", "right wall", "mast"}
    assert ax.xaxis_inverted()
    import matplotlib.pyplot as plt

    plt.close("all")
