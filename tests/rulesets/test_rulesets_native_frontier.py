"""The native searches of the issue-27 rulesets against their twins, the Python
searches (``with python_search():``): generalized Toads and Frogs, Elephants and
Rhinos, NoGo, Cannibal Clobber, Fission, King Dirt and Sheep on random positions, the MCGS corpus's values
through the native path, parts beyond the native limits falling back to Python,
and bad keys as a RulesError.  Longer random sweeps are marked slow."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgtkit.errors import RulesError
from cgtkit.mcgs.runner import OK, run_case
from cgtkit.mcgs.testfile import read
from cgtkit.rulesets import CannibalClobber, Elephants, Fission, GenToads, KingDirt, NoGo, Sheep, native
from cgtkit.rulesets.cannibal_clobber import CANNIBAL_CLOBBER
from cgtkit.search import who_wins, who_wins_by_value
from cgtkit.short.notation import game

from support.stone_boards import boards

pytestmark = pytest.mark.skipif(not native.active(), reason="the native search runs only with the native engine")

CORPUS = pathlib.Path(__file__).parent.parent / "data" / "mcgs" / "autotests"


def twin(position):
    """The value by the Python search."""
    with native.python_search():
        return position.value


def same(position):
    a, b = position.value, twin(position)
    assert a == b and type(a) is type(b), (position, a, b)


def nogo_or_none(text):
    try:
        return NoGo(text)
    except RulesError:  # a group without liberties: not a NoGo position
        return None


RULES = st.sampled_from(["1,1,1,0", "1,1,0,0", "1,2,1,1", "1,2,3,0", "1,3,2,1", "2,3,2,0", "2,2,0,1", "1,4,4,1"])
STRIPS = st.text("XO...", min_size=1, max_size=12)
NOGO_STRIPS = st.text("XO....", min_size=1, max_size=11)
NOGO_GRIDS = boards(2, 4, "XO...") | boards(3, 3, "XO..")
FISSION = boards(4, 4, "X....#").map(Fission)
KING_DIRT = st.builds(
    lambda b, w, m, board: KingDirt(f"{b},{w},{m}:{board}"),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 1),
    boards(3, 3, "..XO#"),
)
SHEEP = st.lists(
    st.lists(st.sampled_from([0, 0, 0, 0, 1, 2, 3, -1, -2, -3]), min_size=3, max_size=3), min_size=1, max_size=3
).map(lambda rows: Sheep("|".join(" ".join(map(str, r)) for r in rows)))

RANDOM = [
    ("elephants", st.builds(Elephants, STRIPS), 150),
    ("gen-toads", st.builds(lambda r, s: GenToads(f"{r}:{s}"), RULES, st.text("XO...", min_size=1, max_size=10)), 150),
    ("nogo-strips", NOGO_STRIPS.map(nogo_or_none), 150),
    ("nogo-grids", NOGO_GRIDS.map(nogo_or_none), 150),
    ("cannibal-clobber", boards(3, 4, "xo.").map(CannibalClobber), 120),
    ("fission", FISSION, 150),
    ("king-dirt", KING_DIRT, 120),
    ("sheep", SHEEP, 100),
]


@pytest.mark.parametrize("name, positions, examples", RANDOM, ids=[r[0] for r in RANDOM])
def test_native_equals_python_on_random_positions(name, positions, examples):
    @settings(max_examples=examples, deadline=None)
    @given(positions)
    def check(p):
        if p is not None:
            same(p)

    check()


@pytest.mark.slow
@pytest.mark.parametrize(
    "positions",
    [
        st.builds(lambda r, s: GenToads(f"{r}:{s}"), RULES, st.text("XO...", min_size=1, max_size=16)),
        (boards(4, 4, "XO...") | boards(3, 3, "XO.....")).map(nogo_or_none),
        st.text("XO.....", min_size=1, max_size=16).map(nogo_or_none),
        boards(4, 4, "xxoo.").map(CannibalClobber),
    ],
    ids=["gen-toads", "nogo-grids", "nogo-strips", "cannibal-clobber"],
)
def test_native_equals_python_longer_sweep(positions):
    @settings(max_examples=400, deadline=None)
    @given(positions)
    def check(p):
        if p is not None:
            same(p)

    check()


# the cases of sheep1.test and sheep2.test (MCGS's own results) whose native value takes
# at most about 0.1 s; of the 119 cases of the three files 74 take under 4 s (the rest
# of those in the slow test below), the others more than 10 s
SHEEP_QUICK = {
    "sheep1.test": (10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 26, 27, 28, 29, 30, 34, 36, 37, 39, 40, 41, 42)
    + (44, 45, 46, 48, 49, 50, 52, 53, 55, 58),
    "sheep2.test": (9, 10, 11, 12, 13, 14, 18, 19, 21, 22, 23, 24, 26, 31, 32, 34, 35, 36, 37, 40, 42, 44, 46, 47)
    + (48, 50, 52, 54, 56, 57),
}
SHEEP_SLOW = {"sheep1.test": (13, 32, 35, 43, 47, 51, 54, 57), "sheep2.test": (17, 58)}
# --- the MCGS corpus through the native path ---------------------------------------------
CORPUS_CASES = {  # file: the lines of its cases small enough for make test
    "elephants": ("elephants_autotests/elephants.test", (17, 20, 26)),
    "gen-toads": ("gen_toads_autotests/gen_toads_1321.test", (9, 12, 13, 14)),
    "nogo-strips": ("nogo_1xn_autotests/nogo_1xn_filled_easy.test", (8, 10, 11, 12)),
    "nogo-grids": ("nogo_autotests/nogo.test", (9, 11, 13, 15, 17, 19, 21, 23)),
    "cannibal-clobber": ("cannibal_clobber/3x3-even-stones.test", tuple(range(9, 29))),
    "fission": ("fission_autotests/fission_5x5_easy.test", (17, 19, 21, 23, 25, 26, 32, 36)),
    "king-dirt": ("gen_king_dirt/3x3_110.test", tuple(range(15, 37))),
    "sheep1": ("sheep_autotests/sheep1.test", SHEEP_QUICK["sheep1.test"]),
    "sheep2": ("sheep_autotests/sheep2.test", SHEEP_QUICK["sheep2.test"]),
}
OWNERS = {
    "elephants": Elephants,
    "gen-toads": GenToads,
    "nogo-strips": NoGo,
    "nogo-grids": NoGo,
    "cannibal-clobber": CANNIBAL_CLOBBER,
    "fission": Fission,
    "king-dirt": KingDirt,
    "sheep1": Sheep,
    "sheep2": Sheep,
}


@pytest.mark.parametrize("key", list(CORPUS_CASES))
def test_the_mcgs_corpus_through_the_native_search(key):
    """The corpus answers (CGSuite's or the modified SBHSolver's, as each file says),
    with the native table consulted for them: its misses move."""
    name, lines = CORPUS_CASES[key]
    cases = [c for c in read((CORPUS / name).read_text(), name).cases if c.line in lines]
    assert len(cases) == len(lines)
    solver = native.solver_of(OWNERS[key])
    solver.clear()
    for case in cases:
        results = list(run_case(case, name))
        assert results and all(r.status == OK for r in results), results
    assert solver.stats()["misses"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SHEEP_SLOW))
def test_the_slower_sheep_corpus_cases(name):
    path = CORPUS / "sheep_autotests" / name
    cases = [c for c in read(path.read_text(), str(path)).cases if c.line in SHEEP_SLOW[name]]
    assert len(cases) == len(SHEEP_SLOW[name])
    for case in cases:
        results = list(run_case(case, name))
        assert results and all(r.status == OK for r in results), results


# --- values by hand and the corpus's, through the native path -------------------------------
def test_nogo_values_by_hand():
    """As the Python twin's doctests: strips of 1..4 are 0, *, +-1, 0."""
    assert [NoGo("." * n).value for n in range(1, 5)] == [game("0"), game("*"), game("+-1"), game("0")]
    assert NoGo("X.|.O").value == game("*") and NoGo("X.O").value == game("0")
    assert NoGo(".X.O.").value == twin(NoGo(".X.O."))


