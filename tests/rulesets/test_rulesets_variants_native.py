"""The native search of the variants (``native/src/rulesets/variants.rs``: the
impartial, dicotic and twisted variants of any native ruleset) against their Python
twin (the wrappers of ``cgtkit.rulesets.variants``, run inside ``python_search()``),
on random small positions of several native rulesets; the impartial variants of
MCGS's corpus (values from CGSuite 2.1.1 and MCGS, see each file); and the seam: the
native search does run, and a bad variant name is a RulesError."""

from __future__ import annotations

import json
import pathlib

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cgtkit.backend import rulesets as native
from cgtkit.errors import RulesError
from cgtkit.rulesets import (
    Amazons,
    Clobber,
    Cram,
    Domineering,
    Elephants,
    Konane,
    NoGo,
    ToadsAndFrogs,
    TopplingDominoes,
)
from cgtkit.rulesets.variants import (
    dicotic_variant,
    impartial_variant,
    native_owner,
    native_variant,
    twisted_variant,
)
from cgtkit.search import last_nodes, who_wins
from cgtkit.short.constants import nimber
from tests.support.mcgs_corpus import assert_corpus_file


def _grid(chars, rows, cols):
    cells = rows * cols
    return st.text(chars, min_size=cells, max_size=cells).map(
        lambda s: "|".join(s[i * cols : (i + 1) * cols] for i in range(rows))
    )


def _legal(cls):
    def make(text):
        try:
            return cls(text)
        except RulesError:
            return None

    return make


positions = st.one_of(
    _grid("xo.", 2, 3).map(Clobber),
    _grid("xxoo.", 3, 3).map(Clobber),
    _grid("..#", 2, 3).map(Domineering),
    _grid("...#", 3, 3).map(Domineering),
    _grid("..#", 2, 3).map(Cram),  # an impartial ruleset
    _grid("..XO", 2, 3).map(_legal(NoGo)),
    _grid("xo..", 2, 3).map(Konane),
    _grid("x.o...", 2, 3).map(Amazons),
    st.text("XO#", min_size=1, max_size=7).map(TopplingDominoes),
    _grid("XO#.", 2, 4).map(TopplingDominoes),  # sums of rows
    st.text("TF..", min_size=1, max_size=7).map(ToadsAndFrogs),
    st.text("XO..", min_size=1, max_size=7).map(Elephants),
)

VARIANTS = {"impartial": impartial_variant, "dicotic": dicotic_variant, "twisted": twisted_variant}


def _answer(kind, p):
    v = VARIANTS[kind](p)
    return v.nim_value if kind == "impartial" else v.value


def _python(kind, p):
    with native.python_search():
        assert native_variant(kind, p) is None  # the wrappers answer
        return _answer(kind, p)


@pytest.mark.parametrize("kind", sorted(VARIANTS))
@settings(max_examples=60, deadline=None)
@given(p=positions)
def test_native_variant_against_the_python_twin(kind, p):
    assume(p is not None)
    assert _answer(kind, p) == _python(kind, p)


@settings(max_examples=80, deadline=None)
@given(ps=st.lists(positions, min_size=1, max_size=3), n=st.integers(0, 3), first=st.sampled_from("LR"))
def test_who_wins_a_sum_of_impartial_variants_as_its_nim_values_say(ps, n, first):
    # the outcome search of a sum of impartial variants and *n (native where the
    # positions have a native search: ImpartialVariant.native_parts) against the
    # nim values (the slow twin): the player to move wins iff their xor is not 0
    assume(all(p is not None for p in ps))
    terms = [impartial_variant(p) for p in ps]
    nims = [t.nim_value for t in terms] + [n]
    xor = 0
    for x in nims:
        xor ^= x
    assert who_wins([*terms, nimber(n)], first) == (xor != 0), (terms, nims)


@pytest.mark.skipif(not native.active(), reason="the native search runs only on the native engine")
def test_the_outcome_search_answers_an_impartial_variant():
    v = impartial_variant(Clobber("xoxo|oxox|xoxo"))
    owner, keys = v.native_parts()
    assert owner is native_owner("impartial", Clobber("xo").native_parts()[0])
    native.clear(owner)
    won = who_wins(v)
    assert last_nodes() > 0 and won == (v.nim_value != 0)
    assert impartial_variant(v) is v and native_variant("dicotic", v) is None  # a variant of a variant: the wrappers


