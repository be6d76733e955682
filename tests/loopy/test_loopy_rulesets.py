"""Loopy rulesets (issue 14): Backsliding Toads and Frogs and Fox and Geese.

The small values are worked out by hand in the comments; ``ttt..fff`` is CGSuite's
published value (tests/data/loopy_cgsuite.json; tests/loopy/test_loopy_sides.py checks it
against an independent referee as well).
"""

import json
from pathlib import Path

import pytest

import cgtkit as cg
from cgtkit.loopy import loopy
from cgtkit.rulesets.backsliding_toads import BackslidingToadsAndFrogs
from cgtkit.rulesets.foxandgeese import FoxAndGeese

DATA = json.loads((Path(__file__).parent.parent / "data" / "loopy_cgsuite.json").read_text())


def test_backsliding_small_strips():
    # t.. : only the toad moves, back and forth for ever: on.  ..f likewise off.
    assert BackslidingToadsAndFrogs("t..").value == loopy("on")
    assert BackslidingToadsAndFrogs("..f").value == loopy("off")
    # ft. = {f.t|} , f.t = {ft.|.ft}, .ft = {|f.t}: whoever starts runs out: 0, *, 0;
    # t.f = {.tf|tf.} with .tf = {t.f|ft.} and tf. = {.ft|t.f}: both lose moving first
    assert BackslidingToadsAndFrogs("t.f").value == 0
    assert BackslidingToadsAndFrogs(".tf").value == loopy("*")
    assert BackslidingToadsAndFrogs("ft.").value == 0
    assert BackslidingToadsAndFrogs("f.t").value == loopy("*")


def test_backsliding_bad_strip():
    with pytest.raises(cg.RulesError, match="column 3"):
        BackslidingToadsAndFrogs("t.x")


# CGSuite's published value of ttt..fff (DATA["rulesets"]) is checked, with the
# referee, in tests/loopy/test_loopy_sides.py::test_ttt_fff_is_cgsuites_value


def test_fox_and_geese_trapped_fox():
    # fox (1,1) in the corner, goose (2,2): the fox cannot move; the goose's only move
    # (to (1,3)) frees the fox, which then escapes: {off|} = 0
    assert FoxAndGeese(geese=[(2, 2)], fox=(1, 1), width=4).value == 0


def test_fox_and_geese_graph_and_errors():
    g = FoxAndGeese(geese=[(3, 1), (3, 3), (3, 5), (3, 7)], fox=(2, 2))
    assert g.value == loopy("2over")
    assert len(g.graph()) > 10
    with pytest.raises(cg.RulesError, match="not a valid square"):
        FoxAndGeese(geese=[(3, 2)], fox=(1, 1))
    with pytest.raises(cg.RulesError, match="stands on a goose"):
        FoxAndGeese(geese=[(2, 2)], fox=(2, 2))
    with pytest.raises(cg.CGTError, match="more than 5 positions"):
        g.graph(max_positions=5)


# --- Fair Shares and Varied Pairs (Winning Ways ch. 12) --------------------------------------
from cgtkit.loopy.grundy import InfiniteNimber  # noqa: E402
from cgtkit.rulesets.fair_shares import (  # noqa: E402
    FairSharesAndVariedPairs,
    fair_shares_moves,
    fair_shares_table,
    partitions,
)

FAIR = json.loads((Path(__file__).parent.parent / "data" / "fair_shares.json").read_text())


def test_fair_shares_moves_and_small_totals_by_hand():
    assert sorted(fair_shares_moves((6,))) == [(1, 1, 1, 1, 1, 1), (2, 2, 2), (3, 3)]
    assert sorted(fair_shares_moves((1, 1, 3))) == [(1, 1, 1, 1, 1), (1, 4)]  # 1 and 1 are no varied pair
    # 1s only: no move, 0.  2 -> 1+1 (0): 1.  3 -> 1+1+1: 1.  1+2 -> 3 (1) or 1+1+1 (0): 2.
    # four coins: 1+3 -> 4 -> 2+2 -> 1+1+2 -> 1+3 is a cycle, and every position also has
    # the move to 1+1+1+1 (0) except 2+2, whose only move is to 1+1+2, an N-position (it
    # moves to 1+1+1+1): so 2+2 = 0; 4 -> {2+2, 1111} = {0} -> 1; 1+3 -> {4, 1111} = {1, 0}
    # -> 2; 1+1+2 -> {1+3, 1111} = {2, 0} -> 1; and 2+2 -> {1+1+2} = {1} -> 0 agrees
    expected = {(1,): 0, (1, 1): 0, (2,): 1, (3,): 1, (1, 2): 2, (4,): 1, (2, 2): 0, (1, 3): 2, (1, 1, 2): 1}
    for heaps, v in expected.items():
        assert FairSharesAndVariedPairs(heaps).value == v, heaps
    assert FairSharesAndVariedPairs("2 2").outcome == "P" and FairSharesAndVariedPairs([3, 1]).outcome == "N"
    with pytest.raises(cg.RulesError):
        FairSharesAndVariedPairs("1 x")
    with pytest.raises(cg.RulesError):
        FairSharesAndVariedPairs([0, 2])


def _referee_outcomes(total):
    """P/N/D of every position with `total` coins by plain retrograde analysis."""
    positions = partitions(total)
    opts = {p: fair_shares_moves(p) for p in positions}
    status = {}
    changed = True
    while changed:
        changed = False
        for p in positions:
            if p in status:
                continue
            if any(status.get(q) == "P" for q in opts[p]):
                status[p] = "N"
                changed = True
            elif all(status.get(q) == "N" for q in opts[p]):
                status[p] = "P"
                changed = True
    return {p: status.get(p, "D") for p in positions}


@pytest.mark.parametrize("total", range(1, 11))
def test_fair_shares_table_recorded_and_checked(total):
    table = fair_shares_table(total)
    shown = {" ".join(map(str, p)): (v if isinstance(v, int) else v.ascii) for p, v in table.items()}
    assert shown == FAIR["values"][str(total)]  # the recorded table (tests/data/fair_shares.json)
    referee = _referee_outcomes(total)
    for p, v in table.items():
        outcome = ("N" if v else "P") if isinstance(v, int) else v.outcome
        assert outcome == referee[p], p
        values = [table[q] for q in fair_shares_moves(p)]
        finite = {x for x in values if isinstance(x, int)}
        if isinstance(v, int):  # Smith: v is the mex of the finite option values, and every
            # infinite option can be answered by a move to a position of value v
            assert v not in finite and all(m in finite for m in range(v))
            for q in fair_shares_moves(p):
                if isinstance(table[q], InfiniteNimber):
                    assert any(table[r] == v for r in fair_shares_moves(q)), (p, q)
        else:
            assert set(v.K) == finite
