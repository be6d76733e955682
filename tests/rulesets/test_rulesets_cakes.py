"""Cutcake, Maundy Cake and Eatcake: the published tables, moves by hand, and the
fast paths (closed forms, transposition tables) against plain search."""

from __future__ import annotations

import json
import pathlib

import pytest

from cgtkit import PartizanSolver
from cgtkit.rulesets.cakes import maundy_cake_formula
from cgtkit.errors import RulesError
from cgtkit.rulesets.cakes import Cutcake, Eatcake, MaundyCake, cutcake_formula, eatcake_cost, eatcake_known
from cgtkit.short.notation import game
from cgtkit.rulesets import native

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_cakes.json").read_text())


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
    for w in range(1, 9):
        for h in range(1, 9):
            assert Eatcake(f"{w}x{h}").value == solver.value((w, h)), (w, h)
            assert Eatcake(f"{w}x{h}").value == -Eatcake(f"{h}x{w}").value


def test_eatcake_theorem_against_plain_search():
    # eatcake_known's proof: both sides odd is *, even x 1 is v, 1 x even is ^; and the
    # companions it rests on: even width with odd height is negative, the turn positive
    solver = _slow(_eat)
    for w in range(1, 15):
        for h in range(1, 15):
            v = solver.value((w, h))
            known = eatcake_known((w, h))
            assert known is None or known == v, (w, h)
            if w % 2 == 0 and h % 2 == 1:
                assert v < 0, (w, h)
            if w % 2 == 1 and h % 2 == 0:
                assert v > 0, (w, h)
    assert [str(eatcake_known(c)) for c in [(1, 1), (99, 99), (4, 1), (1, 10**6), (2, 2)]] == [
        "*",
        "*",
        "v",
        "^",
        "None",
    ]


def test_eatcake_refuses_beyond_its_bound_before_searching(monkeypatch):
    # regression: 30x30 took 105 s and 3.6 GB, 100x100 did not end
    for big in ("30x30", "100x100", "2x60", "4x4,40x10"):
        size = len(Eatcake.table)
        with pytest.raises(RulesError, match=r"beyond the search bound: its estimated cost .* CGTKIT_EATCAKE_MAX_COST"):
            Eatcake(big).value
        assert len(Eatcake.table) == size  # nothing was searched
    assert eatcake_cost((30, 30)) > Eatcake.max_cost >= eatcake_cost((20, 20))
    # settled without search, however large
    assert Eatcake("99x99").value == game("*") and Eatcake("1000000x1").value == game("v")
    assert Eatcake("99x99,1x2").value == game("*") + game("^")
    # the bound can be raised (or lowered)
    monkeypatch.setattr(Eatcake, "max_cost", 10)
    with pytest.raises(RulesError, match="beyond the search bound"):
        Eatcake("2x2").value
    monkeypatch.setenv("CGTKIT_EATCAKE_MAX_COST", "1e3")
    assert Eatcake("2x2").value == game("*")


@pytest.mark.parametrize("exc", [MemoryError, KeyboardInterrupt])
def test_eatcake_after_a_failure_mid_search(monkeypatch, exc):
    """A failure inside the Python search (here the solver's expand, its public seam) leaves
    the ruleset usable: after MemoryError its table is released, and the next
    question gets the right value."""
    want = _slow(_eat).value((8, 6))
    Eatcake.table.clear()
    real = Eatcake.solver.expand
    calls = {"n": 0}

    def failing(key):
        calls["n"] += 1
        if calls["n"] == 15:
            raise exc()
        return real(key)

    monkeypatch.setattr(Eatcake.solver, "expand", failing)
    with pytest.raises(exc), native.python_search():  # the Python search's seam
        Eatcake("8x6").value
    assert calls["n"] == 15
    if exc is MemoryError:
        assert len(Eatcake.table) == 0  # released, so the next question can run
    monkeypatch.undo()
    assert Eatcake("8x6").value == want


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
