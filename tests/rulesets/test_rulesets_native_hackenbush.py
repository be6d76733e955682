"""The native search of Hackenbush trees and graphs and of Eatcake against its twin,
the Python search: random small trees, graphs (loops and parallel edges included) and
cakes; parts large enough for the native keys by mask; the published values through
both searches; shared keys; bad input; the fall-back beyond 64 edges."""

from __future__ import annotations

import json
import pathlib
import random
import re

import pytest

from cgtkit.errors import RulesError
from cgtkit.rulesets import native
from cgtkit.rulesets.base import native_value
from cgtkit.rulesets.cakes import Eatcake
from cgtkit.rulesets.hackenbush import HackenbushGraph, HackenbushTree
from cgtkit.short.notation import game
from test_rulesets_hackenbush import random_tree
from support.random_graphs import hackenbush_text

pytestmark = pytest.mark.skipif(not native.active(), reason="the native search runs only with the native engine")

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_hackenbush.json").read_text())


def twin(position):
    """The value by the Python search."""
    with native.python_search():
        return position.value


def test_random_trees_native_equals_python():
    rng = random.Random(13)
    for _ in range(300):
        text = random_tree(rng, rng.randint(1, 11), rng.choice(["LRG", "LR", "LG", "G"]))
        t = HackenbushTree(text)
        assert t.value == twin(t) == t.search_value(), text


def test_random_graphs_native_equals_python():
    rng = random.Random(14)
    for _ in range(300):
        text = hackenbush_text(rng, rng.randint(1, 6), rng.randint(1, 10), rng.choice(["LRG", "LR", "G"]))
        g = HackenbushGraph(text)
        assert g.value == twin(g), text


def test_trees_as_graphs_agree():
    rng = random.Random(15)
    for _ in range(100):
        t = HackenbushTree(random_tree(rng, rng.randint(1, 10), "LRG"))
        assert t.value == t.to_graph().value == twin(t.to_graph()), str(t)


def test_large_parts_keyed_by_mask():
    """Parts beyond the small keys (trees of more than 30 edges, other graphs of
    more than 12) are keyed by their edges in an interned base."""
    rng = random.Random(16)
    for _ in range(3):
        # a trunk of 3 with three branches of 10: 33 edges, about 1,300 subtrees
        trunk = "".join(rng.choice("LRG") for _ in range(3))
        branches = ",".join("".join(rng.choice("LRG") for _ in range(10)) for _ in range(3))
        t = HackenbushTree(f"{trunk}({branches})")
        assert t.value == twin(t), str(t)
    for _ in range(4):
        # a cycle through the ground with stalks on it: 13 to 15 edges, one part
        n = rng.randint(3, 4)
        ring = ["g"] + [f"c{i}" for i in range(n)] + ["g"]
        text = [f"{a}-{b}:{rng.choice('LRG')}" for a, b in zip(ring, ring[1:])]
        k = 0
        while len(text) < rng.randint(13, 15):
            base = rng.choice(ring[1:-1] + [f"s{j}" for j in range(k)])
            text.append(f"{base}-s{k}:{rng.choice('LRG')}")
            k += 1
        g = HackenbushGraph(" ".join(text))
        assert g.value == twin(g), str(g)


def test_published_values_on_both_searches():
    for stalks, value in DATA["stalks"]["values"].items():
        t = HackenbushTree(stalks)
        assert t.value == twin(t) == game(value), stalks
        assert t.to_graph().value == game(value), stalks
    for case in DATA["trees"]["values"]:
        t = HackenbushTree(case["tree"])
        assert t.value == twin(t) == game(case["value"]), case["tree"]
        assert t.to_graph().value == game(case["value"]), case["tree"]


