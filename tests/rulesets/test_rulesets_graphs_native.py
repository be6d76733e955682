"""The native search of Col, Snort and Arc Kayles on graphs against its twin, the
Python search of ``cgtkit.rulesets.graphs``: random small graphs with random tints,
the published values of ``tests/data/rulesets_graphs.json`` through the native path,
relabelled components solved once, components too large for a self-contained key,
graphs beyond the native limit, threads, a tiny table, and bad input."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from support.cli_run import interrupted

from cgtkit.errors import RulesError
from cgtkit.backend import extension as native_module
from cgtkit.rulesets import native
from cgtkit.rulesets.graphs import ArcKayles, Col, Snort
from cgtkit.short.notation import game
from support.random_graphs import graph_text

pytestmark = pytest.mark.skipif(not native.active(), reason="the native search runs only with the native engine")

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_graphs.json").read_text())
GAMES = [Col, Snort, ArcKayles]


def random_graph(rng: random.Random, n: int, p: float, tints: bool) -> str:
    return graph_text(rng, n, p, tints, named=True)


def twin(position):
    """The value by the Python search."""
    with native.python_search():
        return position.nim_value if isinstance(position, ArcKayles) else position.value


def fast(position):
    return position.nim_value if isinstance(position, ArcKayles) else position.value


def solver(cls):
    return native.solver_of(cls.native_rules)


def path(n: int, names=None) -> str:
    names = names or [str(i) for i in range(1, n + 1)]
    return "-".join(names)


@pytest.mark.parametrize("cls", GAMES, ids=[c.__name__ for c in GAMES])
def test_native_equals_python_on_random_graphs(cls):
    rng = random.Random(20261124 + GAMES.index(cls))
    native.clear(cls.native_rules)
    for _ in range(160):
        n = rng.randint(1, 8)
        text = random_graph(rng, n, rng.choice([0.2, 0.35, 0.5, 0.8]), tints=cls is not ArcKayles)
        p = cls(text)
        a, b = fast(p), twin(p)
        assert a == b and type(a) is type(b), text
    assert solver(cls).stats()["misses"] > 0  # the values came through the native table


@pytest.mark.parametrize("cls, name", [(Col, "col"), (Snort, "snort")])
def test_published_values_native(cls, name):
    native.clear(cls.native_rules)
    before = solver(cls).stats()
    for case in DATA[name]["values"]:
        assert cls(case["graph"]).value == game(case["value"]), case["graph"]
    after = solver(cls).stats()
    assert (after["hits"], after["misses"]) != (before["hits"], before["misses"])


def test_arc_kayles_paths_native():
    """OEIS A002187 (Dawson's Kayles), the paths found natively: by the path shortcut
    and, for paths with a pendant vertex at one end turned into a fork, by search."""
    values = DATA["arc_kayles_paths"]["values"]
    assert [ArcKayles(path(n)).nim_value for n in range(1, len(values) + 1)] == values
    # a path of n with its last vertex doubled (a fork): no shortcut, searched
    for n in range(3, 16):
        fork = path(n) + f" {n - 1}-x"
        assert ArcKayles(fork).nim_value == twin(ArcKayles(fork)), fork


def test_relabelled_components_are_solved_once():
    """Paths and cycles under other vertex names (and tints at the other end) share
    their keys: solving them again adds no entry to the table."""
    rng = random.Random(5)
    for cls in (Col, Snort):
        native.clear(cls.native_rules)
        for text in ["a[L]-b-c-d-e-f-g", "a-b-c-d-e-f-g-h-a"]:
            first = cls(text).value
            entries = solver(cls).stats()["entries"]
            names = [f"n{i}" for i in range(12)]
            rng.shuffle(names)
            if text.endswith("-a"):  # the cycle of 8 under other names
                again = "-".join(names[:8] + names[:1])
            else:  # the path of 7, its tinted end now last
                again = "-".join(names[6:0:-1] + [names[0] + "[L]"])
            assert cls(again).value == first, again
            assert solver(cls).stats()["entries"] == entries, again


def test_components_beyond_a_self_contained_key():
    """Components of 21 to 64 vertices are keyed inside their root graph."""
    # Arc Kayles: a path of 40 (the shortcut) and a caterpillar of 24 (searched)
    assert ArcKayles(path(40)).nim_value == DATA["arc_kayles_paths"]["values"][39]
    caterpillar = path(22) + " 3-x 17-y"
    assert ArcKayles(caterpillar).nim_value == twin(ArcKayles(caterpillar))
    # Col and Snort on a tinted path of 22
    names = [f"p{i}" for i in range(22)]
    text = path(22, names) + " p0[L] p9[R] p21[L]"
    for cls in (Col, Snort):
        assert cls(text).value == twin(cls(text)), cls


def test_beyond_the_native_limit_the_python_search_runs():
    # 70 vertices: no native key; the Python search (Arc Kayles: the path shortcut)
    assert ArcKayles(path(70)).nim_value == twin(ArcKayles(path(70)))
    assert native.solver_of(ArcKayles.native_rules).value([("." * 70, [])]) is None
    assert Col(" ".join(f"v{i}" for i in range(70))).value == game("0")  # 70 stars


def grid(h: int, w: int) -> str:
    """The h x w grid graph in graph notation."""
    right = [f"{i}_{j}-{i}_{j + 1}" for i in range(h) for j in range(w - 1)]
    down = [f"{i}_{j}-{i + 1}_{j}" for i in range(h - 1) for j in range(w)]
    return " ".join(right + down)


def test_grid_graphs_equal_the_grid_games():
    """Col and Snort on a grid graph are ColGrid and SnortGrid, searched natively both
    ways (different keys: bitboards under the square's symmetries, and graphs)."""
    from cgtkit.rulesets import ColGrid, SnortGrid

    assert Snort(grid(3, 3)).value == SnortGrid("...|...|...").value
    assert Col(grid(3, 4)).value == ColGrid("....|....|....").value
    for board in ["x....|...o.", "..x.|.o..|....", "o.#.|..x.|...."]:
        assert SnortGrid(board).graph().value == SnortGrid(board).value, board
        assert ColGrid(board).graph().value == ColGrid(board).value, board


def test_workers_and_a_tiny_table_give_the_same_value():
    petersen = "1-2-3-4-5-1 1-6 2-7 3-8 4-9 5-10 6-8-10-7-9-6"
    for cls, text in [(Col, grid(3, 4)), (Snort, grid(3, 4)), (ArcKayles, grid(4, 4)), (Col, petersen)]:
        one = fast(cls(text))
        native.clear(cls.native_rules)
        with native.threads(2):
            assert fast(cls(text)) == one
        s = solver(cls)
        s.set_bound(entries=1)
        native.clear(cls.native_rules)
        assert fast(cls(text)) == one
        assert s.stats()["evicted"] > 0 or text == petersen  # the Petersen graph: few entries
        s.set_bound(bytes=64 << 20)


def test_search_python_switch():
    s = solver(Col)
    Col.native_rules.search = "python"
    try:
        assert native.solver_of(Col.native_rules) is None
        before = s.stats()
        assert Col("a-b-c d[L]").value == game("1")
        assert s.stats() == before
    finally:
        Col.native_rules.search = "auto"


def test_bad_input_is_a_rules_error():
    s = native.solver_of(ArcKayles.native_rules)
    with pytest.raises(RulesError):
        s.value([("..", [(0, 2)])])  # no vertex 2
    with pytest.raises(RulesError):
        s.value([("..", [(1, 1)])])  # a loop
    with pytest.raises(RulesError):
        s.value([("L.", [])])  # Arc Kayles has no tints
    with pytest.raises(RulesError):
        native.solver_of(Col.native_rules).value([("x", [])])
    with pytest.raises(RulesError):
        native.solver_of(Col.native_rules).value([(3, [])])
    with pytest.raises(RulesError):
        native_module().RulesetSolver("go")


def test_ctrl_c_stops_a_long_graph_search():
    """Snort on the 6x6 grid graph (36 vertices: keys inside the root graph) runs for
    minutes; Ctrl-C ends it with the command line's one line."""
    status, err = interrupted("snort", "--jobs", "2", grid(6, 6))
    assert status == 130 and err == "cgtkit snort: interrupted\n", err


def test_cli_jobs_on_a_graph(capsys):
    from cgtkit.cli.main import main

    assert main(["col", "--jobs", "2", "a[L]-b"]) == 0
    assert "value: 1/2" in capsys.readouterr().out
    assert native.workers() == 1
