"""Kayles and Dawson's Kayles rows: OEIS values, moves by hand, and the run-table
fast path against a plain search of whole rows."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from cgtkit import ImpartialSolver
from cgtkit.errors import RulesError
from cgtkit.rulesets.kayles import DawsonsKayles, Kayles

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "rulesets_kayles.json").read_text())


def test_kayles_oeis_a002186():
    values = DATA["kayles"]["values"]
    assert [Kayles("x" * n).nim_value for n in range(len(values))] == values
    assert [Kayles.run_value(n) for n in range(len(values))] == values


def test_dawsons_kayles_oeis_a002187_shifted():
    values = DATA["dawsons_chess"]["values"]
    assert [DawsonsKayles("x" * (n + 1)).nim_value for n in range(len(values))] == values
    assert DawsonsKayles("").nim_value == 0


def _run_values_by_the_old_loop(remove, n):
    """The slow twin: the ruleset's former table, a set and a mex per run length."""
    runs = [0]
    while len(runs) < n:
        m = len(runs)
        seen = {runs[a] ^ runs[m - k - a] for k in remove for a in range(0, (m - k) // 2 + 1)}
        g = 0
        while g in seen:
            g += 1
        runs.append(g)
    return runs


@pytest.mark.parametrize("cls, remove", [(Kayles, (1, 2)), (DawsonsKayles, (2,))])
def test_run_values_from_the_heap_engine_against_the_old_loop(cls, remove):
    slow = _run_values_by_the_old_loop(remove, 600)
    assert [cls.run_value(n) for n in range(600)] == slow
    # long runs come from the proved period: check a few far out against the period
    n0, p = cls._game.period()
    for n in (10**5, 10**5 + 7, 10**12 + 3):
        assert cls.run_value(n) == slow[n0 + (n - n0) % p]
    rng = random.Random(4)
    for _ in range(50):
        runs = [rng.randint(0, 400) for _ in range(rng.randint(1, 6))]
        row = ".".join("x" * r for r in runs)
        want = 0
        for r in runs:
            want ^= slow[r]
        assert cls(row).nim_value == want, row


def test_a_long_row_is_quick_and_right():
    # regression: 100,000 pins took over 120 s; Kayles' period is 12 from heap 71
    n0, p = 71, 12
    tail = _run_values_by_the_old_loop((1, 2), n0 + p)
    assert Kayles("x" * 100_000).nim_value == tail[n0 + (100_000 - n0) % p]
    assert len(Kayles._game.computed_values) < 100_000  # read off the period, not computed to 100,000


def _row_moves(remove):
    def moves(s: str):
        return [s[:i] + "." * k + s[i + k :] for i in range(len(s)) for k in remove if s[i : i + k] == "x" * k]

    return moves


@pytest.mark.parametrize("cls, remove", [(Kayles, (1, 2)), (DawsonsKayles, (2,))])
def test_rows_against_plain_search(cls, remove):
    """Whole rows searched as strings (no splitting into runs) agree with the xor of runs."""
    solver = ImpartialSolver(_row_moves(remove))
    rng = random.Random(6)
    rows = ["".join(rng.choice("xx.") for _ in range(rng.randint(0, 11))) for _ in range(60)]
    for row in rows:
        assert cls(row).nim_value == solver.grundy(row), row


def test_moves_hand_checked():
    assert Kayles("xx.x").moves() == [Kayles(".x.x"), Kayles("...x"), Kayles("x..x"), Kayles("xx..")]
    assert [str(m) for m in Kayles("xxx").moves()] == [".xx", "..x", "x.x", "x..", "xx."]
    assert [str(m) for m in DawsonsKayles("xxx.x").moves()] == ["..x.x", "x...x"]
    assert Kayles("...").moves() == [] and Kayles("").nim_value == 0
    # a winning move exists exactly when the value is not 0
    assert Kayles("xxxx").nim_value == 1 and any(m.nim_value == 0 for m in Kayles("xxxx").moves())
    assert Kayles("x.x").nim_value == 0 and all(m.nim_value != 0 for m in Kayles("x.x").moves())


def test_round_trip_and_errors():
    for text in ["xx.x", "", "...", "x"]:
        p = Kayles(text)
        assert str(p) == text and Kayles(str(p)) == p and eval(repr(p)) == p
    assert Kayles(5) == Kayles("xxxxx") and Kayles("!!.!") == Kayles("xx.x")
    assert Kayles("xx") != DawsonsKayles("xx")
    with pytest.raises(RulesError, match=r"'o' at column 3"):
        Kayles("xxox")
    with pytest.raises(RulesError, match=r"space at column 3"):
        Kayles("xx x")
    with pytest.raises(RulesError):
        DawsonsKayles(-1)  # type: ignore[arg-type]


def test_run_table_after_a_failure():
    from cgtkit.heap.sequences import failing_on_call

    slow = _run_values_by_the_old_loop((2,), 3000)
    DawsonsKayles._game.release()

    with failing_on_call("fill_split", 1), pytest.raises(MemoryError):
        DawsonsKayles.run_value(2999)
    assert [DawsonsKayles.run_value(n) for n in range(3000)] == slow
