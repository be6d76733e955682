"""Published identities of short games, and the census of games born by day n.

Every identity in tests/data/short_identities.json names the book or document that
states it; each is checked twice: by the engine (parsing both sides with CGSuite
notation and comparing) and by the slow reference twin (textbook recursion on the
canonical forms).  The census counts canonical forms born by days 0-3 (1, 4, 22, 1474).
"""

from __future__ import annotations

import itertools
import json
import pathlib

import pytest

from cgtkit.short import reference as ref
from cgtkit.short.census import antichains, born_by
from cgtkit.short.constants import star, switch, up, zero
from cgtkit.short.game import EQ, FUZZY, GT, LT, Game
from cgtkit.short.notation import game

DATA = json.loads((pathlib.Path(__file__).parent.parent / "data" / "short_identities.json").read_text("utf-8"))
IDENTITIES = DATA["identities"]
RELATION = {"=": EQ, "<": LT, ">": GT, "||": FUZZY}


def test_every_identity_names_its_source():
    assert len(IDENTITIES) >= 40
    assert all(case["source"] and case["relation"] in RELATION for case in IDENTITIES)
    assert DATA["census"]["source"]


@pytest.mark.parametrize("case", IDENTITIES, ids=[f"{c['lhs']} {c['relation']} {c['rhs']}" for c in IDENTITIES])
def test_identity_in_the_engine(case):
    lhs, rhs = game(case["lhs"]), game(case["rhs"])
    expected = RELATION[case["relation"]]
    assert lhs.compare(rhs) is expected
    assert (lhs is rhs) == (expected is EQ)  # equal games are one interned object
    assert (lhs - rhs).outcome == {EQ: "P", LT: "R", GT: "L", FUZZY: "N"}[expected]


@pytest.mark.parametrize("case", IDENTITIES, ids=[f"{c['lhs']} {c['relation']} {c['rhs']}" for c in IDENTITIES])
def test_identity_in_the_reference(case):
    a, b = ref.from_game(game(case["lhs"])), ref.from_game(game(case["rhs"]))
    le, ge = ref.le(a, b), ref.le(b, a)
    assert {(True, True): EQ, (True, False): LT, (False, True): GT, (False, False): FUZZY}[le, ge] is RELATION[
        case["relation"]
    ]


def test_identities_built_from_options_not_notation():
    F = Game.from_options
    assert up + up + star is F([0], [up])  # Winning Ways vol. 1 ch. 2
    assert F([0, star], [0]) is up + star
    assert switch(1) + switch(1) is zero
    assert star(3) + star(5) is star(6)


# --- census ---------------------------------------------------------------------------------

COUNTS = {c["day"]: c["count"] for c in DATA["census"]["counts"]}


def _by_all_subsets(previous: list[Game]) -> set[Game]:
    subsets = [c for r in range(len(previous) + 1) for c in itertools.combinations(previous, r)]
    return {Game.from_options(a, b) for a in subsets for b in subsets}


def test_census_to_day_2_by_all_subsets():
    games = [zero]
    for day in (1, 2):
        games = sorted(_by_all_subsets(games), key=lambda g: g.id)
        assert len(games) == COUNTS[day] == len(born_by(day))
        assert set(games) == set(born_by(day))
    assert max(g.birthday for g in games) == 2
    assert {g for g in games if g.is_number} == {game(x) for x in ("-2", "-1", "-1/2", "0", "1/2", "1", "2")}


def test_census_day_3():
    day2, day3 = born_by(2), born_by(3)
    assert len(born_by(0)) == COUNTS[0] and len(born_by(1)) == COUNTS[1]
    assert len(day3) == COUNTS[3] == 1474 and len(set(day3)) == 1474
    assert len(antichains(day2)) == 98
    assert set(day2) <= set(day3)
    assert all(g.birthday <= 3 for g in day3) and sum(g.birthday == 3 for g in day3) == 1474 - 22
    assert {-g for g in day3} == set(day3)  # closed under negation
    # every option of a day-3 game is a day-2 game
    d2 = set(day2)
    assert all(set(g.left_options) <= d2 and set(g.right_options) <= d2 for g in day3)
    assert sum(g.is_number for g in day3) == 15 and sum(g.is_nimber for g in day3) == 4
