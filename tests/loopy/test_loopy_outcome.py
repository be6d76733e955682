"""Who wins a loopy game (issue 31): every loopy value answers ``outcome()``, whatever
its sides, by retrograde analysis of the game graph; checked against a brute-force
referee written here from the rules of play alone."""

from __future__ import annotations

import random

import pytest

import cgtkit as cg
from cgtkit.loopy import LoopyGraph, LoopyValue, SidedValue, Stopper, from_moves, loopy
from support.random_graphs import edge_lists


def referee(left: dict, right: dict, start) -> str:
    """The outcome of ``start`` by the definition, on the bare move lists: sweep every
    (position, player to move) until nothing changes; the player to move wins when some
    move reaches a position the opponent loses, loses when every move (none included)
    reaches one the opponent wins; a state never decided is a draw (play goes on)."""
    result: dict = {}
    changed = True
    while changed:
        changed = False
        for v in left:
            for mover, moves in (("L", left[v]), ("R", right[v])):
                if (v, mover) in result:
                    continue
                answers = [result.get((w, "R" if mover == "L" else "L")) for w in moves]
                if any(a == "lose" for a in answers):
                    result[(v, mover)] = "win"
                    changed = True
                elif all(a == "win" for a in answers):
                    result[(v, mover)] = "lose"
                    changed = True

    def winner(mover: str) -> str:
        r = result.get((start, mover))
        if r is None:
            return "D"
        return mover if r == "win" else ("R" if mover == "L" else "L")

    first_left, first_right = winner("L"), winner("R")
    if first_left == first_right:
        return first_left
    return {("L", "R"): "N", ("R", "L"): "P"}.get((first_left, first_right), f"{first_left}/{first_right}")


def random_graphs(seed: int, count: int, most: int):
    """``count`` random graphs of 2 to ``most`` vertices: (left, right, graph from 0)."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(2, most)
        p = rng.choice([0.15, 0.25, 0.4])
        left = dict(enumerate(edge_lists(rng, n, p)))
        right = dict(enumerate(edge_lists(rng, n, p)))
        yield left, right, from_moves(lambda v: (left[v], right[v]), 0)


def test_the_issues_graph_has_an_outcome():
    # issue 31: sides not claimed, and outcome() raised AttributeError
    L = {0: [], 1: [], 2: [2, 3], 3: [1, 4], 4: [3]}
    R = {0: [], 1: [4], 2: [0, 3, 4], 3: [0], 4: [2]}
    assert referee(L, R, 4) == "R"
    assert cg.PartizanSolver(lambda v: (L[v], R[v])).outcome(4) == "R"
    value = from_moves(lambda v: (L[v], R[v]), 4).value(max_rounds=4)
    assert value.outcome() == "R"


def test_a_value_with_unclaimed_sides_answers_outcome():
    carousel = loopy("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")  # Bach's Carousel: no sides claimed
    assert isinstance(carousel, LoopyValue)
    assert carousel.outcome() == "N"  # Left moves to 1 and wins, Right to 0 and wins
    assert carousel.outcome() == carousel.graph.outcome()


def test_graph_outcomes_match_the_referee_on_random_graphs():
    kinds = set()
    for L, R, g in random_graphs(31, 2000, 8):
        got = g.outcome()
        assert got == referee(L, R, 0), (L, R)
        kinds.add(got)
    assert {"L", "R", "P", "N", "D"} <= kinds and any("/" in k for k in kinds)


def test_value_outcomes_match_the_referee_for_every_kind():
    # the value's outcome (a stopper's table graph, a sided value's two sides, an
    # unclaimed value's graph) is the graph's, on random graphs of every kind
    seen = set()
    for L, R, g in random_graphs(2031, 150, 6):
        value = g.value(max_rounds=12)
        assert value.outcome() == referee(L, R, 0), (L, R, value)
        seen.add(type(value))
    assert {Stopper, SidedValue} <= seen


@pytest.mark.parametrize(
    "text, outcome",
    [
        ("on", "L"),
        ("off", "R"),
        ("dud", "D"),
        ("over", "L"),
        ("under", "R"),
        ("upon", "L"),
        ("3 & 0", "D/L"),
        ("0 & -3", "R/D"),
        ("on & 0", "D/L"),
        ("*", "N"),
        ("0", "P"),
    ],
)
def test_outcomes_of_named_values(text, outcome):
    assert loopy(text).outcome() == outcome


def test_sided_outcome_is_the_graphs():
    # the seesaw of docs/loopy.md: 3 & 0, D/L on its graph and from its sides
    g = from_moves(lambda n: ([n + 1] if n < 3 else [], [n - 1] if n > 0 else []), 0)
    assert g.outcome() == g.value().outcome() == "D/L"
    assert LoopyGraph([[0]], [[0]], 0).outcome() == "D"
