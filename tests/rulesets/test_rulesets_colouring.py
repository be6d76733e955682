"""Col and Snort on grids: published values laid out on cells, the grid search
against the graph search (the same games) and against a plain search of whole
boards, the native search against its Python twin on random boards with coloured
cells, moves by hand, bad boards."""

from __future__ import annotations

import itertools
import json
import pathlib

import pytest
from hypothesis import assume, given, settings

from cgtkit import PartizanSolver
from cgtkit.errors import RulesError
from cgtkit.rulesets import ColGrid, SnortGrid, native
from cgtkit.rulesets.graphs import Col, Snort
from cgtkit.short.notation import game

from support.stone_boards import boards

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_colouring.json").read_text())
GAMES = [(ColGrid, "col", Col), (SnortGrid, "snort", Snort)]
IDS = ["col", "snort"]


def legal(cls, text: str) -> bool:
    try:
        cls(text)
    except RulesError:
        return False
    return True


@pytest.mark.parametrize("cls, name, graph_cls", GAMES, ids=IDS)
def test_published_values_on_grids(cls, name, graph_cls):
    for case in DATA[name]:
        p = cls(case["board"])
        assert p.value == game(case["value"]), case["board"]
        # the board is the published graph
        assert p.graph().value == graph_cls(case["graph"]).value, case["board"]
        with native.python_search():
            assert cls(case["board"]).value == game(case["value"]), case["board"]


@pytest.mark.parametrize("cls, name, graph_cls", GAMES, ids=IDS)
def test_every_small_board_against_a_plain_search(cls, name, graph_cls):
    """All boards of up to 5 cells (rows, and 2x2) over ``.xo#``: the parts and
    tints against a search of the whole board by its moves, and against the graph."""
    plain = PartizanSolver(lambda p: (p.left_moves(), p.right_moves()), tuple_is_sum=False)
    count = 0
    for h, w in [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 2)]:
        for cells in itertools.product(".xo#", repeat=h * w):
            text = "|".join("".join(cells[i * w : (i + 1) * w]) for i in range(h))
            if not legal(cls, text):
                continue
            p = cls(text)
            v = p.value
            assert v == plain.value(p) == p.graph().value, text
            count += 1
    assert count > 500


@pytest.mark.parametrize("cls, name, graph_cls", GAMES, ids=IDS)
def test_native_equals_python_on_random_boards(cls, name, graph_cls):
    if not native.active():
        pytest.skip("the native search runs only with the native engine")

    @settings(max_examples=120, deadline=None)
    @given(boards(3, 4, "....xo#"))
    def check(text):
        assume(legal(cls, text))
        p = cls(text)
        a = p.value
        with native.python_search():
            b = cls(text).value
        assert a == b and type(a) is type(b)

    check()


@pytest.mark.parametrize("cls, name, graph_cls", GAMES, ids=IDS)
def test_larger_boards_native_python_and_graph_agree(cls, name, graph_cls):
    for text in ["...|...|...", "x...|....|...o", ".#..|....|..#."]:
        p = cls(text)
        with native.python_search():
            slow = cls(text).value
        assert p.value == slow == p.graph().value, text


def test_values_go_through_the_native_search():
    if not native.active():
        pytest.skip("the native search runs only with the native engine")
    for cls in (ColGrid, SnortGrid):
        solver = native.solver_of(cls.ruleset)
        before = solver.stats()
        cls("....|.x..|....").value
        after = solver.stats()
        assert (after["hits"], after["misses"]) != (before["hits"], before["misses"])


def test_moves_by_hand():
    # Snort: next to Left's x only Left may colour; Right may colour the far cell only
    assert SnortGrid("x..").left_moves() == [SnortGrid("xx."), SnortGrid("x.x")]
    assert SnortGrid("x..").right_moves() == [SnortGrid("x.o")]
    # Col: next to x only Right may colour
    assert ColGrid("x..").left_moves() == [ColGrid("x.x")]
    assert ColGrid("x..").right_moves() == [ColGrid("xo."), ColGrid("x.o")]
    # a cell next to both colours is dead in Snort: nobody moves there
    assert SnortGrid("x.o").left_moves() == [] and SnortGrid("x.o").value == game("0")
    assert SnortGrid("x.o").components() == ()
    # swapping the colours negates
    assert ColGrid("o...|..#.").value == -ColGrid("x...|..#.").value


def test_bad_boards():
    with pytest.raises(RulesError, match="share a colour"):
        ColGrid("xx.")
    with pytest.raises(RulesError, match="differ"):
        SnortGrid(".x|.o")
    with pytest.raises(RulesError, match="illegal character"):
        SnortGrid("..L")
    with pytest.raises(RulesError):
        ColGrid("..|.")
