"""Amazons: cross-checked values, hand-checked moves, the parser, and the solver
(parts by king steps, one-sided parts by longest play) against its slow twin."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings

from cgtkit.errors import RulesError
from cgtkit.rulesets import Amazons
from cgtkit.rulesets.reference import cells_of, slow_amazons
from cgtkit.short.notation import game

from support.stone_boards import boards, mirror

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_amazons.json").read_text())


def slow(text: str):
    return slow_amazons(
        cells_of(text, ".") | cells_of(text, "x") | cells_of(text, "o"), cells_of(text, "x"), cells_of(text, "o")
    )


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_published_amazons(case):
    assert Amazons(case["position"]).value == game(case["value"])
    if case["position"].count(".") <= 6:
        assert slow(case["position"]) == game(case["value"])


def test_moves_hand_checked():
    # x.#: the amazon steps right and must shoot back into the cell it left
    assert Amazons("x.#").left_moves() == [Amazons("#x#")]
    assert Amazons("x.#").right_moves() == []
    # x..: to the middle (arrow back to 0, or on to 2) or to the end (arrow at 1 or 0)
    assert sorted(map(str, Amazons("x..").left_moves())) == ["#.x", "#x.", ".#x", ".x#"]
    # hand: x.o: Left to the middle, arrow back: #xo, where nobody moves (0); Right alike: *
    assert Amazons("x.o").value == game("*")
    # queens move and shoot diagonally too, never through amazons or burned cells
    assert sorted(map(str, Amazons("x.|.#").left_moves())) == ["#.|x#", "#x|.#", ".#|x#", ".x|##"]
    assert sorted(map(str, Amazons("xo.").left_moves())) == []
    assert sorted(map(str, Amazons("x#.").left_moves())) == []


def test_parse_round_trip_and_errors():
    for text in ["x.#|.o.", "#", "x..o", "o#x|...|#.."]:
        p = Amazons(text)
        assert str(p) == text and Amazons(str(p)) == p and hash(Amazons(text)) == hash(p)
        assert repr(p) == f"Amazons('{text}')"
    with pytest.raises(RulesError, match=r"'X' at row 2, column 1"):
        Amazons("x.|X.")
    with pytest.raises(RulesError, match="equal length"):
        Amazons("x.|.")


def test_one_sided_parts_are_counted():
    # ".x.." (one row): the amazon goes left, then comes back right: 3 moves (hand)
    assert Amazons(".x..").value == 3 and Amazons(".o..").value == -3
    # x is walled in (a part of its own, 0); o steps up and shoots back: -1
    assert Amazons("x#.|##o").value == -1 and len(Amazons("x#.|##o").components()) == 1
    # a burned row splits the board; (0,1) and (1,2) touch diagonally, so "x.#|##.|o.." does not split
    assert Amazons("x.#|###|o..").value == Amazons("x.").value + Amazons("o..").value == -1
    assert len(Amazons("x.#|##.|o..").components()) == 1


@settings(max_examples=120)
@given(boards(3, 3, "xo...#"))
def test_fast_equals_slow(text):
    v = Amazons(text).value
    assert v == slow(text)
    assert Amazons(mirror(text)).value == -v
