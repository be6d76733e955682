"""Coin-turning games: the closed forms against OEIS / Winning Ways and against the
mex over turning sets, the nim-sum rule against a search of whole rows, the Tartan
products against brute force on small boards, bad input."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import CGTError, RulesError
from cgtkit.nimbers import nim_product
from cgtkit.rulesets.coin_turning import (
    MockTurtles,
    Moebius,
    Ruler,
    Rugs,
    TurningCorners,
    TurningTurtles,
    Tartan,
    Turning,
    Twins,
    code_others_by_definition,
    turning_code,
)
from cgtkit.rulesets.coin_turning import _code_others
from cgtkit.rulesets.interface import PositionSolver

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_coordinate_games.json").read_text())
ROWS = [TurningTurtles, Twins, MockTurtles, Ruler, Moebius]


@pytest.mark.parametrize(
    "game, key",
    [
        (MockTurtles, "mock_turtles"),
        (Ruler, "ruler"),
        (Moebius, "moebius"),
        (TurningTurtles, "turning_turtles"),
        (Twins, "twins"),
    ],
)
def test_published_coin_values(game, key):
    """Each value set and its source (OEIS, Winning Ways) are in tests/data/rulesets_coordinate_games.json."""
    values = DATA[key]["values"]
    assert [game.coin_value(n + game.FIRST) for n in range(len(values))] == values
    assert [game.coin_value_by_mex(n + game.FIRST) for n in range(min(len(values), 14))] == values[:14]


def test_turning_code_values_are_published():
    """CGSuite's code "1-4" (turn one to four coins) is OEIS A033623 and "1-5" is Moebius, OEIS A054016."""
    four = Turning("1-4:T")
    assert [four.coin_value(n) for n in range(1, 44)] == DATA["turn_at_most_4"]["values"]
    five = Turning("1-5:T")
    assert [five.coin_value(n) for n in range(1, 25)] == DATA["moebius"]["values"][:24]


@pytest.mark.parametrize("game", ROWS)
def test_closed_form_against_mex_over_turning_sets(game):
    top = 14 if game is Moebius else 24
    for n in range(game.FIRST, top):
        assert game.coin_value(n) == game.coin_value_by_mex(n), (game.NAME, n)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ROWS), st.text(alphabet="HT", max_size=7))
def test_nim_sum_rule_against_search(game, row):
    """The value of a row as the nim-sum of its heads, against a search of the whole
    row's moves (the coin-turning theorem, not assumed)."""
    p = game(row)
    assert p.nim_value == PositionSolver().nim_value(p)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([TurningCorners, Rugs]), st.integers(1, 3), st.integers(1, 3), st.data())
def test_tartan_products_against_search(game, h, w, data):
    rows = ["".join(data.draw(st.sampled_from("HT")) for _ in range(w)) for _ in range(h)]
    p = game("|".join(rows))
    assert p.nim_value == PositionSolver().nim_value(p)


def test_turning_corners_is_the_nim_multiplication_table():
    rows = DATA["turning_corners"]["rows"]
    assert [[TurningCorners.coin_value(r, c) for c in range(8)] for r in range(8)] == rows
    assert all(TurningCorners.coin_value_by_mex(r, c) == rows[r][c] for r in range(6) for c in range(6))


def test_rugs_against_mex():
    for r in range(1, 9):
        for c in range(1, 9):
            assert Rugs.coin_value(r, c) == Rugs.coin_value_by_mex(r, c) == nim_product(r & -r, c & -c)


def test_moves_and_notation():
    assert [str(q) for q in TurningTurtles("1010").moves()] == ["HTTT", "TTTT", "HHTT", "TTHT"]
    assert TurningTurtles("TTHT").moves() == [TurningTurtles("TTTT"), TurningTurtles("HTTT"), TurningTurtles("THTT")]
    assert [str(q) for q in Ruler("HHH").moves()] == ["HHT", "HTT", "TTT", "HTH", "TTH", "THH"]
    assert str(MockTurtles("h0t1")) == "HTTH" and MockTurtles("TTTT").moves() == []
    assert len(TurningCorners("TT|TH").moves()) == 1 and TurningCorners("TT|TH").moves() == [TurningCorners("HH|HT")]


