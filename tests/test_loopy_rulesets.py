"""Loopy rulesets (issue 14): Backsliding Toads and Frogs and Fox and Geese.

The small values are worked out by hand in the comments; ``ttt..fff`` is CGSuite's
published value (tests/data/loopy_cgsuite.json; tests/test_loopy_sides.py checks it
against an independent referee as well).
"""

import json
from pathlib import Path

import pytest

import cgtkit as cg
from cgtkit.loopy import loopy
from cgtkit.rulesets.backsliding_toads import BackslidingToadsAndFrogs
from cgtkit.rulesets.foxandgeese import FoxAndGeese

DATA = json.loads((Path(__file__).parent / "data" / "loopy_cgsuite.json").read_text())


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


def test_backsliding_published():
    row = DATA["rulesets"][0]
    assert str(BackslidingToadsAndFrogs(row["position"]).value) == row["value"]


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
