"""Clobber: published and cross-checked values, hand-checked moves, the parser, and
the fast solver (bitboards, groups, symmetry, colour swap) against its slow twin."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from hypothesis import given, settings

from cgtkit.errors import RulesError
from cgtkit.rulesets import Clobber
from cgtkit.rulesets.clobber import ClobberRuleset
from cgtkit.rulesets.reference import cells_of, slow_clobber
from cgtkit.short.notation import game

from support.stone_boards import boards

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_clobber.json").read_text())


def slow(text: str):
    return slow_clobber(cells_of(text, "x"), cells_of(text, "o"))


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_published_clobber(case):
    assert Clobber(case["position"]).value == game(case["value"])


@pytest.mark.parametrize("case", [c for c in DATA["values"] if len(c["position"]) <= 9], ids=lambda c: c["position"])
def test_published_agree_with_slow_twin(case):
    assert slow(case["position"]) == game(case["value"])


def test_moves_hand_checked():
    # each of the two x's may take either adjacent o, and each o either adjacent x
    p = Clobber("xo|ox")
    assert sorted(map(str, p.left_moves())) == [".o|xx", ".x|ox", "xo|x.", "xx|o."]
    assert sorted(map(str, p.right_moves())) == ["o.|ox", "oo|.x", "x.|oo", "xo|.o"]
    assert Clobber("x.o").left_moves() == [] and Clobber("x.o").right_moves() == []
    # hand: xxo -> Left {x.x = 0}, Right {xo. = *}: {0|*} = ^
    assert Clobber("xxo").value == game("^")
    assert Clobber("xo|..").left_moves() == [Clobber(".x|..")]


def test_parse_round_trip_and_errors():
    for text in ["xo|ox", "x..|.o.", "o", "xoxo.|....x"]:
        p = Clobber(text)
        assert str(p) == text and Clobber(str(p)) == p and hash(Clobber(text)) == hash(p)
        assert repr(p) == f"Clobber('{text}')"
    with pytest.raises(RulesError, match=r"'#' at row 2, column 2"):
        Clobber("xo|o#")
    with pytest.raises(RulesError, match="equal length"):
        Clobber("xo|o")
    with pytest.raises(RulesError):
        Clobber(3)  # type: ignore[arg-type]


def transpose(text: str) -> str:
    rows = text.split("|")
    return "|".join("".join(r[j] for r in rows) for j in range(len(rows[0])))


def swap(text: str) -> str:
    return text.translate(str.maketrans("xo", "ox"))


def test_symmetry_and_colour_swap():
    rng = random.Random(7)
    for _ in range(40):
        h, w = rng.randint(1, 3), rng.randint(1, 4)
        text = "|".join("".join(rng.choice("xo.") for _ in range(w)) for _ in range(h))
        v = Clobber(text).value
        assert Clobber(transpose(text)).value == v
        assert Clobber("|".join(r[::-1] for r in text.split("|"))).value == v
        assert Clobber(swap(text)).value == -v


@settings(max_examples=150)
@given(boards(3, 4, "xo."))
def test_fast_equals_slow(text):
    assert Clobber(text).value == slow(text)


def test_fresh_ruleset_and_bound():
    rules = ClobberRuleset(max_entries=3)
    rules.search = "python"  # this tests the Python search's table
    keys = Clobber("xox|oxo").components()
    assert rules.value_of(keys) == Clobber("xox|oxo").value
    assert len(rules.table) > 3
    rules.value_of(())
    assert len(rules.table) == 0 and rules.table.clears == 1
