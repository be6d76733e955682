"""Toads and Frogs: published and cross-checked strip values, hand-checked moves, the
parser, and the decomposed solver against its slow twin."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.rulesets import ToadsAndFrogs
from cgtkit.rulesets.reference import slow_toads
from cgtkit.rulesets.toads import components
from cgtkit.short.notation import game

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_toads.json").read_text())


@pytest.mark.parametrize("case", DATA["values"], ids=lambda c: c["position"])
def test_published_toads(case):
    assert ToadsAndFrogs(case["position"]).value == game(case["value"])
    assert ToadsAndFrogs(case["position"].lower()).value == game(case["value"])


@pytest.mark.parametrize("case", [c for c in DATA["values"] if len(c["position"]) <= 10], ids=lambda c: c["position"])
def test_published_agree_with_slow_twin(case):
    assert slow_toads(case["position"]) == game(case["value"])


def test_moves_hand_checked():
    # T.F: Left steps the toad; Right steps the frog.  .TF: the frog jumps the toad.
    assert ToadsAndFrogs("T.F").left_moves() == [ToadsAndFrogs(".TF")]
    assert ToadsAndFrogs("T.F").right_moves() == [ToadsAndFrogs("TF.")]
    assert ToadsAndFrogs(".TF").right_moves() == [ToadsAndFrogs("FT.")]
    assert ToadsAndFrogs(".TF").left_moves() == []
    # a toad jumps exactly one frog, never a toad, never two frogs
    assert ToadsAndFrogs("TT.").left_moves() == [ToadsAndFrogs("T.T")]
    assert ToadsAndFrogs("TFF.").left_moves() == []
    assert sorted(map(str, ToadsAndFrogs("T.TF.").left_moves())) == [".TTF.", "T..FT"]
    # hand: .TF = {|FT.} and FT. = {F.T = 0|} = 1, so .TF = {|1} = 0 and T.F = {0|0} = *
    assert ToadsAndFrogs("FT.").value == 1 and ToadsAndFrogs(".TF").value == 0
    assert ToadsAndFrogs("T.F").value == game("*")


def test_parse_round_trip_and_errors():
    for text in ["TT..FF", "T", ".", "F.T.F"]:
        p = ToadsAndFrogs(text)
        assert str(p) == text and ToadsAndFrogs(str(p)) == p and hash(ToadsAndFrogs(text)) == hash(p)
        assert repr(p) == f"ToadsAndFrogs('{text}')"
    assert ToadsAndFrogs("tt..ff") == ToadsAndFrogs("TT..FF")
    with pytest.raises(RulesError, match=r"'x' at column 3"):
        ToadsAndFrogs("T.x.F")
    with pytest.raises(RulesError):
        ToadsAndFrogs(None)  # type: ignore[arg-type]


def test_components():
    # TTFF is a wall; frogs at the left end and toads at the right end are stuck
    assert components("FT.TTFFT.F.T") == ("T.", "T.F.")
    assert components("TTFF") == () and components("FF.TT") == ()
    assert components("T.F") == ("T.F",)


def mirror(s: str) -> str:
    return s[::-1].translate(str.maketrans("TF", "FT"))


@settings(max_examples=200)
@given(st.text(alphabet="TF.", min_size=1, max_size=10))
def test_fast_equals_slow(strip):
    v = ToadsAndFrogs(strip).value
    assert v == slow_toads(strip)
    assert ToadsAndFrogs(mirror(strip)).value == -v