def test_identical_parts_are_solved_once():
    """A part written again with other vertex names, or another tree with the same
    shape, needs no new entry in the native table."""
    s = native.solver_of(HackenbushGraph)
    s.clear()
    g = "g-a:L a-b:R b-c:G c-a:L c-d:R d-g:G a-e:L e-f:R f-g:L b-f:G d-e:R e-h:L h-i:R i-e:G"
    one = HackenbushGraph(g).value
    entries = s.stats()["entries"]
    renamed = g.replace("a", "x").replace("b", "y")
    assert HackenbushGraph(renamed).value == one and s.stats()["entries"] == entries
    copy = re.sub(r"\b([a-f]|h|i)\b", r"z\1", g)  # the same part on other vertices
    assert HackenbushGraph(g + " " + copy).value == one + one and s.stats()["entries"] == entries
    s.clear()
    t = HackenbushTree("L(R(G,L),RR,G(L,R))").value
    entries = s.stats()["entries"]
    assert HackenbushTree("L(G(R,L),RR,R(L,G))").value == t and s.stats()["entries"] == entries


def test_beyond_64_edges_the_python_search_runs():
    # a part of 65 edges: a blue stalk (sign expansion: 65) as a graph, and a loop
    names = ["g"] + [f"v{i}" for i in range(65)]
    stalk = " ".join(f"{a}-{b}:L" for a, b in zip(names, names[1:]))
    assert native_value(HackenbushGraph, HackenbushGraph(stalk).edges) is None
    assert HackenbushGraph(stalk).value == game("65")
    assert HackenbushGraph(stalk + " v64-v64:R").value == game("129/2")  # a red loop on top: 65 - 1/2
    # 64 edges are native
    assert native_value(HackenbushGraph, HackenbushGraph(" ".join(stalk.split()[:64])).edges) == game("64")


def test_bad_input_is_a_rules_error():
    s = native.solver_of(HackenbushGraph)
    for bad in ([("g", "a", "X")], [("g", "a b", "L")], [("g", "", "L")], [("g", "a")], [3]):
        with pytest.raises(RulesError):
            s.value(bad)
    e = native.solver_of(Eatcake)
    for bad in ([(0, 3)], [(2, -1)], [(2,)], ["2x2"]):
        with pytest.raises(RulesError):
            e.value(bad)
    assert e.value([(2**40, 2)]) is None  # beyond 32 bits: the Python search


def test_random_cakes_native_equals_python():
    rng = random.Random(17)
    for _ in range(60):
        cakes = ",".join(f"{rng.randint(1, 9)}x{rng.randint(1, 9)}" for _ in range(rng.randint(1, 3)))
        c = Eatcake(cakes)
        assert c.value == twin(c), cakes
    for w in range(1, 8):
        for h in range(1, 8):
            c = Eatcake(f"{w}x{h}")
            assert c.value == twin(c) == -Eatcake(f"{h}x{w}").value, (w, h)


def test_native_values_with_workers_and_a_tiny_table():
    """An evicting table and threads change only the time (the values were checked
    against the Python search above)."""
    s = native.solver_of(HackenbushGraph)
    g = HackenbushGraph("g-a:L a-b:R b-c:G c-a:L c-d:R d-g:G a-e:L e-f:R f-g:L b-f:G")
    s.clear()
    want = g.value
    s.set_bound(entries=1)
    try:
        s.clear()
        evicted = s.stats()["evicted"]
        assert native_value(HackenbushGraph, g.edges) == want and s.stats()["evicted"] > evicted
        s.clear()
        assert native_value(HackenbushGraph, g.edges, workers=3) == want
    finally:
        s.set_bound(bytes=512 << 20)


def test_random_larger_graphs_native_equals_python():
    """Random graphs of 13 edges: most parts keyed by mask of their base."""
    rng = random.Random(18)
    for _ in range(4):
        g = HackenbushGraph(hackenbush_text(rng, rng.randint(4, 6), 13))
        assert g.value == twin(g), str(g)


def test_large_trees_keep_their_normalised_search():
    """A tree of more than 30 edges that no fast path settles is searched in Python,
    where its branches are normalised: 40 leaves of two colours on one edge have 41 x
    41 normal forms, not 2^40 edge sets.  Green trees and stalks of any size take
    their fast paths."""
    t = HackenbushTree("L(" + ",".join("LR"[i % 2] for i in range(40)) + ")")
    assert t.value == twin(t) == t.search_value()
    assert HackenbushTree("G(" + ",".join(["G"] * 60) + ")").value == game("*")
    assert HackenbushTree("L" * 70 + "R").value == game("139/2")
