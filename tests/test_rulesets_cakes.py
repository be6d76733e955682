"""Cutcake, Maundy Cake and Eatcake: the published tables, moves by hand, and the
fast paths (closed forms, transposition tables) against plain search."""

from __future__ import annotations

import json
import pathlib

import pytest

from cgtkit import PartizanSolver
from cgtkit.classic.cake import maundy_cake_formula
from cgtkit.errors import RulesError
from cgtkit.rulesets.cakes import Cutcake, Eatcake, MaundyCake, cutcake_formula
from cgtkit.short.notation import game

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "rulesets_cakes.json").read_text())


def test_cutcake_published_table():
    for h, row in DATA["cutcake"]["rows_by_height"].items():
        for w, v in enumerate(row, start=1):
            assert Cutcake(f"{w}x{h}").value == game(str(v)) == Cutcake(f"{w}x{h}").search_value(), (w, h)
            assert cutcake_formula(w, int(h)) == v


def test_maundy_cake_published_values():
    for cake, v in DATA["maundy_cake"]["values"].items():
        assert MaundyCake(cake).value == game(str(v)) == MaundyCake(cake).search_value(), cake


def test_cutcake_formula_equals_search():
    for w in range(1, 17):
        for h in range(1, 17):
            assert Cutcake(f"{w}x{h}").search_value() == game(str(cutcake_formula(w, h))), (w, h)


def test_maundy_cake_equals_the_seed_formula():
    for w in range(1, 31):
        for h in range(1, 31):
            assert MaundyCake(f"{w}x{h}").search_value() == game(str(maundy_cake_formula(w, h))), (w, h)


def _slow(moves_of):
    """Plain search with the engine's solver: a cake's options as sums of cakes."""
    return PartizanSolver(moves_of)


def _eat(cake):
    w, h = cake
    left = [tuple(c for c in ((i, h), (w - 1 - i, h)) if c[0]) for i in range(w)]
    right = [tuple(c for c in ((w, j), (w, h - 1 - j)) if c[1]) for j in range(h)]
    return left, right


def test_eatcake_hand_checked():
    # 1x1: either player eats it, leaving nothing: {0|0} = *
    assert Eatcake("1x1").value == game("*")
    # 2x1: Left eats a column leaving 1x1 = *; Right eats the row: {*|0} = v
    assert Eatcake("2x1").value == game("v") and Eatcake("1x2").value == game("^")
    # 3x1: Left leaves 2x1 (v) or 1x1 + 1x1 (0); Right leaves nothing: {v,0|0} = *
    assert Eatcake("3x1").value == game("*")
    assert sorted(map(str, Eatcake("3x2").left_moves())) == ["1x2,1x2", "2x2"]
    assert sorted(map(str, Eatcake("3x2").right_moves())) == ["3x1"]
    assert Eatcake("1x1").left_moves() == [Eatcake("")] and Eatcake("").value == game("0")


def test_eatcake_against_plain_search():
    solver = _slow(_eat)
    for w in range(1, 6):
        for h in range(1, 6):
            assert Eatcake(f"{w}x{h}").value == solver.value((w, h)), (w, h)
            assert Eatcake(f"{w}x{h}").value == -Eatcake(f"{h}x{w}").value


def test_moves_by_hand():
    assert sorted(map(str, Cutcake("4x3").left_moves())) == ["1x3,3x3", "2x3,2x3"]
    assert sorted(map(str, Cutcake("4x3").right_moves())) == ["4x1,4x2"]
    assert sorted(map(str, MaundyCake("6x4").left_moves())) == ["1x4,1x4,1x4,1x4,1x4,1x4", "2x4,2x4,2x4", "3x4,3x4"]
    assert sorted(map(str, MaundyCake("6x4").right_moves())) == ["6x1,6x1,6x1,6x1", "6x2,6x2"]
    assert Cutcake("1x1").left_moves() == [] and Cutcake("1x1").right_moves() == []
    # moves in a sum act on one cake
    assert sorted(map(str, Cutcake("2x1,1x2").left_moves())) == ["1x1,1x1,1x2"]


def test_sums_round_trip_and_errors():
    p = Cutcake("3x2, 1x4")
    assert str(p) == "1x4,3x2" and Cutcake(str(p)) == p and hash(Cutcake("1x4,3x2")) == hash(p)
    assert repr(p) == "Cutcake('1x4,3x2')"
    assert p.value == game("-3") + game("0")
    assert Cutcake("") == Cutcake(" ") and str(Cutcake("")) == ""
    with pytest.raises(RulesError, match=r"'y' at column 6"):
        Cutcake("3x2,1y4")
    with pytest.raises(RulesError, match=r"'3x' at column 5"):
        MaundyCake("3x2,3x")
    with pytest.raises(RulesError, match="positive sides"):
        Eatcake("0x4")
    with pytest.raises(RulesError):
        Cutcake(None)  # type: ignore[arg-type]