@pytest.mark.parametrize(
    "game, text, match",
    [(Ruler, "HTX", "column 3"), (TurningTurtles, "H|T", "column 2"), (TurningCorners, "HT|T", "every row")],
)
def test_bad_input(game, text, match):
    with pytest.raises(RulesError, match=match):
        game(text)


def test_bad_coin_numbers():
    with pytest.raises(CGTError, match="from 1"):
        Ruler.coin_value(0)
    with pytest.raises(CGTError, match="beyond"):
        Moebius.coin_value(Moebius.LIMIT + 1)


def test_limits_refuse_rather_than_hang():
    assert Twins.coin_value_by_mex(1200) == 1200  # computed upwards: no deep recursion
    with pytest.raises(CGTError, match="refused"):
        Moebius("H" * 30).moves()
    with pytest.raises(CGTError, match="refused"):
        TurningCorners("|".join(["H" * 11] * 11)).moves()
    big = TurningCorners("|".join(["H" * 11] * 11))  # its value still comes from the closed form
    v = 0
    for r in range(11):
        for c in range(11):
            v ^= nim_product(r, c)
    assert big.nim_value == v


@pytest.mark.parametrize(
    "code, game, shift",
    [("1-2", TurningTurtles, 0), ("2", Twins, -1), ("1-3", MockTurtles, -1), ("1-5", Moebius, 0), ("1+C", Ruler, 0)],
)
def test_turning_codes_are_the_named_games(code, game, shift):
    """CGSuite numbers coins from 1: its "2" and "1-3" are Twins and Mock Turtles with
    every coin one place further right."""
    t = Turning(f"{code}:T")
    assert [t.coin_value(n) for n in range(1, 14)] == [game.coin_value(n + shift) for n in range(1, 14)]


def test_turning_codes_of_winning_ways():
    assert [Turning("1+:T").coin_value(n) for n in range(1, 12)] == [2 ** (n - 1) for n in range(1, 12)]  # Motley
    triplets = Turning("3:T")  # Triplets is Mock Turtles two places to the right (Winning Ways ch. 14)
    assert [triplets.coin_value(n) for n in range(3, 16)] == [MockTurtles.coin_value(n) for n in range(13)]
    fives = Turning("1-5C:T")  # Ruler Fives: the ruler function capped at 4
    assert [fives.coin_value(n) for n in range(1, 25)] == [min(n & -n, 4) for n in range(1, 25)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["1-2", "2", "1-3", "3", "1-4", "2,4C", "1+C", "2+"]), st.text(alphabet="HT", max_size=7))
def test_turning_nim_sum_against_search(code, row):
    p = Turning(f"{code}:{row}")
    assert p.nim_value == PositionSolver().nim_value(p)


@pytest.mark.parametrize(
    "text", ["1-3THH", "3Q:TH", "0-2:TH", "3-1:TH", "1-3:THX", "3CE:TH", "3C(0):TH", "3C(:TH", "3C(2)C(3):TH", "-3:TH"]
)
def test_turning_bad_input(text):
    with pytest.raises(RulesError):
        Turning(text)


def test_turning_refuses_too_many_sets():
    with pytest.raises(CGTError, match="turning sets"):
        Turning("1+:" + "H" * 30).nim_value


