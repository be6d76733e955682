"""The native position search against its twin, the Python search: random small
boards of every native ruleset, published values through the native path, a tiny
evicting table, threads, bad input, and Ctrl-C."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.rulesets import Amazons, Clobber, Cram, Domineering, HackenbushStalks, Konane, ToadsAndFrogs
from cgtkit.backend import extension as native_module
from cgtkit.rulesets import native
from cgtkit.rulesets.placement import PlacementPosition, PlacementRuleset
from cgtkit.rulesets.reference import cells_of, slow_domineering
from cgtkit.short.notation import game

from support.cli_run import interrupted
from support.stone_boards import boards, symmetric_boards

pytestmark = pytest.mark.skipif(not native.active(), reason="the native search runs only with the native engine")

DATA = pathlib.Path(__file__).parent.parent / "data"


def twin(position):
    """The value by the Python search."""
    with native.python_search():
        return position.value


def both(position):
    return position.value, twin(position)


# --- random boards of every native ruleset ------------------------------------------------
TROMINO = PlacementRuleset(
    "L-trominoes",
    [[(0, 0), (1, 0), (1, 1)], [(0, 0), (0, 1), (1, 1)]],
    [[(0, 1), (1, 0), (1, 1)], [(0, 0), (0, 1), (1, 0)]],
    symmetry="none",
)


class Trominoes(PlacementPosition):
    """A placement game with other pieces: L trominoes, each side two turns of it."""

    __slots__ = ()
    ruleset = TROMINO


RANDOM = [
    (Domineering, boards(4, 5, "...#"), 150),
    (Cram, boards(4, 5, "...#"), 150),
    (Cram, symmetric_boards(4, 5, "....#"), 150),  # the native search calls many of them 0 by symmetry
    (Trominoes, boards(4, 4, "...#"), 80),
    (Clobber, boards(3, 4, "xo."), 150),
    (Konane, boards(3, 5, "xo.."), 150),
    (Amazons, boards(3, 3, "xo....#") | boards(2, 4, "x.o.#"), 80),
    (ToadsAndFrogs, st.text("TF..", max_size=12), 150),
    (HackenbushStalks, st.lists(st.text("LRG", max_size=7), max_size=4).map(",".join), 150),
]


@pytest.mark.parametrize("cls, positions, examples", RANDOM, ids=[c[0].__name__ for c in RANDOM])
def test_native_equals_python_on_random_positions(cls, positions, examples):
    @settings(max_examples=examples)
    @given(positions)
    def check(text):
        a, b = both(cls(text))
        assert a == b and type(a) is type(b)

    check()


# --- published values through the native path ---------------------------------------------
def _published():
    for name, cls in [
        ("domineering", Domineering),
        ("clobber", Clobber),
        ("konane", Konane),
        ("amazons", Amazons),
        ("toads", ToadsAndFrogs),
    ]:
        data = json.loads((DATA / f"rulesets_{name}.json").read_text())
        for case in data["values"]:
            if not case.get("slow"):
                yield pytest.param(cls, case["position"], case["value"], id=f"{name}:{case['position']}")


@pytest.mark.parametrize("cls, position, value", list(_published()))
def test_published_values_native(cls, position, value):
    solver = native.solver_of(cls.ruleset) if hasattr(cls, "ruleset") else native.solver_of(ToadsAndFrogs)
    before = solver.stats()
    assert cls(position).value == game(value)
    after = solver.stats()
    # the value went through the native solver's table (a hit or a miss), unless the
    # position splits into nothing at all
    assert (after["hits"], after["misses"]) != (before["hits"], before["misses"]) or not cls(position).components()


def test_published_cram_native():
    for case in json.loads((DATA / "rulesets_domineering.json").read_text()).get("cram", []):
        assert Cram(case["position"]).value == game(case["value"])


# --- the table: bounded, evicting, counted, cleared ---------------------------------------
def test_tiny_table_evicts_and_stays_right():
    rules = PlacementRuleset("Dom", [((0, 0), (1, 0))], [((0, 0), (0, 1))], symmetry="flips")

    class Dom(Domineering):
        __slots__ = ()
        ruleset = rules

    solver = native.solver_of(rules)
    solver.set_bound(entries=1)  # the least bound: two entries a shard
    for text in ["....|....|....|....", "...#|....|....|.#..", "....|....|...."]:
        assert Dom(text).value == Domineering(text).value == twin(Domineering(text))
    st_ = solver.stats()
    assert st_["evicted"] > 0 and st_["entries"] <= st_["bound"]
    assert st_["hits"] > 0 and st_["misses"] > 0
    solver.clear()
    assert solver.stats()["entries"] == 0
    solver.set_bound(bytes=10_000_000)
    assert solver.stats()["bound"] > 1000


def test_clear_forgets_native_tables():
    Clobber("xox|oxo").value
    solver = native.solver_of(Clobber.ruleset)
    assert solver.stats()["entries"] > 0
    Clobber.ruleset.clear()
    assert solver.stats()["entries"] == 0


# --- threads --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "position",
    [
        Domineering("....|....|....|...."),
        Clobber("xoxo|oxox|xox."),
        Amazons("x...|...o"),
        ToadsAndFrogs("TTT...FFF"),
        Cram("....|....|...#"),
    ],
)
def test_workers_give_the_same_value(position):
    one = position.value
    position.ruleset.clear() if hasattr(position, "ruleset") else native.clear(ToadsAndFrogs)
    with native.threads(2):
        assert position.value == one


def test_value_of_takes_workers():
    keys = Domineering("....|....|....").components()
    Domineering.ruleset.clear()
    assert Domineering.ruleset.value_of(keys, workers=2) == slow_domineering(cells_of("....|....|...."))


# --- bad input and boards beyond the native limits ---------------------------------------------
def test_bad_input_is_a_rules_error():
    s = native.solver_of(Domineering.ruleset)
    with pytest.raises(RulesError):
        s.value([-1])
    with pytest.raises(RulesError):
        s.value([(0b10 << 8) | 1])  # a cell in the guard column of a 1-wide board
    with pytest.raises(RulesError):
        s.value([0b11 << 8])  # no width
    with pytest.raises(RulesError):
        s.value([3 << 8 | 2], workers=0)
    c = native.solver_of(Clobber.ruleset)
    with pytest.raises(RulesError):
        c.value([(2, 1, 0b11, 0b11, 0b01)])  # a cell both black and white
    with pytest.raises(RulesError):
        c.value([("a", 1, 2, 3, 4)])
    with pytest.raises(RulesError):
        native.solver_of(ToadsAndFrogs).value(["T.x"])
    with pytest.raises(RulesError):
        native_module().hackenbush_stalks(["LQ"])
    with pytest.raises(RulesError):
        native_module().RulesetSolver("placement", ([[]], [[(0, 0)]], "none", False))
    with pytest.raises(RulesError):
        native.set_workers(0)


def test_beyond_the_native_limits_the_python_search_runs():
    # 1 x 130 is more than 120 bits: the Python search (a one-sided row: -65)
    assert Domineering("." * 130).value == game("-65")
    assert native.solver_of(Domineering.ruleset).value([(1 << 200) << 8 | 130]) is None
    assert ToadsAndFrogs("T" + "." * 70).value == game("70")
    # keys given once (a generator) still reach the Python search whole
    wide = Domineering("." * 130)
    assert Domineering.ruleset.value_of(k for k in wide.components()) == game("-65")


# --- Ctrl-C -------------------------------------------------------------------------------------
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_long_search(jobs):
    status, err = interrupted("domineering", "--jobs", jobs, "|".join(["." * 8] * 8))
    # the command line's one line and exit status, no traceback, threads or not
    assert status == 130 and err == "cgtkit domineering: interrupted\n", err


def test_cli_jobs(capsys):
    from cgtkit.cli.main import main

    assert main(["domineering", "--jobs", "2", "..|..|.."]) == 0
    assert "value: {1/2|-2}" in capsys.readouterr().out
    assert native.workers() == 1  # the command's threads were for that command only
    assert main(["clobber", "--jobs", "0", "xo"]) == 2