def test_nogo_points_off_the_board_are_not_cells():
    # MCGS writes # for a point that is not there: the native board must leave it out
    # (it once counted it as an empty point: three winning moves in ..|#. instead of one)
    for text in ("..|#.", "#..", ".#.", "X#.|...", "#.#|...", ".O.#..|#..#.X"):
        same(NoGo(text))
    assert NoGo(".#.").value == game("0") and NoGo("..|#.").value == NoGo("...").value


def test_nogo_symmetries_share_keys():
    """A board, its mirror images and its transpose fill one table entry; the
    colour-swapped board is the negative."""
    solver = native.solver_of(NoGo)
    solver.clear()
    text = "X...|..O.|...."
    rows = text.split("|")
    v = NoGo(text).value
    entries = solver.stats()["entries"]
    turned = "|".join("".join(r[j] for r in rows) for j in range(len(rows[0])))
    for other in ["|".join(r[::-1] for r in rows), "|".join(rows[::-1]), turned]:
        assert NoGo(other).value == v
    assert solver.stats()["entries"] == entries
    assert NoGo(text.translate(str.maketrans("XO", "OX"))).value == -v


def test_who_wins_uses_the_native_nogo_search():
    for text in ["...|...", "X...|...O", "X..|..O|...", "......."]:
        for first in "LR":
            assert who_wins([NoGo(text)], first) == who_wins_by_value([twin(NoGo(text))], first)