def test_tartan_products_of_codes():
    corners = Tartan("2*2:T")  # Twins x Twins, numbered from 1: Turning Corners one place further
    assert all(
        corners.coin_value(r, c) == TurningCorners.coin_value(r - 1, c - 1) for r in range(1, 9) for c in range(1, 9)
    )
    rugs = Tartan("1+C*1+C:T")
    assert all(rugs.coin_value(r, c) == Rugs.coin_value(r, c) for r in range(1, 9) for c in range(1, 9))
    mixed = Tartan("1-2*1-3:T")  # Turning Turtles x Mock Turtles, both ways
    assert all(mixed.coin_value(r, c) == mixed.coin_value_by_mex(r, c) for r in range(1, 6) for c in range(1, 6))
    assert str(Tartan("1-2 * 1-3:th|HT")) == "1-2*1-3:TH|HT"


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["1-2*1-2", "2*1-3", "1+C*2", "1-3*1-2"]), st.integers(1, 3), st.integers(1, 3), st.data())
def test_tartan_against_search(codes, h, w, data):
    rows = ["".join(data.draw(st.sampled_from("HT")) for _ in range(w)) for _ in range(h)]
    p = Tartan(f"{codes}:{'|'.join(rows)}")
    assert p.nim_value == PositionSolver().nim_value(p)


@pytest.mark.parametrize("text", ["1-2:TH", "1-2*3X:TH", "1-2*2:TH|T", "1-2*2TH"])
def test_tartan_bad_input(text):
    with pytest.raises(RulesError):
        Tartan(text)


# --- CGSuite's modifiers C, E, S, F and C(n) (game.strip.Turning's documentation) ----------

_ITEMS = st.builds(
    lambda lo, width, plus, spacing, first, span: (
        f"{lo}{'+' if plus else (f'-{lo + width}' if width else '')}{spacing}{'F' if first else ''}"
        + (f"C({span})" if span else "")
    ),
    st.integers(1, 4),
    st.integers(0, 3),
    st.booleans(),
    st.sampled_from(["", "C", "E", "S"]),
    st.booleans(),
    st.sampled_from([0, 0, 2, 3, 5]),
)


@settings(max_examples=120, deadline=None)
@given(st.lists(_ITEMS, min_size=1, max_size=2))
def test_modifier_sets_against_their_definitions(items):
    """The fast enumeration of turning sets against every subset filtered by the
    definitions (consecutive, equally spaced, symmetric, leftmost coin, span)."""
    code = ",".join(items)
    rules = turning_code(code)
    for n in range(1, 10):
        fast = list(_code_others(rules, n))
        assert len(fast) == len(set(fast))
        assert set(fast) == code_others_by_definition(code, n), (code, n)


def test_grunt_is_grundys_game():
    """CGSuite's "4FS" (Grunt) against OEIS A002188, Grundy's game, one coin further right."""
    grunt = Turning("4FS:T")
    values = DATA["grunt"]["values"]
    assert [grunt.coin_value(n + 1) for n in range(len(values))] == values


def test_modifiers_by_hand():
    # each set below is read off the definitions in CGSuite's Turning docs
    assert sorted(code_others_by_definition("3E", 7)) == [(1, 4), (3, 5), (5, 6)]
    assert sorted(_code_others(turning_code("3E"), 7)) == [(1, 4), (3, 5), (5, 6)]
    assert sorted(_code_others(turning_code("4S"), 6)) == [(1, 2, 5), (1, 3, 4), (2, 3, 5), (3, 4, 5)]
    assert sorted(_code_others(turning_code("1-3C(3)"), 5)) == [(), (3,), (3, 4), (4,)]
    assert sorted(_code_others(turning_code("2F"), 4)) == [(1,)]
    assert list(_code_others(turning_code("1F"), 3)) == [] and list(_code_others(turning_code("1F"), 1)) == [()]
    assert list(_code_others(turning_code("4C(3)"), 9)) == []  # four coins never fit in three
    assert turning_code("3c(5)f") == turning_code("3FC(5)")
    assert str(Turning("3e:th")) == "3e:TH"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["3E", "4FS", "1+S", "1+FS", "1-3C(5)", "3C(5)", "2,3E"]), st.text(alphabet="HT", max_size=7))
def test_modifier_codes_nim_sum_against_search(code, row):
    p = Turning(f"{code}:{row}")
    assert p.nim_value == PositionSolver().nim_value(p)
