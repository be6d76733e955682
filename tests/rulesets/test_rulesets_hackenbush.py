"""Blue-Red-Green Hackenbush: stalks, trees and graphs.  Published stalk values and
the sign-expansion rule, the colon principle for green trees against search, the
tree engine against the graph engine, moves by hand, syntax round trips."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from cgtkit import PartizanSolver
from cgtkit.errors import RulesError
from cgtkit.rulesets.hackenbush import (
    HackenbushGraph,
    HackenbushStalks,
    HackenbushTree,
    format_tree,
    green_tree_nim,
    parse_tree,
    stalk_number,
    stalk_value,
)
from cgtkit.short.notation import game

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_hackenbush.json").read_text())


@pytest.mark.parametrize("stalks, value", sorted(DATA["stalks"]["values"].items()))
def test_published_stalks(stalks, value):
    assert HackenbushStalks(stalks).value == game(value)
    assert HackenbushTree(stalks).value == game(value)


@pytest.mark.parametrize("case", DATA["trees"]["values"], ids=lambda c: c["tree"])
def test_trees_hand_checked(case):
    t = HackenbushTree(case["tree"])
    assert t.value == game(case["value"]) and t.search_value() == game(case["value"])


def random_tree(rng: random.Random, n: int, colours: str) -> str:
    """A random forest of n edges as a tree string (built through its preorder)."""
    edges = []
    depth = 0
    for _ in range(n):
        d = rng.randint(0, depth) if edges else 0
        edges.append((d, rng.choice(colours)))
        depth = d + 1
    return format_tree(tuple(edges))


def test_sign_expansion_against_options():
    """Berlekamp's rule (fast) equals the value by options (slow), every stalk <= 9."""
    for n in range(1, 10):
        for bits in range(1 << n):
            s = "".join("L" if bits >> i & 1 else "R" for i in range(n))
            assert game(str(stalk_number(s))) == stalk_value(s), s


def test_colon_principle_against_search():
    rng = random.Random(7)
    for _ in range(60):
        text = random_tree(rng, rng.randint(1, 9), "G")
        t = HackenbushTree(text)
        n = green_tree_nim(t.edges)
        assert t.value == game(f"*{n}") if n else t.value == game("0")
        assert t.search_value() == t.value, text


def test_trees_against_graph_engine_and_plain_solver():
    """Three independent evaluations: the tree keys, the graph engine, and the
    engine's PartizanSolver on raw preorders (no normalisation, no splitting)."""

    def moves(edges):
        t = HackenbushTree._make(edges)
        return [m.edges for m in t.left_moves()], [m.edges for m in t.right_moves()]

    solver = PartizanSolver(moves, tuple_is_sum=False)
    rng = random.Random(8)
    for _ in range(40):
        text = random_tree(rng, rng.randint(1, 8), "LRG")
        t = HackenbushTree(text)
        v = t.value
        assert v == t.to_graph().value == solver.value(t.edges), text


def test_graph_cycles_fusion():
    # the fusion principle (Winning Ways ch. 7): the vertices of a green circuit fuse
    # into one, its edges becoming loops, each loop worth *; so an odd circuit leaves
    # *, an even one nothing.  A triangle through the ground is *, a square 0.
    assert HackenbushGraph("g-a:G a-b:G b-g:G").value == game("*")
    assert HackenbushGraph("g-a:G a-b:G b-c:G c-g:G").value == game("0")
    # a green square on an edge fuses to a point: the edge alone, *; a triangle on
    # an edge: the edge with one loop on top, a stalk of 2, *2
    assert HackenbushGraph("g-a:G a-b:G b-c:G c-d:G d-a:G").value == game("*")
    assert HackenbushGraph("g-a:G a-b:G b-c:G c-a:G").value == game("*2")
    # a loop at the ground is one edge: a green loop is *, a blue loop is 1
    assert HackenbushGraph("g-g:G").value == game("*") and HackenbushGraph("g-g:L").value == game("1")
    # parallel blue and red edges from the ground to a vertex: {0|0} on each side
    assert HackenbushGraph("g-a:L g-a:R").value == game("0")