@pytest.mark.parametrize(
    "position",
    # strips that stay one part (toads before frogs: no XO and no O..X to split at),
    # so the outcome search, not the parts' values, answers
    [Elephants(".X.X..X.X...O..O.O.O"), Elephants("X..X.X....O..O.O.O"), GenToads("1,2,1,1:..XOX.O..O...O")],
    ids=["twenty", "eighteen", "gen-toads"],
)
def test_who_wins_hands_strips_to_the_native_outcome_search(position):
    # native_parts: the outcome search of the ruleset's own native table runs (its sum
    # table fills), not the canonical value of the whole sum
    owner = type(position)
    solver = native.solver_of(owner)
    solver.clear()
    for first in "LR":
        assert who_wins([position], first) == who_wins_by_value([twin(position)], first)
    assert solver.sum_stats()["entries"] > 0


def test_a_sum_of_large_strips_is_summed_by_value_at_the_root():
    # G + G of a 17-square generalized Toads strip: searched move by move it ran for
    # minutes; at the root each strip's value is tried within a larger budget
    # (sums.rs ROOT_FACTOR), so the sum's value answers and no sum is searched
    g = GenToads("1,2,1,1:..XOX.O....O..O..")
    solver = native.solver_of(GenToads)
    solver.clear()
    for first in "LR":
        assert who_wins([g, g], first) == who_wins_by_value([g, g], first)
    assert solver.sum_stats()["entries"] == 0
    assert solver.stats()["entries"] > 0


def test_fission_transpose_is_the_negative_and_reflections_share_keys():
    solver = native.solver_of(Fission)
    solver.clear()
    rows = ["X...", "..#.", ".X.."]
    v = Fission("|".join(rows)).value
    entries = solver.stats()["entries"]
    for other in (rows[::-1], [r[::-1] for r in rows]):
        assert Fission("|".join(other)).value == v
    assert solver.stats()["entries"] == entries
    turned = "|".join("".join(r[j] for r in rows) for j in range(len(rows[0])))
    assert Fission(turned).value == -v == -twin(Fission("|".join(rows)))


def test_gen_toads_and_elephants_agree():
    for s in ["X..X.O..O", "XX.O.OX..O", "X.X.O.O"]:
        assert Elephants(s).value == GenToads("1,1,0,0:" + s).value == twin(Elephants(s))


