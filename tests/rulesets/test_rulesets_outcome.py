"""The outcome search of games of stones (``Clobber(...).outcome``, the native
outcome search of sums, ``rulesets/sums.rs``, over ``rulesets/stones.rs``) against its twin, the outcome of the full value: random
small Clobber boards (the Python value search and the native one), with the search
made to play out the parts itself (``small=0``), to sum small parts into one value
and play in it (``small=3``), on one thread and two; Konane and Col grids too;
published outcomes; a bounded table; bad input."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from cgtkit.errors import RulesError
from cgtkit.rulesets import Amazons, CannibalClobber, Clobber, ColGrid, Konane, SnortGrid, ToadsAndFrogs, native
from cgtkit.short.game import Game
from cgtkit.rulesets.clobber import ClobberRuleset
from cgtkit.rulesets.reference import cells_of, slow_clobber

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_clobber.json").read_text())

needs_native = pytest.mark.skipif(not native.active(), reason="the outcome search is native")


def random_board(rng: random.Random, h: int, w: int, cells: str) -> str:
    return "|".join("".join(rng.choice(cells) for _ in range(w)) for _ in range(h))


def boards(seed: int, count: int, max_h: int, max_w: int, cells: str = "xxoo.") -> list[str]:
    rng = random.Random(seed)
    return [random_board(rng, rng.randint(1, max_h), rng.randint(1, max_w), cells) for _ in range(count)]


def test_outcome_is_the_values_outcome():
    # either engine: the Python engine answers from the value (the twin itself)
    for text in boards(1, 60, 3, 4):
        p = Clobber(text)
        assert p.outcome == p.value.outcome, text


@needs_native
@pytest.mark.parametrize("small", [0, 3])
@pytest.mark.parametrize("workers", [1, 2])
def test_outcome_search_equals_value_search(small, workers):
    # a fresh ruleset: with small=0 no part is replaced by a value (its value table
    # stays empty), so the search plays every part out; with small=3 the parts of up
    # to 3 stones are summed into one value, and moves are played in that sum too
    searched = ClobberRuleset()
    texts = boards(10 * small + workers, 150, 4, 4) + boards(99 + small, 40, 3, 5, "xo.")
    for text in texts:
        p = Clobber(text)
        got = searched.outcome_of(p.components(), workers, small)
        assert got == p.value.outcome, text
    if small == 0:
        assert native.solver_of(searched).stats()["entries"] == 0
    assert native.solver_of(searched).outcome_stats()["entries"] > 0


@needs_native
def test_outcome_search_equals_python_value_search():
    searched = ClobberRuleset()
    for text in boards(5, 80, 3, 4, "xo.xo"):
        p = Clobber(text)
        with native.python_search():
            slow = p.value.outcome
        assert searched.outcome_of(p.components(), 1, 2) == slow, text


def test_outcome_equals_slow_twin_on_small_boards():
    for text in boards(3, 40, 2, 4):
        slow = slow_clobber(cells_of(text, "x"), cells_of(text, "o"))
        assert Clobber(text).outcome == slow.outcome, text


@needs_native
@pytest.mark.parametrize("cls", [Konane, ColGrid])
def test_other_games_of_stones(cls):
    cells = "xo...." if cls is ColGrid else "xxoo."
    for text in boards(11, 60, 3, 4, cells):
        try:
            p = cls(text)
        except RulesError:  # a Col grid with two neighbours of one colour
            continue
        got = p.ruleset.outcome_of(p.components(), 1, 0)
        assert got == p.value.outcome, text


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_published_outcomes(case):
    from cgtkit.short.notation import game

    assert Clobber(case["position"]).outcome == game(case["value"]).outcome


@pytest.mark.parametrize("case", DATA.get("outcomes", []), ids=lambda c: c["position"])
def test_published_outcome_only(case):
    assert Clobber(case["position"]).outcome == case["outcome"]


@needs_native
def test_bounded_table_same_answers():
    rules = ClobberRuleset()
    s = native.solver_of(rules)
    s.set_outcome_bound(entries=200)
    p = Clobber("xoxo|oxox|xoxo|oxox")
    assert rules.outcome_of(p.components(), 1, 0) == "N"  # the value is *
    st = s.outcome_stats()
    assert st["entries"] <= st["bound"] and st["evicted"] > 0
    s.clear()
    assert s.outcome_stats()["entries"] == 0
    with pytest.raises(RulesError, match="entries= or bytes="):
        s.set_outcome_bound()


@needs_native
def test_bad_input():
    s = native.solver_of(Clobber.ruleset)
    with pytest.raises(RulesError, match="workers"):
        s.outcome([], 0)
    with pytest.raises(RulesError, match="stone key"):
        s.outcome(["xo"])
    assert s.outcome([]) == (False, False)  # no part: 0, the second player wins


@needs_native
@pytest.mark.parametrize("workers", [1, 2])
def test_every_ruleset_has_the_outcome_search(workers):
    # the one outcome search answers any native ruleset's sum, not only stones'
    rng = random.Random(7 + workers)
    s = native.solver_of(ToadsAndFrogs)
    for _ in range(40):
        strips = ["".join(rng.choice("TF..") for _ in range(rng.randint(1, 7))) for _ in range(rng.randint(1, 3))]
        p = [ToadsAndFrogs(t) for t in strips]
        value = sum((q.value for q in p[1:]), p[0].value)
        left, right = s.outcome([k for q in p for k in q.native_parts()[1]], workers, 2)
        assert (left, right) == (value.outcome in "LN", value.outcome in "RN"), strips


def test_command_line_outcome(capsys):
    from support.cli_run import lines, run

    status, out, _ = run(capsys, "clobber", "--outcome", "xoxo|oxox|xoxo")
    assert status == 0 and lines(out) == {
        "position": "xoxo|oxox|xoxo (Clobber)",
        "outcome": "P (the second player wins)",
    }
    status, out, _ = run(capsys, "ruleset", "clobber", "--outcome", "--jobs", "2", "--json", "xxo")
    assert status == 0 and json.loads(out)["outcome"] == "L"
    # a game that is not one of stones answers from its value
    status, out, _ = run(capsys, "domineering", "--outcome", "..|..")
    assert status == 0 and lines(out)["outcome"] == "N (the first player wins)"
    status, _, err = run(capsys, "clobber", "--outcome", "--moves", "xo")
    assert status == 2 and "--moves" in err


@needs_native
@pytest.mark.parametrize("cls", [Amazons, CannibalClobber, Clobber, ColGrid, Konane, SnortGrid])
def test_a_whole_board_searches_as_its_parts(cls):
    # native_parts hands a board that fits a native key over whole (the native search
    # splits and keys it) where the native search reads the game's boards; its twin,
    # the parts keyed in Python, gets the same answers (Col's and Snort's boards are
    # not the native search's: their parts go)
    if not cls.ruleset.native_boards:
        p = cls("x.|.o")
        assert p.native_parts()[1] == tuple(p.components())
        return
    rng = random.Random(11)
    zero = Game.of(0)._h
    owner = cls("x").native_parts()[0]
    for _ in range(25):
        p = cls(random_board(rng, rng.randint(1, 3), rng.randint(1, 4), cls.declaration.cells))
        got, whole = p.native_parts()
        assert got is owner and whole == (p.board(),)
        for left in (True, False):
            assert native.wins(owner, whole, zero, left)[0] == native.wins(owner, p.components(), zero, left)[0], (
                p,
                left,
            )
    # a board too wide for one native key goes as its parts, each of which fits
    wide = cls("x." * 70)
    assert wide.native_parts()[1] == tuple(wide.components())
