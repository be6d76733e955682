"""Col, Snort and Arc Kayles on graphs: values from Winning Ways' rules checked by
hand, Arc Kayles paths against OEIS A002187, the component/key machinery against a
plain search of whole graphs, moves by hand, the graph syntax."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from cgtkit import ImpartialSolver, PartizanSolver
from cgtkit.errors import RulesError
from cgtkit.rulesets.graphs import ArcKayles, Col, Snort
from cgtkit.rulesets.kayles import DawsonsKayles
from cgtkit.short.constants import nimber
from cgtkit.short.notation import game
from support.random_graphs import graph_text

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_graphs.json").read_text())


def path(n: int) -> str:
    return "-".join(str(i) for i in range(1, n + 1))


def random_graph(rng: random.Random, n: int, p: float, tints: bool) -> str:
    return graph_text(rng, n, p, tints)


@pytest.mark.parametrize("game_cls, name", [(Col, "col"), (Snort, "snort")])
def test_hand_checked_values(game_cls, name):
    for case in DATA[name]["values"]:
        assert game_cls(case["graph"]).value == game(case["value"]), case["graph"]


def test_arc_kayles_paths_are_dawsons_kayles():
    values = DATA["arc_kayles_paths"]["values"]
    assert [ArcKayles(path(n)).nim_value for n in range(1, len(values) + 1)] == values
    assert all(ArcKayles(path(n)).nim_value == DawsonsKayles(n).nim_value for n in range(1, 25))


def test_arc_kayles_paths_and_cycles_from_the_heap_engine_equal_a_search():
    """Paths and cycles take their values from Dawson's Kayles (``ArcKayles.quick``);
    a search of the same components without that shortcut agrees, also on random
    graphs whose moves leave paths."""
    from cgtkit.rulesets.graphs import _split
    from cgtkit.rulesets.solver import ComponentSolver

    searched = ComponentSolver(ArcKayles._expand, impartial=True)
    shapes = [path(n) for n in range(2, 15)] + [path(n) + "-1" for n in range(3, 15)]
    rng = random.Random(7)
    shapes += [random_graph(rng, rng.randint(2, 8), 0.3, tints=False) for _ in range(20)]
    quick_used = 0
    for text in shapes:
        keys = _split(*ArcKayles(text)._graph(), keep_lone=False)
        quick_used += sum(ArcKayles.quick(k) is not None for k in keys)
        assert ArcKayles(text).nim_value == searched.value_of(keys), text
    assert quick_used >= 25


def test_arc_kayles_small_graphs():
    # a star: every move leaves lone vertices, so it is *1
    assert ArcKayles("c-1 c-2 c-3 c-4").nim_value == 1
    # K4: every move leaves one edge (*1), so K4 is 0
    assert ArcKayles("1-2-3-4-1-3 2-4").nim_value == 0
    # a cycle of n: every move leaves a path of n - 2 (Dawson's Kayles of n - 2)
    for n in range(3, 14):
        cycle = path(n) + "-1"
        assert ArcKayles(cycle).nim_value == (1 if DawsonsKayles(n - 2).nim_value == 0 else 0)


def test_col_values_are_numbers_or_number_star():
    rng = random.Random(3)
    for _ in range(40):
        g = Col(random_graph(rng, rng.randint(1, 6), 0.4, tints=True)).value
        assert g.is_number or (g + game("*")).is_number, g


def test_symmetric_positions_are_their_own_negative():
    for n in range(1, 8):
        for cls in (Col, Snort):
            v = cls(path(n)).value
            assert v == -v


def _plain(cls):
    """The engine's solver on whole positions: no splitting, no keys, no mirror."""
    if cls is ArcKayles:
        return ImpartialSolver(lambda p: p.moves(), tuple_is_sum=False)
    return PartizanSolver(lambda p: (p.left_moves(), p.right_moves()), tuple_is_sum=False)


@pytest.mark.parametrize("cls", [Col, Snort, ArcKayles])
def test_components_and_keys_against_plain_search(cls):
    solver = _plain(cls)
    rng = random.Random(4)
    for _ in range(25):
        text = random_graph(rng, rng.randint(1, 6), 0.35, tints=cls is not ArcKayles)
        p = cls(text)
        if cls is ArcKayles:
            assert p.nim_value == solver.grundy(p), text
            assert p.value == nimber(solver.grundy(p)), text
        else:
            assert p.value == solver.value(p), text


def test_moves_hand_checked():
    p = Col("a-b-c d[L]")
    assert [str(m) for m in p.left_moves()] == ["b[R]-c d[L]", "a[R] c[R] d[L]", "a-b[R] d[L]", "a-b b-c"]
    assert [str(m) for m in p.right_moves()] == ["b[L]-c d[L]", "a[L] c[L] d[L]", "a-b[L] d[L]"]
    q = Snort("a-b c[R]-b")
    # Left colours a: b gets [L]; colours b: a [L], c (tinted R) may be neither colour
    assert [str(m) for m in q.left_moves()] == ["b[L]-c[R]", "a[L]"]
    assert [str(m) for m in q.right_moves()] == ["b[R]-c[R]", "a[R] c[R]", "a-b[R]"]
    assert [str(m) for m in ArcKayles("a-b-c d").moves()] == ["c d", "a d"]


def test_syntax():
    p = Col("c-a-b a[L] 10 2")
    assert str(p) == "a[L]-b a-c 2 10" and Col(str(p)) == p and eval(repr(p)) == p
    assert Col("a-b") == Col("b-a") and Col("a-b,c") == Col("c a-b")
    assert str(Snort("x[B]-y")) == "x[L]-y" and str(Col("")) == "" and Col("").value == game("0")
    assert Col("a-b") != Snort("a-b")


@pytest.mark.parametrize(
    "cls, text, message",
    [
        (Col, "a-b+c", r"'\+' at column 4"),
        (Col, "a-b-", r"end with '-': '-' at column 4"),
        (Col, "a--b", r"name is missing: '-' at column 3"),
        (Col, "a[X]-b", r"tint 'X' at column 3"),
        (Col, "a[L]-b a[R]", r"two tints"),
        (Snort, "a-a", r"loop"),
        (ArcKayles, "a[L]-b", r"no tints.*column 2"),
        (Col, "a[L-b", r"not a vertex"),
    ],
)
def test_errors(cls, text, message):
    with pytest.raises(RulesError, match=message):
        cls(text)
