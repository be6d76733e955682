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
    Twins,
)
from cgtkit.rulesets.interface import PositionSolver

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "rulesets_coordinate_games.json").read_text())
ROWS = [TurningTurtles, Twins, MockTurtles, Ruler, Moebius]


@pytest.mark.parametrize("game, key", [(MockTurtles, "mock_turtles"), (Ruler, "ruler"), (Moebius, "moebius")])
def test_published_coin_values(game, key):
    values = DATA[key]["values"]
    assert [game.coin_value(n + game.FIRST) for n in range(len(values))] == values


def test_turtles_and_twins_are_nim():
    assert [TurningTurtles.coin_value(n) for n in range(1, 30)] == list(range(1, 30))
    assert [Twins.coin_value(n) for n in range(30)] == list(range(30))


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