def test_moves_hand_checked():
    s = HackenbushStalks("LRG,R")
    assert [str(m) for m in s.left_moves()] == ["R", "LR,R"]
    assert [str(m) for m in s.right_moves()] == ["L,R", "LR,R", "LRG"]
    t = HackenbushTree("L(R,G(L,R))")
    assert [str(m) for m in t.left_moves()] == ["", "LR", "L(R,GR)"]
    assert [str(m) for m in t.right_moves()] == ["LG(L,R)", "LR", "L(R,GL)"]
    g = HackenbushGraph("g-a:L a-b:R b-g:G a-c:R")
    assert [str(m) for m in g.left_moves()] == ["a-b:R b-g:G a-c:R", "g-a:L a-b:R a-c:R"]
    assert [str(m) for m in g.right_moves()] == ["g-a:L b-g:G a-c:R", "g-a:L a-b:R a-c:R", "g-a:L a-b:R b-g:G"]
    # chopping g-a and then b-g leaves nothing joined to the ground
    assert HackenbushGraph("g-a:L a-b:R").left_moves() == [HackenbushGraph("")]


def test_syntax_round_trips():
    for text in ["L(R,G(G,G)),LLR", "G", "", "LR(L,R(G,G,G))", "R,R,R"]:
        t = HackenbushTree(text)
        assert str(t) == text and HackenbushTree(str(t)) == t and eval(repr(t)) == t
    assert str(HackenbushTree("B(R)")) == "LR" and str(HackenbushTree(" l ( r , g ) ")) == "L(R,G)"
    assert parse_tree("L(R,GG)") == ((0, "L"), (1, "R"), (1, "G"), (2, "G"))
    g = HackenbushGraph("g-a:B, a-b:R  b-g:g")
    assert str(g) == "g-a:L a-b:R b-g:G" and HackenbushGraph(str(g)) == g
    assert str(HackenbushGraph("a-b:L g-c:R")) == "g-c:R"  # a-b floats: dropped
    s = HackenbushStalks("LRR,GG")
    assert HackenbushStalks(str(s)) == s and repr(s) == "HackenbushStalks('LRR,GG')"


@pytest.mark.parametrize(
    "cls, text, message",
    [
        (HackenbushStalks, "LRX", r"'X' at column 3"),
        (HackenbushTree, "L(R,X)", r"'X' at column 5"),
        (HackenbushTree, "L(R,)", r"empty: '\)' at column 5"),
        (HackenbushTree, "(L)", r"must follow an edge: '\(' at column 1"),
        (HackenbushTree, "L(R", r"unclosed '\(': '\(' at column 2"),
        (HackenbushTree, "LR)", r"unmatched '\)': '\)' at column 3"),
        (HackenbushTree, "L(R,G)L", r"closed group.*'L' at column 7"),
        (HackenbushTree, "L,", r"empty"),
        (HackenbushGraph, "g-a:L a-b:X", r"colour 'X' at column 11"),
        (HackenbushGraph, "g-a:L a=b:R", r"'=' at column 8"),
        (HackenbushGraph, "g-a:L a-b", r"'a-b' at column 7 .*not an edge"),
    ],
)
def test_errors_name_the_column(cls, text, message):
    with pytest.raises(RulesError, match=message):
        cls(text)


def test_deeply_nested_branches_give_a_clear_error_not_a_recursion_error():
    from cgtkit.errors import RulesError
    from cgtkit.rulesets.hackenbush import MAX_BRANCH_NESTING, HackenbushTree

    def nested(depth: int) -> str:
        text = "L"
        for _ in range(depth):
            text = f"L({text},R)"
        return text

    assert HackenbushTree(nested(6)).value == HackenbushTree(nested(6)).search_value()
    deep = HackenbushTree(nested(MAX_BRANCH_NESTING + 5))
    assert len(deep.left_moves()) > MAX_BRANCH_NESTING  # moves still work
    with pytest.raises(RulesError, match="nested more than"):
        deep.value
