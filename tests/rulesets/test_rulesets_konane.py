"""Konane: cross-checked values, hand-checked jumps, the parser, and the solver
against its slow twin."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings

from cgtkit.errors import RulesError
from cgtkit.rulesets import Konane
from cgtkit.rulesets.reference import cells_of, slow_konane
from cgtkit.short.notation import game

from support.stone_boards import boards, mirror

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_konane.json").read_text())


def slow(text: str):
    return slow_konane(
        cells_of(text, ".") | cells_of(text, "x") | cells_of(text, "o"), cells_of(text, "x"), cells_of(text, "o")
    )


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_published_konane(case):
    assert Konane(case["position"]).value == game(case["value"])
    if len(case["position"]) <= 10:
        assert slow(case["position"]) == game(case["value"])


def test_moves_hand_checked():
    # xo.o.: x jumps once (..xo.) or twice in a row (....x); o cannot jump (no x beyond)
    assert Konane("xo.o.").left_moves() == [Konane("..xo."), Konane("....x")]
    assert Konane("xo.o.").right_moves() == []
    # hand: xo. -> Left ..x (0), Right none: {0|} = 1; xox.: only o jumps (x..o = 0): -1
    assert Konane("xo.").value == 1 and Konane("xox.").value == -1
    # a vertical jump, and no jump off the board or onto a stone
    assert Konane("x|o|.").left_moves() == [Konane(".|.|x")]
    assert Konane("xo").left_moves() == [] and Konane("xox").left_moves() == []
    assert sorted(map(str, Konane(".x.|xox|.x.").right_moves())) == []
    assert sorted(map(str, Konane(".o.|oxo|...").left_moves())) == []
    assert sorted(map(str, Konane("...|oxo|.o.").right_moves())) == [".o.|o.o|..."]
    assert sorted(map(str, Konane(".x.|xo.|.x.").right_moves())) == []
    assert sorted(map(str, Konane("...|xo.|...").left_moves())) == ["...|..x|..."]


def test_parse_round_trip_and_errors():
    for text in ["xo.|...", "x", "o.x.|xo.."]:
        p = Konane(text)
        assert str(p) == text and Konane(str(p)) == p and hash(Konane(text)) == hash(p)
        assert repr(p) == f"Konane('{text}')"
    with pytest.raises(RulesError, match=r"'#' at row 1, column 2"):
        Konane("x#o")
    with pytest.raises(RulesError, match="equal length"):
        Konane("xo.|..")


@settings(max_examples=150)
@given(boards(3, 4, "xo.."))
def test_fast_equals_slow(text):
    v = Konane(text).value
    assert v == slow(text)
    assert Konane(mirror(text)).value == -v
