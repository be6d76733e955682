"""King Dirt (MCGS's gen_king_dirt): values derived from the rules by hand, the MCGS
corpus's outcomes (tests/data/mcgs/autotests/gen_king_dirt/, computed by CGSuite
2.2-beta2 as its files say), the value search against the generic search over
``left_moves``/``right_moves`` (its slow twin), the symmetries, and bad input."""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.mcgs.runner import OK, run_case
from cgtkit.mcgs.testfile import read
from cgtkit.rulesets import KingDirt
from cgtkit.rulesets.interface import PositionSolver
from cgtkit.short.notation import game
from support.mcgs_corpus import CORPUS, assert_corpus_file

# Derived by hand from the rules:
# - X. with nothing to place: X steps (leaving dirt), then no one moves: {0|} = 1;
# - 1,0,0:.. : Left places, leaving X. (= 1) either way: {1|} = 2;
# - 1,1,0:. : either places on the one cell, then no one moves: {0|0} = *;
# - X.O: either king steps into the middle, then no one moves: {0|0} = *;
# - 1,1,1:.. : after Left's placement X. with 0,1 left: Left steps (to 0), Right
#   places (to 0), so *; Right's placement likewise *: {*|*} = 0;
# - 0,1,1:X. : Left has nothing to place, so may step (to 0); Right must place: {0|0} = *.
HAND = [
    ("0,0,0:X.", "1"),
    ("1,0,0:..", "2"),
    ("1,1,0:.", "*"),
    ("0,0,0:X.O", "*"),
    ("1,1,1:..", "0"),
    ("0,1,1:X.", "*"),
    ("0,0,0:XO", "0"),
    ("5,5,1:X#|#O", "0"),  # no empty cell: nothing to place, no step
]


@pytest.mark.parametrize("text, value", HAND)
def test_values_by_hand(text, value):
    p = KingDirt(text)
    assert p.value == game(value) == PositionSolver().value(p)


def test_counts_are_cut_to_the_empty_cells_and_must_place_binds():
    assert str(KingDirt("9,2,1:X..")) == "2,2,1:X.."
    assert str(KingDirt("0,0,1:X..")) == "0,0,0:X.."
    assert [str(p) for p in KingDirt("1,0,1:X..").left_moves()] == ["0,0,0:XX.", "0,0,0:X.X"]
    assert [str(p) for p in KingDirt("1,0,0:X.").left_moves()] == ["0,0,0:XX", "0,0,0:#X"]
    assert [str(p) for p in KingDirt("0,0,0:...|.O.").right_moves()] == [
        "0,0,0:O..|.#.",
        "0,0,0:.O.|.#.",
        "0,0,0:..O|.#.",
        "0,0,0:...|O#.",
        "0,0,0:...|.#O",
    ]


boards = st.tuples(
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 1),
    st.lists(st.text("..XO#", min_size=3, max_size=3), min_size=1, max_size=2),
).map(lambda t: f"{t[0]},{t[1]},{t[2]}:" + "|".join(t[3]))


@settings(max_examples=120, deadline=None)
@given(boards)
def test_the_search_equals_the_generic_search_over_moves(text):
    """The slow twin: PositionSolver plays left_moves/right_moves, with no parts and
    no symmetries."""
    p = KingDirt(text)
    assert PositionSolver().value(p) == p.value


@settings(max_examples=80, deadline=None)
@given(boards)
def test_symmetries(text):
    head, board = text.split(":")
    b, w, m = head.split(",")
    rows = board.split("|")
    p = KingDirt(text)
    assert KingDirt(f"{head}:" + "|".join(rows[::-1])).value == p.value
    assert KingDirt(f"{head}:" + "|".join(r[::-1] for r in rows)).value == p.value
    turned = "|".join("".join(r[j] for r in rows) for j in range(len(rows[0])))
    assert KingDirt(f"{head}:{turned}").value == p.value
    swapped = "|".join(r.translate(str.maketrans("XO", "OX")) for r in rows)
    assert KingDirt(f"{w},{b},{m}:{swapped}").value == -p.value


def _corpus_cases(name, first=None):
    path = CORPUS / "gen_king_dirt" / name
    return read(path.read_text(), str(path)).cases[:first]


@pytest.mark.parametrize("case", _corpus_cases("3x3_111.test", 6), ids=lambda c: f"3x3_111:{c.line}")
def test_mcgs_corpus_sample(case):
    """The first cases of 3x3_111.test (all of the corpus under make test-slow)."""
    results = list(run_case(case))
    assert results and all(r.status == OK for r in results), results


@pytest.mark.slow
@pytest.mark.parametrize("name", ["3x3_110.test", "3x3_111.test", "3x3_220.test", "4x4_111.test"])
def test_mcgs_corpus(name):
    assert assert_corpus_file(f"gen_king_dirt/{name}")


def test_svg_and_bad_input():
    assert KingDirt("1,1,0:X.|.O")._repr_svg_().startswith("<svg")
    with pytest.raises(RulesError, match="column 2"):
        KingDirt("1,1,0:XQ")
    with pytest.raises(RulesError, match="three naturals"):
        KingDirt("1,1:X.")
    with pytest.raises(RulesError, match="must-place"):
        KingDirt("1,1,2:X.")
    with pytest.raises(RulesError, match="board"):
        KingDirt("X.")