# --- beyond the native limits, and bad keys -------------------------------------------------
def test_beyond_the_native_limits_the_python_search_runs():
    # 49 squares: more than a native strip holds (48); a lone toad with 48 steps to go
    assert native.solver_of(GenToads).value(["1,1,0,0:X" + "." * 48]) is None
    assert GenToads("1,1,0,0:X" + "." * 48).value == game("48")
    # rules past 63 squares: the Python search
    assert native.solver_of(GenToads).value(["1,64,0,0:X.."]) is None
    assert GenToads("1,64,0,0:X..").value == game("2")
    # a 1 x 120 NoGo strip is more than 120 bits at stride 121; where each XO splits
    # it, it is 29 parts O..X and two where nobody moves
    wide = NoGo(".XO." * 30)
    assert native.solver_of(NoGo).value([wide.board_key()]) is None
    assert wide.value == sum([NoGo("O..X").value] * 29, game("0"))
    # an 11 x 11 Fission region (132 bits at stride 12), an L of a column and the bottom
    # row, is searched in Python: only its column's stones ever move (no Right move
    # from the corner), so it is the column alone
    rows = ["." + "#" * 10] * 5 + ["X" + "#" * 10] + ["." + "#" * 10] * 4 + ["." * 11]
    assert native.solver_of(Fission).value([tuple(rows)]) is None
    assert Fission("|".join(rows)).value == Fission("|".join(r[0] for r in rows)).value == game("5")
    # a 1 x 120 King Dirt board with stones to place (121 bits at stride 121) is one
    # part, searched in Python: the far O never moves, so it is X.#O, where either
    # places on the one empty cell (or X steps there), leaving nothing: *
    wide = "X." + "#" * 117 + "O"
    assert native.solver_of(KingDirt).value([(1, 1, 0, (wide,))]) is None
    assert KingDirt(f"1,1,0:{wide}").value == KingDirt("1,1,0:X.#O").value == game("*")
    # a Sheep herd of 200 (a cell is a byte) or a board of 65 cells: the Python search;
    # a herd of two with room to move, alone, is 1 (one move, then nobody moves)
    assert native.solver_of(Sheep).value([((200, 0),)]) is None
    assert Sheep("200 0").value == game("1")
    big = Sheep("|".join(["2" + " 0" * 12] + ["0" + " 0" * 12] * 4))
    assert native.solver_of(Sheep).value([big._rows]) is None
    assert big.value == game("1") == Sheep("2 0").value


def test_bad_keys_are_rules_errors():
    with pytest.raises(RulesError, match="column 2"):
        native.solver_of(GenToads).value(["1,1,0,0:XQ"])
    with pytest.raises(RulesError, match="bad rules"):
        native.solver_of(GenToads).value(["2,1,0,0:X."])
    with pytest.raises(RulesError, match="no ':'"):
        native.solver_of(GenToads).value(["X.O"])
    with pytest.raises(RulesError, match="string"):
        native.solver_of(Elephants).value([3])
    nogo = native.solver_of(NoGo)
    with pytest.raises(RulesError, match="no liberty"):
        nogo.value([(2, 1, 0b11, 0b01, 0b10)])  # "XO": both groups without liberties
    with pytest.raises(RulesError):
        nogo.value([(2, 1, 0b11, 0b11, 0b01)])  # a point both black and white
    with pytest.raises(RulesError):
        nogo.value([("a", 1, 2, 3, 4)])
    with pytest.raises(RulesError):
        native.solver_of(CANNIBAL_CLOBBER).value([(2, 1, 0b111, 0, 0)])  # a cell in the guard column
    with pytest.raises(RulesError, match="column 3"):
        native.solver_of(Fission).value([("X.O",)])
    with pytest.raises(RulesError, match="tuple of rows"):
        native.solver_of(Fission).value(["X."])
    with pytest.raises(RulesError, match="equal"):
        native.solver_of(Fission).value([("X.", ".")])
    kings = native.solver_of(KingDirt)
    with pytest.raises(RulesError, match="column 2"):
        kings.value([(0, 0, 0, ("XQ",))])
    with pytest.raises(RulesError, match="must-place"):
        kings.value([(0, 0, 2, ("X.",))])
    with pytest.raises(RulesError):
        kings.value([(0, -1, 0, ("X.",))])
    with pytest.raises(RulesError):
        kings.value([(0, 0, ("X.",))])
    sheep = native.solver_of(Sheep)
    with pytest.raises(RulesError, match="equal length"):
        sheep.value([((1, 0), (0,))])
    with pytest.raises(RulesError, match="rows of ints"):
        sheep.value(["1 0"])
    with pytest.raises(RulesError, match="rows of ints"):
        sheep.value([(("a", 0),)])
