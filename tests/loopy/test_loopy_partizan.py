"""Partizan loopy games (issue 14): notation, stoppers, canonical stoppers, sides.

Published values: tests/data/loopy_cgsuite.json (CGSuite's regression tables for
canonical stoppers and sided values, and its loopy-games tutorial).  Laws are checked on
random small game graphs.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgtkit as cg
from cgtkit.loopy import (
    GraphTooLargeError,
    LoopyGraph,
    LoopyValue,
    NotAStopperError,
    NotIdempotentError,
    SidedValue,
    Stopper,
    from_moves,
    loopy,
)
from cgtkit.loopy import store

DATA = json.loads((Path(__file__).parent.parent / "data" / "loopy_cgsuite.json").read_text())


# --- CGSuite's published tables ----------------------------------------------------------
@pytest.mark.parametrize("row", DATA["stoppers"], ids=lambda r: r["input"][:40])
def test_cgsuite_canonical_stoppers(row):
    g = loopy(row["input"])
    assert isinstance(g, Stopper) and g.is_stopper
    assert str(g) == row["form"]
    assert loopy(row["form"]) == g  # the printed form reads back as the same value
    # the degree is the onside of G - G (for the last row, sidling ties an unrolled
    # cycle and certifies it: see cgtkit.loopy.sides)
    assert str(g.degree) == row["degree"]
    assert g.is_idempotent == row["idempotent"]
    if row["variety"] is None:  # CGSuite: "Degree must be an idempotent."
        with pytest.raises(NotIdempotentError):
            g.variety
    else:
        assert str(g.variety) == row["variety"]
    assert [str(x) for x in g.left_options] == row["left_options"]
    assert [str(x) for x in g.right_options] == row["right_options"]
    assert [str(x) for x in g.number_stops] == row["stops"]


def test_the_start_needs_no_settled_part_when_its_own_sides_are_exact():
    # Bach's Carousel never settles, but a Left move to on makes the start on itself
    # (both of its sides are found exactly before sidling), so the value is claimed
    g = loopy("{a{0,{1|1,{*,{1+*|1+*,a}|*}}|0},on|}")
    assert isinstance(g, Stopper) and g == loopy("on")


def test_upsum_and_downsum_are_the_sides_of_the_sum():
    on, off, over, under = (loopy(t) for t in ("on", "off", "over", "under"))
    # Winning Ways ch. 11: on + off = dud = on & off, over - over = over & under
    assert (on.upsum(off), on.downsum(off)) == (on, off)
    assert (over.upsum(under), over.downsum(under)) == (over, under)
    upon = loopy("upon")
    assert (upon.upsum(-upon), upon.downsum(-upon)) == (loopy("^<on>"), loopy("v<on>"))
    # with a short game the sum is a stopper: both sides are the sum
    assert over.upsum(loopy("1/2")) == over.downsum(loopy("1/2")) == loopy("1/2over")


def test_variety_needs_an_idempotent_degree():
    g = loopy("3/2under")
    assert g.upsum_variety("over") == g.downsum_variety("over") == loopy("under")
    with pytest.raises(NotIdempotentError, match="idempotent"):
        g.upsum_variety("3/2under")  # 3/2under + 3/2under = 3under
    with pytest.raises(NotIdempotentError):
        g.downsum_variety(loopy("1"))
    assert loopy("^").variety == 0 and loopy("5*").variety == 0  # a short game's degree is 0


@pytest.mark.parametrize("row", DATA["sided"], ids=lambda r: r["input"])
def test_cgsuite_sided_values(row):
    g = loopy(row["input"])
    assert isinstance(g, SidedValue)
    assert str(g) == row["form"]
    assert str(g.onside) == row["onside"] and str(g.offside) == row["offside"]
    assert g.outcome() == row["outcome"]
    assert loopy(row["form"]) == g


@pytest.mark.parametrize("row", DATA["operations"], ids=lambda r: r["input"])
def test_cgsuite_tutorial_operations(row):
    assert loopy(row["input"]) == loopy(row["value"])


def test_bach_carousel_claims_no_canonical_form():
    g = loopy(DATA["bach"])
    assert isinstance(g, LoopyValue) and not g.is_stopper
    assert "no canonical form claimed" in repr(g)


# --- notation ----------------------------------------------------------------------------
def test_constants_and_short_sums():
    on, off, over, under, upon = (loopy(x) for x in ("on", "off", "over", "under", "upon"))
    assert str(on + off) == "dud" and str(loopy("dud")) == "dud"
    assert off < under < 0 < over < loopy("1/1024") and over < on
    assert -over == under and -upon == loopy("{*|pass}")
    assert loopy("5over") == loopy("5") + over and str(loopy("5over")) == "5over"
    assert str(loopy("^<on>")) == "^<on>" and str(loopy("v[on]*")) == "v[on]*"
    assert loopy("a{0|a}") == over and loopy("{0|pass}") == over
    assert str(on + loopy("{0|pass}")) == "on"
    assert str(loopy("over & v")) == "over & v"


def test_notation_errors_are_cgtkit_errors_with_the_column():
    for bad, col in (("{0|", 1), ("a{0|b}", 5), ("{0|pass", 1)):
        with pytest.raises(cg.CGTError) as info:
            loopy(bad)
        assert f"column {col}" in str(info.value)


def test_not_a_stopper_is_reported():
    with pytest.raises(NotAStopperError):
        store.canonical_batch([[-2], [-1]], [[-2], [-1]])  # a{b|b}, b{a|a}: alternating cycle


# --- comparison --------------------------------------------------------------------------
def test_comparisons_of_stoppers():
    over, upon, on = loopy("over"), loopy("upon"), loopy("on")
    up = loopy("^")
    # upon + v: Right moving first loses (upon -> * leaves v*, Left moves to 0; v -> 0
    # leaves upon, where Left passes until Right must move to *), and Left moving first
    # passes in upon, so upon > ^
    assert up < upon
    assert over > 0 and not (over > loopy("1/1024"))
    assert on >= loopy("100") and loopy("off") <= loopy("-100")


# --- random stoppers for the laws --------------------------------------------------------
def random_stopper_graph(rng: random.Random, n: int) -> LoopyGraph:
    """A random graph on n vertices whose reachable part from 0 is a stopper; edges also
    go to short games 0, 1, -1, *."""
    while True:
        left = [[w for w in range(n) if rng.random() < 0.25] for _ in range(n)]
        right = [[w for w in range(n) if rng.random() < 0.25] for _ in range(n)]
        g = LoopyGraph(left, right, 0)
        if g.is_stopper():
            return g


def stoppers():
    return st.builds(
        lambda seed, n: random_stopper_graph(random.Random(seed), n), st.integers(0, 10**6), st.integers(1, 5)
    )


@settings(max_examples=60, deadline=None)
@given(stoppers())
def test_g_minus_g_is_zero_for_stoppers(graph):
    g = graph.value()
    assert isinstance(g, Stopper)
    d = g - g
    # The issue asks for "G - G = 0"; that is false for loopy stoppers (on - on = dud,
    # over - over = over & under, Winning Ways ch. 11).  What holds (Siegel ch. VI): the
    # sides of G - G are stoppers, offside <= 0 <= onside, the onside is the degree of
    # G and the offside its negative; for a short G, G - G = 0.
    on, off = (d.onside, d.offside) if isinstance(d, SidedValue) else (d, d)
    assert off <= 0 <= on and off == -on and on == g.degree
    if g.is_short:
        assert d == 0


@settings(max_examples=60, deadline=None)
@given(stoppers())
def test_canonical_stopper_is_a_fixed_point_and_not_bigger(graph):
    g = graph.value()
    reach = len(graph.reachable())
    vertices = [v for v in store.reach([g.vertex]) if not store.is_short(v)]
    assert len(vertices) <= reach
    again = loopy(str(g))
    assert again == g and str(again) == str(g)
    # rebuilding the canonical graph vertex by vertex gives the same vertex
    local = {v: i for i, v in enumerate(vertices)}
    left = [[-1 - local[w] if w in local else w for w in store.options(v)[0]] for v in vertices]
    right = [[-1 - local[w] if w in local else w for w in store.options(v)[1]] for v in vertices]
    if vertices:
        assert store.canonical_batch(left, right)[local[g.vertex]] == g.vertex


@settings(max_examples=40, deadline=None)
@given(stoppers(), stoppers(), stoppers())
def test_comparison_is_a_preorder(a, b, c):
    x, y, z = a.value(), b.value(), c.value()
    assert x <= x and y <= y
    if x <= y and y <= z:
        assert x <= z
    if x <= y and y <= x:
        assert x == y  # canonical: equal values are the same vertex


# --- graphs from move functions ------------------------------------------------------------
def test_from_moves_bound_and_errors():
    with pytest.raises(GraphTooLargeError, match="more than 50 positions"):
        from_moves(lambda n: ([n + 1], [n - 1]), 0, max_positions=50)
    with pytest.raises(cg.MoveFunctionError, match="position 2"):
        from_moves(lambda n: ([n + 1], []) if n < 2 else 1 / 0, 0)


def test_long_chain_without_recursion():
    n = 100_000

    # Left moves k -> k+1 up to n-1 and Right may pass back from the top to 0: a stopper
    # (only Left moves except one Right edge, so no alternating cycle)...
    def moves(k):
        return ([k + 1] if k < n - 1 else []), ([0] if k == n - 1 else [])

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        g = from_moves(moves, 0)
        alt = g.alternating()
        value = g.value()
    finally:
        sys.setrecursionlimit(old)
    assert len(g) == n and not any(alt)
    # the top is {|v0} = 0 once v0 >= 0, so vertex k is n-1-k and the start is n-1
    assert value == n - 1


# --- PartizanSolver hands over to loopy values (issue 14) ----------------------------------
def test_partizan_solver_hands_over_to_loopy_values():
    from cgtkit.rulesets.backsliding_toads import BackslidingToadsAndFrogs as B

    def strip(s):  # Backsliding Toads and Frogs as a plain move function
        g = B(s)
        return [str(o) for o in g.left_moves()], [str(o) for o in g.right_moves()]

    solver = cg.PartizanSolver(strip)
    for s in ("t.f", ".tf", "t..", "tt.f", "t.ff"):
        assert solver.value(s) == B(s).value, s
    assert solver.number("t.f") == 0
    with pytest.raises(cg.NotANumberError, match="loopy value on"):
        solver.number("t..")
    assert solver.outcome("t..") == "L" and solver.outcome(".tf") == "N"
    with pytest.raises(cg.LoopyGameError):
        solver.short_value("t.f")
    # a short position of the same solver stays a short Game
    assert isinstance(solver.value("tf"), cg.Game) and solver.value("tf") == 0


def test_partizan_solver_loopy_sums_and_bound():
    # position n: Left may pass (n -> n) or, at n > 0, split into (n - 1, n - 1); Right
    # moves n -> n - 1.  0 = {0|} = on: Left passes for ever; sums of ons are on
    def moves(n):
        return [n] + ([(n - 1, n - 1)] if n else []), ([n - 1] if n else [])

    solver = cg.PartizanSolver(moves)
    assert str(solver.value(0)) == "on" and str(solver.value(2)) == "on"
    assert str(solver.value_of_sum([0, 1])) == "on"
    # a move function that never repeats and never ends stops at the bound (the short
    # search's line of play), with the library's resource error
    bounded = cg.PartizanSolver(lambda n: ([n + 1], [n + 1]), max_positions=500)
    with pytest.raises(cg.ResourceLimitError, match="longer than 500 moves"):
        bounded.value(0)
    # a graph that repeats but is larger than the bound stops in the loopy explorer
    # (Left runs round 0 .. 399; Right jumps n -> n + 400 and back: 800 positions)
    wide = cg.PartizanSolver(lambda n: ([(n + 1) % 400], [n + 400]) if n < 400 else ([], [n - 400]), max_positions=500)
    with pytest.raises(GraphTooLargeError):
        wide.value(0)
    assert issubclass(GraphTooLargeError, cg.ResourceLimitError)


@pytest.mark.parametrize("text", ["upon", "^[on]", "{pass|*}"])
def test_upon_prints_by_name_and_reads_back(text):
    # issue 31: upon printed as ^[on]; on, over and under print by name, and so does upon
    g = loopy(text)
    assert str(g) == "upon" and loopy(str(g)) == g
    assert str(-g) == "v[on]" and str(loopy("1^[on]")) == "1^[on]"