@pytest.mark.skipif(not native.active(), reason="the native search runs only on the native engine")
@pytest.mark.parametrize("kind", sorted(VARIANTS))
def test_the_native_search_runs(kind):
    p = Clobber("xox|oxo")
    owner = native_owner(kind, p.native_parts()[0])
    assert owner.native == f"{kind}:clobber"
    assert native_variant(kind, p) is not None
    assert native.solver_of(owner).stats()["entries"] > 0


def test_sums_split_only_for_the_impartial_variant():
    # D(X + O) = {D(O) | D(X)} = {0|0} = *, though D(X) = D(O) = 0
    assert str(dicotic_variant(TopplingDominoes("X|O")).value) == "*"
    assert str(dicotic_variant(TopplingDominoes("X")).value) == "0"
    # T(X + O) = {-T(O) | -T(X)} = {1 | -1}, though T(X) + T(O) = 1 - 1 = 0
    assert str(twisted_variant(TopplingDominoes("X|O")).value) == "+-1"
    # the impartial variant of a sum is the sum (xor) of the parts' variants
    assert impartial_variant(Clobber("xox|...|oxo")).nim_value == impartial_variant(Clobber("xox")).nim_value ^ (
        impartial_variant(Clobber("oxo")).nim_value
    )


def test_an_unknown_variant_is_a_rules_error():
    class Sideways:
        native = "sideways:clobber"

    class Nothing:
        native = "impartial:no-such-game"

    if not native.active():
        pytest.skip("the native search runs only on the native engine")
    with pytest.raises(RulesError, match="no variant"):
        native.solver_of(Sideways())
    with pytest.raises(RulesError, match="no native search"):
        native.solver_of(Nothing())


@pytest.mark.parametrize(
    "name",
    [
        "clobber_autotests/clobber_nxn_alternating_imp.test",
        "clobber_autotests/clobber_rectangle_alternating_imp.test",
        # seconds natively, over 15 minutes in the Python wrappers
        pytest.param(
            "nogo_autotests/nogo_from_1xn_filled_imp_easy.test", marks=() if native.active() else pytest.mark.slow
        ),
        "toppling_dominoes_autotests/td_10_imp.test",
        "amazons_autotests/3x3_imp.test",
        "cannibal_clobber/3x3-even-stones-imp.test",
    ],
)
def test_mcgs_corpus_impartial_files(name):
    assert assert_corpus_file(name) > 0


@pytest.mark.slow  # a second natively, minutes in the Python wrappers
def test_impartial_clobber_4x4():
    # 0 by MCGS v1.5: `MCGS "[impartial clobber] XOXO|OXOX|XOXO|OXOX {N}"` prints "Got: 0"
    assert impartial_variant(Clobber("xoxo|oxox|xoxo|oxox")).nim_value == 0


# --- impartial NoGo: the nim values MCGS's results page publishes -------------------------
NOGO = json.loads((pathlib.Path(__file__).parent.parent / "data" / "mcgs_results_impartial_nogo.json").read_text())
FAST_NOGO = 13  # cells: about a second natively; larger boards run under make test-slow
MAX_NOGO = 20  # cells: 1x20 takes minutes natively (about 2.7x a cell); 1x21 to 1x24 are not run


def _nogo_cases():
    boards = {"." * int(n): v for n, v in NOGO["linear"].items()}
    for dims, v in NOGO["grids"].items():
        r, c = map(int, dims.split("x"))
        boards["|".join(["." * c] * r)] = v
    for board, v in boards.items():
        cells = board.count(".")
        if cells <= MAX_NOGO:
            slow = cells > FAST_NOGO or (not native.active() and cells > 8)
            yield pytest.param(board, v, id=board, marks=(pytest.mark.slow,) if slow else ())


@pytest.mark.parametrize("board, nim", list(_nogo_cases()))
def test_impartial_nogo_published_nim_values(board, nim):
    assert impartial_variant(NoGo(board)).nim_value == nim
